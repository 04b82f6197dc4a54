"""``GameStore``: every store method the service uses is in the protocol, and the SQLite
``Store`` and the ``PostgresStore`` have each of them with the same parameters (mypy
checks the types where a service is built over a store), each answered by the
repository of the store that owns its tables, all of them over one session object."""

from __future__ import annotations

import inspect
import re
from dataclasses import fields
from pathlib import Path

import pytest

from bot.store import GameStore, NewEntry, PostgresStore, Store, protocol, protocol_community
from bot.store.clocks import ClocksQueries
from bot.store.fairness import FairnessQueries
from bot.store.follows import FollowsQueries
from bot.store.games import GamesQueries
from bot.store.hints import HintsQueries
from bot.store.jobs import JobsQueries
from bot.store.messages import MessagesQueries
from bot.store.notices import NoticesQueries
from bot.store.ratings import RatingsQueries
from bot.store.seasons import SeasonsQueries
from bot.store.seats import SeatsQueries
from bot.store.settings import SettingsQueries
from bot.store.tournament_standings import FinalStandingsQueries
from bot.store.tournaments import TournamentsQueries

PARTS = [
    (protocol.GamesStore, GamesQueries),
    (protocol.MessagesStore, MessagesQueries),
    (protocol.SeatsStore, SeatsQueries),
    (protocol.ClocksStore, ClocksQueries),
    (protocol.SettingsStore, SettingsQueries),
    (protocol.RatingsStore, RatingsQueries),
    (protocol.JobsStore, JobsQueries),
    (protocol.HintsStore, HintsQueries),
    (protocol.SeasonsStore, SeasonsQueries),
    (protocol.TournamentsStore, TournamentsQueries),
    (protocol.FinalStandingsStore, FinalStandingsQueries),
    (protocol.FairnessStore, FairnessQueries),
    (protocol.NoticesStore, NoticesQueries),
    (protocol.FollowsStore, FollowsQueries),
]
"""Each part of the protocol and the part of the queries that owns the same tables."""

REPOSITORIES = {
    GamesQueries: "games",
    MessagesQueries: "posts",
    SeatsQueries: "seats",
    ClocksQueries: "clocks",
    SettingsQueries: "settings",
    RatingsQueries: "standings",
    JobsQueries: "jobs",
    HintsQueries: "hints",
    SeasonsQueries: "seasons",
    TournamentsQueries: "tournaments",
    FinalStandingsQueries: "finals",
    FairnessQueries: "fairness",
    NoticesQueries: "notices",
    FollowsQueries: "follows",
}
"""Where a store holds each repository."""


def own(kind: type) -> set[str]:
    return {
        name
        for name, value in vars(kind).items()
        if not name.startswith("_") and (callable(value) or isinstance(value, property))
    }


def members() -> set[str]:
    return {
        name
        for kind in GameStore.__mro__
        if kind.__module__ in (protocol.__name__, protocol_community.__name__)
        for name in own(kind)
    }


def shape(function: object) -> list[tuple[str, object, object]]:
    """Parameter names, kinds and defaults (annotations are checked by mypy)."""
    signature = inspect.signature(function)  # type: ignore[arg-type]
    return [(p.name, p.kind, p.default) for p in signature.parameters.values()]


def test_every_store_call_of_the_service_is_in_the_protocol() -> None:
    used = set()
    for path in Path("bot/service").glob("*.py"):
        used |= set(re.findall(r"\bstore\.([a-z_]+)\b", path.read_text(encoding="utf-8")))
    assert used, "the service reads no store?"
    assert sorted(used - members()) == []


@pytest.mark.parametrize("kind", [Store, PostgresStore])
def test_each_store_has_every_protocol_method_with_the_same_parameters(kind: type) -> None:
    for name in sorted(members() - {"path"}):
        wanted = getattr(GameStore, name)
        found = getattr(kind, name, None)
        assert found is not None, name
        assert inspect.iscoroutinefunction(found) == inspect.iscoroutinefunction(wanted), name
        assert shape(found) == shape(wanted), name


@pytest.mark.parametrize(("part", "queries"), PARTS, ids=lambda k: k.__name__)
def test_the_protocol_follows_the_split_of_the_queries(part: type, queries: type) -> None:
    assert own(part) <= own(queries), sorted(own(part) - own(queries))


def test_every_protocol_method_is_in_one_part() -> None:
    parts = [own(part) for part, _ in PARTS]
    assert sum(map(len, parts)) == len(set().union(*parts)) == len(members() - {"path"})


@pytest.mark.parametrize("kind", [GameStore, Store, PostgresStore])
def test_a_move_is_one_typed_entry_answered_with_the_committed_row(kind: type) -> None:
    signature = inspect.signature(kind.append_move)
    assert [(p.name, p.annotation) for p in signature.parameters.values()] == [
        ("self", inspect.Parameter.empty),
        ("entry", "NewEntry"),
    ]
    assert signature.return_annotation == "GameRow | None"
    # The entry carries everything the transaction stores, and decides a resignation.
    assert {f.name for f in fields(NewEntry)} >= {"game_id", "expected_version", "clocks"}
    assert len(fields(NewEntry)) == 15


def test_the_store_is_its_repositories_over_one_session(tmp_path: Path) -> None:
    store = Store(tmp_path / "x.sqlite3")
    for queries, attribute in REPOSITORIES.items():
        repository = getattr(store, attribute)
        assert type(repository) is queries and repository.db is store.sessions
        assert not issubclass(Store, queries), "composed, not inherited"
    # Every method of the protocol is its repository's, bound to the store's repository.
    for part, queries in PARTS:
        for name in own(part):
            method = getattr(store, name)
            assert method.__self__ is getattr(store, REPOSITORIES[queries]), name
            assert method.__func__ is vars(queries)[name], name


def test_the_sqlite_store_says_where_it_keeps_the_games(tmp_path: Path) -> None:
    store: GameStore = Store(tmp_path / "x.sqlite3")
    assert store.path == str(tmp_path / "x.sqlite3")
