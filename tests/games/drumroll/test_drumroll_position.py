"""Games started from a position (`DrumRoll.from_position`): a position that cannot happen is refused with
what is wrong; a good one plays on and its record replays."""

from __future__ import annotations

import json
import re

import pytest
from drumroll_scenario import GAME, pass_turn, position

from bigtop.core import OptionError, Record


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"zz": 1}, "the position: unknown key 'zz'"),
        ({"at": "draft"}, "at: 'draft' is not one of turn, vote, show"),
        ({"at": "vote", "turn": 3}, "at vote: votes follow turns 5 to 6, not turn 3"),
        ({"show": 3}, "show must be a whole number, 0 to 2; got 3"),
        ({"seats": [{}, {}]}, "seats: one entry per seat (3)"),
        ({"seats": [{"coins": -1}, {}, {}]}, "seat 0 coins must be a whole number, at least 0; got -1"),
        ({"seats": [{"performers": ["orchestra"]}, {}, {}]},
         "seat 0's circus: 'orchestra' is not a performer card (it is a personnel card)"),
        ({"seats": [{"performers": ["tumbler"]}, {"performers": ["tumbler"]}, {}]},
         "'tumbler' is both in seat 0's circus and in seat 1's circus"),
        ({"seats": [{"performers": [{"id": "rope-walker", "cubes": ["blue"]}]}, {}, {}]},
         "rope-walker has no empty slot for a 'blue' cube (it needs red, yellow, white)"),
        ({"seats": [{"performers": [{"id": "rope-walker", "flipped": True}]}, {}, {}]},
         "rope-walker is flipped, but no show has been given yet"),
        ({"show": 1, "seats": [{"performers": [{"id": "rope-walker", "flipped": True, "cubes": ["red"]}]}, {}, {}]},
         "rope-walker is flipped: its cubes went back to the stock"),
        ({"seats": [{"hand": ["fire-1", "fire-2", "trailer-1"]}, {}, {}]},
         "seat 0 holds 3 investment cards, over its hand limit of 2"),
        ({"seats": [{"storage": {"red": 20}}, {"storage": {"red": 6}}, {}]}, "more red cubes than the 25 of each colour"),
        ({"performer_row": ["rope-walker", "tumbler", "unicyclist"]}, "performer_row: at most 4 performers, at most 2 of a type"),
        ({"performer_row": ["tumbler"], "discounts": {"tumbler": 3}}, "discounts on tumbler must be a whole number, 1 to 2"),
        ({"discounts": {"rope-walker": 1}}, "discounts: unknown key 'rope-walker'"),
        ({"regions": ["moscow", "moscow", "rome"]}, "regions: 3 different region tiles"),
    ],
)
def test_an_impossible_position_is_refused_with_what_is_wrong(given: dict, message: str) -> None:
    with pytest.raises(OptionError, match="^position: " + re.escape(message)):
        GAME.from_position(3, given)
    with pytest.raises(OptionError, match=re.escape(message)):
        GAME.check_options(3, {"position": json.dumps(given)})


def test_a_position_plays_on_and_its_record_replays() -> None:
    s = position(3, {0: {"prestige": 4, "performers": [{"id": "rope-walker", "cubes": ["red"], "trailer": True}],
                         "hand": ["fire-1"], "storage": {"blue": 2}}}, turn=3, start=2,
                 personnel_row=["orchestra"], discounts={"orchestra": 2}, discards={"investment": ["trailer-1"]})
    view = s.view(0)
    assert (view["turn"], view["start"], view["prompt"]) == (3, 2, {"kind": "place", "seat": 2, "data": None})
    assert view["seats"][0]["performers"][0] == {"id": "rope-walker", "cubes": ["red", None, None], "flipped": False,
                                                 "trailer": True, "level": 1, "salary": 3}
    assert view["personnel_row"][0] == {"id": "orchestra", "discounts": 2, "cost": 3}
    assert view["trailers_left"] == 17 and view["stock"]["red"] == 24 and view["discards"]["investment"] == ["trailer-1"]
    assert s.score_breakdown() == {"position": (4.0, 0.0, 0.0)}
    pass_turn(s)
    replayed = Record.from_json(json.loads(s.record().dumps())).replay(GAME)
    assert [replayed.view(p) for p in (None, 0, 1, 2)] == [s.view(p) for p in (None, 0, 1, 2)]
