"""`bigtop report`: the HTML page, its plots, and the content effects that answer "is this card too strong?"."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from bigtop.arena.features import feature_effects
from bigtop.arena.stats import benjamini_hochberg
from bigtop.cli import main

FEATURED = str(Path(__file__).with_name("arena_highcard_features.py"))


def images(page: str) -> dict[str, str]:
    """The page's plots by their title (alt text): PNG data in base64."""
    return dict(re.findall(r'<img alt="([^"]+)" src="data:image/png;base64,([A-Za-z0-9+/=]+)">', page))


def content_rows(page: str) -> list[tuple[str, float, float, str]]:
    """The content tables' rows: feature, difference within the same bot (points), q, clear."""
    return [(name, float(d), float(q), clear) for name, d, q, clear in re.findall(
        r"<tr><td>([^<]+)</td><td>\d+</td><td>[^<]*</td><td>[^<]*</td><td>([+-][\d.]+) pts \([^<]*\)</td><td>([\d.]+)</td><td>(yes|no)</td>",
        page,
    )]


def test_report_names_the_card_that_wins_games(tmp_path: Path) -> None:
    out = tmp_path / "arena"
    assert main(["arena", "highcard_features", "--bots", "random,random", "-n", "120", "--out", str(out), "--import", FEATURED]) == 0
    assert main(["report", str(out), "--top", "5"]) == 0
    page = (out / "report.html").read_text()
    plots = images(page)
    assert {"win rate by bot", "win rate by seat (all bots)", "win rate by place in the turn order",
            "other features: the strongest evidence first"} <= set(plots)
    assert all(b.startswith("iVBOR") for b in plots.values())  # PNG signature
    assert "<h1>High Card (with features): 120 games, 2 seats</h1>" in page  # the game's title, not its name
    assert "bigtop arena highcard_features --bots random,random --games 120 --seed 0" in page
    assert "Each bot from each seat" in page and ", 60 games</td>" in page
    assert "μ is the estimated skill" in page and "μ − 3σ a cautious rating" in page
    assert "random#1, random#2 are copies of the same bot" in page
    rows = content_rows(page)
    assert len(rows) == 5
    effects = {card: (difference, q, clear) for card, difference, q, clear in rows}
    assert effects["card 12"][0] > 10 and effects["card 12"][1] < 0.05 and effects["card 12"][2] == "yes"  # it always takes its round
    assert max(d for d, _, _ in effects.values()) == effects["card 12"][0]
    assert [q for _, _, q, _ in rows] == sorted(q for _, _, q, _ in rows)  # the strongest evidence first


def test_report_without_features_hook_still_reports_the_rest(tmp_path: Path) -> None:
    out = tmp_path / "arena"
    assert main(["arena", "highcard", "--bots", "random", "-p", "3", "-n", "6", "--out", str(out)]) == 0
    target = tmp_path / "page.html"
    assert main(["report", str(out), "--html", str(target)]) == 0
    page = target.read_text()
    assert "win rate by bot" in images(page) and not any("strongest evidence" in title for title in images(page))
    assert "no <code>features</code> hook" in page


def test_report_of_a_folder_that_is_not_an_arena_is_one_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(tmp_path / "missing")]) == 2
    assert "is not an arena output folder" in capsys.readouterr().err


def seat_rows(games: list[tuple[list[int], list[list[str]]]], bots: tuple[str, str] = ("random", "random")) -> list[dict]:
    """Rows of two-seat games, each a new deal: (winners, features per seat)."""
    return [{"seed": i, "winners": w, "features": f, "bots": list(bots)} for i, (w, f) in enumerate(games)]


def test_feature_effect_numbers() -> None:
    rows = seat_rows([
        ([0], [["gold"], []]),
        ([1], [[], ["gold"]]),
        ([0], [["gold"], ["tin"]]),
        ([0, 1], [["gold"], ["gold"]]),
    ] * 5)
    effects = {e.label: e for e in feature_effects(rows)}
    gold = effects["gold"]
    assert gold.with_count == 25 and gold.without_count == 15
    assert gold.with_rate == pytest.approx(20 / 25) and gold.without_rate == 0.0
    assert gold.difference == pytest.approx(gold.with_rate - gold.without_rate)  # one bot: the pooled difference
    assert gold.low < gold.difference < gold.high and gold.clear and gold.q is not None and gold.q < 0.05
    # the without-rate of 0 % on 15 seats is not known exactly: the interval is at least Agresti-Caffo's
    assert gold.high - gold.low > 2 * 1.96 * math.sqrt((1 / 17) * (16 / 17) / 17)
    assert effects["tin"].difference is not None and effects["tin"].difference < 0
    assert feature_effects([{"seed": 0, "winners": [0], "features": None, "bots": ["random"]}]) == []


def test_within_bot_difference_removes_a_strong_bot_picking_the_content() -> None:
    # the strong bot wins 3 games in 4 and takes "gem" 3 times in 4, independently; the weak bot
    # takes it 1 time in 4: gem goes with winning overall, but not for the same bot
    rows = []
    for i in range(160):
        strong_wins, strong_gem, weak_gem = i % 4 != 0, (i // 4) % 4 != 0, (i // 4) % 4 == 0
        strong, weak = ["gem"] if strong_gem else ["rock"], ["gem"] if weak_gem else ["rock"]
        rows.append({"seed": i, "winners": [0] if strong_wins else [1], "bots": ["strong", "weak"], "features": [strong, weak]})
    gem = next(e for e in feature_effects(rows) if e.label == "gem")
    assert gem.with_rate - gem.without_rate == pytest.approx(0.25)  # the pooled rates say "gem wins"
    assert gem.difference == pytest.approx(0.0, abs=1e-12) and gem.low < 0 < gem.high
    assert not gem.clear  # "clear" is decided within the same bot only


def test_features_on_the_same_seats_are_one_row_and_a_bot_that_always_has_one_is_not_measured() -> None:
    rows = seat_rows([([i % 2], [["hired: Orchestra", "held: Orchestra", "deck"], ["deck"] + (["coin"] if i % 3 else [])])
                      for i in range(30)], bots=("always", "never"))
    effects = {e.label: e for e in feature_effects(rows, {"hired": "chosen", "held": "chosen"})}
    assert "held, hired: Orchestra" in effects and "hired: Orchestra" not in effects  # no duplicate rows
    orchestra = effects["held, hired: Orchestra"]
    assert orchestra.kind == "chosen" and orchestra.difference is None and orchestra.q is None and not orchestra.clear
    assert orchestra.unmeasurable == "every always seat had it; no never seat had it"
    assert "deck" not in effects  # every seat had it: nothing to compare
    assert effects["coin"].kind == "other" and effects["coin"].left_out == ("no always seat had it",)


def test_pick_rates_come_from_the_offers() -> None:
    rows = seat_rows([([0], [["hired: Clown"], []]), ([1], [[], ["hired: Clown"]])] * 5)
    for row in rows:
        row["offers"] = [{"hired: Clown": [2, 1]}, {"hired: Clown": [3, 0]}]
    clown = feature_effects(rows)[0]
    assert (clown.offered, clown.taken) == (50, 10)


def test_benjamini_hochberg_q_values() -> None:
    # the textbook example: the q-values are the running minimum of p * m / rank from the top
    p = [0.01, 0.04, 0.03, 0.005]
    assert benjamini_hochberg(p) == pytest.approx([0.02, 0.04, 0.04, 0.02])


def test_carcassonne_tiles_are_shown_with_their_picture_and_name(tmp_path: Path) -> None:
    out = tmp_path / "arena"
    assert main(["arena", "carcassonne", "--bots", "random", "-p", "2", "-n", "16", "--out", str(out)]) == 0
    assert main(["report", str(out), "--top", "40"]) == 0
    page = (out / "report.html").read_text()
    names = re.findall(r'<td><div class="feature"><pre class="picture">.*?</pre><span>([^<]+)</span></div></td>', page, re.S)
    assert names and all(re.fullmatch(r"an? [a-z ,]+ \([\w.]+\)", n) for n in names), names
    assert "<td>tile: " not in page  # no tile named by its id alone
    assert "<h3>What the deal gave</h3>" in page and "<h3>What a player chose</h3>" in page


def test_nothing_is_measured_within_a_bot_that_always_wins() -> None:
    # the strong bot wins every game whatever it holds: its seats show no effect of any card
    rows = seat_rows([([0], [["gem"] if i % 2 else ["rock"], ["gem"] if i % 3 else ["rock"]]) for i in range(40)],
                     bots=("strong", "weak"))
    gem = next(e for e in feature_effects(rows) if e.label == "gem")
    assert gem.with_rate != gem.without_rate  # the pooled rates differ: who holds it
    assert gem.difference is None and gem.unmeasurable == "every strong seat won; every weak seat lost"
