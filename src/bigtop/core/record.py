"""Records: a whole game as JSON — game, version, players, options, seed and every move.

A record names its game; the kernel does not know the games, so whoever replays one passes the
game in (`record.replay(bigtop.games.get(record.game))`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bigtop.core.errors import BigtopError

if TYPE_CHECKING:
    from bigtop.core.api import Game, State


@dataclass
class Record:
    """Everything needed to reproduce a game exactly: replay it with `replay()`."""

    game: str
    version: str
    players: int
    options: dict[str, Any]
    seed: int
    moves: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    @classmethod
    def of(cls, state: Any) -> Record:
        """The record of a state's game so far."""
        codec = state.game.codec
        return cls(
            game=state.game.name,
            version=state.game.version,
            players=state.players,
            options=state.game.options_json(state.options),
            seed=state.seed,
            moves=[(p, codec.to_json(a)) for p, a in state.moves()],
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "version": self.version,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "moves": [[p, a] for p, a in self.moves],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """A record from parsed JSON; `BigtopError` naming what is wrong if it is not one."""
        if not isinstance(data, dict):
            raise BigtopError("not a bigtop record: expected a JSON object")
        missing = [k for k in ("game", "version", "players", "options", "seed", "moves") if k not in data]
        if missing:
            raise BigtopError(f"not a bigtop record: missing {', '.join(missing)}")
        moves = data["moves"]
        if not isinstance(moves, list) or not all(isinstance(m, list) and len(m) == 2 and isinstance(m[0], int) for m in moves):
            raise BigtopError("not a bigtop record: moves must be [seat, action] pairs")
        for key, kind, what in (("players", int, "a whole number"), ("seed", int, "a whole number"), ("options", dict, "an object")):
            if not isinstance(data[key], kind) or isinstance(data[key], bool):
                raise BigtopError(f"not a bigtop record: {key} must be {what}")
        return cls(str(data["game"]), str(data["version"]), data["players"], data["options"], data["seed"], [(m[0], m[1]) for m in moves])

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise BigtopError(f"cannot read record {path}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise BigtopError(f"{path} is not a bigtop record: it is not UTF-8 text") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BigtopError(f"{path} is not JSON: {exc.msg} at line {exc.lineno}") from None
        try:
            return cls.from_json(data)
        except BigtopError as exc:
            raise BigtopError(f"{path}: {exc}") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")

    def _start(self, game: Game[Any]) -> State:
        if game.name != self.game:
            raise BigtopError(f"this record is a game of {self.game}, not of {game.name}")
        state: State = game.new(self.players, seed=self.seed, options=self.options)
        return state

    def replay(self, game: Game[Any], upto: int | None = None) -> Any:
        """The state after the first `upto` moves (all by default), replayed from the seed with
        `game` (the caller looks it up, e.g. `bigtop.games.get(record.game)`)."""
        state = self._start(game)
        for p, a in self.moves[:upto]:
            state.apply_json(p, a)
        return state

    def states(self, game: Game[Any]) -> Iterator[State]:
        """Every state of the game in order, from the start to after the last move, replayed with `game`."""
        state = self._start(game)
        yield state.clone()
        for p, a in self.moves:
            state.apply_json(p, a)
            yield state.clone()
