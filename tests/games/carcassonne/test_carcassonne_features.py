"""The incremental union-find features agree with a from-scratch flood fill of the board."""

from __future__ import annotations

import pytest
from carcassonne_scenario import GAME

from bigtop.core import Rng
from bigtop.games.carcassonne.data import CITY, ROAD
from bigtop.games.carcassonne.rules import DELTA


def flood(state) -> tuple[dict[tuple[int, int], int], dict[int, tuple[int, frozenset[int]]]]:
    """Components of (pos, local feature) over the board, and per component (open edges, tiles)."""
    kinds = state.tiles.kinds
    edges: dict[tuple[int, int], set[tuple[int, int]]] = {}
    for pos, (k, _, _) in state.board.items():
        for i in range(len(kinds[k].features)):
            edges.setdefault((pos, i), set())
    open_sides: dict[tuple[int, int], int] = {}
    for pos, (k, r, _) in state.board.items():
        rot = kinds[k].rotations[r]
        for side in range(4):
            q = pos + DELTA[side]
            c = rot.centre[side]
            if q not in state.board:
                if c >= 0:
                    open_sides[(pos, c)] = open_sides.get((pos, c), 0) + 1
                continue
            ok, orr, _ = state.board[q]
            orot = kinds[ok].rotations[orr]
            opp = (side + 2) % 4
            pairs = [(c, orot.centre[opp]), (rot.left[side], orot.right[opp]), (rot.right[side], orot.left[opp])]
            for a, b in pairs:
                if a >= 0:
                    edges[(pos, a)].add((q, b))
    comp: dict[tuple[int, int], int] = {}
    info: dict[int, tuple[int, frozenset[int]]] = {}
    for start in edges:
        if start in comp:
            continue
        cid = len(info)
        stack, members = [start], []
        comp[start] = cid
        while stack:
            node = stack.pop()
            members.append(node)
            for other in edges[node]:
                if other not in comp:
                    comp[other] = cid
                    stack.append(other)
        info[cid] = (sum(open_sides.get(m, 0) for m in members), frozenset(p for p, _ in members))
    return comp, info


@pytest.mark.parametrize("expansions", ["", "bigtop"])
def test_union_find_matches_flood_fill(expansions: str) -> None:
    for seed in range(3):
        state = GAME.new(2, seed=seed, options={"expansions": expansions})
        rng = Rng(seed)
        step = 0
        while not state.is_over():
            if step % 5 == 0:
                comp, info = flood(state)
                by_root: dict[int, int] = {}
                for (pos, i), cid in comp.items():
                    node = state.board[pos][2] + i
                    root = state.find(node)
                    assert by_root.setdefault(root, cid) == cid, "union-find joined two separate features"
                    if state.ntype[root] in (CITY, ROAD):
                        assert (state.open[root], state.spans[root]) == info[cid]
                assert len(by_root) == len(info), "union-find split one feature"
            p = state.to_move()[0]
            legal = state.legal_actions(p)
            state.apply(p, legal[rng.below(len(legal))])
            step += 1
