"""`bigtop tune`: balance tuning of a game's content by simulation.

1. Search: CMA-ES (the `cma` library) proposes values for the spec's parameters, a generation at a
   time; each candidate's content file is played out by the spec's bots on the same deals (common
   random numbers), and the goals' penalty (`bigtop.tune.goals`) is what it minimises. The values
   of the spec's content file are the first candidate; the output calls them the shipped content
   when it is the game's own file, else the starting content (its name). A candidate already played (same integers) is not played again.
2. Check: the best few candidates and the shipped content are played on fresh deals; the one with
   the lowest penalty there is the result, compared with the shipped content deal by deal (a paired
   bootstrap interval of the difference).
3. Output folder: the content file, loadable with the game's `cards` option: `best.toml` only when
   the result beats the shipped content clearly (the whole interval of the difference below 0),
   else `candidate.toml` (nothing when the shipped content itself came out best); `report.md` and
   `report.json` (before and after, every figure with its command, and which file was written); the state
   that lets `--resume` go on after an interruption: `tune.jsonl` (every candidate played, one line
   each) and `optimizer.pickle` (the optimizer after each generation). Candidates are asked from a
   seeded generator, so a resumed run proposes what an uninterrupted one would have.
"""

from __future__ import annotations

import json
import pickle
import shlex
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from bigtop import bots as bot_registry
from bigtop import games
from bigtop.arena import loader, runner
from bigtop.arena.summary import decided
from bigtop.arena.tournament import Task, play_task, schedule
from bigtop.core.errors import BigtopError
from bigtop.terminal.sim import bot_specs
from bigtop.tune import goals
from bigtop.tune.report import write_report
from bigtop.tune.spec import Spec, imports, load_spec, shipped_values, start_label, with_values

Row = dict[str, Any]
Values = tuple[int, ...]
LOG = "tune.jsonl"
BEST, CANDIDATE = "best.toml", "candidate.toml"
OPTIMIZER = "optimizer.pickle"


def play_for_tuning(tasks: Sequence[Task]) -> list[Row]:
    """Play tasks and keep what the goals need (not the records)."""
    return [{k: v for k, v in play_task(task).items() if k != "record"} for task in tasks]


class Tuner:
    """One tuning run: the spec, its output folder, the games played so far, and how to play more."""

    def __init__(
        self, spec: Spec, content: Path, out: Path, play: Callable[[list[Task], Callable[[Row], None]], list[Row]],
        imported: tuple[str, ...] = (),
    ) -> None:
        self.spec, self.content, self.out, self.play, self.imported = spec, content, out, play, imported
        self.shipped = shipped_values(spec, content)  # the values the search starts from
        self.start_label = start_label(spec, content)
        self.specs = bot_specs(spec.bots, spec.players)
        self.played: dict[tuple[str, Values], dict[str, Any]] = {}  # (phase, values) -> the log line
        self.advance: Callable[[int], None] = lambda n: None
        self.on_batch: Callable[[str], None] = lambda line: None  # a line after each batch of candidates

    # --------------------------------------------------------------------------- the log
    def header(self) -> dict[str, Any]:
        return {"spec": self.spec.model_dump(mode="json"), "content": self.content.read_text(encoding="utf-8")}

    def start(self, resume: bool) -> None:
        """Open the log: keep what it holds of this same run when resuming, else start afresh."""
        self.out.mkdir(parents=True, exist_ok=True)
        log = self.out / LOG
        if resume and log.exists():
            lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
            if not lines or lines[0] != {"header": self.header()}:
                raise BigtopError(f"{self.out} holds another tuning run (other spec or content); choose another --out or leave out --resume")
            for line in lines[1:]:
                self.played[(line["phase"], tuple(line["values"]))] = line
            return
        (self.out / OPTIMIZER).unlink(missing_ok=True)
        log.write_text(json.dumps({"header": self.header()}) + "\n", encoding="utf-8")

    def _save(self, line: dict[str, Any]) -> None:
        self.played[(line["phase"], tuple(line["values"]))] = line
        with (self.out / LOG).open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(line) + "\n")

    # --------------------------------------------------------------------------- playing
    def evaluate(self, phase: str, candidates: Sequence[Values], games_: int, seed: int) -> list[dict[str, Any]]:
        """Play each candidate not yet played in this phase on the same `games_` deals from `seed`;
        the log line of every candidate (penalty, what it is made of, and in the check the rows)."""
        todo = list(dict.fromkeys(v for v in candidates if (phase, v) not in self.played))
        tasks: list[Task] = []
        for c, values in enumerate(todo):
            text = with_values(self.spec, self.content, values)
            for task in schedule(self.spec.game, self.specs, games_, seed, {}, self.imported):
                tasks.append(Task(c * games_ + task.index, task.game, task.seed, task.seating, task.specs,
                                  imports=task.imports, content=(self.spec.option, text)))
        rows = self.play(tasks, lambda row: self.advance(1)) if tasks else []
        for c, values in enumerate(todo):
            mine = [{**row, "index": row["index"] - c * games_} for row in rows if row["index"] // games_ == c]
            total, parts = goals.objective(self.spec, mine, values, self.shipped)
            line = {"phase": phase, "values": list(values), "objective": total, **parts}
            if phase == "check":
                line["rows"] = [{k: row[k] for k in ("seed", "seating", "winners", "scores", "moves", "turn_order", "margin",
                                                     "lead_changes", "decisions", "turns", "branching", "branching_by_tenth", "features")}
                                for row in mine]
            self._save(line)
        if todo:
            self.on_batch(self._batch_line(phase, len(todo), games_))
        return [self.played[(phase, v)] for v in candidates]

    def _batch_line(self, phase: str, count: int, games_: int) -> str:
        """One line on the run so far, after a batch of `count` candidates played on `games_` deals."""
        best = min((line["objective"], line["values"]) for (p, _), line in self.played.items() if p == phase)
        shipped = self.played.get((phase, self.shipped))
        against = f" ({self.start_label.removeprefix('the ')}: {shipped['objective']:.2f})" if shipped else ""
        what = "search" if phase == "search" else "check on fresh deals"
        return (f"{what}: {count} candidate{'s' if count > 1 else ''} on {games_} deals; "
                f"{self._searched()} of {self.proposals()} searched; lowest penalty {best[0]:.2f}{against}")

    def decode(self, z: Sequence[float]) -> Values:
        """A point of the search space ([0, 1] per parameter) as the parameters' integers."""
        return tuple(int(round(p.low + min(1.0, max(0.0, x)) * (p.high - p.low))) for p, x in zip(self.spec.parameter, z, strict=True))

    def search(self) -> None:
        """CMA-ES over the parameters scaled to [0, 1], from the shipped values, until the budget of
        proposals (the shipped values and `population` a generation) is spent."""
        import cma

        s = self.spec.search
        ranges = [p.high - p.low for p in self.spec.parameter]
        saved = self.out / OPTIMIZER
        if saved.exists():
            generation, es = pickle.loads(saved.read_bytes())
        else:
            generation = 0
            start = [(v - p.low) / r for v, p, r in zip(self.shipped, self.spec.parameter, ranges, strict=True)]
            es = cma.CMAEvolutionStrategy(start, s.sigma, {
                "bounds": [0, 1], "popsize": s.population, "seed": s.seed, "verbose": -9,
                "minstd": [0.3 / r for r in ranges],  # below a third of a step, candidates would all round alike
                "randn": np.random.RandomState(s.seed).randn,  # its own generator, pickled with it
            })
        self.evaluate("search", [self.shipped], self.spec.evaluation.games, self.spec.evaluation.seed)
        while 1 + generation * s.population < s.budget:  # proposals, not distinct ones: a converged search ends too
            es.opts["randn"].__self__.seed(s.seed * 100_003 + generation)  # the same candidates after a resume
            asked = es.ask()
            lines = self.evaluate("search", [self.decode(z) for z in asked], self.spec.evaluation.games, self.spec.evaluation.seed)
            es.tell(asked, [line["objective"] for line in lines])
            generation += 1
            partial = saved.with_suffix(".part")
            partial.write_bytes(pickle.dumps((generation, es)))
            partial.replace(saved)

    def proposals(self) -> int:
        """How many candidates the search proposes: the shipped values, then whole generations
        while fewer than the budget have been proposed (repeats are played once)."""
        s = self.spec.search
        return 1 + s.population * -(-(s.budget - 1) // s.population)

    def _searched(self) -> int:
        return sum(1 for phase, _ in self.played if phase == "search")

    def finalists(self) -> list[Values]:
        """The shipped values and the best distinct search candidates."""
        ranked = sorted((line["objective"], v) for (phase, v), line in self.played.items() if phase == "search" and v != self.shipped)
        return [self.shipped, *[v for _, v in ranked[: self.spec.evaluation.finalists]]]

    def check(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """Play the finalists on fresh deals: (the shipped content's line, the best one's line)."""
        e = self.spec.evaluation
        lines = self.evaluate("check", self.finalists(), e.check_games, e.check_seed)
        return lines[0], min(lines, key=lambda line: (line["objective"], line["values"] != list(self.shipped)))


def tune_command_line(spec_file: Path, out: Path, smaller: bool = False) -> str:
    """The command that runs this tuning again."""
    return shlex.join(["bigtop", "tune", str(spec_file), "--out", str(out), *(["--quick"] if smaller else [])])


@contextmanager
def _cluster(address: str | None, cpus: int) -> Iterator[None]:
    """Ray for the whole run (`--ray`), so that each generation does not start its own."""
    if address is None:
        yield
        return
    with runner.ray_session(address, cpus):
        yield


QUICK = {"evaluation": {"games": 30, "check_games": 120, "finalists": 1}, "search": {"budget": 17, "population": 8}}
"""`--quick`: the shipped values and two generations of eight candidates on 30 deals each, then the
best against the shipped content on 120 fresh deals (750 games): a first look in minutes, not a
verdict."""


def quick(spec: Spec) -> Spec:
    """The spec with the `--quick` budget (`QUICK`) in place of its own."""
    return spec.model_copy(update={
        "evaluation": spec.evaluation.model_copy(update=QUICK["evaluation"]),
        "search": spec.search.model_copy(update=QUICK["search"]),
    })


def run_tune(
    spec_file: Path, out: Path, workers: int, ray: str | None, resume: bool, chunk: int | None, console: Console,
    smaller: bool = False,
) -> dict[str, Any]:
    """Tune, check, and write the report in `out` and the content file: `best.toml` when the
    result beats the shipped content clearly, else `candidate.toml`; the report's figures. With
    `smaller`, the `--quick` budget. Without a terminal (a log, a pipe), a line after each batch of
    candidates says how the run goes."""
    spec, content = load_spec(spec_file)
    if smaller:
        spec = quick(spec)
    imported = imports(spec, spec_file)
    registered = loader.load_all(imported)
    game = games.get(spec.game)
    if workers > 1 or ray is not None:
        loader.check_reachable(spec.game, registered)
    specs = bot_specs(spec.bots, spec.players)
    if spec.players not in range(game.min_players, game.max_players + 1):
        raise BigtopError(f"{spec_file}: players: {spec.game} takes {game.min_players} to {game.max_players}")
    for bot in specs:
        bot_registry.make(bot, game, seed=0)
    game.check_options(spec.players, {spec.option: str(content)})

    def play(tasks: list[Task], on_done: Callable[[Row], None]) -> list[Row]:
        if ray is None:
            return runner.run_local(tasks, workers, on_done, chunk, play_for_tuning)
        return runner.run_ray(tasks, ray, on_done, cpus=workers, chunk=chunk, play=play_for_tuning)

    tuner = Tuner(spec, content, out, play, imported)
    tuner.start(resume)
    e = spec.evaluation
    total = tuner.proposals() * e.games + (e.finalists + 1) * e.check_games
    done = sum(e.games if phase == "search" else e.check_games for phase, _ in tuner.played)
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with _cluster(ray, workers), Progress(*columns, console=console, transient=True) as progress:
        bar = progress.add_task(f"tuning {game.title}", total=total, completed=min(done, total))
        tuner.advance = lambda n: progress.advance(bar, n)
        started = time.monotonic()
        if not console.is_terminal:
            tuner.on_batch = lambda line: console.print(f"[{_clock(time.monotonic() - started)}] {line}", soft_wrap=True)
        tuner.search()
        progress.update(bar, description=f"checking {game.title}")
        before, after = tuner.check()
    figures = summarize_run(tuner, before, after, tune_command_line(spec_file, out, smaller))
    start = figures["start"]
    for name in (BEST, CANDIDATE):
        (out / name).unlink(missing_ok=True)
    if figures["changes"]:
        (out / figures["wrote"]).write_text(with_values(spec, content, tuple(after["values"])), encoding="utf-8")
    write_report(out, figures)
    if figures["clear"]:
        console.print(f"a clear improvement: {out / BEST}; report: {out / 'report.md'}")
    elif figures["changes"]:
        d = figures["difference"]
        console.print(f"no clear improvement (penalty difference {d['value']:+.2f}, 95 % interval {d['low']:+.2f} to "
                      f"{d['high']:+.2f}): {start} stays; the best candidate is in {out / CANDIDATE}; "
                      f"report: {out / 'report.md'}", soft_wrap=True)
    else:
        console.print(f"{start} came out best on the {spec.evaluation.check_games} check deals: it stays, "
                      f"and no content file is written; report: {out / 'report.md'}", soft_wrap=True)
    return figures


def _clock(seconds: float) -> str:
    return f"{int(seconds // 60)}:{int(seconds % 60):02d}"


def summarize_run(tuner: Tuner, before: dict[str, Any], after: dict[str, Any], command: str) -> dict[str, Any]:
    """The before/after figures: what the run started from, each parameter with its range, start and
    best value, the parameters that changed, each goal's measure and penalty, what decided the
    games (with intervals), and the paired difference of the penalties."""
    spec = tuner.spec
    gap = goals.paired_difference(spec, after["rows"], before["rows"])
    changes = [
        {"parameter": p.name, "before": b, "after": a}
        for p, b, a in zip(spec.parameter, before["values"], after["values"], strict=True) if a != b
    ]
    clear = gap[2] < 0
    return {
        "wrote": (BEST if clear else CANDIDATE) if changes else None,
        "game": spec.game, "players": spec.players, "bots": spec.bots, "command": command,
        "start": tuner.start_label,
        "parameters": [
            {"parameter": p.name, "low": p.low, "high": p.high, "start": b, "best": a}
            for p, b, a in zip(spec.parameter, before["values"], after["values"], strict=True)
        ],
        "searched": tuner._searched(), "check_games": spec.evaluation.check_games,
        "check_seed": spec.evaluation.check_seed, "changes": changes,
        "goals": spec.goals.model_dump(mode="json"),
        "before": _side(before, spec.players), "after": _side(after, spec.players),
        "difference": {"value": gap[0], "low": gap[1], "high": gap[2]},
        "clear": clear,
    }


def _side(line: dict[str, Any], players: int) -> dict[str, Any]:
    return {
        "values": line["values"], "objective": line["objective"], "penalties": line["penalties"],
        "held": line["held"], "length": line["length"], "spread": line["spread"],
        "decided": decided(line["rows"], players),
    }
