"""Calibration: turning the search's raw win values into win chances that come true as often as
they say.

The search's value of a position is a mean of playout rewards, some of them the game's `evaluate`
(a logistic of an estimated lead, tuned for playing, not for telling odds), and the deciding
seat's value is that of its best move, which a noisy search overrates a little. Each game gets a
`Calibration`: a temperature `a` and a bias `b` of the deciding seat, fitted by maximum likelihood
on simulated games. Seat `s`'s win chance is `w_s * raw_s ** a / sum_t w_t * raw_t ** a`, with
`w = exp(b)` for the deciding seat and 1 for the others (for two seats: a logistic of `a` times the
raw log-odds, plus `b`). They are data (`calibration.toml`, with the run that fitted them); a game
without an entry keeps its raw values.

`python -m bigtop.analysis.calibration GAME --games N` simulates games between equal bots,
searches positions sampled from them and prints the reliability table (predicted against observed,
per bin, with 95 % intervals) and the calibration that fits them best.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

EPS = 1e-4  # raw values are kept off 0 and 1 so that every temperature is defined
TABLE = Path(__file__).with_name("calibration.toml")
Z95 = 1.96


@dataclass(frozen=True)
class Calibration:
    """A temperature and the deciding seat's bias (log-odds added to it); the identity by default."""

    temperature: float = 1.0
    bias: float = 0.0

    def apply(self, raw: Sequence[float], margins: Sequence[float], seat: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """Win chances from raw per-seat values (adding up to 1) searched for `seat`, and the 95 %
        half-widths carried through: each end of a seat's interval is mapped with the other
        seats' values scaled to make room for it (for two seats, exactly its complement)."""
        a = self.temperature
        clipped = [min(1.0 - EPS, max(EPS, r)) for r in raw]
        weights = [math.exp(self.bias) if p == seat else 1.0 for p in range(len(raw))]
        powered = [w * r**a for w, r in zip(weights, clipped, strict=True)]
        total = sum(powered)
        out = []
        for r, m, x, w in zip(clipped, margins, powered, weights, strict=True):
            rest = total - x

            def mapped(v: float, r: float = r, rest: float = rest, w: float = w) -> float:
                v = min(1.0 - EPS, max(EPS, v))
                y = w * v**a
                return y / (y + rest * ((1.0 - v) / (1.0 - r)) ** a)

            out.append((mapped(r + m) - mapped(r - m)) / 2)
        return tuple(x / total for x in powered), tuple(out)


@cache
def _table() -> dict[str, Any]:
    with TABLE.open("rb") as f:
        return tomllib.load(f)


def for_game(game: str) -> Calibration:
    """The fitted calibration of `game` (the identity for a game never fitted)."""
    entry = _table().get(game, {})
    return Calibration(float(entry.get("temperature", 1.0)), float(entry.get("bias", 0.0)))


@dataclass(frozen=True)
class Sample:
    """A searched position of a simulated game: the raw values per seat, the deciding seat, and
    the game's outcome (win shares per seat)."""

    game: int
    move: int
    seat: int
    raw: tuple[float, ...]
    outcome: tuple[float, ...]


def simulate(
    name: str, players: int, games: int, budget: Any, seed: int = 0, per_game: int = 4, bot: str = "heuristic",
    workers: int = 1, on_game: Callable[[int], None] | None = None,
) -> list[Sample]:
    """Play `games` games between `bot`s (seeds `seed`, `seed + 1`, ...) and search `per_game`
    decisions of each, drawn at random: the samples."""
    from bigtop import bots
    from bigtop import games as registry
    from bigtop.analysis.decisions import decision_specs
    from bigtop.analysis.workers import search_all
    from bigtop.bots.match import play_game
    from bigtop.core.rng import Rng

    game = registry.get(name)
    samples = []
    for i in range(games):
        state = play_game(game, [bots.make(bot, game, seed=(seed + i) * 10 + p) for p in range(players)], seed=seed + i)
        record = state.record()
        outcome = state.result()
        share = tuple(1.0 / len(outcome.winners) if p in outcome.winners else 0.0 for p in range(players))
        specs = decision_specs(record)
        rng = Rng(seed + i)
        chosen = sorted({rng.below(len(specs)) for _ in range(per_game)}) if specs else []
        rows = search_all(record, [specs[k] for k in chosen], budget, seed + i, workers)
        samples += [Sample(i, r["move"], r["seat"], tuple(r["raw_win"]), share) for r in rows]
        if on_game is not None:
            on_game(i)
    return samples


def _chances(sample: Sample, calibration: Calibration) -> tuple[float, ...]:
    return calibration.apply(sample.raw, [0.0] * len(sample.raw), sample.seat)[0]


def log_likelihood(samples: Sequence[Sample], calibration: Calibration) -> float:
    total = 0.0
    for s in samples:
        chances = _chances(s, calibration)
        total += sum(o * math.log(max(w, 1e-12)) for o, w in zip(s.outcome, chances, strict=True))
    return total


def _golden(f: Callable[[float], float], lo: float, hi: float) -> float:
    """Where `f` is highest in [lo, hi] (golden-section search)."""
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(30):
        x1, x2 = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
        if f(x1) >= f(x2):
            hi = x2
        else:
            lo = x1
    return (lo + hi) / 2


def fit(samples: Sequence[Sample]) -> Calibration:
    """The calibration of highest likelihood: temperature in [0.05, 5] and bias in [-1, 1], each
    in turn by golden-section search until they settle."""
    a, b = 1.0, 0.0
    for _ in range(4):
        a = math.exp(_golden(lambda x, b=b: log_likelihood(samples, Calibration(math.exp(x), b)), math.log(0.05), math.log(5.0)))
        b = _golden(lambda x, a=a: log_likelihood(samples, Calibration(a, x)), -1.0, 1.0)
    return Calibration(a, b)


@dataclass(frozen=True)
class Bin:
    """Positions whose predicted win chance (for the deciding seat) fell in [low, high): how many,
    their mean prediction, the observed win rate, and the 95 % half-width of the observed minus
    predicted difference (positions of one game are counted as one cluster)."""

    low: float
    high: float
    positions: int
    predicted: float
    observed: float
    margin: float

    @property
    def agrees(self) -> bool:
        return abs(self.observed - self.predicted) <= self.margin


def reliability(samples: Sequence[Sample], calibration: Calibration, bins: int = 5) -> list[Bin]:
    """The reliability table of the samples, calibrated."""
    groups: list[list[tuple[int, float, float]]] = [[] for _ in range(bins)]
    for s in samples:
        p = _chances(s, calibration)[s.seat]
        groups[min(bins - 1, int(p * bins))].append((s.game, p, s.outcome[s.seat]))
    out = []
    for k, group in enumerate(groups):
        if not group:
            continue
        n = len(group)
        per_game: dict[int, float] = {}
        for g, p, o in group:
            per_game[g] = per_game.get(g, 0.0) + (o - p)
        margin = Z95 * math.sqrt(sum(e * e for e in per_game.values())) / n
        out.append(Bin(k / bins, (k + 1) / bins, n, sum(p for _, p, _ in group) / n, sum(o for _, _, o in group) / n, margin))
    return out


def brier(samples: Sequence[Sample], calibration: Calibration) -> float:
    """Mean squared error of the calibrated win chances against the outcomes, over every seat."""
    total = 0.0
    for s in samples:
        total += sum((w - o) ** 2 for w, o in zip(_chances(s, calibration), s.outcome, strict=True))
    return total / len(samples)


def load_samples(paths: Sequence[Path]) -> list[Sample]:
    """Samples written by `--samples`, from several files (their games numbered apart)."""
    out: list[Sample] = []
    for k, path in enumerate(paths):
        for x in json.loads(path.read_text(encoding="utf-8")):
            out.append(Sample(k * 1_000_000 + x["game"], x["move"], x["seat"], tuple(x["raw"]), tuple(x["outcome"])))
    return out


def main(argv: Sequence[str] | None = None) -> None:
    """Simulate and search (or load searched positions), print the reliability tables (raw, fitted
    and the table's) and the calibration that fits best."""
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from bigtop import games as registry
    from bigtop.analysis.search import Budget

    parser = argparse.ArgumentParser(prog="python -m bigtop.analysis.calibration", description=main.__doc__)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None, help="seats (default: 2 where allowed)")
    parser.add_argument("--games", type=int, default=100, help="simulated games")
    parser.add_argument("--per-game", type=int, default=4, help="positions searched per game")
    parser.add_argument("--budget", type=int, default=Budget().iterations, help="search iterations per position")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--bot", default="heuristic", help="the bot in every seat")
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    parser.add_argument("--bins", type=int, default=5)
    parser.add_argument("--samples", type=Path, default=None, help="also write the searched positions to this JSON file")
    parser.add_argument("--load", type=Path, nargs="+", default=None, help="read positions written by --samples instead of simulating")
    args = parser.parse_args(argv)
    game = registry.get(args.game)
    players = args.players or max(2, game.min_players)
    console = Console()
    if args.load:
        samples = load_samples(args.load)
        source = f"{len(samples)} positions from {', '.join(map(str, args.load))}"
    else:
        with Progress(console=console) as progress:
            task = progress.add_task(f"{args.game}: simulating and searching", total=args.games)
            samples = simulate(args.game, players, args.games, Budget(args.budget), args.seed, args.per_game, args.bot,
                               args.workers, on_game=lambda _: progress.advance(task))
        source = f"{len(samples)} positions of {args.games} games ({args.bot}, seeds from {args.seed})"
    if args.samples is not None:
        args.samples.write_text(json.dumps([dataclasses.asdict(s) for s in samples]), encoding="utf-8")
    fitted = fit(samples)
    for label, calibration in (("raw", Calibration()), ("fitted", fitted), ("in the table", for_game(args.game))):
        title = f"{game.title}, {players} seats, {source}: {label} (temperature {calibration.temperature:.3f}, bias {calibration.bias:+.3f})"
        table = Table(title=title)
        for col in ("predicted bin", "positions", "mean predicted", "observed", "95 % interval", "agrees"):
            table.add_column(col, justify="right")
        for b in reliability(samples, calibration, args.bins):
            table.add_row(f"{b.low:.2f}-{b.high:.2f}", str(b.positions), f"{b.predicted:.3f}", f"{b.observed:.3f}",
                          f"±{b.margin:.3f}", "yes" if b.agrees else "NO")
        console.print(table)
        console.print(f"Brier score {brier(samples, calibration):.4f} (a constant 1/{players}: {(players - 1) / players:.4f})")
    console.print(f"[{args.game}]\ntemperature = {fitted.temperature:.3f}\nbias = {fitted.bias:.3f}")


if __name__ == "__main__":
    main()
