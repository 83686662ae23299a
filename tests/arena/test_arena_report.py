"""`bigtop report`: the HTML page, its plots, and the content effects that answer "is this card too strong?"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bigtop.arena.features import feature_effects
from bigtop.cli import main

FEATURED = str(Path(__file__).with_name("arena_highcard_features.py"))


def images(page: str) -> list[str]:
    return re.findall(r'<img alt="plot" src="data:image/png;base64,([A-Za-z0-9+/=]+)">', page)


def test_report_names_the_card_that_wins_games(tmp_path: Path) -> None:
    out = tmp_path / "arena"
    assert main(["arena", "highcard_features", "--bots", "random,random", "-n", "120", "--out", str(out), "--import", FEATURED]) == 0
    assert main(["report", str(out), "--top", "5"]) == 0
    page = (out / "report.html").read_text()
    assert len(images(page)) == 7  # by bot, by seat, scores, length, turn order, branching, content
    assert all(b.startswith("iVBOR") for b in images(page))  # PNG signature
    assert "bigtop arena highcard_features --bots random,random --games 120 --seed 0" in page
    assert "Each bot from each seat" in page and ", 60 games</td>" in page
    rows = re.findall(r"<tr><td>(card \d\d)</td>(?:<td>[^<]*</td>){3}<td>([+-][\d.]+) pts</td><td>[^<]*</td><td>(yes|no)</td>", page)
    assert len(rows) == 5
    effects = {card: (float(difference), clear) for card, difference, clear in rows}
    assert effects["card 12"][0] > 10 and effects["card 12"][1] == "yes"  # the 12 always takes its round
    assert max(effects.values()) == effects["card 12"]


def test_report_without_features_hook_still_reports_the_rest(tmp_path: Path) -> None:
    out = tmp_path / "arena"
    assert main(["arena", "highcard", "--bots", "random", "-p", "3", "-n", "6", "--out", str(out)]) == 0
    target = tmp_path / "page.html"
    assert main(["report", str(out), "--html", str(target)]) == 0
    page = target.read_text()
    assert len(images(page)) == 6
    assert "no <code>features</code> hook" in page


def test_report_of_a_folder_that_is_not_an_arena_is_one_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(tmp_path / "missing")]) == 2
    assert "is not an arena output folder" in capsys.readouterr().err


def test_feature_effect_numbers() -> None:
    rows = [
        {"winners": [0], "features": [["gold"], []]},
        {"winners": [1], "features": [[], ["gold"]]},
        {"winners": [0], "features": [["gold"], ["tin"]]},
        {"winners": [0, 1], "features": [["gold"], ["gold"]]},
    ] * 5
    for row in rows:
        row["bots"] = ["random", "random"]
    effects = {e.feature: e for e in feature_effects(rows)}
    gold = effects["gold"]
    assert gold.with_count == 25 and gold.without_count == 15
    assert gold.with_rate == pytest.approx(20 / 25) and gold.without_rate == 0.0
    assert gold.low < gold.effect < gold.high and gold.clear
    assert effects["tin"].effect < 0
    assert gold.within_bots is not None and gold.within_bots[0] == pytest.approx(gold.effect)  # one bot only
    assert feature_effects([{"winners": [0], "features": None}]) == []


def test_within_bot_difference_removes_a_strong_bot_picking_the_content() -> None:
    # the strong bot wins 3 games in 4 and takes "gem" 3 times in 4, independently; the weak bot
    # takes it 1 time in 4: gem goes with winning overall, but not for the same bot
    rows = []
    for i in range(160):
        strong_wins, strong_gem, weak_gem = i % 4 != 0, (i // 4) % 4 != 0, (i // 4) % 4 == 0
        strong, weak = ["gem"] if strong_gem else ["rock"], ["gem"] if weak_gem else ["rock"]
        rows.append({"winners": [0] if strong_wins else [1], "bots": ["strong", "weak"], "features": [strong, weak]})
    gem = next(e for e in feature_effects(rows) if e.feature == "gem")
    assert gem.effect == pytest.approx(0.25) and gem.clear
    assert gem.within_bots is not None
    within, low, high = gem.within_bots
    assert within == pytest.approx(0.0, abs=1e-12) and low < 0 < high
