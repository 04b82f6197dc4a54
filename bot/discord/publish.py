"""Publishing a change of a game: its events to the table, then the game carried forward.

Every change of a running game ends here (``publish``): its events go into the table's
posting queue (``bot.discord.tables``), and while they wait the service carries the
game forward (``GameService.advance``: the AI seats play), whose merged result is
queued after them. The catch-up of a restart (``catch_up``) and the AI turns a restart
left undone (``resume_ai_turns``) go the same way. Undo requests and one-line notices
are posted from here too. The parts: the table (``threads``), the queue (``tables``),
the claim and record of an announcement (``announcements``), the turn message builder
(``turns``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.discord import embeds
from bot.discord.announcements import (
    ANNOUNCED,
)
from bot.discord.errors import DiscordError
from bot.discord.host import CampfireBot
from bot.discord.i18n import t
from bot.discord.panels import undo_vote_view
from bot.discord.tables import (
    announce,
    drain,
    enqueue,
)
from bot.discord.threads import (
    table_language,
    table_of,
)
from bot.discord.turns import (
    NO_MENTIONS,
    mentions_only,
)
from bot.service import (
    Event,
    GameInfo,
    MoveApplied,
    PlayResult,
    TurnStarted,
    UndoRequest,
    is_ai_seat,
)
from rules.i18n import table_text

log = logging.getLogger("campfire.discord.publish")


async def publish(
    client: CampfireBot,
    game: GameInfo,
    events: Sequence[Event],
    lang: str,
    *,
    ai_turns: bool = True,
    view: Mapping[str, Any] | None = None,
) -> None:
    """Turn the events of one request into the table's turn message (``announce``), then
    (``ai_turns``) let the AI seats to act play, their decisions announced together.
    HTTP failures are logged, never raised: the game has already moved on and the next
    post (or the catch-up of the next start) names what was missed. ``view``: the
    public view at ``game.version`` (the board drawn without reading the game again),
    when the request gave it.
    """
    if not events:
        return
    thinking = game.status == "running" and all(is_ai_seat(s) for s in game.to_act)
    if ai_turns and thinking and not any(isinstance(e, MoveApplied) for e in events):
        # The game starts (or catches up) with AI seats to act: their turns come first,
        # in the same post, which then asks the first person to act.
        await play_ai_turns(client, game, lang, after=PlayResult(game, tuple(events), view))
        return
    queued = enqueue(client, game, events, lang, view)
    if not ai_turns:
        await drain(client, *queued)
        return
    # The AI seats play while the post waits for Discord: a table that fell behind
    # then shows their turns with it, in one post.
    posting = asyncio.ensure_future(drain(client, *queued))
    try:
        await play_ai_turns(client, game, lang)
    finally:
        await posting


async def publish_result(client: CampfireBot, result: PlayResult, lang: str) -> None:
    """``publish`` a change the service just made, from what it returned."""
    await publish(client, result.game, result.events, lang, view=result.view)


async def play_ai_turns(
    client: CampfireBot, game: GameInfo, lang: str, *, after: PlayResult | None = None
) -> int:
    """The service carries ``game`` forward (``GameService.advance``: its AI seats play
    until a person must act or the game ends); their decisions are announced together,
    after the change ``after`` when given: one post, one picture of the position they
    leave. Returns how many entries the AI seats played."""
    advanced = await client.service.advance(game, after=after)
    if advanced is None:
        return 0
    await announce(client, advanced.game, advanced.events, lang, advanced.view)
    return sum(isinstance(e, MoveApplied) for e in advanced.events) - sum(
        isinstance(e, MoveApplied) for e in (after.events if after else ())
    )


async def resume_ai_turns(client: CampfireBot, *, sweep: bool = False) -> list[int]:
    """After a restart: the AI seats to act in every running game of this process's
    shards play (what the process stopped in the middle of), each game claimed first so
    that another process serving the same shards leaves it alone
    (``GameService.jobs``). Returns the game ids where they played. ``sweep`` (the
    periodic loop): only the games whose claim a dead process left behind."""

    async def resume(game: GameInfo) -> bool:
        return bool(await play_ai_turns(client, game, await table_language(client, game)))

    return await client.service.jobs.ai_turns(client.worker, resume, sweep=sweep)


async def catch_up(client: CampfireBot, *, sweep: bool = False) -> list[int]:
    """Post what every running game's table missed since its last post (the process
    stopped between the commit and the post, or Discord refused the post): a board
    naming every entry stored since, and a turn message pinging those the normal flow
    would have pinged (``GameService.missed``). Returns the game ids caught up.

    A game that fails is logged and skipped: the others are still caught up. Games
    never announced since this record exists are left alone (no flood of old games on
    the first start of this version); a game whose very first post was claimed by a
    process that died before making it gets its first post (``publish_first``: a
    tournament's table, opened by a round, whose first turn was under way). Each game
    is claimed first, so that another process serving the same shards does not post it
    too (``GameService.jobs``).
    ``sweep`` (the periodic loop): only the games whose claim a dead process left."""

    async def catch_up_game(game: GameInfo) -> bool:
        try:
            return await _catch_up_game(client, game)
        except Exception:
            log.exception("game %s: catching up its table failed", game.id)
            return False

    return await client.service.jobs.catch_up(ANNOUNCED, client.worker, catch_up_game, sweep=sweep)


async def _catch_up_game(client: CampfireBot, game: GameInfo) -> bool:
    announced = (await client.service.messages(game.id)).get(ANNOUNCED)
    if announced is not None and not announced.isdigit():
        # a claim of posting whose holder died before posting (killed between the
        # commit and the post): take it over from the revision last posted ("": its
        # very first post, made from the start)
        announced = client.service.abandoned_announcement(announced, client.worker)
    first = announced == ""
    if announced is None or not (first or announced.isdigit()):
        return False
    if not first and int(announced) >= game.version:
        return False
    lang = await table_language(client, game)
    log.info("game %s: announcing v%s (last posted: v%s)", game.id, game.version, announced)
    try:
        if first:
            await publish_first(client, game, lang)
        else:
            missed = await client.service.missed(game.id, int(announced))
            await publish(client, missed.game, missed.events, lang)
    except DiscordError as exc:
        if exc.key not in ("discord.table_gone", "discord.no_access"):
            raise
        log.info("game %s: its table cannot be reached (%s): nothing caught up", game.id, exc.key)
        return False
    return True


def never_posted(client: CampfireBot, announced: str | None) -> bool:
    """Whether a table whose record ``announced`` (``ANNOUNCED``) is this has never
    had a post: no record, or the claim of its first post, abandoned by a holder that
    died before posting (this process's dead predecessor, or a claim older than its
    lease). A claim still held by a live process is not: it posts."""
    if announced is None:
        return True
    if announced.isdigit():
        return False
    return client.service.abandoned_announcement(announced, client.worker) == ""


async def publish_first(client: CampfireBot, game: GameInfo, lang: str) -> None:
    """The first post at a game's table (a table that was never posted, or whose first
    post was claimed by a process that died before making it): its moves so far, and
    whoever must act now pinged. Claimed like any post (``announcements.flush``), so of
    two processes, or a catch-up and a tournament's round, one posts it."""
    missed = await client.service.missed(game.id, 0)
    events: list[Event] = list(missed.events)
    now = missed.game
    if now.status == "running" and not any(isinstance(e, TurnStarted) for e in events):
        events.append(TurnStarted(now.id, now.to_act, now.version, now.to_act))
    await publish(client, now, events, lang)


def undo_request_text(
    game: GameInfo, request: UndoRequest, lang: str, pinged: Sequence[str] | None = None
) -> str:
    """The public text of an undo request: who asks, which move, who must still answer
    (mentioned, or named when ``pinged`` leaves them out: quiet hours)."""
    text = t(
        "discord.undo.request",
        lang,
        player=game.name_of(request.seat, lang),
        move=table_text(request.label, lang, game.names(lang)),
        players=embeds.addressed(game, request.waiting, pinged, lang),
    )
    if request.agreed:
        agreed = ", ".join(game.name_of(s, lang) for s in request.agreed)
        text += "\n" + t("discord.undo.agreed", lang, players=agreed)
    return text


async def post_undo_request(
    client: CampfireBot, game: GameInfo, request: UndoRequest, lang: str
) -> None:
    """Ask the other players at the table, pinging those not in quiet hours
    (``GameService.notices``), with Agree / Refuse buttons for the revision the move
    made; never raises."""
    try:
        table = await table_of(client, game)
        told = await client.service.notices.tell(
            game, request.waiting, "reminder", lang, detail="undo"
        )
        await table.send(
            undo_request_text(game, request, lang, told.ping),
            view=undo_vote_view(game.id, request.version, lang),
            allowed_mentions=mentions_only(told.ping),
        )
    except (DiscordError, discord.HTTPException):
        log.warning("game %s: undo request not posted", game.id, exc_info=True)


async def post_notice(client: CampfireBot, game: GameInfo, text: str) -> None:
    """A one-line public notice at the game's table (abort, resignation); never raises."""
    try:
        table = await table_of(client, game)
        await table.send(text, allowed_mentions=NO_MENTIONS)
    except (DiscordError, discord.HTTPException):
        log.warning("game %s: notice not posted", game.id, exc_info=True)
