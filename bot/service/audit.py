"""The read-only audit of stored games behind ``campfire db check``.

Every started game must replay from its log to exactly its stored snapshot, at its
revision, with a status that agrees with the replay (running: nobody has won yet and
someone must act; over: an outcome and its results stored). Unlike the service's
loader (``bot.service.loader``), which trusts the log and rewrites a disagreeing
snapshot, the audit writes nothing: it reports, one line per problem. A snapshot in an
older layout of the game's data (``GameSpec.state_form``) is no problem: the loader
remakes it from the log the next time the game is used.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store import GameRow, GameStore
from rules import registry
from rules.base import CampfireError, State, Text, from_json
from rules.i18n import translate


@dataclass(frozen=True)
class GameVerdict:
    """What the audit found about one game: ``problems`` is empty when it is sound."""

    game_id: int
    replayed: bool
    problems: tuple[str, ...] = ()


async def audit_game(store: GameStore, game_id: int) -> GameVerdict:
    """Check one stored game (see the module doc); never raises for a bad game."""
    row = await store.game(game_id)
    if row is None:
        return GameVerdict(game_id, False, ("not found",))
    problems = _lobby_problems(row)
    if row.snapshot is None:
        return GameVerdict(game_id, False, tuple(problems))
    moves = await store.moves(game_id)
    revision = await store.log_revision(game_id)
    if revision != row.version:
        problems.append(f"the log accounts for revision {revision}, the game is at {row.version}")
    try:
        game = registry.get(row.rules)
        options = game.check_rules_version(row.rules_version, row.options)
        state = game.replay(
            [s.user_id for s in row.seats], row.seed, options, [(m.seat, m.code) for m in moves]
        )
    except Exception as exc:  # a bad game is a verdict, never a crash of the audit
        problems.append(f"its log of {len(moves)} entries does not replay: {_text(exc)}")
        return GameVerdict(game_id, True, tuple(problems))
    state.revision = row.version  # undos make the revision run ahead of the log
    problems += _snapshot_problems(row, state, len(moves))
    outcome = game.outcome(state)
    if row.status == "running" and outcome is not None:
        problems.append("stored as running but its log ends the game")
    if row.status == "running" and outcome is None and not game.to_act(state):
        problems.append("running, but nobody is to act")
    if row.status == "over":
        if outcome is None:
            problems.append("stored as over but its log does not end the game")
        results = await store.results(game_id)
        if len(results) != len(row.seats):
            problems.append(f"over with {len(results)} result(s) for {len(row.seats)} seats")
    return GameVerdict(game_id, True, tuple(problems))


def _lobby_problems(row: GameRow) -> list[str]:
    problems = []
    if row.status == "lobby" and (row.snapshot is not None or row.version != 0):
        problems.append("a lobby with a stored state")
    if row.status in ("running", "over") and row.snapshot is None:
        problems.append(f"{row.status} but no stored state")
    if not row.seats:
        problems.append("no seats")
    return problems


def _snapshot_problems(row: GameRow, state: State, entries: int) -> list[str]:
    assert row.snapshot is not None
    try:
        stored = from_json(row.snapshot)
    except (CampfireError, ValueError) as exc:
        return [f"its stored snapshot cannot be read ({exc})"]
    if stored.form < state.form:
        return []  # an older layout of the game's data: the next load remakes it
    if stored != state:
        return [f"its stored snapshot differs from the replay of its {entries} entries"]
    return []


def _text(error: Exception) -> str:
    """The English reason of a keyed error (its cause too), else the exception itself."""
    if not isinstance(error, CampfireError):
        return f"{type(error).__name__}: {error}"
    text = translate(Text(error.key, error.params), "en")
    cause = error.__cause__
    return f"{text} ({_text(cause)})" if isinstance(cause, Exception) else text
