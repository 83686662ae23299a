"""A review as one self-contained HTML page: the win-chance graph, each seat's accuracy, the key
moments with the position as the terminal draws it (from the deciding seat's view), and each
seat's costliest decisions."""

from __future__ import annotations

import io
from collections.abc import Sequence
from html import escape
from typing import Any

from rich.console import Console
from rich.terminal_theme import MONOKAI

from bigtop import games
from bigtop.analysis.graph import seat_colour, win_chance_svg
from bigtop.analysis.review import grade
from bigtop.core.record import Record

STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5rem auto; max-width: 60rem; padding: 0 1rem; color: #222; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: .5rem 0; } td, th { padding: .25rem .6rem; border-bottom: 1px solid #eee; text-align: left; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.seat { display: inline-block; width: .8rem; height: .8rem; border-radius: 50%; margin-right: .3rem; vertical-align: -1px; }
.blunder { color: #b00020; font-weight: bold; } .mistake { color: #c05600; } .inaccuracy { color: #8a6d00; }
.moment { border: 1px solid #ddd; border-radius: 6px; padding: .5rem 1rem; margin: 1rem 0; }
pre.board { padding: .6rem; overflow-x: auto; font-size: 12px; line-height: 1.15; }
.muted { color: #666; } .wrap { overflow-x: auto; }
"""


def _pct(value: float) -> str:
    return f"{100 * value:.0f} %"


def _seat(seat: int, names: Sequence[str]) -> str:
    return f'<span class="seat" style="background:{seat_colour(seat)}"></span>{escape(names[seat])}'


def _grade_cell(row: dict[str, Any]) -> str:
    name = grade(row["loss"], row["loss_margin"])
    return f'<span class="{name}">{name}</span>' if name else ""


def board_html(record: Record, move: int, seat: int) -> str:
    """The position before `move` as the terminal draws it for `seat`, as HTML."""
    game = games.get(record.game)
    state = record.replay(game, move)
    console = Console(record=True, width=110, file=io.StringIO(), color_system="truecolor")
    console.print(game.render(state, seat))
    return console.export_html(
        theme=MONOKAI, inline_styles=True,
        code_format='<pre class="board" style="background:{background};color:{foreground}">{code}</pre>',
    )


def review_page(review: dict[str, Any], record: Record, names: Sequence[str] | None = None, command: str | None = None) -> str:
    """The HTML page of a review's JSON (`Review.to_json()`) of `record`."""
    game = games.get(record.game)
    players = review["players"]
    names = list(names or [f"Seat {p}" for p in range(players)])
    result = review["result"]
    rows = {r["move"]: r for r in review["decisions"]}
    winners = ", ".join(names[w] for w in result["winners"])
    scores = " – ".join(f"{names[p]} {s:g}" for p, s in enumerate(result["scores"]))
    budget = review["budget"]
    budget_text = f"{budget['seconds']:g} s" if budget["seconds"] is not None else f"{budget['iterations']} iterations"
    out = [
        "<!doctype html><html lang=en><head><meta charset=utf-8>",
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>Review: {escape(game.title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>Game review: {escape(game.title)}</h1>",
        f"<p>{players} seats, seed {review['seed']}, {result['moves']} moves, {len(rows)} decisions reviewed. "
        f"Result: {escape(scores)}; winner: <b>{escape(winners)}</b>.</p>",
        f'<p class="muted">Each decision was searched from the deciding seat\'s own view (ISMCTS, {budget_text} per '
        "decision, search seed " + str(review["search_seed"]) + "). Win chances are calibrated on simulated games; "
        "the shaded band is the 95 % interval of the search's estimate. Loss: how much win chance the move played "
        "gave up against the search's preferred move.</p>",
    ]
    if command:
        out.append(f'<p class="muted">Command: <code>{escape(command)}</code></p>')
    out += ["<h2>Win chance over the game</h2>", '<div class="wrap">', win_chance_svg(review, names), "</div>"]
    out += ["<h2>Accuracy</h2>", "<div class=wrap><table><tr><th>seat</th>"]
    out += [f'<th class="num">{h}</th>' for h in ("decisions", "preferred move played", "mean loss", "inaccuracies", "mistakes", "blunders")]
    out.append("</tr>")
    for acc in review["accuracy"]:
        if not acc["decisions"]:
            continue
        cells = (acc["decisions"], _pct(acc["best_share"]), f"{100 * acc['mean_loss']:.1f} pts",
                 acc["inaccuracies"], acc["mistakes"], acc["blunders"])
        out.append(f"<tr><td>{_seat(acc['seat'], names)}</td>" + "".join(f'<td class="num">{c}</td>' for c in cells) + "</tr>")
    out.append("</table></div>")
    out.append("<h2>Key moments</h2>")
    if not review["key_moments"]:
        out.append("<p>No decision moved the win chances by 5 points or more.</p>")
    for i, moment in enumerate(review["key_moments"]):
        row = rows[moment["move"]]
        seat = moment["seat"]
        before = ", ".join(f"{names[p]} {_pct(w)}" for p, w in enumerate(moment["win_before"]))
        after = ", ".join(f"{names[p]} {_pct(w)}" for p, w in enumerate(moment["win_after"]))
        verdict = ("the search's preferred move" if row["action"] == row["best_action"]
                   else f"the search preferred <b>{escape(row['best_text'])}</b> (loss {100 * row['loss']:.1f} ± {100 * row['loss_margin']:.1f} pts) {_grade_cell(row)}")
        out += [
            f'<div class="moment" id="moment-{moment["move"]}"><h3>{chr(ord("A") + i)}. Move {moment["move"]}: {_seat(seat, names)}</h3>',
            f"<p>Played <b>{escape(row['action_text'])}</b>: {verdict}.</p>",
            f"<p>Win chance just before: {escape(before)}; just after: {escape(after)} "
            f"(swing {100 * moment['swing']:.0f} pts).</p>",
            f"<details open><summary>The position, as {escape(names[seat])} saw it</summary>",
            board_html(record, moment["move"], seat),
            "</details></div>",
        ]
    out.append("<h2>Costliest decisions</h2>")
    for acc in review["accuracy"]:
        costly = [rows[m] for m in acc["costliest"]]
        if not costly:
            continue
        out.append(f"<h3>{_seat(acc['seat'], names)}</h3><div class=wrap><table><tr><th class=num>move</th><th>played</th><th>preferred</th>"
                   "<th class=num>win chance</th><th class=num>loss</th><th></th></tr>")
        for r in costly:
            out.append(
                f"<tr><td class=num>{r['move']}</td><td>{escape(r['action_text'])}</td><td>{escape(r['best_text'])}</td>"
                f"<td class=num>{_pct(r['win_chance'][r['seat']])}</td>"
                f"<td class=num>{100 * r['loss']:.1f} ± {100 * r['loss_margin']:.1f} pts</td><td>{_grade_cell(r)}</td></tr>"
            )
        out.append("</table></div>")
    out.append("<details><summary>Every decision</summary><div class=wrap><table><tr><th class=num>move</th><th>seat</th><th>played</th>"
               "<th>preferred</th><th class=num>win chances</th><th class=num>expected scores</th><th class=num>loss</th></tr>")
    for r in review["decisions"]:
        chances = " / ".join(f"{_pct(w)}" for w in r["win_chance"])
        expected = " / ".join(f"{s:.1f}" for s in r["expected_score"])
        out.append(
            f"<tr><td class=num>{r['move']}</td><td>{_seat(r['seat'], names)}</td><td>{escape(r['action_text'])}</td>"
            f"<td>{escape(r['best_text'])}</td><td class=num>{chances}</td><td class=num>{expected}</td>"
            f"<td class=num>{100 * r['loss']:.1f}</td></tr>"
        )
    out.append("</table></div></details></body></html>")
    return "\n".join(out)
