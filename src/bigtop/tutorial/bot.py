"""The bots of a tutorial: each plays its seat's scripted moves, then goes on as the chapter's bot."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bigtop.core.actions import Action
from bigtop.core.errors import BigtopError

from .script import Chapter, Step, load


class ScriptedBot:
    """A seat of a tutorial chapter: its k-th move is the seat's k-th step of the script (counted
    per seat, so seats deciding at once may move in any order); once the seat's steps are played
    out it is the chapter's free-game bot (`Chapter.then`)."""

    needs_state = True  # the moves played tell where the script stands

    def __init__(self, game: Any, chapter: Chapter, then: Any) -> None:
        self.name = "tutorial"
        self.game = game
        self.chapter = chapter
        self.then = then
        self.steps: dict[int, list[Step]] = {}
        for step in chapter.step:
            self.steps.setdefault(step.seat, []).append(step)

    def choose(self, state: Any | None, player: int, legal: Sequence[Action]) -> Action:
        assert state is not None
        mine = self.steps.get(player, [])
        done = sum(1 for seat, _ in state.moves() if seat == player) if mine else 0
        if done < len(mine):
            return self.game.codec.from_json(mine[done].action)
        return self.then.choose(state if self.then.needs_state else None, player, legal)


def make_scripted(game: Any, seed: int, make: Callable[[str, Any, int], Any], chapter: str = "1", **params: Any) -> ScriptedBot:
    """The bot factory behind the spec `tutorial:chapter=N` (chapters count from 1); `make` builds
    the chapter's free-game bot from its spec (`bigtop.bots.make`)."""
    if params:
        raise BigtopError(f"the tutorial bot takes only chapter=N, got {', '.join(params)}")
    tutorial = load(game)
    if not chapter.isdigit() or not 1 <= int(chapter) <= len(tutorial.chapter):
        raise BigtopError(f"tutorial bot: chapter must be 1 to {len(tutorial.chapter)}, got {chapter!r}")
    found = tutorial.chapter[int(chapter) - 1]
    return ScriptedBot(game, found, make(found.then, game, seed))
