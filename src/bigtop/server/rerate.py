"""`bigtop rerate`: recompute every finished game's outcome and every rating from the stored games.

Each finished table is replayed from its moves (so a fix of a game's rules or of the rating reaches
history), in the order the games ended (their last move), and rated as the server rates a game
that ends (`ratings.rate`). Everything is replaced in one transaction: readers see the old ratings
or the new ones, never a mix. Run it while no game ends (between deployments): a game that ends
meanwhile is rated again at the next start of a server.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, insert, select

from bigtop.core.errors import BigtopError
from bigtop.server.ratings import Outcome, outcome_of, outcome_rows, outcomes, rate, ratings
from bigtop.server.schema import moves, tables
from bigtop.server.store import Store
from bigtop.server.tables import rebuild


@dataclass
class Rerated:
    """What a recomputation did."""

    games: int = 0  # finished games recorded
    rated: int = 0  # of which rated
    ratings: int = 0  # (game, player) ratings
    skipped: list[str] | None = None  # tables that no longer replay, with why


def _finish_times(store: Store) -> dict[str, datetime]:
    """When each table's last move was stored (its creation for a table without moves)."""
    with store.engine.connect() as db:
        found = {r.id: r.created_at for r in db.execute(select(tables.c.id, tables.c.created_at))}
        found.update({t: at for t, at in db.execute(select(moves.c.table_id, func.max(moves.c.created_at)).group_by(moves.c.table_id))})
    return found


def finished_outcomes(store: Store, progress: Callable[[int, int], None] = lambda done, total: None) -> tuple[list[Outcome], list[str]]:
    """Every finished game's outcome, replayed from its moves, in the order the games ended; and
    the tables that no longer replay (each with why)."""
    rows = [row for row in store.tables.load_all() if row.status == "finished"]
    ended = _finish_times(store)
    found, skipped = [], []
    for done, row in enumerate(rows, 1):
        try:
            table = rebuild(row)
            if not table.state.is_over():
                raise BigtopError("its moves no longer end the game")
            found.append(outcome_of(row.id, row.rated, row.seats, table.state, ended[row.id]))
        except BigtopError as exc:
            skipped.append(f"table {row.id} ({row.game}): {exc}")
        progress(done, len(rows))
    found.sort(key=lambda o: (o.finished_at, o.table_id))
    return found, skipped


def rerate(store: Store, progress: Callable[[int, int], None] = lambda done, total: None) -> Rerated:
    """Replace every outcome and rating by those computed again from the stored games."""
    games, skipped = finished_outcomes(store, progress)
    current: dict[tuple[str, int], tuple[float, float, int]] = {}
    outcome_table: list[dict[str, Any]] = []
    for outcome in games:
        people = outcome.rated_people()
        before = {p: current[outcome.game, p][:2] for p in people.values() if (outcome.game, p) in current}
        after = rate(outcome, before)
        outcome_table += outcome_rows(outcome, before, after)
        for seat, player_id in people.items():
            played = current.get((outcome.game, player_id), (0.0, 0.0, 0))[2]
            current[outcome.game, player_id] = (*after[seat], played + 1)
    with store.engine.begin() as db:
        db.execute(delete(outcomes))
        db.execute(delete(ratings))
        if outcome_table:
            db.execute(insert(outcomes), outcome_table)
        if current:
            db.execute(insert(ratings), [{"game": g, "player_id": p, "mu": mu, "sigma": sigma, "games": n}
                                         for (g, p), (mu, sigma, n) in current.items()])
    return Rerated(len(games), sum(o.rated for o in games), len(current), skipped)
