"""``campfire demo``: bots play a whole game through the service (random legal moves, or
the AI levels of ``--ai``; the command gives every seat ``greedy`` unless told otherwise,
so that a demo shows the game as people play it).

Every move goes through ``GameService.play`` exactly as a Discord click would, every AI
decision through the service's AI driver (``Robots.turns``) as an AI seat's would. The demo
writes, into its output folder: ``turn-NNN.png`` (the board at the start and after each
turn, when a renderer exists for the game) with ``turn-NNN.txt`` beside it (the same
board in words: the long form of its text twin, ``render.twin``), ``scores.json``
(final sheet and standings), ``moves.json`` and ``moves.txt`` (the move log),
``record.json`` (the game record that ``campfire replay`` rebuilds, see ``bot.service.record``),
and returns a summary.
"""

from __future__ import annotations

import json
import logging
import random
import tempfile
from collections.abc import Mapping, Sequence
from contextlib import aclosing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.frontends.console import console_players, open_table, score_lines, standing_lines
from bot.service import GameInfo, GameOver, GameService, PlayResult, ServiceError, TurnStarted
from bot.service.pictures import Drawer
from bot.service.record import build_record, record_json
from bot.store import store_for
from rules.base import Text
from rules.i18n import move_parts, table_text, translate

log = logging.getLogger("campfire.demo")

DEFAULT_MAX_MOVES = 20_000


@dataclass(frozen=True)
class DemoResult:
    """What a demo produced: the game, its length, the files written, the text summary."""

    game: GameInfo
    moves: int
    turns: int
    pictures: tuple[Path, ...]
    files: tuple[Path, ...]
    finished: bool
    summary: str


async def run_demo(
    rules: str,
    players: int,
    seed: str,
    out_dir: Path,
    *,
    lang: str = "en",
    db_path: str | Path | None = None,
    options: Mapping[str, Any] | None = None,
    max_moves: int = DEFAULT_MAX_MOVES,
    drawer: Drawer | None = None,
    ai_levels: Sequence[str | None] | None = None,
    budget_ms: float | None = None,
    budget_moves: int | None = None,
    layout: str = "full",
) -> DemoResult:
    """Play one whole game of ``rules`` with ``players`` random bots seeded by ``seed``.

    The game's seed is ``seed`` too, so the same arguments replay the same game. Uses a
    temporary SQLite database unless ``db_path`` (a file or a ``postgresql://``
    URL) is given. Raises ``InvalidOptions`` for an
    unknown game, a bad seat count or bad options. ``ai_levels`` gives the AI level of
    each bot in lobby order (``None``: a random legal move); ``budget_ms`` or
    ``budget_moves`` bound ``strong`` (default: the AI's own, 1 s). ``layout``: the
    pictures are the full board (``full``) or the turn card (``card``).
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="campfire-demo-") as scratch:
        path = db_path or Path(scratch) / "demo.sqlite3"
        async with store_for(path) as store:
            service = GameService(store, seed_source=lambda: seed, drawer=drawer)
            levels = {f"bot{n}": lv for n, lv in enumerate(ai_levels or (), 1) if lv is not None}
            return await _play(
                service,
                rules,
                players,
                seed,
                out_dir,
                lang,
                options,
                max_moves,
                levels,
                (budget_ms, budget_moves),
                layout,
            )


async def _play(
    service: GameService,
    rules: str,
    count: int,
    seed: str,
    out_dir: Path,
    lang: str,
    options: Mapping[str, Any] | None,
    max_moves: int,
    levels: Mapping[str, str],
    budget: tuple[float | None, int | None],
    layout: str = "full",
) -> DemoResult:
    chooser = random.Random(seed)
    info = await open_table(
        service, rules, console_players(count, lang, prefix="bot", kind="bot"), options=options
    )
    game_id = info.id
    drawing = service.boards.has_picture(rules)
    pictures: list[Path] = []
    notes: list[str] = []

    async def picture() -> None:
        nonlocal drawing
        if not drawing:
            return
        try:
            if layout == "card":
                png = await service.boards.render_card(game_id, lang)
            else:
                png = await service.boards.render(game_id, lang)
        except ServiceError as error:  # logged by the service; the game goes on
            drawing = False
            notes.append(translate(Text(error.key, error.params), lang))
            return
        target = out_dir / f"turn-{len(pictures):03d}.png"
        target.write_bytes(png)
        words = await service.boards.words(game_id, lang, form="long")
        if words:  # the picture's text twin, beside it
            target.with_suffix(".txt").write_text("\n\n".join(words) + "\n", encoding="utf-8")
        pictures.append(target)

    await picture()
    turns = moves = 0

    async def played(result: PlayResult) -> None:
        nonlocal info, moves, turns
        moves += 1
        info = result.game
        if any(isinstance(e, TurnStarted | GameOver) for e in result.events):
            turns += 1
            await picture()

    while info.status == "running" and moves < max_moves:
        seat = info.to_act[0]
        if seat in levels:  # the AI seats play while the first seat to act is theirs
            before = moves
            ai_turns = service.robots.turns(
                info, levels=levels, lead_only=True, budget=budget, purpose=""
            )
            async with aclosing(ai_turns) as results:
                async for result in results:
                    await played(result)
                    if moves >= max_moves:
                        break
            if moves == before:  # nothing played (logged by the service): stop here
                break
        else:
            code = chooser.choice(await service.legal_moves(game_id, seat)).code
            await played(await service.play(game_id, seat, code, expected_version=info.version))
    finished = info.status == "over"
    if not finished:
        log.warning("demo game %d stopped after %d moves", game_id, moves)
        info = await service.abort(game_id, info.creator)
    files = await _write_logs(service, info, seed, out_dir, lang)
    summary = await _summary(service, info, seed, moves, turns, pictures, out_dir, lang, finished)
    summary = "\n".join([summary, *notes])
    return DemoResult(info, moves, turns, tuple(pictures), files, finished, summary)


async def _write_logs(
    service: GameService, info: GameInfo, seed: str, out_dir: Path, lang: str
) -> tuple[Path, ...]:
    names = info.names(lang)
    outcome = await service.outcome(info.id)
    try:
        sheet = (await service.scores(info.id)).to_json()
    except ServiceError:
        sheet = None
    scores = {
        "game": info.rules,
        "game_id": info.id,
        "seed": seed,
        "options": info.options,
        "status": info.status,
        "seats": [{"id": p.user_id, "name": names[p.user_id]} for p in info.seats],
        "outcome": None if outcome is None else outcome.to_json(),
        "scores": sheet,
    }
    history = await service.history(info.id)
    moves = [
        {
            "seq": n,
            "seat": entry.seat,
            "name": names.get(entry.seat, entry.seat),
            "code": entry.code,
            "label": table_text(entry.public_label, lang, names),
            "line": " · ".join(move_parts(entry.public_label, entry.notes, lang, names)),
        }
        for n, entry in enumerate(history, 1)
    ]
    lines = [f"{m['seq']:4}. {m['line']}" for m in moves]
    written = (
        out_dir / "scores.json",
        out_dir / "moves.json",
        out_dir / "moves.txt",
        out_dir / "record.json",
    )
    written[0].write_text(json.dumps(scores, ensure_ascii=False, indent=1) + "\n", "utf-8")
    written[1].write_text(json.dumps(moves, ensure_ascii=False, indent=1) + "\n", "utf-8")
    written[2].write_text("\n".join(lines) + "\n", "utf-8")
    written[3].write_text(record_json(await build_record(service, info.id, lang)), "utf-8")
    return written


async def _summary(
    service: GameService,
    info: GameInfo,
    seed: str,
    moves: int,
    turns: int,
    pictures: list[Path],
    out_dir: Path,
    lang: str,
    finished: bool,
) -> str:
    names = info.names(lang)
    lines = [
        translate(
            "demo.summary",
            lang,
            game=info.rules,
            players=len(info.seats),
            seed=seed,
            moves=moves,
            turns=turns,
        )
    ]
    outcome = await service.outcome(info.id)
    if outcome is not None:
        winners = ", ".join(names.get(s, s) for s in outcome.winners)
        lines.append(translate("demo.winners", lang, names=winners, count=len(outcome.winners)))
        lines.extend(standing_lines(outcome, names, lang))
        lines.extend(score_lines(await service.scores(info.id), names, lang))
    if not finished:
        lines.append(translate("demo.stopped", lang, moves=moves))
    if not service.boards.has_picture(info.rules):
        lines.append(translate("demo.no_pictures", lang, game=info.rules))
    lines.append(translate("demo.files", lang, path=str(out_dir), pictures=len(pictures)))
    lines.append(translate("demo.record", lang, path=str(out_dir / "record.json")))
    return "\n".join(lines)
