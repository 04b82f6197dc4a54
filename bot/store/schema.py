"""The database schema as numbered migrations, and applying the missing ones in order.

Each migration is a script of statements applied in one transaction together with its
row in ``schema_version``; a database newer than the code is refused. ``MIGRATIONS`` are
SQLite's; ``POSTGRES_MIGRATIONS`` (in ``schema_postgres``) are the same steps, with the
same numbers, tables, columns and constraints, in PostgreSQL's words.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import UTC, datetime

from bot.store.errors import StoreError
from bot.store.sql import Session

log = logging.getLogger("campfire.store.schema")

MIGRATIONS: tuple[str, ...] = (
    # 1: the core tables
    """
    CREATE TABLE guild_settings (
        guild_id   TEXT PRIMARY KEY,
        language   TEXT,
        updated_at TEXT NOT NULL
    );
    CREATE TABLE games (
        id              INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id        TEXT,
        channel_id      TEXT NOT NULL,
        thread_id       TEXT,
        rules           TEXT NOT NULL,
        rules_version   INTEGER NOT NULL,
        options         TEXT NOT NULL,
        seed            TEXT NOT NULL,
        status          TEXT NOT NULL
                        CHECK (status IN ('lobby', 'running', 'over', 'aborted')),
        version         INTEGER NOT NULL DEFAULT 0,
        creator         TEXT NOT NULL,
        min_seats       INTEGER NOT NULL,
        max_seats       INTEGER NOT NULL,
        created_at      TEXT NOT NULL,
        updated_at      TEXT NOT NULL,
        turn_started_at TEXT,
        resigned        TEXT,
        snapshot        TEXT
    );
    CREATE INDEX games_by_channel ON games (channel_id, status);
    CREATE INDEX games_by_thread ON games (thread_id);
    CREATE TABLE seats (
        game_id   INTEGER NOT NULL REFERENCES games (id),
        position  INTEGER NOT NULL,
        user_id   TEXT NOT NULL,
        name      TEXT NOT NULL,
        joined_at TEXT NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX seats_by_user ON seats (user_id);
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq     INTEGER NOT NULL,
        seat    TEXT NOT NULL,
        code    TEXT NOT NULL,
        label   TEXT NOT NULL,
        at      TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE messages (
        game_id    INTEGER NOT NULL REFERENCES games (id),
        kind       TEXT NOT NULL,
        message_id TEXT NOT NULL,
        PRIMARY KEY (game_id, kind)
    );
    """,
    # 2: the move log is append-only, enforced by the database itself
    """
    CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
    BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END;
    CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
    BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END;
    """,
    # 3: contract v2. What the table read of each entry (public label when it differs,
    # notes, undoable); final results written with the last entry; undo records that
    # keep undone entries (the log stays append-only); a resignation becomes a log entry.
    """
    ALTER TABLE moves ADD COLUMN public_label TEXT;
    ALTER TABLE moves ADD COLUMN notes TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE moves ADD COLUMN undoable INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE results (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seat    TEXT NOT NULL,
        rank    INTEGER NOT NULL,
        score   INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX results_by_seat ON results (seat);
    CREATE TABLE undos (
        id       INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id  INTEGER NOT NULL REFERENCES games (id),
        revision INTEGER NOT NULL,
        by_seat  TEXT NOT NULL,
        at       TEXT NOT NULL
    );
    CREATE TABLE undone_moves (
        game_id INTEGER NOT NULL,
        seq     INTEGER NOT NULL,
        undo_id INTEGER NOT NULL REFERENCES undos (id),
        PRIMARY KEY (game_id, seq),
        FOREIGN KEY (game_id, seq) REFERENCES moves (game_id, seq)
    );
    INSERT INTO moves (game_id, seq, seat, code, label, at)
        SELECT id, version, resigned, '!resign',
               json_object('key', 'seat.resign', 'params', json_object('seat', resigned)),
               updated_at
        FROM games WHERE resigned IS NOT NULL;
    UPDATE games SET version = version + 1 WHERE resigned IS NOT NULL;
    """,
    # 4: ratings per server ('' outside one) and rule set, kept up to date from the
    # results; rated_games says which finished games they already count; rematches links
    # a lobby opened by a game's Rematch button to that game (one each).
    """
    CREATE TABLE ratings (
        guild_id TEXT NOT NULL,
        rules    TEXT NOT NULL,
        user_id  TEXT NOT NULL,
        mu       REAL NOT NULL,
        sigma    REAL NOT NULL,
        games    INTEGER NOT NULL,
        wins     INTEGER NOT NULL,
        PRIMARY KEY (guild_id, rules, user_id)
    );
    CREATE INDEX ratings_by_user ON ratings (guild_id, user_id);
    CREATE TABLE rated_games (
        game_id INTEGER PRIMARY KEY REFERENCES games (id)
    );
    CREATE TABLE rematches (
        game_id  INTEGER PRIMARY KEY REFERENCES games (id),
        previous INTEGER NOT NULL UNIQUE REFERENCES games (id)
    );
    """,
    # 5: playing over days. Each game's turn clock (hours, NULL = none) and timeout
    # policy; who was played for by the clock; the server's defaults; each seat to act's
    # clock (times in Unix seconds: its turn's start, its deadline, paused while away);
    # the due table the reminder loop reads through its index (each row carries its
    # clock's start and deadline: a clock that changes replaces its rows in the same
    # transaction, so a row that exists is current), claimed by a lease so two
    # processes never send one reminder twice (and a covering index of the games' columns
    # it reads, which come after the snapshot in each row); time away; direct-message
    # opt-in.
    """
    ALTER TABLE games ADD COLUMN clock_hours INTEGER;
    ALTER TABLE games ADD COLUMN timeout_policy TEXT NOT NULL DEFAULT 'remind';
    ALTER TABLE moves ADD COLUMN by_clock INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE guild_settings ADD COLUMN clock_hours INTEGER;
    ALTER TABLE guild_settings ADD COLUMN timeout_policy TEXT;
    ALTER TABLE guild_settings ADD COLUMN nudge_hours INTEGER;
    ALTER TABLE guild_settings ADD COLUMN max_away_days INTEGER;
    ALTER TABLE guild_settings ADD COLUMN games_channel TEXT;
    CREATE TABLE turn_clocks (
        game_id   INTEGER NOT NULL REFERENCES games (id),
        seat      TEXT NOT NULL,
        revision  INTEGER NOT NULL,
        started   INTEGER NOT NULL,
        deadline  INTEGER,
        paused    INTEGER,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX turn_clocks_by_seat ON turn_clocks (seat);
    CREATE TABLE reminders (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id       INTEGER NOT NULL REFERENCES games (id),
        seat          TEXT NOT NULL,
        kind          TEXT NOT NULL
                      CHECK (kind IN ('half', 'hour', 'deadline', 'nudge', 'back')),
        due           INTEGER NOT NULL,
        revision      INTEGER NOT NULL,
        started       INTEGER NOT NULL,
        deadline      INTEGER,
        claimed_by    TEXT,
        claimed_until INTEGER
    );
    CREATE INDEX reminders_due ON reminders (due);
    CREATE INDEX games_for_clocks ON games (id, status, version, rules, guild_id, channel_id,
        thread_id, timeout_policy, clock_hours);
    CREATE INDEX reminders_by_seat ON reminders (game_id, seat);
    CREATE TABLE away (
        user_id TEXT PRIMARY KEY,
        since   INTEGER NOT NULL,
        until   INTEGER NOT NULL
    );
    CREATE TABLE user_settings (
        user_id   TEXT PRIMARY KEY,
        notify_dm INTEGER NOT NULL DEFAULT 0,
        dm_closed INTEGER NOT NULL DEFAULT 0
    );
    """,
    # 6: AI seats. A seat played by the AI stores its level (NULL: a person).
    """
    ALTER TABLE seats ADD COLUMN ai_level TEXT;
    """,
    # 7: the work a restart finds undone in a game (its table's catch-up, its AI seats'
    # turns), claimed game by game by a lease like the reminders, so two processes
    # serving the same shards never both do it. A row lives while a process holds (or
    # a crashed one held) the job; the holder deletes it when done.
    """
    CREATE TABLE game_jobs (
        game_id       INTEGER NOT NULL REFERENCES games (id),
        job           TEXT NOT NULL,
        claimed_by    TEXT,
        claimed_until INTEGER,
        PRIMARY KEY (game_id, job)
    );
    """,
    # 8: hints. Each hint a seat took, once per revision (asking again at the same
    # revision gives the same hint); a server that turns hints off (NULL: on).
    """
    CREATE TABLE hints (
        game_id  INTEGER NOT NULL REFERENCES games (id),
        seat     TEXT NOT NULL,
        revision INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat, revision)
    );
    ALTER TABLE guild_settings ADD COLUMN hints INTEGER;
    """,
    # 9: the layout a player's private views answer in (``/campfire me layout:``);
    # NULL: the default (``phone``). Their direct-message choice stays as it was.
    """
    ALTER TABLE user_settings ADD COLUMN layout TEXT;
    """,
    # 10: what pictures a server's game threads get (NULL: the default, card and board).
    """
    ALTER TABLE guild_settings ADD COLUMN pictures TEXT;
    """,
    # 11: whether a server's messages carry a link to the web companion (NULL: yes,
    # when the bot has one; 0: no link, and the companion answers none of its pages).
    """
    ALTER TABLE guild_settings ADD COLUMN web_links INTEGER;
    """,
    # 12: seasons of a server: a name (unique on the server), when it started and ended
    # (NULL: it runs; at most one runs per server, a unique index says so), and the
    # final table of each rule set, frozen in the transaction that ends the season.
    """
    CREATE TABLE seasons (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id   TEXT NOT NULL,
        name       TEXT NOT NULL,
        started_at TEXT NOT NULL,
        ended_at   TEXT,
        UNIQUE (guild_id, name)
    );
    CREATE UNIQUE INDEX seasons_running ON seasons (guild_id) WHERE ended_at IS NULL;
    CREATE TABLE season_ratings (
        season_id INTEGER NOT NULL REFERENCES seasons (id),
        rules     TEXT NOT NULL,
        user_id   TEXT NOT NULL,
        mu        REAL NOT NULL,
        sigma     REAL NOT NULL,
        games     INTEGER NOT NULL,
        wins      INTEGER NOT NULL,
        PRIMARY KEY (season_id, rules, user_id)
    );
    """,
    # 13: a fair table (completion rates, a lobby's requirements): who stopped a game
    # (``aborted_by``: its creator or a moderator; NULL for a lobby that closed and for
    # games stopped before this step), and what a lobby asks of those who join it (a
    # completion rate in percent, a number of finished games; NULL: nothing).
    """
    ALTER TABLE games ADD COLUMN aborted_by TEXT;
    CREATE TABLE lobby_requirements (
        game_id        INTEGER PRIMARY KEY REFERENCES games (id),
        min_completion INTEGER,
        min_finished   INTEGER
    );
    """,
    # 14: a server's cap on the games one player plays at once (NULL: no cap).
    """
    ALTER TABLE guild_settings ADD COLUMN max_games INTEGER;
    """,
    # 15: a player's notices (``/campfire me``): their time zone (an IANA name), quiet
    # hours (``22:00-08:00``), how often they are told (``turn``, ``digest``,
    # ``reminders``) and when the digest comes (``18:00`` or ``6h``); a server's default
    # frequency and digest time for its members. NULL: the default (UTC, no quiet hours,
    # every turn, 18:00).
    """
    ALTER TABLE user_settings ADD COLUMN timezone TEXT;
    ALTER TABLE user_settings ADD COLUMN quiet TEXT;
    ALTER TABLE user_settings ADD COLUMN frequency TEXT;
    ALTER TABLE user_settings ADD COLUMN digest TEXT;
    ALTER TABLE guild_settings ADD COLUMN frequency TEXT;
    ALTER TABLE guild_settings ADD COLUMN digest TEXT;
    """,
    # 16: the notices outbox: every message to a player that waits (quiet hours, a
    # digest) is a row, sent once: ``dedupe`` is unique (two processes deciding the same
    # event store one row), a pass claims the due rows with a lease like ``reminders``
    # and ``game_jobs``, and ``sent`` marks them done (kept a week, so that an event
    # decided again finds its key).
    """
    CREATE TABLE notices (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id       TEXT NOT NULL,
        kind          TEXT NOT NULL,
        game_id       INTEGER,
        due           INTEGER NOT NULL,
        payload       TEXT NOT NULL,
        dedupe        TEXT NOT NULL UNIQUE,
        claimed_by    TEXT,
        claimed_until INTEGER,
        sent          INTEGER
    );
    CREATE INDEX notices_due ON notices (due);
    CREATE INDEX notices_by_user ON notices (user_id, kind);
    """,
    # 17: per-game choices (``/campfire follow``): a player mutes a game's pings
    # (``mute``: reminders still come; ``mute_all``: nothing), someone without a seat
    # follows it by direct message (``result``: its end; ``turns``: every turn too).
    """
    CREATE TABLE game_follows (
        game_id INTEGER NOT NULL REFERENCES games (id),
        user_id TEXT NOT NULL,
        mode    TEXT NOT NULL CHECK (mode IN ('mute', 'mute_all', 'result', 'turns')),
        since   INTEGER NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX game_follows_by_user ON game_follows (user_id);
    """,
    # 18: tournaments: a server's events (their game, clock, format, registration and the
    # lease of the process doing their work), their places (each held by one entry at
    # a time: a substitute's entry takes the place of a withdrawn or substituted one),
    # their rounds, the tables of each round (linked to the game opened for it, and the
    # placings once it ended), the news the front end posts (claimed like reminders),
    # and the role a server names for organisers (NULL: Manage Server only).
    """
    CREATE TABLE tournaments (
        id             INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id       TEXT,
        channel_id     TEXT NOT NULL,
        organiser      TEXT NOT NULL,
        title          TEXT NOT NULL,
        rules          TEXT NOT NULL,
        options        TEXT NOT NULL,
        clock_hours    INTEGER,
        timeout_policy TEXT NOT NULL,
        format         TEXT NOT NULL CHECK (format IN ('swiss', 'round_robin')),
        rounds         INTEGER NOT NULL,
        table_size     INTEGER NOT NULL,
        cap            INTEGER,
        closes_at      INTEGER,
        round_hours    INTEGER,
        min_completion INTEGER,
        min_finished   INTEGER,
        status         TEXT NOT NULL
                       CHECK (status IN ('open', 'running', 'over', 'cancelled')),
        current_round  INTEGER NOT NULL DEFAULT 0,
        created_at     TEXT NOT NULL,
        updated_at     TEXT NOT NULL,
        claimed_by     TEXT,
        claimed_until  INTEGER
    );
    CREATE INDEX tournaments_by_status ON tournaments (status, guild_id);
    CREATE INDEX tournaments_by_channel ON tournaments (channel_id, status);
    CREATE TABLE tournament_entries (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        place         TEXT NOT NULL,
        user_id       TEXT NOT NULL,
        name          TEXT NOT NULL,
        status        TEXT NOT NULL
                      CHECK (status IN ('registered', 'active', 'withdrawn', 'substituted')),
        joined_at     TEXT NOT NULL,
        from_round    INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (tournament_id, place, user_id)
    );
    CREATE INDEX tournament_entries_by_user ON tournament_entries (user_id, status);
    CREATE TABLE tournament_rounds (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        number        INTEGER NOT NULL,
        status        TEXT NOT NULL CHECK (status IN ('opening', 'running', 'over')),
        opened_at     TEXT NOT NULL,
        deadline      INTEGER,
        PRIMARY KEY (tournament_id, number)
    );
    CREATE TABLE tournament_tables (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        round         INTEGER NOT NULL,
        number        INTEGER NOT NULL,
        places        TEXT NOT NULL,
        players       TEXT NOT NULL,
        game_id       INTEGER REFERENCES games (id),
        result        TEXT,
        PRIMARY KEY (tournament_id, round, number)
    );
    CREATE UNIQUE INDEX tournament_tables_by_game ON tournament_tables (game_id);
    CREATE TABLE tournament_news (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        kind          TEXT NOT NULL,
        round         INTEGER NOT NULL,
        claimed_by    TEXT,
        claimed_until INTEGER,
        posted        INTEGER NOT NULL DEFAULT 0,
        UNIQUE (tournament_id, kind, round)
    );
    ALTER TABLE guild_settings ADD COLUMN organiser_role TEXT;
    """,
    # 19: the messages a front end remembers of a tournament (its registration message, to
    # edit it when registration closes), one per kind, the latest wins
    """
    CREATE TABLE tournament_messages (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        kind          TEXT NOT NULL,
        message_id    TEXT NOT NULL,
        PRIMARY KEY (tournament_id, kind)
    );
    """,
    # 20: a tournament's final standings, frozen in the transaction that ends it (every
    # place's line as announced: its rank and order, holder, points, tie-breaks, the
    # criterion that separated it; points as fractions in text, ``3/2``), so that what
    # is shown of an ended tournament never moves with the ratings afterwards.
    """
    CREATE TABLE tournament_standings (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        line          INTEGER NOT NULL,
        place         TEXT NOT NULL,
        rank          INTEGER NOT NULL,
        user_id       TEXT NOT NULL,
        name          TEXT NOT NULL,
        status        TEXT NOT NULL,
        points        TEXT NOT NULL,
        opponents     TEXT NOT NULL,
        scored        REAL NOT NULL,
        rating        REAL,
        played        INTEGER NOT NULL,
        byes          INTEGER NOT NULL,
        separated_by  TEXT,
        PRIMARY KEY (tournament_id, line),
        UNIQUE (tournament_id, place)
    );
    """,
    # 21: a player's own language, the one their direct messages speak: ``language`` chosen
    # with ``/campfire me language:`` (``en``, ``fr``; NULL: automatic), and
    # ``client_language``, that of the Discord client they last used with Campfire (NULL:
    # unknown, or one Campfire does not speak)
    """
    ALTER TABLE user_settings ADD COLUMN language TEXT;
    ALTER TABLE user_settings ADD COLUMN client_language TEXT;
    """,
)


async def migrate(db: Session, migrations: Sequence[str], path: str) -> None:
    """Apply the migrations ``db`` lacks; the caller holds an open transaction."""
    await db.execute(
        "CREATE TABLE IF NOT EXISTS schema_version "
        "(version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
    )
    rows = await db.rows("SELECT COALESCE(MAX(version), 0) FROM schema_version")
    current = int(rows[0][0]) if rows else 0
    if current > len(migrations):
        raise StoreError("store.newer_schema", path=path, version=current, known=len(migrations))
    for number, script in enumerate(migrations, start=1):
        if number <= current:
            continue
        for statement in statements(script):
            await db.execute(statement)
        await db.execute(
            "INSERT INTO schema_version (version, applied_at) VALUES (?, ?)",
            (number, datetime.now(UTC).isoformat()),
        )
        log.info("database %s migrated to schema version %d", path, number)


def statements(script: str) -> list[str]:
    """Split a migration script into statements (triggers keep their inner ``;``)."""
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines():
        buffer += line + "\n"
        if line.rstrip().endswith(";") and complete(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        statements.append(buffer.strip())
    return statements


def complete(statement: str) -> bool:
    upper = statement.upper()
    if upper.count("$$") % 2:  # inside a PostgreSQL function's body
        return False
    if "CREATE TRIGGER" in upper and "BEGIN" in upper:  # a SQLite trigger's body
        return upper.rstrip().endswith("END;")
    return True
