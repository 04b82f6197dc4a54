"""Hints: the move the ``greedy`` AI would make for a player, and one line of why.

``GameService.hints`` is the one ``Hints`` of a service; the Discord command and button
and the console's ``hint`` call it. Choices where the issue is silent:

- **What the AI sees.** ``ai.advise`` works from the seat's own view (it determinizes
  first, as every AI decision does), so a hint never tells what the player cannot see.
- **Off the event loop.** The search runs in a worker thread, like an AI seat's turn.
- **Seeds.** The hint's seed is the game's seed, ``:hint:`` and the revision: asking
  twice for the same decision gives the same hint.
- **Counting.** A seat's hints are counted once per revision (the ``hints`` table): the
  count is how many of its decisions it took a hint for. Only the seat to act may ask.
- **Servers.** ``GuildSettings.hints`` ``False`` turns them off on a server
  (``service.hints_off``); outside a server (the console) they are always on. Whether
  to show the Hint button on a turn message (``shown``) is read as the posts read the
  settings (``ServerSettings.cached``: remembered per server for a minute) so that
  posting a turn costs the store no extra read; asking for a hint always reads the
  setting itself.
- **Why.** A few plain words from the advice, never an internal estimate: a win, a tie
  or a loss when greedy's line of the turn ends the game (naming who wins); when the
  game knows the position is lost whatever the seat plays (``Effects.lost_to``), who
  can win and what the move leaves them to get right; else what the move's line does
  that the next best move's line does not (``Game.hint_effects``: score categories,
  pieces, resources, position), and what the next best does instead. The texts name
  seats by their ids; front ends put names in with ``named``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import ai
from bot.service.guards import guard, require_running, seated
from bot.service.pipeline import Pipeline
from bot.service.robots import ai_seed
from bot.service.values import ServiceError
from bot.store import GameStore
from rules.base import Game, Move, State, Text
from rules.core.hints import Effects
from rules.i18n import SEAT_PARAMS

log = logging.getLogger("campfire.service.hints")

Adviser = Callable[[Game, State, str, str], ai.Advice]
"""``advise(game, state, seat, seed) -> Advice`` (``ai.advise``)."""


@dataclass(frozen=True)
class Hint:
    """A hint for ``seat`` at ``version``: the move (as the game labels it), why, and how
    many hints the seat has taken in the game now."""

    game_id: int
    seat: str
    version: int
    move: Move
    why: Text
    count: int

    def reason(self, names: Mapping[str, str]) -> Text:
        """The why with the seats' names in place of their ids."""
        return named(self.why, names)


MOST = 4
"""Effects a why names at most on each side (the game lists the weightiest first)."""


def joined(texts: list[Text]) -> Text:
    """``a``, ``a and b``, ``a, b and c`` as one text (``service.hint.and``, ``.list``)."""
    if len(texts) == 1:
        return texts[0]
    if len(texts) == 2:
        return Text("service.hint.and", {"a": texts[0], "b": texts[1]})
    return Text("service.hint.list", {"a": texts[0], "b": joined(texts[1:])})


def players(seats: tuple[str, ...] | list[str]) -> Text:
    """Seats by name (``service.hint.player`` each, joined)."""
    return joined([Text("service.hint.player", {"player": s}) for s in seats])


def contrast(mine: Effects, other: Effects) -> tuple[list[Text], list[Text]]:
    """What the advised line does where the other line differs, and what the other
    does there instead (in the game's order, ``MOST`` each at most)."""
    topics = list(dict.fromkeys(mine.topics() + other.topics()))
    differ = [t for t in topics if mine.of(t) != other.of(t)]
    gains = [text for t in differ if (text := mine.of(t)) is not None]
    instead = [text for t in differ if (text := other.of(t)) is not None]
    return gains[:MOST], instead[:MOST]


def why(advice: ai.Advice) -> Text:
    """The why, as a message key with its parts (nested texts, seat ids)."""
    if advice.only:
        return Text("service.hint.why.only")
    if advice.ends == "loss":
        return Text("service.hint.why.loss", {"winners": players(advice.winners)})
    if advice.ends is not None:
        return Text(f"service.hint.why.{advice.ends}")
    effects = [e.text for e in advice.effects.effects][:MOST]
    if advice.effects.lost_to is not None:
        params: dict[str, object] = {"player": advice.effects.lost_to}
        if effects:
            return Text("service.hint.why.lost", {**params, "effects": joined(effects)})
        return Text("service.hint.why.lost_bare", params)
    other = advice.other
    if other is None:  # the only other choice was to go back a step
        if effects:
            return Text("service.hint.why.effects", {"effects": joined(effects)})
        return Text("service.hint.why.forward")
    others = advice.other_effects or Effects()
    gains, instead = contrast(advice.effects, others)
    if not gains and not instead:
        if effects:
            return Text("service.hint.why.same", {"effects": joined(effects), "other": other.label})
        return Text("service.hint.why.nothing", {"other": other.label})
    if not gains:
        return Text("service.hint.why.spares", {"instead": joined(instead), "other": other.label})
    if not instead:
        return Text("service.hint.why.only_this", {"gains": joined(gains), "other": other.label})
    return Text(
        "service.hint.why.better",
        {"gains": joined(gains), "instead": joined(instead), "other": other.label},
    )


def named(text: Text, names: Mapping[str, str]) -> Text:
    """``text`` with every seat id (``SEAT_PARAMS``) put by its name, nested texts too."""
    params: dict[str, Any] = {}
    for key, value in text.params.items():
        if isinstance(value, Text):
            params[key] = named(value, names)
        elif key in SEAT_PARAMS and isinstance(value, str):
            params[key] = names.get(value, value)
        else:
            params[key] = value
    return Text(text.key, params)


class Hints:
    """The hint side of a ``GameService``."""

    def __init__(
        self, pipeline: Pipeline, store: GameStore, adviser: Adviser | None = None
    ) -> None:
        self.pipeline = pipeline
        self.store = store
        self._adviser = adviser

    def advise(self, game: Game, state: State, seat: str, seed: str) -> ai.Advice:
        """The advice (blocking: call it in a worker thread)."""
        if self._adviser is not None:
            return self._adviser(game, state, seat, seed)
        return ai.advise(game, state, seat, seed)

    async def allowed(self, guild_id: str | None) -> bool:
        """Whether players may ask for hints on that server (always outside one), read
        from the store."""
        return (await self.pipeline.settings.read(guild_id)).hints is not False

    async def shown(self, guild_id: str | None) -> bool:
        """Whether a turn message shows the Hint button (``ServerSettings.cached``)."""
        return (await self.pipeline.settings.cached(guild_id)).hints is not False

    def forget(self, guild_id: str | None) -> None:
        """The server's settings changed: read them again next time."""
        self.pipeline.settings.forget(guild_id)

    async def hint(self, game_id: int, user_id: str) -> Hint:
        """The hint for ``user_id``'s decision now, counted for their seat. Raises
        ``service.not_running``, ``service.not_in_game``, ``service.hints_off``,
        ``service.not_your_turn``."""
        row = await self.pipeline.row(game_id)
        require_running(row)
        if not seated(row, user_id):
            raise ServiceError("service.not_in_game")
        if not await self.allowed(row.guild_id):
            raise ServiceError("service.hints_off")
        loaded = await self.pipeline.load(row)
        game, state = loaded.game, loaded.state
        if user_id not in game.to_act(state):
            raise ServiceError("service.not_your_turn")
        seed = ai_seed(row.seed, state.revision, "hint")
        try:
            advice = await asyncio.to_thread(self.advise, game, state, user_id, seed)
        except Exception as exc:
            log.exception("game %d: no hint for %s", game_id, user_id)
            raise ServiceError("service.internal") from exc
        with guard("hint", game_id):
            # The label the seat's real state gives the move (the same code: a seat's own
            # moves do not depend on what it cannot see).
            move = next(
                (m for m in game.legal_moves(state, user_id) if m.code == advice.code),
                advice.move,
            )
        count = await self.store.record_hint(game_id, user_id, state.revision)
        log.info("game %d: hint %s for %s (%d taken)", game_id, move.code, user_id, count)
        return Hint(game_id, user_id, state.revision, move, why(advice), count)

    async def counts(self, game_id: int) -> dict[str, int]:
        """``{seat: hints taken}`` for the seats of a game that took any."""
        return await self.store.hint_counts(game_id)


__all__ = ["Adviser", "Hint", "Hints", "named", "why"]
