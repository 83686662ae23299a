"""Coin Duel: a test game whose win rates are known exactly, for checking the arena's intervals.

The deal draws a hidden coin: heads with probability 0.7. Seat 0, then seat 1, guesses heads or
tails. A seat that guesses right scores 1. When both are right or both are wrong, seat 1 wins (it
plays last). The game's `heuristic` bot guesses heads with probability `heads` (default 0.5, drawn
from its own seeded RNG), so:

- two bots guessing at random: seat 1 wins 3/4 of the games (a tie is half of all games, and seat 1
  is the only one right in a quarter);
- `heuristic:heads=0.95` against `heuristic:heads=0.05`: the first wins `HEADS_BOT_RATE` = 0.68 of
  its games over the two seatings (computed in the test), and the two games of one deal are
  strongly correlated: both follow the coin.

The `cards` option names a content file that changes the two numbers (for `bigtop tune`'s tests):
`[[rule]]` entries `coin` (`percent`: heads, in percent) and `tie` (`percent`: how often a tie goes
to the last seat rather than the first). Each seat's feature is its guess (`guess: heads`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bigtop.core import Action, EnumeratedActionSpace, Game, Rng, State
from bigtop.core.data import read_toml

HEADS = 0.7


@dataclass(frozen=True)
class Guess(Action):
    heads: bool


@dataclass(frozen=True)
class CoinOptions:
    cards: str | None = None


def rules(cards: str | None) -> dict[str, float]:
    """Heads and tie-to-last probabilities: 0.7 and 1 unless a content file says otherwise."""
    numbers = {"coin": 100 * HEADS, "tie": 100.0}
    if cards:
        numbers.update({rule["id"]: rule["percent"] for rule in read_toml(cards)["rule"]})
    return {key: value / 100 for key, value in numbers.items()}


class CoinState(State):
    def __init__(self, game: Game[Any], players: int, seed: int, options: CoinOptions) -> None:
        super().__init__(game, players, seed, options)
        numbers = rules(options.cards)
        self.heads = self.rng.random() < numbers["coin"]
        self.tie_to_last = self.rng.random() < numbers["tie"]
        self.guesses: list[bool] = []

    def to_move(self) -> tuple[int, ...]:
        return () if self.is_over() else (len(self.guesses),)

    def _legal_actions(self, player: int) -> list[Action]:
        return [Guess(True), Guess(False)]

    def _apply(self, player: int, action: Action) -> None:
        assert isinstance(action, Guess)
        self.guesses.append(action.heads)

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, CoinState)
        other.guesses = list(self.guesses)

    def view(self, player: int | None) -> dict[str, Any]:
        view = self.common_view(player)
        view.update(guesses=list(self.guesses), coin=self.heads if self.is_over() else None)
        return view

    def _determinize(self, player: int | None, rng: Rng) -> CoinState:
        other = self.clone()
        other.heads = rng.random() < HEADS
        return other

    def is_over(self) -> bool:
        return len(self.guesses) == self.players

    def scores(self) -> tuple[float, ...]:
        return tuple(float(g == self.heads) for g in self.guesses) + (0.0,) * (self.players - len(self.guesses))

    def tiebreaks(self) -> list[tuple[float, ...]]:
        return [(float(p == (self.players - 1 if self.tie_to_last else 0)),) for p in range(self.players)]


class Guesser:
    name = "heuristic"
    needs_state = False

    def __init__(self, seed: int, heads: float) -> None:
        self.rng, self.heads = Rng(seed), heads

    def choose(self, state: Any, player: int, legal: Any) -> Action:
        return Guess(self.rng.random() < self.heads)


class CoinDuel(Game[CoinState]):
    name = "coinduel"
    title = "Coin Duel"
    min_players = 2
    max_players = 2
    options_type = CoinOptions
    action_types = (Guess,)

    def _create(self, players: int, seed: int, options: CoinOptions) -> CoinState:
        return CoinState(self, players, seed, options)

    def _action_space(self, players: int, options: CoinOptions) -> EnumeratedActionSpace:
        return EnumeratedActionSpace([Guess(True), Guess(False)])

    def heuristic_bot(self, seed: int, heads: str = "0.5") -> Guesser:
        return Guesser(seed, float(heads))

    def features(self, state: CoinState) -> list[set[str]]:
        return [{"guess: heads" if g else "guess: tails"} for g in state.guesses]


GAME = CoinDuel()
