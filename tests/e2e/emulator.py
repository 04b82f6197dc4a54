"""Drive the local Discord emulator (``twin.mjs``) and the bot process (``launcher.py``).

``Twin`` starts the emulator and speaks its control API: users run slash commands,
ask for autocomplete, click buttons, pick in menus and type text; the test reads every
message as Discord would store it. ``BotProcess`` runs ``campfire run`` through the
launcher and can be killed (SIGKILL) and started again. Everything is on 127.0.0.1;
the HTTP client ignores proxy settings.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlencode, urlsplit

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
EPHEMERAL = 64
CONTROL_TIMEOUT = 60
"""Seconds a call of the emulator's control API may take (it waits for the bot's
writes under way, up to 5 s, before it reads)."""
T = TypeVar("T")

_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def missing_tools() -> str | None:
    """Why the emulator cannot run here (no node or npm), else ``None``."""
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed: the end-to-end test needs Node.js 20 and npm"
    return None


def install_emulator() -> None:
    """``npm ci`` in tests/e2e unless its node_modules is there (``.ci/run`` does it first)."""
    with (HERE / ".install.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # pytest-xdist workers install once, in turn
        if (HERE / "node_modules" / "discord-digital-twin").is_dir():
            return
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=HERE, check=True
        )


def load_factor() -> float:
    """How much slower than at rest this machine runs now: the load average per core
    (at least 1). Every wait is stretched by it, so that a loaded machine (a 2-core
    runner at load 14 has been seen) waits longer instead of failing."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    try:
        load = os.getloadavg()[0]
    except OSError:
        return 1.0
    return max(1.0, load / max(1, cores))


def wait_for(what: str, probe: Callable[[], T | None], timeout: float = 15.0) -> T:
    """Poll ``probe`` until it returns something other than ``None``/``False``, for at
    most ``timeout`` seconds at rest (stretched by ``load_factor`` under load)."""
    deadline = time.monotonic() + timeout * load_factor()
    while True:
        value = probe()
        if value is not None and value is not False:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def text_of(message: dict[str, Any]) -> str:
    """Content and every embed text of a message, as one string."""
    parts = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        for field in embed.get("fields") or []:
            parts += [field.get("name") or "", field.get("value") or ""]
        parts.append((embed.get("footer") or {}).get("text") or "")
    return "\n".join(p for p in parts if p)


def custom_ids(message: dict[str, Any]) -> list[str]:
    found = []
    for row in message.get("components") or []:
        for item in row.get("components") or []:
            if "custom_id" in item:
                found.append(item["custom_id"])
    return found


def select_values(message: dict[str, Any]) -> list[str]:
    values = []
    for row in message.get("components") or []:
        for item in row.get("components") or []:
            values += [option["value"] for option in item.get("options") or []]
    return values


def is_public(message: dict[str, Any]) -> bool:
    return not (message.get("flags") or 0) & EPHEMERAL


class Twin:
    """The emulator process and its control API."""

    def __init__(self, workdir: Path) -> None:
        self.log = (workdir / "twin.log").open("w")
        self.process = subprocess.Popen(
            ["node", str(HERE / "twin.mjs")],
            cwd=HERE,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise AssertionError(f"the emulator did not start; see {workdir / 'twin.log'}")
        self.urls: dict[str, str] = json.loads(line)
        for url in (self.urls["rest"], self.urls["gateway"], self.urls["control"]):
            assert urlsplit(url).hostname == "127.0.0.1", url
        info = self.get("info")
        self.guild: str = info["guild"]
        self.channel: str = info["channel"]
        self.bot_user: str = info["bot"]
        self.users: dict[str, str] = info["users"]

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.log.close()

    # ------------------------------------------------------------------ control API

    def get(self, route: str, **query: str) -> Any:
        url = f"{self.urls['control']}/{route}"
        if query:
            url += "?" + urlencode(query)
        with _opener.open(url, timeout=CONTROL_TIMEOUT) as response:
            return json.loads(response.read())

    def get_bytes(self, url: str) -> bytes:
        assert urlsplit(url).hostname == "127.0.0.1", url
        with _opener.open(url, timeout=CONTROL_TIMEOUT) as response:
            return bytes(response.read())

    def post(self, route: str, **body: Any) -> Any:
        request = urllib.request.Request(
            f"{self.urls['control']}/{route}",
            data=json.dumps(body).encode(),
            headers={"content-type": "application/json"},
            method="POST",
        )
        with _opener.open(request, timeout=CONTROL_TIMEOUT) as response:
            return json.loads(response.read())

    # ------------------------------------------------------------------ users act

    def slash(self, user: str, channel: str, command: str, **options: Any) -> str:
        """``/campfire <command>`` by ``user``; the interaction id."""
        body = {"user": self.users[user], "channel": channel, "command": command}
        return str(self.post("slash", **body, options=options)["id"])

    def autocomplete(
        self, user: str, channel: str, command: str, focused: str, **options: Any
    ) -> list[dict[str, Any]]:
        """The choices the bot offers ``user`` for option ``focused``."""
        started = self.post(
            "autocomplete",
            user=self.users[user],
            channel=channel,
            command=command,
            focused=focused,
            options=options,
        )
        answer = self.answer(str(started["id"]), follow_ups=False)
        assert answer["type"] == 8, answer
        return list((answer["data"] or {}).get("choices") or [])

    def click(self, user: str, message: dict[str, Any], custom_id: str) -> str:
        started = self.post(
            "button",
            user=self.users[user],
            channel=message["channel_id"],
            message=message["id"],
            custom_id=custom_id,
        )
        return str(started["id"])

    def choose(self, user: str, message: dict[str, Any], custom_id: str, value: str) -> str:
        started = self.post(
            "select",
            user=self.users[user],
            channel=message["channel_id"],
            message=message["id"],
            custom_id=custom_id,
            values=[value],
        )
        return str(started["id"])

    def say(self, user: str, channel: str, content: str) -> str:
        return str(self.post("say", user=self.users[user], channel=channel, content=content)["id"])

    # ------------------------------------------------------------------ reading

    def answer(
        self, interaction: str, *, follow_ups: bool = True, timeout: float = 15.0
    ) -> dict[str, Any]:
        """The bot's answer to an interaction: acknowledged, and (when it deferred) with
        its follow-up message or edit."""

        def probe() -> dict[str, Any] | None:
            got: dict[str, Any] = self.get("interaction", id=interaction)
            if not got["acknowledged"]:
                return None
            if follow_ups and got["type"] in (5, 6) and not got["posted"]:
                return None
            return got

        return wait_for(f"the answer to interaction {interaction}", probe, timeout)

    def answer_text(self, interaction: str, **kwargs: Any) -> str:
        """Everything the caller was shown in answer (reply, follow-ups, edits)."""
        answer = self.answer(interaction, **kwargs)
        texts = [text_of(m) for m in answer["posted"]]
        if answer["type"] in (4, 7) and answer["data"]:
            texts.insert(0, text_of(answer["data"]))
        return "\n".join(texts)

    def messages(self, channel: str, after: str = "0") -> list[dict[str, Any]]:
        """The channel's messages (ephemeral ones too), oldest first; only those after
        message ``after`` when given."""
        return list(self.get("messages", channel=channel, after=after))

    def public_messages(self, channel: str, after: str = "0") -> list[dict[str, Any]]:
        return [m for m in self.messages(channel, after) if is_public(m)]

    def dms(self, user: str) -> list[dict[str, Any]]:
        """The direct messages the bot sent ``user`` (a name), oldest first."""
        return list(self.get("dms", user=self.users[user]))

    def threads(self, channel: str) -> list[dict[str, Any]]:
        return list(self.get("threads", channel=channel))

    def failures(self) -> list[dict[str, Any]]:
        return list(self.get("failures"))


class BotProcess:
    """``campfire run`` (through the launcher) as a child process, with its log."""

    def __init__(
        self, twin: Twin, db: Path, log: Path, extra_env: dict[str, str] | None = None
    ) -> None:
        """``extra_env``: the launcher's test hooks (``CAMPFIRE_E2E_CLOCK``...)."""
        self.twin, self.db, self.log_path = twin, db, log
        self.extra_env = dict(extra_env or {})
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def start(self) -> None:
        env = {
            **os.environ,
            "DISCORD_TOKEN": self.twin.urls["token"],
            "CAMPFIRE_DB": str(self.db),
            "DEV_GUILD_ID": self.twin.guild,
            "CAMPFIRE_LOG_LEVEL": "INFO",
            # One scripted user clicks faster than a person: the cooldown has its own tests.
            "CAMPFIRE_COOLDOWN": "off",
            "CAMPFIRE_E2E_REST": self.twin.urls["rest"],
            "CAMPFIRE_E2E_GATEWAY": self.twin.urls["gateway"],
            "PYTHONUNBUFFERED": "1",
            **self.extra_env,
        }
        with self.log_path.open("a") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tests.e2e.launcher"],
                cwd=ROOT,
                env=env,
                stdin=subprocess.PIPE,  # closed when this process ends: the bot follows
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        self.starts += 1
        wait_for("the bot to connect", lambda: self.connections() >= self.starts, 30)

    def connections(self) -> int:
        if self.process is not None and self.process.poll() is not None:
            raise AssertionError(f"the bot exited ({self.process.returncode}):\n{self.tail()}")
        return self.log().count("connected as ")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def tail(self, lines: int = 40) -> str:
        return "\n".join(self.log().splitlines()[-lines:])

    def kill(self) -> None:
        """SIGKILL: no clean-up, no goodbye."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        self._close_stdin()

    def _close_stdin(self) -> None:
        if self.process is not None and self.process.stdin is not None:
            self.process.stdin.close()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self._close_stdin()
