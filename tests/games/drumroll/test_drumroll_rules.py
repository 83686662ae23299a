"""Scenario tests for the Drum Roll rules; each quotes the rulebook sentence it checks."""

from __future__ import annotations

import pytest

from bigtop import games
from bigtop.core import IllegalAction
from bigtop.games.drumroll.actions import (
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
from bigtop.games.drumroll.state import CI, DrumRollState

GAME = games.get("drumroll")
ROW3 = ("tumbler", "knife-juggler", "lion-tamer", "fire-eater")  # the first performer row of 3 players


def new(players: int = 3, draft: tuple[str, ...] = (), **opts) -> DrumRollState:
    """A game whose first performer row is fixed and whose draft deals `draft` (2 per seat, seat 0 first)."""
    row = ROW3[: players + 1] if players > 2 else ("tumbler", "knife-juggler", "lion-tamer")
    options = {"performer_order": row + draft, "first_player": 0, **opts}
    return GAME.new(players, seed=1, options=options)


def setup(players: int = 3, draft: tuple[str, ...] = (), cubes: str = "white", **opts) -> DrumRollState:
    """Finish the set-up: every seat keeps its first dealt performer and takes two `cubes`."""
    s = new(players, draft, **opts)
    for p in range(players):
        s.apply(p, Keep(s.draft[p][0]))
    for p in range(players):
        s.apply(p, TakeCube(cubes))
        s.apply(p, TakeCube(cubes))
    return s


def blank(players: int = 3, **opts) -> DrumRollState:
    """A game at the first marker placement with empty circuses, no cubes and 20 coins each."""
    s = setup(players, **opts)
    for p in range(players):
        for card in list(s.circus[p]):
            s._remove_performer(p, card)
        for i in range(5):
            s.stock[i] += s.storage[p][i]
            s.storage[p][i] = 0
        s.coins[p] = 20
    return s


def give(s: DrumRollState, p: int, card: str, cubes: tuple[str, ...] = ()) -> None:
    """Put performer `card` (taken from wherever it is) in p's circus with these cubes on it."""
    for pile in [s.perf_deck, s.perf_discard, s.perf_row] + s.draft:
        if card in pile:
            pile.remove(card)
            s.discount_stock += s.discount.pop(card, 0)
    s._add_performer(p, card)
    req = s.content.performers[card].requires
    for col in cubes:
        i = next(i for i, c in enumerate(req) if c == col and s.filled[card][i] is None)
        s.filled[card][i] = col
        s.stock[CI[col]] -= 1


def staff(s: DrumRollState, p: int, card: str) -> None:
    for pile in (s.pers_deck, s.pers_discard, s.pers_row):
        if card in pile:
            pile.remove(card)
            s.discount_stock += s.discount.pop(card, 0)
    s.staff[p].append(card)


def hand(s: DrumRollState, p: int, card: str) -> None:
    for pile in [s.inv_deck, s.inv_discard]:
        if card in pile:
            pile.remove(card)
    s.hands[p].append(card)


def store(s: DrumRollState, p: int, *cubes: str) -> None:
    for col in cubes:
        s.stock[CI[col]] -= 1
        s.storage[p][CI[col]] += 1


def to_show(s: DrumRollState) -> None:
    """Jump straight to the show (skipping the remaining preparation turns)."""
    s.prompts = []
    s.sealed = None
    s.step = "show_start"
    s._advance()


def place_all(s: DrumRollState, plan: dict[int, list[str]], carry_out: bool = True) -> None:
    """Place every marker: seat p puts its markers on plan[p] in order (default: pass); then (unless
    `carry_out` is False) every cube and ticket marker is carried out."""
    used = {p: 0 for p in range(s.players)}
    while s.step == "place" and s.prompts and s.prompts[-1][0] == "place":
        p = s.to_move()[0]
        slots = plan.get(p, [])
        slot = slots[used[p]] if used[p] < len(slots) else "pass"
        used[p] += 1
        s.apply(p, Place(slot))
    if carry_out:
        carry_out_all(s)


def carry_out_all(s: DrumRollState) -> None:
    """Carry out every cube and ticket marker still to be decided."""
    while s.sealed is not None and s.sealed_kind == "carry_out":
        p = s.sealed.waiting()[0]
        s.apply(p, next(a for a in s.legal_actions(p) if not isinstance(a, Decline)))


def finish_distribution(s: DrumRollState) -> None:
    for p in s.sealed.waiting() if s.sealed is not None else ():
        s.apply(p, Done())


# ---------------------------------------------------------------------------------------- set-up
def test_starting_coins_sandra_example() -> None:
    """"Sandra has chosen a performer with hiring cost of 4 and was given a performer ... with a hiring
    cost of 3. This means she must begin the game with 8" (15 minus the two hiring costs)."""
    draft = ("rope-walker", "unicyclist", "wild-man", "dog-trainer", "bear-trainer", "giant")
    s = new(3, draft)
    assert s.draft == [["rope-walker", "unicyclist"], ["wild-man", "dog-trainer"], ["bear-trainer", "giant"]]
    s.apply(0, Keep("rope-walker"))
    s.apply(1, Keep("wild-man"))
    s.apply(2, Keep("giant"))  # gives the Bear Trainer (cost 3) to the left: seat 0
    assert sorted(s.circus[0]) == ["bear-trainer", "rope-walker"]
    for p in range(3):
        s.apply(p, TakeCube("red"))
        s.apply(p, TakeCube("blue"))
    assert s.coins[0] == 15 - 4 - 3 == 8
    assert s.storage[0][CI["red"]] == 1 and s.storage[0][CI["blue"]] == 1


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
    assert s.perf_row == ["tumbler", "unicyclist", "giant"] + [s.perf_row[3]]
    assert "rope-walker" in s.perf_discard
    assert len(s.perf_row) == 4 and len(s.pers_row) == 3


def test_two_player_rows() -> None:
    """2 players: "Deal 3 personnel cards instead of 2" and "the 3 performers in the hiring area are from
    different performer types"; a 3rd region is placed between the players."""
    s = GAME.new(2, seed=3, options={"performer_order": ("tumbler", "unicyclist", "giant", "lion-tamer")})
    assert s.perf_row == ["tumbler", "giant", "lion-tamer"]
    assert len(s.pers_row) == 3 and len(s.regions) == 3


def test_fixed_deck_orders_and_regions() -> None:
    """Tutorial option: fixed deck orders and region tiles."""
    s = GAME.new(3, seed=5, options={"personnel_order": ("orchestra", "bank-representative", "show-organizer"),
                                     "investment_order": ("double-vote-1",), "regions": ("moscow", "paris", "rome")})
    assert s.pers_row == ["orchestra", "bank-representative", "show-organizer"]
    assert s.inv_deck[-1] == "double-vote-1" and s.regions == ["moscow", "paris", "rome"]


# ---------------------------------------------------------------------------------------- actions
def test_cube_action_limit_three_players() -> None:
    """"In a 3 player game, up to 3 cube actions can be performed each turn. Two slots must remain empty.\""""
    s = blank(3)
    place_all(s, {0: ["white"], 1: ["yellow"], 2: ["green"]})
    assert s.markers[:3] == [(0, "white"), (1, "yellow"), (2, "green")]
    legal = s.legal_actions(0)
    assert not any(isinstance(a, Place) and a.slot in COLORS for a in legal)


def test_cube_action_once_per_turn_and_unblock() -> None:
    """"This action can only be performed once each turn and only by one player." — "Unblock Action: You may
    place your action marker on any cube action even if it is blocked by another player\""""
    s = blank(3)
    hand(s, 1, "unblock-1")
    s.apply(0, Place("red"))
    assert Place("red") not in s.legal_actions(1)
    s.apply(1, Place("red", True))
    assert "unblock-1" in s.inv_discard
    place_all(s, {})
    assert s.storage[0][CI["red"]] == 1 and s.storage[1][CI["red"]] == 1


def test_pass_pays_one_coin_per_unused_marker() -> None:
    """"Pass: ... They receive 1 for each action they do not perform.\""""
    s = blank(3)
    place_all(s, {})
    assert s.coins == [23, 23, 23]


def test_not_carrying_out_gives_nothing() -> None:
    """"A player can always choose not to perform an action ... they do not receive 1.\""""
    s = blank(3)
    place_all(s, {0: ["invest", "pass", "pass"]})
    assert s.prompts[-1][:2] == ("invest", 0)
    s.apply(0, Decline())
    assert s.coins[0] == 22 and s.hands[0] == []


def test_declined_cube_marker_gives_no_cube_and_no_coin() -> None:
    """"A player can always choose not to perform an action they put their action marker on. In that case,
    the player gets back their action marker but they do not receive 1." — for a cube action too."""
    s = blank(3)
    place_all(s, {0: ["red", "green"], 1: ["blue"]}, carry_out=False)
    assert s.sealed is not None and s.sealed_kind == "carry_out" and s.to_move() == (0, 1)
    red_stock = s.stock[CI["red"]]
    assert s.legal_actions(0) == [TakeCube("red"), Decline()]
    s.apply(0, Decline())
    assert s.legal_actions(0) == [TakeCube("green"), Decline()]
    s.apply(0, TakeCube("green"))
    assert s.view(0)["sealed"]["mine"] == [False, True] and "mine" not in s.view(1)["sealed"]
    assert "carry_out" not in s.view(1)["seats"][0] and s.storage[0] == [0] * 5  # nothing happens yet
    s.apply(1, TakeCube("blue"))
    assert s.sealed is None or s.sealed_kind != "carry_out"
    assert s.storage[0][CI["red"]] == 0 and s.stock[CI["red"]] == red_stock
    assert s.storage[0][CI["green"]] == 1 and s.storage[1][CI["blue"]] == 1
    assert s.coins[0] == 21  # only the marker put on Pass pays; the declined one does not
    assert any(e.kind == "declined" and e.data == {"seat": 0, "slot": "red"} for e in s.events)


def test_declined_ticket_marker_gives_no_coins_and_no_pass_coin() -> None:
    """"A player can always choose not to perform an action they put their action marker on. In that case,
    the player gets back their action marker but they do not receive 1." — for Sell Tickets too."""
    s = blank(3)
    place_all(s, {0: ["tickets", "tickets", "pass"]}, carry_out=False)
    assert s.to_move() == (0,) and s.legal_actions(0) == [Done(), Decline()]
    s.apply(0, Decline())
    s.apply(0, Decline())
    assert s.tickets[0] == 0 and s.coins[0] == 21  # the Pass marker's coin only


def test_carrying_out_one_of_two_ticket_markers_moves_one_slot() -> None:
    """"Pass: A player may choose not to perform any number of actions. They receive 1 for each action they
    do not perform." — a declined marker is not a Pass: carrying out one of two ticket markers sells once."""
    s = blank(3)
    place_all(s, {0: ["tickets", "tickets"], 1: ["tickets"]}, carry_out=False)
    s.apply(0, Done())
    s.apply(0, Decline())
    s.apply(1, Decline())
    values = s.content.tickets
    assert s.tickets == [1, 0, 0] and s.coins == [20 + values[0] + 1, 22, 23]


def test_cube_marker_on_an_empty_stock_asks_nothing() -> None:
    """A cube marker whose colour is gone from the stock can do nothing: no choice is asked for it."""
    s = blank(3)
    s.stock[CI["red"]] = 0
    place_all(s, {0: ["red"]}, carry_out=False)
    assert s.sealed is None or s.sealed_kind != "carry_out"
    assert s.storage[0] == [0] * 5 and s.coins[0] == 22


def test_tickets_twice_per_turn_and_track_end() -> None:
    """"Sell Tickets ... This action can only be performed twice each turn by each player." and
    "Once the last ticket slot is reached, the player cannot perform this action until the next show.\""""
    s = blank(3)
    s.apply(0, Place("tickets"))
    s.apply(1, Place("pass"))
    s.apply(2, Place("pass"))
    s.apply(0, Place("tickets"))
    s.apply(1, Place("pass"))
    s.apply(2, Place("pass"))
    assert Place("tickets") not in s.legal_actions(0)
    s.apply(0, Place("pass"))
    place_all(s, {})
    values = s.content.tickets
    assert s.coins[0] == 20 + values[0] + values[1] + 1 and s.tickets[0] == 2
    s.tickets[0] = len(values) - 1
    s2 = s.clone()
    s2.prompts, s2.sealed, s2.markers, s2.place_i, s2.step = [], None, [], 0, "place"
    s2._advance()
    s2.apply(0, Place("tickets"))
    s2.apply(1, Place("pass"))
    s2.apply(2, Place("pass"))
    assert Place("tickets") not in s2.legal_actions(0)


def test_invest_and_hand_limit() -> None:
    """"Invest: The player pays 1 and takes the top card ... hand limit of 2 cards which can be increased by 1
    for each magician" — over the limit: "immediately play any extra cards ... or discard down"."""
    s = blank(3, investment_order=("extra-income-1",))
    hand(s, 0, "fire-1")
    hand(s, 0, "trailer-1")
    place_all(s, {0: ["invest"]})
    s.apply(0, Invest())
    assert s.coins[0] == 20 + 2 - 1 and "extra-income-1" in s.hands[0]
    assert s.prompts[-1][0] == "hand_limit"
    legal = s.legal_actions(0)
    assert Play("extra-income-1") in legal and Discard("fire-1") in legal
    s.apply(0, Play("extra-income-1"))
    assert s.coins[0] == 25 and len(s.hands[0]) == 2 and ("hand_limit", 0, None) not in s.prompts


def test_magician_raises_hand_limit() -> None:
    """"Each magician allows the player to keep one extra card in their hand.\""""
    s = blank(3)
    give(s, 0, "fire-eater")
    assert s.hand_limit(0) == 3


def test_hire_in_stack_order_and_discounts() -> None:
    """"Hire Performer: Using the bottom to top priority on the stacked action markers" and "each personnel
    member and performer that was not hired during the action phase receives a discount token.\""""
    s = blank(3)
    place_all(s, {1: ["performer"], 0: ["performer"]})
    assert s.prompts[-1][:2] == ("hire_performer", 0)  # seat 0 placed first
    s.apply(0, Hire("lion-tamer"))
    assert Hire("lion-tamer") not in s.legal_actions(1)
    s.apply(1, Hire("tumbler"))
    assert s.coins[0] == 20 + 2 - 4 and s.coins[1] == 20 + 2 - 2
    assert s.discount == {"knife-juggler": 1, "fire-eater": 1} | {x: 1 for x in s.pers_row}
    assert s.cost("knife-juggler") == 2


def test_free_card_stays_one_last_turn() -> None:
    """"a card ... can end up being offered for free. When this happens, the card remains available for free
    hiring one last turn and then is discarded.\""""
    s = blank(3)
    s.discount["fire-eater"] = 1  # cost 2: one more token makes it free
    s.discount_stock -= 1
    place_all(s, {})
    assert s.cost("fire-eater") == 0 and "fire-eater" in s.perf_row
    finish_distribution(s)
    place_all(s, {})
    assert "fire-eater" in s.perf_discard and s.discount_stock + sum(s.discount.values()) == 44


def test_discount_tokens_out_of_stock() -> None:
    """"If the discount tokens are depleted during the game, there are no further discounts.\""""
    s = blank(3)
    s.discount_stock = 0  # every token is out (the conservation check is not run here)
    place_all(s, {})
    assert s.discount == {} and s.cost("tumbler") == 2


def test_cube_out_of_stock() -> None:
    """"If any of the resources (cubes) are depleted during the game, players can no longer acquire them.\""""
    s = blank(3)
    s.storage[1][CI["red"]] += s.stock[CI["red"]]
    s.stock[CI["red"]] = 0
    place_all(s, {0: ["red"]})
    assert s.storage[0][CI["red"]] == 0


def test_markers_placed_one_at_a_time_clockwise_from_starting_player() -> None:
    """"Beginning with the starting player and continuing in a clockwise order, each player places one action
    marker ... This is repeated until all players have placed their three action markers.\""""
    s = blank(3, first_player=1)
    seats = []
    while s.prompts and s.prompts[-1][0] == "place":
        seats.append(s.to_move()[0])
        s.apply(seats[-1], Place("pass"))
    assert seats == [1, 2, 0] * 3 and len(s.markers) == 9


@pytest.mark.parametrize("players", [2, 4])
def test_cube_action_limit_two_and_four_players(players: int) -> None:
    """"In a 4 player game, up to 4 cube actions can be performed each turn." / "In a 2 player game, up to 2
    cube actions can be performed each turn.\""""
    s = blank(players)
    for p, col in zip(range(players), COLORS, strict=False):
        assert Place(col) in s.legal_actions(p)
        s.apply(p, Place(col))
    assert not any(isinstance(a, Place) and a.slot in COLORS for a in s.legal_actions(0))


def test_unblock_action_past_the_cube_action_limit() -> None:
    """"Unblock Action: You may place your action marker on any cube action even if it is ... restricted by the
    game's rules.\""""
    s = blank(3)
    hand(s, 0, "unblock-1")
    for p, col in enumerate(("white", "yellow", "green")):
        s.apply(p, Place(col))
    assert Place("blue") not in s.legal_actions(0) and Place("blue", True) in s.legal_actions(0)
    s.apply(0, Place("blue", True))
    place_all(s, {})
    assert s.storage[0][CI["white"]] == 1 and s.storage[0][CI["blue"]] == 1 and s.hands[0] == []


def test_invest_twice_hire_performer_and_personnel_once_per_turn() -> None:
    """Invest: "This action can only be performed twice each turn by each player." Hire Performer, Hire
    Personnel: "This action can only be performed once each turn by each player.\""""
    s = blank(3)
    for _ in range(2):
        s.apply(0, Place("invest"))
        s.apply(1, Place("pass"))
        s.apply(2, Place("pass"))
    assert Place("invest") not in s.legal_actions(0)
    s.apply(0, Place("pass"))
    assert Place("invest") in s.legal_actions(1)
    s = blank(3)
    for slot in ("performer", "personnel"):
        s.apply(0, Place(slot))
        s.apply(1, Place("pass"))
        s.apply(2, Place("pass"))
    legal = s.legal_actions(0)
    assert Place("performer") not in legal and Place("personnel") not in legal and Place("invest") in legal


def test_actions_resolve_cubes_tickets_invest_performer_personnel() -> None:
    """"each player ... performs the chosen action in the following order: Cube actions ... Sell Tickets ... Invest
    ... Hire Performer ... Hire Personnel": not in placing order; ticket and pass coins come before hiring."""
    s = blank(3)
    s.coins[0] = 0
    place_all(s, {0: ["performer", "tickets", "pass"], 1: ["invest"], 2: ["personnel"]})
    assert s.prompts[-1][:2] == ("invest", 1)
    s.apply(1, Decline())
    assert s.prompts[-1][:2] == ("hire_performer", 0)
    assert s.coins[0] == s.content.tickets[0] + 1 == s.cost("tumbler")
    s.apply(0, Hire("tumbler"))
    assert s.prompts[-1][:2] == ("hire_personnel", 2) and s.circus[0] == ["tumbler"] and s.coins[0] == 0


# ---------------------------------------------------------------------------------------- distribution
def test_distribution_two_cubes_sealed() -> None:
    """"all players simultaneously move up to two cubes from their cube storage area, on to their performers.\""""
    s = blank(3)
    give(s, 0, "rope-walker")
    store(s, 0, "yellow", "white", "red")
    place_all(s, {})
    s.apply(0, Move("rope-walker", "yellow"))
    s.apply(0, Move("rope-walker", "white"))
    assert not any(isinstance(a, Move) for a in s.legal_actions(0))
    assert s.view(1)["seats"][0]["performers"][0]["cubes"] == [None, None, None]  # hidden until revealed
    s.apply(0, Done())
    finish_distribution(s)
    assert s.filled["rope-walker"] == [None, "yellow", "white"]


def test_general_supplier_moves_three() -> None:
    """"General Supplier: During every distribution phase, you may move up to 3 cubes (instead of 2).\""""
    s = blank(3)
    give(s, 0, "rope-walker")
    staff(s, 0, "general-supplier")
    store(s, 0, "yellow", "white", "red")
    place_all(s, {})
    for col in ("red", "yellow", "white"):
        s.apply(0, Move("rope-walker", col))
    finish_distribution(s)
    assert s.level("rope-walker") == 3


def test_agent_and_assistant_once_each() -> None:
    """"Agent ... convert any cube in to one of the two cubes offered" — "only one can be used during each
    distribution phase"; "Personal Assistant ... convert the specified cube in to the two cubes offered.\""""
    s = blank(3)
    staff(s, 0, "agent-white-yellow")
    staff(s, 0, "agent-yellow-green")
    staff(s, 0, "assistant-white")
    store(s, 0, "red", "white")
    place_all(s, {})
    s.apply(0, Convert("agent-white-yellow", "red", "white"))
    assert not any(isinstance(a, Convert) and a.card.startswith("agent") for a in s.legal_actions(0))
    s.apply(0, Convert("assistant-white", "white", ""))
    assert not any(isinstance(a, Convert) for a in s.legal_actions(0))
    finish_distribution(s)
    assert s.storage[0] == [1, 1, 1, 0, 0]


# ---------------------------------------------------------------------------------------- vote
def vote_state(players: int = 3) -> DrumRollState:
    s = blank(players)
    s.turn = 5
    s.prompts, s.markers, s.place_i, s.step = [], [], 0, "refill"
    s._advance()
    assert s.sealed_kind == "vote"
    return s


def test_vote_majority_delays() -> None:
    """"If the majority has an action marker in their hand, the show is delayed and a 6th turn is played.\""""
    s = vote_state()
    for p, v in enumerate((True, True, False)):
        s.apply(p, Vote(v))
    assert s.turn == 6 and s.step == "place"


def test_vote_majority_ready_starts_show() -> None:
    """"If the majority of hands are empty, then the show starts.\""""
    s = vote_state()
    for p, v in enumerate((True, False, False)):
        s.apply(p, Vote(v))
    assert s.step.startswith("show") or s.show == 1


def test_vote_tie_starting_player_decides() -> None:
    """"In the event of a tie, the starting player's vote is the only one that counts.\""""
    s = vote_state(2)
    s.turn = 6  # the second vote has no virtual vote
    s.apply(0, Vote(True))
    s.apply(1, Vote(False))
    assert s.turn == 7
    assert s.prestige[0] == -1  # "The players who voted for a delay on the 6th turn lose 1"


def test_two_player_virtual_delay_vote() -> None:
    """2 players: "When voting to see if a 6th turn will be played, calculate the result by adding a virtual
    delay vote to it.\""""
    s = vote_state(2)
    s.start = 1
    s.apply(0, Vote(True))
    s.apply(1, Vote(False))
    assert s.turn == 6


def test_double_vote() -> None:
    """"Double Vote: After seeing the result of a vote, you may use this card to make your vote count twice.\""""
    s = vote_state()
    hand(s, 2, "double-vote-1")
    for p, v in enumerate((True, True, False)):
        s.apply(p, Vote(v))
    assert s.sealed_kind == "double_vote" and s.to_move() == (2,)
    assert s.legal_actions(2) == [Done(), Play("double-vote-1")]
    s.apply(2, Play("double-vote-1"))
    # 2 against 2: the starting player (seat 0) voted delay
    assert s.turn == 6
    assert s.vote_log[-1]["double"] == [2] and "double-vote-1" in s.inv_discard


def test_double_vote_is_asked_of_every_seat_holding_a_card() -> None:
    """"After seeing the result of a vote, you may use this card": every seat holding any card is asked, all at
    once and sealed, so that neither the question nor a seat's answer tells who holds a Double Vote card."""
    from bigtop.core import Rng
    from test_conformance_hidden_turns import check_next, check_now

    s = vote_state()
    hand(s, 0, "extra-income-1")
    hand(s, 2, "double-vote-1")
    s.apply(0, Vote(False))
    s.apply(1, Vote(True))
    before = s.clone()
    s.apply(2, Vote(True))
    check_next(before, 2, Vote(True), s, Rng(5))
    assert s.sealed_kind == "double_vote" and s.to_move() == (0, 2)
    assert s.legal_actions(0) == [Done(), Play("extra-income-1")]
    s.apply(2, Play("double-vote-1"))
    check_now(s, Rng(6))
    assert s.to_move() == (0,) and s.view(0)["seats"][2]["hand_size"] == 1 and "mine" not in s.view(0)["sealed"]
    s.apply(0, Play("extra-income-1"))  # a card playable at any moment is played at once, in the open
    assert s.coins[0] == 24 and s.to_move() == (0,)
    s.apply(0, Done())
    assert s.vote_log[-1]["double"] == [2] and s.turn == 6  # 3 delay against 1 start


def test_fire_a_performer_before_the_show() -> None:
    """"Fire a Performer: You may fire a performer at any time. You do not have to pay compensation or lose prestige.
    You may not fire a performer during a show." — after the vote that starts the show, before the show begins."""
    s = vote_state()
    give(s, 0, "rope-walker")  # no cube: it would be fired for no performance, with compensation
    hand(s, 0, "fire-1")
    for p, v in enumerate((False, False, True)):
        s.apply(p, Vote(v))
    s.apply(0, Done())  # no Double Vote played: the show starts
    assert s.sealed_kind == "before_show" and s.to_move() == (0,) and s.show == 0
    assert s.legal_actions(0) == [Done(), Play("fire-1")]
    s.apply(0, Play("fire-1"))
    s.apply(0, Fire("rope-walker"))
    assert s.circus[0] == [] and s.coins[0] == 20 and s.prestige[0] == 0
    s.apply(0, Done())
    assert s.step == "show_player" and s.prompts[-1][:2] == ("perform", 0)
    assert Play("fire-2") not in s.legal_actions(0)


def test_cards_playable_at_any_moment_before_the_show_without_a_vote() -> None:
    """"a 7th turn is played and then the show starts without a vote" — "Investment cards can be played at any
    moment unless stated otherwise": after the 7th turn's distribution, before the show."""
    s = blank(3)
    s.turn = 7
    give(s, 1, "tumbler", ("green",))
    hand(s, 1, "cube-income")
    store(s, 1, "red")
    s.prompts, s.step = [], "refill"
    s._advance()
    assert s.sealed_kind == "before_show" and s.to_move() == (1,)
    s.apply(1, Play("cube-income"))
    s.apply(1, Spend("red"))
    assert s.coins[1] == 25
    s.apply(1, Done())
    assert s.step == "show_player"


def test_no_vote_after_seventh_turn() -> None:
    """"a 7th turn is played and then the show starts without a vote.\""""
    s = blank(3)
    s.turn = 7
    s.prompts, s.step = [], "refill"
    s._advance()
    assert s.sealed is None and s.prompts[-1][0] == "perform"


# ---------------------------------------------------------------------------------------- show
def test_rope_walker_out_of_order_cubes_outstanding() -> None:
    """"In preparation turn 4, Jim has a yellow and a white cube ... he moves these cubes on the Rope Walker even
    though she doesn't yet have a red cube. In preparation turn 5, Jim acquires a red cube ... In the following
    show the Rope Walker will do an outstanding performance.\""""
    s = blank(3)
    give(s, 0, "rope-walker")
    store(s, 0, "yellow", "white")
    s.turn = 4
    place_all(s, {})
    s.apply(0, Move("rope-walker", "yellow"))
    s.apply(0, Move("rope-walker", "white"))
    finish_distribution(s)
    assert s.level("rope-walker") == 0
    while s.step != "place":
        s.apply(s.to_move()[0], s.legal_actions(s.to_move()[0])[0])
    assert s.turn == 5
    place_all(s, {0: ["red"]})
    s.apply(0, Move("rope-walker", "red"))
    finish_distribution(s)
    assert s.level("rope-walker") == 3
    s.start = 0
    to_show(s)
    coins = s.coins[0]
    s.apply(0, Perform("rope-walker"))
    assert s.prompts[-1][0] == "outstanding"
    s.apply(0, Outstanding(False))
    assert s.coins[0] == coins + 5  # "the player can either earn 5"


def test_rope_walker_flip() -> None:
    """"or (once per game) flip her and immediately score 2" — cubes return to stock; "After the show when this is
    done, the player must pay the performer's regular salary (4)", then the secondary salary."""
    s = blank(3)
    give(s, 0, "rope-walker", ("red", "yellow", "white"))
    to_show(s)
    s.coins[0] = 10
    s.apply(0, Perform("rope-walker"))
    s.apply(0, Outstanding(True))
    assert s.prestige[0] == 2 and s.filled["rope-walker"] == [None, None, None] and s.stock[CI["red"]] == 25
    s.apply(0, Done())
    assert s.coins[0] == 10 - 4
    s.show = 1
    assert s.salary(0, "rope-walker") == s.content.performers["rope-walker"].secondary_salary


def test_no_cube_for_lowest_level_fires() -> None:
    """"If a show begins, and a performer does not have at least the cube needed for the lowest level of
    performance on them, they cannot perform, even if the cubes for higher levels were provided." — "The player
    must pay the performer's hiring cost as compensation and lose 1.\""""
    s = blank(3)
    give(s, 0, "rope-walker", ("yellow", "white"))
    to_show(s)
    s.apply(0, Perform("rope-walker"))
    assert s.circus[0] == [] and "rope-walker" in s.perf_discard
    assert s.coins[0] == 20 - 4 and s.prestige[0] == -1
    assert s.stock[CI["yellow"]] == 25


def test_poor_and_good_benefits() -> None:
    """"Poor performance: The player receives the benefits shown below the poor performance." (and good)"""
    s = blank(3)
    give(s, 0, "rope-walker", ("red",))
    give(s, 0, "tumbler", ("green", "red"))
    to_show(s)
    s.apply(0, Perform("tumbler"))
    s.apply(0, Perform("rope-walker"))
    assert s.coins[0] == 20 + 2 + 3


def test_moscow_region_bonus() -> None:
    """"the player who is visiting Moscow will score 2 prestige points for every 2 magicians and 2 prestige
    points for every 2 tamers in their circus.\""""
    s = blank(3, regions=("moscow", "paris", "rome"))
    for card in ("fire-eater", "levitator", "lion-tamer", "tiger-tamer", "bear-trainer"):
        give(s, 0, card, ())
        s.flipped[card] = -1  # flipped earlier: they stay in the circus without performing
    to_show(s)
    s.coins[0] = 100
    s.apply(0, Done())
    assert s.prestige[0] == 2 + 2


def test_regions_pass_left_after_show() -> None:
    """"Each player passes their region tile to the player on their left.\""""
    s = blank(3, regions=("moscow", "paris", "rome"))
    to_show(s)
    for p in (0, 1, 2):
        s.apply(p, Done())
    assert s.regions == ["rome", "moscow", "paris"] and s.show == 1 and s.turn == 1


def test_salary_shortfall_loses_prestige() -> None:
    """"For every coin a player cannot pay, they lose 1. This means that a player's score can drop below 0.\""""
    s = blank(3)
    give(s, 0, "rope-walker", ("red",))
    to_show(s)
    s.coins[0] = 0
    s.apply(0, Perform("rope-walker"))  # poor: 3 coins
    s.apply(0, Done())
    assert s.coins[0] == 0 and s.prestige[0] == -(4 - 3)


def test_trailer_reduces_salary_not_below_zero() -> None:
    """"Immediately the salary of the performer using a trailer is reduced by 1 coin ... cannot reduce it below 0.\""""
    s = blank(3)
    give(s, 0, "unicyclist")
    s.trailers.add("unicyclist")
    s.trailer_stock -= 1
    assert s.salary(0, "unicyclist") == 1
    s.flipped["unicyclist"] = 0
    s.show = 1
    assert s.salary(0, "unicyclist") == 0


def test_bizarre_salary_and_prestige_grow() -> None:
    """"Their own salaries and the prestige points they offer are affected by the number of bizarre performers.\""""
    s = blank(3)
    give(s, 0, "giant")
    base = s.salary(0, "giant"), s.flip_value(0, "giant")
    give(s, 0, "tiny-man")
    assert (s.salary(0, "giant"), s.flip_value(0, "giant")) == (base[0] + 1, base[1] + 1)


def test_skip_salary_and_spend_cube_benefits() -> None:
    """"Spend any cube to skip a payment of any single salary after the show." / "Skip a payment of any single salary.\""""
    s = blank(3)
    give(s, 0, "bearded-lady", ("green", "white"))  # good: skip a salary
    give(s, 0, "rope-walker", ("red",))
    to_show(s)
    s.coins[0] = 10
    s.apply(0, Perform("bearded-lady"))
    s.apply(0, Perform("rope-walker"))
    s.apply(0, Done())
    assert s.prompts[-1][0] == "skip"
    s.apply(0, SkipSalary("rope-walker"))
    assert s.coins[0] == 10 + 3 - s.salary(0, "bearded-lady")


def test_tamer_spends_cube_for_coins() -> None:
    """"Spend any cube to get 4 coins.\""""
    s = blank(3)
    give(s, 0, "bear-trainer", ("green", "white", "blue"))
    store(s, 0, "red")
    to_show(s)
    s.apply(0, Perform("bear-trainer"))
    s.apply(0, Outstanding(False))
    assert Decline() in s.legal_actions(0)
    s.apply(0, Spend("red"))
    assert s.coins[0] == 24 and s.stock[CI["red"]] == 25


def test_juggler_cube_choice() -> None:
    """"Get a blue or a yellow cube." / "Get any 2 cubes.\""""
    s = blank(3)
    give(s, 0, "knife-juggler", ("yellow", "blue"))
    to_show(s)
    s.apply(0, Perform("knife-juggler"))
    assert set(s.legal_actions(0)) >= {TakeCube("blue"), TakeCube("yellow")}
    assert TakeCube("red") not in s.legal_actions(0)
    s.apply(0, TakeCube("blue"))
    assert s.storage[0][CI["blue"]] == 1


def test_bizarre_buys_trailer() -> None:
    """"Spend two coins to get 1 trailer." — "Trailers earned by bizarre performers can be given to any other performer.\""""
    s = blank(3)
    give(s, 0, "strongman", ("red", "yellow"))
    give(s, 0, "rope-walker", ("red",))
    to_show(s)
    s.apply(0, Perform("strongman"))
    s.apply(0, Trailer("rope-walker"))
    assert "rope-walker" in s.trailers and s.trailer_stock == 17 and s.coins[0] == 18


def test_magician_looks_at_three() -> None:
    """"Look at the top 3 cards of the investment deck and keep 1. Put the rest on the bottom.\""""
    s = blank(3, investment_order=("extra-income-1", "trailer-1", "fire-1"))
    give(s, 0, "card-magician", ("blue", "yellow", "green"))
    to_show(s)
    s.apply(0, Perform("card-magician"))
    s.apply(0, Outstanding(False))
    assert s.looking[0] == ["extra-income-1", "trailer-1", "fire-1"]
    assert "looking" not in s.view(1)["seats"][0]
    s.apply(0, Keep("trailer-1"))
    assert s.hands[0] == ["trailer-1"] and s.inv_deck[:2] == ["extra-income-1", "fire-1"]


def test_extended_applause() -> None:
    """"Extended Applause: ... earn 1 for each performer (of this type) who did an outstanding performance. You also
    lose 1 for each performer (of this type) who did a poor performance.\""""
    s = blank(3)
    hand(s, 0, "applause-acrobat")
    give(s, 0, "rope-walker", ("red", "yellow", "white"))
    give(s, 0, "tumbler", ("green", "red", "blue"))
    give(s, 0, "unicyclist", ("blue",))
    to_show(s)
    s.coins[0] = 50
    s.apply(0, Perform("rope-walker"))
    s.apply(0, Outstanding(True))
    s.apply(0, Perform("tumbler"))
    s.apply(0, Outstanding(False))
    s.apply(0, Perform("unicyclist"))
    s.apply(0, Play("applause-acrobat"))
    assert s.prestige[0] == 2 + 2 - 1


def test_orchestra_and_popcorn() -> None:
    """"Orchestra: Gain 2 prestige points after each show." — "Popcorn Vendor: Earn 3 coins after each show.\""""
    s = blank(3)
    staff(s, 0, "orchestra")
    staff(s, 0, "popcorn-vendor")
    to_show(s)
    s.coins[0] = 0
    s.apply(0, Done())
    salaries = s.content.personnel["orchestra"].salary + s.content.personnel["popcorn-vendor"].salary
    assert s.prestige[0] == 2 and s.coins[0] == 3 - salaries


def test_fire_card_outside_show_only() -> None:
    """"Fire a Performer: ... You do not have to pay compensation or lose prestige. You may not fire a performer
    during a show.\""""
    s = blank(3)
    hand(s, 0, "fire-1")
    give(s, 0, "rope-walker", ("red",))
    s.apply(0, Play("fire-1"))
    s.apply(0, s.legal_actions(0)[0])
    assert s.circus[0] == [] and s.coins[0] == 20 and s.prestige[0] == 0
    s = blank(3)
    hand(s, 0, "fire-2")
    give(s, 0, "rope-walker", ("red",))
    to_show(s)
    assert Play("fire-2") not in s.legal_actions(0)


def test_extra_resources() -> None:
    """"Extra Resources: Get any one cube or two cubes of the shown color.\""""
    s = blank(3)
    hand(s, 0, "extra-red-1")
    s.apply(0, Play("extra-red-1"))
    assert TakeCube("red", 2) in s.legal_actions(0) and TakeCube("white") in s.legal_actions(0)
    s.apply(0, TakeCube("red", 2))
    assert s.storage[0][CI["red"]] == 2


@pytest.mark.parametrize(("deposits", "prestige"), [(12, 5), (7, 3)])
def test_bank_representative(deposits: int, prestige: int) -> None:
    """"At the beginning of each preparation turn, you may place any number of coins on the Bank Representative"
    — "The maximum prestige points that can be gained is 5. There is no point in investing more than 10 coins."
    (2 coins a point)."""
    from bigtop.games.drumroll.scoring import final_bonuses

    s = blank(3)
    staff(s, 0, "bank-representative")
    s.prompts, s.step = [], "turn_start"
    s._advance()
    for _ in range(deposits):
        s.apply(0, Deposit())
    s.apply(0, Done())
    assert s.bank[0] == deposits and s.coins[0] == 20 - deposits
    assert final_bonuses(s)["bonuses"][0]["bank_representative"] == prestige


def test_show_organizer() -> None:
    """"Show Organizer: At the end of any turn, you may return the show organizer to the hiring area and become the
    next starting player ... you cannot hire him in the following turn. Only other players can.\""""
    s = blank(3)
    staff(s, 2, "show-organizer")
    place_all(s, {})
    finish_distribution(s)
    assert s.prompts[-1][:2] == ("organizer", 2)
    s.apply(2, ReturnOrganizer(True))
    assert s.start == 2 and "show-organizer" in s.pers_row
    place_all(s, {2: ["personnel"], 0: ["personnel"]})
    while s.prompts[-1][0] != "hire_personnel" or s.prompts[-1][1] != 2:
        s.apply(s.to_move()[0], Decline())
    assert Hire("show-organizer") not in s.legal_actions(2)


def test_end_game_bonuses_and_tiebreak() -> None:
    """"Largest Show ... Full Variety ... Perfect Show ... Large Troupe" — "If there is a tie for any of the end-game
    bonuses, all tied players receive the full bonus." — "In the event of a tie, the player who has the most remaining
    coins is the winner.\""""
    s = blank(3)
    for card in ("fire-eater", "tumbler", "knife-juggler", "lion-tamer", "giant", "levitator", "unicyclist", "dog-trainer"):
        give(s, 0, card)
        s.flipped[card] = 0
    give(s, 1, "rope-walker")
    s.flipped["rope-walker"] = 0
    s.show, s.step, s.prompts = 2, "show_start", []
    s._advance()
    s.coins = [50, 50, 50]
    for p in range(3):
        s.apply(p, Done())
    assert s.is_over()
    b = s.details["bonuses"]
    assert b[0] == {"largest_show": 5, "full_variety": 3, "perfect_show": 5, "large_troupe": 5}
    assert b[1] == {"perfect_show": 5}


def test_unused_cards_and_bonus_cards() -> None:
    """"(If not used, this card is worth 1 at the end of the game)" — Resource Bonus: "1 for every 3 resources"."""
    s = blank(3)
    hand(s, 0, "trailer-1")
    hand(s, 0, "resource-bonus-1")
    store(s, 0, "red", "red", "red", "blue", "blue", "blue", "white")
    from bigtop.games.drumroll.scoring import final_bonuses

    assert final_bonuses(s)["bonuses"][0] == {"unused_cards": 1, "resource_bonus": 2}


def test_illegal_action_changes_nothing() -> None:
    s = blank(3)
    with pytest.raises(IllegalAction):
        s.apply(0, Hire("rope-walker"))


def test_whole_game_three_shows() -> None:
    """"After 3 shows, the player who earned the most prestige points is the winner.\""""
    from bigtop.bots.match import random_playout
    from bigtop.core import Rng

    s = GAME.new(3, seed=11)
    random_playout(s, Rng(3))
    assert s.is_over() and s.show == 3
    s.check_invariants()


def test_card_played_during_distribution() -> None:
    """"Investment cards can be played at any moment unless stated otherwise": an Extra Resources cube gained
    during the distribution can be moved at once."""
    s = blank(3)
    give(s, 0, "rope-walker")
    hand(s, 0, "extra-red-1")
    place_all(s, {})
    assert Play("extra-red-1") in s.legal_actions(0)
    s.apply(0, Play("extra-red-1"))
    assert s.to_move() == (0,)
    s.apply(0, TakeCube("red"))
    s.apply(0, Move("rope-walker", "red"))
    finish_distribution(s)
    assert s.level("rope-walker") == 1


def test_choice_of_a_card_played_during_distribution_allows_only_sealed_step_cards() -> None:
    """During the sealed distribution only cards that add to the player's own board may be played; the
    choice an Extra Resources or Trailer card asks is no opening for a Fire a Performer or an Extra Income
    (cube) card, which would take away a performer or a cube the sealed moves already count on."""
    s = blank(3)
    give(s, 0, "rope-walker")
    store(s, 0, "red")
    for card in ("extra-red-1", "trailer-1", "fire-1", "cube-income", "extra-income-1"):
        hand(s, 0, card)
    place_all(s, {})
    s.apply(0, Move("rope-walker", "red"))
    assert Play("fire-1") not in s.legal_actions(0) and Play("cube-income") not in s.legal_actions(0)
    s.apply(0, Play("extra-red-1"))
    plays = {a.card for a in s.legal_actions(0) if isinstance(a, Play)}
    assert plays == {"trailer-1", "extra-income-1"}
    s.apply(0, Play("trailer-1"))
    plays = {a.card for a in s.legal_actions(0) if isinstance(a, Play)}
    assert plays == {"extra-income-1"}
    s.apply(0, Trailer("rope-walker"))
    s.apply(0, TakeCube("red"))
    s.apply(0, Done())
    finish_distribution(s)
    assert s.filled["rope-walker"] == ["red", None, None] and "rope-walker" in s.trailers
    s.check_invariants()


def test_starting_player_moves_left_each_turn() -> None:
    """"Move the starting player tile to the next player on the left.\""""
    s = blank(3)
    place_all(s, {})
    finish_distribution(s)
    assert s.turn == 2 and s.start == 1 and s.prompts[-1][:2] == ("place", 1)


def test_after_show_reset_and_new_starting_player() -> None:
    """"Each player's ticket cube returns to the starting ticket. The player on the left of the last starting player
    becomes the new starting player." — the hiring area is discarded and dealt anew."""
    s = blank(3)
    s.tickets = [3, 1, 0]
    old_row = list(s.perf_row)
    to_show(s)
    for p in range(3):
        s.apply(p, Done())
    assert s.tickets == [0, 0, 0] and s.start == 1 and s.turn == 1
    assert all(x in s.perf_discard for x in old_row) and len(s.perf_row) == 4


def test_empty_deck_reshuffles_discards() -> None:
    """"If the investment, performer or personnel decks are depleted, shuffle and reuse any cards that were earlier
    discarded. If there is none left, no more of this kind is available.\""""
    s = blank(3)
    s.inv_discard.extend(s.inv_deck[:-1])
    s.inv_deck[:] = s.inv_deck[-1:]
    assert s._draw("inv") is not None and s._draw("inv") is not None and len(s.inv_discard) == 0
    s.hands[1].extend(s.inv_deck)
    s.inv_deck.clear()
    assert s._draw("inv") is None


def test_perfect_show_needs_every_performer_outstanding() -> None:
    """"Perfect Show. If all the performers in the circus do outstanding performances in the last show.\""""
    s = blank(3)
    give(s, 0, "rope-walker", ("red", "yellow", "white"))
    give(s, 0, "tumbler", ("green", "red"))
    give(s, 1, "unicyclist", ("blue", "red", "yellow"))
    s.show = 2
    to_show(s)
    s.coins = [50, 50, 50]
    s.apply(0, Perform("rope-walker"))
    s.apply(0, Outstanding(False))
    s.apply(0, Perform("tumbler"))
    s.apply(0, Done())
    s.apply(1, Perform("unicyclist"))
    s.apply(1, Outstanding(True))
    s.apply(1, Done())
    s.apply(2, Done())
    bonuses = s.details["bonuses"]
    assert "perfect_show" not in bonuses[0] and bonuses[1].get("perfect_show") == 5
    assert bonuses[0]["largest_show"] == 5 and "largest_show" not in bonuses[1]


def test_two_player_regions_pass_through_the_virtual_seat() -> None:
    """2 players: "a 3rd one is placed on the table between the two players ... so that each player visits 3
    different regions during the game.\""""
    s = blank(2, regions=("moscow", "paris", "rome"))
    seen = [{s.regions[0]}, {s.regions[1]}]
    for _ in range(2):
        to_show(s)
        s.apply(s.start, Done())
        s.apply(s.to_move()[0], Done())
        seen[0].add(s.regions[0])
        seen[1].add(s.regions[1])
    assert seen == [{"moscow", "rome", "paris"}, {"paris", "moscow", "rome"}]


def test_card_played_while_voting() -> None:
    """"Investment cards can be played at any moment": Extra Income while the vote is being taken."""
    s = vote_state()
    hand(s, 1, "extra-income-1")
    s.apply(1, Play("extra-income-1"))
    assert s.coins[1] == 24 and 1 in s.to_move()


def test_show_in_player_order_from_starting_player() -> None:
    """"In player order ... players give a show and receive benefits." — from the starting player, then clockwise."""
    s = blank(3, first_player=1)
    to_show(s)
    seats = []
    while not s.is_over() and s.show == 0:
        seats.append(s.to_move()[0])
        s.apply(seats[-1], Done())
    assert seats == [1, 2, 0]


def test_club_juggler_any_cube_and_a_white_cube() -> None:
    """"Get any cube and a white cube.\""""
    s = blank(3)
    give(s, 0, "club-juggler", ("white", "green", "red"))
    to_show(s)
    s.apply(0, Perform("club-juggler"))
    s.apply(0, Outstanding(False))
    assert {a for a in s.legal_actions(0) if isinstance(a, TakeCube)} == {TakeCube(c) for c in COLORS}
    s.apply(0, TakeCube("red"))
    assert [a for a in s.legal_actions(0) if isinstance(a, TakeCube)] == [TakeCube("white")]
    s.apply(0, TakeCube("white"))
    assert s.storage[0][CI["red"]] == 1 and s.storage[0][CI["white"]] == 1


def test_spend_cube_to_skip_a_salary() -> None:
    """"Spend any cube to skip a payment of any single salary after the show.\""""
    s = blank(3)
    give(s, 0, "bearded-lady", ("green",))  # poor: spend a cube, skip a salary
    give(s, 0, "rope-walker", ("red", "yellow"))
    store(s, 0, "blue")
    to_show(s)
    s.coins[0] = 10
    s.apply(0, Perform("bearded-lady"))
    assert s.legal_actions(0)[0] == Decline() and Spend("blue") in s.legal_actions(0)
    s.apply(0, Spend("blue"))
    assert s.storage[0] == [0] * 5 and s.stock[CI["blue"]] == 25
    s.apply(0, Perform("rope-walker"))
    s.apply(0, Done())
    s.apply(0, SkipSalary("rope-walker"))
    assert s.coins[0] == 10 + 4 - s.salary(0, "bearded-lady")


def test_trailer_one_per_performer_and_out_of_stock() -> None:
    """"Every performer can be given a single trailer." — "Trailers are depleted as well.\""""
    s = blank(3)
    give(s, 0, "strongman", ("red", "yellow"))  # good: spend two coins to get 1 trailer
    give(s, 0, "rope-walker")
    s.trailers.add("rope-walker")
    s.trailer_stock -= 1
    to_show(s)
    s.apply(0, Perform("strongman"))
    assert {a for a in s.legal_actions(0) if isinstance(a, Trailer)} == {Trailer("strongman")}
    s = blank(3)
    hand(s, 0, "trailer-1")
    give(s, 0, "strongman", ("red", "yellow"))
    to_show(s)
    assert Play("trailer-1") in s.clone().legal_actions(0)
    s.trailer_stock = 0  # every trailer is out (the conservation check is not run here)
    assert Play("trailer-1") not in s.legal_actions(0)
    s.apply(0, Perform("strongman"))
    assert s.prompts[-1][0] == "perform" and s.coins[0] == 20


def test_extra_income_spend_a_cube_for_five_coins() -> None:
    """"Extra Income: Spend any cube to get 5 coins.\""""
    s = blank(3)
    hand(s, 0, "cube-income")
    assert Play("cube-income") not in s.clone().legal_actions(0)  # no cube to spend
    store(s, 0, "green")
    s.apply(0, Play("cube-income"))
    assert s.legal_actions(0) == [Spend("green")]
    s.apply(0, Spend("green"))
    assert s.coins[0] == 25 and s.storage[0] == [0] * 5 and s.stock[CI["green"]] == 25


def test_trailer_bonus_and_personnel_bonus() -> None:
    """"Trailer Bonus: At the game end, earn 1 for each trailer in your circus." — "Personnel Bonus: At the game
    end, earn 1 for each personnel member in your circus.\""""
    s = blank(3)
    hand(s, 0, "trailer-bonus")
    hand(s, 1, "personnel-bonus")
    for card in ("rope-walker", "tumbler", "giant"):
        give(s, 0, card)
    give(s, 1, "levitator")
    s.trailers |= {"rope-walker", "giant", "levitator"}
    s.trailer_stock -= 3
    for card in ("orchestra", "general-supplier", "agent-white-yellow"):
        staff(s, 1, card)
    staff(s, 0, "popcorn-vendor")
    from bigtop.games.drumroll.scoring import final_bonuses

    rows = final_bonuses(s)["bonuses"]
    assert rows[0].get("trailer_bonus") == 2 and "personnel_bonus" not in rows[0]
    assert rows[1].get("personnel_bonus") == 3 and "trailer_bonus" not in rows[1]


def test_tied_end_game_bonus_goes_to_every_tied_player() -> None:
    """"If there is a tie for any of the end-game bonuses, all tied players receive the full bonus." (Largest Show)"""
    s = blank(3)
    for p, cards in enumerate((("rope-walker", "tumbler"), ("giant", "levitator"), ("unicyclist",))):
        for card in cards:
            give(s, p, card)
    from bigtop.games.drumroll.scoring import final_bonuses

    rows = final_bonuses(s)["bonuses"]
    assert [row.get("largest_show") for row in rows] == [5, 5, None]


def test_prestige_tie_goes_to_most_coins_then_shared_victory() -> None:
    """"In the event of a tie, the player who has the most remaining coins is the winner. If there is still a tie,
    it is a shared victory.\""""
    s = blank(3)
    s.show = 2
    to_show(s)
    s.prestige = [4, 4, 3]
    for coins, winners in (([9, 8, 20], (0,)), ([9, 9, 20], (0, 1))):
        t = s.clone()
        t.coins = coins
        for p in range(3):
            t.apply(p, Done())
        assert t.is_over() and t.result().winners == winners


def test_only_the_vote_after_the_sixth_turn_costs_delay_voters_prestige() -> None:
    """"The players who voted for a delay on the 6th turn lose 1." — a delay vote after the 5th turn costs nothing."""
    s = vote_state()
    for p, v in enumerate((True, True, False)):
        s.apply(p, Vote(v))
    assert s.turn == 6 and s.prestige == [0, 0, 0]
    place_all(s, {})
    finish_distribution(s)
    assert s.sealed_kind == "vote"
    for p, v in enumerate((True, False, False)):
        s.apply(p, Vote(v))
    assert s.prestige == [-1, 0, 0] and s.turn == 6 and s.step.startswith("show")


def test_unpaid_compensation_costs_prestige_per_coin() -> None:
    """"The player must pay the performer's hiring cost as compensation and lose 1." — a coin short of the
    compensation costs 1 prestige, as with salaries."""
    s = blank(3)
    give(s, 0, "rope-walker")
    to_show(s)
    s.coins[0] = 1
    s.apply(0, Perform("rope-walker"))
    assert s.circus[0] == [] and s.coins[0] == 0 and s.prestige[0] == -1 - (4 - 1)


def test_perfect_show_lost_by_a_performer_fired_for_no_performance() -> None:
    """"Perfect Show. If all the performers in the circus do outstanding performances in the last show": a performer
    fired there for no performance did not, though it has left the circus by the end of the game."""
    s = blank(3)
    give(s, 0, "rope-walker", ("red", "yellow", "white"))
    give(s, 0, "tumbler")
    s.show = 2
    to_show(s)
    s.coins = [50, 50, 50]
    s.apply(0, Perform("rope-walker"))
    s.apply(0, Outstanding(False))
    s.apply(0, Perform("tumbler"))
    assert s.circus[0] == ["rope-walker"]
    for p in range(3):
        s.apply(p, Done())
    assert s.is_over() and "perfect_show" not in s.details["bonuses"][0]


def test_score_breakdown_names_where_prestige_came_from() -> None:
    """The end screen's categories add up to the score: a flip ("immediately score 2"), an unpaid salary ("For every
    coin a player cannot pay, they lose 1"), and the end-game bonuses."""
    s = blank(3)
    give(s, 0, "rope-walker", ("red", "yellow", "white"))
    s.show = 2
    to_show(s)
    s.coins = [0, 50, 50]
    s.apply(0, Perform("rope-walker"))
    s.apply(0, Outstanding(True))
    for p in range(3):
        s.apply(p, Done())
    assert s.is_over()
    breakdown = s.score_breakdown()
    assert breakdown["flips"][0] == 2 and breakdown["salaries"][0] == -4
    assert breakdown["largest_show"][0] == 5 and breakdown["perfect_show"][0] == 5
    assert [sum(points[p] for points in breakdown.values()) for p in range(3)] == list(s.scores())


def test_the_log_names_who_voted_what_and_the_result() -> None:
    """"Once everyone has chosen, all players simultaneously reveal their hands. If the majority has an action
    marker in their hand, the show is delayed"."""
    s = vote_state()
    seen = len(s.events)
    for p, v in enumerate((True, True, False)):
        s.apply(p, Vote(v))
    lines = [GAME.describe_event(e, ["Ada", "Bo", "Cy"], s.options) for e in s.events[seen:]]
    assert lines[:5] == ["The votes are revealed.", "Ada voted to delay the show.", "Bo voted to delay the show.",
                         "Cy voted to start the show.", "Vote: 2 to delay, 1 to start: the show is delayed."]
