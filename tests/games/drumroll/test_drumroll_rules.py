"""Scenario tests for the Drum Roll rules; each quotes the rulebook sentence it checks (or the docs page,
for a choice the rulebook leaves open). Positions come from options and actions, or from a checked
position (`drumroll_scenario.position`); what happened is read from the views."""

from __future__ import annotations

import pytest
from drumroll_scenario import (
    ALL_INVESTMENTS,
    GAME,
    circus,
    end_show,
    finish_distribution,
    new,
    pass_turn,
    performer,
    place_all,
    position,
    prompt,
    ready,
    sealed,
    seat,
    setup,
    show,
    storage,
    vote,
)
from rich.console import Console

from bigtop.core import IllegalAction
from bigtop.core.text import LANGUAGES
from bigtop.games.drumroll.actions import (
    CarryOut,
    Convert,
    Decline,
    Deposit,
    Discard,
    Done,
    Fire,
    Hire,
    Invest,
    Keep,
    Move,
    Outstanding,
    Perform,
    Place,
    Play,
    ReturnOrganizer,
    SkipSalary,
    Spend,
    TakeCube,
    Trailer,
    Vote,
)
from bigtop.games.drumroll.data import COLORS


def row(s, kind: str = "performer") -> list[str]:
    return [e["id"] for e in s.view(None)[f"{kind}_row"]]


def cost(s, card: str) -> int:
    view = s.view(None)
    return next(e["cost"] for e in view["performer_row"] + view["personnel_row"] if e["id"] == card)


def discounts(s) -> dict[str, int]:
    view = s.view(None)
    return {e["id"]: e["discounts"] for e in view["performer_row"] + view["personnel_row"] if e["discounts"]}


def twice(s, slot: str) -> None:
    """Seat 0 puts two markers on `slot`, seats 1 and 2 pass meanwhile."""
    for _ in range(2):
        s.apply(0, Place(slot))
        s.apply(1, Place("pass"))
        s.apply(2, Place("pass"))


def bonuses(s, p: int) -> dict[str, int]:
    return s.view(None)["result"]["bonuses"][p]


# ---------------------------------------------------------------------------------------- set-up
def test_starting_coins_sandra_example() -> None:
    """"Sandra has chosen a performer with hiring cost of 4 and was given a performer ... with a hiring
    cost of 3. This means she must begin the game with 8" (15 minus the two hiring costs)."""
    draft = ("rope-walker", "unicyclist", "wild-man", "dog-trainer", "bear-trainer", "giant")
    s = new(3, draft)
    assert [seat(s, p)["draft"] for p in range(3)] == [["rope-walker", "unicyclist"], ["wild-man", "dog-trainer"],
                                                       ["bear-trainer", "giant"]]
    s.apply(0, Keep("rope-walker"))
    s.apply(1, Keep("wild-man"))
    s.apply(2, Keep("giant"))  # gives the Bear Trainer (cost 3) to the left: seat 0
    assert sorted(circus(s, 0)) == ["bear-trainer", "rope-walker"]
    for p in range(3):
        s.apply(p, TakeCube("red"))
        s.apply(p, TakeCube("blue"))
    assert seat(s, 0)["coins"] == 15 - 4 - 3 == 8
    assert storage(s, 0) == {"red": 1, "blue": 1}


def test_draft_choices_are_sealed() -> None:
    """"Players choose which one of the performers they want to keep and all at the same time, give the
    other to the player on their left." Nobody sees another's choice before all have chosen."""
    s = new(3, ("rope-walker", "unicyclist", "wild-man", "dog-trainer", "bear-trainer", "giant"))
    s.apply(0, Keep("rope-walker"))
    assert s.to_move() == (1, 2)
    assert "mine" not in s.view(1)["sealed"] and s.view(0)["sealed"]["mine"] == "rope-walker"
    assert s.view(1)["seats"][0].get("draft") is None


def test_performer_row_has_at_most_two_of_a_type() -> None:
    """"if three performers of the same type ... are revealed, discard the last one revealed and deal a new one.\""""
    s = new(3, performer_order=("tumbler", "unicyclist", "rope-walker", "giant"))
    assert row(s)[:3] == ["tumbler", "unicyclist", "giant"] and len(row(s)) == 4
    assert "rope-walker" in s.view(None)["discards"]["performer"]
    assert len(row(s, "personnel")) == 3


def test_two_player_rows() -> None:
    """2 players: "Deal 3 personnel cards instead of 2" and "the 3 performers in the hiring area are from
    different performer types"; a 3rd region is placed between the players."""
    s = GAME.new(2, seed=3, options={"performer_order": ("tumbler", "unicyclist", "giant", "lion-tamer")})
    assert row(s) == ["tumbler", "giant", "lion-tamer"]
    assert len(row(s, "personnel")) == 3 and len(s.view(None)["regions"]) == 3


def test_fixed_deck_orders_and_regions() -> None:
    """Tutorial option: fixed deck orders and region tiles."""
    s = setup(3, personnel_order=("orchestra", "bank-representative", "show-organizer"),
              investment_order=("double-vote-1",), regions=("moscow", "paris", "rome"))
    assert row(s, "personnel") == ["orchestra", "bank-representative", "show-organizer"]
    assert s.view(None)["regions"] == ["moscow", "paris", "rome"]
    place_all(s, {0: ["invest"]})
    s.apply(0, Invest())
    assert seat(s, 0)["hand"] == ["double-vote-1"]


# ---------------------------------------------------------------------------------------- actions
def test_cube_action_limit_three_players() -> None:
    """"In a 3 player game, up to 3 cube actions can be performed each turn. Two slots must remain empty.\""""
    s = position(3)
    for p, color in enumerate(("white", "yellow", "green")):
        s.apply(p, Place(color))
    assert prompt(s) == ("place", 0)
    assert not any(isinstance(a, Place) and a.slot in COLORS for a in s.legal_actions(0))


def test_cube_action_once_per_turn_and_unblock() -> None:
    """"This action can only be performed once each turn and only by one player." — "Unblock Action: You may
    place your action marker on any cube action even if it is blocked by another player\""""
    s = position(3, {1: {"hand": ["unblock-1"]}})
    s.apply(0, Place("red"))
    assert Place("red") not in s.legal_actions(1)
    s.apply(1, Place("red", True))
    assert "unblock-1" in s.view(None)["discards"]["investment"]
    place_all(s, {})
    assert storage(s, 0) == {"red": 1} and storage(s, 1) == {"red": 1}


def test_pass_pays_one_coin_per_unused_marker() -> None:
    """"Pass: ... They receive 1 for each action they do not perform.\""""
    s = position(3)
    place_all(s, {})
    assert [seat(s, p)["coins"] for p in range(3)] == [23, 23, 23]


def test_not_carrying_out_gives_nothing() -> None:
    """"A player can always choose not to perform an action ... they do not receive 1.\""""
    s = position(3)
    place_all(s, {0: ["invest", "pass", "pass"]})
    assert prompt(s) == ("invest", 0)
    s.apply(0, Decline())
    assert seat(s, 0)["coins"] == 22 and seat(s, 0)["hand"] == []


def test_declined_cube_marker_gives_no_cube_and_no_coin() -> None:
    """"A player can always choose not to perform an action they put their action marker on. In that case,
    the player gets back their action marker but they do not receive 1." — for a cube action too."""
    s = position(3)
    place_all(s, {0: ["red", "green"], 1: ["blue"]}, carry_out=False)
    assert sealed(s) == "carry_out" and s.to_move() == (0, 1)
    red_stock = s.view(None)["stock"]["red"]
    assert s.legal_actions(0) == [CarryOut(("green", "red")), CarryOut(("red",)), CarryOut(("green",)), CarryOut()]
    s.apply(0, CarryOut(("green",)))
    assert s.view(0)["sealed"]["mine"] == [False, True] and "mine" not in s.view(1)["sealed"]
    assert "carry_out" not in s.view(1)["seats"][0] and storage(s, 0) == {}  # nothing happens yet
    s.apply(1, CarryOut(("blue",)))
    assert sealed(s) != "carry_out"
    assert s.view(None)["stock"]["red"] == red_stock
    assert storage(s, 0) == {"green": 1} and storage(s, 1) == {"blue": 1}
    assert seat(s, 0)["coins"] == 21  # only the marker put on Pass pays; the declined one does not
    assert any(e.kind == "declined" and e.data == {"seat": 0, "slot": "red"} for e in s.events)


def test_declined_ticket_marker_gives_no_coins_and_no_pass_coin() -> None:
    """"A player can always choose not to perform an action they put their action marker on. In that case,
    the player gets back their action marker but they do not receive 1." — for Sell Tickets too."""
    s = position(3)
    place_all(s, {0: ["tickets", "tickets", "pass"]}, carry_out=False)
    assert s.to_move() == (0,) and s.legal_actions(0) == [CarryOut((), 2), CarryOut((), 1), CarryOut()]
    assert [GAME.describe(s, a) for a in s.legal_actions(0)] == ["sell 2 tickets", "sell 1 ticket", "carry out none of them"]
    s.apply(0, CarryOut())
    assert seat(s, 0)["tickets"] == 0 and seat(s, 0)["coins"] == 21  # the Pass marker's coin only


def test_carrying_out_one_of_two_ticket_markers_moves_one_slot() -> None:
    """"Pass: A player may choose not to perform any number of actions. They receive 1 for each action they
    do not perform." — a declined marker is not a Pass: carrying out one of two ticket markers sells once."""
    s = position(3)
    place_all(s, {0: ["tickets", "tickets"], 1: ["tickets"]}, carry_out=False)
    s.apply(0, CarryOut((), 1))
    s.apply(1, CarryOut())
    values = s.view(None)["ticket_values"]
    assert [seat(s, p)["tickets"] for p in range(3)] == [1, 0, 0]
    assert [seat(s, p)["coins"] for p in range(3)] == [20 + values[0] + 1, 22, 23]


def test_cube_marker_on_an_empty_stock_asks_nothing() -> None:
    """A cube marker whose colour is gone from the stock can do nothing: no choice is asked for it (docs: "A
    cube marker whose colour is gone from the stock, which could do nothing either way, is not asked about")."""
    s = position(3, {1: {"storage": {"red": 25}}})
    place_all(s, {0: ["red"]}, carry_out=False)
    assert sealed(s) != "carry_out"
    assert storage(s, 0) == {} and seat(s, 0)["coins"] == 22


def test_tickets_twice_per_turn_and_track_end() -> None:
    """"Sell Tickets ... This action can only be performed twice each turn by each player." and
    "Once the last ticket slot is reached, the player cannot perform this action until the next show.\""""
    s = position(3)
    twice(s, "tickets")
    assert Place("tickets") not in s.legal_actions(0)
    s.apply(0, Place("pass"))
    place_all(s, {})
    values = s.view(None)["ticket_values"]
    assert seat(s, 0)["coins"] == 20 + values[0] + values[1] + 1 and seat(s, 0)["tickets"] == 2
    s = position(3, {0: {"tickets": len(values) - 1}})
    s.apply(0, Place("tickets"))
    s.apply(1, Place("pass"))
    s.apply(2, Place("pass"))
    assert Place("tickets") not in s.legal_actions(0)


def test_invest_and_hand_limit() -> None:
    """"Invest: The player pays 1 and takes the top card ... hand limit of 2 cards which can be increased by 1
    for each magician" — over the limit: "immediately play any extra cards ... or discard down"."""
    s = position(3, {0: {"hand": ["fire-1", "trailer-1"]}}, options={"investment_order": ("extra-income-1",)})
    place_all(s, {0: ["invest"]})
    s.apply(0, Invest())
    assert seat(s, 0)["coins"] == 20 + 2 - 1 and "extra-income-1" in seat(s, 0)["hand"]
    assert prompt(s) == ("hand_limit", 0)
    legal = s.legal_actions(0)
    assert Play("extra-income-1") in legal and Discard("fire-1") in legal
    s.apply(0, Play("extra-income-1"))
    assert seat(s, 0)["coins"] == 25 and len(seat(s, 0)["hand"]) == 2 and prompt(s) != ("hand_limit", 0)


def test_magician_raises_hand_limit() -> None:
    """"Each magician allows the player to keep one extra card in their hand.\""""
    s = position(3, {0: {"performers": ["fire-eater"], "hand": ["fire-1", "fire-2", "trailer-1"]}})
    assert seat(s, 0)["hand_limit"] == 3 and seat(s, 1)["hand_limit"] == 2


def test_hire_in_stack_order_and_discounts() -> None:
    """"Hire Performer: Using the bottom to top priority on the stacked action markers" and "each personnel
    member and performer that was not hired during the action phase receives a discount token.\""""
    s = position(3)
    personnel = row(s, "personnel")
    place_all(s, {1: ["performer"], 0: ["performer"]})
    assert prompt(s) == ("hire_performer", 0)  # seat 0 placed first
    s.apply(0, Hire("lion-tamer"))
    assert Hire("lion-tamer") not in s.legal_actions(1)
    s.apply(1, Hire("tumbler"))
    assert seat(s, 0)["coins"] == 20 + 2 - 4 and seat(s, 1)["coins"] == 20 + 2 - 2
    assert discounts(s) == {"knife-juggler": 1, "fire-eater": 1} | {x: 1 for x in personnel}
    assert cost(s, "knife-juggler") == 2


def test_free_card_stays_one_last_turn() -> None:
    """"a card ... can end up being offered for free. When this happens, the card remains available for free
    hiring one last turn and then is discarded.\""""
    s = position(3, discounts={"fire-eater": 1})  # cost 2: one more token makes it free
    pass_turn(s)
    assert cost(s, "fire-eater") == 0 and "fire-eater" in row(s)
    place_all(s, {})
    assert "fire-eater" in s.view(None)["discards"]["performer"]
    assert s.view(None)["discount_tokens_left"] + sum(discounts(s).values()) == 44


def test_discount_tokens_out_of_stock() -> None:
    """"If the discount tokens are depleted during the game, there are no further discounts until a token is
    returned to stock." — 7 tokens left for 9 unhired cards: the first 7 in the rows get one, the last two none."""
    performers = ["flying-sisters", "torch-twins", "elephant-keeper", "disappearing-lady", "human-cannonball"]
    personnel = {"orchestra": 4, "general-supplier": 3, "popcorn-vendor": 3, "bank-representative": 2}
    s = position(4, performer_row=performers, personnel_row=list(personnel),
                 discounts={x: 5 for x in performers} | personnel)
    assert s.view(None)["discount_tokens_left"] == 44 - 25 - 12 == 7
    place_all(s, {})
    assert s.view(None)["discount_tokens_left"] == 0
    assert discounts(s) == {x: 6 for x in performers} | {"orchestra": 5, "general-supplier": 4, "popcorn-vendor": 3,
                                                          "bank-representative": 2}


def test_cube_out_of_stock() -> None:
    """"If any of the resources (cubes) are depleted during the game, players can no longer acquire them.\""""
    s = position(3, {1: {"storage": {"red": 25}}})
    place_all(s, {0: ["red"]})
    assert storage(s, 0) == {}


def test_markers_placed_one_at_a_time_clockwise_from_starting_player() -> None:
    """"Beginning with the starting player and continuing in a clockwise order, each player places one action
    marker ... This is repeated until all players have placed their three action markers.\""""
    s = position(3, start=1)
    seats = []
    while prompt(s) is not None and prompt(s)[0] == "place" and len(seats) < 9:
        seats.append(s.to_move()[0])
        s.apply(seats[-1], Place("pass"))
    assert seats == [1, 2, 0] * 3 and [e.data["seat"] for e in s.log.to_list() if e.kind == "placed"] == seats


@pytest.mark.parametrize("players", [2, 4])
def test_cube_action_limit_two_and_four_players(players: int) -> None:
    """"In a 4 player game, up to 4 cube actions can be performed each turn." / "In a 2 player game, up to 2
    cube actions can be performed each turn.\""""
    s = position(players)
    for p, col in zip(range(players), COLORS, strict=False):
        assert Place(col) in s.legal_actions(p)
        s.apply(p, Place(col))
    assert not any(isinstance(a, Place) and a.slot in COLORS for a in s.legal_actions(0))


def test_unblock_action_past_the_cube_action_limit() -> None:
    """"Unblock Action: You may place your action marker on any cube action even if it is ... restricted by the
    game's rules.\""""
    s = position(3, {0: {"hand": ["unblock-1"]}})
    for p, col in enumerate(("white", "yellow", "green")):
        s.apply(p, Place(col))
    assert Place("blue") not in s.legal_actions(0) and Place("blue", True) in s.legal_actions(0)
    s.apply(0, Place("blue", True))
    place_all(s, {})
    assert storage(s, 0) == {"white": 1, "blue": 1} and seat(s, 0)["hand"] == []


def test_invest_twice_hire_performer_and_personnel_once_per_turn() -> None:
    """Invest: "This action can only be performed twice each turn by each player." Hire Performer, Hire
    Personnel: "This action can only be performed once each turn by each player.\""""
    s = position(3)
    twice(s, "invest")
    assert Place("invest") not in s.legal_actions(0)
    s.apply(0, Place("pass"))
    assert Place("invest") in s.legal_actions(1)
    s = position(3)
    for slot in ("performer", "personnel"):
        s.apply(0, Place(slot))
        s.apply(1, Place("pass"))
        s.apply(2, Place("pass"))
    legal = s.legal_actions(0)
    assert Place("performer") not in legal and Place("personnel") not in legal and Place("invest") in legal


def test_actions_resolve_cubes_tickets_invest_performer_personnel() -> None:
    """"each player ... performs the chosen action in the following order: Cube actions ... Sell Tickets ... Invest
    ... Hire Performer ... Hire Personnel": not in placing order; ticket and pass coins come before hiring."""
    s = position(3, {0: {"coins": 0}})
    place_all(s, {0: ["performer", "tickets", "pass"], 1: ["invest"], 2: ["personnel"]})
    assert prompt(s) == ("invest", 1)
    s.apply(1, Decline())
    assert prompt(s) == ("hire_performer", 0)
    assert seat(s, 0)["coins"] == s.view(None)["ticket_values"][0] + 1 == cost(s, "tumbler")
    s.apply(0, Hire("tumbler"))
    assert prompt(s) == ("hire_personnel", 2) and circus(s, 0) == ["tumbler"] and seat(s, 0)["coins"] == 0


# ---------------------------------------------------------------------------------------- distribution
def test_distribution_two_cubes_sealed() -> None:
    """"all players simultaneously move up to two cubes from their cube storage area, on to their performers.\""""
    s = position(3, {0: {"performers": ["rope-walker"], "storage": {"yellow": 1, "white": 1, "red": 1}}})
    place_all(s, {})
    s.apply(0, Move("rope-walker", "yellow"))
    s.apply(0, Move("rope-walker", "white"))
    assert not any(isinstance(a, Move) for a in s.legal_actions(0))
    assert seat(s, 0)["performers"][0]["cubes"] == [None, "yellow", "white"]  # its owner sees its sealed moves
    assert performer(s, 0, "rope-walker")["cubes"] == [None, None, None]  # the others only once revealed
    s.apply(0, Done())
    finish_distribution(s)
    assert performer(s, 0, "rope-walker")["cubes"] == [None, "yellow", "white"]


def test_general_supplier_moves_three() -> None:
    """"General Supplier: During every distribution phase, you may move up to 3 cubes (instead of 2).\""""
    s = position(3, {0: {"performers": ["rope-walker"], "personnel": ["general-supplier"],
                         "storage": {"yellow": 1, "white": 1, "red": 1}}})
    place_all(s, {})
    for col in ("red", "yellow", "white"):
        s.apply(0, Move("rope-walker", col))
    finish_distribution(s)
    assert performer(s, 0, "rope-walker")["level"] == 3


def test_agent_and_assistant_once_each() -> None:
    """"Agent ... convert any cube in to one of the two cubes offered" — "only one can be used during each
    distribution phase"; "Personal Assistant ... convert the specified cube in to the two cubes offered.\""""
    s = position(3, {0: {"personnel": ["agent-white-yellow", "agent-yellow-green", "assistant-white"],
                         "storage": {"red": 1, "white": 1}}})
    place_all(s, {})
    s.apply(0, Convert("agent-white-yellow", "red", "white"))
    assert not any(isinstance(a, Convert) and a.card.startswith("agent") for a in s.legal_actions(0))
    s.apply(0, Convert("assistant-white", "white", ""))
    assert not any(isinstance(a, Convert) for a in s.legal_actions(0))
    finish_distribution(s)
    assert storage(s, 0) == {"white": 1, "yellow": 1, "green": 1}


def test_card_played_during_distribution() -> None:
    """"Investment cards can be played at any moment unless stated otherwise": an Extra Resources cube gained
    during the distribution can be moved at once."""
    s = position(3, {0: {"performers": ["rope-walker"], "hand": ["extra-red-1"]}})
    place_all(s, {})
    assert Play("extra-red-1") in s.legal_actions(0)
    s.apply(0, Play("extra-red-1"))
    assert s.to_move() == (0,)
    s.apply(0, TakeCube("red"))
    s.apply(0, Move("rope-walker", "red"))
    finish_distribution(s)
    assert performer(s, 0, "rope-walker")["level"] == 1


def test_choice_of_a_card_played_during_distribution_allows_only_sealed_step_cards() -> None:
    """During the sealed distribution only cards that add to the player's own board may be played (docs: "so that
    nothing the sealed moves count on is taken away"); the choice an Extra Resources or Trailer card asks is no
    opening for a Fire a Performer or an Extra Income (cube) card."""
    s = position(3, {0: {"performers": ["rope-walker", "fire-eater", "levitator"], "storage": {"red": 1},
                         "hand": ["extra-red-1", "trailer-1", "fire-1", "cube-income"]}})
    place_all(s, {})
    s.apply(0, Move("rope-walker", "red"))
    assert Play("fire-1") not in s.legal_actions(0) and Play("cube-income") not in s.legal_actions(0)
    s.apply(0, Play("extra-red-1"))
    plays = {a.card for a in s.legal_actions(0) if isinstance(a, Play)}
    assert plays == {"trailer-1"}
    s.apply(0, Play("trailer-1"))
    assert not any(isinstance(a, Play) for a in s.legal_actions(0))
    s.apply(0, Trailer("rope-walker"))
    s.apply(0, TakeCube("red"))
    s.apply(0, Done())
    finish_distribution(s)
    assert performer(s, 0, "rope-walker")["cubes"] == ["red", None, None] and performer(s, 0, "rope-walker")["trailer"]
    s.check_invariants()


# ---------------------------------------------------------------------------------------- end of a turn
def test_starting_player_moves_left_each_turn() -> None:
    """"Move the starting player tile to the next player on the left.\""""
    s = position(3)
    pass_turn(s)
    view = s.view(None)
    assert view["turn"] == 2 and view["start"] == 1 and prompt(s) == ("place", 1)


def test_show_organizer() -> None:
    """"Show Organizer: At the end of any turn, you may return the show organizer to the hiring area and become the
    next starting player ... you cannot hire him in the following turn. Only other players can.\""""
    s = position(3, {2: {"personnel": ["show-organizer"]}})
    pass_turn(s)
    assert prompt(s) == ("organizer", 2)
    s.apply(2, ReturnOrganizer(True))
    assert s.view(None)["start"] == 2 and "show-organizer" in row(s, "personnel")
    place_all(s, {2: ["personnel"], 0: ["personnel"]})
    while prompt(s) != ("hire_personnel", 2):
        s.apply(s.to_move()[0], Decline())
    assert Hire("show-organizer") not in s.legal_actions(2)


@pytest.mark.parametrize("hired", [False, True])
def test_returned_show_organizer_is_in_the_personnel_row_before_it_is_refilled(hired: bool) -> None:
    """"Show Organizer: At the end of any turn, you may return the show organizer to the hiring area" — "After a
    turn has ended ... Replenish the number of available personnel cards." He comes back first and counts as one
    of the cards available: the row is refilled up to the player count with him in it."""
    s = position(3, {2: {"personnel": ["show-organizer"]}},
                 personnel_row=["orchestra", "popcorn-vendor", "bank-representative"])
    place_all(s, {0: ["personnel"]} if hired else {})
    if hired:
        s.apply(0, Hire("orchestra"))
    finish_distribution(s)
    assert prompt(s) == ("organizer", 2)
    deck = s.view(None)["decks"]["personnel"]
    s.apply(2, ReturnOrganizer(True))
    kept = ["popcorn-vendor", "bank-representative"] if hired else ["orchestra", "popcorn-vendor", "bank-representative"]
    assert row(s, "personnel") == [*kept, "show-organizer"]
    assert s.view(None)["decks"]["personnel"] == deck  # no card dealt: the row holds 3 (or 4) already


def test_show_organizer_returned_before_a_show_is_discarded_with_the_rows() -> None:
    """"After all players have given their shows ... all performer and personnel member cards in the hiring area
    are discarded": a Show Organizer returned after the last turn goes with them; his owner starts next."""
    s = position(3, {2: {"personnel": ["show-organizer"]}}, turn=7)
    pass_turn(s)
    s.apply(2, ReturnOrganizer(True))
    ready(s)
    while prompt(s) is not None and prompt(s)[0] == "perform":
        s.apply(prompt(s)[1], Done())
    view = s.view(None)
    assert view["show"] == 2 and view["start"] == 2 and "show-organizer" in view["discards"]["personnel"]
    assert "show-organizer" not in row(s, "personnel")


def test_empty_deck_reshuffles_discards() -> None:
    """"If the investment, performer or personnel decks are depleted, shuffle and reuse any cards that were earlier
    discarded. If there is none left, no more of this kind is available for the rest of the game.\""""
    discarded = [x for x in ALL_INVESTMENTS if x != "fire-1"]
    s = position(3, {0: {"hand": ["fire-1"]}}, discards={"investment": discarded})
    assert s.view(None)["decks"]["investment"] == 0
    place_all(s, {0: ["invest"]})
    s.apply(0, Invest())
    assert len(seat(s, 0)["hand"]) == 2 and s.view(None)["decks"]["investment"] == len(discarded) - 1
    assert any(e.kind == "reshuffled" and e.data == {"deck": "inv"} for e in s.events)
    # all the personnel hired but the row: the row is not refilled
    staff = [x for x in GAME.content()["personnel"]]
    s = position(3, {p: {"personnel": staff[4 * p:4 * p + 4]} for p in range(3)}, personnel_row=staff[12:])
    assert s.view(None)["decks"]["personnel"] == 0
    place_all(s, {0: ["personnel"]})
    s.apply(0, Hire(staff[12]))
    finish_distribution(s)
    assert row(s, "personnel") == staff[13:]


def test_no_vote_after_seventh_turn() -> None:
    """"a 7th turn is played and then the show starts without a vote.\""""
    s = position(3, turn=7, seats={0: {"hand": ["resource-bonus-1"]}})  # a card in hand: asked before the show
    pass_turn(s)
    assert sealed(s) == "before_show" and "votes_revealed" not in [e.kind for e in s.log.to_list()]


# ---------------------------------------------------------------------------------------- vote
def test_vote_majority_delays() -> None:
    """"If the majority has an action marker in their hand, the show is delayed and a 6th turn is played.\""""
    s = vote(3)
    for p, v in enumerate((True, True, False)):
        s.apply(p, Vote(v))
    assert s.view(None)["turn"] == 6 and prompt(s) == ("place", 1)


def test_vote_majority_ready_starts_show() -> None:
    """"If the majority of hands are empty, then the show starts.\""""
    s = vote(3, {0: {"performers": ["tumbler", "unicyclist"]}})
    for p, v in enumerate((True, False, False)):
        s.apply(p, Vote(v))
    assert s.view(None)["step"] == "show_player" and prompt(s) == ("perform", 0)


def test_vote_tie_starting_player_decides() -> None:
    """"In the event of a tie, the starting player's vote is the only one that counts.\""""
    s = vote(2, turn=6)  # the second vote has no virtual vote
    s.apply(0, Vote(True))
    s.apply(1, Vote(False))
    assert s.view(None)["turn"] == 7
    assert seat(s, 0)["prestige"] == -1  # "The players who voted for a delay on the 6th turn lose 1"


def test_two_player_virtual_delay_vote() -> None:
    """2 players: "When voting to see if a 6th turn will be played, calculate the result by adding a virtual
    delay vote to it.\""""
    s = vote(2, start=1)
    s.apply(0, Vote(True))
    s.apply(1, Vote(False))
    assert s.view(None)["turn"] == 6
    line = GAME.describe_event(s.log.to_list()[-1], ["Ada", "Bo"])
    assert line == ("Vote: 2 to delay (the virtual third player's delay vote of the 2-player game among them), "
                    "1 to start: the show is delayed.")
    pass_turn(s)
    s.apply(0, Vote(False))
    s.apply(1, Vote(False))
    lines = [GAME.describe_event(e, ["Ada", "Bo"]) for e in s.log.to_list()]
    assert "Vote: 0 to delay, 2 to start: the show starts." in lines


def test_only_the_vote_after_the_sixth_turn_costs_delay_voters_prestige() -> None:
    """"The players who voted for a delay on the 6th turn lose 1." — a delay vote after the 5th turn costs nothing."""
    s = vote(3, {0: {"performers": ["tumbler", "unicyclist"]}})
    for p, v in enumerate((True, True, False)):
        s.apply(p, Vote(v))
    assert s.view(None)["turn"] == 6 and [seat(s, p)["prestige"] for p in range(3)] == [0, 0, 0]
    pass_turn(s)
    assert sealed(s) == "vote"
    for p, v in enumerate((True, False, False)):
        s.apply(p, Vote(v))
    assert [seat(s, p)["prestige"] for p in range(3)] == [-1, 0, 0] and s.view(None)["step"] == "show_player"


def test_card_played_while_voting() -> None:
    """"Investment cards can be played at any moment": Extra Income while the vote is being taken."""
    s = vote(3, {1: {"hand": ["extra-income-1"]}})
    s.apply(1, Play("extra-income-1"))
    assert seat(s, 1)["coins"] == 24 and 1 in s.to_move()


def test_double_vote() -> None:
    """"Double Vote: After seeing the result of a vote, you may use this card to make your vote count twice.\""""
    s = vote(3, {2: {"hand": ["double-vote-1"]}})
    for p, v in enumerate((True, True, False)):
        s.apply(p, Vote(v))
    assert sealed(s) == "double_vote" and s.to_move() == (2,)
    assert s.legal_actions(2) == [Done(), Play("double-vote-1")]
    s.apply(2, Play("double-vote-1"))
    # 2 against 2: the starting player (seat 0) voted delay
    assert s.view(None)["turn"] == 6
    assert s.view(None)["votes"][-1]["double"] == [2] and "double-vote-1" in s.view(None)["discards"]["investment"]


def test_double_vote_is_asked_of_every_seat_holding_a_card() -> None:
    """"After seeing the result of a vote, you may use this card": every seat holding any card is asked, all at
    once and sealed, so that neither the question nor a seat's answer tells who holds a Double Vote card."""
    from bigtop.core import Rng
    from test_conformance_hidden_turns import check_next, check_now

    s = vote(3, {0: {"hand": ["extra-income-1"]}, 2: {"hand": ["double-vote-1"]}})
    s.apply(0, Vote(False))
    s.apply(1, Vote(True))
    before = s.clone()
    s.apply(2, Vote(True))
    check_next(before, 2, Vote(True), s, Rng(5))
    assert sealed(s) == "double_vote" and s.to_move() == (0, 2)
    assert s.legal_actions(0) == [Done()]  # no Double Vote: one thing to do, which a front end answers for the seat
    s.apply(2, Play("double-vote-1"))
    check_now(s, Rng(6))
    assert s.to_move() == (0,) and seat(s, 2, viewer=0)["hand_size"] == 1 and "mine" not in s.view(0)["sealed"]
    s.apply(0, Done())
    assert s.view(None)["votes"][-1]["double"] == [2] and s.view(None)["turn"] == 6  # 3 delay against 1 start


def test_the_log_names_who_voted_what_and_the_result() -> None:
    """"Once everyone has chosen, all players simultaneously reveal their hands. If the majority has an action
    marker in their hand, the show is delayed"."""
    s = vote(3)
    seen = len(s.events)
    for p, v in enumerate((True, True, False)):
        s.apply(p, Vote(v))
    lines = [GAME.describe_event(e, ["Ada", "Bo", "Cy"], s.options) for e in s.events[seen:]]
    assert lines[:5] == ["The votes are revealed.", "Ada voted to delay the show.", "Bo voted to delay the show.",
                         "Cy voted to start the show.", "Vote: 2 to delay, 1 to start: the show is delayed."]


# ---------------------------------------------------------------------------------------- before the show
def test_fire_a_performer_before_the_show() -> None:
    """"Fire a Performer: You may fire a performer at any time. You do not have to pay compensation or lose prestige.
    You may not fire a performer during a show." — after the vote that starts the show, before the show begins."""
    s = vote(3, {0: {"performers": ["rope-walker"], "hand": ["fire-1", "fire-2"]}})  # no cube on the Rope Walker
    for p, v in enumerate((False, False, True)):
        s.apply(p, Vote(v))
    s.apply(0, Done())  # no Double Vote played: the show starts
    assert sealed(s) == "before_show" and s.to_move() == (0,) and s.view(None)["show"] == 1
    assert s.legal_actions(0) == [Done(), Play("fire-1"), Play("fire-2")]
    s.apply(0, Play("fire-1"))
    s.apply(0, Fire("rope-walker"))
    assert circus(s, 0) == [] and seat(s, 0)["coins"] == 20 and seat(s, 0)["prestige"] == 0
    s.apply(0, Done())
    assert s.view(None)["step"] == "show_player" and prompt(s) == ("perform", 0)
    assert Play("fire-2") not in s.legal_actions(0)


def test_cards_playable_at_any_moment_before_the_show_without_a_vote() -> None:
    """"a 7th turn is played and then the show starts without a vote" — "Investment cards can be played at any
    moment unless stated otherwise": after the 7th turn's distribution, before the show."""
    s = position(3, {1: {"performers": [{"id": "tumbler", "cubes": ["green"]}], "hand": ["cube-income"],
                         "storage": {"red": 1}}}, turn=7, performer_row=["knife-juggler", "lion-tamer"])
    pass_turn(s)
    assert sealed(s) == "before_show" and s.to_move() == (1,)
    s.apply(1, Play("cube-income"))
    s.apply(1, Spend("red"))
    assert seat(s, 1)["coins"] == 20 + 3 + 5
    s.apply(1, Done())  # then the show: the Tumbler, seat 1's only performer, goes on unasked
    assert [e.data["card"] for e in s.log.to_list() if e.kind == "performed"] == ["tumbler"]


# ---------------------------------------------------------------------------------------- show
def test_rope_walker_out_of_order_cubes_outstanding() -> None:
    """"In preparation turn 4, Jim has a yellow and a white cube ... he moves these cubes on the Rope Walker even
    though she doesn't yet have a red cube. In preparation turn 5, Jim acquires a red cube ... In the following
    show the Rope Walker will do an outstanding performance.\""""
    s = position(3, {0: {"performers": ["rope-walker"], "storage": {"yellow": 1, "white": 1}}}, turn=4)
    place_all(s, {})
    s.apply(0, Move("rope-walker", "yellow"))
    s.apply(0, Move("rope-walker", "white"))
    finish_distribution(s)
    assert performer(s, 0, "rope-walker")["level"] == 0
    assert s.view(None)["turn"] == 5
    place_all(s, {0: ["red"]})
    s.apply(0, Move("rope-walker", "red"))
    finish_distribution(s)
    assert performer(s, 0, "rope-walker")["level"] == 3
    for p in range(3):
        s.apply(p, Vote(False))
    coins = seat(s, 0)["coins"]
    # seats 2 and 1 have no performer: their shows pass unasked; seat 0's only performer goes on unasked
    assert prompt(s) == ("outstanding", 0)
    s.apply(0, Outstanding(False))
    assert seat(s, 0)["coins"] == coins + 5 - 4  # "the player can either earn 5", then her salary of 4 is paid


def test_rope_walker_flip() -> None:
    """"or (once per game) flip her and immediately score 2" — cubes return to stock; "After the show when this is
    done, the player must pay the performer's regular salary (4)", then the secondary salary."""
    s = show(3, {0: {"coins": 10, "performers": [{"id": "rope-walker", "cubes": ["red", "yellow", "white"]}]}})
    s.apply(0, Outstanding(True))  # her show's only performer: on stage unasked
    assert seat(s, 0)["prestige"] == 2 and performer(s, 0, "rope-walker")["cubes"] == [None, None, None]
    assert s.view(None)["stock"]["red"] == 25
    assert seat(s, 0)["coins"] == 10 - 4
    s = position(3, {0: {"performers": [{"id": "rope-walker", "flipped": True}]}}, show=1)
    assert performer(s, 0, "rope-walker")["salary"] == GAME.content()["performers"]["rope-walker"]["secondary_salary"]


def test_no_cube_for_lowest_level_fires() -> None:
    """"If a show begins, and a performer does not have at least the cube needed for the lowest level of
    performance on them, they cannot perform, even if the cubes for higher levels were provided." — "The player
    must pay the performer's hiring cost as compensation and lose 1.\""""
    s = show(3, {0: {"performers": [{"id": "rope-walker", "cubes": ["yellow", "white"]}]}})
    assert circus(s, 0) == [] and "rope-walker" in s.view(None)["discards"]["performer"]
    assert seat(s, 0)["coins"] == 20 - 4 and seat(s, 0)["prestige"] == -1
    assert s.view(None)["stock"]["yellow"] == 25


def test_unpaid_compensation_costs_prestige_per_coin() -> None:
    """"The player must pay the performer's hiring cost as compensation and lose 1." — a coin short of the
    compensation costs 1 prestige, as with salaries (docs: "compensation the player cannot pay costs 1 prestige
    per missing coin, like salaries")."""
    s = show(3, {0: {"coins": 1, "performers": ["rope-walker"]}})
    assert circus(s, 0) == [] and seat(s, 0)["coins"] == 0 and seat(s, 0)["prestige"] == -1 - (4 - 1)


def test_poor_and_good_benefits() -> None:
    """"Poor performance: The player receives the benefits shown below the poor performance." (and good)"""
    s = show(3, {0: {"performers": [{"id": "rope-walker", "cubes": ["red"]},
                                    {"id": "tumbler", "cubes": ["green", "red"]}]}},
             performer_row=["knife-juggler", "lion-tamer"])
    s.apply(0, Perform("tumbler"))
    salaries = 4 + 2  # the show over (the Rope Walker, the last one, went on unasked), salaries are paid
    assert seat(s, 0)["coins"] == 20 + 2 + 3 - salaries


def test_show_in_player_order_from_starting_player() -> None:
    """"In player order ... players give a show and receive benefits." — from the starting player, then clockwise."""
    s = show(3, {p: {"performers": [{"id": x, "cubes": ["red"]}]} for p, x in enumerate(("rope-walker", "unicyclist",
                                                                                       "lion-tamer"))}, start=1)
    assert [e.data["seat"] for e in s.log.to_list() if e.kind == "performed"] == [1, 2, 0]


def test_moscow_region_bonus() -> None:
    """"the player who is visiting Moscow will score 2 prestige points for every 2 magicians and 2 prestige
    points for every 2 tamers in their circus.\""""
    flipped = [{"id": x, "flipped": True} for x in ("levitator", "lion-tamer", "tiger-tamer", "bear-trainer")]
    s = show(3, {0: {"coins": 100, "performers": [{"id": "fire-eater", "flipped": True}, *flipped]}},
             show=1, regions=["moscow", "paris", "rome"], performer_row=["tumbler", "knife-juggler"])
    # flipped in an earlier show: they stay in the circus without performing (and nobody is asked anything)
    assert seat(s, 0)["prestige"] == 2 + 2


def test_regions_pass_left_after_show() -> None:
    """"Each player passes their region tile to the player on their left.\""""
    s = show(3, regions=["moscow", "paris", "rome"])  # nobody has a performer: the show passes unasked
    view = s.view(None)
    assert view["regions"] == ["rome", "moscow", "paris"] and view["show"] == 2 and view["turn"] == 1


def test_after_show_reset_and_new_starting_player() -> None:
    """"Each player's ticket cube returns to the starting ticket. The player on the left of the last starting player
    becomes the new starting player." — the hiring area is discarded and dealt anew."""
    old_row = row(position(3))
    s = show(3, {0: {"tickets": 3}, 1: {"tickets": 1}})
    view = s.view(None)
    assert [seat(s, p)["tickets"] for p in range(3)] == [0, 0, 0] and view["start"] == 1 and view["turn"] == 1
    assert all(x in view["discards"]["performer"] for x in old_row) and len(row(s)) == 4


def test_two_player_regions_pass_through_the_virtual_seat() -> None:
    """2 players: "a 3rd one is placed on the table between the two players ... so that each player visits 3
    different regions during the game.\""""
    s = show(2, regions=["moscow", "paris", "rome"])
    seen = [{"moscow"}, {"paris"}]
    for _ in range(2):
        regions = s.view(None)["regions"]
        seen[0].add(regions[0])
        seen[1].add(regions[1])
        for _ in range(7):
            pass_turn(s)
            for p in range(2):
                if sealed(s) == "vote":
                    s.apply(p, Vote(False))
        ready(s)
    assert seen == [{"moscow", "rome", "paris"}, {"paris", "moscow", "rome"}]


def test_two_player_board_shows_the_virtual_region() -> None:
    """2 players: "a 3rd one is placed on the table between the two players. It will be used as a virtual 3rd
    player's region": the terminal board shows it, and who visits it next."""
    s = position(2, regions=["moscow", "paris", "rome"])
    board = Console(width=250, record=True, color_system=None)
    board.print(GAME.render(s, 0))
    assert ("Virtual third region (2 players): Rome: 2 prestige per 2 performers of each type: acrobat and bizarre; "
            "seat 0 visits it at the next show") in board.export_text()
    s = show(2, regions=["moscow", "paris", "rome"])
    assert s.view(None)["show"] == 2 and s.view(None)["regions"][0] == "rome"  # as the board said


def test_salary_shortfall_loses_prestige() -> None:
    """"For every coin a player cannot pay, they lose 1. This means that a player's score can drop below 0.\""""
    s = show(3, {0: {"coins": 0, "performers": [{"id": "rope-walker", "cubes": ["red"]}]}})  # poor: 3 coins
    assert seat(s, 0)["coins"] == 0 and seat(s, 0)["prestige"] == -(4 - 3)


def test_trailer_reduces_salary_not_below_zero() -> None:
    """"Immediately the salary of the performer using a trailer is reduced by 1 coin ... cannot reduce it below 0.\""""
    s = position(3, {0: {"performers": [{"id": "unicyclist", "trailer": True}]}})
    assert performer(s, 0, "unicyclist")["salary"] == 2 - 1
    s = position(3, {0: {"performers": [{"id": "unicyclist", "trailer": True, "flipped": True}]}}, show=1)
    assert performer(s, 0, "unicyclist")["salary"] == 0  # secondary salary 0


def test_bizarre_salary_and_prestige_grow() -> None:
    """"Their own salaries and the prestige points they offer are affected by the number of bizarre performers.\""""
    s = show(3, {0: {"performers": [{"id": "giant", "cubes": ["blue", "green", "yellow"]}]},
                 1: {"performers": [{"id": "tiny-man", "cubes": ["yellow"]},
                                    {"id": "mermaid", "cubes": ["white", "green", "yellow"]}]}})
    alone = performer(s, 0, "giant")["salary"]
    pair = performer(s, 1, "mermaid")["salary"]
    info = GAME.content()["performers"]
    assert alone == info["giant"]["salary"] and pair == info["mermaid"]["salary"] + 1
    s.apply(0, Outstanding(True))  # the Giant, seat 0's only performer, went on unasked
    s.apply(1, Perform("mermaid"))
    s.apply(1, Outstanding(True))
    flips = s.score_breakdown()["flips"]
    assert flips[:2] == (info["giant"]["flip_prestige"], info["mermaid"]["flip_prestige"] + 1)


def test_skip_salary_and_spend_cube_benefits() -> None:
    """"Spend any cube to skip a payment of any single salary after the show." / "Skip a payment of any single salary.\""""
    s = show(3, {0: {"coins": 10, "performers": [{"id": "bearded-lady", "cubes": ["green", "white"]},  # good: skip a salary
                                                 {"id": "rope-walker", "cubes": ["red"]}]}})
    s.apply(0, Perform("bearded-lady"))  # then the Rope Walker, the last, unasked
    assert prompt(s) == ("skip", 0)
    lady = performer(s, 0, "bearded-lady")["salary"]
    s.apply(0, SkipSalary("rope-walker"))
    assert seat(s, 0)["coins"] == 10 + 3 - lady


def test_spend_cube_to_skip_a_salary() -> None:
    """"Spend any cube to skip a payment of any single salary after the show.\""""
    s = show(3, {0: {"coins": 10, "storage": {"blue": 1},
                     "performers": [{"id": "bearded-lady", "cubes": ["green"]},  # poor: spend a cube, skip a salary
                                    {"id": "rope-walker", "cubes": ["red", "yellow"]}]}})
    s.apply(0, Perform("bearded-lady"))
    assert s.legal_actions(0)[0] == Decline() and Spend("blue") in s.legal_actions(0)
    lady = performer(s, 0, "bearded-lady")["salary"]
    s.apply(0, Spend("blue"))
    assert storage(s, 0) == {} and s.view(None)["stock"]["blue"] == 25
    assert prompt(s) == ("skip", 0)  # the Rope Walker, the last, went on unasked
    s.apply(0, SkipSalary("rope-walker"))
    assert seat(s, 0)["coins"] == 10 + 4 - lady


def test_tamer_spends_cube_for_coins() -> None:
    """"Spend any cube to get 4 coins.\""""
    s = show(3, {0: {"storage": {"red": 1}, "performers": [{"id": "bear-trainer", "cubes": ["green", "white", "blue"]}]}})
    s.apply(0, Outstanding(False))
    assert Decline() in s.legal_actions(0)
    s.apply(0, Spend("red"))
    salary = GAME.content()["performers"]["bear-trainer"]["salary"]  # paid next: the show is over
    assert seat(s, 0)["coins"] == 24 - salary and s.view(None)["stock"]["red"] == 25


def test_juggler_cube_choice() -> None:
    """"Get a blue or a yellow cube." / "Get any 2 cubes.\""""
    s = show(3, {0: {"performers": [{"id": "knife-juggler", "cubes": ["yellow", "blue"]}]}},
             performer_row=["tumbler", "lion-tamer", "fire-eater"])
    assert set(s.legal_actions(0)) >= {TakeCube("blue"), TakeCube("yellow")}
    assert TakeCube("red") not in s.legal_actions(0)
    s.apply(0, TakeCube("blue"))
    assert storage(s, 0) == {"blue": 1}


def test_club_juggler_any_cube_and_a_white_cube() -> None:
    """"Get any cube and a white cube.\""""
    s = show(3, {0: {"performers": [{"id": "club-juggler", "cubes": ["white", "green", "red"]}]}})
    s.apply(0, Outstanding(False))
    assert {a for a in s.legal_actions(0) if isinstance(a, TakeCube)} == {TakeCube(c) for c in COLORS}
    s.apply(0, TakeCube("red"))  # then the white cube, the only choice, is taken unasked
    assert storage(s, 0) == {"red": 1, "white": 1}


def test_bizarre_buys_trailer() -> None:
    """"Spend two coins to get 1 trailer." — "Trailers earned by bizarre performers can be given to any other performer.\""""
    s = show(3, {0: {"performers": [{"id": "strongman", "cubes": ["red", "yellow"]}, {"id": "rope-walker", "cubes": ["red"]}]}})
    s.apply(0, Perform("strongman"))
    assert Decline() in s.legal_actions(0)
    s.apply(0, Trailer("rope-walker"))
    assert performer(s, 0, "rope-walker")["trailer"] and s.view(None)["trailers_left"] == 17
    strongman = GAME.content()["performers"]["strongman"]["salary"]
    assert seat(s, 0)["coins"] == 20 - 2 + 3 - strongman - (4 - 1)  # the Rope Walker: +3, salary 4 less its trailer


def test_trailer_one_per_performer_and_out_of_stock() -> None:
    """"Every performer can be given a single trailer." — "Trailers are depleted as well.\""""
    s = show(3, {0: {"performers": [{"id": "strongman", "cubes": ["red", "yellow"]},  # good: 2 coins -> trailer
                                    {"id": "rope-walker", "trailer": True}]}})
    s.apply(0, Perform("strongman"))
    assert s.legal_actions(0) == [Decline(), Trailer("strongman")]
    everyone = {p: {"performers": [{"id": x, "trailer": True} for x in ids]} for p, ids in enumerate((
        ("rope-walker", "unicyclist", "giant", "tiny-man", "mermaid", "wild-man"),
        ("levitator", "mentalist", "hypnotist", "card-magician", "escape-artist", "great-illusionist"),
        ("ball-juggler", "plate-spinner", "ring-juggler", "torch-twins", "hat-juggler", "fire-juggler")))}
    everyone[0]["performers"].append({"id": "strongman", "cubes": ["red", "yellow"]})
    everyone[0]["hand"] = ["trailer-1"]
    s = show(3, everyone, performer_row=["tumbler", "lion-tamer"])
    assert s.view(None)["trailers_left"] == 0
    assert Play("trailer-1") not in s.legal_actions(0)
    s.apply(0, Perform("strongman"))
    assert prompt(s) == ("perform", 0) and seat(s, 0)["coins"] == 20  # the trailer could not be had


def test_a_trailer_no_performer_can_take_is_said_in_the_move_and_the_log() -> None:
    """"Every performer can be given a single trailer." A benefit's trailer that no performer of the seat's can take
    is not asked about: the move that brings it says so, and so does the log."""
    s = show(3, {0: {"performers": [{"id": "human-cannonball", "cubes": ["red", "green"], "trailer": True},  # good: a trailer
                                    {"id": "rope-walker", "trailer": True}, {"id": "unicyclist", "trailer": True}]}})
    assert GAME.describe(s, Perform("human-cannonball")) == (
        "Human Cannonball performs (good; no performer of yours can take the trailer it gives)")
    assert GAME.describe(s, Perform("human-cannonball"), "fr") == (
        "Homme-canon entre en piste (bonne ; aucun de vos artistes ne peut recevoir la roulotte qu’il donne)")
    assert GAME.describe(s, Perform("rope-walker")) == "Rope Walker performs (no performance)"
    s.apply(0, Perform("human-cannonball"))
    assert prompt(s) == ("perform", 0)
    lines = [GAME.describe_event(e, ["Ada", "Bo", "Cy"]) for e in s.log.to_list()]
    assert lines[-1] == "Ada gets no trailer: every performer of theirs already has one."


def test_a_trailer_card_no_performer_can_take_says_so_on_the_board() -> None:
    """"Trailer: You get a trailer." With every performer holding one, the card cannot be played, and the hand says why."""
    s = position(3, {0: {"hand": ["trailer-1"], "performers": [{"id": "rope-walker", "trailer": True}]}})
    assert Play("trailer-1") not in s.legal_actions(0)
    board = Console(width=250, record=True, color_system=None)
    board.print(GAME.render(s, 0))
    assert ("hand: Trailer: put a trailer on one of your performers; unused at game end: 1 prestige "
            "(not playable now: every performer of yours has a trailer)") in board.export_text()


def test_an_outstanding_performers_two_options_say_what_each_brings() -> None:
    """"In all the following shows, the player can either earn 5, or (once per game) flip her and
    immediately score 2": the choice names both amounts, so nobody has to look them up."""
    s = show(3, {0: {"performers": [{"id": "rope-walker", "cubes": ["red", "yellow", "white"]}]}})
    assert prompt(s) == ("outstanding", 0)
    said = {lang: (GAME.describe(s, Outstanding(False), lang), GAME.describe(s, Outstanding(True), lang)) for lang in LANGUAGES}
    assert said == {
        "en": ("take the outstanding benefit (+5 coins)", "flip the performer for 2 prestige"),
        "fr": ("prendre le bénéfice de la performance exceptionnelle (+5 pièces)", "retourner l’artiste pour 2 points de prestige"),
        "zh-Hant": ("拿絕妙演技的利益（+5 元）", "把表演者翻過來得 2 分"),
    }


def test_an_outstanding_trailer_with_none_left_in_the_stock_is_said() -> None:
    """"Trailers are depleted as well." An outstanding benefit's trailer with none left in the stock."""
    everyone = {p: {"performers": [{"id": x, "trailer": True} for x in ids]} for p, ids in enumerate((
        ("rope-walker", "unicyclist", "tiny-man", "mermaid", "wild-man", "strongman"),
        ("levitator", "mentalist", "hypnotist", "card-magician", "escape-artist", "great-illusionist"),
        ("ball-juggler", "plate-spinner", "ring-juggler", "torch-twins", "hat-juggler", "fire-juggler")))}
    everyone[0]["performers"].append({"id": "giant", "cubes": ["blue", "green", "yellow"]})  # outstanding: a trailer
    s = show(3, everyone, performer_row=["tumbler", "lion-tamer"])
    assert s.view(None)["trailers_left"] == 0
    s.apply(0, Perform("giant"))
    assert GAME.describe(s, Outstanding(False)) == (
        "take the outstanding benefit (a trailer and skip a salary; no trailer is left in the stock for the one it gives)")
    assert GAME.describe(s, Outstanding(False), "zh-Hant") == "拿絕妙演技的利益（一台拖車和不用付 1 份薪水；供應區已沒有拖車可給）"
    s.apply(0, Outstanding(False))
    assert prompt(s) == ("perform", 0) and seat(s, 0)["skips"] == 1
    assert [e.data for e in s.log.to_list() if e.kind == "no_trailer"] == [{"seat": 0, "why": "stock"}]


def test_magician_looks_at_three() -> None:
    """"Look at the top 3 cards of the investment deck and keep 1. Put the rest on the bottom.\""""
    s = show(3, {0: {"performers": [{"id": "card-magician", "cubes": ["blue", "yellow", "green"]}]}},
             options={"investment_order": ("extra-income-1", "trailer-1", "fire-1")})
    s.apply(0, Outstanding(False))
    assert seat(s, 0)["looking"] == ["extra-income-1", "trailer-1", "fire-1"]
    assert "looking" not in seat(s, 0, viewer=1)
    s.apply(0, Keep("trailer-1"))
    assert seat(s, 0)["hand"] == ["trailer-1"] and seat(s, 0)["looking"] == []


def test_extended_applause() -> None:
    """"Extended Applause: ... earn 1 for each performer (of this type) who did an outstanding performance. You also
    lose 1 for each performer (of this type) who did a poor performance.\""""
    s = show(3, {0: {"coins": 50, "hand": ["applause-acrobat"], "performers": [
        {"id": "rope-walker", "cubes": ["red", "yellow", "white"]}, {"id": "tumbler", "cubes": ["green", "red", "blue"]},
        {"id": "unicyclist", "cubes": ["blue"]}]}}, performer_row=["knife-juggler", "lion-tamer", "fire-eater"])
    s.apply(0, Perform("rope-walker"))
    s.apply(0, Outstanding(True))
    s.apply(0, Perform("tumbler"))
    s.apply(0, Outstanding(False))
    s.apply(0, Perform("unicyclist"))
    s.apply(0, Play("applause-acrobat"))
    assert seat(s, 0)["prestige"] == 2 + 2 - 1


@pytest.mark.parametrize("played_after", [0, 2, 4])
def test_extended_applause_counts_the_whole_show_whenever_played(played_after: int) -> None:
    """"During the 1st, 2nd or 3rd show, use this card to earn 1 for each performer (of this type) who did an
    outstanding performance. You also lose 1 for each performer (of this type) who did a poor performance."
    Played before the first performer, between two or after the last, it counts every performance of the show."""
    s = show(3, {0: {"coins": 50, "hand": ["applause-acrobat"], "performers": [
        {"id": "rope-walker", "cubes": ["red", "yellow", "white"]}, {"id": "tumbler", "cubes": ["green", "red", "blue"]},
        {"id": "unicyclist", "cubes": ["blue"]}, {"id": "knife-juggler", "cubes": ["yellow", "blue", "green"]}]}},
        performer_row=["lion-tamer", "fire-eater", "giant"])
    order = ["rope-walker", "knife-juggler", "tumbler", "unicyclist"]
    for i, card in enumerate(order):
        if i == played_after:
            s.apply(0, Play("applause-acrobat"))
        if Perform(card) in s.legal_actions(0):  # else it went on unasked: the last one, no card left in hand
            s.apply(0, Perform(card))
        while prompt(s) is not None and prompt(s)[1] == 0 and prompt(s)[0] in ("outstanding", "effect"):
            s.apply(0, Outstanding(False) if prompt(s)[0] == "outstanding" else s.legal_actions(0)[0])
    if played_after == len(order):
        s.apply(0, Play("applause-acrobat"))
    assert seat(s, 0)["hand"] == [] and s.score_breakdown()["applause"][0] == 2 - 1  # two outstanding acrobats, one poor
    entry = next(e for e in s.log.to_list() if e.kind == "applause")
    assert entry.data == {"seat": 0, "type": "acrobat", "outstanding": 2, "poor": 1, "prestige": 1}


def test_orchestra_and_popcorn() -> None:
    """"Orchestra: Gain 2 prestige points after each show." — "Popcorn Vendor: Earn 3 coins after each show.\""""
    s = show(3, {0: {"coins": 0, "personnel": ["orchestra", "popcorn-vendor"]}})  # no performer: nothing to ask
    info = GAME.content()["personnel"]
    salaries = info["orchestra"]["salary"] + info["popcorn-vendor"]["salary"]
    assert seat(s, 0)["prestige"] == 2 and seat(s, 0)["coins"] == 3 - salaries


def test_fire_card_outside_show_only() -> None:
    """"Fire a Performer: ... You do not have to pay compensation or lose prestige. You may not fire a performer
    during a show.\""""
    s = position(3, {0: {"hand": ["fire-1"], "performers": [{"id": "rope-walker", "cubes": ["red"]}, "tumbler"]}},
                 performer_row=["knife-juggler", "lion-tamer", "fire-eater"])
    s.apply(0, Play("fire-1"))
    assert s.legal_actions(0) == [Fire("rope-walker"), Fire("tumbler")]
    s.apply(0, Fire("rope-walker"))
    assert circus(s, 0) == ["tumbler"] and seat(s, 0)["coins"] == 20 and seat(s, 0)["prestige"] == 0
    s = position(3, {0: {"hand": ["fire-2"], "performers": [{"id": "rope-walker", "cubes": ["red"]}]}}, at="show")
    s.apply(0, Done())
    assert prompt(s) == ("perform", 0) and Play("fire-2") not in s.legal_actions(0)


def test_extra_resources() -> None:
    """"Extra Resources: Get any one cube or two cubes of the shown color.\""""
    s = position(3, {0: {"hand": ["extra-red-1"]}})
    s.apply(0, Play("extra-red-1"))
    assert TakeCube("red", 2) in s.legal_actions(0) and TakeCube("white") in s.legal_actions(0)
    s.apply(0, TakeCube("red", 2))
    assert storage(s, 0) == {"red": 2}


def test_extra_income_spend_a_cube_for_five_coins() -> None:
    """"Extra Income: Spend any cube to get 5 coins.\""""
    s = position(3, {0: {"hand": ["cube-income"]}})
    assert Play("cube-income") not in s.legal_actions(0)  # no cube to spend
    s = position(3, {0: {"hand": ["cube-income"], "storage": {"green": 1, "red": 1}}})
    s.apply(0, Play("cube-income"))
    assert s.legal_actions(0) == [Spend("green"), Spend("red")]  # it must be spent: no Decline
    s.apply(0, Spend("green"))
    assert seat(s, 0)["coins"] == 25 and storage(s, 0) == {"red": 1}
    s = position(3, {0: {"hand": ["cube-income"], "storage": {"green": 1}}})
    s.apply(0, Play("cube-income"))  # the one cube there is: spent unasked
    assert seat(s, 0)["coins"] == 25 and storage(s, 0) == {} and s.view(None)["stock"]["green"] == 25


@pytest.mark.parametrize(("deposits", "prestige"), [(12, 5), (7, 3)])
def test_bank_representative(deposits: int, prestige: int) -> None:
    """"At the beginning of each preparation turn, you may place any number of coins on the Bank Representative"
    — "The maximum prestige points that can be gained is 5. There is no point in investing more than 10 coins."
    (2 coins a point)."""
    s = position(3, {0: {"personnel": ["bank-representative"]}}, show=2, turn=7)
    for _ in range(deposits):
        s.apply(0, Deposit())
    s.apply(0, Done())
    assert seat(s, 0)["bank"] == deposits and seat(s, 0)["coins"] == 20 - deposits
    pass_turn(s)
    end_show(s)
    assert s.is_over() and bonuses(s, 0)["bank_representative"] == prestige


# ---------------------------------------------------------------------------------------- end of the game
def test_end_game_bonuses_and_tiebreak() -> None:
    """"Largest Show ... Full Variety ... Perfect Show ... Large Troupe" — "If there is a tie for any of the end-game
    bonuses, all tied players receive the full bonus.\""""
    eight = ("fire-eater", "tumbler", "knife-juggler", "lion-tamer", "giant", "levitator", "unicyclist", "dog-trainer")
    s = show(3, {0: {"coins": 50, "performers": [{"id": x, "flipped": True} for x in eight]},
                 1: {"coins": 50, "performers": [{"id": "rope-walker", "flipped": True}]}, 2: {"coins": 50}},
             show=2, performer_row=["bear-trainer"])
    end_show(s)
    assert s.is_over()
    assert bonuses(s, 0) == {"largest_show": 5, "full_variety": 3, "perfect_show": 5, "large_troupe": 5}
    assert bonuses(s, 1) == {"perfect_show": 5}


def test_perfect_show_needs_every_performer_outstanding() -> None:
    """"Perfect Show. If all the performers in the circus do outstanding performances in the last show.\""""
    s = show(3, {0: {"coins": 50, "performers": [{"id": "rope-walker", "cubes": ["red", "yellow", "white"]},
                                                 {"id": "tumbler", "cubes": ["green", "red"]}]},
                 1: {"coins": 50, "performers": [{"id": "unicyclist", "cubes": ["blue", "red", "yellow"]}]},
                 2: {"coins": 50}}, show=2, performer_row=["knife-juggler"])
    s.apply(0, Perform("rope-walker"))
    s.apply(0, Outstanding(False))  # then the Tumbler, the last, goes on unasked: good
    s.apply(1, Outstanding(True))  # the Unicyclist, seat 1's only performer, went on unasked
    assert "perfect_show" not in bonuses(s, 0) and bonuses(s, 1).get("perfect_show") == 5
    assert bonuses(s, 0)["largest_show"] == 5 and "largest_show" not in bonuses(s, 1)


def test_perfect_show_lost_by_a_performer_fired_for_no_performance() -> None:
    """"Perfect Show. If all the performers in the circus do outstanding performances in the last show": a performer
    fired there for no performance did not, though it has left the circus by the end of the game."""
    s = show(3, {p: {"coins": 50} for p in range(3)} | {0: {"coins": 50, "performers": [
        {"id": "rope-walker", "cubes": ["red", "yellow", "white"]}, "tumbler"]}}, show=2, performer_row=["knife-juggler"])
    s.apply(0, Perform("rope-walker"))
    s.apply(0, Outstanding(False))  # then the Tumbler, the last, goes on unasked: no performance, fired
    assert circus(s, 0) == ["rope-walker"]
    assert s.is_over() and "perfect_show" not in bonuses(s, 0)


def test_unused_cards_and_bonus_cards() -> None:
    """"(If not used, this card is worth 1 at the end of the game)" — Resource Bonus: "1 for every 3 resources"."""
    s = show(3, {0: {"hand": ["trailer-1", "resource-bonus-1"], "storage": {"red": 3, "blue": 3, "white": 1}}}, show=2)
    end_show(s)
    assert bonuses(s, 0) == {"unused_cards": 1, "resource_bonus": 2}


def test_trailer_bonus_and_personnel_bonus() -> None:
    """"Trailer Bonus: At the game end, earn 1 for each trailer in your circus." — "Personnel Bonus: At the game
    end, earn 1 for each personnel member in your circus.\""""
    s = show(3, {0: {"coins": 50, "hand": ["trailer-bonus"], "personnel": ["popcorn-vendor"],
                     "performers": [{"id": x, "flipped": True, "trailer": x != "tumbler"} for x in ("rope-walker", "tumbler", "giant")]},
                 1: {"coins": 50, "hand": ["personnel-bonus"], "personnel": ["orchestra", "general-supplier", "agent-white-yellow"],
                     "performers": [{"id": "levitator", "flipped": True, "trailer": True}]}},
             show=2, performer_row=["knife-juggler"])
    end_show(s)
    assert bonuses(s, 0).get("trailer_bonus") == 2 and "personnel_bonus" not in bonuses(s, 0)
    assert bonuses(s, 1).get("personnel_bonus") == 3 and "trailer_bonus" not in bonuses(s, 1)


def test_tied_end_game_bonus_goes_to_every_tied_player() -> None:
    """"If there is a tie for any of the end-game bonuses, all tied players receive the full bonus." (Largest Show)"""
    flipped = lambda *ids: [{"id": x, "flipped": True} for x in ids]  # noqa: E731
    s = show(3, {0: {"coins": 50, "performers": flipped("rope-walker", "tumbler")},
                 1: {"coins": 50, "performers": flipped("giant", "levitator")},
                 2: {"coins": 50, "performers": flipped("unicyclist")}}, show=2, performer_row=["knife-juggler"])
    end_show(s)
    assert [bonuses(s, p).get("largest_show") for p in range(3)] == [5, 5, None]


def test_prestige_tie_goes_to_most_coins_then_shared_victory() -> None:
    """"In the event of a tie, the player who has the most remaining coins is the winner. If there is still a tie,
    it is a shared victory.\""""
    for coins, winners in (([9, 8, 20], (0,)), ([9, 9, 20], (0, 1))):
        s = show(3, {p: {"coins": c, "prestige": v} for p, (c, v) in enumerate(zip(coins, (4, 4, 3), strict=True))}, show=2)
        end_show(s)
        assert s.is_over() and s.result().winners == winners


def test_score_breakdown_names_where_prestige_came_from() -> None:
    """The end screen's categories add up to the score: a flip ("immediately score 2"), an unpaid salary ("For every
    coin a player cannot pay, they lose 1"), and the end-game bonuses."""
    s = show(3, {0: {"coins": 0, "performers": [{"id": "rope-walker", "cubes": ["red", "yellow", "white"]}]},
                 1: {"coins": 50}, 2: {"coins": 50}}, show=2)
    s.apply(0, Outstanding(True))  # her show's only performer: on stage unasked; the other shows pass unasked
    assert s.is_over()
    breakdown = s.score_breakdown()
    assert breakdown["flips"][0] == 2 and breakdown["salaries"][0] == -4
    assert breakdown["largest_show"][0] == 5 and breakdown["perfect_show"][0] == 5
    assert [sum(points[p] for points in breakdown.values()) for p in range(3)] == list(s.scores())


def test_illegal_action_changes_nothing() -> None:
    s = position(3)
    before = s.view(None)
    with pytest.raises(IllegalAction):
        s.apply(0, Hire("rope-walker"))
    assert s.view(None) == before


def test_whole_game_three_shows() -> None:
    """"After 3 shows, the player who earned the most prestige points is the winner.\""""
    from bigtop.bots.match import random_playout
    from bigtop.core import Rng

    s = GAME.new(3, seed=11)
    random_playout(s, Rng(3))
    assert s.is_over() and s.view(None)["show"] == 4
    s.check_invariants()


def test_undo_refuses_a_move_that_shows_a_hidden_card() -> None:
    """Undo follows the table rule, "never across a random draw, a reveal or another player's move" (docs/kernel.md):
    an Unblock Action puts the seat's copy face up, and the last show's end scores the hands."""
    s = position(3, {0: {"hand": ["unblock-2"]}, 1: {"hand": ["extra-income-1"]}})
    s.apply(0, Place("red"))
    s.apply(1, Place("pass"))
    s.apply(2, Place("pass"))
    assert s.undo(2).to_move() == (2,)  # a plain marker can be taken back
    s.apply(0, Place("red", True))
    with pytest.raises(IllegalAction, match="revealed"):
        s.undo(0)
    s = show(3, {0: {"hand": ["resource-bonus-1"], "storage": {"red": 3}}}, show=2)
    end_show(s)
    assert s.is_over() and bonuses(s, 0)["resource_bonus"] == 1
    with pytest.raises(IllegalAction, match="revealed"):
        s.undo(0)
