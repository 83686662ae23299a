"""High Card: a test-only game with a hidden hand and a simultaneous step.

Each seat is dealt 3 cards from a deck numbered 1..12. Each of 3 rounds: every seat plays one card
face down at the same time (sealed); when all have played, the cards are revealed and the highest
card scores its value (tied highest cards all score). Then the round's first seat may draw a card
from the deck or pass. Ties at the end go to the seat with the most cards left in hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bigtop.core import Action, Deck, EnumeratedActionSpace, Game, Rng, SealedChoices, State
from bigtop.core.options import OptionError
from bigtop.core.text import Catalog

DECK = tuple(range(1, 13))
ROUNDS = 3


@dataclass(frozen=True)
class Play(Action):
    card: int


@dataclass(frozen=True)
class Draw(Action):
    pass


@dataclass(frozen=True)
class Pass(Action):
    pass


@dataclass(frozen=True)
class HighCardOptions:
    rounds: int = ROUNDS


class HighCardState(State):
    def __init__(self, game: Game[Any], players: int, seed: int, options: HighCardOptions) -> None:
        super().__init__(game, players, seed, options)
        self.deck = Deck(DECK, self.rng)  # each card settled when dealt or drawn
        self.hands = [sorted(self.deck.draw() for _ in range(3)) for _ in range(players)]
        self.points = [0] * players
        self.round = 0
        self.sealed: SealedChoices[int] | None = SealedChoices(range(players))
        self.drawer: int | None = None
        self.last_played: list[int] = []

    def to_move(self) -> tuple[int, ...]:
        if self.is_over():
            return ()
        if self.sealed is not None:
            return self.sealed.waiting()
        return (self.drawer,) if self.drawer is not None else ()

    def _legal_actions(self, player: int) -> list[Action]:
        if self.sealed is not None:
            return [Play(c) for c in self.hands[player]]
        return [Draw(), Pass()] if self.deck else [Pass()]

    def _apply(self, player: int, action: Action) -> None:
        if isinstance(action, Play):
            assert self.sealed is not None
            played = self.sealed.seal(player, action.card)
            self.hands[player].remove(action.card)
            self.emit("played_face_down", seat=player)
            if played is not None:
                self.reveal()
                best = max(played.values())
                for p, card in played.items():
                    if card == best:
                        self.points[p] += card
                self.last_played = [played[p] for p in range(self.players)]
                self.emit("revealed", cards=self.last_played)
                self.sealed = None
                self.drawer = self.round % self.players
        else:
            if isinstance(action, Draw):
                card = self.deck.draw()
                self.reveal()  # the drawer now knows a hidden card
                self.hands[player].append(card)
                self.hands[player].sort()
                self.emit("drew", seat=player)
                self.emit("drew_card", audience=[player], card=card)
            self.drawer = None
            self.round += 1
            if self.round < self.options.rounds and all(self.hands):
                self.sealed = SealedChoices(range(self.players))

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, HighCardState)
        other.deck = self.deck.copy()
        other.hands = [list(h) for h in self.hands]
        other.points = list(self.points)
        other.sealed = self.sealed.copy() if self.sealed is not None else None
        other.last_played = list(self.last_played)

    def view(self, player: int | None) -> dict[str, Any]:
        view = self.common_view(player)
        view.update(
            round=self.round,
            points=list(self.points),
            hand_sizes=[len(h) for h in self.hands],
            deck_size=len(self.deck),
            last_played=list(self.last_played),
            sealed=None if self.sealed is None else self.sealed.public(),
        )
        if player is not None:
            view["hand"] = list(self.hands[player])
            view["my_sealed_card"] = None if self.sealed is None else self.sealed.own(player)
        return view

    def _determinize(self, player: int | None, rng: Rng) -> HighCardState:
        other = self.clone()
        pool = other.deck.contents()
        sealed = other.sealed.choices if other.sealed is not None else {}
        for p in range(self.players):
            if p != player:
                pool.extend(other.hands[p])
                if p in sealed:
                    pool.append(sealed[p])
        rng.shuffle(pool)
        for p in range(self.players):
            if p != player:
                other.hands[p] = sorted(pool.pop() for _ in other.hands[p])
                if p in sealed:
                    sealed[p] = pool.pop()
        other.deck = Deck.stacked(pool)
        return other

    def is_over(self) -> bool:
        return self.round >= self.options.rounds or (self.sealed is not None and not all(self.hands))

    def scores(self) -> tuple[float, ...]:
        return tuple(self.points)

    def tiebreaks(self) -> list[tuple[float, ...]]:
        return [(len(h),) for h in self.hands]


class HighCard(Game[HighCardState]):
    name = "highcard"
    title = "High Card"
    tutorial_file = Path(__file__).with_name("tutorial.toml")
    text = Catalog({
        "log.played_face_down": {"en": "{seat} plays a card face down.", "fr": "{seat} joue une carte face cachée.",
                                 "zh-Hant": "{seat} 蓋牌出了一張牌。"},
        "log.revealed": {"en": "Cards revealed: {cards}.", "fr": "Cartes révélées : {cards}.", "zh-Hant": "亮牌：{cards}。"},
        "log.drew": {"en": "{seat} draws a card.", "fr": "{seat} pioche une carte.", "zh-Hant": "{seat} 抽了一張牌。"},
        "log.drew_card": {"en": "You draw the {card}.", "fr": "Vous piochez le {card}.", "zh-Hant": "你抽到 {card}。"},
    }, source="toy.game")
    min_players = 2
    max_players = 4
    options_type = HighCardOptions
    action_types = (Play, Draw, Pass)

    def _create(self, players: int, seed: int, options: HighCardOptions) -> HighCardState:
        return HighCardState(self, players, seed, options)

    def _action_space(self, players: int, options: HighCardOptions) -> EnumeratedActionSpace:
        return EnumeratedActionSpace([Play(c) for c in DECK] + [Draw(), Pass()])

    def _check_options(self, players: int, options: HighCardOptions) -> None:
        if options.rounds < 1:
            raise OptionError(f"rounds must be at least 1, not {options.rounds}")


GAME = HighCard()
