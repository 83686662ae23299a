"""A database full of stored tables, written straight into its tables as a server would have left
them (its tests of start-up, and `bench/server_start.py`)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import create_engine, insert

from bigtop import games
from bigtop.bots.random_bot import RandomBot


def store_many_tables(url: str, finished: int, open_tables: int) -> list[str]:
    """Store `finished` finished High Card games (with their moves and outcomes) and `open_tables`
    open tables in a new database at `url`; answers the finished ones' ids, oldest first."""
    from bigtop.server.app import create_app  # every module's tables on the schema
    from bigtop.server.ratings import outcomes
    from bigtop.server.schema import moves, seats, tables

    create_app(url)
    game = games.get("highcard")
    played = [_random_game(game, seed) for seed in range(20)]
    now = datetime.now(UTC)
    rows: dict[Any, list[dict[str, Any]]] = {tables: [], seats: [], moves: [], outcomes: []}
    ids = []
    for n in range(finished + open_tables):
        table_id = f"t{n:05d}"
        seed, record, state = played[n % len(played)]
        done = n < finished
        rows[tables].append({"id": table_id, "game": "highcard", "players": 2, "options": {}, "seed": seed,
                             "status": "finished" if done else "open", "host_token": "h", "created_at": now,
                             "practice": False, "rated": False, "started_at": now.timestamp() if done else None,
                             "move_count": len(record) if done else 0})
        rows[seats] += [{"table_id": table_id, "seat": s, "name": f"bot{s}", "bot": "random", "token": None,
                         "joined": True, "away": False, "open": False} for s in range(2)]
        if done:
            ids.append(table_id)
            rows[moves] += [{"table_id": table_id, "number": i, "seat": seat, "action": action, "created_at": now,
                             "kind": "move"} for i, (seat, action) in enumerate(record)]
            ranks = state.result().ranks
            rows[outcomes] += [{"table_id": table_id, "seat": s, "game": "highcard", "bot": "random", "name": f"bot{s}",
                                "rank": ranks[s], "score": state.scores()[s], "rated": False, "finished_at": now}
                               for s in range(2)]
    engine = create_engine(url)
    with engine.begin() as db:
        for table, values in rows.items():
            if values:
                db.execute(insert(table), values)
    engine.dispose()
    return ids


def _random_game(game: Any, seed: int) -> tuple[int, list[tuple[int, dict[str, Any]]], Any]:
    """A High Card game of two random players: its seed, its moves as JSON, its final state."""
    state = game.new(2, seed=seed)
    bot = RandomBot(seed)
    record = []
    while not state.is_over():
        seat = state.to_move()[0]
        action = bot.choose(None, seat, state.legal_actions(seat))
        record.append((seat, game.codec.to_json(action)))
        state.apply(seat, action)
    return seed, record, state
