"""Image comparison for render tests (after Pillow's ``assert_image_similar``)."""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

FAILURES = Path(os.environ.get("CAMPFIRE_RENDER_FAILURES", tempfile.gettempdir())) / (
    "campfire-render-failures"
)


def open_png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel (0-255) between two same-sized images."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3


def assert_image_similar(
    actual: Image.Image, expected: Image.Image, epsilon: float, name: str
) -> None:
    """Fail if sizes differ or the mean difference exceeds ``epsilon``; save both on failure."""
    problem = None
    if actual.size != expected.size:
        problem = f"size {actual.size} != expected {expected.size}"
    else:
        difference = mean_difference(actual, expected)
        if difference > epsilon:
            problem = f"mean difference {difference:.3f} > {epsilon}"
    if problem:
        FAILURES.mkdir(parents=True, exist_ok=True)
        actual.save(FAILURES / f"{name}.actual.png")
        expected.save(FAILURES / f"{name}.expected.png")
        raise AssertionError(f"{name}: {problem}; both images saved in {FAILURES}")
