"""Drama and decisiveness over a tournament from the game review's win chances, state size and
hidden information, and what the bots choose: the figures TAG reports and bigtop adds to the report."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from bigtop import games
from bigtop.arena.drama import game_drama, information
from bigtop.bots.match import play_game

sys.path.insert(0, str(Path(__file__).parents[1] / "terminal"))
from cli_process import bigtop  # noqa: E402


def decisions(chances: list[list[float]]) -> list[dict]:
    """One decision per move, each with every seat's win chance."""
    return [{"move": i, "win_chance": c} for i, c in enumerate(chances)]


def test_a_winner_who_leads_from_the_start_settles_the_game_at_once() -> None:
    figures = game_drama(decisions([[0.6, 0.4]] * 20), [0], 20, 2)
    assert figures == {"settled": 0.0, "trailing": 0.0, "trailed_at_half": False, "lead_changes": 0,
                       "winner_chance": [pytest.approx(0.6)] * 10}


def test_a_comeback_is_settled_late_and_trailed_at_half_time() -> None:
    # seat 1 leads the first 70 % of the game, seat 0 the last 30 % and wins
    chances = [[0.3, 0.7]] * 14 + [[0.8, 0.2]] * 6
    figures = game_drama(decisions(chances), [0], 20, 2)
    assert figures is not None
    assert figures["settled"] == 70.0 and figures["trailing"] == pytest.approx(0.7)
    assert figures["trailed_at_half"] and figures["lead_changes"] == 1
    assert game_drama(decisions(chances), [0, 1], 20, 2) is None  # a shared win has no eventual winner


def test_noise_within_a_tenth_is_not_a_lead_change() -> None:
    # within each tenth the two searches disagree, but the mean always favours seat 0
    chances = [[0.7, 0.3], [0.45, 0.55]] * 10
    figures = game_drama(decisions(chances), [0], 20, 2)
    assert figures is not None and figures["lead_changes"] == 0 and figures["settled"] == 0.0


def test_hidden_information_is_what_the_seat_to_move_cannot_see() -> None:
    shares = {}
    for name in ("trollfest", "carcassonne"):
        game = games.get(name)
        state = play_game(game, [game.heuristic_bot(s) for s in range(3)], seed=3)
        found = information(state.record())
        assert len(found) == 10 and all(size > 50 for size, _ in found)
        shares[name] = [share for _, share in found]
    assert max(shares["trollfest"]) > 0.01  # the other hands, the face-down cards
    assert all(share == 0 for share in shares["carcassonne"])  # every seat sees the same board


def test_report_reviews_a_sample_of_games_in_parallel(tmp_path: Path) -> None:
    out = tmp_path / "arena"
    assert bigtop("arena", "trollfest", "--bots", "heuristic", "-p", "3", "-n", "4", "--out", str(out), timeout=600).returncode == 0
    proc = bigtop("report", str(out), "--drama", "2", "--iterations", "4", "--workers", "2", timeout=900)
    assert proc.returncode == 0, proc.stderr[-2000:]
    saved = json.loads((out / "drama.json").read_text())
    assert saved["iterations"] == 4 and sorted(saved["games"]) == ["0", "2"]  # spread over the tournament
    page = (out / "report.html").read_text()
    assert "<h2>Drama and decisiveness</h2>" in page and "2 games reviewed" in page
    assert "how early the winner is settled" in page and "games whose winner was behind at half time" in page
    assert "<h2>State size and hidden information</h2>" in page
    assert "Decisions by type of action" in page and "Cards taken when offered" in page and "artist: " in page
    assert "<h3>Scores over the game</h3>" in page
    (out / "report.html").unlink()
    again = bigtop("report", str(out), timeout=600)  # the reviews are kept: the section comes back without --drama
    assert again.returncode == 0 and "2 games reviewed" in (out / "report.html").read_text()
