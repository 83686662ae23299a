"""Afterstate features for a learned Carcassonne policy: what each seat holds, as numbers.

A Carcassonne decision has too many possible actions for a policy head over ids (171,159 flat ids;
even the compact space's ranks say little about a placement). The learned bot (`bigtop.rl.scorer`)
instead scores each legal action by the position it leads to: for a placement, every figure
choice that may follow it (a placement's rows), as the heuristic bot looks one turn ahead. A
position is described from one seat's side by `PositionFeatures.describe`: per seat, that seat
first, then the others in turn order, its points, its heuristic worth (`search.worth`), what it
holds the majority on (open cities, roads, monasteries, fields: how many, how big, how many open
edges are left to close), the features it only shares, and its supply of each figure; then the
share of tiles left, and the seat's lead in points and worth. Every number is read from the state
(no hidden tile: the stack only by its size) and scaled to about [-1, 1].
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from bigtop.core.actions import Action
from bigtop.games.carcassonne.bot import turn_ends
from bigtop.games.carcassonne.data import CITY, FIELD, MONASTERY, ROAD
from bigtop.games.carcassonne.search import worth
from bigtop.games.carcassonne.state import CarcassonneState

# per seat: (name, scale): the feature is its raw value divided by the scale
SEAT_FEATURES = (
    ("points", 100.0), ("worth", 100.0),
    ("cities", 4.0), ("city tiles and pennants", 20.0), ("city open edges", 10.0),
    ("roads", 4.0), ("road tiles", 20.0), ("road open ends", 8.0),
    ("monasteries", 3.0), ("monastery neighbours", 24.0),
    ("fields", 4.0), ("field closed cities", 10.0),
    ("shared features", 4.0), ("features in the minority", 4.0),
)
GLOBAL_FEATURES = (("tiles left", 1.0), ("lead in points", 50.0), ("lead in worth", 50.0))


class PositionFeatures:
    """The afterstate features of a Carcassonne table of `players` seats with `figure_kinds`
    kinds of figure in a supply (`describe`, `rows`); `names` says what each column is."""

    def __init__(self, players: int, figure_kinds: int) -> None:
        self.players = players
        self.figure_kinds = figure_kinds
        per_seat = [name for name, _ in SEAT_FEATURES] + [f"supply of figure {k}" for k in range(figure_kinds)]
        self.names = tuple(
            f"{'own' if seat == 0 else f'seat +{seat}'} {name}" for seat in range(players) for name in per_seat
        ) + tuple(name for name, _ in GLOBAL_FEATURES)
        self.width = len(self.names)
        self._scales = np.array(
            [scale for _ in range(players) for scale in [s for _, s in SEAT_FEATURES] + [7.0] * figure_kinds]
            + [s for _, s in GLOBAL_FEATURES],
            np.float32,
        )

    def describe(self, s: CarcassonneState, seat: int) -> np.ndarray:
        """The position `s` from `seat`'s side, as `width` numbers."""
        players = self.players
        held = np.zeros((players, len(SEAT_FEATURES)), np.float32)
        held[:, 0] = s.points
        values = worth(s)
        held[:, 1] = values
        parent, open_, spans, ntype, figs, touch = s.parent, s.open, s.spans, s.ntype, s.figs, s.touch
        monastery_pos = None
        for node in s.held:
            kind = ntype[node]
            if kind == CITY:
                row = (2, len(spans[node]) + s.pennants[node], open_[node])
            elif kind == ROAD:
                row = (5, len(spans[node]), open_[node])
            elif kind == MONASTERY:
                if monastery_pos is None:
                    monastery_pos = {n: p for p, n in s.monasteries.items()}
                row = (8, s.neighbours(monastery_pos[node]), 0)
            elif kind == FIELD:
                closed = set()
                for city in touch[node]:
                    while parent[city] != city:
                        city = parent[city]
                    if open_[city] == 0:
                        closed.add(city)
                row = (10, len(closed), 0)
            else:
                continue
            winners = s.majority(figs[node])
            for p in winners:
                held[p, row[0]] += 1
                held[p, row[0] + 1] += row[1]
                if kind in (CITY, ROAD):
                    held[p, row[0] + 2] += row[2]
                if len(winners) > 1:
                    held[p, 12] += 1
            for p in {f[0] for f in figs[node]} - set(winners):
                held[p, 13] += 1
        seats = [(seat + k) % players for k in range(players)]
        supply = np.asarray(s.supply, np.float32)[seats, : self.figure_kinds]
        per_seat = np.concatenate([held[seats], supply], axis=1).ravel()
        others = [p for p in range(players) if p != seat]
        lead_points = s.points[seat] - max(s.points[p] for p in others)
        lead_worth = values[seat] - max(values[p] for p in others)
        left = len(s.stack) / max(1, s.tiles.total)
        raw = np.concatenate([per_seat, np.array([left, lead_points, lead_worth], np.float32)])
        return raw / self._scales

    def rows(self, s: CarcassonneState, seat: int, legal: Sequence[Action]) -> tuple[np.ndarray, np.ndarray]:
        """One row of features per position `seat`'s turn can end in from `s` with the actions
        `legal`, and for each row the index in `legal` of the action that starts it: an action
        after which the seat chooses a figure gives a row per figure choice (the positions the
        heuristic bot looks at, `bot.turn_ends`)."""
        out: list[np.ndarray] = []
        groups: list[int] = []
        for index, action in enumerate(legal):
            for end in turn_ends(s, seat, action):
                out.append(self.describe(end, seat))
                groups.append(index)
        return np.asarray(out, np.float32), np.asarray(groups, np.int64)


def position_features(players: int, options: Any) -> PositionFeatures:
    """The features of a table of `players` with `options` (its figure kinds)."""
    from bigtop.games.carcassonne.expansions import FIGURES

    return PositionFeatures(players, len(FIGURES))
