"""Helpers for Drum Roll scenario tests: games reached through options and actions, or started from a
position (`DrumRoll.from_position`, checked like any position a player could give), then played by
actions. Tests read what happened from the views."""

from __future__ import annotations

from typing import Any

from bigtop import games
from bigtop.games.drumroll.actions import Done, Keep, Place, TakeCube
from bigtop.games.drumroll.state import DrumRollState

GAME = games.get("drumroll")
ALL_INVESTMENTS = list(GAME.content()["investments"])
ROW3 = ("tumbler", "knife-juggler", "lion-tamer", "fire-eater")  # the first performer row of 3 players


def new(players: int = 3, draft: tuple[str, ...] = (), **opts: Any) -> DrumRollState:
    """A game whose first performer row is fixed and whose draft deals `draft` (2 per seat, seat 0 first)."""
    row = ROW3[: players + 1] if players > 2 else ("tumbler", "knife-juggler", "lion-tamer")
    options = {"performer_order": row + draft, "first_player": 0, **opts}
    return GAME.new(players, seed=1, options=options)


def setup(players: int = 3, draft: tuple[str, ...] = (), cubes: str = "white", **opts: Any) -> DrumRollState:
    """Finish the set-up: every seat keeps its first dealt performer and takes two `cubes`."""
    s = new(players, draft, **opts)
    for p in range(players):
        s.apply(p, Keep(s.view(p)["seats"][p]["draft"][0]))
    for p in range(players):
        s.apply(p, TakeCube(cubes))
        s.apply(p, TakeCube(cubes))
    return s


def position(players: int = 3, seats: dict[int, dict[str, Any]] | None = None, coins: int = 20,
             options: dict[str, Any] | None = None, **table: Any) -> DrumRollState:
    """A game from a position: by default the start of the first preparation turn of the first show, seat 0
    starting, every seat with `coins` coins and nothing else, the first performer row fixed (`ROW3`). `seats`
    gives what a seat has beyond that (see `position.py`), `table` the rest of the position."""
    boards = [{"coins": coins, **(seats or {}).get(p, {})} for p in range(players)]
    row = ROW3[: players + 1] if players > 2 else ("tumbler", "knife-juggler", "lion-tamer")
    placed = {x if isinstance(x, str) else x["id"] for board in boards for x in board.get("performers", ())}
    table.setdefault("performer_row", [x for x in row if x not in placed])
    return GAME.from_position(players, {"seats": boards, **table}, seed=1, options=options)


def seat(s: DrumRollState, p: int, viewer: int | None = None) -> dict[str, Any]:
    """Seat p's board as `viewer` sees it (by default p itself)."""
    return s.view(p if viewer is None else viewer)["seats"][p]


def storage(s: DrumRollState, p: int) -> dict[str, int]:
    return {col: n for col, n in seat(s, p)["storage"].items() if n}


def circus(s: DrumRollState, p: int) -> list[str]:
    """The performers in p's circus, as everyone sees them."""
    return [x["id"] for x in s.view(None)["seats"][p]["performers"]]


def performer(s: DrumRollState, p: int, card: str) -> dict[str, Any]:
    """Performer `card` in p's circus, as everyone sees it (cubes, level, flipped, trailer, salary)."""
    return next(x for x in s.view(None)["seats"][p]["performers"] if x["id"] == card)


def prompt(s: DrumRollState) -> tuple[str, int] | None:
    """The prompt asked now: (kind, seat)."""
    asked = s.view(None)["prompt"]
    return None if asked is None else (asked["kind"], asked["seat"])


def sealed(s: DrumRollState) -> str | None:
    """The sealed step in progress, if no prompt is asked meanwhile."""
    view = s.view(None)
    return view["sealed"]["kind"] if view["sealed"] and view["prompt"] is None else None


def place_all(s: DrumRollState, plan: dict[int, list[str]], carry_out: bool = True) -> None:
    """Place every marker: seat p puts its markers on plan[p] in order (default: pass), after depositing nothing
    on a Bank Representative; then (unless `carry_out` is False) every cube and ticket marker is carried out."""
    while prompt(s) is not None and prompt(s)[0] == "bank":
        s.apply(prompt(s)[1], Done())
    used = {p: 0 for p in range(s.players)}
    while prompt(s) is not None and prompt(s)[0] == "place" and sum(used.values()) < 3 * s.players:
        p = s.to_move()[0]
        slots = plan.get(p, [])
        slot = slots[used[p]] if used[p] < len(slots) else "pass"
        used[p] += 1
        s.apply(p, Place(slot))
    if carry_out:
        carry_out_all(s)


def carry_out_all(s: DrumRollState) -> None:
    """Carry out every cube and ticket marker still to be decided (the first choice: all of them)."""
    while sealed(s) == "carry_out":
        p = s.to_move()[0]
        s.apply(p, s.legal_actions(p)[0])


def finish_distribution(s: DrumRollState) -> None:
    """Every seat still distributing is done."""
    while sealed(s) == "distribution":
        s.apply(s.to_move()[0], Done())


def pass_turn(s: DrumRollState) -> None:
    """A whole preparation turn where everyone passes and moves no cube."""
    place_all(s, {})
    finish_distribution(s)


def ready(s: DrumRollState) -> None:
    """Everyone asked in the window before the show (or the Double Vote question) goes on without a card."""
    while sealed(s) in ("before_show", "double_vote"):
        s.apply(s.to_move()[0], Done())


def end_show(s: DrumRollState) -> None:
    """Every seat still asked for its next performer ends its show there (`Done`), until the show is over."""
    while prompt(s) is not None and prompt(s)[0] == "perform" and Done() in s.legal_actions(prompt(s)[1]):
        s.apply(prompt(s)[1], Done())


def show(players: int = 3, seats: dict[int, dict[str, Any]] | None = None, **table: Any) -> DrumRollState:
    """A game from a position at the start of a show (after the window before it)."""
    s = position(players, seats, at="show", **table)
    ready(s)
    return s


def vote(players: int = 3, seats: dict[int, dict[str, Any]] | None = None, turn: int = 5, **table: Any) -> DrumRollState:
    """A game from a position at the vote after turn `turn`."""
    return position(players, seats, at="vote", turn=turn, **table)
