"""The game log: structured entries, each with the players allowed to read it."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

SEAT_KEYS = ("seat", "player", "winner")  # event data naming one seat by number
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


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
    A node keeps an entry's parts, not an `Event`: writing costs one tuple (games and searches
    write far more entries than anyone reads), and reading builds the events.
    """

    __slots__ = ("_node", "_length")

    def __init__(self) -> None:
        self._node: tuple[Any, str, dict[str, Any], tuple[int, ...] | None] | None = None
        self._length = 0

    def add(self, kind: str, data: dict[str, Any], audience: tuple[int, ...] | None) -> None:
        """Append the entry `Event(kind, data, audience)`."""
        self._node = (self._node, kind, data, audience)
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
        return self.since(0)

    def since(self, start: int) -> list[Event]:
        """The entries from position `start` on, oldest first (walks only those)."""
        out: list[Event] = []
        node = self._node
        for _ in range(self._length - min(max(start, 0), self._length)):
            node, kind, data, audience = node  # type: ignore[misc]  # the loop stops before the None that ends the chain
            out.append(Event(kind, data, audience))
        out.reverse()
        return out

    def visible_to(self, player: int | None) -> list[Event]:
        """The entries seat `player` may read, oldest first."""
        return [e for e in self.to_list() if e.visible_to(player)]


def fill_template(template: str, values: Mapping[str, Any]) -> str:
    """`template` with each `{name}` replaced by `values[name]` (a list joined with ", "); a name
    without a value stays as it is. The web table's `fill` (static/i18n.js) does the same."""

    if "{" not in template:  # most words of a catalog name nothing: no pattern to run
        return template

    def value(match: re.Match[str]) -> str:
        found = values.get(match.group(1))
        if found is None:
            return match.group(0)
        return ", ".join(map(str, found)) if isinstance(found, (list, tuple)) else str(found)

    return _PLACEHOLDER.sub(value, template)


def seat_values(data: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """`data` with the seats it names by number (`seat`, `player`, `winner`, a `seats` list) by name."""
    out = dict(data)
    for key in SEAT_KEYS:
        if isinstance(out.get(key), int) and not isinstance(out[key], bool) and 0 <= out[key] < len(names):
            out[key] = names[out[key]]
    seats = out.get("seats")
    if isinstance(seats, list) and all(isinstance(n, int) and 0 <= n < len(names) for n in seats):
        out["seats"] = [names[n] for n in seats]
    return out
