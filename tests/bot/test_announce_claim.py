"""Announcing a revision at a table is claimed once, before posting, by a conditional
write of the table's last-posted revision, on both backends: of several processes
claiming one revision at once exactly one gets it, a revision older than one claimed
is never posted, and a claim whose posting failed is given back for the catch-up."""

from __future__ import annotations

import asyncio

from bot.service import GameService
from bot.store import open_store
from tests.bot.conftest import ALICE, BOB, seeds
from tests.bot.days import Clock, running


async def test_one_of_many_claims_of_a_revision_at_once_wins(database: str, nim: None) -> None:
    first, second = await open_store(database), await open_store(database)
    try:
        services = [GameService(s, seed_source=seeds(), clock=Clock()) for s in (first, second)]
        game_id = await running(services[0], ALICE, BOB)
        await services[0].record_posts(game_id, {}, seen=("announced", 0))
        claims = await asyncio.gather(
            *(services[n % 2].claim_announcement(game_id, 3) for n in range(8))
        )
        won = [c for c in claims if c is not None]
        assert len(won) == 1 and won[0].before == "0"
        assert (await first.messages(game_id))["announced"].startswith("3@0@")  # pending
        assert await services[1].claim_announcement(game_id, 2) is None  # older: never
        assert await services[1].claim_announcement(game_id, 3) is None  # taken
        later = await services[1].claim_announcement(game_id, 4)
        assert later is not None and later.before == "3"
        for service in services:
            service.close()
    finally:
        await first.close()
        await second.close()


async def test_a_claim_whose_posting_failed_is_given_back(database: str, nim: None) -> None:
    store = await open_store(database)
    try:
        service = GameService(store, seed_source=seeds(), clock=Clock())
        game_id = await running(service, ALICE, BOB)
        fresh = await service.claim_announcement(game_id, 0)  # never announced: made
        assert fresh is not None and fresh.before == ""
        await service.release_announcement(fresh)
        assert "announced" not in await store.messages(game_id)
        await service.set_message(game_id, "announced", "stale")  # unreadable: replaced
        claim = await service.claim_announcement(game_id, 5)
        assert claim is not None and claim.before == "stale"
        await service.release_announcement(claim)
        assert (await store.messages(game_id))["announced"] == "stale"
        claim = await service.claim_announcement(game_id, 5)
        assert claim is not None
        assert await service.claim_announcement(game_id, 6) is not None  # posted meanwhile
        await service.release_announcement(claim)  # too late: the later claim stays
        assert (await store.messages(game_id))["announced"].startswith("6@5@")
        await service.record_posts(game_id, {}, seen=("announced", 5))  # the older post
        assert (await store.messages(game_id))["announced"].startswith("6@")  # still 6's
        await service.record_posts(game_id, {}, seen=("announced", 6))  # posted: the number
        assert (await store.messages(game_id))["announced"] == "6"
        service.close()
    finally:
        await store.close()


async def test_a_claim_whose_holder_died_before_posting_is_taken_over(
    database: str, nim: None
) -> None:
    """Killed between the claim and the post: the process restarted at once (same
    identity, another instance) takes the claim over from the revision last posted;
    a living process of another identity does not, until the claim's lease ran out."""
    store = await open_store(database)
    try:
        clock = Clock()
        service = GameService(store, seed_source=seeds(), clock=clock)
        game_id = await running(service, ALICE, BOB)
        await service.record_posts(game_id, {}, seen=("announced", 2))
        dead = await service.claim_announcement(game_id, 4, holder="host/0-1#a")
        assert dead is not None and dead.before == "2"
        text = (await store.messages(game_id))["announced"]
        assert service.abandoned_announcement(text, "other/0-1#z") is None  # alive to it
        assert await service.claim_announcement(game_id, 4, holder="other/0-1#z") is None
        assert service.abandoned_announcement(text, "host/0-1#b") == "2"  # its successor
        taken = await service.claim_announcement(game_id, 4, holder="host/0-1#b")
        assert taken is not None and taken.before == "2"  # names the moves since v2
        assert await service.claim_announcement(game_id, 4, holder="host/0-1#b") is None  # held
        clock.advance(hours=1)  # the successor died too: after the lease, anyone
        text = (await store.messages(game_id))["announced"]
        assert service.abandoned_announcement(text, "other/0-1#z") == "2"
        late = await service.claim_announcement(game_id, 4, holder="other/0-1#z")
        assert late is not None and late.before == "2"
        service.close()
    finally:
        await store.close()
