"""Troll Fest options are checked against the content, each with a message naming the option."""

from __future__ import annotations

import pytest
from trollfest_scenario import ART, new

from bigtop.core import OptionError
from bigtop.games.trollfest import GAME


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"seasoned_top": "sea99"}, r"seasoned_top: no artist 'sea99'; the seasoned artists are sea33 to sea72"),
        ({"seasoned_top": "sta01"}, r"seasoned_top: 'sta01' is a starting artist, not a seasoned one"),
        ({"seasoned_top": "sea40,sea40"}, r"seasoned_top: 'sea40' is named 2 times; there is 1 such card"),
        ({"starting_top": "sea40"}, r"starting_top: 'sea40' is a seasoned artist, not a starting one"),
        ({"action_top": "encore,encore,encore,encore,encore"}, r"action_top: 'encore' is named 5 times; there are 4 such cards"),
        ({"action_top": "joker"}, r"action_top: no action card 'joker'; the action cards are duo, thors_hammer, "),
        ({"city_top": "ashpit"}, r"city_top: no City card 'ashpit'; a City card is named card_ and its city"),
        ({"city_top": "card_ashpit,card_ashpit"}, r"city_top: 'card_ashpit' is named 2 times; there is 1 such City card"),
        ({"groundhog_city": "atlantis"}, r"groundhog_city: no city 'atlantis'; the cities are grumblerock, "),
        ({"runoff_limit": -1}, r"runoff_limit: -1 run-offs; give 0 \(never settle\) or more"),
        ({"bots_only": "maybe"}, r"bots_only: expected true or false"),
    ],
)
def test_a_bad_option_is_refused_with_a_message_naming_it(options: dict, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        GAME.check_options(3, options)
    with pytest.raises(OptionError, match=message.split(":")[0]):
        new(3, **options)


def test_good_options_pass_and_set_the_decks() -> None:
    options = {"seasoned_top": "sea40,sea41", "action_top": "encore,duo", "city_top": "card_ashpit",
               "starting_top": "sta02,sta01,sta10", "runoff_limit": 0, "bots_only": "true"}
    parsed = GAME.check_options(4, options)
    assert parsed.bots_only is True and parsed.starting_top == ("sta02", "sta01", "sta10")
    s = new(4, **options)
    assert s.view(0)["packet"][:2] == [ART["sea40"], ART["sea41"]]
    # the starting decks are stacked by instrument: two guitarists, then a bassist
    assert s.view(0)["start_hand"][:2] == [ART["sta02"], ART["sta10"]] and s.view(1)["start_hand"][0] == ART["sta01"]
