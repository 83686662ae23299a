"""A review as one self-contained HTML page, in English, French or Traditional Chinese: the
win-chance graph, each seat's accuracy and what its graded decisions cost, the key moments with
the position as the terminal draws it (from the deciding seat's view), and each seat's costliest
decisions. The page's words are the review's catalog (`words.py`); the moves are named by the
game (each row's `action_texts` / `best_texts`, else its English words)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from html import escape
from typing import Any

from rich.console import Console
from rich.terminal_theme import MONOKAI

from bigtop import games
from bigtop.analysis.grading import WIN_THRESHOLDS
from bigtop.analysis.graph import seat_colour, win_chance_svg
from bigtop.analysis.words import checked, figure, grade_name, number, percent, points, say, share, unit_name
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


def _seat(seat: int, names: Sequence[str]) -> str:
    return f'<span class="seat" style="background:{seat_colour(seat)}"></span>{escape(names[seat])}'


def _grade_cell(row: dict[str, Any], lang: str) -> str:
    name = row.get("grade")
    return f'<span class="{name}">{escape(grade_name(name, lang))}</span>' if name else ""


def move_text(row: dict[str, Any], which: str, lang: str) -> str:
    """The move played (`which` "action") or preferred ("best") of a review row, in `lang` where
    the game names it in that language, else in English."""
    return row.get(f"{which}_texts", {}).get(lang) or row[f"{which}_text"]


def board_html(record: Record, move: int, seat: int, lang: str = "en") -> str:
    """The position before `move` as the terminal draws it for `seat` (in `lang`), as HTML."""
    game = games.get(record.game)
    state = record.replay(game, move)
    console = Console(record=True, width=110, file=io.StringIO(), color_system="truecolor")
    console.print(game.render(state, seat, lang))
    return console.export_html(
        theme=MONOKAI, inline_styles=True,
        code_format='<pre class="board" style="background:{background};color:{foreground}">{code}</pre>',
    )


def review_page(
    review: dict[str, Any], record: Record, names: Sequence[str] | None = None, command: str | None = None, lang: str = "en",
) -> str:
    """The HTML page of a review's JSON (`Review.to_json()`) of `record`, in language `lang`."""
    checked(lang)
    game = games.get(record.game)
    players = review["players"]
    names = list(names or [say("seat", lang, n=p) for p in range(players)])
    result = review["result"]
    unit = result.get("unit", "unit.points")
    rows = {r["move"]: r for r in review["decisions"]}
    winners = ", ".join(names[w] for w in result["winners"])
    scores = " – ".join(f"{names[p]} {s:g}" for p, s in enumerate(result["scores"]))
    budget = review["budget"]
    budget_text = (say("page.budget.seconds", lang, n=f"{budget['seconds']:g}") if budget["seconds"] is not None
                   else say("page.budget.iterations", lang, n=budget["iterations"]))

    thresholds = result.get("thresholds") or []
    win_marks = [100 * at for at in WIN_THRESHOLDS]

    def cost(value: float) -> str:
        return points(value, unit, lang)

    def lead_cost(r: dict[str, Any], margin: bool = True) -> str:
        """A row's points of lead given up (± its half-width), never seeming to cross a threshold it did not reach."""
        return figure(r.get("lead_loss", 0.0), lang, 1, thresholds, r.get("lead_loss_margin", 0.0) if margin else None)

    def win_cost(r: dict[str, Any]) -> str:
        """A row's win chance given up, in points of percentage ± its half-width, likewise."""
        return figure(100 * r["loss"], lang, 1, win_marks, 100 * r["loss_margin"])

    out = [
        f"<!doctype html><html lang={lang}><head><meta charset=utf-8>",
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(say('page.title', lang, game=game.title))}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(say('page.heading', lang, game=game.title))}</h1>",
        f"<p>{escape(say('page.summary', lang, players=players, seed=review['seed'], moves=result['moves'], decisions=len(rows), scores=scores, winners=winners))}</p>",
        f'<p class="muted">{escape(say("page.method", lang, budget=budget_text, seed=review["search_seed"], unit=unit_name(unit, lang)))}</p>',
    ]
    if thresholds:
        out.append(f'<p class="muted">{escape(say("page.grades", lang, inaccuracy=cost(thresholds[0]), mistake=cost(thresholds[1]), blunder=cost(thresholds[2])))}</p>')
    if command:
        out.append(f'<p class="muted">{escape(say("page.command", lang))} <code>{escape(command)}</code></p>')
    out += [f"<h2>{escape(say('page.graph', lang))}</h2>", '<div class="wrap">',
            win_chance_svg(review, names, lang, {m: move_text(r, "action", lang) for m, r in rows.items()}), "</div>"]
    out += [f"<h2>{escape(say('page.accuracy', lang))}</h2>", f"<div class=wrap><table><tr><th>{escape(say('col.seat', lang))}</th>"]
    headings = [say("col.decisions", lang), say("col.preferred_played", lang), say("col.mean_cost", lang, unit=unit_name(unit, lang)),
                say("col.inaccuracies", lang), say("col.mistakes", lang), say("col.blunders", lang),
                say("col.lost", lang, unit=unit_name(unit, lang)), say("col.score", lang), say("col.result", lang)]
    out += [f'<th class="num">{escape(h)}</th>' for h in headings]
    out.append("</tr>")
    for acc in review["accuracy"]:
        if not acc["decisions"]:
            continue
        seat = acc["seat"]
        cells = (acc["decisions"], percent(acc["best_share"]), number(acc.get("mean_lead_loss", 0.0), lang, 2),
                 acc["inaccuracies"], acc["mistakes"], acc["blunders"], number(acc.get("lead_lost", 0.0), lang),
                 f"{result['scores'][seat]:g}", escape(say("col.won", lang)) if seat in result["winners"] else "")
        out.append(f"<tr><td>{_seat(seat, names)}</td>" + "".join(f'<td class="num">{c}</td>' for c in cells) + "</tr>")
    out.append("</table></div>")
    out.append(f"<h2>{escape(say('page.moments', lang))}</h2><p class=muted>{escape(say('page.moments_explain', lang))}</p>")
    if not review["key_moments"]:
        out.append(f"<p>{escape(say('page.moments_none', lang))}</p>")
    for i, moment in enumerate(review["key_moments"]):
        row = rows[moment["move"]]
        seat = moment["seat"]
        now = ", ".join(f"{names[p]} {percent(w)}" for p, w in enumerate(row["win_chance"]))  # the position's: the graph's
        before = ", ".join(f"{names[p]} {share(w)}" for p, w in enumerate(moment["win_before"]))  # shares of the compared playouts
        after = ", ".join(f"{names[p]} {share(w)}" for p, w in enumerate(moment["win_after"]))
        win, win_margin = win_cost(row).split(" ± ")
        preferred = say("page.preferred", lang, action="\x00", win=win, win_margin=win_margin,
                        lead=points(row.get("lead_loss", 0.0), unit, lang, margin=row.get("lead_loss_margin", 0.0), marks=thresholds))
        preferred = escape(preferred).replace("\x00", f"<b>{escape(move_text(row, 'best', lang))}</b>")
        played = escape(say("page.played", lang, action="\x00")).replace("\x00", f"<b>{escape(move_text(row, 'action', lang))}</b>")
        out += [
            f'<div class="moment" id="moment-{moment["move"]}"><h3>{escape(say("page.moment", lang, letter=chr(ord("A") + i), move=moment["move"], seat="")).rstrip()} '
            f"{_seat(seat, names)}</h3>",
            f"<p>{played} {preferred} {_grade_cell(row, lang)}</p>",
            f"<p>{escape(say('page.chances', lang, now=now, before=before, after=after))}</p>",
            f"<details open><summary>{escape(say('page.position', lang, seat=names[seat]))}</summary>",
            board_html(record, moment["move"], seat, lang),
            "</details></div>",
        ]
    out.append(f"<h2>{escape(say('page.costliest', lang))}</h2>")
    for acc in review["accuracy"]:
        costly = [rows[m] for m in acc["costliest"]]
        if not costly:
            continue
        out.append(f"<h3>{_seat(acc['seat'], names)}</h3><div class=wrap><table><tr><th class=num>{escape(say('col.move', lang))}</th>"
                   f"<th>{escape(say('col.played', lang))}</th><th>{escape(say('col.preferred', lang))}</th>"
                   f"<th class=num>{escape(say('col.win_chance', lang))}</th><th class=num>{escape(say('col.cost', lang, unit=unit_name(unit, lang)))}</th>"
                   f"<th class=num>{escape(say('col.cost_win', lang))}</th><th>{escape(say('col.grade', lang))}</th></tr>")
        for r in costly:
            out.append(
                f"<tr><td class=num>{r['move']}</td><td>{escape(move_text(r, 'action', lang))}</td><td>{escape(move_text(r, 'best', lang))}</td>"
                f"<td class=num>{percent(r['win_chance'][r['seat']])}</td>"
                f"<td class=num>{lead_cost(r)}</td>"
                f"<td class=num>{win_cost(r)}</td><td>{_grade_cell(r, lang)}</td></tr>"
            )
        out.append("</table></div>")
    out.append(f"<details><summary>{escape(say('page.every', lang))}</summary><div class=wrap><table><tr><th class=num>{escape(say('col.move', lang))}</th>"
               f"<th>{escape(say('col.seat', lang))}</th><th>{escape(say('col.played', lang))}</th><th>{escape(say('col.preferred', lang))}</th>"
               f"<th class=num>{escape(say('col.win_chances', lang))}</th><th class=num>{escape(say('col.expected_scores', lang))}</th>"
               f"<th class=num>{escape(say('col.cost', lang, unit=unit_name(unit, lang)))}</th><th>{escape(say('col.grade', lang))}</th></tr>")
    for r in review["decisions"]:
        chances = " / ".join(percent(w) for w in r["win_chance"])
        expected = " / ".join(number(x, lang) for x in r["expected_score"])
        out.append(
            f"<tr><td class=num>{r['move']}</td><td>{_seat(r['seat'], names)}</td><td>{escape(move_text(r, 'action', lang))}</td>"
            f"<td>{escape(move_text(r, 'best', lang))}</td><td class=num>{chances}</td><td class=num>{expected}</td>"
            f"<td class=num>{lead_cost(r, margin=False)}</td><td>{_grade_cell(r, lang)}</td></tr>"
        )
    out.append("</table></div></details></body></html>")
    return "\n".join(out)
