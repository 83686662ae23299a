"""Player pages: `GET /api/players/{name}` answers a registered player's name, since when they
play, per game the games played and won and their rating, and their recent finished games (each
with its seats' names and ranks, and the link to its replay)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Query, Request
from sqlalchemy import case, func, select
from sqlalchemy.engine import Engine

from bigtop import games
from bigtop.core.errors import UnknownGame
from bigtop.server.accounts import Player, players
from bigtop.server.errors import ERROR_RESPONSES, NotFound
from bigtop.server.ratings import ordinal, outcomes, ratings

router = APIRouter(prefix="/api", tags=["players"], responses=ERROR_RESPONSES)


def _title(game: str) -> str:
    try:
        return games.get(game).title
    except UnknownGame:
        return game


def player_page(engine: Engine, player: Player, recent: int) -> dict[str, Any]:
    """What a player page shows (see the module's docstring)."""
    with engine.connect() as db:
        since = db.execute(select(players.c.created_at).where(players.c.id == player.id)).scalar_one()
        played = db.execute(
            select(outcomes.c.game, func.count(), func.sum(case((outcomes.c.rank == 1, 1), else_=0)))
            .where(outcomes.c.player_id == player.id).group_by(outcomes.c.game)
        ).all()
        rated = {r.game: r for r in db.execute(select(ratings).where(ratings.c.player_id == player.id))}
        mine = db.execute(
            select(outcomes).where(outcomes.c.player_id == player.id)
            .order_by(outcomes.c.finished_at.desc(), outcomes.c.table_id).limit(recent)
        ).all()
        table_ids = sorted({r.table_id for r in mine})
        seats: dict[str, list[Any]] = {}
        for r in db.execute(select(outcomes).where(outcomes.c.table_id.in_(table_ids)).order_by(outcomes.c.seat)):
            seats.setdefault(r.table_id, []).append(r)
    per_game = []
    for game, count, wins in sorted(played):
        rating = rated.get(game)
        per_game.append({
            "game": game, "title": _title(game), "played": count, "won": int(wins or 0),
            "rated": rating.games if rating else 0,
            "rating": ordinal(rating.mu, rating.sigma) if rating else None,
            "mu": rating.mu if rating else None, "sigma": rating.sigma if rating else None,
        })
    return {
        "name": player.name,
        "since": since.isoformat(),
        "games": per_game,
        "recent": [{
            "table": r.table_id, "game": r.game, "title": _title(r.game), "finished_at": r.finished_at.isoformat(),
            "seat": r.seat, "rank": r.rank, "score": r.score, "rated": r.rated, "rating": r.rating, "change": r.change,
            "replay": f"/#/replay/{r.table_id}",
            "seats": [{"seat": s.seat, "name": s.name, "rank": s.rank, "score": s.score, "bot": s.bot,
                       "registered": s.player_id is not None} for s in seats.get(r.table_id, [])],
        } for r in mine],
    }


@router.get("/players/{name}")
async def get_player(request: Request, name: str, recent: int = Query(default=20, ge=1, le=100)) -> dict[str, Any]:
    """A registered player's page (any case of the name): games per game, ratings, recent games."""
    player = await asyncio.to_thread(request.app.state.accounts.by_name, name)
    if player is None:
        raise NotFound(f"no player named {name[:40]!r}")
    return await asyncio.to_thread(player_page, request.app.state.accounts.engine, player, recent)
