"""Judging one decision: what the move played cost its seat against the move the search prefers.

A first search from the deciding seat's view (the budget's `iterations`, and at least `PER_MOVE`
per legal move; playouts of the game's review `depth`) finds the moves it prefers. If the move played is its first choice, the decision
cost nothing and the judging stops there: most decisions of a good player end here, at a small
budget. Otherwise the move played is compared with the search's preferred moves (up to
`CANDIDATES` of them, and the move that gains the seat most points at once if the search did not
prefer it: a small first search among many moves can miss a city that a tile closes) in rounds: each round draws one determinization from the seat's view and
plays every move compared out from it alike (the same hidden cards, the same future draws, the
same random choices of the playout policy), for `compare_depth` moves before the game's
evaluation (or to the game's end), further than the first search looks. A difference within a
round is far less noisy than one between separate searches. The first `ROUND` rounds choose the
best of the preferred moves (played out `choose_depth` moves); the loss is measured on the rounds
after them, so that the choice does not favour it. Rounds
are added until the loss, in win chance and in points of lead, is clearly inside one grade (no
threshold within its 95 % interval) or the budget's `pairs` are spent: the search goes deeper
only where the move played looks worse. A mistake or a blunder is settled only after
`CONDEMN_AFTER` rounds: a few rounds with a lucky or unlucky playout in them can look clear.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bigtop.analysis import calibration
from bigtop.analysis.grading import WIN_THRESHOLDS, Scale, scale_of
from bigtop.analysis.search import ActionValue, Budget, Playout, ReviewSearch, action_values, half_width, leads
from bigtop.bots.ismcts import Node, play
from bigtop.core.actions import Action
from bigtop.core.api import State
from bigtop.core.errors import BigtopError
from bigtop.core.rng import Rng

ROUND = 16  # rounds of comparison between two looks at the loss
CONDEMNING = ("blunder", "mistake")  # grades settled only after CONDEMN_AFTER rounds (or the budget's pairs)
CONDEMN_AFTER = 48  # a playout's lead has heavy tails: 16 rounds can look settled and be noise
CANDIDATES = 2  # preferred moves of the first search compared with the move played (and the move that gains most at once)
GAIN_SALT = 0x6A1E  # the determinization the moves' immediate gains are read on: its own draws
PER_MOVE = 2  # the first search runs at least this many iterations per legal move


@dataclass(frozen=True)
class Judgement:
    """A decision judged: the move the search prefers (`best`), the first search's values of the
    position (`position`: every seat's win chance, score and lead with its first choice), every seat's win
    chance after the preferred move and after the move played as they were compared (`win_best`,
    `win_after`), the win chance, points of lead and points of score the move
    played gave up (0 for the preferred move; win chance and lead with 95 % half-widths), its
    grade, the search's effort (iterations in all, pairs compared), and the first search's tree
    under the move played (`subtree`, for the seat's next decision)."""

    seat: int
    played: Action
    best: Action
    position: ActionValue
    win_best: tuple[float, ...]
    win_after: tuple[float, ...]
    win_loss: float
    win_loss_margin: float
    lead_loss: float
    lead_loss_margin: float
    score_loss: float
    grade: str | None
    iterations: int
    pairs: int
    subtree: Node | None = field(default=None, compare=False, repr=False)


class _Pairs:
    """Sums over paired playouts (preferred move, move played) for the deciding seat."""

    def __init__(self, players: int) -> None:
        self.n = 0
        self.raw_best = [0.0] * players
        self.raw_played = [0.0] * players
        self.win = self.win_sq = self.lead = self.lead_sq = self.score = self.reward = 0.0

    def add(self, seat: int, best: Playout, played: Playout, scale: Scale) -> None:
        self.n += 1
        self.reward += scale.reward(best.win, best.lead)[seat] - scale.reward(played.win, played.lead)[seat]
        for p in range(len(best.win)):
            self.raw_best[p] += best.win[p]
            self.raw_played[p] += played.win[p]
        d = best.win[seat] - played.win[seat]
        self.win += d
        self.win_sq += d * d
        d = best.lead[seat] - played.lead[seat]
        self.lead += d
        self.lead_sq += d * d
        self.score += best.score[seat] - played.score[seat]

    def losses(self, seat: int, calibrated: calibration.Calibration) -> tuple[float, float, float, float, tuple[float, ...], tuple[float, ...]]:
        """Win chance lost (calibrated) and its half-width, lead lost and its half-width, and every
        seat's calibrated win chance after the preferred move and after the move played."""
        n = self.n
        best = [x / n for x in self.raw_best]
        played = [x / n for x in self.raw_played]
        before = calibrated.apply(best, [0.0] * len(best), seat)[0]
        after = calibrated.apply(played, [0.0] * len(played), seat)[0]
        raw_margin = half_width(n, self.win, self.win_sq, 0.25 / n)
        middle = [(b + p) / 2 for b, p in zip(best, played, strict=True)]
        win_margin = calibrated.apply(middle, [raw_margin] * len(middle), seat)[1][seat]
        return before[seat] - after[seat], win_margin, self.lead / n, half_width(n, self.lead, self.lead_sq, 1.0 / n), before, after


def _settled(loss: float, margin: float, thresholds: tuple[float, ...]) -> bool:
    """Whether no threshold lies within the loss's interval: more search would not change its grade."""
    return not any(loss - margin < t < loss + margin for t in thresholds)


def preferred(search: ReviewSearch, seat: int) -> list[Action]:
    """The deciding seat's first choices, the search's preferred first: by visits, where visits
    differ by a tenth of the most visited or more; within that, by the mean lead their playouts
    reached (in a lost or won position the win chances, hence the visits, hardly differ, and the
    lead still tells a good move from a bad one)."""
    tallies = search.tallies
    most = max((search.first_visits(a) for a in tallies), default=0.0) or 1.0  # type: ignore[arg-type]  # a seat's tallies are keyed by actions (None is a spectator's key)

    def key(action: Action) -> tuple[float, float]:
        tally = tallies[action]
        return (-round(10 * search.first_visits(action) / most), -(tally.lead[seat] / tally.n if tally.n else 0.0))

    return sorted(tallies, key=key)  # type: ignore[arg-type]  # a seat's tallies are keyed by actions (None is a spectator's key)


def gaining(state: State, seat: int, seed: int) -> Action | None:
    """The move that gains `seat` the most lead at once, read on one determinization of what the seat
    knows: its lead after the move and, if it alone decides again at once (a tile, then its figure),
    after its best next move too; None if no move gains anything."""
    det = state.determinize(seat, Rng(seed ^ GAIN_SALT))
    det.silence()
    before = leads(det.scores())[seat]

    def after(copy: State) -> float:
        return leads(copy.scores())[seat]

    best: tuple[float, Action | None] = (0.0, None)
    for action in state.distinct_choices(det.legal_actions(seat)):
        copy = det.clone()
        play(copy, seat, action)
        gain = after(copy) - before
        if not copy.is_over() and tuple(copy.to_move()) == (seat,):
            for follow in copy.legal_actions(seat):
                then = copy.clone()
                play(then, seat, follow)
                gain = max(gain, after(then) - before)
        if gain > best[0]:
            best = (gain, action)
    return best[1]


def judge(
    state: State, seat: int, played: Action, budget: Budget, seed: int = 0, scale: Scale | None = None,
    calibrated: calibration.Calibration | None = None, tree: Node | None = None,
) -> Judgement:
    """Judge `seat`'s move `played` in `state`, searched from `seat`'s information set only.
    `tree` continues the first search of the seat's previous decision (its `subtree`), when
    nothing was drawn or revealed since: the iterations it holds count towards the budget, down
    to half of it run anew."""
    legal = state.legal_actions(seat)
    if played not in legal:
        raise BigtopError(f"{played} is not one of seat {seat}'s legal actions here")
    game = state.game
    scale = scale if scale is not None else scale_of(game.name)
    calibrated = calibrated if calibrated is not None else calibration.for_game(game.name)
    search = ReviewSearch(game, seed, seat, scale, root=tree)
    search.space = state.action_space  # the keys of the tree continued, read before it runs
    wanted = max(budget.iterations, PER_MOVE * len(legal))
    inherited = sum(search.first_visits(a) for a in legal)
    iterations = max(-(-wanted // 2), wanted - int(inherited))
    done = search.run(state, iterations, budget.seconds)
    ranked = preferred(search, seat)
    position = next(v for v in action_values(search, calibrated, seat) if v.action == ranked[0])
    subtree = search.subtree(played)
    choice = state.choice_key  # a copy of the card played is the move played
    if choice(ranked[0]) == choice(played) or budget.pairs == 0:  # no comparison asked for: the first search's values alone
        best = played if choice(ranked[0]) == choice(played) else ranked[0]
        return Judgement(seat, played, best, position, position.wins, position.wins, 0.0, 0.0, 0.0, 0.0, 0.0, None, done, 0, subtree)
    candidates = state.distinct_choices([a for a in ranked if choice(a) != choice(played)])[:CANDIDATES]
    greedy = gaining(state, seat, seed)
    if greedy is not None and choice(greedy) != choice(played) and all(choice(greedy) != choice(a) for a in candidates):
        candidates.append(greedy)
    deep = ReviewSearch(game, seed + 1, seat, scale, depth=scale.compare_depth)
    iterations = done
    if len(candidates) > 1:  # the first rounds choose among the candidates; they are not counted in the loss
        trial = {a: _Pairs(state.players) for a in candidates}
        choose = deep if scale.choose_depth in (None, scale.compare_depth) else ReviewSearch(game, seed + 2, seat, scale, depth=scale.choose_depth)
        for _ in range(ROUND):
            out = choose.compare(state, [played, *candidates])
            for a, playout in zip(candidates, out[1:], strict=True):
                trial[a].add(seat, playout, out[0], scale)
        iterations += ROUND * (1 + len(candidates))
        candidates = [max(candidates, key=lambda a: trial[a].reward)]
    best = candidates[0]
    pairs = _Pairs(state.players)
    while True:
        for _ in range(min(ROUND, budget.pairs - pairs.n)):
            with_best, as_played = deep.compare(state, [best, played])
            pairs.add(seat, with_best, as_played, scale)
        win_loss, win_margin, lead_loss, lead_margin, before, after = pairs.losses(seat, calibrated)
        grade = scale.grade(win_loss, win_margin, lead_loss, lead_margin)
        if pairs.n >= budget.pairs or (_settled(win_loss, win_margin, WIN_THRESHOLDS)
                                       and _settled(lead_loss, lead_margin, scale.points)
                                       and (grade not in CONDEMNING or pairs.n >= CONDEMN_AFTER)):
            break
    return Judgement(seat, played, best, position, before, after, win_loss, win_margin, lead_loss, lead_margin,
                     pairs.score / pairs.n, grade, iterations + 2 * pairs.n, pairs.n, subtree)
