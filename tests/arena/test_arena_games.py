"""The three games' `features` and `turn_order` hooks, and what the arena makes of them."""

from __future__ import annotations

import pytest

from bigtop import games
from bigtop.arena import runner
from bigtop.arena.summary import summarize
from bigtop.arena.tournament import schedule
from bigtop.bots.match import play_game
from bigtop.core.record import Record


@pytest.fixture(scope="module")
def finished() -> dict[str, object]:
    """One heuristic game of each, 3 players."""
    return {name: play_game(games.get(name), [games.get(name).heuristic_bot(s) for s in range(3)], seed=11)
            for name in ("drumroll", "trollfest", "carcassonne")}


def test_drumroll_features_are_cards_hired_held_and_played(finished: dict) -> None:
    game, state = games.get("drumroll"), finished["drumroll"]
    had = game.features(state)
    names = {card["name"] for kind in ("performers", "personnel") for card in game.content(state.options)[kind].values()}
    for seat in range(state.players):
        held = {f.removeprefix("held: ") for f in had[seat] if f.startswith("held: ")}
        assert len(held) >= 1 and held <= names
        assert {f.removeprefix("hired: ") for f in had[seat] if f.startswith("hired: ")} >= held  # a held card was hired
    played = [(e.data["seat"], e.data["card"]) for e in state.events if e.kind == "played"]
    investments = game.content(state.options)["investments"]
    assert all(f"played: {investments[card]['name']}" in had[seat] for seat, card in played)
    start = next(e.data["seat"] for e in state.events if e.kind == "placed")
    assert game.turn_order(state)[start] == 0 and sorted(game.turn_order(state)) == [0, 1, 2]


def test_trollfest_turn_order_is_the_tours_and_features_are_band_cities_and_cards(finished: dict) -> None:
    game, state = games.get("trollfest"), finished["trollfest"]
    order = game.turn_order(state)
    first_concert_turn = next(e.data["seat"] for e in state.events if e.kind == "start_city")
    assert order[first_concert_turn] == 0  # the first hometown is chosen by the first seat of the tour
    had = game.features(state)
    bands = state.view(None)["bands"]
    artists = game.content(state.options)["artists"]
    for seat in range(3):
        assert {f"artist: {artists[x]['name']}" for x in bands[seat]} <= had[seat]
        assert any(f.startswith("concert: ") for f in had[seat]) and any(f.startswith("hometown: ") for f in had[seat])


def test_carcassonne_features_are_tiles_figures_and_big_top_elements(finished: dict) -> None:
    game, state = games.get("carcassonne"), finished["carcassonne"]
    had = game.features(state)
    laid = {(e.data["seat"], e.data["tile"]) for e in state.events if e.kind == "placed"}
    assert all(f"tile: {tile}" in had[seat] for seat, tile in laid)
    assert all("figure: meeple" in had[seat] for seat in range(3))
    assert game.turn_order(state) == [0, 1, 2]  # seat 0 draws the first tile


def test_heuristic_arena_reports_turn_order_and_content() -> None:
    rows = runner.run_local(schedule("trollfest", ["heuristic"] * 3, 6, 0, {}), 1)
    summary = summarize(rows, ["heuristic"] * 3)
    decided = summary["decided"]
    assert sum(p["wins"] for p in decided["turn_order"]) == pytest.approx(6)
    assert decided["branching"]["value"] > 1 and decided["decisions_per_turn"]["value"] > 0
    assert all(row["features"] and all(row["features"]) for row in rows)


def test_rows_keep_action_types_offers_and_the_score_over_the_game() -> None:
    rows = runner.run_local(schedule("drumroll", ["heuristic", "random"], 2, 0, {}), 1)
    game = games.get("drumroll")
    for row in rows:
        record = Record.from_json(row["record"])
        state = game.new(2, seed=record.seed, options=record.options)
        decisions = [0, 0]
        for seat, data in record.moves:
            decisions[seat] += len(state.legal_actions(seat)) > 1
            state.apply_json(seat, data)
        assert [sum(kinds.values()) for kinds in row["actions"]] == decisions
        assert all("Hire" in kinds for kinds in row["actions"])
        hired = [{f for f in seat if f.startswith("hired: ")} for seat in row["features"]]
        for seat in range(2):  # every card a seat hired by its own decision was offered and taken
            taken = {f for f, (offered, took) in row["offers"][seat].items() if took}
            assert taken and taken <= hired[seat]
            assert all(offered >= took for offered, took in row["offers"][seat].values())
        assert len(row["score_trajectory"]) == 10 and row["score_trajectory"][-1] == row["scores"]
