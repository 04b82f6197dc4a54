"""render.kit.animate: frames in, one looping animated WebP out, under its size bound."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from render.kit.animate import AnimationTooLarge, animate, sample


def frame(colour: int, size: tuple[int, int] = (320, 240), noise: bool = False) -> bytes:
    image = Image.new("RGB", size, (colour, 40, 200 - colour))
    if noise:  # incompressible pixels, to push the file over a bound
        chooser = random.Random(colour)
        image.putdata(
            [tuple(chooser.randrange(256) for _ in range(3)) for _ in range(size[0] * size[1])]
        )
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def test_sample_keeps_first_and_last_within_the_budget() -> None:
    assert sample(5, 10) == [0, 1, 2, 3, 4]
    picked = sample(300, 60)
    assert len(picked) == 60 and picked[0] == 0 and picked[-1] == 299
    assert picked == sorted(set(picked))


def test_one_frame_per_picture_the_last_held_longer() -> None:
    webp = animate([frame(c) for c in (0, 60, 120)], frame_ms=500, last_ms=3000)
    with Image.open(io.BytesIO(webp)) as image:
        assert image.format == "WEBP" and image.n_frames == 3 and image.info.get("loop") == 0
        durations = []
        for index in range(3):
            image.seek(index)
            image.load()  # WebP frames say their duration once loaded
            durations.append(image.info["duration"])
    assert durations == [500, 500, 3000]


def test_over_the_size_bound_frames_shrink_then_thin_out() -> None:
    frames = [frame(c, (320, 320), noise=True) for c in range(0, 100, 20)]
    whole = animate(frames)
    bound = len(whole) // 4
    small = animate(frames, max_bytes=bound)
    assert len(small) <= bound
    with Image.open(io.BytesIO(small)) as image:
        assert image.width < 320
    with pytest.raises(AnimationTooLarge):
        animate(frames, max_bytes=1000)
    with pytest.raises(ValueError):
        animate([])
