"""Per-game choices of a player: a game's pings muted by one of its players, a game
followed by someone without a seat. One row per (game, user), kept across restarts.
"""

from __future__ import annotations

from bot.store.session import Repository


class FollowsQueries(Repository):
    """The ``game_follows`` table."""

    async def set_follow(self, game_id: int, user_id: str, mode: str | None, at: int) -> None:
        """``user_id``'s choice in ``game_id`` is ``mode`` from ``at`` (Unix seconds);
        ``None``: no choice any more (the row goes)."""
        async with self.db.transaction() as db:
            await db.execute(
                "DELETE FROM game_follows WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            if mode is not None:
                await db.execute(
                    "INSERT INTO game_follows (game_id, user_id, mode, since) VALUES (?, ?, ?, ?)",
                    (game_id, user_id, mode, at),
                )

    async def follows_of_game(self, game_id: int) -> dict[str, str]:
        """``{user: mode}``: every choice made in a game."""
        rows = await self.db.fetchall(
            "SELECT user_id, mode FROM game_follows WHERE game_id = ?", (game_id,)
        )
        return {str(user): str(mode) for user, mode in rows}

    async def follows_of_user(self, user_id: str) -> dict[int, str]:
        """``{game id: mode}``: every choice ``user_id`` made, in every game."""
        rows = await self.db.fetchall(
            "SELECT game_id, mode FROM game_follows WHERE user_id = ? ORDER BY game_id",
            (user_id,),
        )
        return {int(game): str(mode) for game, mode in rows}
