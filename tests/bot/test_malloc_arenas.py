"""``campfire run`` and ``web`` set glibc's malloc up themselves: its arenas limited (the
memory a picture used for a moment in a thread otherwise stays in that thread's arena)
and its mmap threshold fixed (a picture's buffers then go back to the system when
freed), each unless the environment chooses; nothing off glibc."""

from __future__ import annotations

import logging
import platform
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from bot.frontends import cli, serving
from bot.frontends.serving import (
    M_ARENA_MAX,
    M_MMAP_THRESHOLD,
    MALLOC_ARENAS,
    MMAP_THRESHOLD,
    fix_mmap_threshold,
    limit_malloc_arenas,
    tune_malloc,
)


class FakeLibc:
    def __init__(self, answer: int = 1) -> None:
        self.calls: list[tuple[int, int]] = []
        self.answer = answer

    def mallopt(self, parameter: int, value: int) -> int:
        self.calls.append((parameter, value))
        return self.answer


def fake_glibc(monkeypatch: pytest.MonkeyPatch, libc: FakeLibc) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(platform, "libc_ver", lambda: ("glibc", "2.36"))
    monkeypatch.setattr(serving.ctypes.util, "find_library", lambda name: "libc.so.6")
    monkeypatch.setattr(serving.ctypes, "CDLL", lambda name: libc)


def test_on_glibc_the_arenas_are_limited_unless_the_environment_says(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    libc = FakeLibc()
    fake_glibc(monkeypatch, libc)
    caplog.set_level(logging.DEBUG, "campfire.cli")
    assert limit_malloc_arenas(environ={}) == MALLOC_ARENAS == 2
    assert libc.calls == [(M_ARENA_MAX, 2)] and M_ARENA_MAX == -8
    assert "at most 2" in caplog.text
    for environ in (
        {"MALLOC_ARENA_MAX": "4"},
        {"GLIBC_TUNABLES": "glibc.malloc.arena_max=1:glibc.malloc.tcache_count=0"},
    ):
        assert limit_malloc_arenas(environ=environ) is None
    assert libc.calls == [(M_ARENA_MAX, 2)]  # the host's choice stands
    assert "as the environment sets them" in caplog.text


def test_off_glibc_nothing_is_called_and_a_failure_keeps_the_default(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    libc = FakeLibc(answer=0)
    fake_glibc(monkeypatch, libc)
    assert limit_malloc_arenas(environ={}) is None  # mallopt said no
    assert libc.calls == [(M_ARENA_MAX, 2)] and "failed" in caplog.text
    monkeypatch.setattr(platform, "libc_ver", lambda: ("", ""))  # musl
    assert limit_malloc_arenas(environ={}) is None
    monkeypatch.setattr(sys, "platform", "darwin")
    assert limit_malloc_arenas(environ={}) is None
    assert len(libc.calls) == 1


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc",
    reason="glibc Linux only",
)
def test_the_real_mallopt_accepts_the_limit() -> None:
    assert limit_malloc_arenas(environ={}) == MALLOC_ARENAS


def test_run_limits_the_arenas_before_the_bot_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []
    runner = types.ModuleType("bot.discord.runner")

    def run_bot(settings: Any, shards: Any = None) -> None:
        calls.append("run")

    runner.run_bot = run_bot  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bot.discord.runner", runner)
    monkeypatch.setattr(serving, "tune_malloc", lambda: calls.append("malloc"))
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["run"]) == 0
    assert calls == ["malloc", "run"]


def test_the_mmap_threshold_is_fixed_unless_the_environment_says(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    libc = FakeLibc()
    fake_glibc(monkeypatch, libc)
    caplog.set_level(logging.DEBUG, "campfire.cli")
    assert fix_mmap_threshold(environ={}) == MMAP_THRESHOLD == 1024 * 1024
    assert libc.calls == [(M_MMAP_THRESHOLD, MMAP_THRESHOLD)] and M_MMAP_THRESHOLD == -3
    for environ in (
        {"MALLOC_MMAP_THRESHOLD_": "131072"},
        {"GLIBC_TUNABLES": "glibc.malloc.mmap_threshold=65536"},
    ):
        assert fix_mmap_threshold(environ=environ) is None
    assert len(libc.calls) == 1  # the host's choice stands
    libc.calls.clear()
    tune_malloc(environ={})
    assert libc.calls == [(M_ARENA_MAX, MALLOC_ARENAS), (M_MMAP_THRESHOLD, MMAP_THRESHOLD)]
    libc.answer = 0
    assert fix_mmap_threshold(environ={}) is None and "failed" in caplog.text


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc",
    reason="glibc Linux only",
)
def test_the_real_mallopt_accepts_the_threshold() -> None:
    assert fix_mmap_threshold(environ={}) == MMAP_THRESHOLD
