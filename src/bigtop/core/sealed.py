"""Sealed simultaneous choices: every player chooses in secret; nothing shows until all have chosen."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class SealedChoices(Generic[T]):
    """Collects one hidden choice per expected player and reveals them together.

    `waiting()` is the players still to choose (what `to_move()` returns during the step);
    `public()` tells anyone only who has chosen; `reveal()` hands back every choice once complete.

    A `secret` step keeps even who has chosen to itself until all have: it asks a question only so
    that nobody learns who could answer it otherwise (who holds a card that cancels another), and a
    seat with nothing to decide answers at once, so the order of the answers would tell. Everyone
    sees every player as still choosing (`public`, `State.seen_to_move`) until the step is complete.
    """

    __slots__ = ("players", "choices", "_waiting", "secret")

    def __init__(self, players: Iterable[int], secret: bool = False) -> None:
        self.players: tuple[int, ...] = tuple(players)
        self.choices: dict[int, T] = {}
        self._waiting = self.players  # the players still to choose, kept up to date by `submit`
        self.secret = secret

    def waiting(self) -> tuple[int, ...]:
        """The players still to choose, in seat order."""
        return self._waiting

    def submit(self, player: int, choice: T) -> None:
        if player not in self.players:
            raise ValueError(f"player {player} has no choice to make in this step")
        if player in self.choices:
            raise ValueError(f"player {player} has already chosen")
        self.choices[player] = choice
        self._waiting = tuple(p for p in self._waiting if p != player)

    def seal(self, player: int, choice: T) -> dict[int, T] | None:
        """Submit `player`'s choice; every player's choice if that was the last one, else None."""
        self.submit(player, choice)
        return self.reveal() if self.complete() else None

    def complete(self) -> bool:
        return len(self.choices) == len(self.players)

    def reveal(self) -> dict[int, T]:
        """Every player's choice; only once all have chosen."""
        if not self.complete():
            raise ValueError("choices are still sealed: waiting for " + ", ".join(map(str, self.waiting())))
        return dict(self.choices)

    def own(self, player: int | None) -> T | None:
        """What `player` chose so far (a player may see their own sealed choice)."""
        return None if player is None else self.choices.get(player)

    def public(self) -> dict[str, Any]:
        """What everyone may know: who has chosen and who is still choosing (in a secret step:
        nobody has chosen, until all have)."""
        if self.secret:
            return {"chosen": [], "waiting": list(self.players)}
        return {"chosen": sorted(self.choices), "waiting": list(self.waiting())}

    def copy(self) -> SealedChoices[T]:
        other = SealedChoices.__new__(SealedChoices)
        other.players = self.players
        other.choices = dict(self.choices)
        other._waiting = self._waiting
        other.secret = self.secret
        return other
