"""The `bigtop` command: games, play, sim, replay, bench, cards.

Every command has `--help`. A bad argument or an unknown game prints one line and exits with 2.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from bigtop import games
from bigtop.core.errors import BigtopError
from bigtop.core.options import OptionError, parse_pairs
from bigtop.terminal.clock import ClockOpt

app = typer.Typer(
    name="bigtop",
    help="Drum Roll, Troll Fest and Carcassonne with Under the Big Top: play, simulate, benchmark.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()

GameArg = Annotated[str, typer.Argument(help="Game name (see `bigtop games`).")]
OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="A game option as key=value (repeatable).")
]
CardsOpt = Annotated[
    list[Path] | None,
    typer.Option("--cards", help="Play with your own content file (sets the game's `cards` option); one file holds every table you change."),
]
SeedOpt = Annotated[int | None, typer.Option("--seed", help="Random seed (default: a random one).")]
ForceOpt = Annotated[bool, typer.Option("--force", help="With --save: replace records that are already there.")]


def _print_version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        console.print(f"bigtop {version('bigtop')}")
        raise typer.Exit()


@app.callback()
def _bigtop(
    version: Annotated[bool, typer.Option("--version", callback=_print_version, is_eager=True, help="Print bigtop's version and exit.")] = False,
) -> None:
    """Options of `bigtop` itself, before the command (its help is the app's)."""


def game_options(pairs: list[str] | None, cards: list[Path] | None = None) -> dict[str, Any]:
    """The options mapping from repeated `-o key=value` and `--cards FILE`. A game reads one content
    file: a second one (another `--cards`, or `-o cards=` besides) is refused, not dropped."""
    given = [*(p.partition("=")[2].strip() for p in pairs or [] if p.partition("=")[0].strip() == "cards"), *map(str, cards or [])]
    if len(given) > 1:
        raise OptionError(f"{len(given)} content files given ({', '.join(given)}, with --cards or -o cards=), but a game reads "
                          "one: put every table you change in one file (it may hold all of them: Troll Fest, for one, reads "
                          "all its tables from one file)")
    options: dict[str, Any] = parse_pairs(pairs or [])
    if cards:
        if not cards[0].is_file():
            raise OptionError(f"--cards: no such file {cards[0]}")
        options["cards"] = str(cards[0])
    return options


def check_content_file(game: Any, options: dict[str, Any]) -> int:
    """Check the content file the options name (`cards`) against the game's schema
    (`bigtop.core.schema`): every error at once as one `DataError`, each warning printed on
    stderr; then the game's own checks across its tables. The number of warnings."""
    from bigtop.core.schema import check_content, check_playable

    path = options.get("cards")
    if path is None or game.content_schema is None:
        return 0
    report = check_content(path, game.content_schema)
    report.raise_errors()
    for warning in report.warnings:
        print(f"bigtop: warning: {path}: {warning}", file=sys.stderr)
    check_playable(path, game.content_schema)
    return len(report.warnings)


@app.command("games")
def games_command() -> None:
    """List the available games."""
    from rich.table import Table

    table = Table("name", "title", "players")
    for name in games.names():
        game = games.get(name)
        table.add_row(name, game.title, f"{game.min_players}-{game.max_players}")
    console.print(table)


@app.command("cards")
def cards_command(
    game: GameArg,
    option: OptionOpt = None,
    cards: CardsOpt = None,
    check: Annotated[bool, typer.Option("--check", help="Only check the content (with --cards: your file): every error with its line, warnings for values far from the shipped ones.")] = False,
) -> None:
    """Print a game's content: cards, tiles, maps, tracks (with --cards: as your file changes them)."""
    g = games.get(game)
    options = game_options(option, cards)
    warnings = check_content_file(g, options)
    parsed = g.check_options(g.default_players(), options)
    if check:
        source = options.get("cards") or f"the shipped content of {g.title}"
        console.print(f"{source}: no errors, {warnings} warning{'' if warnings == 1 else 's'}: {g.title} can be played with it", soft_wrap=True)
        return
    console.print(g.cards(parsed))


@app.command("play")
def play_command(
    game: GameArg,
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")] = 3,
    seat: Annotated[int, typer.Option("--seat", "-s", help="Your seat (0 is the first).")] = 0,
    bots: Annotated[str, typer.Option("--bots", help="Bot for the other seats, e.g. heuristic or random.")] = "heuristic",
    seed: SeedOpt = None,
    option: OptionOpt = None,
    cards: CardsOpt = None,
    save: Annotated[Path | None, typer.Option("--save", help="Save the game's record to this file (key s saves during play; saved again on leaving and at the end).")] = None,
    force: ForceOpt = False,
    lang: Annotated[str, typer.Option("--lang", help="Language of the board, the log, the menus and the questions: en, fr or zh-Hant.")] = "en",
) -> None:
    """Play a game in the terminal against bots: the board, then numbered choices."""
    from bigtop.core.text import LANGUAGES
    from bigtop.terminal.play import play_in_terminal

    if lang not in LANGUAGES:
        raise BigtopError(f"--lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    options = game_options(option, cards)
    check_content_file(games.get(game), options)
    play_in_terminal(game, players, seat, bots, seed, options, console, save, force, lang)


@app.command("learn")
def learn_command(
    game: GameArg,
    chapter: Annotated[int, typer.Option("--chapter", "-c", help="The tutorial's chapter to play (1 is the first).")] = 1,
    lang: Annotated[str, typer.Option("--lang", help="Language of the lesson, the board, the log, the menus and the questions: en, fr or zh-Hant.")] = "en",
) -> None:
    """Learn a game by playing it: a guided game where each step says what to do and why."""
    from bigtop.core.text import LANGUAGES
    from bigtop.tutorial.terminal import learn_in_terminal

    if lang not in LANGUAGES:
        raise BigtopError(f"--lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    learn_in_terminal(game, chapter, lang, console)


@app.command("sim")
def sim_command(
    game: GameArg,
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")] = 3,
    games_: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game; game i uses seed+i.")] = 0,
    bots: Annotated[str, typer.Option("--bots", help="Comma-separated bot per seat (one name: every seat).")] = "random",
    rotate: Annotated[bool, typer.Option(help="Rotate the bots through the seats from game to game.")] = True,
    save: Annotated[Path | None, typer.Option("--save", help="Folder to save every game's record in.")] = None,
    force: ForceOpt = False,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes (the games are the same with any number).")] = 1,
    chunk: Annotated[int | None, typer.Option("--chunk", help="Games per unit of work sent to a worker (default: about four units per worker, at most 25).")] = None,
    option: OptionOpt = None,
    cards: CardsOpt = None,
) -> None:
    """Simulate games between bots: a progress bar, then wins, scores and game length."""
    from bigtop.terminal.sim import run_simulation

    options = game_options(option, cards)
    check_content_file(games.get(game), options)
    run_simulation(game, players, games_, seed, bots, rotate, save, options, console, force, workers, chunk)


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="A record file (JSON) saved by bigtop.")],
    step: Annotated[bool, typer.Option("--step", help="Walk the game one event at a time (Enter to go on).")] = False,
    seat: Annotated[int | None, typer.Option("--seat", help="Show the log as this seat saw it (default: spectator).")] = None,
) -> None:
    """Replay a saved game: its events in order, then the result."""
    from bigtop.terminal.replay import replay_record

    replay_record(file, step, seat, console)


@app.command("bench")
def bench_command(
    game: Annotated[str, typer.Argument(help="Game name, or `all`.")],
    players: Annotated[int | None, typer.Option("--players", "-p", help="Players (default: 3 where allowed, else the minimum).")] = None,
    seconds: Annotated[float, typer.Option("--seconds", help="Length of one run.")] = 3.0,
    runs: Annotated[int, typer.Option("--runs", help="Runs; the median is reported.")] = 5,
    ismcts: Annotated[bool, typer.Option("--ismcts", help="Also measure ISMCTS search iterations/s.")] = False,
    ismcts_bot: Annotated[str, typer.Option("--ismcts-bot", help="The ISMCTS spec to measure, e.g. ismcts:depth=20.")] = "ismcts",
    interfaces: Annotated[bool, typer.Option("--interfaces", help="Also measure play through PettingZoo and OpenSpiel.")] = False,
    option: OptionOpt = None,
    cpu: ClockOpt = True,
) -> None:
    """Benchmark on one core: random playouts (games/s, decisions/s), optionally ISMCTS and the RL interfaces; each figure is the median of several runs."""
    from bigtop.terminal.bench import run_bench, run_interface_bench, run_ismcts_bench

    names = games.names() if game == "all" else [games.get(game).name]
    options = game_options(option)
    run_bench(names, players, seconds, runs, options, console, cpu)
    if ismcts:
        run_ismcts_bench(names, players, seconds, runs, options, ismcts_bot, console, cpu)
    if interfaces:
        run_interface_bench(names, players, seconds, runs, options, console, cpu)


# Feature packages add their own commands: each of these modules has `register(app)`.
COMMAND_MODULES = ("bigtop.server.commands", "bigtop.arena.commands", "bigtop.rl.commands", "bigtop.analysis.commands",
                   "bigtop.tune.commands")


def _register_feature_commands() -> None:
    import importlib
    import importlib.util

    for module in COMMAND_MODULES:
        if importlib.util.find_spec(module.rpartition(".")[0]) and importlib.util.find_spec(module):
            importlib.import_module(module).register(app)


_register_feature_commands()


def _click_exception_type() -> type[BaseException]:
    return next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the command line, turning every expected error into one line and exit 2."""
    click_error = _click_exception_type()
    command = typer.main.get_command(app)
    try:
        result = command.main(args=argv, prog_name="bigtop", standalone_mode=False)
    except click_error as exc:
        if type(exc).__name__ != "NoArgsIsHelpError":  # that one has shown the help already
            print(f"bigtop: error: {exc.format_message()}", file=sys.stderr)  # type: ignore[attr-defined]  # click_error is click's ClickException, imported when needed
        return 2
    except BigtopError as exc:
        print(f"bigtop: error: {exc}", file=sys.stderr)
        return 2
    except (KeyboardInterrupt, typer.Abort):
        print("bigtop: interrupted", file=sys.stderr)
        return 130
    return result if isinstance(result, int) else 0


def entry() -> None:
    """Console-script entry: exit with `main`'s code."""
    sys.exit(main())


if __name__ == "__main__":
    entry()
