"""The queries of the store, shared by its two backends: a transaction per move, every read.

The move log is the truth; ``games.snapshot`` is a cache of the state after the last
move that the service checks against a replay of the log when it loads a game. A move
commits only if the game is still at the version the mover saw (a conditional
``UPDATE games ... WHERE version = ?`` inside the move's transaction), so of two
simultaneous moves exactly one applies, on SQLite and on PostgreSQL alike.

``SqlStore`` holds every query, written once in the SQL both databases speak (``?``
placeholders, which the PostgreSQL backend numbers); a backend (``bot.store.sqlite``,
``bot.store.postgres``) supplies the connection, its transactions (``Session``), its
errors and the few fragments that differ (``Dialect``).

The queries live by concern, each a repository in its module over the tables it owns:
``games`` (games and moves), ``messages`` (the messages posted and the revision claims),
``seats`` (seats and lobbies), ``clocks`` (clocks,
reminders, time away), ``settings`` (server settings and player preferences),
``ratings`` (results and ratings: the store's ``standings``), ``jobs`` (the claimed
restart work), ``hints`` (the hints each seat took), ``seasons``, ``fairness`` (how
players end their games, a lobby's requirements), ``follows`` (per-game mutes and
followers), ``tournaments`` (a server's events, their places, rounds and tables),
``tournament_standings`` (a tournament's end and its frozen final table: the store's
``finals``) and
``notices`` (the outbox of messages to players that wait). ``SqlStore`` is composed of
them, each built over the store's one ``Sessions`` (``session``), and answers each
method of ``GameStore`` through the repository that owns it (``via``).
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, overload

from bot.store.clocks import CLAIM_DUE, CLAIM_DUE_ON_SHARDS, ClocksQueries, claim_statement
from bot.store.fairness import FairnessQueries
from bot.store.follows import FollowsQueries
from bot.store.games import GamesQueries
from bot.store.hints import HintsQueries
from bot.store.jobs import AI_TURNS, BEHIND, INSTANCE, JobsQueries, behind_job, job_candidates
from bot.store.messages import MessagesQueries
from bot.store.notices import NoticesQueries
from bot.store.ratings import RatingsQueries
from bot.store.seasons import SeasonsQueries
from bot.store.seats import SeatsQueries
from bot.store.session import DEFAULT_DB, Dialect, Repository, SqlBase, default_path, on_shards
from bot.store.settings import SettingsQueries
from bot.store.sql import Session
from bot.store.tournament_standings import FinalStandingsQueries
from bot.store.tournaments import TournamentsQueries

__all__ = [
    "AI_TURNS",
    "BEHIND",
    "CLAIM_DUE",
    "INSTANCE",
    "CLAIM_DUE_ON_SHARDS",
    "DEFAULT_DB",
    "Dialect",
    "Session",
    "SqlBase",
    "SqlStore",
    "behind_job",
    "claim_statement",
    "default_path",
    "job_candidates",
    "on_shards",
    "via",
]


P = ParamSpec("P")
R = TypeVar("R")
Part = TypeVar("Part", bound=Repository)


class Via(Generic[Part, P, R]):
    """A method of the store answered by one of its repositories (``via``)."""

    def __init__(
        self, part: str, method: Callable[Concatenate[Part, P], Coroutine[Any, Any, R]]
    ) -> None:
        self.part = part
        self.method = method

    @overload
    def __get__(
        self, store: None, owner: type
    ) -> Callable[Concatenate[Part, P], Coroutine[Any, Any, R]]: ...

    @overload
    def __get__(self, store: object, owner: type) -> Callable[P, Coroutine[Any, Any, R]]: ...

    def __get__(self, store: object, owner: type) -> Any:
        if store is None:  # the class's: the repository's method (its signature)
            return self.method
        return self.method.__get__(getattr(store, self.part))


def via(
    part: str, method: Callable[Concatenate[Part, P], Coroutine[Any, Any, R]]
) -> Via[Part, P, R]:
    """The store's ``method``, answered by its repository ``part``, with the same
    parameters (and types: mypy checks the store against ``GameStore`` through them)."""
    return Via(part, method)


class SqlStore(SqlBase):
    """The queries of a store over a backend's ``Session``s: its repositories, each by
    concern over the one ``sessions``, and every method of ``GameStore`` through the
    repository that owns it. Open with ``await Cls.open(target)`` or ``async with``;
    close it."""

    def __init__(self, path: str, migrations: Sequence[str]) -> None:
        super().__init__(path, migrations)
        self.games = GamesQueries(self.sessions)
        self.posts = MessagesQueries(self.sessions)
        self.seats = SeatsQueries(self.sessions)
        self.clocks = ClocksQueries(self.sessions)
        self.settings = SettingsQueries(self.sessions)
        self.standings = RatingsQueries(self.sessions)
        self.jobs = JobsQueries(self.sessions)
        self.hints = HintsQueries(self.sessions)
        self.seasons = SeasonsQueries(self.sessions)
        self.tournaments = TournamentsQueries(self.sessions)
        self.finals = FinalStandingsQueries(self.sessions)
        self.fairness = FairnessQueries(self.sessions)
        self.notices = NoticesQueries(self.sessions)
        self.follows = FollowsQueries(self.sessions)

    # games: GamesQueries
    create_game = via("games", GamesQueries.create_game)
    game = via("games", GamesQueries.game)
    games_in_channel = via("games", GamesQueries.games_in_channel)
    games_of_user = via("games", GamesQueries.games_of_user)
    running_games = via("games", GamesQueries.running_games)
    running_games_behind = via("games", GamesQueries.running_games_behind)
    game_for_thread = via("games", GamesQueries.game_for_thread)
    game_ids = via("games", GamesQueries.game_ids)
    revisions = via("games", GamesQueries.revisions)
    count_games = via("games", GamesQueries.count_games)
    set_status = via("games", GamesQueries.set_status)
    append_move = via("games", GamesQueries.append_move)
    undo = via("games", GamesQueries.undo)
    undone_moves = via("games", GamesQueries.undone_moves)
    undo_sizes = via("games", GamesQueries.undo_sizes)
    moves = via("games", GamesQueries.moves)
    entry_at = via("games", GamesQueries.entry_at)
    log_revision = via("games", GamesQueries.log_revision)
    repair_snapshot = via("games", GamesQueries.repair_snapshot)
    set_rematch = via("games", GamesQueries.set_rematch)
    rematch_of = via("games", GamesQueries.rematch_of)
    previous_game = via("games", GamesQueries.previous_game)
    set_thread = via("games", GamesQueries.set_thread)
    # posts: MessagesQueries
    set_message = via("posts", MessagesQueries.set_message)
    record_messages = via("posts", MessagesQueries.record_messages)
    claim_revision = via("posts", MessagesQueries.claim_revision)
    unclaim_revision = via("posts", MessagesQueries.unclaim_revision)
    messages = via("posts", MessagesQueries.messages)
    set_tournament_message = via("posts", MessagesQueries.set_tournament_message)
    tournament_messages = via("posts", MessagesQueries.tournament_messages)
    # seats: SeatsQueries
    user_names = via("seats", SeatsQueries.user_names)
    add_seat = via("seats", SeatsQueries.add_seat)
    remove_seat = via("seats", SeatsQueries.remove_seat)
    start_game = via("seats", SeatsQueries.start_game)
    # clocks: ClocksQueries
    claim_reminders = via("clocks", ClocksQueries.claim_reminders)
    finish_reminders = via("clocks", ClocksQueries.finish_reminders)
    reschedule_clock = via("clocks", ClocksQueries.reschedule_clock)
    reschedule_clocks = via("clocks", ClocksQueries.reschedule_clocks)
    clocks_of_user = via("clocks", ClocksQueries.clocks_of_user)
    away_until = via("clocks", ClocksQueries.away_until)
    set_away = via("clocks", ClocksQueries.set_away)
    due_count = via("clocks", ClocksQueries.due_count)
    # settings: SettingsQueries
    guild_language = via("settings", SettingsQueries.guild_language)
    set_guild_language = via("settings", SettingsQueries.set_guild_language)
    guild_settings = via("settings", SettingsQueries.guild_settings)
    save_guild_settings = via("settings", SettingsQueries.save_guild_settings)
    user_settings = via("settings", SettingsQueries.user_settings)
    save_user_settings = via("settings", SettingsQueries.save_user_settings)
    set_client_language = via("settings", SettingsQueries.set_client_language)
    # standings: RatingsQueries
    results = via("standings", RatingsQueries.results)
    finished_results = via("standings", RatingsQueries.finished_results)
    ratings = via("standings", RatingsQueries.ratings)
    ratings_of_user = via("standings", RatingsQueries.ratings_of_user)
    save_ratings = via("standings", RatingsQueries.save_ratings)
    # jobs: JobsQueries
    claim_games = via("jobs", JobsQueries.claim_games)
    renew_game = via("jobs", JobsQueries.renew_game)
    release_games = via("jobs", JobsQueries.release_games)
    # hints: HintsQueries
    record_hint = via("hints", HintsQueries.record_hint)
    hint_counts = via("hints", HintsQueries.hint_counts)
    hints_of_user = via("hints", HintsQueries.hints_of_user)
    # seasons: SeasonsQueries
    seasons_of = via("seasons", SeasonsQueries.seasons_of)
    start_season = via("seasons", SeasonsQueries.start_season)
    end_season = via("seasons", SeasonsQueries.end_season)
    season_ratings = via("seasons", SeasonsQueries.season_ratings)
    games_ended = via("seasons", SeasonsQueries.games_ended)
    # tournaments: TournamentsQueries
    create_tournament = via("tournaments", TournamentsQueries.create_tournament)
    tournament = via("tournaments", TournamentsQueries.tournament)
    tournaments_in = via("tournaments", TournamentsQueries.tournaments_in)
    set_tournament_status = via("tournaments", TournamentsQueries.set_tournament_status)
    start_tournament = via("tournaments", TournamentsQueries.start_tournament)
    claim_tournament = via("tournaments", TournamentsQueries.claim_tournament)
    release_tournament = via("tournaments", TournamentsQueries.release_tournament)
    due_tournaments = via("tournaments", TournamentsQueries.due_tournaments)
    entries = via("tournaments", TournamentsQueries.entries)
    add_entry = via("tournaments", TournamentsQueries.add_entry)
    remove_entry = via("tournaments", TournamentsQueries.remove_entry)
    set_entry_status = via("tournaments", TournamentsQueries.set_entry_status)
    substitute = via("tournaments", TournamentsQueries.substitute)
    tournaments_of_user = via("tournaments", TournamentsQueries.tournaments_of_user)
    add_round = via("tournaments", TournamentsQueries.add_round)
    set_round_status = via("tournaments", TournamentsQueries.set_round_status)
    rounds = via("tournaments", TournamentsQueries.rounds)
    tables = via("tournaments", TournamentsQueries.tables)
    table_of_game = via("tournaments", TournamentsQueries.table_of_game)
    set_table_game = via("tournaments", TournamentsQueries.set_table_game)
    record_table = via("tournaments", TournamentsQueries.record_table)
    release_worker = via("tournaments", TournamentsQueries.release_worker)
    claim_news = via("tournaments", TournamentsQueries.claim_news)
    finish_news = via("tournaments", TournamentsQueries.finish_news)
    # a tournament's end and final standings: FinalStandingsQueries
    finish_tournament = via("finals", FinalStandingsQueries.finish_tournament)
    final_standings = via("finals", FinalStandingsQueries.final_standings)
    freeze_standings = via("finals", FinalStandingsQueries.freeze_standings)
    # fairness: FairnessQueries
    play_records = via("fairness", FairnessQueries.play_records)
    playing_counts = via("fairness", FairnessQueries.playing_counts)
    lobby_requirement = via("fairness", FairnessQueries.lobby_requirement)
    set_lobby_requirement = via("fairness", FairnessQueries.set_lobby_requirement)
    # notices: NoticesQueries
    add_notices = via("notices", NoticesQueries.add_notices)
    claim_notices = via("notices", NoticesQueries.claim_notices)
    finish_notices = via("notices", NoticesQueries.finish_notices)
    postpone_notices = via("notices", NoticesQueries.postpone_notices)
    drop_notices = via("notices", NoticesQueries.drop_notices)
    pending_notices = via("notices", NoticesQueries.pending_notices)
    # follows: FollowsQueries
    set_follow = via("follows", FollowsQueries.set_follow)
    follows_of_game = via("follows", FollowsQueries.follows_of_game)
    follows_of_user = via("follows", FollowsQueries.follows_of_user)
