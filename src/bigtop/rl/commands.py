"""`bigtop rl ...`: commands of the research interfaces (registered by `bigtop.cli`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bigtop.terminal.clock import ClockOpt


def register(app: typer.Typer) -> None:
    """Add the `rl` command group to the `bigtop` command."""
    rl = typer.Typer(name="rl", help="Research interfaces: PettingZoo and OpenSpiel.", no_args_is_help=True)

    @rl.command("bench")
    def bench_command(
        game: Annotated[str, typer.Argument(help="Game name, or `all`.")],
        players: Annotated[int | None, typer.Option("--players", "-p", help="Players (default: 3 where allowed).")] = None,
        seconds: Annotated[float, typer.Option("--seconds", help="Length of one run.")] = 2.0,
        runs: Annotated[int, typer.Option("--runs", help="Runs per interface; the median is reported.")] = 3,
        option: Annotated[list[str] | None, typer.Option("--option", "-o", help="A game option as key=value (repeatable).")] = None,
        cpu: ClockOpt = True,
    ) -> None:
        """Decisions/s of random play through the raw engine, PettingZoo and OpenSpiel, side by side."""
        from bigtop import games
        from bigtop.cli import console, game_options
        from bigtop.terminal.bench import run_interface_bench

        names = games.names() if game == "all" else [games.get(game).name]
        run_interface_bench(names, players, seconds, runs, game_options(option), console, cpu)

    @rl.command("train")
    def train_command(
        game: Annotated[str, typer.Argument(help="Game name.")],
        players: Annotated[int | None, typer.Option("--players", "-p", help="Players (default: 3 where allowed).")] = None,
        minutes: Annotated[float, typer.Option("--minutes", help="Training time: minutes of CPU time.")] = 25.0,
        games: Annotated[int | None, typer.Option("--games", "-n", help="Stop after this many training games.")] = None,
        hidden: Annotated[int, typer.Option("--hidden", help="Units in each of the two hidden layers.")] = 64,
        seed: Annotated[int, typer.Option("--seed", help="Seed of the weights and the games.")] = 0,
        opponents: Annotated[str, typer.Option("--opponents", help="Bots to train against, comma-separated, taken in turn.")] = "random",
        init: Annotated[Path | None, typer.Option("--init", help="Start from these weights (same game, players, options).")] = None,
        actions: Annotated[str, typer.Option("--actions", help="Action ids: flat (the game's own) or compact (Carcassonne).")] = "flat",
        out: Annotated[Path | None, typer.Option("--out", help="Output folder (default: learned-GAME).")] = None,
        imitate: Annotated[str | None, typer.Option("--imitate", help="A bot to imitate before PPO (e.g. heuristic); its time counts in --minutes.")] = None,
        imitate_games: Annotated[int, typer.Option("--imitate-games", min=1, help="Games of that bot at every seat to imitate.")] = 400,
        imitate_epochs: Annotated[int, typer.Option("--imitate-epochs", min=1, help="Passes over its decisions.")] = 8,
        rate: Annotated[float, typer.Option("--rate", min=0.0, help="PPO's learning rate (Adam).")] = 5e-4,
        margin_weight: Annotated[float, typer.Option("--margin-weight", help="The reward's weight of the final score margin.")] = 0.02,
        win_weight: Annotated[float, typer.Option("--win-weight", help="The reward's weight of winning (+1 alone, 0 shared, -1 lost).")] = 1.0,
        policy: Annotated[str, typer.Option("--policy", help="observation (a network over the observation and the action ids, PPO) or afterstate (a network valuing the positions each action leads to, Monte Carlo policy iteration: Carcassonne).")] = "observation",
        option: Annotated[list[str] | None, typer.Option("--option", "-o", help="A game option as key=value (repeatable).")] = None,
    ) -> None:
        """Train a small policy network with PPO (NumPy) against random players or other bots, after
        imitating a bot if asked; write its weights and learning curve. Play it with
        `--bots learned:weights=OUT/policy.npz`."""
        import time

        from rich.progress import BarColumn, TextColumn, TimeRemainingColumn

        from bigtop import games as registry
        from bigtop.cli import console, game_options
        from bigtop.rl.train import Settings, train
        from bigtop.terminal.progress import progress_bar

        name = registry.get(game).name
        settings = Settings(
            players=players, options=game_options(option), minutes=minutes, max_games=games, hidden=hidden, seed=seed,
            opponents=tuple(s.strip() for s in opponents.split(",") if s.strip()) or ("random",),
            init=None if init is None else str(init), actions=actions, imitate=imitate, imitate_games=imitate_games,
            imitate_epochs=imitate_epochs, rate=rate, policy=policy, margin_weight=margin_weight, win_weight=win_weight,
        )
        folder = out or Path(f"learned-{name}")
        with progress_bar(TextColumn("{task.description}"), BarColumn(), TimeRemainingColumn(), console=console, transient=True) as bar:
            task = bar.add_task("training", total=minutes * 60)

            def report(point: dict[str, float]) -> None:
                bar.update(task, completed=point["cpu_seconds"], description=f"{point['games']:,} games, win rate {point['win_rate']:.0%}")

            def status(text: str) -> None:
                bar.update(task, completed=time.process_time() - cpu, description=text)

            cpu = time.process_time()
            summary = train(name, settings, folder, report, status)
        learned = summary.get("imitation")
        if learned is not None and "decisions" in learned:
            last_epoch = learned["epochs"][-1]
            console.print(
                f"imitated {learned['teacher']} over {learned['decisions']:,} decisions: its "
                f"choice on {last_epoch.get('held_out_agreement', last_epoch['agreement']):.0%} of held-out decisions"
            )
        elif learned is not None and learned["epochs"]:
            last_epoch = learned["epochs"][-1]
            held_out = f"; on held-out games {last_epoch['held_out_value']:.3f}" if "held_out_value" in last_epoch else ""
            console.print(
                f"learned the values of {learned['positions']:,} positions of {learned['teacher']}'s games: "
                f"error {last_epoch['value']:.3f}{held_out} (a constant guess: {learned['held_out_constant'] or 0:.3f})"
            )
        last = summary["curve"][-10:]
        rate = sum(p["win_rate"] for p in last) / max(1, len(last))
        console.print(
            f"{summary['curve'][-1]['games'] if summary['curve'] else 0:,} training games; win rate "
            f"over the last {len(last)} updates {rate:.0%}"
        )
        console.print(f"wrote {summary['weights']}, {folder / 'curve.json'} and {folder / 'curve.png'}")

    app.add_typer(rl)
