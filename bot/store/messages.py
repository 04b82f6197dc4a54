"""The messages the front ends remember of a game (``messages`` table): the posted
messages by kind, and the claim of announcing a revision (claim, record, give back).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.store.jobs import successor_prefix
from bot.store.session import Repository


class MessagesQueries(Repository):
    """The ``messages`` table: ``{kind: message_id}`` per game, and the revision claims
    kept in it."""

    async def set_message(self, game_id: int, kind: str, message_id: str) -> None:
        async with self.db.session() as db:  # one statement: its own transaction
            await db.execute(
                "INSERT INTO messages (game_id, kind, message_id) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id, kind) DO UPDATE SET message_id = excluded.message_id",
                (game_id, kind, message_id),
            )

    async def record_messages(
        self,
        game_id: int,
        messages: Mapping[str, str],
        *,
        revision: tuple[str, int] | None = None,
    ) -> None:
        """Remember several messages at once (``{kind: message_id}``, the latest wins)
        and (``revision``: ``(kind, version)``) that the table has seen ``version``,
        never going back: the message ``kind`` records the highest revision stored
        (an unreadable record is replaced). One transaction."""
        upsert = (
            "INSERT INTO messages (game_id, kind, message_id) VALUES (?, ?, ?) "
            "ON CONFLICT (game_id, kind) DO UPDATE SET message_id = excluded.message_id"
        )
        async with self.db.transaction() as db:
            await db.executemany(upsert, [(game_id, k, m) for k, m in messages.items()])
            if revision is None:
                return
            kind, version = revision
            known = await db.rows(
                "SELECT message_id FROM messages WHERE game_id = ? AND kind = ?", (game_id, kind)
            )
            text = str(known[0][0]) if known else ""
            pending = parse_claim(text)
            if pending is not None and pending[0] > version:
                return  # a later revision is being posted: its post records it
            if not text.isdigit() or int(text) < version:
                await db.execute(upsert, (game_id, kind, str(version)))

    async def claim_revision(
        self, game_id: int, kind: str, revision: int, *, holder: str = "", at: int = 0
    ) -> str | None:
        """Claim the posting of ``revision`` at a game's table: the message ``kind``
        (``announced``) records a *pending* claim of ``revision`` by ``holder`` at ``at``
        (seconds) if it records a lower revision (posted or pending), none, an
        unreadable one, or a pending claim its holder abandoned (``abandoned``: a dead
        predecessor of ``holder``, or older than ``CLAIM_LEASE``), by a compare-and-set on
        the text read (one conditional write, so of two processes claiming one revision,
        one gets it). The claim becomes the posted revision once the post is made
        (``record_messages``); a process killed in between leaves a pending claim that
        the next start (or anyone after the lease) takes over. Returns the revision
        last posted (``""``: none known), for ``unclaim_revision`` and to name the moves
        missed; ``None`` when the revision (or a later one) is claimed already."""
        for _ in range(8):  # each round is lost only to a claim made meanwhile
            known = await self.db.fetchall(
                "SELECT message_id FROM messages WHERE game_id = ? AND kind = ?", (game_id, kind)
            )
            if not known:
                if await self.db.update(
                    "INSERT INTO messages (game_id, kind, message_id) VALUES (?, ?, ?) "
                    "ON CONFLICT (game_id, kind) DO NOTHING",
                    (game_id, kind, pending_claim(revision, "", at, holder)),
                ):
                    return ""
                continue
            text = str(known[0][0])
            pending = parse_claim(text)
            if text.isdigit():
                if int(text) >= revision:
                    return None
                before = text
            elif pending is not None:
                claimed, last, since, by = pending
                if claimed >= revision and not abandoned(since, by, holder, at):
                    return None
                # a later revision supersedes a live claim (whose post names its moves);
                # an abandoned one is taken over from the revision last posted
                before = last if abandoned(since, by, holder, at) else str(claimed)
            else:
                before = text  # unreadable: replaced, and given back as it was
            if await self.db.update(
                "UPDATE messages SET message_id = ? WHERE game_id = ? AND kind = ? "
                "AND message_id = ?",
                (pending_claim(revision, before, at, holder), game_id, kind, text),
            ):
                return before
        return None

    async def unclaim_revision(
        self, game_id: int, kind: str, revision: int, before: str, *, holder: str = ""
    ) -> bool:
        """Give back a claim of ``claim_revision`` whose posting failed: ``kind`` records
        ``before`` again (``""``: nothing), unless a later revision was claimed since."""
        known = await self.db.fetchall(
            "SELECT message_id FROM messages WHERE game_id = ? AND kind = ?", (game_id, kind)
        )
        if not known:
            return False
        text = str(known[0][0])
        pending = parse_claim(text)
        if pending is None or pending[0] != revision or pending[3] != holder:
            return False
        if before:
            return await self.db.update(
                "UPDATE messages SET message_id = ? WHERE game_id = ? AND kind = ? "
                "AND message_id = ?",
                (before, game_id, kind, text),
            )
        return await self.db.update(
            "DELETE FROM messages WHERE game_id = ? AND kind = ? AND message_id = ?",
            (game_id, kind, text),
        )

    async def messages(self, game_id: int) -> dict[str, str]:
        rows = await self.db.fetchall(
            "SELECT kind, message_id FROM messages WHERE game_id = ? ORDER BY kind", (game_id,)
        )
        return {str(kind): str(message_id) for kind, message_id in rows}

    async def set_tournament_message(self, tournament_id: int, kind: str, message_id: str) -> None:
        async with self.db.session() as db:  # one statement: its own transaction
            await db.execute(
                "INSERT INTO tournament_messages (tournament_id, kind, message_id) "
                "VALUES (?, ?, ?) ON CONFLICT (tournament_id, kind) "
                "DO UPDATE SET message_id = excluded.message_id",
                (tournament_id, kind, message_id),
            )

    async def tournament_messages(self, tournament_id: int) -> dict[str, str]:
        rows = await self.db.fetchall(
            "SELECT kind, message_id FROM tournament_messages WHERE tournament_id = ? "
            "ORDER BY kind",
            (tournament_id,),
        )
        return {str(kind): str(message_id) for kind, message_id in rows}


CLAIM_LEASE = 120
"""Seconds after which a pending claim of posting a revision (``claim_revision``) is
abandoned: a post takes seconds (discord.py waits out Discord's rate limits within it)."""


def pending_claim(revision: int, before: str, at: int, holder: str) -> str:
    """The text of a pending claim: ``<revision>@<revision last posted>@<at>@<holder>``."""
    return f"{revision}@{before}@{at}@{holder}"


def parse_claim(text: str) -> tuple[int, str, int, str] | None:
    """``(revision, revision last posted, at, holder)`` of a pending claim's text;
    ``None`` for anything else (a posted revision is its bare number)."""
    parts = text.split("@", 3)
    if len(parts) != 4 or not parts[0].isdigit() or not parts[2].isdigit():
        return None
    return int(parts[0]), parts[1], int(parts[2]), parts[3]


def abandoned(since: int, by: str, holder: str, at: int) -> bool:
    """Whether a pending claim made by ``by`` at ``since`` is abandoned, seen by
    ``holder`` at ``at``: older than ``CLAIM_LEASE``, or made by another instance of
    ``holder``'s identity (a predecessor that died: ``successor_prefix``)."""
    if at - since > CLAIM_LEASE:
        return True
    prefix = successor_prefix(holder)
    return prefix is not None and by != holder and by.startswith(prefix)
