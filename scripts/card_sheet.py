"""Contact sheets of a game's turn cards: every card of one whole seeded game at 400 px.

What a developer opens before saying a card is right: a seeded game is played by the AI
(``ai.choose``, greedy by default, as ``campfire demo`` plays), the turn card of the
public view after every decision is drawn (``render.registry.draw_card``), shrunk to the
400 px a phone shows it at, captioned with the decision's number and whether a new turn
message (the seats to act changed) or an edit of the live one would carry it, and laid
side by side on sheets of ``--columns`` x ``--rows`` cards::

    .venv/bin/python -m scripts.card_sheet sapiens --players 3 --lang fr --out sheets

writes ``sheets/sapiens-3p-seed2-fr-01.png``, ``-02.png``, ... and prints their paths.
``--turns`` keeps only the cards of new turn messages (and the last one).
"""

from __future__ import annotations

import argparse
import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

import ai
from bot.frontends.console import console_players
from render import registry as renderers
from render.kit import style
from render.kit.text import font
from rules import registry
from rules.base import Game, State

log = logging.getLogger("campfire.scripts.card_sheet")

CARD_WIDTH = 400  # how wide a phone shows a turn card
CAPTION = 30
GAP = 12
MAX_MOVES = 5000


@dataclass(frozen=True)
class Shot:
    """One card of the game: after decision ``move`` (0: the start), on a new turn
    message or not, as PNG bytes."""

    move: int
    new_turn: bool
    png: bytes


def play(
    game: Game, players: int, seed: str, level: str, max_moves: int = MAX_MOVES
) -> list[State]:
    """The states of one seeded game, from the setup to its end (or ``max_moves``)."""
    seats = [f"bot{n}" for n in range(1, players + 1)]
    state = game.setup(seats, seed, game.spec.validate_options(None))
    states = [state]
    while game.to_act(state) and len(states) <= max_moves:
        seat = sorted(game.to_act(state))[0]
        code = ai.choose(game, state, seat, level, f"{seed}|{len(states)}")
        state = game.apply(state, seat, code)
        states.append(state)
    return states


def shots(game_id: str, players: int, seed: str, lang: str, level: str) -> list[Shot]:
    """Every card of one seeded game, in order."""
    game = registry.get(game_id)
    names = {p.user_id: p.name for p in console_players(players, lang, prefix="bot", kind="bot")}
    out = []
    before: set[str] = set()
    for n, state in enumerate(play(game, players, seed, level)):
        view = game.view(state, None)
        acting = {str(s) for s in view.get("to_act") or []}
        png = renderers.draw_card(game_id, view, lang=lang, names=names)
        out.append(Shot(n, n == 0 or bool(acting - before) or bool(view.get("over")), png))
        before = acting
    return out


def sheet(cards: Sequence[Shot], columns: int, lang: str) -> Image.Image:
    """The ``cards`` at ``CARD_WIDTH`` px, captioned, ``columns`` to a row."""
    images = []
    for shot in cards:
        image = Image.open(io.BytesIO(shot.png)).convert("RGB")
        height = round(image.height * CARD_WIDTH / image.width)
        images.append(image.resize((CARD_WIDTH, height), Image.Resampling.LANCZOS))
    rows = [images[i : i + columns] for i in range(0, len(images), columns)]
    heights = [max(i.height for i in row) + CAPTION for row in rows]
    width = GAP + min(columns, len(images)) * (CARD_WIDTH + GAP)
    page = Image.new("RGB", (width, GAP + sum(h + GAP for h in heights)), (60, 60, 64))
    draw = ImageDraw.Draw(page)
    face = font(16, bold=True)
    y = GAP
    for r, row in enumerate(rows):
        for c, image in enumerate(row):
            shot = cards[r * columns + c]
            x = GAP + c * (CARD_WIDTH + GAP)
            kind = "new turn" if shot.new_turn else "edit"
            if lang == "fr":
                kind = "nouveau tour" if shot.new_turn else "modification"
            draw.text((x + 2, y + 5), f"#{shot.move} · {kind}", font=face, fill=style.WHITE)
            page.paste(image, (x, y + CAPTION))
        y += heights[r] + GAP
    return page


def main(argv: Sequence[str] | None = None) -> list[Path]:
    parser = argparse.ArgumentParser(prog="python -m scripts.card_sheet", description=__doc__)
    parser.add_argument("game", metavar="GAME", choices=renderers.card_ids())
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", default="2")
    parser.add_argument("--lang", choices=("en", "fr"), default="en")
    parser.add_argument("--ai", choices=ai.LEVELS, default="greedy", help="AI level of every seat")
    parser.add_argument("--out", type=Path, default=Path("card-sheets"))
    parser.add_argument("--columns", type=int, default=8)
    parser.add_argument("--rows", type=int, default=3, help="rows of cards per sheet")
    parser.add_argument(
        "--turns", action="store_true", help="only the cards of new turn messages (and the end)"
    )
    args = parser.parse_args(argv)
    found = shots(args.game, args.players, args.seed, args.lang, args.ai)
    if args.turns:
        found = [s for s in found if s.new_turn or s is found[-1]]
    args.out.mkdir(parents=True, exist_ok=True)
    per_sheet = max(1, args.columns * args.rows)
    written = []
    stem = f"{args.game}-{args.players}p-seed{args.seed}-{args.lang}"
    for page, start in enumerate(range(0, len(found), per_sheet), 1):
        path = args.out / f"{stem}-{page:02d}.png"
        sheet(found[start : start + per_sheet], args.columns, args.lang).save(path)
        written.append(path)
        print(path)
    return written


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    main()
