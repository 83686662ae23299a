"""The view's card catalog: the printed fields of every card a seat can see, and nothing hidden."""

from __future__ import annotations

import json

from bigtop import games
from bigtop.core import Rng

GAME = games.get("drumroll")


def ids_outside_catalog(view: dict) -> str:
    rest = {k: v for k, v in view.items() if k != "catalog"}
    return json.dumps(rest)


def test_catalog_prints_the_visible_cards_and_hides_the_rest() -> None:
    for players in (2, 3, 4):
        state = GAME.new(players, seed=players)
        rng = Rng(players)
        step = 0
        while not state.is_over():
            if step % 17 == 0:
                for p in [None, *range(players)]:
                    view = state.view(p)
                    json.dumps(view)
                    cat = view["catalog"]
                    assert view["shows"] == 3
                    text = ids_outside_catalog(view)
                    # everything printed is a card the rest of the view already names
                    assert all(f'"{card}"' in text for card in cat), f"seat {p} sees a card it cannot name"
                    hidden = set(state.perf_deck) | set(state.pers_deck) | set(state.inv_deck)
                    for q in range(players):
                        if q != p:
                            hidden |= set(state.hands[q]) | set(state.looking[q]) | set(state.draft[q])
                    assert not hidden & set(cat), f"seat {p}'s catalog shows a hidden card"
                    table = [x for seat in view["seats"] for perf in seat["performers"] for x in [perf["id"]]]
                    table += [e["id"] for e in view["performer_row"]]
                    for x in table:
                        entry = cat[x]
                        assert entry["card"] == "performer" and len(entry["requires"]) == 3
                        assert entry["type"] and all(e["text"] for lvl in ("poor", "good", "outstanding") for e in entry[lvl])
                        assert isinstance(entry["flip_prestige"], int)
                    staff = [x for seat in view["seats"] for x in seat["personnel"]] + [e["id"] for e in view["personnel_row"]]
                    assert all(cat[x]["card"] == "personnel" and cat[x]["text"] for x in staff)
                    if p is not None:
                        mine = view["seats"][p]
                        for x in mine["hand"] + mine["looking"]:
                            assert cat[x]["card"] == "investment" and cat[x]["text"]
                        assert all(cat[x]["card"] == "performer" for x in mine["draft"])
                    assert all(cat[r]["card"] == "region" for r in view["regions"])
            movers = state.to_move()
            q = movers[rng.below(len(movers))]
            legal = state.legal_actions(q)
            state.apply(q, legal[rng.below(len(legal))])
            step += 1
