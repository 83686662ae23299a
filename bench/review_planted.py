"""Does the game review find planted errors, and leave good moves alone?

    nice -n 10 .venv/bin/python bench/review_planted.py drumroll --games 20 --workers 2

Each game is played by a strong bot in every seat (`--bot`, default ISMCTS at 300 iterations);
at a share of its decisions (`--rate`) the bot's choice is replaced by a planted error, in turn:

- `worst`: the worst of the legal moves by a deep search (`--reference` rounds, each playing
  every legal move out from one determinization with the same draws, `--reference-depth` moves
  before the game's evaluation), and
- `random`: a legal move drawn at random among those the bot did not choose.

The deep search also measures what each planted move cost against the bot's own choice, in win
chance and in points of lead (score minus the best other seat's), on `--cost-rounds` rounds of its
own, with the 95 % half-width of the lead: measured on the rounds that chose it, the worst of some
thirty moves would look worse than it is (the least of thirty noisy means is low by about two of
its standard errors), and measured on few rounds, a move that costs nothing passes for a mistake
(a round played to the end of a Carcassonne game differs by 15-25 points between two moves: over
32 rounds, a cost is known to ± 7 points, over 256 to ± 2.5). The finished game is then
reviewed as `bigtop analyze` reviews it (`bigtop.analysis.review.review`, the default budget
unless `--budget` or `--pairs`), and the table says, per kind of planted error, its recall (the
share graded a mistake or worse), the recall among the moves the deep search found to cost at
least a mistake's points (`costing a mistake or more`) and among those that cost it even at the
low end of their interval (`beyond its interval`: surely mistakes), and the false alarms (the
share of the bot's own moves graded a mistake or worse), each with its 95 % interval (moves of
one game counted as one cluster), and the review's CPU time per game. "Costing a mistake or more": the planted moves the deep search
found to give up at least the game's mistake threshold in points of lead (`grading.toml`); a
planted move that costs less is no error to find. `--json FILE` keeps every game's figures;
`--load FILE ...` prints the table of runs saved so (several files of one game: one table);
`--records DIR` keeps each game's record, and `--again FILE --records DIR` reviews the games
of a `--json` file again with today's settings (the same games, planted errors and costs).
A false alarm may be a true mistake of the strong bot: `--check-alarms` measures each of the
bot's own moves graded a mistake or worse with the deep search (against the deep search's best
move, on `--cost-rounds` rounds of its own), and the table adds the false alarms the deep search
does not confirm (costing less than a mistake's points of lead by the deep search).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bigtop import bots, games
from bigtop.analysis.grading import END, SERIOUS, scale_of
from bigtop.analysis.review import review
from bigtop.analysis.search import Z95, Budget, ReviewSearch, half_width
from bigtop.core.actions import Action
from bigtop.core.api import State
from bigtop.core.record import Record
from bigtop.core.rng import Rng

KINDS = ("worst", "random")
COST_SALT = 0xC057  # sets the rounds that measure a planted move's cost apart from those that chose it
ALARM_SALT = 0xA1A  # sets the deep search's rounds on the bot's own moves apart from the planted moves'


@dataclass
class Plant:
    """A planted error: the move's index, seat, kind, what the deep search says it cost against
    the bot's own choice (win chance, points of lead, the lead's 95 % half-width) and its grade."""

    move: int
    seat: int
    kind: str
    cost_win: float
    cost_lead: float
    grade: str | None = None
    cost_margin: float = math.nan  # 95 % half-width of `cost_lead` (not kept by runs before it was measured)


@dataclass
class Alarm:
    """One of the bot's own moves the review graded a mistake or worse (`--check-alarms`): its
    index, seat, grade, and what the deep search says it cost against the deep search's own best
    move (win chance, points of lead)."""

    move: int
    seat: int
    grade: str
    cost_win: float
    cost_lead: float


@dataclass
class GameRun:
    """One game: its seed, the planted errors, the grades of the bot's own moves, the review's
    CPU and wall seconds, how many decisions it reviewed, and the alarms checked."""

    seed: int
    plants: list[Plant]
    own: list[str | None] = field(default_factory=list)
    cpu: float = 0.0
    wall: float = 0.0
    decisions: int = 0
    alarms: list[Alarm] = field(default_factory=list)


def reference(state: State, seat: int, legal: Sequence[Action], rounds: int, depth: int, seed: int) -> dict[Action, tuple[float, float, float]]:
    """Per legal move, the mean win share, lead and search reward over `rounds` rounds in which
    every legal move is played out from the same determinization with the same draws
    (`ReviewSearch.compare`), `depth` moves before the game's evaluation."""
    search = ReviewSearch(state.game, seed, seat, depth=depth)
    scale = search.scale
    sums = {a: [0.0, 0.0, 0.0] for a in legal}
    for _ in range(rounds):
        for action, playout in zip(legal, search.compare(state, legal), strict=True):
            entry = sums[action]
            entry[0] += playout.win[seat]
            entry[1] += playout.lead[seat]
            entry[2] += scale.reward(playout.win, playout.lead)[seat]
    return {a: (w / rounds, x / rounds, r / rounds) for a, (w, x, r) in sums.items()}


def paired_cost(state: State, seat: int, ours: Action, theirs: Action, rounds: int, depth: int, seed: int) -> tuple[float, float, float]:
    """What `theirs` costs against `ours` (win chance, points of lead, the lead's 95 % half-width),
    both played out alike on each of `rounds` rounds (`ReviewSearch.compare`), `depth` moves."""
    search = ReviewSearch(state.game, seed, seat, depth=depth)
    win = lead = lead_sq = 0.0
    for _ in range(rounds):
        a, b = search.compare(state, [ours, theirs])
        win += a.win[seat] - b.win[seat]
        d = a.lead[seat] - b.lead[seat]
        lead += d
        lead_sq += d * d
    return win / rounds, lead / rounds, half_width(rounds, lead, lead_sq, 0.0)


def deep_cost(state: State, seat: int, played: Action, rounds: int, depth: int, cost_rounds: int, seed: int) -> tuple[float, float]:
    """What `played` costs against the deep search's best move (win chance, points of lead): the
    best chosen on `rounds` rounds, the cost measured on `cost_rounds` rounds of its own."""
    legal = state.legal_actions(seat)
    values = reference(state, seat, legal, rounds, depth, seed)
    best = max(legal, key=lambda a: values[a][2])
    if best == played:
        return 0.0, 0.0
    return paired_cost(state, seat, best, played, cost_rounds, depth, seed + COST_SALT)[:2]


def play_planted(name: str, players: int, bot: str, seed: int, rate: float, ref_iterations: int, ref_depth: int,
                 cost_rounds: int) -> tuple[State, list[Plant]]:
    """A game between `bot`s with planted errors at about `rate` of the decisions, in turn worst and
    random, each one's cost measured on `cost_rounds` rounds."""
    game = games.get(name)
    seats = [bots.make(bot, game, seed=seed * 10 + p) for p in range(players)]
    state = game.new(players, seed=seed)
    rng = Rng(seed ^ 0x5EED)
    plan = Rng(seed * 7919 + 1)
    plants: list[Plant] = []
    while not state.is_over():
        for seat in state.to_move():
            if seat not in state.to_move():
                continue
            legal = state.legal_actions(seat)
            if len(legal) == 1:
                state.apply(seat, legal[0])
                continue
            view = state.determinize(seat, rng.fork()) if seats[seat].needs_state else None
            action = seats[seat].choose(view, seat, legal)
            if plan.random() < rate:
                kind = KINDS[len(plants) % len(KINDS)]
                values = reference(state, seat, legal, ref_iterations, ref_depth, seed * 1_000_003 + state.move_count)
                if kind == "worst":
                    planted = min(legal, key=lambda a: values[a][2])
                else:
                    others = [a for a in legal if a != action]
                    planted = others[plan.below(len(others))]
                if planted != action:  # its cost, on rounds of their own: the worst move's own rounds overstate it
                    win, lead, margin = paired_cost(state, seat, action, planted, cost_rounds, ref_depth,
                                                    seed * 1_000_003 + state.move_count + COST_SALT)
                    plants.append(Plant(state.move_count, seat, kind, win, lead, cost_margin=margin))
                    action = planted
            state.apply(seat, action)
    return state, plants


def run_game(args: tuple[Any, ...]) -> GameRun:
    """Play one planted game and review it: (game, seats, bot, seed, rate, reference rounds,
    reference depth, rounds measuring a planted move's cost, budget, folder to keep its record in
    or None, whether to check the alarms)."""
    name, players, bot, seed, rate, ref_iterations, ref_depth, cost_rounds, budget, keep, check = args
    state, plants = play_planted(name, players, bot, seed, rate, ref_iterations, ref_depth, cost_rounds)
    if keep is not None:
        keep.mkdir(parents=True, exist_ok=True)
        (keep / f"{name}-{seed:05d}.json").write_text(state.record().dumps(), encoding="utf-8")
    return graded(state.record(), seed, plants, budget, (ref_iterations, ref_depth, cost_rounds) if check else None)


def graded(record: Record, seed: int, plants: list[Plant], budget: Budget, check: tuple[int, int, int] | None = None) -> GameRun:
    """Review a planted game's record as `bigtop analyze` does and grade its planted errors and
    the bot's own moves; with `check` (the deep search's rounds, depth and rounds measuring a
    cost), measure what each of the bot's own moves graded a mistake or worse cost by the deep
    search."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = review(record, budget=budget, seed=seed)
    run = GameRun(seed, plants, cpu=time.process_time() - cpu, wall=time.perf_counter() - wall, decisions=len(result.decisions))
    planted = {p.move: p for p in plants}
    game = games.get(record.game)
    for row in result.decisions:
        if row["move"] in planted:
            planted[row["move"]].grade = row["grade"]
            continue
        run.own.append(row["grade"])
        if check is not None and row["grade"] in SERIOUS:
            state = record.replay(game, row["searched_at"])
            played = game.codec.from_json(row["action"])
            win, lead = deep_cost(state, row["seat"], played, *check, seed * 1_000_003 + row["move"] + ALARM_SALT)
            run.alarms.append(Alarm(row["move"], row["seat"], row["grade"], win, lead))
    return run


def review_again(args: tuple[Any, ...]) -> GameRun:
    """Review a kept record again with today's settings, keeping its planted errors and their
    costs: (game, saved run, records folder, budget, the deep search's rounds, depth and cost
    rounds to check alarms with, or None)."""
    name, saved, folder, budget, check = args
    plants = [Plant(**{**p, "grade": None}) for p in saved["plants"]]
    record = Record.load(folder / f"{name}-{saved['seed']:05d}.json")
    return graded(record, saved["seed"], plants, budget, check)


def share(hits: Sequence[tuple[int, int]]) -> tuple[float, float, int]:
    """A proportion over clusters (hits, trials) and its 95 % half-width (clusters as units)."""
    n = sum(t for _, t in hits)
    if n == 0:
        return math.nan, math.nan, 0
    p = sum(h for h, _ in hits) / n
    k = len(hits)
    var = sum((h - p * t) ** 2 for h, t in hits) / n**2 * (k / (k - 1) if k > 1 else 1.0)
    return p, Z95 * math.sqrt(var), n


def proportion(hits: Sequence[tuple[int, int]]) -> str:
    """A proportion over clusters as the table prints it: "73 % ± 16 (22)". When every case went
    alike (0 or 100 %), the clusters give no spread, and the Wilson score interval bounds it."""
    p, half, n = share(hits)
    if n == 0:
        return "no case"
    if p in (0.0, 1.0):
        bound = n / (n + Z95**2)
        return f"{100 * p:.0f} % (95 %: {'≥' if p else '≤'} {100 * (bound if p else 1 - bound):.0f} %) ({n})"
    return f"{100 * p:.0f} % ± {100 * half:.0f} ({n})"


def table(name: str, runs: Sequence[GameRun]) -> list[tuple[str, str]]:
    """The benchmark's figures for one game, as (label, value) lines."""
    scale = scale_of(name)
    mistake = scale.points[1]
    out = []

    def line(label: str, hits: list[tuple[int, int]]) -> None:
        out.append((label, proportion(hits)))

    for kind in KINDS:
        line(f"recall, {kind}", [(sum(p.grade in SERIOUS for p in r.plants if p.kind == kind),
                                  sum(p.kind == kind for p in r.plants)) for r in runs])
        line(f"recall, {kind}, costing a mistake or more", [
            (sum(p.grade in SERIOUS for p in r.plants if p.kind == kind and p.cost_lead >= mistake),
             sum(p.kind == kind and p.cost_lead >= mistake for p in r.plants)) for r in runs])
        if all(not math.isnan(p.cost_margin) for r in runs for p in r.plants):
            line(f"recall, {kind}, costing a mistake beyond its interval", [
                (sum(p.grade in SERIOUS for p in r.plants if p.kind == kind and p.cost_lead - p.cost_margin >= mistake),
                 sum(p.kind == kind and p.cost_lead - p.cost_margin >= mistake for p in r.plants)) for r in runs])
    line("false alarms", [(sum(g in SERIOUS for g in r.own), len(r.own)) for r in runs])
    if any(r.alarms for r in runs) and all(len(r.alarms) == sum(g in SERIOUS for g in r.own) for r in runs):
        line("false alarms, not confirmed by the deep search", [(sum(a.cost_lead < mistake for a in r.alarms), len(r.own)) for r in runs])
    for kind in KINDS:
        costs = [p.cost_lead for r in runs for p in r.plants if p.kind == kind]
        if costs:
            out.append((f"deep-search cost, {kind} (points of lead, mean)", f"{sum(costs) / len(costs):.2f}"))
        margins = sorted(p.cost_margin for r in runs for p in r.plants if p.kind == kind and not math.isnan(p.cost_margin))
        if margins:
            out.append((f"deep-search cost, {kind}: its 95 % half-width (median)", f"{margins[len(margins) // 2]:.2f}"))
    cpu = sorted(r.cpu for r in runs)
    out.append(("review CPU s per game (median, max)", f"{cpu[len(cpu) // 2]:.1f}, {cpu[-1]:.1f}"))
    out.append(("decisions per game (mean)", f"{sum(r.decisions for r in runs) / len(runs):.0f}"))
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="?", help="drumroll, trollfest or carcassonne")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=None, help="seats (default: the game's minimum, at least 2)")
    parser.add_argument("--bot", default="ismcts:iterations=300", help="the strong bot in every seat")
    parser.add_argument("--rate", type=float, default=0.05, help="share of the bot's decisions replaced by a planted error")
    parser.add_argument("--reference", type=int, default=128, help="deep search: rounds (playouts per legal move)")
    parser.add_argument("--cost-rounds", type=int, default=256, help="deep search: rounds measuring a planted move's cost")
    parser.add_argument("--reference-depth", type=int, default=None, help="deep search: playout moves before the evaluation (default: twice the review's comparisons)")
    parser.add_argument("--budget", type=int, default=None, help="the review's first-search iterations (default: the review's)")
    parser.add_argument("--pairs", type=int, default=None, help="the review's most paired comparisons per decision (default: the review's)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--workers", type=int, default=1, help="games played and reviewed at once")
    parser.add_argument("--json", type=Path, default=None, help="write every game's figures to this file")
    parser.add_argument("--load", type=Path, nargs="+", default=None, help="print the table of runs saved with --json")
    parser.add_argument("--records", type=Path, default=None, help="keep each game's record in this folder (to review it again)")
    parser.add_argument("--check-alarms", action="store_true",
                        help="measure each of the bot's own moves graded a mistake or worse with the deep search (is it one?)")
    parser.add_argument("--again", type=Path, default=None,
                        help="review again, with today's settings, the games of a --json file whose records --records kept")
    args = parser.parse_args(argv)
    if args.load:
        saved = [json.loads(p.read_text(encoding="utf-8")) for p in args.load]
        by_game: dict[str, tuple[dict[str, Any], list[GameRun]]] = {}
        for data in saved:
            runs = [GameRun(r["seed"], [Plant(**p) for p in r["plants"]], r["own"], r["cpu"], r["wall"], r["decisions"],
                            [Alarm(**a) for a in r.get("alarms", [])]) for r in data["runs"]]
            by_game.setdefault(data["game"], (data["options"], []))[1].extend(runs)
        for name, (options, runs) in by_game.items():
            print_table(name, options, sorted(runs, key=lambda r: r.seed))
        return
    if args.again:
        if args.records is None:
            parser.error("--again needs --records, the folder that kept the games' records")
        again(args)
        return
    if args.game is None:
        parser.error("give a game, or --load")
    game = games.get(args.game)
    players = args.players or max(2, game.min_players)
    budget = review_budget(args)
    scale = scale_of(args.game)
    depth = args.reference_depth or min(END, 2 * (scale.compare_depth or scale.depth or game.search_depth))  # END: to the game's end
    work = [(args.game, players, args.bot, args.seed + i, args.rate, args.reference, depth, args.cost_rounds, budget, args.records,
             args.check_alarms)
            for i in range(args.games)]
    runs: list[GameRun] = []
    started = time.perf_counter()
    if args.workers > 1:
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            for run in pool.imap_unordered(run_game, work):
                runs.append(run)
                print(f"game {run.seed}: {len(run.plants)} planted, review {run.cpu:.1f} s CPU", file=sys.stderr, flush=True)
    else:
        for item in work:
            runs.append(run_game(item))
            print(f"game {runs[-1].seed}: {len(runs[-1].plants)} planted, review {runs[-1].cpu:.1f} s CPU", file=sys.stderr, flush=True)
    runs.sort(key=lambda r: r.seed)
    options = {k: v for k, v in vars(args).items() if k not in ("json", "load", "workers", "records")} | {"players": players, "reference_depth": depth,
                                                                                                "elapsed": time.perf_counter() - started}
    if args.json is not None:
        args.json.write_text(json.dumps({"game": args.game, "options": options, "runs": [asdict(r) for r in runs]}), encoding="utf-8")
    print_table(args.game, options, runs)


def again(args: argparse.Namespace) -> None:
    """The --again run: the same games and planted errors, reviewed with the settings of today."""
    saved = json.loads(args.again.read_text(encoding="utf-8"))
    name = saved["game"]
    budget = review_budget(args)
    options = saved["options"]
    check = (options["reference"], options["reference_depth"], options.get("cost_rounds", options["reference"])) if args.check_alarms else None
    work = [(name, r, args.records, budget, check) for r in saved["runs"]]
    runs: list[GameRun] = []
    with multiprocessing.get_context("spawn").Pool(max(1, args.workers)) as pool:
        for run in pool.imap_unordered(review_again, work):
            runs.append(run)
            print(f"game {run.seed}: {len(run.plants)} planted, review {run.cpu:.1f} s CPU", file=sys.stderr, flush=True)
    runs.sort(key=lambda r: r.seed)
    options |= {"again": str(args.again), "budget": args.budget, "pairs": args.pairs}
    if args.json is not None:
        args.json.write_text(json.dumps({"game": name, "options": options, "runs": [asdict(r) for r in runs]}), encoding="utf-8")
    print_table(name, options, runs)


def review_budget(args: argparse.Namespace) -> Budget:
    """The review's budget: its default, or the iterations and pairs given."""
    default = Budget()
    return Budget(args.budget or default.iterations, pairs=args.pairs or default.pairs)


def print_table(name: str, options: dict[str, Any], runs: Sequence[GameRun]) -> None:
    print(f"{games.get(name).title}, {options['players']} seats, {len(runs)} games of {options['bot']}, planted at {options['rate']:g}")
    for label, value in table(name, runs):
        print(f"  {label:56} {value}")


if __name__ == "__main__":
    main()
