"""A tutorial as data: chapters, each a game started from a fixed, checked position and played by a
script that says, at each of the learner's moves, what is happening and why.

A game's tutorial is the TOML file its `Game.tutorial_file` names:

    [title]                              # in every language bigtop speaks
    en = "Learn High Card"
    ...
    [[chapter]]
    players = 2
    seed = 3                             # with the options, fixes every draw of the chapter
    options = { rounds = 2 }             # the game's own options: deck orders, a position...
    learner = 0                          # the seat the person takes; the others play the script
    names = ["Bruno"]                    # the other seats' names, in seat order (the texts may use them)
    [chapter.name]
    en = "Your first round"
    ...
    [[chapter.step]]                     # one step per move of the chapter, in the order played
    seat = 1
    action = { type = "Play", card = 4 }
    [[chapter.step]]
    seat = 0                             # the learner's move: the only one offered, with its words
    action = { type = "Play", card = 9 }
    target = "#board"                    # optional: what the words point at (else the move itself)
    side = "above"                       # optional: where the page puts the words, when there is room
                                         # (else below the target): to keep in sight what they speak of
    [chapter.step.say]
    en = "Play your highest card: ..."
    ...

After its last step a chapter goes on as a free game against an Easy bot (`then`). Where seats decide
at once, the learner's step comes after the others' (so at move n of the game the learner is asked
exactly when step n is theirs). `check` plays every chapter through the real engine, so a rules change
that makes a scripted move illegal fails the tutorial's test instead of a person's lesson.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from bigtop.core.data import read_toml
from bigtop.core.errors import BigtopError, DataError, IllegalAction
from bigtop.core.text import DEFAULT_LANGUAGE, LANGUAGES


def _every_language(value: dict[str, str]) -> dict[str, str]:
    missing = [lang for lang in LANGUAGES if not (value.get(lang) or "").strip()]
    if missing:
        raise ValueError(f"missing in {', '.join(missing)}")
    unknown = sorted(set(value) - set(LANGUAGES))
    if unknown:
        raise ValueError(f"unknown language {', '.join(unknown)} (known: {', '.join(LANGUAGES)})")
    return value


class Step(BaseModel):
    """One move of a chapter: a scripted seat's, or the learner's with its words."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: int = Field(ge=0)
    action: dict[str, Any]
    say: dict[str, str] | None = None
    target: str | None = None
    side: Literal["above", "below"] | None = None

    @field_validator("say")
    @classmethod
    def _say_everywhere(cls, value: dict[str, str] | None) -> dict[str, str] | None:
        return None if value is None else _every_language(value)

    def words(self, lang: str) -> str:
        """What this step says in `lang` (English if it has no such language)."""
        assert self.say is not None
        return self.say.get(lang) or self.say[DEFAULT_LANGUAGE]


class Chapter(BaseModel):
    """A game from a fixed start, its scripted moves, and the bot the learner then plays on against."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: dict[str, str]
    players: int
    seed: int
    learner: int = 0
    options: dict[str, Any] = Field(default_factory=dict)
    then: str = "random"  # the bot spec of the free game after the script (Easy)
    names: list[str] = Field(default_factory=lambda: ["Bruno", "Chen", "Dora", "Emil", "Fay"])  # the other seats, in order
    step: list[Step]

    @field_validator("name")
    @classmethod
    def _named_everywhere(cls, value: dict[str, str]) -> dict[str, str]:
        return _every_language(value)

    def learner_steps(self) -> list[int]:
        """The indices of the steps that are the learner's."""
        return [i for i, s in enumerate(self.step) if s.seat == self.learner]


class Tutorial(BaseModel):
    """A game's tutorial: its title and chapters."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str
    title: dict[str, str]
    chapter: list[Chapter] = Field(min_length=1)

    @field_validator("title")
    @classmethod
    def _titled_everywhere(cls, value: dict[str, str]) -> dict[str, str]:
        return _every_language(value)

    def to_json(self) -> dict[str, Any]:
        return self.model_dump()


def load(game: Any) -> Tutorial:
    """The tutorial of `game` (a `Game`), validated; `BigtopError` if it has none."""
    path = getattr(game, "tutorial_file", None)
    if path is None:
        raise BigtopError(f"{game.title} has no tutorial yet")
    return load_file(game.name, path)


def load_file(game_name: str, path: str | Path) -> Tutorial:
    """The tutorial in the TOML file at `path`; `DataError` naming the file and the field."""
    raw = read_toml(path)
    try:
        return Tutorial.model_validate({"game": game_name, **raw})
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors())
        raise DataError(f"{path}: {problems}") from None


def start(game: Any, chapter: Chapter) -> Any:
    """A new state at the chapter's start (its position checked by the game's own options)."""
    if not 0 <= chapter.learner < chapter.players:
        raise DataError(f"learner seat {chapter.learner} is not one of the {chapter.players} seats")
    return game.new(chapter.players, seed=chapter.seed, options=chapter.options)


def play_step(state: Any, step: Step, index: int) -> None:
    """Apply step `index`; `DataError` saying which step and why if the script cannot be played."""
    if step.seat not in state.to_move():
        raise DataError(f"step {index + 1}: seat {step.seat} has no decision now (to move: {list(state.to_move())})")
    try:
        state.apply_json(step.seat, step.action)
    except IllegalAction as exc:
        raise DataError(f"step {index + 1}: {exc}") from None


def check(game: Any, tutorial: Tutorial) -> list[Any]:
    """Play every chapter through the engine; each chapter's state after its script. `DataError`
    naming the chapter and step that cannot be played, or a chapter the learner never speaks in."""
    finals = []
    for number, chapter in enumerate(tutorial.chapter, 1):
        try:
            if not chapter.learner_steps():
                raise DataError("the learner has no move in it")
            for index, step in enumerate(chapter.step):
                if step.seat == chapter.learner and step.say is None:
                    raise DataError(f"step {index + 1}: the learner's move says nothing")
            state = start(game, chapter)
            for index, step in enumerate(chapter.step):
                if step.seat == chapter.learner and tuple(state.to_move()) != (chapter.learner,):
                    raise DataError(f"step {index + 1}: the learner's move must come once the other seats deciding with "
                                    f"them have moved (to move: {list(state.to_move())})")
                play_step(state, step, index)
        except (DataError, BigtopError) as exc:
            raise DataError(f"{game.name} tutorial, chapter {number}: {exc}") from None
        finals.append(state)
    return finals
