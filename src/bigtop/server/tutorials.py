"""The tutorials at the web table: `GET /api/tutorials/{game}` gives what the page needs to guide the
learner (each chapter's start and the learner's steps with their words); the page then creates an
ordinary practice table whose other seats are the tutorial's scripted bots (`tutorial:chapter=N`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from bigtop import games, tutorial
from bigtop.server.errors import ERROR_RESPONSES, NotFound

router = APIRouter(prefix="/api", responses=ERROR_RESPONSES)


@router.get("/tutorials/{name}")
async def tutorial_of(name: str) -> dict[str, Any]:
    """A game's tutorial: its title and, per chapter, the table to create (players, seed, options,
    the learner's seat) and the learner's steps by move number (the other seats' moves stay with
    the server's scripted bots: they may be hidden). 404 for an unknown game or one with no tutorial."""
    game = games.get(name)
    if game.tutorial_file is None:
        raise NotFound(f"{game.title} has no tutorial yet")
    lesson = tutorial.load(game)
    return {
        "game": name,
        "title": lesson.title,
        "chapters": [
            {
                "name": chapter.name, "players": chapter.players, "seed": chapter.seed, "options": chapter.options,
                "learner": chapter.learner, "length": len(chapter.step), "names": chapter.names,
                "steps": {index: {"action": step.action, "say": step.say, "target": step.target, "side": step.side}
                          for index, step in enumerate(chapter.step) if step.seat == chapter.learner},
            }
            for chapter in lesson.chapter
        ],
    }
