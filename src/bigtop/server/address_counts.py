"""How many of something each address has at once (connections, requests in flight), up to a
most: one more past it is refused, and a slot is given back when what held it ends."""

from __future__ import annotations


class AddressCounts:
    """A count per address, each at most `most`; an address at zero is forgotten."""

    def __init__(self, most: int) -> None:
        self.most = most
        self._counts: dict[str, int] = {}

    def take(self, address: str) -> bool:
        """Count one more for `address` (then `give_back` it once), or False if it has `most` already."""
        count = self._counts.get(address, 0)
        if count >= self.most:
            return False
        self._counts[address] = count + 1
        return True

    def give_back(self, address: str) -> None:
        """One of `address`'s has ended."""
        count = self._counts.pop(address, 0) - 1
        if count > 0:
            self._counts[address] = count
