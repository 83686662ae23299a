"""The game log: structured entries, each with the players allowed to read it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One log entry. `audience` None means everyone (spectators too); otherwise only those seats.

    `kind` names the message (games translate it with their i18n strings); `data` holds its
    JSON-ready arguments.
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    audience: tuple[int, ...] | None = None

    def visible_to(self, player: int | None) -> bool:
        """Whether seat `player` (None: a spectator) may read this entry."""
        return self.audience is None or (player is not None and player in self.audience)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": self.data}


class EventLog:
    """An append-only log shared structurally between clones: appending never copies the past.

    Each log is a node pointing at its parent; a clone takes the same node, so cloning costs O(1).
    """

    __slots__ = ("_node", "_length")

    def __init__(self) -> None:
        self._node: tuple[Any, Event] | None = None
        self._length = 0

    def append(self, event: Event) -> None:
        self._node = (self._node, event)
        self._length += 1

    def copy(self) -> EventLog:
        other = EventLog.__new__(EventLog)
        other._node = self._node
        other._length = self._length
        return other

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[Event]:
        return iter(self.to_list())

    def to_list(self) -> list[Event]:
        out: list[Event] = []
        node = self._node
        while node is not None:
            node, event = node
            out.append(event)
        out.reverse()
        return out

    def visible_to(self, player: int | None) -> list[Event]:
        """The entries seat `player` may read, oldest first."""
        return [e for e in self.to_list() if e.visible_to(player)]
