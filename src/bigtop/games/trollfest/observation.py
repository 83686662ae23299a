"""Troll Fest observations: what one seat sees, as a fixed-size float32 vector.

`TrollFestEncoder.encode(view)` defines the observation from `state.view(seat)`;
`encode_state(state, seat)` reads the same fields straight from the state (only those the view
shows that seat) and returns the same vector without building the view. Both gather plain values
and hand them to one `_fill`. The layout is described in docs/trollfest.md ("Observation
encoding"); `blocks` names every block with its offset and size.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from bigtop.games.trollfest.data import COLOURS, content
from bigtop.games.trollfest.options import TrollFestOptions
from bigtop.games.trollfest.pieces import (
    DRAFT_ACTIONS,
    DRAFT_ARTISTS,
    DRAGONS_PER_PASS,
    MARKET_DRAW,
    SPRINGBOARD,
    TOUR_TOKENS,
)
from bigtop.games.trollfest.state import TrollFestState

PHASES = ("draft", "form", "duo", "name", "vote", "tour", "festival", "over")
STEPS = ("", "start", "move", "move2", "visit", "market", "culture", "blind", "after", "festival")
# What the observing seat is asked now ("wait": nothing); tour decisions are named by their step.
DECISIONS = (
    "wait", "answer", "drop", "pick", "keep", "show", "name", "vote",
    "start", "move", "move2", "visit", "market", "culture", "blind", "after", "festival",
)
FLAGS = ("bus", "placed", "blind_drawn", "answer_open", "answered", "hammer", "drop_pending")
PROGRESS = ("draft_round", "runoffs", "seasoned_deck", "action_deck", "city_deck", "box", "market_size", "turns_left")
SCORE_CAP = 200  # scores are shown as min(score, SCORE_CAP) / SCORE_CAP
HAND_CAP = 12  # hand sizes as min(size, HAND_CAP) / HAND_CAP
RUNOFF_CAP = 3  # run-offs as min(runoffs, RUNOFF_CAP) / RUNOFF_CAP (3 is the default runoff_limit)


class TrollFestEncoder:
    """A seat's view of Troll Fest as a float32 vector in [0, 1], the observing seat's blocks first
    and the others after it in turn order. Artists are one-hot by artist index; action cards are
    counted by action type (index in `content().action_types`), each count divided by the type's
    number of copies."""

    low = 0.0
    high = 1.0

    def __init__(self, players: int, options: TrollFestOptions) -> None:
        """The encoder for this many players. No option changes the layout: they fix deck orders
        and the run-off limit, and run-offs are shown up to `RUNOFF_CAP`."""
        c = content()
        n = self.players = players
        artists = len(c.artists)
        types = len(c.action_types)
        cities = len(c.cities)
        colours = len(COLOURS)
        names = len(c.band_names)
        instruments = len(c.instruments)
        hammers = sum(a.copies for a in c.action_types if a.effect == "cancel")
        self.stack_depth = 1 + hammers  # a card, then at most every Thor's Hammer on top of it
        self.stack_entry = n + types + max(cities, colours, SPRINGBOARD, instruments)  # seat, type, target
        layout = [
            # whole numbers, each divided by its maximum
            ("progress", len(PROGRESS)), ("pass_tokens", colours),
            ("scores", n), ("tokens", n), ("hand_sizes", n), ("duo_counts", n),
            # action cards counted by type, each count divided by the type's copies
            ("hands", n * types), ("played", n * types), ("packet_actions", types), ("picks_actions", types),
            ("market", types),
            # one-hot
            ("phase", len(PHASES)), ("step", len(STEPS)), ("decision", len(DECISIONS)), ("flags", len(FLAGS)),
            ("to_move", n), ("formed", n), ("candidates", n), ("first", n), ("turn", n), ("holder", n),
            ("trigger", n), ("best_name", n),
            ("names", n * names), ("votes", n * n), ("dragons", n * colours), ("pos", n * cities),
            ("home", n * cities), ("city_tokens", n * cities), ("bands", n * artists),
            ("groundhog", cities), ("city_discard", len(c.city_cards)), ("springboard", SPRINGBOARD * artists),
            ("stack", self.stack_depth * self.stack_entry), ("drop_seat", n), ("drop_instrument", instruments),
            ("drop_newcomer", artists),
            ("start_hand", artists), ("packet_artists", artists), ("picks_artists", artists), ("pile", artists),
            ("kept", artists), ("todo_now", instruments), ("todo_later", instruments), ("duo_pairs", instruments),
            ("my_pick_artist", artists), ("my_pick_action", types), ("my_name", names), ("my_vote", n),
            ("blind", artists),
        ]
        self.blocks: dict[str, tuple[int, int]] = {}
        offset = 0
        for name, size in layout:
            self.blocks[name] = (offset, size)
            offset += size
        self.shape = (offset,)
        o = self._o = {name: start for name, (start, _) in self.blocks.items()}
        base = self._action_base = c.action_base
        self._type = [0] * base + list(c.action_copies)  # per card id: its action type (artists: unused)
        self._sizes = (artists, types, cities, colours, names)
        self._instrument = {name: i for i, name in enumerate(c.instruments)}
        self._phase = {name: o["phase"] + i for i, name in enumerate(PHASES)}
        self._step = {name: o["step"] + i for i, name in enumerate(STEPS)}
        self._decision = {name: o["decision"] + i for i, name in enumerate(DECISIONS)}
        self._all_tokens = TOUR_TOKENS[n] * n
        # the maximum of each counted position: the blocks progress .. market
        progress = (
            DRAFT_ARTISTS + DRAFT_ACTIONS - 1, RUNOFF_CAP, sum(1 for a in c.artists if a.deck == "seasoned"),
            len(c.action_copies), len(c.city_cards), sum(1 for a in c.artists if a.deck == "starting"), MARKET_DRAW,
            n - 1,
        )
        duo_copies = sum(a.copies for a in c.action_types if a.effect == "duo")
        copies = [a.copies for a in c.action_types]
        maximum = [*progress, *[DRAGONS_PER_PASS[n]] * colours, *[SCORE_CAP] * n, *[TOUR_TOKENS[n]] * n,
                   *[HAND_CAP] * n, *[duo_copies] * n, *copies * (2 * n + 3)]
        self._counts_end = o["phase"]
        assert len(maximum) == self._counts_end
        self._maximum = np.array(maximum, np.float32)
        self._by_observer = [self._seat_starts(me) for me in range(n)]

    def _seat_starts(self, me: int) -> tuple[list[int], ...]:
        """For observer `me`: the relative place of each absolute seat q, then per seat block, where
        q's entry starts."""
        n = self.players
        rel = [(q - me) % n for q in range(n)]
        artists, types, cities, colours, names = self._sizes

        def starts(block: str, width: int = 1) -> list[int]:
            return [self._o[block] + rel[q] * width for q in range(n)]

        return (
            rel, starts("to_move"), starts("formed"), starts("candidates"), starts("first"), starts("turn"),
            starts("holder"), starts("trigger"), starts("best_name"), starts("drop_seat"), starts("my_vote"),
            starts("names", names), starts("votes", n), starts("dragons", colours), starts("pos", cities),
            starts("home", cities), starts("city_tokens", cities), starts("bands", artists),
            starts("hands", types), starts("played", types),
        )

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        """The observation: `view` is `state.view(seat)`."""
        v = view
        decks = v["decks"]
        return self._fill(
            v["seat"], v["phase"], v["step"], v["to_move"],
            (v["draft_round"] or 0, v["runoffs"], decks["seasoned"], decks["actions"], decks["cities"], decks["box"],
             v["market_size"], v["turns_left"]),
            v["pass_tokens"], v["scores"], v["tokens"], v["hand_sizes"], v["duos"],
            v["hand"], v["hands"], v["played"], v["packet"], v["picks"], v["market"], v["my_choice"],
            v["formed"], v["candidates"], v["first"], v["turn"], v["holder"], v["trigger"], v["best_name"],
            (v["bus"], v["placed"], v["blind_drawn"], v["answer"] is not None), v["my_answer"], v["drop"],
            v["names"], v["votes"], v["dragons"], v["pos"], v["home"], v["city_tokens"], v["bands"],
            v["groundhog"], v["city_discard"], v["springboard"], v["stack"],
            v["start_hand"], v["pile"], v["kept"], v["todo"], v["duo_used"], v["blind"],
        )

    def encode_state(self, state: TrollFestState, seat: int) -> np.ndarray:
        """The same vector as `encode(state.view(seat))`, read from the state's fields that the view
        shows `seat`."""
        s = state
        phase = s.phase
        mine = s.turn == seat
        sealed = s.sealed
        answer = s.answer
        return self._fill(
            seat, phase, s.step, s.to_move_seen_by(seat),
            (len(s.picks[0]) if phase == "draft" else 0, s.runoffs, len(s.seasoned), len(s.actions),
             len(s.city_deck), len(s.box), len(s.market), s.turns_left),
            s.pass_tokens, s.score, s.tokens, list(map(len, s.hand)), s.duos,
            s.hand[seat], s.hand if phase == "festival" or phase == "over" else None, s.played, s.packet[seat],
            s.picks[seat], s.market if mine else (), None if sealed is None else sealed.choices.get(seat),
            s.formed, s.candidates, s.first, s.turn, s.holder, s.trigger, s.best_name,
            (s.bus, s.placed, s.blind >= 0, answer is not None), None if answer is None else answer.choices.get(seat),
            s.drop, s.names, s.votes, s.dragons, s.pos, s.home, s.city_tokens, s.band,
            s.groundhog, s.city_discard, s.springboard, s.stack,
            s.start_hand[seat], s.pile[seat], s.kept[seat], s.todo[seat], s.duo_used[seat], s.blind if mine else -1,
        )

    def _fill(  # noqa: C901 - one straight pass over the blocks, in plain loops (the fastest way here)
        self, me: int, phase: str, step: str, to_move: Any, progress: tuple[Any, ...], pass_tokens: list[int],
        scores: list[int], tokens: list[int], hand_sizes: list[int], duos: list[Any], hand: list[int], hands: Any,
        played: list[Any], packet: list[int], picks: list[int], market: Any, my_choice: int | str | None,
        formed: list[bool], candidates: list[int], first: int, turn: int, holder: int, trigger: int,
        best_name: int, flags: tuple[Any, ...], my_answer: bool | None, drop: Any, names: list[int], votes: list[int],
        dragons: list[Any], pos: list[int], home: list[int], city_tokens: list[Any], bands: list[Any], groundhog: int,
        city_discard: list[int], springboard: list[int], stack: list[Any], start_hand: list[int], pile: list[int],
        kept: list[int], todo: list[str], duo_used: list[Any], blind: int,
    ) -> np.ndarray:
        (rel, to_move_at, formed_at, candidates_at, first_at, turn_at, holder_at, trigger_at, best_name_at,
         drop_seat_at, my_vote_at, names_at, votes_at, dragons_at, pos_at, home_at, city_tokens_at, bands_at,
         hands_at, played_at) = self._by_observer[me]
        o = self._o
        n = self.players
        base = self._action_base
        kind = self._type
        instrument = self._instrument

        # Every position is first a small whole number in a byte: a count in the blocks
        # progress .. market (divided by its maximum at the end), 1 at a one-hot position.
        hot = bytearray(self.shape[0])
        if progress[1] > RUNOFF_CAP:
            progress = (progress[0], RUNOFF_CAP, *progress[2:])
        hot[: len(PROGRESS)] = progress
        at = o["pass_tokens"]
        hot[at: at + len(pass_tokens)] = pass_tokens
        scores = scores[me:] + scores[:me]
        if max(scores) > SCORE_CAP:
            scores = [x if x < SCORE_CAP else SCORE_CAP for x in scores]
        hand_sizes = hand_sizes[me:] + hand_sizes[:me]
        if max(hand_sizes) > HAND_CAP:
            hand_sizes = [x if x < HAND_CAP else HAND_CAP for x in hand_sizes]
        at = o["scores"]
        hot[at: at + n] = scores
        at = o["tokens"]
        hot[at: at + n] = tokens[me:] + tokens[:me]
        at = o["hand_sizes"]
        hot[at: at + n] = hand_sizes
        at = o["duo_counts"]
        hot[at: at + n] = map(len, duos[me:] + duos[:me])
        at = hands_at[me]
        for card in hand:
            hot[at + kind[card]] += 1
        if hands is not None:  # everyone's hand is shown at the Festival
            for q in range(n):
                if q != me:
                    at = hands_at[q]
                    for card in hands[q]:
                        hot[at + kind[card]] += 1
        for q in range(n):
            at = played_at[q]
            for card in played[q]:
                hot[at + kind[card]] += 1
        at = o["market"]
        for card in market:
            hot[at + kind[card]] += 1
        for card in packet:
            if card < base:
                hot[o["packet_artists"] + card] = 1
            else:
                hot[o["packet_actions"] + kind[card]] += 1
        for card in picks:
            if card < base:
                hot[o["picks_artists"] + card] = 1
            else:
                hot[o["picks_actions"] + kind[card]] += 1

        hot[self._phase[phase]] = 1
        hot[self._step[step]] = 1
        if me not in to_move:
            decision = "wait"
        elif flags[3]:
            decision = "answer"
        elif drop is not None:
            decision = "drop"
        elif phase == "draft":
            decision = "pick"
        elif phase == "form":
            decision = "keep" if todo else "show"
        elif phase == "tour":
            decision = step
        else:
            decision = phase
        hot[self._decision[decision]] = 1
        at = o["flags"]
        for i, flag in enumerate(flags):
            if flag:
                hot[at + i] = 1
        if my_answer is not None:
            hot[at + 4] = 1
            if my_answer:
                hot[at + 5] = 1
        if drop is not None:
            hot[at + 6] = 1
            hot[drop_seat_at[drop[0]]] = 1
            hot[o["drop_instrument"] + instrument[drop[1]]] = 1
            if drop[2] >= 0:
                hot[o["drop_newcomer"] + drop[2]] = 1
        if my_choice is not None:
            if phase == "draft":
                assert isinstance(my_choice, int)  # a pick: a card's index
                hot[o["my_pick_artist"] + my_choice if my_choice < base else o["my_pick_action"] + kind[my_choice]] = 1
            elif phase == "name":
                if type(my_choice) is int:  # a name of the list (one's own name has no place here)
                    hot[o["my_name"] + my_choice] = 1
            else:
                assert isinstance(my_choice, int)  # a vote: a band's index
                hot[my_vote_at[my_choice]] = 1

        for q in to_move:
            hot[to_move_at[q]] = 1
        for q in candidates:
            hot[candidates_at[q]] = 1
        if phase == "tour" or phase == "festival" or phase == "over":
            hot[first_at[first]] = 1  # the view's 0 before the tour means nothing
        if turn >= 0:
            hot[turn_at[turn]] = 1
        if holder >= 0:
            hot[holder_at[holder]] = 1
        if trigger >= 0:
            hot[trigger_at[trigger]] = 1
        if best_name >= 0:
            hot[best_name_at[best_name]] = 1
        for q in range(n):
            if formed[q]:
                hot[formed_at[q]] = 1
            if names[q] >= 0:
                hot[names_at[q] + names[q]] = 1
            if pos[q] >= 0:
                hot[pos_at[q] + pos[q]] = 1
                hot[home_at[q] + home[q]] = 1
            at = dragons_at[q]
            for colour in dragons[q]:
                hot[at + colour] = 1
            at = bands_at[q]
            for a in bands[q]:
                hot[at + a] = 1
        if votes:
            for q in range(n):
                hot[votes_at[q] + rel[votes[q]]] = 1
        if sum(tokens) < self._all_tokens:  # some token is on the map
            for city, seats in enumerate(city_tokens):
                for q in seats:
                    hot[city_tokens_at[q] + city] = 1
        if groundhog >= 0:
            hot[o["groundhog"] + groundhog] = 1
        at = o["city_discard"]
        for card in city_discard:
            hot[at + card] = 1
        at = o["springboard"]
        artists = self._sizes[0]
        for a in springboard:
            hot[at + a] = 1
            at += artists
        at = o["stack"]
        types_at = n
        targets_at = n + self._sizes[1]
        for q, card, arg in reversed(stack):  # the card being answered first
            hot[at + rel[q]] = 1
            hot[at + types_at + kind[card]] = 1
            if arg >= 0:
                hot[at + targets_at + arg] = 1
            at += self.stack_entry

        # the seat's own band-reveal cards and choices, and its blind audition
        at = o["start_hand"]
        for a in start_hand:
            hot[at + a] = 1
        at = o["pile"]
        for a in pile:
            hot[at + a] = 1
        at = o["kept"]
        for a in kept:
            hot[at + a] = 1
        if todo:
            hot[o["todo_now"] + instrument[todo[0]]] = 1
            at = o["todo_later"]
            for name in todo[1:]:
                hot[at + instrument[name]] = 1
        at = o["duo_pairs"]
        for _, name in duo_used:
            hot[at + instrument[name]] = 1
        if blind >= 0:
            hot[o["blind"] + blind] = 1

        out = np.frombuffer(hot, np.uint8).astype(np.float32)
        out[: self._counts_end] /= self._maximum
        return out
