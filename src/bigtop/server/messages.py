"""What the server sends: table summaries and each seat's game message (view, legal actions, log)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bigtop.core.api import Game
from bigtop.core.events import COMMON_TEMPLATES, Event

if TYPE_CHECKING:
    from bigtop.server.tables import LiveTable


def summary(table: LiveTable) -> dict[str, Any]:
    """Everything public about a table: game, status, seats (never tokens), whose turn."""
    state = table.state
    return {
        "id": table.id,
        "game": table.game.name,
        "practice": table.practice,
        "rated": table.rated,
        "clock": table.clock,
        "title": table.game.title,
        "players": table.players,
        "options": table.options_json,
        "status": table.status,
        "moves": state.move_count,
        "to_move": list(state.to_move()) if table.status == "running" else [],
        "seats": [
            {
                "seat": s.seat,
                "name": s.name,
                "kind": "bot" if s.bot is not None else "person",
                "bot": s.bot,
                "joined": s.joined,
                "away": s.away,
                "open": s.open,  # anyone may sit here from the lobby (while not joined)
                "registered": s.player_id is not None,  # the name is a registered player's
            }
            for s in table.seats
        ],
    }


_CONTENT: dict[tuple[str, str], dict[str, Any]] = {}
_CONTENT_LIMIT = 64


def game_content(game: Game[Any], options: Any) -> dict[str, Any]:
    """The game's public content (`Game.content`) for these options, computed once per game and
    options (a bounded cache: tables with the same options share it)."""
    import json

    key = (game.name, json.dumps(game.options_json(options), sort_keys=True))
    found = _CONTENT.get(key)
    if found is None:
        found = game.content(game.parse_options(options))
        if len(_CONTENT) >= _CONTENT_LIMIT:
            _CONTENT.pop(next(iter(_CONTENT)))
        _CONTENT[key] = found
    return found


def event_json(game: Game[Any], event: Event, options: Any) -> dict[str, Any]:
    """A log entry: its kind and data, the game's English template for it and the values that
    template names by id (card names and the like; boards fill in seat names and translate), and
    the game's English text."""
    values = game.log_values(event.kind, event.data, options)
    return {
        "kind": event.kind, "data": event.data, "template": game.log_templates.get(event.kind) or COMMON_TEMPLATES.get(event.kind),
        "values": values, "text": game.describe_event(event, values=values),
    }


def game_message(table: LiveTable, seat: int | None, log_start: tuple[int, int] = (0, 0)) -> dict[str, Any]:
    """The `state` message for `seat` (None: a spectator): only what that seat may know.

    `log_start` is (entries of the whole log, entries of them this seat may read) already sent:
    the message carries the seat's entries after those, and `log_from`, how many it had before."""
    state = table.state
    logged, shown = log_start
    legal: list[dict[str, Any]] = []
    if seat is not None and table.status == "running" and not table.bot_plays(seat):
        codec = table.game.codec
        legal = [{"action": codec.to_json(a), "label": table.game.describe(state, a)} for a in state.legal_actions(seat)]
    over = table.status == "finished"
    show_scores = over or not getattr(table.game, "hidden_scores", False)
    return {
        "type": "state",
        "table": summary(table),
        "seat": seat,
        "move": state.move_count,
        "view": state.view(seat),
        "legal": legal,
        "log": [event_json(table.game, e, table.options) for e in state.log.to_list()[logged:] if e.visible_to(seat)],
        "log_from": shown,
        "scores": list(state.scores()) if show_scores else None,
        "result": state.result().to_json() if over else None,
    }
