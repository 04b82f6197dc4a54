"""Tournaments of a server: open one, register, start, withdraw, substitute, read, and
the periodic work and news (``GameService.tournaments``).

Who may organise is decided by the front end (Discord checks Manage Server) and passed
as ``organiser=True``; ``may_organise`` adds the role a server names
(``GuildSettings.organiser_role``). The tournament's own organiser (who opened it) may
always start, cancel, withdraw or substitute in it. The rounds themselves are the
engine's (``bot.service.tournaments.rounds``). Decisions where the brief is silent:

- Registration closes at the start; a player leaves before it (``unregister``), or
  withdraws after it: their place leaves the next rounds, and an unfinished game of
  theirs ends for them by resignation.
- A substitute takes a place between rounds, never a seat in a running game: the place
  (its points, its opponents) goes on with them from the next round.
- A tournament with fewer entrants than a table at its closing date is cancelled.
- An entry requirement (a completion rate, a number of finished games) is checked at
  registration against the player's record on the server, as a lobby's requirement is
  at join (``Fairness.check``); a player registered before stays.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime

from bot.service.fairness import Requirement
from bot.service.lobby import Lobbies
from bot.service.moves import Moves
from bot.service.pipeline import Pipeline
from bot.service.tournaments.rounds import LEASE, Rounds
from bot.service.tournaments.values import (
    FORMATS,
    News,
    Progress,
    RoundInfo,
    Standing,
    TournamentInfo,
)
from bot.service.values import Player, PlayResult, ServiceError
from bot.store import GameStore, NewTournament, epoch
from rules import registry

log = logging.getLogger("campfire.service.tournaments")

__all__ = ["MAX_ROUNDS", "EntryCheck", "Tournaments"]

MAX_ROUNDS = 12
"""The most rounds of a Swiss tournament."""
MAX_CAP = 256
"""The most places of a tournament."""
MAX_ROUND_HOURS = 24 * 30
"""The longest round deadline (hours)."""

EntryCheck = Callable[[str | None, str, int | None, int | None], Awaitable[None]]
"""The check of a tournament's entry requirement: ``(guild id, user id, minimum
completion rate in percent, minimum finished games)``; raises the ``ServiceError`` that
says what the player lacks."""


class Tournaments:
    """The tournaments of a ``GameService``."""

    def __init__(
        self,
        pipeline: Pipeline,
        store: GameStore,
        lobbies: Lobbies,
        moves: Moves,
        worker: str | None = None,
        entry_check: EntryCheck | None = None,
    ) -> None:
        """``worker`` names this process in the tournaments' leases: the bot gives its
        ``<identity>#<instance>`` (``bot.discord.days.worker_id``), so that a restart
        of the same shards takes back at once what it held (see ``rounds``); default: a
        fresh name of its own, ``tournaments-<random>``, which takes only what nobody
        holds. ``entry_check`` judges an entry requirement (default:
        ``meets_requirement``)."""
        self.pipeline = pipeline
        self.store = store
        self.moves = moves
        self.lobbies = lobbies
        name = worker or f"tournaments-{secrets.token_hex(4)}"
        self.rounds = Rounds(pipeline, store, lobbies, moves, name)
        self.entry_check = entry_check or self.meets_requirement
        pipeline.on_over.append(self.game_over)

    # -- organisers ----------------------------------------------------------------------

    async def may_organise(
        self, guild_id: str | None, *, manage_server: bool, roles: Sequence[str] = ()
    ) -> bool:
        """Whether a member may organise tournaments on a server: Manage Server (checked
        by the front end), or the role the server names (``organiser_role``)."""
        if manage_server:
            return True
        role = (await self.pipeline.settings.read(guild_id)).organiser_role
        return role is not None and role in roles

    async def _organising(self, info: TournamentInfo, user_id: str, organiser: bool) -> None:
        if not organiser and user_id != info.organiser:
            raise ServiceError("service.tournament.not_organiser")

    # -- opening and registering ---------------------------------------------------------

    async def open(
        self,
        *,
        guild_id: str | None,
        channel_id: str,
        organiser: Player,
        rules: str,
        options: dict[str, object] | None = None,
        title: str = "",
        clock_hours: int | None = None,
        timeout_policy: str | None = None,
        format: str = "swiss",
        rounds: int | None = None,
        table_size: int | None = None,
        cap: int | None = None,
        closes_at: datetime | None = None,
        round_hours: int | None = None,
        min_completion: int | None = None,
        min_finished: int | None = None,
    ) -> TournamentInfo:
        """Open a tournament of ``rules`` for registration (the caller checked that
        ``organiser`` may organise: ``may_organise``). ``options`` are the game's (checked
        by its spec); ``clock_hours`` and ``timeout_policy`` the games' turn clock
        (default: the server's); ``format`` ``swiss`` (``rounds``, default 4) or
        ``round_robin`` (its rounds follow from the entrants); ``table_size`` seats a
        table (default: the game's minimum); ``cap`` the most places; ``closes_at``
        when registration closes and it starts (``None``: on the organiser's word);
        ``round_hours`` each round's deadline; ``min_completion`` (percent) and
        ``min_finished`` an entry requirement. Raises ``InvalidOptions``,
        ``service.bad_clock``, ``service.bad_policy``, ``service.tournament.bad_format``,
        ``service.tournament.bad_rounds``, ``service.tournament.bad_table``,
        ``service.tournament.bad_cap``, ``service.tournament.bad_date``,
        ``service.tournament.bad_deadline``, ``service.fair.bad_completion``,
        ``service.fair.bad_finished`` (max)."""
        game = registry.get(rules)
        spec = game.spec
        valid = spec.validate_options(options)
        if format not in FORMATS:
            raise ServiceError("service.tournament.bad_format", choices=", ".join(FORMATS))
        size = spec.min_seats if table_size is None else table_size
        if not spec.min_seats <= size <= spec.max_seats:
            raise ServiceError(
                "service.tournament.bad_table", min=spec.min_seats, max=spec.max_seats
            )
        planned = 4 if rounds is None else rounds
        if format == "swiss" and not 1 <= planned <= MAX_ROUNDS:
            raise ServiceError("service.tournament.bad_rounds", max=MAX_ROUNDS)
        if cap is not None and not size <= cap <= MAX_CAP:
            raise ServiceError("service.tournament.bad_cap", min=size, max=MAX_CAP)
        now = self.pipeline.now()
        if closes_at is not None and closes_at <= now:
            raise ServiceError("service.tournament.bad_date")
        if round_hours is not None and not 1 <= round_hours <= MAX_ROUND_HOURS:
            raise ServiceError("service.tournament.bad_deadline", max=MAX_ROUND_HOURS)
        rate = None if min_completion is None else min_completion / 100
        Requirement(rate, min_finished).validate()
        hours, policy = await self.lobbies.timing.lobby_clock(
            guild_id, channel_id, clock_hours, timeout_policy
        )
        tournament_id = await self.store.create_tournament(
            NewTournament(
                guild_id=guild_id,
                channel_id=channel_id,
                organiser=organiser.user_id,
                title=title.strip()[:100],
                rules=spec.id,
                options=valid,
                clock_hours=hours,
                timeout_policy=policy,
                format=format,
                rounds=planned,
                table_size=size,
                cap=cap,
                closes_at=None if closes_at is None else epoch(closes_at),
                round_hours=round_hours,
                min_completion=min_completion,
                min_finished=min_finished,
                at=now,
            )
        )
        log.info("tournament %d: %s (%s) opened by %s", tournament_id, spec.id, format, organiser)
        return await self.tournament(tournament_id)

    async def register(self, tournament_id: int, player: Player) -> TournamentInfo:
        """``player`` takes a place (the lobby message's button). Raises
        ``service.tournament.not_found``, ``service.tournament.closed``,
        ``service.tournament.already``, ``service.tournament.full`` (max), or the entry
        requirement's refusal (``entry_check``)."""
        info = await self.tournament(tournament_id)
        if info.status != "open":
            raise ServiceError("service.tournament.closed")
        if info.entrant(player.user_id) is not None:
            raise ServiceError("service.tournament.already")
        if info.cap is not None and len(info.entries) >= info.cap:
            raise ServiceError("service.tournament.full", max=info.cap)
        if info.min_completion is not None or info.min_finished is not None:
            await self.entry_check(
                info.guild_id, player.user_id, info.min_completion, info.min_finished
            )
        place = await self.store.add_entry(
            tournament_id, player.user_id, player.name, self.pipeline.now()
        )
        if place is None:  # another click or process came first: say why
            info = await self.tournament(tournament_id)
            if info.status != "open":
                raise ServiceError("service.tournament.closed")
            if info.entrant(player.user_id) is not None:
                raise ServiceError("service.tournament.already")
            raise ServiceError("service.tournament.full", max=info.cap or 0)
        return await self.tournament(tournament_id)

    async def unregister(self, tournament_id: int, user_id: str) -> TournamentInfo:
        """Leave before the start. Raises ``service.tournament.not_found``,
        ``service.tournament.closed`` (it started: withdraw instead),
        ``service.tournament.not_entered``."""
        info = await self.tournament(tournament_id)
        if info.status != "open":
            raise ServiceError("service.tournament.closed")
        if not await self.store.remove_entry(tournament_id, user_id):
            raise ServiceError("service.tournament.not_entered")
        return await self.tournament(tournament_id)

    async def meets_requirement(
        self,
        guild_id: str | None,
        user_id: str,
        min_completion: int | None,
        min_finished: int | None,
    ) -> None:
        """The entry requirement, judged on the player's record on the server as a
        lobby's is (``Fairness.check``: the completion rate and the finished games over
        its window); raises ``service.fair.*`` saying what is missing."""
        rate = None if min_completion is None else min_completion / 100
        await self.lobbies.fairness.check(guild_id, user_id, Requirement(rate, min_finished))

    # -- starting, withdrawing, substituting, cancelling ---------------------------------

    async def start(self, tournament_id: int, user_id: str, *, organiser: bool = False) -> Progress:
        """Start now on the organiser's word: the first round is paired and its games
        opened (the ``Progress`` to publish). Raises ``service.tournament.not_found``,
        ``service.tournament.not_organiser``, ``service.tournament.not_open``,
        ``service.tournament.too_few`` (min)."""
        info = await self.tournament(tournament_id)
        await self._organising(info, user_id, organiser)
        if info.status != "open":
            raise ServiceError("service.tournament.not_open")
        if len(info.playing) < info.table_size:
            raise ServiceError("service.tournament.too_few", min=info.table_size)
        if not await self.rounds.begin(info):
            raise ServiceError("service.tournament.not_open")
        return await self.rounds.work(tournament_id) or Progress(await self.tournament(info.id))

    async def withdraw(
        self, tournament_id: int, user_id: str, *, by: str | None = None, organiser: bool = False
    ) -> Progress:
        """``user_id`` leaves the next rounds (``by`` someone else: the organiser). An
        unfinished game of theirs ends for them by resignation (its result in
        ``Progress.ended``). Raises ``service.tournament.not_found``,
        ``service.tournament.not_organiser``, ``service.tournament.not_running``,
        ``service.tournament.not_entered``."""
        info = await self.tournament(tournament_id)
        if by is not None and by != user_id:
            await self._organising(info, by, organiser)
        if info.status == "open":
            await self.unregister(tournament_id, user_id)
            return Progress(await self.tournament(tournament_id))
        if info.status != "running":
            raise ServiceError("service.tournament.not_running")
        entrant = info.entrant(user_id)
        if entrant is None or entrant.status != "active":
            raise ServiceError("service.tournament.not_entered")
        await self.store.set_entry_status(
            tournament_id, entrant.place, user_id, "withdrawn", when_in=("active",)
        )
        log.info("tournament %d: %s withdrew (place %s)", tournament_id, user_id, entrant.place)
        ended: list[PlayResult] = []
        for table in await self.store.tables(tournament_id, info.current_round):
            if table.game_id is None or table.result is not None:
                continue
            if user_id not in table.players:
                continue
            try:
                ended.append(
                    await self.moves.resign(
                        table.game_id, user_id, reason="resign", expected_version=None
                    )
                )
            except ServiceError as exc:  # already out of it, or the game ended
                log.info(
                    "tournament %d: game %d left as it is (%s)",
                    tournament_id,
                    table.game_id,
                    exc.key,
                )
        progress = await self.rounds.work(tournament_id)
        info = await self.tournament(tournament_id)
        if progress is None:
            return Progress(info, ended=tuple(ended))
        return Progress(
            info,
            progress.round,
            progress.opened,
            progress.byes,
            (*ended, *progress.ended),
            progress.finished,
        )

    async def substitute(
        self, tournament_id: int, place: str, player: Player, by: str, *, organiser: bool = False
    ) -> TournamentInfo:
        """``player`` takes ``place`` from the next round on (the organiser's choice);
        the place's points and history go on with them. Raises
        ``service.tournament.not_found``, ``service.tournament.not_organiser``,
        ``service.tournament.not_running``, ``service.tournament.no_place``,
        ``service.tournament.already``, ``service.tournament.playing`` (the place's
        game of this round is not over: after it)."""
        info = await self.tournament(tournament_id)
        await self._organising(info, by, organiser)
        if info.status != "running":
            raise ServiceError("service.tournament.not_running")
        holder = info.holder(place)
        if holder is None:
            raise ServiceError("service.tournament.no_place", place=place)
        if any(e.user_id == player.user_id for e in info.entries):
            raise ServiceError("service.tournament.already")  # a place now, or before
        for table in await self.store.tables(tournament_id, info.current_round):
            if place in table.places and table.result is None:
                raise ServiceError("service.tournament.playing")
        done = await self.store.substitute(
            tournament_id,
            place,
            player.user_id,
            player.name,
            info.current_round + 1,
            self.pipeline.now(),
        )
        if not done:
            raise ServiceError("service.tournament.playing")
        log.info("tournament %d: %s takes place %s", tournament_id, player.user_id, place)
        return await self.tournament(tournament_id)

    async def cancel(
        self, tournament_id: int, user_id: str, *, organiser: bool = False
    ) -> TournamentInfo:
        """Stop a tournament (its games already opened go on as normal games). Raises
        ``service.tournament.not_found``, ``service.tournament.not_organiser``,
        ``service.tournament.not_running``."""
        info = await self.tournament(tournament_id)
        await self._organising(info, user_id, organiser)
        if not await self.store.set_tournament_status(
            tournament_id, "cancelled", self.pipeline.now(), when_in=("open", "running")
        ):
            raise ServiceError("service.tournament.not_running")
        return await self.tournament(tournament_id)

    # -- reading -------------------------------------------------------------------------

    async def tournament(self, tournament_id: int) -> TournamentInfo:
        """The tournament with its entrants. Raises ``service.tournament.not_found``."""
        return await self.rounds.info(tournament_id)

    async def tournaments(
        self, guild_id: str | None, channel_id: str | None = None, *, active_only: bool = True
    ) -> list[TournamentInfo]:
        """A server's tournaments (``channel_id``: opened there), newest first."""
        rows = await self.store.tournaments_in(guild_id, channel_id, active_only=active_only)
        return [await self.tournament(r.id) for r in rows]

    async def of_user(self, user_id: str) -> list[TournamentInfo]:
        """The open or running tournaments where ``user_id`` holds a place."""
        return [await self.tournament(t) for t in await self.store.tournaments_of_user(user_id)]

    async def round_list(self, tournament_id: int) -> tuple[RoundInfo, ...]:
        """Every round so far with its tables (games, byes, results)."""
        return await self.rounds.rounds(tournament_id)

    async def standings(self, tournament_id: int) -> tuple[Standing, ...]:
        """The standings now (final once it is over): points, then the tie-breaks."""
        return await self.rounds.standings(await self.tournament(tournament_id))

    async def of_game(self, game_id: int) -> tuple[TournamentInfo, int] | None:
        """The tournament a game is a table of, and its round; ``None`` for any other."""
        table = await self.store.table_of_game(game_id)
        if table is None:
            return None
        return await self.tournament(table.tournament_id), table.round

    # -- the front end's messages --------------------------------------------------------

    async def remember_message(self, tournament_id: int, kind: str, message_id: str) -> None:
        """Remember the front end's message of a kind for a tournament (``registration``:
        the registration message, redrawn when registration closes); the latest of a
        kind wins."""
        await self.store.set_tournament_message(tournament_id, kind, message_id)

    async def message_of(self, tournament_id: int, kind: str) -> str | None:
        """The id of the message of a kind the front end remembered, or ``None``."""
        return (await self.store.tournament_messages(tournament_id)).get(kind)

    # -- the periodic work, the hook and the news ----------------------------------------

    async def game_over(self, game_id: int) -> Progress | None:
        """See ``Rounds.game_over`` (the pipeline calls it when a game ends)."""
        return await self.rounds.game_over(game_id)

    async def tick(self) -> list[Progress]:
        """The periodic work (the front end's loop): every tournament on this process's
        shards with something due (a closing date, a round's deadline, ended games not
        recorded, a round left half opened by a restart) is claimed and advanced;
        what each did. Then post ``news``."""
        done = []
        now = epoch(self.pipeline.now())
        for tournament_id in await self.store.due_tournaments(now, self.pipeline.shards):
            try:
                progress = await self.rounds.work(tournament_id)
            except Exception:
                log.exception("tournament %d: its work failed; tried again later", tournament_id)
                continue
            if progress is not None:
                done.append(progress)
        return done

    async def news(self) -> list[News]:
        """Claim what is to announce in the channels of the tournaments on this
        process's shards (a round opened, a tournament over), for ``LEASE`` seconds;
        post each, then call ``posted``."""
        now = epoch(self.pipeline.now())
        worker = self.rounds.worker
        claimed = await self.store.claim_news(worker, now, now + LEASE, self.pipeline.shards)
        out = []
        for item in claimed:  # the store claimed only those of this process's shards
            info = await self.tournament(item.tournament_id)
            rounds = await self.rounds.rounds(info.id)
            found = next((r for r in rounds if r.number == item.round), None)
            standings = await self.rounds.standings(info) if item.kind == "over" else ()
            out.append(News(item.id, item.kind, info, found, standings, worker))
        return out

    async def release(self) -> int:
        """Give back every tournament's work and news this process holds (it stops
        cleanly): another process takes them up at once. How many."""
        released = await self.store.release_worker(self.rounds.worker)
        if released:
            log.info("gave back %d tournament lease(s) held by %s", released, self.rounds.worker)
        return released

    async def posted(self, news: Sequence[News], *, done: bool = True) -> None:
        """The ``news`` were posted (``done``), or give them back to post later."""
        by_worker: dict[str, list[int]] = {}
        for item in news:
            by_worker.setdefault(item.worker, []).append(item.id)
        for worker, ids in by_worker.items():
            await self.store.finish_news(worker, ids, posted=done)
