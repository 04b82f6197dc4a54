"""A Discord stand-in for tests: real ``Interaction`` objects over a recording fake HTTP.

Interactions are built from raw gateway payloads and fed to discord.py's own dispatcher
(``ConnectionState.parse_interaction_create``), so the command tree, the ``DynamicItem``
matching and the response objects are the real ones. Every request the bot would send
(REST ``HTTPClient.request`` and interaction webhooks ``AsyncWebhookAdapter.request``)
is recorded as a ``Call`` and answered with a plausible Discord payload. Nothing leaves
the process; no token is needed.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import itertools
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.discord.client import CampfireClient
from bot.discord.ratelimits import give_up_long_waits
from bot.service import GameService
from bot.service.pictures import Drawer
from bot.store import Store
from campfire_testing.clock import FakeClock, seeds
from campfire_testing.payloads import (
    ALL,
    APP_ID,
    BOT_ID,
    CHANNEL_ID,
    EPHEMERAL,
    GUILD_ID,
    MEMBER,
    MODERATOR,
    OTHER_CHANNEL_ID,
    SIZE_LIMIT,
    User,
    command_options,
    guild_payload,
    user_payload,
    walk_components,
    with_component,
)

__all__ = [
    "ALICE",
    "BOB",
    "CAROL",
    "MALLORY",
    "ALL",
    "APP_ID",
    "BOT_ID",
    "CHANNEL_ID",
    "EPHEMERAL",
    "GUILD_ID",
    "MEMBER",
    "MODERATOR",
    "OTHER_CHANNEL_ID",
    "Call",
    "FakeDiscord",
    "Harness",
    "fake_webhooks",
    "harness_on",
    "User",
    "http_error",
    "walk_components",
    "with_component",
]


def nested(sub: str, command: dict[str, Any]) -> dict[str, Any]:
    """``command`` inside its group when ``sub`` names one (``"tournament open"``)."""
    group, _, inner = sub.partition(" ")
    return {"type": 2, "name": group, "options": [command]} if inner else command


@dataclass
class Call:
    """One request the bot made: route, JSON body, and attached files."""

    method: str
    path: str
    url: str
    route: Route
    json: dict[str, Any] | None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    params: dict[str, Any] | None = None

    @property
    def data(self) -> dict[str, Any]:
        """The message part: ``json['data']`` for interaction callbacks, else ``json``."""
        body = self.json or {}
        if self.path.endswith("/callback"):
            return body.get("data") or {}
        return body

    @property
    def callback_type(self) -> int | None:
        return (self.json or {}).get("type") if self.path.endswith("/callback") else None

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def content(self) -> str:
        return str(self.data.get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.data.get("embeds") or [])

    def text(self) -> str:
        """Content and every embed text, for loose assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for f in embed.get("fields") or []:
                parts += [f.get("name", ""), f.get("value", "")]
        return "\n".join(parts)

    def custom_ids(self) -> list[str]:
        return [
            c["custom_id"]
            for c in walk_components(self.data.get("components") or [])
            if "custom_id" in c
        ]

    @property
    def channel_id(self) -> int | None:
        return int(self.route.channel_id) if self.route.channel_id else None


class FakeResponse(SimpleNamespace):
    """What ``discord.HTTPException`` reads from an aiohttp response."""


def http_error(status: int, code: int, message: str) -> discord.HTTPException:
    response = FakeResponse(status=status, reason=message)
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    # discord.py types it as an aiohttp (or requests) response; it reads .status and .reason
    return kind(cast(Any, response), {"code": code, "message": message})


class FakeDiscord:
    """The server side: records calls, keeps the messages and channels it "created"."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.messages: dict[int, dict[str, Any]] = {}
        self.channels: dict[int, dict[str, Any]] = {
            CHANNEL_ID: self.text_channel(CHANNEL_ID, "games"),
            OTHER_CHANNEL_ID: self.text_channel(OTHER_CHANNEL_ID, "elsewhere"),
        }
        self.deleted: set[int] = set()
        self.forbid_threads = False
        self.refuse_posts = False
        """While set, a new message in a channel gets Discord's 503 (an outage)."""
        self.interaction_channels: dict[int, int] = {}
        self._ids = itertools.count(800000000000000001)

    def snowflake(self) -> int:
        return next(self._ids)

    # -- payloads -----------------------------------------------------------------------

    @staticmethod
    def text_channel(channel_id: int, name: str) -> dict[str, Any]:
        return {
            "id": str(channel_id),
            "type": 0,
            "guild_id": str(GUILD_ID),
            "name": name,
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
        }

    def thread(self, parent_id: int, name: str, archived: bool = False) -> dict[str, Any]:
        thread_id = self.snowflake()
        return {
            "id": str(thread_id),
            "type": 11,
            "guild_id": str(GUILD_ID),
            "parent_id": str(parent_id),
            "owner_id": str(BOT_ID),
            "name": name,
            "message_count": 0,
            "member_count": 1,
            "rate_limit_per_user": 0,
            "thread_metadata": {
                "archived": archived,
                "auto_archive_duration": 10080,
                "archive_timestamp": "2026-01-01T00:00:00+00:00",
                "locked": False,
            },
        }

    def message(
        self,
        channel_id: int,
        body: dict[str, Any],
        files: list[tuple[str, bytes]],
        message_id: int | None = None,
    ) -> dict[str, Any]:
        mid = message_id or self.snowflake()
        attachments = [
            {
                "id": str(self.snowflake()),
                "filename": name,
                "size": len(data),
                "url": f"https://cdn.example/{name}",
                "proxy_url": f"https://cdn.example/{name}",
            }
            for name, data in files
        ]
        payload = {
            "id": str(mid),
            "channel_id": str(channel_id),
            "guild_id": str(GUILD_ID),
            "author": {
                "id": str(BOT_ID),
                "username": "Campfire",
                "discriminator": "0",
                "avatar": None,
                "bot": True,
            },
            "content": body.get("content") or "",
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": attachments,
            "embeds": body.get("embeds") or [],
            "pinned": False,
            "type": 0,
            "flags": int(body.get("flags") or 0),
            "components": body.get("components") or [],
        }
        self.messages[mid] = payload
        return payload

    def edited(
        self, message_id: int, channel_id: int, body: dict[str, Any], files: list[tuple[str, bytes]]
    ) -> dict[str, Any]:
        old = self.messages.get(message_id) or self.message(channel_id, {}, [], message_id)
        new = dict(old)
        for key in ("content", "embeds", "components", "flags"):
            if key in body:
                new[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        self.messages[message_id] = new
        return new

    # -- the two transports -------------------------------------------------------------

    async def rest(
        self, route: Route, *, files: Any = None, form: Any = None, **kwargs: Any
    ) -> Any:
        body, sent = _body(kwargs.get("json"), form, files)
        call = Call(route.method, route.path, route.url, route, body, sent, kwargs.get("params"))
        self.calls.append(call)
        channel_id = int(route.channel_id) if route.channel_id else None
        if channel_id is not None and channel_id in self.deleted:
            raise http_error(404, 10003, "Unknown Channel")
        key = f"{route.method} {route.path}"
        if key == "POST /channels/{channel_id}/messages":
            if self.refuse_posts:
                raise http_error(503, 0, "Service Unavailable")
            return self.message(channel_id or 0, body or {}, sent)
        if key == "PATCH /channels/{channel_id}/messages/{message_id}":
            return self.edited(_last_id(route.url), channel_id or 0, body or {}, sent)
        if key in (
            "POST /channels/{channel_id}/messages/{message_id}/threads",
            "POST /channels/{channel_id}/threads",  # a thread without a starter message
        ):
            if self.forbid_threads:
                raise http_error(403, 50013, "Missing Permissions")
            thread = self.thread(channel_id or 0, (body or {}).get("name", "thread"))
            self.channels[int(thread["id"])] = thread
            return thread
        if key == "GET /channels/{channel_id}":
            if channel_id not in self.channels:
                raise http_error(404, 10003, "Unknown Channel")
            return self.channels[channel_id]
        if key == "PATCH /channels/{channel_id}":
            channel = self.channels[channel_id or 0]
            if "archived" in (body or {}):
                channel["thread_metadata"]["archived"] = body["archived"]  # type: ignore[index]
            return channel
        if key in (
            "PUT /applications/{application_id}/commands",
            "PUT /applications/{application_id}/guilds/{guild_id}/commands",
        ):
            return [
                {
                    **command,
                    "id": str(self.snowflake()),
                    "application_id": str(APP_ID),
                    "version": "1",
                }
                for command in kwargs.get("json") or []
            ]
        raise AssertionError(f"unexpected REST call {key}")

    async def webhook(self, route: Route, session: Any = None, **kwargs: Any) -> Any:
        body, sent = _body(kwargs.get("payload"), kwargs.get("multipart"), kwargs.get("files"))
        call = Call(route.method, route.path, route.url, route, body, sent, kwargs.get("params"))
        self.calls.append(call)
        key = f"{route.method} {route.path}".replace("/@original", "/{message_id}")
        interaction_id = int(route.webhook_id or 0)
        if key == "POST /interactions/{webhook_id}/{webhook_token}/callback":
            kind = (body or {}).get("type")
            data = (body or {}).get("data") or {}
            reply: dict[str, Any] = {"interaction": {"id": str(interaction_id), "type": 2}}
            channel = self.interaction_channels.get(interaction_id, CHANNEL_ID)
            if kind == 4:
                message = self.message(channel, data, sent)
                reply["interaction"]["response_message_id"] = message["id"]
                reply["resource"] = {"type": 4, "message": message}
            elif kind == 7:
                source = self.source_messages.get(interaction_id)
                if source is not None:
                    message = self.edited(source, channel, data, sent)
                    reply["resource"] = {"type": 7, "message": message}
            elif kind == 5:
                reply["interaction"]["response_message_loading"] = True
                reply["interaction"]["response_message_ephemeral"] = bool(
                    int(data.get("flags") or 0) & EPHEMERAL
                )
            return reply
        token_channel = self.interaction_channels_by_token.get(str(route.webhook_token), CHANNEL_ID)
        if key == "POST /webhooks/{webhook_id}/{webhook_token}":
            message = self.message(token_channel, body or {}, sent)
            # As Discord: the first follow-up of a deferred reply takes the place of the
            # "thinking" message, so the original response is that message from then on.
            self.source_by_token.setdefault(str(route.webhook_token), int(message["id"]))
            return message
        if key == "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}":
            source = self.source_by_token.get(str(route.webhook_token))
            return self.edited(source or self.snowflake(), token_channel, body or {}, sent)
        if key == "DELETE /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}":
            return None
        if key == "GET /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}":
            return self.message(token_channel, {}, [])
        raise AssertionError(f"unexpected webhook call {key}")

    source_messages: dict[int, int]
    source_by_token: dict[str, int]
    interaction_channels_by_token: dict[str, int]


def _body(
    payload: Any, form: Any, files: Any
) -> tuple[dict[str, Any] | None, list[tuple[str, bytes]]]:
    body = payload
    if form:
        for part in form:
            if part.get("name") == "payload_json":
                body = json.loads(part["value"])
    sent = []
    for file in files or []:
        fp = file.fp
        fp.seek(0)
        sent.append((file.filename, fp.read()))
    return body, sent


def _last_id(url: str) -> int:
    return int(url.rstrip("/").rsplit("/", 1)[-1])


# --------------------------------------------------------------------------- the bot side


class Harness:
    """A Campfire client wired to ``FakeDiscord``; drive it with ``command`` and ``press``."""

    def __init__(self, service: GameService) -> None:
        self.fake = FakeDiscord()
        self.fake.source_messages = {}
        self.fake.source_by_token = {}
        self.fake.interaction_channels_by_token = {}
        self.service = service
        self.client = CampfireClient(service=service)
        self.client.http.request = self.fake.rest  # type: ignore[method-assign]
        self._ids = itertools.count(600000000000000001)

    async def setup(self) -> None:
        client = self.client
        await client._async_setup_hook()
        state = client._connection
        state.application_id = APP_ID
        client.http.token = None
        state.user = discord.ClientUser(
            state=state,
            data=user_payload(BOT_ID, "Campfire", bot=True),  # type: ignore[arg-type]
        )
        payload = guild_payload(list(self.fake.channels.values()))
        guild = discord.Guild(data=payload, state=state)  # type: ignore[arg-type]
        state._add_guild(guild)
        await client.setup_hook()

    async def close(self) -> None:
        await self.settle()

    # -- driving ------------------------------------------------------------------------

    async def settle(self) -> None:
        """Wait until every task the dispatch started (and their children) is done."""
        me = asyncio.current_task()
        for _ in range(100):
            pending = [t for t in asyncio.all_tasks() if t is not me and not t.done()]
            if not pending:
                return
            await asyncio.gather(*pending, return_exceptions=True)
        raise AssertionError("tasks never settled")

    def _base(self, kind: int, user: User, channel_id: int, data: dict[str, Any]) -> dict[str, Any]:
        interaction_id = next(self._ids)
        token = f"token-{interaction_id}"
        self.fake.interaction_channels[interaction_id] = channel_id
        self.fake.interaction_channels_by_token[token] = channel_id
        channel = self.fake.channels.get(channel_id) or self.fake.text_channel(channel_id, "x")
        return {
            "id": str(interaction_id),
            "application_id": str(APP_ID),
            "type": kind,
            "token": token,
            "version": 1,
            "guild_id": str(GUILD_ID),
            "channel_id": str(channel_id),
            "channel": channel,
            "member": {
                "user": user_payload(user.id, user.name),
                "roles": [str(role) for role in user.roles],
                "joined_at": "2025-01-01T00:00:00+00:00",
                "deaf": False,
                "mute": False,
                "flags": 0,
                "permissions": user.perms,
            },
            "locale": user.locale,
            "guild_locale": "en-US",
            "app_permissions": ALL,
            "attachment_size_limit": SIZE_LIMIT,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,
            "data": data,
        }

    async def dispatch(self, payload: dict[str, Any]) -> list[Call]:
        before = len(self.fake.calls)
        self.client._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        await self.settle()
        return self.fake.calls[before:]

    async def command(
        self, user: User, sub: str, *, channel: int = CHANNEL_ID, **options: Any
    ) -> list[Call]:
        """``/campfire <sub> option=value ...`` typed by ``user`` in ``channel``
        (``sub`` may name a nested group's subcommand: ``"tournament open"``)."""
        data = {
            "id": str(APP_ID + 7),
            "name": "campfire",
            "type": 1,
            "options": [nested(sub, command_options(sub.split(" ")[-1], options))],
        }
        users = [v for v in options.values() if isinstance(v, User)]
        if users:
            data["resolved"] = {"users": {str(u.id): user_payload(u.id, u.name) for u in users}}
        return await self.dispatch(self._base(2, user, channel, data))

    async def autocomplete(
        self, user: User, sub: str, focused: str, *, channel: int = CHANNEL_ID, **options: Any
    ) -> list[dict[str, Any]]:
        """The choices offered while ``user`` types ``options[focused]``."""
        data = {
            "id": str(APP_ID + 7),
            "name": "campfire",
            "type": 1,
            "options": [nested(sub, command_options(sub.split(" ")[-1], options, focused))],
        }
        calls = await self.dispatch(self._base(4, user, channel, data))
        replies = [c for c in calls if c.callback_type == 8]
        assert len(replies) == 1, calls
        return list(replies[0].data.get("choices") or [])

    async def press(
        self,
        user: User,
        message: dict[str, Any],
        custom_id: str,
        *,
        values: list[str] | None = None,
    ) -> list[Call]:
        """``user`` clicks the component ``custom_id`` of ``message`` (a select if ``values``)."""
        component = next(
            (
                c
                for c in walk_components(message.get("components") or [])
                if c.get("custom_id") == custom_id
            ),
            None,
        )
        component_type = component["type"] if component else (3 if values is not None else 2)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = values
        payload = self._base(3, user, int(message["channel_id"]), data)
        payload["message"] = message
        self.fake.source_messages[int(payload["id"])] = int(message["id"])
        self.fake.source_by_token[payload["token"]] = int(message["id"])
        return await self.dispatch(payload)

    # -- reading what was sent ----------------------------------------------------------

    def message(self, message_id: int | str) -> dict[str, Any]:
        return self.fake.messages[int(message_id)]

    def posted_in(self, channel_id: int) -> list[dict[str, Any]]:
        """Messages the bot created in a channel or thread, oldest first."""
        return [
            m
            for m in self.fake.messages.values()
            if int(m["channel_id"]) == channel_id and not (m["flags"] & EPHEMERAL)
        ]

    def find(self, channel_id: int, prefix: str) -> dict[str, Any]:
        """The newest message in ``channel_id`` with a component whose id starts with ``prefix``."""
        for message in reversed(list(self.fake.messages.values())):
            if int(message["channel_id"]) != channel_id:
                continue
            for component in walk_components(message.get("components") or []):
                if str(component.get("custom_id", "")).startswith(prefix):
                    found: dict[str, Any] = message
                    return found
        raise AssertionError(f"no message with a {prefix!r} component in {channel_id}")


ALICE = User(101, "Alice")
BOB = User(102, "Bob")
CAROL = User(103, "Carol", locale="fr")
MALLORY = User(666, "Mallory")


@contextlib.contextmanager
def fake_webhooks(harness: Harness) -> Iterator[None]:
    """Route the interaction webhooks to the harness's fake Discord."""
    original = AsyncWebhookAdapter.request

    async def webhook(self: AsyncWebhookAdapter, route: Any, session: Any = None, **kw: Any) -> Any:
        return await harness.fake.webhook(route, session, **kw)

    AsyncWebhookAdapter.request = webhook  # type: ignore[method-assign]
    try:
        yield
    finally:
        AsyncWebhookAdapter.request = original  # type: ignore[method-assign]


@contextlib.asynccontextmanager
async def harness_on(
    db_path: Path, *, seed_prefix: str = "seed", drawer: Drawer | None = None
) -> AsyncIterator[Harness]:
    """A set-up ``Harness`` over a service on ``db_path`` with known seeds and clock
    (``drawer=None``: real pictures, ``render.registry``), settled and closed after."""
    store = await Store.open(db_path)
    service = GameService(store, seed_source=seeds(seed_prefix), clock=FakeClock(), drawer=drawer)
    harness = Harness(service)
    try:
        with fake_webhooks(harness):
            await harness.setup()
            yield harness
            await harness.close()
    finally:
        service.close()
        await store.close()


# --------------------------------------------------------------------------- rate limits


@dataclass
class Limit:
    """A 429 the fake session answers, ``times`` times, to the bot's requests whose
    ``"METHOD path"`` (``"POST /channels/{channel_id}/messages"``) is ``route`` (``"*"``:
    any), asking to wait ``retry_after`` seconds, for every route when ``is_global``."""

    route: str
    retry_after: float
    is_global: bool = False
    times: int = 1


_CURRENT: contextvars.ContextVar[tuple[Route, dict[str, Any]]] = contextvars.ContextVar(
    "campfire_testing_route"
)


class FakeHttpResponse:
    """What discord.py reads of an aiohttp response: status, reason, headers, text."""

    def __init__(self, status: int, data: Any, headers: dict[str, str] | None = None) -> None:
        self.status = status
        self.reason = {200: "OK", 204: "No Content", 429: "Too Many Requests"}.get(status, "")
        self._text = "" if data is None else json.dumps(data)
        kind = "application/json" if data is not None else "text/plain"
        # discord.py reads these names exactly as written here (no other spelling)
        self.headers: dict[str, str] = {"content-type": kind, **(headers or {})}

    async def text(self, encoding: str = "utf-8") -> str:
        return self._text


class RateLimitedSession:
    """An aiohttp session for discord.py's own ``HTTPClient.request`` (its rate limit
    buckets, its global lock, its waits and retries, its ``max_ratelimit_timeout``):
    answers what ``FakeDiscord`` answers, or a 429 while a ``Limit`` of ``limits``
    matches. ``answered`` lists ``("METHOD path", status)`` in order; ``before`` (when
    set) is awaited with ``"METHOD path"`` before each answer."""

    closed = False

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.limits: list[Limit] = []
        self.answered: list[tuple[str, int]] = []
        self.before: Callable[[str], Awaitable[None]] | None = None

    def request(
        self, method: str, url: str, **kwargs: Any
    ) -> contextlib.AbstractAsyncContextManager[FakeHttpResponse]:
        return self._exchange()

    @contextlib.asynccontextmanager
    async def _exchange(self) -> AsyncIterator[FakeHttpResponse]:
        route, kwargs = _CURRENT.get()
        key = f"{route.method} {route.path}"
        if self.before is not None:
            await self.before(key)
        limit = next((x for x in self.limits if x.times > 0 and x.route in (key, "*")), None)
        if limit is not None:
            limit.times -= 1
            self.answered.append((key, 429))
            body = {
                "message": "You are being rate limited.",
                "retry_after": limit.retry_after,
                "global": limit.is_global,
            }
            headers = {"Via": "1.1 google", "Retry-After": str(int(limit.retry_after))}
            if limit.is_global:
                headers["X-RateLimit-Global"] = "true"
            yield FakeHttpResponse(429, body, headers)
            return
        try:
            data = await self.fake.rest(route, **kwargs)
        except discord.HTTPException as exc:
            self.answered.append((key, exc.status))
            yield FakeHttpResponse(exc.status, {"code": exc.code, "message": exc.text})
            return
        self.answered.append((key, 200 if data is not None else 204))
        yield FakeHttpResponse(200 if data is not None else 204, data)


@contextlib.contextmanager
def real_http(harness: Harness) -> Iterator[RateLimitedSession]:
    """Route the client's requests through discord.py's own ``HTTPClient.request`` (and
    the client's ``give_up_long_waits``) over a ``RateLimitedSession``, instead of
    straight to ``FakeDiscord.rest``: rate limits then behave as discord.py handles them."""
    http = harness.client.http
    session = RateLimitedSession(harness.fake)
    request = discord.http.HTTPClient.request

    async def routed(route: Route, **kwargs: Any) -> Any:
        token = _CURRENT.set((route, kwargs))
        try:
            return await request(http, route, **kwargs)
        finally:
            _CURRENT.reset(token)

    saved = http.request, http._HTTPClient__session  # type: ignore[attr-defined]
    http.request = give_up_long_waits(routed, harness.client.long_waits)  # type: ignore[method-assign]
    http._HTTPClient__session = session  # type: ignore[attr-defined]
    if not isinstance(http._global_over, asyncio.Event):  # made at login, which tests skip
        http._global_over = asyncio.Event()
        http._global_over.set()
    try:
        yield session
    finally:
        http.request, http._HTTPClient__session = saved  # type: ignore[method-assign,attr-defined]
