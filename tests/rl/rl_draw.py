"""Lucky Draw: a tiny two-player test game of chance, small enough to walk its whole tree.

A face-down deck of five cards (1, 1, 2, 3, 3) lies between the seats, drawn from a `Deck`. In
turn, a seat draws the top card (adding its value to its score) or stops for good; the game ends
when both have stopped or after four draws. The higher score wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bigtop.core import Action, Deck, EnumeratedActionSpace, Game, Rng, State

CARDS = (1, 1, 2, 3, 3)
DRAWS = 4


@dataclass(frozen=True)
class Draw(Action):
    pass


@dataclass(frozen=True)
class Stop(Action):
    pass


@dataclass(frozen=True)
class LuckyDrawOptions:
    pass


class LuckyDrawState(State):
    def __init__(self, game: Game[Any], players: int, seed: int, options: LuckyDrawOptions) -> None:
        super().__init__(game, players, seed, options)
        self.deck = Deck(CARDS, self.rng)
        self.points = [0, 0]
        self.stopped = [False, False]
        self.turn = 0
        self.draws = 0

    def to_move(self) -> tuple[int, ...]:
        return () if self.is_over() else (self.turn,)

    def _legal_actions(self, player: int) -> list[Action]:
        return [Draw(), Stop()]

    def _apply(self, player: int, action: Action) -> None:
        if isinstance(action, Draw):
            card = self.deck.draw()
            self.reveal()
            self.points[player] += card
            self.draws += 1
            self.emit("drew", seat=player, card=card)
        else:
            self.stopped[player] = True
        other = 1 - player
        self.turn = other if not self.stopped[other] else player

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, LuckyDrawState)
        other.deck = self.deck.copy()
        other.points = list(self.points)
        other.stopped = list(self.stopped)

    def _determinize(self, player: int | None, rng: Rng) -> LuckyDrawState:
        other = self.clone()
        order = other.deck.contents()
        rng.shuffle(order)
        other.deck = Deck.stacked(order)
        return other

    def view(self, player: int | None) -> dict[str, Any]:
        view = self.common_view(player)
        view.update(points=list(self.points), stopped=list(self.stopped), left=len(self.deck))
        return view

    def is_over(self) -> bool:
        return all(self.stopped) or self.draws >= DRAWS

    def scores(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.points)


class LuckyDraw(Game[LuckyDrawState]):
    name = "luckydraw"
    title = "Lucky Draw"
    min_players = 2
    max_players = 2
    options_type = LuckyDrawOptions
    action_types = (Draw, Stop)

    def _create(self, players: int, seed: int, options: LuckyDrawOptions) -> LuckyDrawState:
        return LuckyDrawState(self, players, seed, options)

    def _action_space(self, players: int, options: LuckyDrawOptions) -> EnumeratedActionSpace:
        return EnumeratedActionSpace([Draw(), Stop()])


GAME = LuckyDraw()
