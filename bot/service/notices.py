"""Who is told what, and when: the notices of a player, decided by the service.

``GameService.notices`` is the one ``Notices`` of a service. For every event that would
notify a player (their turn came, a reminder is due, the game ended for them), a front
end asks ``tell`` before it posts: ``route`` decides, for each player, from their
preferences (``bot.service.prefs``: time zone, quiet hours, frequency, digest time; the
server's default frequency) and the service's clock:

- ``now``: ping them in the message (and a direct message if they asked for one);
- ``later``: in quiet hours: no ping, no direct message; a row of the outbox
  (``notices``) waits until they end, and everything that waited comes as one direct
  message then;
- ``digest``: no ping; the next digest (a row of the outbox at the player's next digest
  time) lists every game waiting on them;
- ``never``: no ping (the message still names them).

The outbox is drained by the front end's periodic loop (``drain``, then ``delivered``
once sent): rows are claimed with a lease, so several processes send each once, and
they survive a restart. A turn that waited and that the player has played since is
dropped at delivery (nothing waits any more); a digest with nothing waiting is not sent.

Choices where the issue is silent (for players: docs/players/index.md):

- ``every turn`` is today's behaviour; ``digest`` and ``reminders only`` still get the
  reminders of a turn clock (they are what keeps a game from being lost on time), and
  nobody but ``every turn`` is pinged by a game's result.
- What waited and a digest come by direct message even to a player who did not ask for
  one per turn (``/campfire me dm:``): quiet hours and digests are asked for, and a
  direct message is the one place that spans their games and servers.
- A player's digest lists the games waiting on them in every server, those where their
  frequency (theirs, else the server's) is ``digest``, each once. What waited and a
  digest due at once (a digest time in quiet hours comes when they end) are one
  direct message, in two parts.
- Every direct message speaks the player's own language (``bot.service.languages``:
  their choice, else their Discord client's), else the table's (the server's), else
  English: ``Told.speaking`` for what is sent now, ``Delivery.lang`` for the outbox.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from bot.service.agenda import waiting_on
from bot.service.follows import hears, is_follower
from bot.service.guards import is_ai_seat
from bot.service.languages import Languages, checked_choice
from bot.service.pipeline import Pipeline
from bot.service.prefs import (
    FREQUENCIES,
    Prefs,
    check_zone,
    next_digest,
    parse_digest,
    parse_quiet,
    prefs_of,
    quiet_end,
)
from bot.service.values import GameInfo, ServiceError
from bot.store import GameStore, NewNotice, NoticeRow, UserSettings, epoch, from_epoch

__all__ = [
    "DIGEST",
    "KINDS",
    "LATER",
    "LEASE",
    "NEVER",
    "NOW",
    "Delivery",
    "Notices",
    "Route",
    "Told",
    "Waited",
]

log = logging.getLogger("campfire.service.notices")

NOW, LATER, DIGEST, NEVER = "now", "later", "digest", "never"
KINDS = ("turn", "reminder", "ended")
"""The events that notify a player: their turn came, a reminder (or a claim, a timeout)
is due, the game ended for them."""
PRESSING = {"turn": 0, "reminder": 1, "ended": 2}
"""Of several notices of one game that waited, the one said."""
CLOCK_DETAILS = frozenset({"half", "hour", "early", "nudge", "late"})
"""What a reminder of the player's own clock says (``Reminder.kind``)."""
LEASE = 600
"""Seconds a pass holds the notices it claimed before another may take them."""
UNSET = "\0"
"""``set_preferences``: leave this choice as it is."""


@dataclass(frozen=True)
class Route:
    """What becomes of one notice: ``how`` (``now``, ``later``, ``digest``, ``never``)
    and, for ``later`` and ``digest``, when it comes."""

    how: str
    at: datetime | None = None


@dataclass(frozen=True)
class Told:
    """What a message does for the players it concerns: those it pings (``ping``), those
    sent a direct message now (``dm``); the others are named without a ping. ``langs``:
    the own language of those told now whose language is known (``speaking``)."""

    ping: tuple[str, ...] = ()
    dm: tuple[str, ...] = ()
    langs: tuple[tuple[str, str], ...] = ()

    def speaking(self, users: Sequence[str], fallback: str) -> dict[str, str]:
        """``{user: the language their direct message speaks}``: their own, else
        ``fallback`` (the server's)."""
        own = dict(self.langs)
        return {u: own.get(u, fallback) for u in users}


@dataclass(frozen=True)
class Waited:
    """A notice that waited (quiet hours): its kind, the game as it is now, what it
    said (``detail``: a reminder's kind), the deadline then, and when it happened."""

    kind: str
    game: GameInfo
    detail: str
    deadline: datetime | None
    at: datetime


@dataclass(frozen=True)
class Delivery:
    """One direct message to one player: what waited, then (``digest`` not ``None``)
    the games waiting on them; ``lang``: the player's own language, else that of the
    table that decided first, else the server's of their digest. Hand it back to
    ``delivered`` once sent (or refused)."""

    user_id: str
    lang: str
    waited: tuple[Waited, ...]
    digest: tuple[GameInfo, ...] | None
    claimed: tuple[int, ...]
    worker: str


class Notices:
    """The notices side of a ``GameService``: preferences, routing, the outbox."""

    def __init__(self, pipeline: Pipeline, store: GameStore) -> None:
        self.pipeline = pipeline
        self.store = store
        self.languages = Languages(store, pipeline.now)  # the clients' languages seen

    # -- preferences ---------------------------------------------------------------------

    async def preferences(self, user_id: str) -> UserSettings:
        """A player's stored choices (all defaults when they chose nothing)."""
        return (await self.store.user_settings([user_id])).get(user_id, UserSettings())

    async def prefs(self, user_ids: Sequence[str], guild_id: str | None) -> dict[str, Prefs]:
        """The choices of ``user_ids`` as they apply in a server: one read of the store
        (and the server's settings as the posts read them)."""
        chosen = await self.store.user_settings(list(user_ids))
        server = await self.pipeline.settings.cached(guild_id)
        return {u: prefs_of(chosen.get(u, UserSettings()), server) for u in user_ids}

    async def set_preferences(
        self,
        user_id: str,
        *,
        timezone: str = UNSET,
        quiet: str = UNSET,
        frequency: str = UNSET,
        digest: str = UNSET,
        language: str = UNSET,
        lang: str = "",
    ) -> UserSettings:
        """Change the choices given (``UNSET``: kept; ``""``: back to the default;
        ``language``: ``en``, ``fr`` or ``auto``, the language of their direct
        messages); ``lang``: the server's language, which their digest speaks when
        theirs is unknown. Raises ``service.bad_timezone`` (zone), ``service.bad_quiet``
        (text), ``service.bad_frequency`` (choices), ``service.bad_digest`` (text),
        ``service.bad_language`` (choices); nothing is saved when one is refused. A
        pending digest moves to the new digest time."""
        chosen = known = await self.preferences(user_id)
        if timezone != UNSET:
            chosen = replace(chosen, timezone=check_zone(timezone) if timezone else None)
        if quiet != UNSET:
            chosen = replace(chosen, quiet=_text(parse_quiet(quiet)) if quiet else None)
        if frequency != UNSET:
            if frequency and frequency not in FREQUENCIES:
                raise ServiceError("service.bad_frequency", choices=", ".join(FREQUENCIES))
            chosen = replace(chosen, frequency=frequency or None)
        if digest != UNSET:
            chosen = replace(chosen, digest=str(parse_digest(digest)) if digest else None)
        if language != UNSET:
            chosen = replace(chosen, language=checked_choice(language))
        if chosen != known:
            await self.store.save_user_settings(user_id, chosen)
            await self._move_digest(user_id, chosen, lang)
        return chosen

    async def _move_digest(self, user_id: str, chosen: UserSettings, lang: str = "") -> None:
        """The pending digest of a player comes at their new digest time (if any game
        waits on them for it)."""
        await self.store.drop_notices(user_id, "digest")
        games = await self.waiting(user_id, digest_only=True)
        if games:
            server = await self.pipeline.settings.cached(games[0].guild_id)
            due = next_digest(prefs_of(chosen, server), epoch(self.pipeline.now()))
            await self.store.add_notices([_digest_row(user_id, due, lang)])

    # -- deciding ------------------------------------------------------------------------

    async def route(
        self, user_id: str, game: GameInfo, kind: str, now: datetime, *, prefs: Prefs | None = None
    ) -> Route:
        """What becomes of a notice of ``kind`` (``turn``, ``reminder``, ``ended``) of
        ``game`` to ``user_id`` at ``now``: the one decision of who is told what, and
        when. ``prefs``: the player's choices, when the caller read them already.

        Per-game choices (a muted game, a game followed without a seat) belong here:
        every notice of every front end is routed through this method, so a mute added
        here holds for pings, direct messages, what waits and the digest alike."""
        if is_ai_seat(user_id):
            return Route(NEVER)
        if kind not in KINDS:
            raise ValueError(f"unknown notice {kind!r}")
        mode = await self.pipeline.follows.mode(game.id, user_id)  # bot.service.follows
        follower = is_follower(game, user_id, mode)  # asked for it: theirs come now
        if mode is not None and not hears(mode, kind, seated=not follower):
            return Route(NEVER)  # a muted game, or what a follower did not ask for
        if prefs is None:
            prefs = (await self.prefs([user_id], game.guild_id))[user_id]
        moment = epoch(now)
        how = NOW
        if kind == "turn" and not follower:
            how = {"turn": NOW, "digest": DIGEST}.get(prefs.frequency, NEVER)
        elif kind == "ended" and not follower:
            how = NOW if prefs.frequency == "turn" else NEVER
        if how == DIGEST:
            return Route(DIGEST, from_epoch(next_digest(prefs, moment)))
        if how == NOW:
            end = quiet_end(prefs, moment)
            if end is not None:
                return Route(LATER, from_epoch(end))
        return Route(how)

    async def tell(
        self,
        game: GameInfo,
        seats: Sequence[str],
        kind: str,
        lang: str,
        *,
        detail: str = "",
        deadline: datetime | None = None,
    ) -> Told:
        """Route a notice of ``kind`` of ``game`` to each of ``seats`` (AI seats are never
        told) and keep in the outbox what waits (quiet hours, a digest): who to ping and
        who to send a direct message now. ``detail``: what a reminder says (its kind);
        ``deadline``: the seat's deadline then (else the one the game shows)."""
        people = [s for s in dict.fromkeys(seats) if not is_ai_seat(s)]
        if not people:
            return Told()
        now = self.pipeline.now()
        chosen = await self.prefs(people, game.guild_id)
        ping: list[str] = []
        dm: list[str] = []
        rows: list[NewNotice] = []
        for user in people:
            route = await self.route(user, game, kind, now, prefs=chosen[user])
            if route.how == NOW:
                ping.append(user)
                if chosen[user].dm:
                    dm.append(user)
            elif route.how == LATER and route.at is not None:
                clock = game.clock_of(user)
                until = deadline or (clock.deadline if clock is not None else None)
                payload = {
                    "lang": lang,
                    "detail": detail,
                    "deadline": None if until is None else epoch(until),
                    "at": epoch(now),
                }
                key = f"{kind}:{game.id}:{game.version}:{detail}:{user}"
                rows.append(
                    NewNotice(user, kind, game.id, epoch(route.at), json.dumps(payload), key)
                )
            elif route.how == DIGEST and route.at is not None:
                rows.append(_digest_row(user, epoch(route.at), lang))
        if rows:
            added = await self.store.add_notices(rows)
            log.info("game %d: %d of %d notices wait (%s)", game.id, added, len(rows), kind)
        langs = tuple((u, own) for u in ping if (own := chosen[u].lang) is not None)
        return Told(tuple(ping), tuple(dm), langs)

    # -- the outbox ----------------------------------------------------------------------

    async def waiting(self, user_id: str, *, digest_only: bool = False) -> list[GameInfo]:
        """The running games waiting on ``user_id`` (they are to act), in every server,
        the soonest deadline first; ``digest_only``: those their digest lists (their
        frequency there is ``digest``)."""
        rows = await self.store.games_of_user(user_id, active_only=True)
        games = [w.game for w in waiting_on(await self.pipeline.listed(rows), user_id)]
        if digest_only:
            chosen = await self.preferences(user_id)
            kept = []
            for g in games:
                server = await self.pipeline.settings.cached(g.guild_id)
                if prefs_of(chosen, server).frequency == "digest":
                    kept.append(g)
            games = kept
        return games

    async def drain(self, worker: str, *, limit: int = 100) -> list[Delivery]:
        """Claim the due notices of up to ``limit`` players for ``worker``: one
        ``Delivery`` per player with something to say (what waited and is still true,
        and their digest if one is due, which schedules the next while games wait).
        Notices with nothing left to say are finished here, those of a player in quiet
        hours (a pass that came late) given back until they end; send the others and
        hand each to ``delivered``."""
        now = self.pipeline.now()
        claimed = await self.store.claim_notices(epoch(now), worker, epoch(now) + LEASE, limit)
        by_user: dict[str, list[NoticeRow]] = {}
        for row in claimed:
            by_user.setdefault(row.user_id, []).append(row)
        deliveries: list[Delivery] = []
        empty: list[int] = []
        games: dict[int, GameInfo | None] = {}
        for user, rows in by_user.items():
            try:
                delivery = await self._delivery(user, rows, worker, games)
            except Exception:
                log.exception("notices of %s: failed; tried again after the lease", user)
                continue
            if delivery is None:
                empty += [r.id for r in rows]
            else:
                deliveries.append(delivery)
        if empty:
            await self.store.finish_notices(worker, empty, epoch(now))
        return deliveries

    async def delivered(self, delivery: Delivery) -> None:
        """The direct message of ``delivery`` was sent (or refused for good): its
        notices are done."""
        at = epoch(self.pipeline.now())
        await self.store.finish_notices(delivery.worker, list(delivery.claimed), at)

    async def _delivery(
        self,
        user: str,
        rows: Sequence[NoticeRow],
        worker: str,
        games: dict[int, GameInfo | None],
    ) -> Delivery | None:
        now = self.pipeline.now()
        own = prefs_of(await self.preferences(user))
        end = quiet_end(own, epoch(now))
        if end is not None:  # a pass late (the bot was down): quiet hours came meanwhile
            await self.store.postpone_notices(worker, [r.id for r in rows], end)
            return None
        kept: dict[int, Waited] = {}
        lang = ""
        for row in sorted(rows, key=lambda r: r.kind != "digest"):  # the player's own first
            payload = json.loads(row.payload)
            lang = lang or str(payload.get("lang") or "")
            if row.kind == "digest" or row.game_id is None:
                continue
            game = await self._game(row.game_id, games)
            if game is None:
                continue
            detail = str(payload.get("detail") or "")
            if _on_their_turn(row.kind, detail) and (
                game.status != "running" or user not in game.to_act
            ):
                continue  # played since (or over): nothing waits any more
            deadline = payload.get("deadline")
            waited = Waited(
                row.kind,
                game,
                detail,
                None if deadline is None else from_epoch(int(deadline)),
                from_epoch(int(payload.get("at") or row.due)) or now,
            )
            before = kept.get(game.id)
            if before is None or PRESSING[waited.kind] >= PRESSING[before.kind]:
                kept[game.id] = waited
        digest: tuple[GameInfo, ...] | None = None
        if any(r.kind == "digest" for r in rows):
            digest = tuple(await self.waiting(user, digest_only=True))
            if digest:  # they still wait: the next digest lists them again
                server = await self.pipeline.settings.cached(digest[0].guild_id)
                prefs = prefs_of(await self.preferences(user), server)
                lang = lang or server.language or ""
                due = next_digest(prefs, epoch(now))
                await self.store.add_notices([_digest_row(user, due, lang)])
            else:
                digest = None
        if not kept and digest is None:
            return None
        ids = tuple(r.id for r in rows)
        said = tuple(sorted(kept.values(), key=lambda w: w.at))
        return Delivery(user, own.lang or lang or "en", said, digest, ids, worker)

    async def _game(self, game_id: int, games: dict[int, GameInfo | None]) -> GameInfo | None:
        if game_id not in games:
            try:
                games[game_id] = await self.pipeline.game(game_id)
            except ServiceError:
                games[game_id] = None
        return games[game_id]


def _on_their_turn(kind: str, detail: str) -> bool:
    """Whether a notice is about the player's own turn (their turn, a reminder of their
    clock): it is dropped once they played. The others (the end, an undo request, a
    rematch, a claim) are said whatever the game's turn."""
    return kind == "turn" or (kind == "reminder" and detail in CLOCK_DETAILS)


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def _digest_row(user_id: str, due: int, lang: str = "") -> NewNotice:
    """The digest of ``user_id`` at ``due``: one row per player and time."""
    payload = json.dumps({"lang": lang} if lang else {})
    return NewNotice(user_id, "digest", None, due, payload, f"digest:{user_id}:{due}")
