"""A game written out step by step as text, for golden files that show any change of behaviour as a diff.

Each step lists who is to move, what changed in each seat's view (as flattened `path = value`
lines: the spectator's changes first, then per seat only what the spectator does not see), the
mover's legal actions, the action played (picked by a seeded `Rng`), and the new log entries in
English. Playthroughs are deterministic: the same game, players and seed give the same text.
"""

from __future__ import annotations

import json
from typing import Any

from bigtop import games
from bigtop.core import Rng


def flatten(value: Any, path: str = "", out: dict[str, str] | None = None) -> dict[str, str]:
    """`{"a": {"b": [1, 2]}}` as `{"a.b.0": "1", "a.b.1": "2"}` (leaves as compact JSON)."""
    out = {} if out is None else out
    if isinstance(value, dict) and value:
        for key, item in value.items():
            flatten(item, f"{path}.{key}" if path else str(key), out)
    elif isinstance(value, list) and value:
        for index, item in enumerate(value):
            flatten(item, f"{path}.{index}" if path else str(index), out)
    else:
        out[path] = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return out


def changes(before: dict[str, str], after: dict[str, str]) -> dict[str, str]:
    """The paths whose value differs, with the new value (`-` for a path that disappeared)."""
    out = {k: v for k, v in after.items() if before.get(k) != v}
    out.update({k: "-" for k in before if k not in after})
    return out


def playthrough(name: str, players: int, seed: int) -> str:
    """The whole game `name` with `players` seats and `seed`, its moves picked by `Rng(seed)`."""
    game = games.get(name)
    state = game.new(players, seed=seed)
    rng = Rng(seed)
    seats: list[int | None] = [None, *range(players)]
    lines = [f"# {game.title}: {players} players, seed {seed}, moves picked by Rng({seed})"]
    views = {s: {} for s in seats}
    logged = 0
    while True:
        lines.append(f"move {state.move_count}: to move {list(state.to_move())}")
        public: dict[str, str] = {}
        for seat in seats:
            now = flatten(state.view(seat))
            changed = changes(views[seat], now)
            views[seat] = now
            if seat is None:
                public = changed
            else:
                changed = {k: v for k, v in changed.items() if public.get(k) != v}
            lines.extend(f"  {'spectator' if seat is None else f'seat {seat}'} sees {k} = {v}" for k, v in sorted(changed.items()))
        events = state.events
        for event in events[logged:]:
            who = "all" if event.audience is None else ",".join(map(str, event.audience))
            lines.append(f"  log [{who}] {game.describe_event(event, options=state.options)}")
        logged = len(events)
        if state.is_over():
            break
        movers = state.to_move()
        player = movers[rng.below(len(movers))]
        legal = state.legal_actions(player)
        lines.append(f"  seat {player} may ({len(legal)}): {'; '.join(map(str, legal))}")
        action = legal[rng.below(len(legal))]
        lines.append(f"  seat {player} plays {action}")
        state.apply(player, action)
    result = state.result()
    lines.append(f"scores {list(result.scores)} ranks {list(result.ranks)}")
    lines.extend(f"  {k}: {list(v)}" for k, v in state.score_breakdown().items())
    return "\n".join(lines) + "\n"
