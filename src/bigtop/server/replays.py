"""Replays: every step of a finished game (or an uploaded record) as the views a watcher steps through."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bigtop import games
from bigtop.core.errors import BigtopError
from bigtop.core.record import Record
from bigtop.core.text import DEFAULT_LANGUAGE
from bigtop.server.errors import ServerError
from bigtop.server.messages import event_json, game_content, score_table
from bigtop.server.table_options import request_options

MAX_REPLAY_MOVES = 20_000


def replay_frames(
    record: Record, seat: int | None = None, names: Sequence[str] | None = None, lang: str = DEFAULT_LANGUAGE,
    views: range | None = None,
) -> dict[str, Any]:
    """The game of `record` step by step, as `seat` saw it (None: a spectator), in language `lang`
    with the seats called by `names` (default "#1", "#2", ...).

    Frame 0 is the start; frame i follows move i-1 and names who played what: `action` (the
    action's JSON) and `action_text` (the game's `describe`, as the position before the move saw
    it); `events` are the log entries the move wrote; `view` is what the seat saw then, only for
    the frames in `views` (None: every frame), null elsewhere: a page steps through a long game
    asking for the views near where it is (a Drum Roll game's views weigh megabytes). Refuses a
    record whose options name a file (`table_options.request_options`) and one that does not
    replay (`ServerError` saying at which move and why)."""
    try:
        game = games.get(record.game)
    except BigtopError as exc:
        raise ServerError(str(exc)) from None
    if seat is not None and not 0 <= seat < record.players:
        raise ServerError(f"seat must be between 0 and {record.players - 1}")
    if len(record.moves) > MAX_REPLAY_MOVES:
        raise ServerError(f"a record may have at most {MAX_REPLAY_MOVES} moves")
    try:
        state = game.new(record.players, seed=record.seed, options=request_options(game, record.options))
    except BigtopError as exc:
        raise ServerError(f"bad record: {exc}") from None
    shown = views if views is not None else range(len(record.moves) + 1)
    frames = [_frame(state, seat, None, None, None, 0 in shown)]
    for number, (player, data) in enumerate(record.moves):
        try:
            action = game.codec.from_json(data)
            label = game.describe(state, action, lang)
            state.apply_json(player, data)
        except BigtopError as exc:
            raise ServerError(f"bad record: move {number} (seat {player}) does not replay: {exc}") from None
        frames.append(_frame(state, seat, player, game.codec.to_json(action), label, number + 1 in shown))
    _add_events(frames, state, seat, names or [f"#{n + 1}" for n in range(record.players)], lang)
    over = state.is_over()
    return {"game": game.name, "title": game.title, "players": record.players, "seat": seat, "lang": lang,
            "content": _content(game, state.options), "frames": frames, "result": state.result().to_json() if over else None,
            "breakdown": score_table(state) if over else None}


def _content(game: Any, options: Any) -> dict[str, Any]:
    """The game's content for the record's options (empty if it cannot be built: the board then
    draws what it can)."""
    try:
        return game_content(game, options)
    except BigtopError:
        return {}


def _frame(state: Any, seat: int | None, player: int | None, action: Any, label: str | None, viewed: bool) -> dict[str, Any]:
    return {
        "seat": player,
        "action": action,
        "action_text": label,
        "view": state.view(seat) if viewed else None,
        "scores": list(state.scores()),
        "logged": len(state.log),
    }


def _add_events(frames: list[dict[str, Any]], state: Any, seat: int | None, names: Sequence[str], lang: str) -> None:
    """Give each frame the log entries (visible to `seat`) written since the frame before."""
    events = state.log.to_list()
    start = 0
    for frame in frames:
        end = frame.pop("logged")
        frame["events"] = [event_json(state.game, e, state.options, names, lang) for e in events[start:end] if e.visible_to(seat)]
        start = end
