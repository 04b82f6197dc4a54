"""Board pictures of a ``GameService``: the board as it stands and the animated replay of a
finished game, drawn in the render pool (``bot.service.pictures``) off the event loop.

``GameService.boards`` is the one ``Boards`` of a service.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from concurrent.futures import Future
from typing import Any

from bot.service.guards import guard, seat_names
from bot.service.loader import off_loop_if_long
from bot.service.pictures import Drawer, RenderPool, draws_cards
from bot.service.pipeline import Pipeline
from bot.service.present import private_picture_input
from bot.service.values import BoardPicture, GameInfo, ServiceError
from bot.store import GameStore, GuildSettings
from render import registry as renderers
from rules import registry

log = logging.getLogger("campfire.service")


_default_drawer: Drawer = renderers.draw
"""``render.registry.draw`` itself (picklable: what a render process runs)."""

PICTURES = ("full", "card", "both")
"""What a server's game threads show (``/campfire settings pictures:``): the ``full``
board, the turn ``card``, or ``both`` (the card first; Discord lays the two side by
side, each half the width)."""
DEFAULT_PICTURES = "card"
"""One picture at full width per turn message, the turn card a phone reads at 400 px
(the full board of its revision one press away: its Full board button). Under ``both``
a phone 360 px wide shows each picture at half the message's width, about 120 px."""


def stopped_if_aborted(view: Mapping[str, Any], status: str) -> Mapping[str, Any]:
    """The public ``view`` of a game whose stored ``status`` is ``status``: an aborted
    game's is marked ``stopped`` (its picture says it was stopped, and nobody to play)."""
    return {**view, "stopped": True} if status == "aborted" else view


def picture_layouts(rules: str, drawer: Drawer | None = None) -> tuple[str, ...]:
    """Every layout the pictures of ``rules`` games come in, the full board first: none
    without a renderer, then the turn card where the renderer draws one. ``drawer``
    replaces ``render.registry.draw`` (tests): it draws every game, and cards when it
    takes a ``layout``."""
    if drawer is not None and drawer is not _default_drawer:
        return ("full", "card") if draws_cards(drawer) else ("full",)
    if rules not in renderers.ids():
        return ()
    return ("full", "card") if renderers.has(rules, "card") else ("full",)


def describe(rules: str, view: Mapping[str, Any], lang: str, names: Mapping[str, str]) -> str:
    """The short form of a public ``view`` (an attachment's description); empty when the
    game has no text twin or describing it failed (logged: the picture goes out anyway)."""
    if not renderers.has(rules, "twin"):
        return ""
    try:
        return renderers.describe(rules, view, lang=lang, names=names)
    except Exception:
        log.warning("%s: no text twin for this view", rules, exc_info=True)
        return ""


class Boards:
    """What a service draws: has a game a renderer, its board now, its replay."""

    def __init__(
        self,
        pipeline: Pipeline,
        store: GameStore,
        drawer: Drawer | None,
        *,
        workers: int | None,
        processes: bool,
    ) -> None:
        """``drawer`` replaces ``render.registry.draw`` (tests; always run in threads);
        ``workers`` and ``processes`` size the render pool (``RenderPool``)."""
        self.pipeline = pipeline
        self.store = store
        self._drawer = drawer or _default_drawer
        self.pool = RenderPool(
            self._drawer,
            workers=workers,
            processes=processes and drawer is None,
        )

    def close(self) -> None:
        """Stop the render pool's workers."""
        self.pool.close()

    def has_card(self, rules: str) -> bool:
        """Whether ``rules`` games have a turn card (a second layout of their renderer)."""
        return "card" in picture_layouts(rules, self._drawer)

    async def layouts(self, guild_id: str | None, rules: str) -> tuple[str, ...]:
        """The pictures a post of a ``rules`` game shows on a server (its settings as
        the posts read them, ``ServerSettings.cached``): see ``layouts_of``."""
        if not self.has_card(rules):  # nothing to choose: no settings read
            return self.layouts_of(GuildSettings(), rules)
        return self.layouts_of(await self.pipeline.settings.cached(guild_id), rules)

    def layouts_of(self, settings: GuildSettings, rules: str) -> tuple[str, ...]:
        """The pictures a post of a ``rules`` game shows on a server of ``settings``,
        in order: its choice (``PICTURES``; default ``card``) of those the game has;
        none when the game has no renderer."""
        if not self.has_picture(rules):
            return ()
        if not self.has_card(rules):
            return ("full",)
        chosen = settings.pictures or DEFAULT_PICTURES
        wanted = {"full": ("full",), "card": ("card",)}.get(chosen, ("card", "full"))
        shown = tuple(w for w in wanted if w == "full" or self.has_card(rules))
        return shown or ("full",)

    def has_picture(self, rules: str) -> bool:
        """Whether boards of ``rules`` games can be drawn (a renderer is registered)."""
        return bool(picture_layouts(rules, self._drawer))

    def warm_up(self) -> list[Future[list[bytes]]]:
        """Start drawing, in the background, the opening position of every game that has
        a renderer, in the pictures its posts show (the turn card and the full board, in
        one pass), so that the first real post does not wait for their static art.
        Returns those drawings under way (nobody needs to wait for them)."""
        views = []
        for rules in registry.ids():
            if not self.has_picture(rules):
                continue
            game = registry.get(rules)
            spec = game.spec
            try:
                seats = [str(n) for n in range(1, spec.max_seats + 1)]
                state = game.setup(seats, "warm-up", spec.validate_options(None))
                layouts = ("card", "full") if self.has_card(rules) else ("full",)
                views.append((rules, game.view(state, None), layouts))
            except Exception:
                log.warning("%s: no opening board to warm the renderer with", rules, exc_info=True)
        return self.pool.warm_up(views)

    async def pictures(
        self,
        game: GameInfo,
        lang: str,
        layouts: Sequence[str],
        view: Mapping[str, Any] | None = None,
    ) -> list[BoardPicture]:
        """The pictures of a post in ``layouts`` (``full``, ``card``), in that order,
        drawn as one job of the render pool (the turn card and the full board in one
        pass): of ``view``, the public view of ``game`` at ``game.version`` (a change's
        ``PlayResult.view``), or of the game as it stands when ``view`` is ``None``
        (their ``version`` says which revision). Raises ``service.not_started``,
        ``service.no_picture``, ``service.render_failed`` (logged)."""
        if view is None:
            loaded = await self.pipeline.started(game.id)
            row = loaded.row
            rules, version, names = row.rules, row.version, seat_names(row, lang)
            with guard("view", game.id):
                view = loaded.game.view(loaded.state, None)
        else:
            rules, version, names = game.rules, game.version, game.names(lang)
        if not self.has_picture(rules):
            raise ServiceError("service.no_picture", game=rules)
        try:
            pngs = await self.pool.draw_all(rules, view, lang=lang, names=names, layouts=layouts)
        except Exception as exc:
            log.exception("game %d: drawing the pictures of %s failed", game.id, rules)
            raise ServiceError("service.render_failed") from exc
        text = describe(rules, view, lang, names)
        return [BoardPicture(png, version, text) for png in pngs]

    async def render(self, game_id: int, lang: str) -> bytes:
        """PNG of the public view through ``render.registry.draw`` (run in the render
        pool, off the event loop). Raises ``service.not_started``, ``service.no_picture``
        (no renderer for that game), ``service.render_failed`` (the renderer failed;
        logged)."""
        return (await self.draw(game_id, lang)).png

    async def draw(self, game_id: int, lang: str, layout: str = "full") -> BoardPicture:
        """``render`` with the revision the picture shows (the game's newest: a
        move stored since the caller read the game is on it), to name and number it;
        ``layout``: the ``full`` board or the turn ``card`` (see ``has_card``)."""
        loaded = await self.pipeline.started(game_id)
        game, state, row = loaded.game, loaded.state, loaded.row
        if not self.has_picture(row.rules):
            raise ServiceError("service.no_picture", game=row.rules)
        with guard("view", game_id):
            view = stopped_if_aborted(game.view(state, None), row.status)
        names = seat_names(row, lang)
        try:
            png = await self.pool.draw(row.rules, view, lang=lang, names=names, layout=layout)
            return BoardPicture(png, row.version, describe(row.rules, view, lang, names))
        except Exception as exc:
            log.exception("game %d: drawing the board of %s failed", game_id, row.rules)
            raise ServiceError("service.render_failed") from exc

    async def render_card(self, game_id: int, lang: str) -> bytes:
        """The turn card (``render.registry.draw(..., layout="card")``) of the game as it
        stands, drawn in the render pool; a test drawer draws its one picture. Raises
        like ``draw``."""
        if self._drawer is not _default_drawer:
            return await self.render(game_id, lang)
        loaded = await self.pipeline.started(game_id)
        game, state, row = loaded.game, loaded.state, loaded.row
        if not renderers.has(row.rules, "card"):
            raise ServiceError("service.no_picture", game=row.rules)
        with guard("view", game_id):
            view = stopped_if_aborted(game.view(state, None), row.status)
        names = seat_names(row, lang)
        try:
            return await self.pool.run(
                renderers.draw, row.rules, view, lang=lang, names=names, layout="card"
            )
        except Exception as exc:
            log.exception("game %d: drawing the turn card of %s failed", game_id, row.rules)
            raise ServiceError("service.render_failed") from exc

    def has_private_picture(self, rules: str) -> bool:
        """Whether a seat's private view of ``rules`` games can be drawn."""
        return self._drawer is _default_drawer and renderers.has(rules, "phone")

    async def draw_private(
        self,
        game_id: int,
        user_id: str,
        lang: str,
        *,
        layout: str = "phone",
        focus: str = "board",
    ) -> BoardPicture:
        """``user_id``'s private view of the game as it stands (``render.kit.phone``): in
        the ``phone`` layout (their choices, their own sections and panel first, large
        type) or the ``full`` board, with the legal targets of their pending decision
        marked; ``focus`` (``board``, ``hand``, ``scores``) says what comes first. Only
        the caller's own hidden information is on it (a spectator's is the public view).
        A game without private pictures (or a test drawer) gets the public board.
        Raises like ``draw``."""
        loaded = await self.pipeline.started(game_id)
        game, state, row = loaded.game, loaded.state, loaded.row
        if not self.has_picture(row.rules):
            raise ServiceError("service.no_picture", game=row.rules)
        if not self.has_private_picture(row.rules):
            return await self.draw(game_id, lang)
        names = seat_names(row, lang)
        seat = user_id if any(s.user_id == user_id for s in row.seats) else None
        with guard("view", game_id):
            view = game.view(state, None)
            sheet = None
            if focus == "scores":
                if row.status == "over":
                    sheet = game.full_scores(state)
                else:
                    sheet = game.scores(state, seat)
            mine = private_picture_input(game, state, seat, names, lang, focus=focus, sheet=sheet)
        try:
            png = await self.pool.run(
                renderers.draw_private, row.rules, view, mine, lang=lang, names=names, layout=layout
            )
            return BoardPicture(png, row.version, describe(row.rules, view, lang, names))
        except Exception as exc:
            log.exception("game %d: drawing a private view of %s failed", game_id, row.rules)
            raise ServiceError("service.render_failed") from exc

    async def draw_view(
        self, game: GameInfo, view: Mapping[str, Any], lang: str, layout: str = "full"
    ) -> BoardPicture:
        """The picture of ``view``, the public view of ``game`` at ``game.version`` (a
        change's ``PlayResult.view``: nothing read again); ``layout``: the ``full``
        board or the turn ``card`` (see ``has_card``). Raises ``service.no_picture``,
        ``service.render_failed`` (logged)."""
        if not self.has_picture(game.rules):
            raise ServiceError("service.no_picture", game=game.rules)
        names = game.names(lang)
        try:
            png = await self.pool.draw(game.rules, view, lang=lang, names=names, layout=layout)
            return BoardPicture(png, game.version, describe(game.rules, view, lang, names))
        except Exception as exc:
            log.exception("game %d: drawing the board of %s failed", game.id, game.rules)
            raise ServiceError("service.render_failed") from exc

    async def words(
        self, game_id: int, lang: str, *, form: str = "short", user_id: str | None = None
    ) -> list[str]:
        """The board in words (``render.twin``): the public view's ``short`` or ``long``
        form, then, when ``user_id`` holds a seat, the long form of that seat's own view
        (its hand, its pool). Empty parts are left out; a game without a text twin gives
        ``[]``. Raises ``service.not_started``."""
        loaded = await self.pipeline.started(game_id)
        game, state, row = loaded.game, loaded.state, loaded.row
        if not renderers.has(row.rules, "twin"):
            return []
        names = seat_names(row, lang)
        with guard("view", game_id):
            view = game.view(state, None)
            mine = game.view(state, user_id) if user_id in state.seats else None

        def describe_both() -> list[str]:  # CPU work (a long form: up to ~60 ms)
            out = [renderers.describe(row.rules, view, lang=lang, names=names, form=form)]
            if mine is not None and user_id is not None and form == "long":
                out.append(
                    renderers.describe_private(row.rules, mine, user_id, lang=lang, names=names)
                )
            return [text for text in out if text]

        return await asyncio.to_thread(describe_both)

    async def draw_at(self, game_id: int, version: int, lang: str) -> BoardPicture:
        """The full board at revision ``version`` (a turn message's, for its Full board
        button): the log replayed up to it, or the board now when ``version`` is the
        game's revision, is not one it went through, or an undo took back moves since
        (the picture's ``version`` says which revision it shows). Raises as ``draw``."""
        loaded = await self.pipeline.started(game_id)
        row = loaded.row
        if version >= row.version or version < 0:
            return await self.draw(game_id, lang)
        if not self.has_picture(row.rules):
            raise ServiceError("service.no_picture", game=row.rules)
        moves = await self.store.moves(game_id)
        if len(moves) != row.version or await self.store.undone_moves(game_id):
            return await self.draw(game_id, lang)  # revisions and entries differ: undone
        game = loaded.game
        options = game.check_rules_version(row.rules_version, row.options)
        args = (
            [s.user_id for s in row.seats],
            row.seed,
            options,
            [(m.seat, m.code) for m in moves[:version]],
        )
        with guard("view", game_id):
            state = await off_loop_if_long(version, game.replay, *args)
            view = game.view(state, None)
        names = seat_names(row, lang)
        try:
            png = await self.pool.draw(row.rules, view, lang=lang, names=names)
            return BoardPicture(png, version, describe(row.rules, view, lang, names))
        except Exception as exc:
            log.exception("game %d: drawing the board of %s failed", game_id, row.rules)
            raise ServiceError("service.render_failed") from exc

    async def animation(self, game_id: int, lang: str) -> bytes:
        """The animated replay of a finished game (animated WebP, see
        ``bot.service.animation``), built in the render pool off the event loop. Raises
        ``service.replay_not_over``, ``service.no_picture`` (no renderer),
        ``service.render_failed`` (logged)."""
        row = await self.pipeline.row(game_id)
        if row.status != "over" or row.snapshot is None:
            raise ServiceError("service.replay_not_over", game=game_id)
        if not self.has_picture(row.rules):
            raise ServiceError("service.no_picture", game=row.rules)
        options = registry.get(row.rules).check_rules_version(row.rules_version, row.options)
        moves = [(m.seat, m.code) for m in await self.store.moves(game_id)]
        seats = [s.user_id for s in row.seats]
        names = seat_names(row, lang)
        from bot.service.animation import build_animation  # the renderers' side: loaded on use

        try:
            return await self.pool.run(
                build_animation,
                row.rules,
                seats,
                row.seed,
                options,
                moves,
                names,
                lang,
                drawer=self.pool.drawer,
            )
        except Exception as exc:
            log.exception("game %d: the animated replay of %s failed", game_id, row.rules)
            raise ServiceError("service.render_failed") from exc
