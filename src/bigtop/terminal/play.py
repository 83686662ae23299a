"""`bigtop play`: a person against bots in the terminal, with numbered choices.

The person types a number to choose, or a key (`KEYS`); where an option is marked as the one to
choose (a lesson's move), the prompt says its number and an empty answer chooses it. Copies of one
card are one option (`State.distinct_choices`). A choice with a single option is played for them and
said in one line (unless a lesson has words for it: `always_asks`): the game goes exactly as if they
had typed it, so no other seat learns anything from it.

What the person sees: the board once when their turn begins (after other seats moved, or on `b`),
then the log entries since the last question, then at a later question of the turn what the game
says it needs (`Game.render_question`, the question's heading; also under the log at the board's
question, whose board ends with it), then the menu. A menu's numbers hold
over one step, the person's decisions with no other seat moving between (`Menu`): an option keeps
its number from question to question, an option that goes away leaves its number unused, and a new
option gets a number never used before in the step, so a number never changes meaning under the
person's fingers. Seats are named as at the web table: "Seat 1 (Easy bot)", "Seat 0 (you)", in the log,
the menus and on the board (`Game.render`'s `names`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule
from rich.text import Text

from bigtop import bots as bot_registry
from bigtop import games
from bigtop.analysis.hints import print_hints
from bigtop.core.actions import Action
from bigtop.core.errors import BigtopError, IllegalAction
from bigtop.core.rng import Rng
from bigtop.core.text import COMMON, DEFAULT_LANGUAGE
from bigtop.terminal.hanging import hanging, said
from bigtop.terminal.saving import check_record_file, save_record
from bigtop.terminal.scores import score_table, winners_line
from bigtop.terminal.text import SAY

UNDO_REFUSALS = ("nothing", "sealed", "irreversible")  # `State.undo_refusal`'s reasons the person is told in their language (`SAY`'s undo_refused.*)
KEYS = ("h", "s", "u", "b", "q")  # a hint, save, undo, the board, quit (`SAY`'s key.*)


def help_line(lang: str = DEFAULT_LANGUAGE) -> str:
    """What the person may type, in `lang`."""
    keys = [SAY.text("key_item", lang, letter=key, what=SAY.text(f"key.{key}", lang)) for key in KEYS]
    return SAY.text("help", lang, keys=SAY.text("key_separator", lang).join(keys))


class Menu:
    """The numbers of the person's options over one step (their decisions with no other seat
    moving between). An option, an action with its words, keeps the number it was first given in
    the step; a number is never given twice in a step."""

    def __init__(self) -> None:
        self._numbers: dict[tuple[Action, str], int] = {}
        self.shown: dict[int, Action] = {}  # the question now: number -> action

    def ask(self, options: list[tuple[Action, str]]) -> list[tuple[int, str]]:
        """Number the options of a question (in the order given, known options by their old
        number); returns (number, words) in the order of the numbers."""
        numbers = self._numbers
        self.shown = {}
        listed = []
        for action, words in options:
            key = (action, words)
            number = numbers.get(key)
            if number is None:
                number = numbers[key] = len(numbers) + 1
            self.shown[number] = action
            listed.append((number, words))
        listed.sort()
        return listed

    def was_offered(self, number: int) -> bool:
        """Whether `number` meant an option earlier in this step."""
        return 1 <= number <= len(self._numbers)

    def choices(self) -> str:
        """The numbers of the question now as ranges: "1-4", "3, 5-7"."""
        runs: list[list[int]] = []
        for n in sorted(self.shown):
            if runs and runs[-1][-1] == n - 1:
                runs[-1].append(n)
            else:
                runs.append([n])
        return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def seat_names(players: int, seat: int, bot_spec: str, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """Each seat's name in the log, the menus and the end screen, in `lang`: "Seat 0 (you)",
    "Seat 1 (Easy bot)" (a bot by its strength, as at the web table)."""
    key = f"bot.{bot_spec.strip().partition(':')[0]}"
    bot = COMMON.text(key, lang) if COMMON.has(key) else bot_registry.display_name(bot_spec)
    return [SAY.text("seat_you", lang, n=p) if p == seat else SAY.text("seat_bot", lang, n=p, bot=bot) for p in range(players)]


class TerminalGame:
    """One game between a person at `seat` and bots at the other seats, in a Rich console."""

    def __init__(self, state: Any, seat: int, bot_spec: str, console: Console, save: Path | None,
                 names: list[str] | None = None, lang: str = "en") -> None:
        self.state = state
        self.game = state.game
        self.seat = seat
        self.console = console
        self.save_path = save
        self.lang = lang  # the language of the log and the menus
        self.bots = {p: bot_registry.make(bot_spec, self.game, seed=state.seed * 10 + p) for p in range(state.players) if p != seat}
        self.names = names or seat_names(state.players, seat, bot_spec, lang)
        self.headers = [name.replace(" (", "\n").rstrip(")") for name in self.names]
        self.runner_rng = Rng(state.seed ^ 0xB07)
        self.seen = 0  # log entries of the person's already printed
        self.bot_answered_alongside = False  # the last bot move answered a question the person was asked too (all at once)
        self.show_board = True  # the person's turn begins: the board is printed before the next question
        self.menu = Menu()
        self.playing = True
        self.keys = {"h": self.hint, "s": self.save, "u": self.undo, "b": self.ask_for_board, "q": self.quit}

    def run(self) -> None:
        """Play until the game ends or the person quits; the record is saved on the way out
        (also on an interrupt) if a file was chosen."""
        try:
            while self.playing and not self.state.is_over():
                if not self.bot_moves():
                    self.person_moves()
            self.print_log()
            if self.state.is_over():
                self.end_screen()
        finally:
            if self.save_path is not None:
                self.write(self.save_path)

    # ------------------------------------------------------------------ the flow of the game
    def print_log(self) -> int:
        """The log entries the person may read that were not printed yet; how many there were."""
        events = self.state.log.visible_to(self.seat)
        new = events[self.seen :]
        for event in new:
            self.print_hanging(Text("  · "), Text(self.game.describe_event(event, self.names, self.state.options, lang=self.lang)))
        self.seen = len(events)
        return len(new)

    def bot_moves(self) -> bool:
        """Let one bot that has a decision now make it; False if no bot has one. Another seat
        moving ends the person's step: their next question starts a new turn (board, new menu)."""
        state = self.state
        waiting = [p for p in state.to_move() if p != self.seat]
        if not waiting:
            return False
        p = waiting[0]
        legal = state.legal_actions(p)
        bot = self.bots[p]
        view = state.determinize(p, self.runner_rng.fork()) if bot.needs_state else None
        self.bot_answered_alongside = self.seat in state.to_move()
        state.apply(p, legal[0] if len(legal) == 1 else bot.choose(view, p, legal))
        self.new_turn()
        return True

    def new_turn(self) -> None:
        self.show_board = True
        self.menu = Menu()

    def person_moves(self) -> None:
        """The person's decision: played for them if it has one option (unless `always_asks`), else
        asked (the board first if their turn begins, then the log since the last question, the
        question's heading, any words `aside`, then the menu). An action a person may give by typing
        text (`Action.typed`) is offered under the key `t`."""
        state = self.state
        legal = self.choices()
        typed: Any = next((kind for kind in (type(a).typed for a in legal) if kind is not None), None)  # the class of a typed answer
        if len(legal) == 1 and typed is None and not self.always_asks(state):
            self.print_log()
            self.print_hanging(Text("  ▸ "), Text(self.say("only_choice", move=self.game.describe(state, legal[0], self.lang))))
            state.apply(self.seat, legal[0])
            return
        board = self.show_board
        if board:
            self.console.print(Rule())
            self.console.print(self.game.render(state, self.seat, self.lang, self.names))
            self.show_board = False
        logged = self.print_log()
        if (not board or logged) and (heading := self.game.render_question(state, self.seat, self.lang)) is not None:
            self.console.print(heading)  # a board ends with it: said again when the log came between
        self.print_aside()
        for number, words in self.menu.ask(list(zip(legal, self.game.describe_all(state, legal, self.lang), strict=True))):
            self.print_hanging(Text.assemble("  ", (f"{number:>3}", "cyan"), "  "),
                               Text(words) + Text.from_markup(self.mark(self.menu.shown[number])))
        if typed is not None:
            self.print_hanging(Text.assemble("  ", (f"{'t':>3}", "cyan"), "  "), Text(self.game.describe(state, typed(""), self.lang)))
        choices, keys, marked = f"{self.menu.choices()}{', t' if typed else ''}", "/".join(KEYS), self.marked()
        if marked is None:
            answer = self.ask(self.say("ask", choices=choices, keys=keys)).strip().lower()
        else:
            answer = self.ask(self.say("ask_marked", choices=choices, keys=keys, number=marked)).strip().lower() or str(marked)
        if answer == "t" and typed is not None:
            try:
                state.apply(self.seat, typed(self.ask(self.say("ask_typed"))))
            except IllegalAction as exc:
                self.console.print(f"[red]{escape(str(exc))}[/red]")
        elif answer in self.keys:
            self.keys[answer]()
        elif answer.isdigit() and int(answer) in self.menu.shown and (refused := self.refusal(self.menu.shown[int(answer)])):
            self.console.print(said(Text(refused, "yellow"), self.lang))
        elif answer.isdigit() and int(answer) in self.menu.shown:
            state.apply(self.seat, self.menu.shown[int(answer)])
        elif answer.isdigit() and self.menu.was_offered(int(answer)):
            self.console.print(said(Text(self.say("no_longer_offered", answer=answer, choices=self.menu.choices()), "red"), self.lang))
        else:
            self.console.print(said(Text(self.say("not_shown", choices=self.menu.choices()), "red") + Text(f" ({help_line(self.lang)})"), self.lang))

    def choices(self) -> list[Action]:
        """The person's options now: their legal actions, copies of one card offered once."""
        return self.state.distinct_choices(self.state.legal_actions(self.seat))

    def print_hanging(self, lead: Text, words: Text) -> None:
        """`lead` then `words`, which wrap under their own first line (not at the left edge), where
        the person's language breaks lines."""
        self.console.print(hanging(lead, words, self.console, self.console.width, lang=self.lang))

    def print_aside(self) -> None:
        """Print `aside`'s words, if any."""
        if (words := self.aside()) is not None:
            self.console.print(words)

    def aside(self) -> Any:
        """Words to print right above the menu, after the board, the log and the question's heading
        (a lesson's); none here."""
        return None

    def always_asks(self, state: Any) -> bool:
        """Whether the person's decision in `state` is asked even with a single option (a lesson's
        step, whose words they read before it is played); never here."""
        return False

    def mark(self, action: Action) -> str:
        """Words after an option in the menu (a lesson marks the move to make); none here."""
        return ""

    def marked(self) -> int | None:
        """The number of the option marked in the menu now, which an empty answer chooses; none here."""
        return None

    def refusal(self, action: Action) -> str | None:
        """Why the person may not choose `action` now (a lesson's other moves), or None."""
        return None

    def end_screen(self) -> None:
        self.console.print(Rule(self.say("game_over")))
        self.console.print(self.game.render(self.state, self.seat, self.lang, self.names))
        self.console.print(score_table(self.state, self.headers, self.lang))
        self.console.print(said(winners_line(self.state, self.names, self.lang), self.lang))

    def ask(self, prompt: str) -> str:
        try:
            return self.console.input(Text(prompt))
        except EOFError:
            raise BigtopError(self.say("no_more_input")) from None

    def say(self, key: str, **values: Any) -> str:
        """What the terminal table says (`SAY`'s `key`), in the person's language."""
        return SAY.text(key, self.lang, **values)

    # ------------------------------------------------------------------ keys
    def save(self) -> None:
        """Save the record now (asking for a file the first time); later saves go to the same file."""
        path = self.save_path
        if path is None:
            default = Path(f"{self.game.name}-{self.state.seed}.json")
            path = Path(self.ask(self.say("save_to", default=default)).strip() or default)
        try:
            if path != self.save_path:
                check_record_file(path, force=True)
                if path.exists() and self.ask(self.say("replace", path=path)).strip().lower() != "y":
                    self.console.print(self.say("not_saved"))
                    return
            self.write(path)
        except BigtopError as exc:  # the game goes on: the person may choose another file
            self.console.print(f"[red]{escape(str(exc))}[/red]")

    def undo(self) -> None:
        """Take back the person's last choice, and the single-option moves played for them after it."""
        if self.state.undo_refusal(self.seat) == "other_seat":
            if self.bot_answered_alongside:  # a question asked of everyone at once: the person saw no move
                refused = self.say("undo_answered_at_once")
            else:  # named as everywhere else, not by seat number
                refused = self.say("undo_other", name=self.names[self.state.moves()[-1][0]])
            self.console.print(said(Text(refused, "red"), self.lang))
            return
        try:
            state = self.state.undo(self.seat)
            while len(state.distinct_choices(state.legal_actions(self.seat))) == 1 and not self.always_asks(state):  # played for them
                state = state.undo(self.seat)
        except IllegalAction as exc:
            reason = self.state.undo_refusal(self.seat)  # None: a move played for them cannot be taken back
            refused = self.say(f"undo_refused.{reason}") if reason in UNDO_REFUSALS else str(exc)
            self.console.print(said(Text(refused, "red"), self.lang))
            return
        self.state = state
        self.seen = len(state.log.visible_to(self.seat))
        self.new_turn()
        self.console.print(self.say("undone"))

    def hint(self) -> None:
        """Show the search's best moves for the person's decision by their menu numbers (the log
        notes that a hint was asked)."""
        print_hints(self.console, self.state, self.seat, numbers={action: n for n, action in self.menu.shown.items()}, lang=self.lang)

    def ask_for_board(self) -> None:
        self.show_board = True

    def quit(self) -> None:
        self.playing = False
        self.console.print(self.say("abandoned"))

    def write(self, path: Path) -> None:
        """Save the record to `path`, and from now on there."""
        save_record(self.state, path)
        self.save_path = path
        self.console.print(Text(self.say("saved", n=self.state.move_count, path=path)))


def play_in_terminal(
    name: str, players: int, seat: int, bot_spec: str, seed: int | None, options: dict[str, Any], console: Console,
    save: Path | None = None, force: bool = False, lang: str = DEFAULT_LANGUAGE,
) -> None:
    """Run a game with a person at `seat` and `bot_spec` bots elsewhere, until it ends or they
    quit; with `save`, the record is written there (at the `s` key, when leaving and at the end).
    Everything is said in `lang`."""
    game = games.get(name)
    parsed = game.check_options(players, options)
    if not 0 <= seat < players:
        raise BigtopError(f"--seat must be between 0 and {players - 1}")
    if save is not None:
        check_record_file(save, force)
    state = game.new(players, seed=seed, options=parsed)
    table = TerminalGame(state, seat, bot_spec, console, save, lang=lang)
    console.print(said(Text(SAY.text("welcome", lang, title=game.title, players=players, seed=state.seed, seat=seat), style="bold"), lang))
    console.print(said(help_line(lang), lang))
    table.run()
