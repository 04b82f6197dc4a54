"""Animated pictures: a sequence of board pictures as one animated WebP under a size
bound.

Pure: PNG bytes in, WebP bytes out. WebP, not APNG: Discord animates GIF and WebP
attachments but shows an APNG as a still picture. Lossless WebP keeps the boards' flat
colours and small text sharp and is the smallest of the formats Pillow writes for
them (a 12-frame 4-player Origin Classic replay: 0.33 MB lossless against 0.96 MB
lossy at quality 80, which also blurs the text). Over ``max_bytes`` the frames are
scaled down, then every other middle frame dropped, until the file fits.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

MAX_BYTES = 10 * 1000 * 1000
"""Discord's upload limit for a server without boosts (10 MB)."""
FRAME_MS = 800
LAST_FRAME_MS = 4000
MIN_SIDE = 240


class AnimationTooLarge(ValueError):
    """The frames cannot fit in the size bound even small and few."""


def sample(count: int, budget: int) -> list[int]:
    """At most ``budget`` (at least 2) indexes of ``range(count)``, evenly spread, the
    first and the last always kept."""
    if count <= budget:
        return list(range(count))
    budget = max(2, budget)
    step = (count - 1) / (budget - 1)
    return sorted({round(i * step) for i in range(budget)})


def animate(
    frames: Sequence[bytes],
    *,
    frame_ms: int = FRAME_MS,
    last_ms: int = LAST_FRAME_MS,
    max_bytes: int = MAX_BYTES,
) -> bytes:
    """One looping animated WebP of ``frames`` (PNG bytes), ``frame_ms`` each and the last one
    held ``last_ms``, at most ``max_bytes``. Raises ``ValueError`` with no frame and
    ``AnimationTooLarge`` when even two small frames do not fit."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    images = [_open(png).convert("RGB") for png in frames]
    scale = 1.0
    while True:
        encoded = _encode(_scaled(images, scale), frame_ms, last_ms)
        if len(encoded) <= max_bytes:
            return encoded
        smallest = min(images[0].size) * scale
        if smallest * 0.75 >= MIN_SIDE:
            scale *= 0.75
        elif len(images) > 2:
            middle = images[1:-1]  # every other one, at least one less each time
            images = [images[0], *middle[1::2], images[-1]]
        else:
            raise AnimationTooLarge(f"{len(encoded)} bytes for two frames")


def _open(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _scaled(images: list[Image.Image], scale: float) -> list[Image.Image]:
    if scale == 1.0:
        return images
    return [
        image.resize(
            (round(image.width * scale), round(image.height * scale)), Image.Resampling.LANCZOS
        )
        for image in images
    ]


def _encode(images: list[Image.Image], frame_ms: int, last_ms: int) -> bytes:
    size = images[0].size
    frames = [image if image.size == size else image.resize(size) for image in images]
    durations = [frame_ms] * (len(frames) - 1) + [last_ms]
    buffer = io.BytesIO()
    frames[0].save(
        buffer,
        "WEBP",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        lossless=True,
        method=4,
    )
    return buffer.getvalue()
