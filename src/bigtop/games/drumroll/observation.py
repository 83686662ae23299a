"""Drum Roll's own observation encoder: a seat's view as one fixed-size float32 vector.

Seats are seat-relative (the observing seat first, then the others in turn order) and padded to
four, so one network can play every player count. Cards and region tiles are one-hot by their
index in the game's content, so the size depends only on the content loaded for the options.
`encode(view)` defines the observation; `encode_state(state, seat)` reads the same values from the
state's fields and returns exactly the same vector. Both gather plain values and hand them to
`_fill`, which writes all counts with one slice assignment and all one-hots with one `put`, from
position tables built once in `__init__`.
"""

from __future__ import annotations

from typing import Any, get_args

import numpy as np

from .data import COLORS, EffectKind, load_content
from .phases.markers import OTHER_SLOTS
from .records import Distribution, Prompt
from .state import DrumRollOptions, DrumRollState

MAX_SEATS = 4
MARKERS_PER_SEAT = 3
MAX_MARKERS = MARKERS_PER_SEAT * MAX_SEATS
# counts without a hard maximum are divided by these and clipped to 1 (prestige to [-1, 1])
COINS_SCALE = 50
PRESTIGE_SCALE = 50
STORAGE_SCALE = 10
HAND_SCALE = 8
SKIPS_SCALE = 5

STEPS = (
    "draft", "turn_start", "place", "resolve", "carry_out", "queue", "distribution", "turn_end", "refill",
    "vote", "double_vote", "vote_count", "before_show", "show_start", "show_player", "show_salary",
)
PROMPTS = (
    "bank", "place", "invest", "hire_performer", "hire_personnel", "organizer", "perform",
    "outstanding", "effect", "skip", "hand_limit", "look",
)
SEALED = ("draft", "cubes", "carry_out", "vote", "double_vote", "before_show", "distribution")
EFFECTS = (*get_args(EffectKind), "card_cube_income", "extra_resources", "fire")
SLOTS = COLORS + OTHER_SLOTS
QUEUE_KINDS = ("invest", "performer", "personnel")
SEATS = tuple(f"seat{r}" for r in range(MAX_SEATS))
SEAT_COUNTS = ("coins", "prestige", "hand_size", "hand_limit", "bank", "tickets", "skips")

# the fields of each block, in order
SUPPLY_FIELDS = (*(f"stock_{c}" for c in COLORS), "trailers_left", "discount_tokens_left", "performer_deck",
                 "personnel_deck", "investment_deck")
MINE_FIELDS = ("effect_amount", "moves_left", *(f"starting_{c}" for c in COLORS))
FLAG_FIELDS = (
    "over", *(f"step_{s}" for s in STEPS), *(f"prompt_{k}" for k in PROMPTS), *(f"effect_{k}" for k in EFFECTS),
    *(f"effect_{c}" for c in COLORS), *(f"sealed_{k}" for k in SEALED), "my_vote_delay", "my_vote_ready",
    *(f"my_carry_out{i}_{yes}" for i in range(MARKERS_PER_SEAT) for yes in ("yes", "no")),
    "distributing", "agent_used", "assistant_used", "last_vote_delayed",
)
SEAT_FLAG_FIELDS = ("present", "to_move", "start", "prompted", "sealed_chosen", "sealed_waiting", "organizer_block",
                    "voted_delay", "voted_double")
PERFORMER_FIELDS = (
    *SEATS, "row", "discounts", "cost", "draft", "draft_pick", "discard", "cube1", "cube2", "cube3",
    "level1", "level2", "level3", "flipped", "trailer", "salary", *(f"performed{lv}" for lv in range(4)), "skipped",
    "outstanding",
)
PERSONNEL_FIELDS = (*SEATS, "row", "discounts", "cost", "discard", "skipped")
INVESTMENT_FIELDS = ("hand", "looking", "discard")
REGION_FIELDS = (*SEATS, "virtual")
MARKER_FIELDS = (*SLOTS, *SEATS)
QUEUE_FIELDS = (*QUEUE_KINDS, *SEATS)


class Layout:
    """The blocks of the vector, in order, each a number of rows of named fields."""

    def __init__(self, performers: int, personnel: int, investments: int, regions: int, shows: int,
                 last_turn: int) -> None:
        self.blocks: dict[str, tuple[int, int, tuple[str, ...]]] = {}  # block -> (start, rows, fields)
        self.size = 0
        # the counts, adjacent: `_fill` writes them with one slice
        self._add("supply", 1, SUPPLY_FIELDS)
        for count in SEAT_COUNTS:
            self._add(count, 1, SEATS)
        self._add("storage", MAX_SEATS, COLORS)
        # the one-hots and the other numbers
        self._add("mine", 1, MINE_FIELDS)
        self._add("flags", 1, FLAG_FIELDS)
        self._add("seat_flags", MAX_SEATS, SEAT_FLAG_FIELDS)
        self._add("show", 1, tuple(f"show{i}" for i in range(1, shows + 2)))
        self._add("turn", 1, tuple(f"turn{i}" for i in range(1, last_turn + 1)))
        self._add("markers", MAX_MARKERS, MARKER_FIELDS)
        self._add("queue", MAX_MARKERS, QUEUE_FIELDS)
        self._add("performers", performers, PERFORMER_FIELDS)
        self._add("personnel", personnel, PERSONNEL_FIELDS)
        self._add("investments", investments, INVESTMENT_FIELDS)
        self._add("regions", regions, REGION_FIELDS)

    def _add(self, block: str, rows: int, fields: tuple[str, ...]) -> None:
        assert len(set(fields)) == len(fields), f"{block}: a field is named twice"
        self.blocks[block] = (self.size, rows, fields)
        self.size += rows * len(fields)

    def at(self, block: str, field: str, row: int = 0) -> int:
        """The position of `field` in row `row` of `block`."""
        start, rows, fields = self.blocks[block]
        if not 0 <= row < rows:
            raise IndexError(f"{block} has {rows} rows")
        return start + row * len(fields) + fields.index(field)


class DrumRollEncoder:
    """One-hot card, tile, step, prompt and marker identities; counts scaled to [0, 1] (prestige to
    [-1, 1]); seat-relative. The layout is described in docs/drumroll.md ("Observation encoding")."""

    def __init__(self, players: int, options: DrumRollOptions) -> None:
        c = load_content(options.cards)
        nums = c.numbers
        self.players = players
        performers, personnel, investments = list(c.performers), list(c.personnel), list(c.investments)
        layout = self.layout = Layout(len(performers), len(personnel), len(investments), len(c.regions),
                                      nums.shows, nums.last_turn)
        at = layout.at
        self.shape = (layout.size,)
        self.low = np.zeros(self.shape, np.float32)
        self.high = np.ones(self.shape, np.float32)
        for seat in SEATS:
            self.low[at("prestige", seat)] = -1.0

        # seats in the observer's order, and where each relative seat's flags are
        self._order = [[(me + r) % players for r in range(players)] for me in range(players)]
        self._rel = [[(p - me) % players for p in range(players)] for me in range(players)]
        self._pad = [0] * (MAX_SEATS - players)
        self._seat_flag = {f: [at("seat_flags", f, r) for r in range(MAX_SEATS)] for f in SEAT_FLAG_FIELDS}
        self._counts = at("supply", SUPPLY_FIELDS[0])
        # the counts are multiplied by these, then clipped to [-1, 1]
        scale = [nums.cubes_per_colour] * len(COLORS) + [nums.trailers, nums.discount_tokens, len(performers),
                                                          len(personnel), len(investments)]
        for count in (COINS_SCALE, PRESTIGE_SCALE, HAND_SCALE, HAND_SCALE, nums.bank_cap_coins, len(c.tickets),
                      SKIPS_SCALE):
            scale += [count] * MAX_SEATS
        scale += [STORAGE_SCALE] * (len(COLORS) * MAX_SEATS)
        self._count_scale = 1 / np.array([max(1, x) for x in scale], np.float32)
        self._storage_pad = [0] * (len(COLORS) * (MAX_SEATS - players))

        self._mine = {f: at("mine", f) for f in MINE_FIELDS}
        self._flag = {f: at("flags", f) for f in FLAG_FIELDS}
        self._step = {s: at("flags", f"step_{s}") for s in STEPS}
        self._prompt = {k: at("flags", f"prompt_{k}") for k in PROMPTS}
        self._effect = {k: at("flags", f"effect_{k}") for k in (*EFFECTS, *COLORS)}
        self._sealed = {k: at("flags", f"sealed_{k}") for k in SEALED}
        self._show = at("show", "show1")
        self._turn = at("turn", "turn1") - 1
        self._marker = [[{s: (at("markers", s, i), at("markers", seat, i)) for s in SLOTS} for seat in SEATS]
                        for i in range(MAX_MARKERS)]
        self._queue = [[{k: (at("queue", k, i), at("queue", seat, i)) for k in QUEUE_KINDS} for seat in SEATS]
                       for i in range(MAX_MARKERS)]
        self._region = {x: [at("regions", f, i) for f in REGION_FIELDS] for i, x in enumerate(c.regions)}

        def column(block: str, ids: list[str], field: str) -> dict[str, int]:
            return {x: at(block, field, i) for i, x in enumerate(ids)}

        self._perf = {f: column("performers", performers, f) for f in PERFORMER_FIELDS}
        self._pers = {f: column("personnel", personnel, f) for f in PERSONNEL_FIELDS}
        self._inv = {f: column("investments", investments, f) for f in INVESTMENT_FIELDS}
        self._skipped = self._perf["skipped"] | self._pers["skipped"]
        self._staff = [self._pers[seat] for seat in SEATS]
        self._performed = [self._perf[f"performed{lv}"] for lv in range(4)]
        # a performer in a circus: its one-hots by key = 32 * relative seat + 16 if it has a trailer + 8 if
        # flipped + 1, 2, 4 for its cube slots 1, 2, 3 filled
        self._board = {x: [self._board_ones(x, key) for key in range(32 * MAX_SEATS)] for x in performers}
        self._salary = self._perf["salary"]
        bizarre = sum(p.type == "bizarre" for p in c.performers.values())
        salary_max = max(max(p.salary, p.secondary_salary) + (bizarre - 1 if p.per_bizarre else 0)
                         for p in c.performers.values()) or 1
        self._salary_value = [s / salary_max for s in range(salary_max + 1)]

        # a card in a hiring row: where its discounts and cost go, and their values by discounts (at most
        # one a turn, so at most last_turn)
        last_turn = self._last_turn = nums.last_turn
        self._row_at = {x: (self._perf["discounts"][x], self._perf["cost"][x]) for x in performers}
        self._row_at |= {x: (self._pers["discounts"][x], self._pers["cost"][x]) for x in personnel}
        perf_cost = max(p.cost for p in c.performers.values()) or 1
        pers_cost = max(q.cost for q in c.personnel.values()) or 1
        self._row_values = {x: [(d / last_turn, max(0, p.cost - d) / perf_cost) for d in range(last_turn + 1)]
                            for x, p in c.performers.items()}
        self._row_values |= {x: [(d / last_turn, max(0, q.cost - d) / pers_cost) for d in range(last_turn + 1)]
                             for x, q in c.personnel.items()}
        amounts = [e.amount for p in c.performers.values() for lv in (p.poor, p.good, p.outstanding) for e in lv]
        self._amount_max = max([1, *amounts, *(i.amount for i in c.investments.values())])
        self._moves_max = max(nums.moves_per_distribution, nums.supplier_moves) or 1

    def _board_ones(self, card: str, key: int) -> tuple[int, ...]:
        """The one-hots of `card` in a circus, by its key in `_board`."""
        f = self._perf
        seat, trailer, flipped, filled = key // 32, key & 16, key & 8, key & 7
        out = [f[SEATS[seat]][card]]
        out += [f[f"cube{i + 1}"][card] for i in range(3) if filled >> i & 1]
        level = 0
        while level < 3 and filled >> level & 1:
            level += 1
        if level:
            out.append(f[f"level{level}"][card])
        if flipped:
            out.append(f["flipped"][card])
        if trailer:
            out.append(f["trailer"][card])
        return tuple(out)

    # ------------------------------------------------------------------ the two ways in
    def encode(self, view: dict[str, Any]) -> np.ndarray:
        """The observation: `view` is `state.view(seat)` of the observing seat."""
        me = view["seat"]
        prompt = view["prompt"]
        sealed = view["sealed"]
        seats = view["seats"]
        filled = {x["id"]: x["cubes"] for s in seats for x in s["performers"]}
        flipped = {x["id"] for s in seats for x in s["performers"] if x["flipped"]}
        trailers = {x["id"] for s in seats for x in s["performers"] if x["trailer"]}
        mine = seats[me]
        work = mine.get("distribution")
        rows = {x["id"]: x["discounts"] for x in view["performer_row"]}
        rows.update({x["id"]: x["discounts"] for x in view["personnel_row"]})
        decks, discards, stock = view["decks"], view["discards"], view["stock"]
        return self._fill(
            me, view["over"], view["show"] - 1, view["turn"], view["step"], view["to_move"], view["start"],
            None if prompt is None else (prompt["kind"], prompt["seat"], prompt.get("data")),
            None if sealed is None else (sealed["kind"], sealed["chosen"], sealed["waiting"], sealed.get("mine")),
            [*(stock[col] for col in COLORS), view["trailers_left"], view["discount_tokens_left"],
             decks["performer"], decks["personnel"], decks["investment"]],
            [[s[count] for s in seats] for count in SEAT_COUNTS],
            [[s["storage"][col] for col in COLORS] for s in seats],
            [[x["id"] for x in s["performers"]] for s in seats],
            [[x["salary"] for x in s["performers"]] for s in seats],
            [filled] * len(seats), flipped, trailers,
            [s["personnel"] for s in seats], [s["skipped"] for s in seats], [s["show_levels"] for s in seats],
            [x["id"] for x in view["performer_row"]], [x["id"] for x in view["personnel_row"]], rows,
            (discards["performer"], discards["personnel"], discards["investment"]),
            view["markers"], view["queue"], view["regions"], view["votes"], view["organizer_block"],
            (mine["hand"], mine["looking"], mine["draft"], mine.get("starting_cubes"), mine.get("carry_out"),
             None if work is None else (work["moves_left"], work["agent_used"], work["assistant_used"])),
        )

    def encode_state(self, state: DrumRollState, seat: int) -> np.ndarray:
        """The fast path: `encode(state.view(seat))`, read from the state's fields that view shows."""
        work = state.work[seat]
        working = isinstance(work, Distribution)
        flipped, trailers, show = state.flipped, state.trailers, state.show
        salaries = [[state.salary(p, x) for x in circus] for p, circus in enumerate(state.circus)]
        storage, filled = state.storage, [state.filled] * state.players
        if working:
            storage = list(storage)
            storage[seat], filled[seat] = work.storage, work.filled
        prompt = state.prompts[-1] if state.prompts else None
        if prompt is not None and prompt[0] == "effect" and prompt[1] != seat:
            prompt = Prompt(prompt[0], prompt[1], None)
        sealed = state.sealed
        kind = state.sealed_kind
        listed = isinstance(work, list)
        public = None if sealed is None else sealed.public()  # a secret step shows nobody's progress
        return self._fill(
            seat, state.over, show, state.turn, state.step, state.to_move_seen_by(seat), state.start, prompt,
            None if sealed is None or public is None else (kind, public["chosen"], public["waiting"], sealed.choices.get(seat)),
            [*state.stock, state.trailer_stock, state.discount_stock,
             len(state.perf_deck), len(state.pers_deck), len(state.inv_deck)],
            (state.coins, state.prestige, [len(h) for h in state.hands],
             [state.hand_limit(p) for p in range(state.players)], state.bank, state.tickets,
             state.skips),
            storage, state.circus, salaries, filled, flipped, trailers, state.staff, state.skipped, state.levels,
            state.perf_row, state.pers_row, state.discount, (state.perf_discard, state.pers_discard, state.inv_discard),
            state.markers, state.queue, state.regions, [v._asdict() for v in state.vote_log[-1:]], state.organizer_block,
            (state.hands[seat], state.looking[seat], state.draft[seat],
             work if listed and kind != "carry_out" else None, work if listed and kind == "carry_out" else None,
             (work.moves, work.agent, work.assistant) if working else None),
        )

    # ------------------------------------------------------------------ writing the vector
    def _fill(
        self, me: int, over: bool, show: int, turn: int, step: str, to_move: Any, start: int, prompt: Any,
        sealed: Any, supply: list[int], seat_counts: Any, storage: Any, circus: Any, salaries: Any, filled: Any,
        flipped: Any, trailers: Any, staff: Any, skipped: Any, levels: Any, perf_row: Any, pers_row: Any,
        discounts: Any, discards: Any, markers: Any, queue: Any, regions: Any, votes: Any,
        organizer_block: int | None, mine: tuple[Any, ...],
    ) -> np.ndarray:
        """Write the plain values gathered by `encode` or `encode_state` into a new vector.

        `show` counts the shows given; lists by seat are in seat order and seat numbers absolute.
        `prompt` is (kind, seat, data, None where the seat may not see it), `sealed` (kind, seats
        chosen, seats waiting, own choice); `supply` the stock by colour, trailers, discount tokens and
        deck sizes; `seat_counts` one list by seat for each of SEAT_COUNTS; by seat the circus, its
        salaries and the cube slots by performer; `flipped` and `trailers` hold the performers flipped
        and with a trailer; `mine` the observer's (hand, looking, draft, starting cubes, carry-out
        choices, (moves left, agent used, assistant used) while distributing)."""
        flag, seat_flag = self._flag, self._seat_flag
        rel = self._rel[me]
        n = len(rel)
        ones = [self._show + show, self._turn + turn, self._step[step], seat_flag["start"][rel[start]]]
        at: list[int] = []
        val: list[float] = []
        if over:
            ones.append(flag["over"])

        # whose turn, the prompt, the sealed step, the observer's own choices so far, the last vote
        for p in to_move:
            ones.append(seat_flag["to_move"][rel[p]])
        if organizer_block is not None:
            ones.append(seat_flag["organizer_block"][rel[organizer_block]])
        if prompt is not None:
            kind, prompted, data = prompt
            ones += (self._prompt[kind], seat_flag["prompted"][rel[prompted]])
            if kind == "effect" and data is not None:
                effect, amount, colors = data
                ones.append(self._effect[effect])
                ones += map(self._effect.__getitem__, colors)
                at.append(self._mine["effect_amount"])
                val.append(min(amount, self._amount_max) / self._amount_max)
            elif kind == "outstanding":
                ones.append(self._perf["outstanding"][data])
        if sealed is not None:
            kind, chosen, waiting, own = sealed
            ones.append(self._sealed[kind])
            ones += map(seat_flag["sealed_chosen"].__getitem__, map(rel.__getitem__, chosen))
            ones += map(seat_flag["sealed_waiting"].__getitem__, map(rel.__getitem__, waiting))
            if kind == "draft" and own is not None:
                ones.append(self._perf["draft_pick"][own])
            elif kind == "vote" and own is not None:
                ones.append(flag["my_vote_delay"] if own else flag["my_vote_ready"])
        hand, looking, draft, starting_cubes, carry_out, distribution = mine
        if starting_cubes:
            for col in dict.fromkeys(starting_cubes):
                at.append(self._mine[f"starting_{col}"])
                val.append(starting_cubes.count(col) / 2)
        if carry_out:
            base = flag["my_carry_out0_yes"]
            ones += (base + 2 * i + (not yes) for i, yes in enumerate(carry_out))
        if distribution is not None:
            moves, agent, assistant = distribution
            ones.append(flag["distributing"])
            if agent:
                ones.append(flag["agent_used"])
            if assistant:
                ones.append(flag["assistant_used"])
            at.append(self._mine["moves_left"])
            val.append(min(moves, self._moves_max) / self._moves_max)
        if votes and votes[-1]["show"] == show:
            last = votes[-1]
            if last["delayed"]:
                ones.append(flag["last_vote_delayed"])
            ones += (seat_flag["voted_delay"][rel[p]] for p, delay in enumerate(last["votes"]) if delay)
            ones += map(seat_flag["voted_double"].__getitem__, map(rel.__getitem__, last["double"]))

        # markers and the hiring queue, in order; region tiles seat by seat, then the virtual one
        marker, queued = self._marker, self._queue
        for i, (p, s) in enumerate(markers):
            ones += marker[i][rel[p]][s]
        for i, (s, p) in enumerate(queue):
            ones += queued[i][rel[p]][s]
        region = self._region
        for i, r in enumerate(regions):
            ones.append(region[r][rel[i] if i < n else MAX_SEATS])

        # the rows, the discard piles, the observer's own cards
        perf, pers, inv = self._perf, self._pers, self._inv
        row_at, row_values, last_turn = self._row_at, self._row_values, self._last_turn
        ones += map(perf["row"].__getitem__, perf_row)
        ones += map(pers["row"].__getitem__, pers_row)
        for x in (*perf_row, *pers_row):
            at += row_at[x]
            val += row_values[x][min(discounts.get(x, 0), last_turn)]
        perf_discard, pers_discard, inv_discard = discards
        ones += map(perf["discard"].__getitem__, perf_discard)
        ones += map(pers["discard"].__getitem__, pers_discard)
        ones += map(inv["discard"].__getitem__, inv_discard)
        if hand:
            ones += map(inv["hand"].__getitem__, hand)
        if looking:
            ones += map(inv["looking"].__getitem__, looking)
        if draft:
            ones += map(perf["draft"].__getitem__, draft)

        # every seat, in the observer's order: counts, circus, personnel, salaries skipped, show levels
        pad = self._pad
        counts = list(supply)
        for values in seat_counts:
            counts += values[me:]
            counts += values[:me]
            counts += pad
        board, salary_at, salary_value, present = self._board, self._salary, self._salary_value, seat_flag["present"]
        for r, p in enumerate(self._order[me]):
            counts += storage[p]
            ones.append(present[r])
            key, slots = 32 * r, filled[p]
            for x, salary in zip(circus[p], salaries[p], strict=True):
                first, second, third = slots[x]
                ones += board[x][key + (first is not None) + 2 * (second is not None) + 4 * (third is not None)
                                 + 8 * (x in flipped) + 16 * (x in trailers)]
                at.append(salary_at[x])
                val.append(salary_value[salary])
            if staff[p]:
                ones += map(self._staff[r].__getitem__, staff[p])
            if skipped[p]:
                ones += map(self._skipped.__getitem__, skipped[p])
            if levels[p]:
                for x, level in levels[p].items():
                    ones.append(self._performed[level][x])
        counts += self._storage_pad

        out = np.zeros(self.shape, np.float32)
        scaled = out[self._counts:self._counts + len(counts)]
        scaled[:] = counts
        scaled *= self._count_scale
        np.minimum(scaled, 1.0, out=scaled)
        np.maximum(scaled, -1.0, out=scaled)
        out.put(ones, 1.0)
        out.put(at, val)
        return out
