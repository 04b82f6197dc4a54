"""The ``campfire`` console script: run the bot, sync its commands, play in a terminal, demo.

Usage::

    campfire run [--env FILE] [--db PATH|URL]
                 [--shards IDS --shard-count N | --shard-count N]
    campfire sync [--guild ID] [--env FILE]
    campfire sync --print
    campfire console GAME --players N [--seed S] [--lang en|fr] [--db PATH|URL] [--out DIR]
                     [--option NAME=VALUE ...] [--ai SEAT=LEVEL ...] [--layout card|full]
    campfire console --resume [ID] [--lang en|fr] [--db PATH|URL] [--out DIR] [--layout ...]
    campfire demo GAME --players N --seed S --out DIR [--lang en|fr] [--db PATH|URL]
                  [--option NAME=VALUE ...] [--max-moves N] [--ai LEVEL[,LEVEL...]]
                  [--layout card|full]
    campfire arena GAME --players N --games K --seats LEVEL[,LEVEL...] [--json]
                   [--seed S] [--budget-ms MS | --budget-moves N] [--option NAME=VALUE ...]
    campfire replay FILE --out DIR [--lang en|fr] [--animate]
    campfire games [--lang en|fr] [--json]
    campfire db backup FILE [--force] [--db PATH] [--env FILE]
    campfire db check [--db PATH|URL] [--env FILE]
    campfire db copy --from FILE --to URL
    campfire web [--host 127.0.0.1] [--port 8080] [--db PATH|URL] [--env FILE]

Operator mistakes (no token, unknown game, bad option) end with one line on stderr and
exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import secrets
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

import ai
from bot.config import ConfigError, UsageError, configure_logging
from bot.frontends import dbcommands, serving
from bot.frontends.offline_ai import LevelError, parse_levels, parse_seat_levels
from bot.store.maintenance import MaintenanceError
from rules import registry
from rules.base import CampfireError, Text
from rules.i18n import LANGS, register_package, translate

if TYPE_CHECKING:  # the offline commands load the store only when they run
    from bot.store import GameStore

register_package("bot")  # the messages of this module (cli.*) are in bot/locales

log = logging.getLogger("campfire.cli")

USAGE_ERROR = 2
DB_HELP = "SQLite file or postgresql:// URL (default: a temporary SQLite file)"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="campfire", description="Board games in Discord chat, and in your terminal."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    run = commands.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    run.add_argument("--env", default=".env", help="settings file (default: .env)")
    run.add_argument("--db", help="SQLite file or postgresql:// URL (default: CAMPFIRE_DB)")
    run.add_argument(
        "--shards",
        metavar="IDS",
        help="serve only these Discord shards, like 0-3 or 0-3,6 (needs --shard-count; "
        "default: every shard, as many as Discord advises)",
    )
    run.add_argument(
        "--shard-count", type=int, metavar="N", help="how many shards the bot has in all"
    )

    sync = commands.add_parser("sync", help="publish the slash commands to Discord")
    sync.add_argument("--guild", type=int, help="only this server (instant); default: global")
    sync.add_argument("--env", default=".env", help="settings file (default: .env)")
    sync.add_argument(
        "--print",
        action="store_true",
        dest="print_payload",
        help="write the command payload Discord would receive as JSON (no token, no network)",
    )

    console = commands.add_parser("console", help="play a game at this keyboard (hot seat)")
    _table_arguments(console, new_game_only=True)
    console.add_argument("--seed", help="game seed (default: random)")
    console.add_argument(
        "--db",
        help="SQLite file or postgresql:// URL keeping the console's games "
        f"(default: {console_db()})",
    )
    console.add_argument(
        "--resume",
        nargs="?",
        const=0,
        type=int,
        metavar="ID",
        help="continue the unfinished game ID of --db (default: the last one played)",
    )
    console.add_argument(
        "--out",
        type=Path,
        help="folder for board pictures (default: a temporary one, removed at the end)",
    )
    _layout_argument(console)
    console.add_argument(
        "--ai",
        action="append",
        default=[],
        metavar="SEAT=LEVEL",
        help=f"seat 1..N played by the AI ({', '.join(ai.LEVELS)}); repeatable",
    )
    _budget_argument(console)

    demo = commands.add_parser("demo", help="AI seats play a whole game; writes pictures")
    _table_arguments(demo)
    demo.add_argument("--seed", required=True, help="seed of the game and of the bots")
    demo.add_argument("--out", type=Path, required=True, help="output folder")
    demo.add_argument(
        "--db", help="SQLite file or postgresql:// URL (default: a temporary SQLite file)"
    )
    demo.add_argument("--max-moves", type=int, default=20_000, help="give up after N moves")
    _layout_argument(demo)
    demo.add_argument(
        "--ai",
        metavar="LEVEL[,LEVEL...]",
        help=f"AI level per seat ({', '.join(ai.LEVELS)}; one for all); default: greedy",
    )
    _budget_argument(demo)

    arena = commands.add_parser("arena", help="AI levels play seeded games; win rates")
    arena.add_argument("game", metavar="GAME", help="game id (`campfire games` lists them)")
    arena.add_argument("--players", type=int, required=True, metavar="N", help="seats")
    arena.add_argument("--games", type=int, required=True, metavar="K", help="games to play")
    arena.add_argument(
        "--seats",
        required=True,
        metavar="LEVEL[,LEVEL...]",
        help="a level per seat, rotated from game to game (a shorter list repeats)",
    )
    arena.add_argument("--seed", default="arena", help="seed prefix of the games and the AIs")
    arena.add_argument("--json", action="store_true", help="one JSON object keyed by level")
    arena.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option"
    )
    _budget_argument(arena)

    replay = commands.add_parser("replay", help="rebuild a game from its record; writes pictures")
    replay.add_argument("file", type=Path, metavar="FILE", help="a record.json")
    replay.add_argument("--out", type=Path, required=True, help="output folder")
    replay.add_argument("--lang", choices=LANGS, default="en")
    replay.add_argument(
        "--animate",
        action="store_true",
        help="also write replay.webp, the animated replay the bot posts at the end",
    )

    games = commands.add_parser("games", help="list the games, their options and defaults")
    games.add_argument("--lang", choices=LANGS, default="en")
    games.add_argument("--json", action="store_true", help="one JSON list, a game an entry")
    dbcommands.add_parser(commands)

    site = commands.add_parser(
        "web", help="serve the read-only web pages of the games (needs CAMPFIRE_WEB_SECRET)"
    )
    site.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)"
    )
    site.add_argument("--port", type=int, default=8080, help="port (default: 8080)")
    site.add_argument("--db", help="SQLite file or postgresql:// URL (default: CAMPFIRE_DB)")
    site.add_argument("--env", default=".env", help="settings file (default: .env)")
    return parser


def _budget_argument(parser: argparse.ArgumentParser) -> None:
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument(
        "--budget-ms", type=float, metavar="MS", help="time per strong decision (default 1000)"
    )
    budget.add_argument(
        "--budget-moves",
        type=int,
        metavar="N",
        help="simulated moves per strong decision (the same result on every machine)",
    )


def _table_arguments(parser: argparse.ArgumentParser, *, new_game_only: bool = False) -> None:
    """GAME, --players, --lang and --option; ``new_game_only``: GAME and --players are
    needed only to start a game (``console --resume`` continues one without them)."""
    parser.add_argument(
        "game",
        metavar="GAME",
        nargs="?" if new_game_only else None,
        help="game id (`campfire games` lists them)",
    )
    parser.add_argument(
        "--players", type=int, required=not new_game_only, metavar="N", help="seats"
    )
    parser.add_argument("--lang", choices=LANGS, default="en")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option (repeatable); switches take yes/no (or true/false, oui/non)",
    )


def parse_options(pairs: Sequence[str], game: str) -> dict[str, Any]:
    """``["stones=10", "bear_on_cave=yes"]`` -> ``{"stones": 10, "bear_on_cave": True}``:
    each value read by the game's spec as Discord reads it (``GameSpec.read_options``:
    yes/no, true/false, oui/non for switches, digits for counts)."""
    read: list[tuple[str, str]] = []
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"--option needs NAME=VALUE, not {pair!r}")
        read.append((name.strip(), raw.strip()))
    return registry.get(game).spec.read_options(read)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``campfire`` script; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        if args.command == "games":
            _list_games(args.lang, as_json=args.json)
            return 0
        if args.command == "sync" and args.print_payload:
            serving.print_payload()
            return 0
        if args.command in ("run", "sync"):
            return serving.discord_command(args)
        if args.command == "web":
            return serving.web(args)
        configure_logging("WARNING")
        if args.command == "db":
            return asyncio.run(dbcommands.run(args))
        if args.command == "console":
            return asyncio.run(_console(args))
        if args.command == "replay":
            return _replay(args)
        if args.command == "arena":
            return _arena(args)
        return asyncio.run(_demo(args))
    except (UsageError, ConfigError, MaintenanceError, LevelError) as problem:
        print(f"campfire: {problem}", file=sys.stderr)
        return USAGE_ERROR
    except CampfireError as problem:
        lang = getattr(args, "lang", "en")
        register_package("bot")  # the store's keys; ``db`` never loads the service
        print(f"campfire: {translate(Text(problem.key, problem.params), lang)}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130


def _list_games(lang: str, *, as_json: bool) -> None:
    """Every registered game with its seat range and options (``bot.service.catalogue``)."""
    from bot.service.catalogue import catalogue, catalogue_lines

    if as_json:
        print(json.dumps(catalogue(lang), ensure_ascii=False, indent=2))
    else:
        print("\n".join(catalogue_lines(lang)))


def writable_folder(path: Path) -> Path:
    """``path``, created if need be, once a file can be written in it; raises
    ``cli.out_unwritable`` (one line naming the folder and why) otherwise."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise CampfireError("cli.out_unwritable", path=str(path), reason=reason) from exc
    return path


def _require_game(game: str, players: int) -> None:
    spec = registry.get(game).spec
    if not spec.min_seats <= players <= spec.max_seats:
        raise UsageError(
            f"{game} is for {spec.min_seats} to {spec.max_seats} players, not {players}"
        )


def _layout_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--layout",
        choices=("card", "full"),
        default="full",
        help="pictures: the full board (default) or the 800 px wide card a phone reads",
    )


def console_db() -> Path:
    """Where ``campfire console`` keeps its games without ``--db``: ``console.sqlite3``
    in the user's data folder (``~/.local/share/campfire`` on Linux, as
    ``platformdirs`` says for each system)."""
    return platformdirs.user_data_path("campfire", appauthor=False) / "console.sqlite3"


async def _console(args: argparse.Namespace) -> int:
    """``campfire console``: a new game, or ``--resume`` the last unfinished one. The
    games stay in the database (``--db``, default ``console_db()``); the pictures go
    to ``--out`` or to a temporary folder removed when the console stops."""
    if args.resume is not None:
        given = [
            flag
            for flag, value in (
                ("GAME", args.game),
                ("--players", args.players),
                ("--seed", args.seed),
                ("--option", args.option),
                ("--ai", args.ai),
            )
            if value
        ]
        if given:
            verb = "does" if len(given) == 1 else "do"
            raise UsageError(
                f"--resume continues a stored game: {', '.join(given)} {verb} not apply"
            )
    elif args.game is None or args.players is None:
        raise UsageError("console needs GAME and --players N (or --resume)")
    else:
        _require_game(args.game, args.players)
    if args.db:
        db_path: str | Path = args.db
    else:
        db_path = console_db()
        db_path.parent.mkdir(parents=True, exist_ok=True)
    out_dir = writable_folder(args.out) if args.out else None
    from bot.store import store_for

    with tempfile.TemporaryDirectory(prefix="campfire-console-") as scratch:
        async with store_for(db_path) as store:
            return await _play_console(args, store, out_dir or Path(scratch))


async def _play_console(args: argparse.Namespace, store: GameStore, out_dir: Path) -> int:
    from bot.frontends.console import (
        ConsoleSession,
        ai_seats_of,
        console_seats,
        open_table,
        resumable_game,
    )
    from bot.service import GameService

    resume = "campfire console --resume" + (f" --db {args.db}" if args.db else "")
    if args.resume is not None:
        service = GameService(store)
        info = await resumable_game(service, args.resume or None)
        if info is None:
            where = str(args.db or console_db())
            if args.resume:
                raise CampfireError("console.not_resumable", game=args.resume, path=where)
            raise CampfireError("console.nothing_to_resume", path=where)
        resumed = True
    else:
        seed = args.seed or secrets.token_hex(8)
        service = GameService(store, seed_source=lambda: seed)
        levels = parse_seat_levels(args.ai, args.players)
        if len(levels) == args.players:
            raise UsageError("at least one seat must be a person (use `campfire demo --ai`)")
        players = console_seats(args.players, args.lang, levels)
        options = parse_options(args.option, args.game)
        info = await open_table(service, args.game, players, options=options)
        resumed = False
    session = ConsoleSession(
        service,
        info.id,
        args.lang,
        out_dir,
        _read_line,
        print,
        ai_seats=ai_seats_of(info),
        budget=(args.budget_ms, args.budget_moves),
        layout=args.layout,
        resume=f"{resume} {info.id}",
    )
    return await session.run(resumed=resumed)


def _read_line(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None


async def _demo(args: argparse.Namespace) -> int:
    from bot.frontends.demo import run_demo

    _require_game(args.game, args.players)
    levels = parse_levels(args.ai or "greedy", args.players)
    writable_folder(args.out)
    result = await run_demo(
        args.game,
        args.players,
        args.seed,
        args.out,
        lang=args.lang,
        db_path=args.db,
        options=parse_options(args.option, args.game),
        max_moves=args.max_moves,
        ai_levels=levels,
        budget_ms=args.budget_ms,
        budget_moves=args.budget_moves,
        layout=args.layout,
    )
    print(result.summary)
    return 0 if result.finished else 1


def _arena(args: argparse.Namespace) -> int:
    from bot.frontends.arena import run_arena

    _require_game(args.game, args.players)
    if args.games < 1:
        raise UsageError("--games needs at least 1")
    levels = [lv.strip().lower() for lv in args.seats.split(",") if lv.strip()]
    unknown = [lv for lv in levels if lv not in ai.LEVELS]
    if not levels or unknown:
        raise UsageError(f"--seats takes levels among {', '.join(ai.LEVELS)}")
    result = run_arena(
        args.game,
        args.players,
        args.games,
        levels,
        seed=args.seed,
        budget_ms=args.budget_ms,
        budget_moves=args.budget_moves,
        options=parse_options(args.option, args.game),
    )
    if args.json:
        print(json.dumps(result.to_json(), sort_keys=True))
    else:
        print("\n".join(result.lines()))
    return 0


def _replay(args: argparse.Namespace) -> int:
    from bot.service.record import RecordError, write_animation, write_pictures
    from bot.service.record_check import MAX_RECORD_BYTES, parse_record, replay_record

    try:
        with args.file.open("rb") as source:
            data = source.read(MAX_RECORD_BYTES + 1)
        if len(data) > MAX_RECORD_BYTES:
            raise RecordError("record.too_large", limit=MAX_RECORD_BYTES // (1024 * 1024))
        text = data.decode("utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise UsageError(f"cannot read {args.file}: it is not UTF-8 text") from exc
    record = parse_record(text)
    out: Path = writable_folder(args.out)  # a record that is no record creates nothing
    replayed = replay_record(record)
    try:
        written = write_pictures(replayed, out, args.lang)
    except OSError as exc:
        raise UsageError(f"--out {out}: cannot write the pictures: {exc.strerror or exc}") from exc
    moves = len(replayed.states) - 1
    print(
        translate(
            "record.replayed",
            args.lang,
            game=replayed.rules,
            moves=moves,
            pictures=len(written),
            path=str(args.out),
        )
    )
    if args.animate and (animation := write_animation(replayed, args.out, args.lang)):
        print(translate("record.animated", args.lang, path=str(animation)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
