"""What the server sends: table summaries and each seat's game message (view, legal actions, log)."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from bigtop.core.actions import Action
from bigtop.core.api import Game, State
from bigtop.core.events import Event
from bigtop.core.text import COMMON, DEFAULT_LANGUAGE
from bigtop.server.no_choice import answered_for

if TYPE_CHECKING:
    from bigtop.server.live_table import LiveTable
    from bigtop.server.store import SeatRow


def summary(table: LiveTable) -> dict[str, Any]:
    """Everything public about a table: game, status, seats (never tokens), whose turn."""
    state = table.state
    return table_summary(table.id, table.game, table.status, state.players, table.options_json, table.seats,
                         table.shown_moves, list(state.seen_to_move()) if table.status == "running" else [],
                         table.clock.setting.to_json() if table.clock is not None else None, table.next_table,
                         table.practice, table.rated)


def table_summary(table_id: str, game: Game[Any], status: str, players: int, options_json: dict[str, Any],
                  seats: list[SeatRow], moves: int, to_move: list[int], clock: dict[str, Any] | None,
                  next_table: str | None, practice: bool, rated: bool) -> dict[str, Any]:
    """A table's summary from its parts (a finished table not in memory has it from its stored row)."""
    return {
        "id": table_id,
        "game": game.name,
        "practice": practice,
        "rated": rated,
        "clock": clock,
        "next_table": next_table,
        "title": game.title,
        "players": players,
        "options": options_json,
        "status": status,
        "moves": moves,
        "to_move": to_move,
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
            for s in seats
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


def event_json(game: Game[Any], event: Event, options: Any, names: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """A log entry as the page shows it: its kind and data, and its text in language `lang` with the
    seats called by `names` (`Game.describe_event`: the one source of log lines the terminal, hints
    and reviews read too). A table's notes (clocks, undos) are the platform's entries (`COMMON`)."""
    return {"kind": event.kind, "data": event.data, "text": game.describe_event(event, names, options, lang=lang)}


class LogMark(NamedTuple):
    """How much of a table's log a connection has been sent: entries of the game's log passed
    (read or not this seat's), notes passed, entries sent, and undos seen (after an undo, the
    whole log is sent again: entries were taken out)."""

    logged: int = 0
    noted: int = 0
    shown: int = 0
    rewinds: int = 0


WHOLE_LOG = LogMark()


def seat_names(table: LiveTable, lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """What the log calls each seat in `lang`: the name the table shows for it; a bot nobody named
    (its name is its spec) by its strength, "Easy bot"; a name two seats share numbered in seat
    order, "Easy bot 1" and "Easy bot 2", so the log says which gained what (the page's
    `seatLabel` says the same)."""
    labels = [seat_label(s, lang) for s in table.seats]
    shared = {label for label in labels if labels.count(label) > 1}
    seen: dict[str, int] = {}
    for i, label in enumerate(labels):
        if label in shared:
            seen[label] = seen.get(label, 0) + 1
            labels[i] = f"{label} {seen[label]}"
    return labels


def seat_label(seat: SeatRow, lang: str = DEFAULT_LANGUAGE) -> str:
    """One seat's name in `lang` (see `seat_names`)."""
    if seat.bot is None or seat.name != seat.bot:
        return seat.name
    key = f"bot.{seat.bot.split(':')[0]}"
    return COMMON.text(key, lang) if COMMON.has(key) else seat.name


def log_since(table: LiveTable, seat: int | None, mark: LogMark, lang: str = DEFAULT_LANGUAGE) -> tuple[list[dict[str, Any]], LogMark]:
    """The entries `seat` may read after `mark` (all of them if an undo came since), the game's
    and the table's notes in order, in language `lang`, and the mark after them."""
    if mark.rewinds != table.rewinds:
        mark = LogMark(rewinds=table.rewinds)
    log = table.state.log
    events = log.since(mark.logged)
    notes = table.notes
    game, options, names = table.game, table.options, seat_names(table, lang)
    noted = mark.noted
    if noted == len(notes):  # no new note (the usual case): only the game's new entries
        entries = [event_json(game, e, options, names, lang) for e in events if e.visible_to(seat)]
    else:
        entries = []
        for position, event in enumerate(events, mark.logged):
            while noted < len(notes) and notes[noted][0] <= position:
                entries.append(event_json(game, notes[noted][1], options, names, lang))
                noted += 1
            if event.visible_to(seat):
                entries.append(event_json(game, event, options, names, lang))
        entries += [event_json(game, note, options, names, lang) for _, note in notes[noted:]]
    return entries, LogMark(len(log), len(notes), mark.shown + len(entries), table.rewinds)


def game_message(
    table: LiveTable, seat: int | None, mark: LogMark = WHOLE_LOG, lang: str = DEFAULT_LANGUAGE
) -> tuple[dict[str, Any], LogMark]:
    """The `state` message for `seat` (None: a spectator): only what that seat may know, its moves
    and log in language `lang`, and the log mark after it. A decision the server answers for the
    seat (`no_choice`) is sent with no move: the person is not asked. A move that plays a copy of a
    card says so (`same`: the first copy's move), so a lesson takes either copy.

    `mark` says how much of the log was sent already: the message carries the seat's entries after
    it, and `log_from`, how many it had before (0 when it carries the whole log again)."""
    state = table.state
    legal: list[dict[str, Any]] = []
    undo = False
    if seat is not None and table.status == "running" and not table.bot_plays(seat) and answered_for(table, seat) is None:
        codec, actions = table.game.codec, state.legal_actions(seat)
        labels = table.game.describe_all(state, actions, lang)
        legal = [{"action": codec.to_json(a), "label": label} for a, label in zip(actions, labels, strict=True)]
        keys = [state.choice_key(a) for a in actions]
        counts = Counter(keys)
        for move, key in zip(legal, keys, strict=True):
            if counts[key] > 1 and isinstance(key, Action):  # copies of one card: one choice, `same` says which
                move["same"] = codec.to_json(key)
        undo = table.undo_refusal(seat) is None
    over = table.status == "finished"
    show_scores = over or not getattr(table.game, "hidden_scores", False)
    entries, after = log_since(table, seat, mark, lang)
    message = {
        "type": "state",
        "table": summary(table),
        "seat": seat,
        "move": table.shown_rows,
        "view": state.view(seat),
        "legal": legal,
        "undo": undo,
        "clock": table.clock.to_json(time.time()) if table.clock is not None else None,
        "log": entries,
        "log_from": after.shown - len(entries),
        "lang": lang,
        "scores": list(state.scores()) if show_scores else None,
        "result": state.result().to_json() if over else None,
        "breakdown": score_table(state) if over else None,
    }
    return message, after


def score_table(state: State) -> list[dict[str, Any]]:
    """The game's scoring breakdown (`State.score_breakdown`): per category, in the game's order,
    its key, its English label (`Game.score_categories`) and each seat's points."""
    labels = state.game.score_categories
    return [{"key": key, "label": labels.get(key, key), "points": list(points)} for key, points in state.score_breakdown().items()]
