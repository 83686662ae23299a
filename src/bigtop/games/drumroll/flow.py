"""How a game of Drum Roll moves on: a decision is asked and carried out, and the automatic steps (and
the prompts whose seat has no real choice) run until the next decision. `apply` and `advance` are the only code that writes `state.step`: each step,
prompt and sealed step answers the step to go to (`decisions.Next`); and `state.movers`, the seats
`to_move` answers, which `advance` works out once the game waits for someone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigtop.core import Action

from .actions import Play, play
from .cards import play_card, playable
from .decisions import AUTOMATIC, PROMPTS, SEALED, SETTLING, STEPS, Next

if TYPE_CHECKING:
    from .state import DrumRollState


def legal_actions(s: DrumRollState, player: int) -> list[Action]:
    """The actions of `player`, who is to move: the prompt on top, else the sealed step in progress;
    with the investment cards playable there."""
    if s.prompts:
        kind, p, data = s.prompts[-1]
        decision = PROMPTS[kind]
        out = decision.legal(s, p, data)
        if decision.cards and s.hands[p]:
            # a choice asked by a card played during a sealed step: that step's limits hold
            cards = playable(s, p, kind) if s.sealed is None else playable(s, p, kind, SEALED[s.sealed_kind].cards)
            if cards:
                out = out + [play(x) for x in cards]  # not +=: a prompt may hand out a shared list
        return out
    assert s.sealed is not None
    return SEALED[s.sealed_kind].legal(s, player)


def apply(s: DrumRollState, player: int, action: Action) -> None:
    """Carry out a legal action, then run the game on until someone has a decision."""
    if s.prompts:
        kind, p, data = s.prompts[-1]
        if type(action) is Play:
            play_card(s, p, action.card)
            after: Next = None
        else:
            s.prompts.pop()
            after = PROMPTS[kind].apply(s, p, data, action)
    else:
        assert s.sealed is not None
        step_ = SEALED[s.sealed_kind]
        if type(action) is Play and s.content.investments[action.card].kind in step_.cards:
            play_card(s, player, action.card)
            after = None
        else:
            after = step_.apply(s, player, action)
    if after is not None:
        s.step = after
    advance(s)


def advance(s: DrumRollState) -> None:
    """Run the automatic steps until someone has a decision (or the game ends), and keep who that is
    in `s.movers`."""
    while not s.over and s.sealed is None:
        if s.prompts:
            kind, p, data = s.prompts[-1]
            if kind in SETTLING and PROMPTS[kind].settles(s, p, data):
                continue
            only = PROMPTS[kind].only_choice(s, p, data) if kind in AUTOMATIC else None
            if only is None:
                s.movers = (p,)
                return
            s.prompts.pop()
            after = PROMPTS[kind].apply(s, p, data, only)
        else:
            after = STEPS[s.step](s)
        if after is not None:
            s.step = after
    s.movers = movers(s)


def movers(s: DrumRollState) -> tuple[int, ...]:
    """The seats with a decision now: none once the game is over, the seat of the prompt on top, else
    the seats still choosing in the sealed step in progress."""
    if s.over:
        return ()
    if s.prompts:
        return (s.prompts[-1][1],)
    if s.sealed is not None:
        return s.sealed.waiting()
    return ()
