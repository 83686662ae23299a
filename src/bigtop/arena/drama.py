"""Drama and decisiveness over a tournament (what TAG's DramaMetrics report), and how big the
state is and how much of it the seat to move cannot see (TAG's StateSize and visibility metrics).

A sample of the arena's games is reviewed by the game review (`bigtop.analysis.review.review`, at a
small search budget): every decision gets each seat's win chance, from the deciding seat's view.
From those, per game:

- each seat's win chance is averaged over each tenth of the game (one search is noisy), and the
  leader of a tenth is the seat with the highest mean chance;
- `settled`: how early the winner is settled, the share of the game after which the eventual
  winner leads every later tenth (100: it did not lead the last tenth);
- `trailing`: the share of the tenths the eventual winner did not lead;
- `trailed_at_half`: whether it did not lead the fifth tenth (40 to 50 % of the game);
- `lead_changes`: how often the leader changed from one tenth to the next (at most 9);
- `winner_chance`: the eventual winner's mean win chance in each tenth of the game.

Replaying the record, at each tenth of the game: `state_size`, the number of distinct facts
(a value at a place in a view, such as `/hand/0 = 93`) that some seat's view holds, and `hidden`,
the share of them that the view of the seat to move does not hold (a view shows its own seat's
hand at `/hand`, so the other hands are facts the seat to move does not see). Games with a shared win are left out of the winner
figures. The games are reviewed in worker processes, a progress bar over the games; the results
are kept in `drama.json` in the arena folder, so that a report made again reuses them.
"""

from __future__ import annotations

import json
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from bigtop import games
from bigtop.arena import loader, plots, stats
from bigtop.arena.htmltable import table
from bigtop.core.errors import BigtopError
from bigtop.core.record import Record

TENTHS = 10
FILE = "drama.json"
FORMAT = 1  # of drama.json: figures of another format are measured again
DEFAULT_ITERATIONS = 50


VIEWER = "/seat"  # the kernel's `common_view` names the viewer: not a fact of the game


def _facts(view: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every scalar of a JSON view with its place: (path, value as JSON), the viewer left out."""
    if isinstance(view, dict):
        for key, value in view.items():
            if f"{path}/{key}" != VIEWER:
                yield from _facts(value, f"{path}/{key}")
    elif isinstance(view, list):
        for i, value in enumerate(view):
            yield from _facts(value, f"{path}/{i}")
    else:
        yield path, json.dumps(view)


def information(record: Record) -> list[tuple[int, float]]:
    """At each tenth of the game (the state after that many moves): the state size (distinct facts
    over every seat's view) and the share of them the seat to move does not see."""
    game = games.get(record.game)
    state = game.new(record.players, seed=record.seed, options=record.options)
    total = len(record.moves)
    marks = {max(0, round(t * total / TENTHS) - 1): t for t in range(1, TENTHS + 1)}
    found: list[tuple[int, float]] = []
    for i, (seat, data) in enumerate(record.moves):
        if i in marks and not state.is_over():
            views = [set(_facts(state.view(p))) for p in range(record.players)]
            every = set().union(*views)
            mover = (state.to_move() or (seat,))[0]
            found.append((len(every), 1 - len(views[mover]) / len(every) if every else 0.0))
        state.apply_json(seat, data)
    return found


def _tenths(decisions: Sequence[dict[str, Any]], moves: int, players: int) -> list[list[float] | None]:
    """Each seat's mean win chance over the decisions of each tenth of the game (None: none)."""
    bins: list[list[Sequence[float]]] = [[] for _ in range(TENTHS)]
    for row in decisions:
        bins[min(TENTHS - 1, row["move"] * TENTHS // max(1, moves))].append(row["win_chance"])
    return [[sum(c[p] for c in b) / len(b) for p in range(players)] if b else None for b in bins]


def game_drama(decisions: Sequence[dict[str, Any]], winners: Sequence[int], moves: int, players: int) -> dict[str, Any] | None:
    """The drama figures of one reviewed game (see the module's docstring); None without a sole
    winner or without decisions. A single search's win chances are noisy, so each seat's chances
    are averaged over each tenth of the game first: the leader of a tenth is the seat with the
    highest mean chance in it."""
    if len(winners) != 1 or not decisions:
        return None
    winner = winners[0]
    tenths = _tenths(decisions, moves, players)
    leaders = []
    for t, chance in enumerate(tenths):
        if chance is not None:
            top = max(chance)
            best = [p for p, c in enumerate(chance) if c == top]
            leaders.append((t, best[0] if len(best) == 1 else None))
    behind = [t for t, leader in leaders if leader != winner]
    at_half = min(leaders, key=lambda item: abs(item[0] - (TENTHS // 2 - 1)))
    return {
        "settled": 100 * (behind[-1] + 1) / TENTHS if behind else 0.0,
        "trailing": len(behind) / len(leaders),
        "trailed_at_half": at_half[1] != winner,
        "lead_changes": sum(1 for (_, a), (_, b) in zip(leaders, leaders[1:], strict=False) if a is not None and b is not None and a != b),
        "winner_chance": [c[winner] if c is not None else None for c in tenths],
    }


def review_game(record_json: dict[str, Any], iterations: int) -> dict[str, Any]:
    """Review one game at `iterations` per decision (in a worker process) and measure it."""
    from bigtop.analysis.review import review
    from bigtop.analysis.search import Budget

    record = Record.from_json(record_json)
    # the drama reads the first search's win chances only: no paired comparisons (pairs=0)
    reviewed = review(record, budget=Budget(iterations=iterations, pairs=0), workers=1).to_json()
    return {
        "drama": game_drama(reviewed["decisions"], reviewed["result"]["winners"], len(record.moves), record.players),
        "information": information(record),
        "decisions": len(reviewed["decisions"]),
    }


def sample(rows: Sequence[dict[str, Any]], count: int) -> list[int]:
    """`count` game indexes spread evenly over the tournament."""
    if count < 1:
        raise BigtopError("--drama must be at least 1 game")
    count = min(count, len(rows))
    return sorted({rows[i * len(rows) // count]["index"] for i in range(count)})


def compute(
    folder: Path, rows: Sequence[dict[str, Any]], imports: Sequence[str], count: int, iterations: int, workers: int,
    on_done: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Review a sample of `count` games of an arena folder (those already in `drama.json` at the
    same budget are kept) in `workers` processes, and save `drama.json`; its contents."""
    path = folder / FILE
    saved = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    if saved.get("iterations") != iterations or saved.get("format") != FORMAT:
        saved = {"format": FORMAT, "iterations": iterations, "games": {}}
    by_index = {row["index"]: row for row in rows}
    wanted = [i for i in sample(rows, count) if str(i) not in saved["games"]]
    records = {}
    for i in wanted:
        try:
            records[i] = json.loads((folder / by_index[i]["record"]).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise BigtopError(f"{folder}: cannot read the record of game {i} for --drama: {exc}") from None
    done = len(sample(rows, count)) - len(wanted)
    total = done + len(wanted)
    if on_done is not None:
        on_done(done, total)

    def keep(i: int, result: dict[str, Any]) -> None:
        nonlocal done
        saved["games"][str(i)] = result
        path.write_text(json.dumps(saved), encoding="utf-8")
        done += 1
        if on_done is not None:
            on_done(done, total)

    if workers <= 1:
        for i in wanted:
            keep(i, review_game(records[i], iterations))
    else:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(workers, mp_context=context, initializer=loader.start_worker,
                                 initargs=(os.getpid(), tuple(imports))) as pool:
            futures = {pool.submit(review_game, records[i], iterations): i for i in wanted}
            try:
                for future in as_completed(futures):
                    keep(futures[future], future.result())
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)
                raise
    return saved


def _median_band(values: Sequence[Sequence[float | None]]) -> tuple[list[float | None], list[float | None], list[float | None]]:
    """Per tenth: the median of the values and the first and third quartiles (None: no value)."""
    mids: list[float | None] = []
    lows: list[float | None] = []
    highs: list[float | None] = []
    for t in range(TENTHS):
        column = sorted(value for v in values if t < len(v) and (value := v[t]) is not None)
        mids.append(column[len(column) // 2] if column else None)
        lows.append(column[len(column) // 4] if column else None)
        highs.append(column[(3 * len(column)) // 4] if column else None)
    return mids, lows, highs


def section(saved: dict[str, Any] | None, players: int) -> str:
    """The report's "Drama and decisiveness" and "State size and hidden information" sections."""
    if not saved or not saved.get("games"):
        return ("<h2>Drama and decisiveness</h2><p>Not computed for these games: <code>bigtop report FOLDER --drama 20</code> "
                "reviews 20 of them (each decision searched at a small budget) and adds how early the winner is settled, "
                "how often the eventual winner trailed, and how the state and the hidden information grow.</p>")
    results = list(saved["games"].values())
    drama = [r["drama"] for r in results if r["drama"]]
    reviewed = len(results)
    parts = [
        "<h2>Drama and decisiveness</h2>",
        f"<p>{reviewed} games reviewed (spread evenly over the tournament), each decision searched for "
        f"{saved['iterations']} iterations from the deciding seat's view, which gives every seat's win chance."
        + (f" {reviewed - len(drama)} with a shared win are left out of the figures about the winner." if reviewed > len(drama) else "")
        + "</p>",
    ]
    if drama:
        settled = sorted(d["settled"] for d in drama)
        trailing = stats.mean([d["trailing"] for d in drama], list(range(len(drama))))
        changes = stats.mean([float(d["lead_changes"]) for d in drama], list(range(len(drama))))
        half = sum(d["trailed_at_half"] for d in drama)
        low, high = stats.wilson(half, len(drama))
        q = len(settled) // 4
        parts.append(table(("figure", "value", "spread or 95 % interval"), [
            ("how early the winner is settled: the share of the game after which the eventual winner leads every tenth",
             f"{settled[len(settled) // 2]:.0f} % (median)", f"middle half of the games: {settled[q]:.0f} – {settled[-1 - q]:.0f} %"),
            ("tenths of the game the eventual winner did not lead (highest mean win chance)", f"{100 * trailing.value:.0f} %",
             f"{100 * trailing.low:.0f} – {100 * trailing.high:.0f} %"),
            ("games whose winner was behind at half time", f"{100 * half / len(drama):.0f} % ({half} of {len(drama)})",
             f"{100 * low:.0f} – {100 * high:.0f} %"),
            ("lead changes by win chance: the leader of a tenth differs from the previous tenth's (at most 9)", f"{changes.value:.1f}",
             f"{changes.low:.1f} – {changes.high:.1f}"),
        ]))
        mids, lows, highs = _median_band([d["winner_chance"] for d in drama])
        parts.append(plots.over_the_game(
            [("eventual winner", [m and 100 * m for m in mids], [m and 100 * m for m in lows], [m and 100 * m for m in highs])],
            "win chance (%)", "the eventual winner's win chance: median, and the middle half of games (band)",
            x=[10 * t + 5 for t in range(TENTHS)], percent=True,
        ))
        parts.append(f"<p class=note>The fair share is {100 / players:.1f} %. A game whose winner is settled early and "
                     "rarely trails has little drama; one whose winner trailed late had a comeback.</p>")
    information_rows = [r["information"] for r in results if r.get("information")]
    if information_rows:
        sizes = _median_band([[float(size) for size, _ in info] for info in information_rows])
        hidden = _median_band([[100 * share for _, share in info] for info in information_rows])
        parts += [
            "<h2>State size and hidden information</h2>",
            "<p>At each tenth of the game: the number of facts (a value at a place in a seat's view) that some seat can "
            "see, and the share of them the seat to move cannot see (the other hands, what only another seat knows). What "
            "no seat sees (the order of a shuffled deck or tile stack) is not counted. Median over the reviewed games, the "
            "band the middle half.</p>",
            plots.over_the_game([("state size", *sizes)], "facts seen by some seat", "state size over the game",
                                x=[10 * (t + 1) for t in range(TENTHS)]),
            plots.over_the_game([("hidden from the seat to move", *hidden)], "hidden (%)",
                                "share of the state the seat to move cannot see", x=[10 * (t + 1) for t in range(TENTHS)], percent=True),
        ]
        if all(share == 0 for info in information_rows for _, share in info):
            parts.append("<p class=note>Nothing one seat sees is hidden from another in these games.</p>")
    return "".join(parts)
