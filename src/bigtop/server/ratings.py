"""Ratings: every finished game is kept as its seats' outcomes, and every finished rated game moves
its registered players' OpenSkill ratings (Plackett-Luce, one rating per game).

Bots are rated as fixed anchors: each bot kind plays at a rating that games never move, measured
game by game (`rating_scale.py`), so beating the bots means the same thing all along. A guest (a seat without a
registered player) plays at a newcomer's rating that is not kept. Shared victories are ties:
seats of equal rank share their place (`Result.ranks`). A game of one seat moves no rating.

Each process that sees a game end records it; the outcome rows' key (table, seat) lets only the
first one through, and the rating rows are locked while they change, so several processes on one
PostgreSQL database rate each game once. `rerate.py` recomputes everything from the stored games.

`GET /api/ratings/{game}`: the leaderboard (name, rating, games; bots flagged).
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Query, Request
from sqlalchemy import Boolean, Column, Float, Integer, String, Table, func, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError, OperationalError

from bigtop import bots, games
from bigtop.core.api import State
from bigtop.server.accounts import players
from bigtop.server.errors import ERROR_RESPONSES, NotFound
from bigtop.server.rating_scale import MODEL, NEWCOMER, anchor
from bigtop.server.schema import UtcDateTime, metadata
from bigtop.server.store import Repository, SeatRow
from bigtop.server.tables import Hall, LiveTable

log = logging.getLogger("bigtop.server")

RETRIES = 5

ratings = Table(
    "bigtop_ratings",
    metadata,
    Column("game", String(64), primary_key=True),
    Column("player_id", Integer, primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),  # rated games played
)

outcomes = Table(
    "bigtop_outcomes",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("game", String(64), nullable=False, index=True),
    Column("player_id", Integer, index=True),  # the registered player, None for a guest or a bot
    Column("bot", String(32)),  # the bot kind of a bot's seat
    Column("name", String(64), nullable=False),
    Column("rank", Integer, nullable=False),
    Column("score", Float, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("rating", Float),  # the seat's rating (ordinal) after a rated game; None otherwise or for a guest
    Column("change", Float),  # how much the game moved it
    Column("finished_at", UtcDateTime(), nullable=False),
)


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown: mu - 3 sigma (a newcomer starts at 0 and rises as games make it surer)."""
    return mu - 3 * sigma


@dataclass(frozen=True)
class SeatOutcome:
    seat: int
    name: str
    player_id: int | None
    bot: str | None  # the bot kind
    rank: int
    score: float


@dataclass(frozen=True)
class Outcome:
    """A finished game as rating sees it."""

    table_id: str
    game: str
    rated: bool
    finished_at: datetime
    seats: tuple[SeatOutcome, ...]

    def moves_ratings(self) -> bool:
        return self.rated and len(self.seats) > 1

    def rated_people(self) -> dict[int, int]:
        """The registered players whose rating the game moves, by seat: those seated once (a
        player seated twice plays at a newcomer's rating that is not kept, as a guest does)."""
        if not self.moves_ratings():
            return {}
        count = Counter(s.player_id for s in self.seats)
        return {s.seat: s.player_id for s in self.seats if s.player_id is not None and count[s.player_id] == 1}


def outcome_of(table_id: str, rated: bool, seats: list[SeatRow], state: State, finished_at: datetime) -> Outcome:
    """The outcome of a finished game from its seats and final state."""
    result = state.result()
    return Outcome(table_id, state.game.name, rated, finished_at, tuple(
        SeatOutcome(s.seat, s.name, s.player_id, bots.parse_spec(s.bot)[0] if s.bot else None,
                    result.ranks[s.seat], float(result.scores[s.seat]))
        for s in seats
    ))


def rate(outcome: Outcome, before: dict[int, tuple[float, float]]) -> dict[int, tuple[float, float]]:
    """Each seat's rating (mu, sigma) after the game (its rating during the game where the game
    does not move it), from the players' ratings `before` by player id (a newcomer's if missing)."""
    people = outcome.rated_people()

    def playing(s: SeatOutcome) -> tuple[float, float]:
        if s.bot is not None:
            return anchor(outcome.game, s.bot)
        return before.get(people[s.seat], NEWCOMER) if s.seat in people else NEWCOMER

    start = {s.seat: playing(s) for s in outcome.seats}
    if not outcome.moves_ratings():
        return start
    teams = [[MODEL.rating(*start[s.seat])] for s in outcome.seats]
    moved = MODEL.rate(teams, ranks=[s.rank for s in outcome.seats])
    return {s.seat: (team[0].mu, team[0].sigma) if s.seat in people else start[s.seat]
            for s, team in zip(outcome.seats, moved, strict=True)}


def outcome_rows(outcome: Outcome, before: dict[int, tuple[float, float]],
                 after: dict[int, tuple[float, float]]) -> list[dict[str, Any]]:
    """The `bigtop_outcomes` rows of a game: each seat's rank and score, and in a game that moves
    ratings, the rating after it (with its change) of its rated players and its bots."""
    people = outcome.rated_people()
    rows = []
    for s in outcome.seats:
        rating = change = None
        if s.seat in people or (s.bot is not None and outcome.moves_ratings()):
            rating = ordinal(*after[s.seat])
            change = rating - ordinal(*(before.get(people[s.seat], NEWCOMER) if s.seat in people else after[s.seat]))
        rows.append({"table_id": outcome.table_id, "seat": s.seat, "game": outcome.game, "player_id": s.player_id,
                     "bot": s.bot, "name": s.name[:64], "rank": s.rank, "score": s.score, "rated": outcome.rated,
                     "rating": rating, "change": change, "finished_at": outcome.finished_at})
    return rows


class RatingRepository(Repository):
    """Finished games' outcomes and the players' ratings per game."""

    async def record(self, outcome: Outcome) -> bool:
        """Store a finished game's outcome and move its players' ratings, once: False if it was
        recorded already (by this process or another)."""
        def work(db: Connection) -> bool:
            if db.execute(select(outcomes.c.table_id).where(outcomes.c.table_id == outcome.table_id).limit(1)).first():
                return False
            people = outcome.rated_people()
            before = self._locked_ratings(db, outcome.game, sorted(people.values()))
            mu_sigma = {p: (mu, sigma) for p, (mu, sigma, _) in before.items()}
            after = rate(outcome, mu_sigma)
            db.execute(insert(outcomes), outcome_rows(outcome, mu_sigma, after))
            for seat, player_id in people.items():
                self._store_rating(db, outcome.game, player_id, after[seat], before.get(player_id))
            return True

        for attempt in range(RETRIES):
            try:
                return await self.writer.write(work)
            except (IntegrityError, OperationalError):  # another process rated a game of theirs meanwhile
                if attempt == RETRIES - 1:
                    raise
                await asyncio.sleep(0.05 * (attempt + 1))
        return False

    @staticmethod
    def _locked_ratings(db: Connection, game: str, people: list[int]) -> dict[int, tuple[float, float, int]]:
        """The ratings of these players, locked until the transaction ends (in id order, so that
        two processes never wait on each other)."""
        if not people:
            return {}
        query = (select(ratings).where(ratings.c.game == game, ratings.c.player_id.in_(people))
                 .order_by(ratings.c.player_id).with_for_update())
        return {r.player_id: (r.mu, r.sigma, r.games) for r in db.execute(query)}

    @staticmethod
    def _store_rating(db: Connection, game: str, player_id: int, rating: tuple[float, float],
                      before: tuple[float, float, int] | None) -> None:
        mu, sigma = rating
        if before is None:
            db.execute(insert(ratings).values(game=game, player_id=player_id, mu=mu, sigma=sigma, games=1))
        else:
            db.execute(update(ratings).where(ratings.c.game == game, ratings.c.player_id == player_id)
                       .values(mu=mu, sigma=sigma, games=before[2] + 1))

    def recorded(self) -> set[str]:
        """The tables whose outcome is stored."""
        with self.engine.connect() as db:
            return {r.table_id for r in db.execute(select(outcomes.c.table_id).distinct())}

    def leaderboard(self, game: str, limit: int) -> list[dict[str, Any]]:
        """The best `limit` of a game's rated players, with the bots that played it at their anchors."""
        score = ratings.c.mu - 3 * ratings.c.sigma
        with self.engine.connect() as db:
            people = db.execute(
                select(players.c.name, ratings.c.mu, ratings.c.sigma, ratings.c.games)
                .join(players, players.c.id == ratings.c.player_id)
                .where(ratings.c.game == game).order_by(score.desc(), players.c.name_key).limit(limit)
            ).all()
            bot_games = db.execute(
                select(outcomes.c.bot, func.count()).where(outcomes.c.game == game, outcomes.c.rated,
                                                           outcomes.c.bot.is_not(None)).group_by(outcomes.c.bot)
            ).all()
        rows = [{"name": r.name, "rating": ordinal(r.mu, r.sigma), "mu": r.mu, "sigma": r.sigma, "games": r.games,
                 "bot": False} for r in people]
        for bot, count in bot_games:
            mu, sigma = anchor(game, bot)
            rows.append({"name": bot, "rating": ordinal(mu, sigma), "mu": mu, "sigma": sigma, "games": count, "bot": True})
        rows.sort(key=lambda r: -r["rating"])
        return [{"rank": i + 1, **r} for i, r in enumerate(rows[:limit])]


class RatingSink:
    """Records every game that ends (a `TableSink`): its outcome, and for a rated game the new ratings."""

    def __init__(self, repository: RatingRepository) -> None:
        self.repository = repository
        self._seen: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    def table_changed(self, table: LiveTable, move: int | None) -> None:
        if table.status == "finished" and table.id not in self._seen:
            self._seen.add(table.id)
            outcome = outcome_of(table.id, table.rated, list(table.seats), table.state, datetime.now(UTC))
            task = asyncio.get_running_loop().create_task(self._record(outcome))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _record(self, outcome: Outcome) -> None:
        try:
            await self.repository.record(outcome)
        except Exception:  # the game stays unrecorded: `catch_up` at the next start, or `bigtop rerate`
            self._seen.discard(outcome.table_id)
            log.exception("table %s: its outcome could not be recorded", outcome.table_id)

    async def catch_up(self, hall: Hall) -> None:
        """Record the finished games that are not yet (a process stopped between the last move and
        the record)."""
        recorded = await asyncio.to_thread(self.repository.recorded)
        self._seen.update(recorded)
        for table_id in set(await asyncio.to_thread(hall.store.tables.newest, "finished")) - recorded:
            try:
                self.table_changed(await hall.find(table_id), None)
            except NotFound:  # its game is not installed
                continue

    async def stop(self) -> None:
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=5)


router = APIRouter(prefix="/api", tags=["ratings"], responses=ERROR_RESPONSES)


@router.get("/ratings/{game}")
async def leaderboard(request: Request, game: str, limit: int = Query(default=100, ge=1, le=1000)) -> list[dict[str, Any]]:
    """A game's leaderboard, best first: rank, name, rating (mu - 3 sigma), mu, sigma, rated games,
    and whether it is a bot (its kind as name, at its fixed anchor)."""
    name = games.get(game).name  # an unknown game answers 404
    return await asyncio.to_thread(request.app.state.ratings.leaderboard, name, limit)
