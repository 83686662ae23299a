"""Troll Fest hooks for the ISMCTS bot: `evaluate` (a cheap per-seat value of an unfinished game).

A seat's worth is its points so far plus the Festival it would score if the Festival were held now
with its band (before the band is shown: the artists kept so far and the strongest one per undecided
instrument among those it holds)
and every Festival card in its hand played (hands of other seats are whatever the determinization
dealt them), plus the concerts still to give (tour tokens left, as many as the tour is likely to
last, each worth more the more artists of one species the band has), plus the end-of-tour bonuses
it already holds. The value is a logistic of the lead over the best other seat. Everything is read
from the state it is given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bigtop.bots.ismcts import margin_values
from bigtop.core import Action, Rng
from bigtop.games.trollfest.data import COLOURS
from bigtop.games.trollfest.pieces import TOUR_TOKENS
from bigtop.games.trollfest.scoring import ATTRIBUTES, band_profile, profile_scores

if TYPE_CHECKING:
    from bigtop.games.trollfest.state import TrollFestState

SCALE = 15.0  # points of lead worth e (logistic scale)
OTHER_CARD = 1.5  # a tour, Duo or Hammer card in hand, before the Festival
FESTIVAL_EARLY = 0.5  # weight of the Festival-if-held-now before the Festival (others still recruit)
STRENGTH = 0.3  # per point of Energy, Charisma and Skill in the band, before the Festival
CONCERT_BASE = 1.0  # points a concert is worth besides its species points
CONCERT_SPECIES = 0.3  # share of the band's largest species a concert is worth on average


def _prospective_band(s: TrollFestState, p: int) -> list[int]:
    """The band p has, or before the reveal the strongest artist per instrument it holds."""
    if s.band[p] or s.phase not in ("draft", "form"):
        return s.band[p]
    c = s.c
    if s.phase == "form":  # kept artists stay; undecided instruments take their best candidate
        todo = s.todo[p]
        held = [a for a in s.pile[p] if c.artists[a].instrument in todo]
    else:
        held = s.start_hand[p] + [x for x in s.picks[p] if c.is_artist(x)]
    best: dict[str, tuple[int, int]] = {}
    for a in held:
        art = c.artists[a]
        strength = art.energy + art.charisma + art.skill
        old = best.get(art.instrument)
        if old is None or strength > old[0]:
            best[art.instrument] = (strength, a)
    band = [a for _, a in best.values()]
    return s.kept[p] + band if s.phase == "form" else band


def worth(s: TrollFestState) -> list[float]:
    """Each seat's estimated final score."""
    c = s.c
    n = s.players
    out = [float(x) for x in s.score]
    if s.phase == "over":
        return out
    bands = [_prospective_band(s, p) for p in range(n)]
    # the tour ends soon after a seat places its last token: tokens beyond that are never played
    if s.phase == "tour":
        if s.trigger >= 0:
            turns = [1 if p != s.trigger else 0 for p in range(n)]
        else:
            turns = [min(s.tokens) + 1] * n
        concerts = [min(s.tokens[p], turns[p]) for p in range(n)]
    else:
        concerts = [0 if s.phase == "festival" else TOUR_TOKENS[n]] * n
    profiles = [band_profile(c, band) for band in bands]
    for p, profile in enumerate(profiles):
        out[p] += concerts[p] * (CONCERT_BASE + CONCERT_SPECIES * profile.most_of_a_common_species)
        if s.phase != "festival":
            out[p] += STRENGTH * sum(profile.totals)  # a smooth stand-in for the Festival's places
    if any(bands):
        bonus = [list(b) for b in s.bonus]
        lights: list[list[int]] = []
        for p in range(n):
            mine = [COLOURS.index(card.colour) for card in map(c.action, s.played[p]) if card.effect == "light"]
            for x in s.hand[p] + s.picks[p]:  # picks: action cards drafted, in hand after the draft
                if c.is_artist(x):
                    continue
                card = c.action(x)
                if card.kind != "festival":
                    if s.phase != "festival":
                        out[p] += OTHER_CARD
                    continue
                if card.effect == "light":
                    mine.append(COLOURS.index(card.colour))
                elif card.effect in ATTRIBUTES:
                    bonus[p][ATTRIBUTES.index(card.effect)] += card.value
                elif card.effect == "points":
                    out[p] += card.value
            lights.append(mine)
        fest = profile_scores(c, profiles, bonus, s.dragons, lights)
        weight = 1.0 if s.phase == "festival" else FESTIVAL_EARLY
        for p in range(n):
            out[p] += weight * sum(fest[p].values())
    fixed = c.fixed
    if s.phase == "tour":
        for p in range(n):
            if s.tokens[p] == 0:
                out[p] += fixed["all_tokens"]
    return out


def evaluate(s: TrollFestState) -> list[float]:
    """A value in [0, 1] per seat: logistic of the estimated lead."""
    return margin_values(worth(s), SCALE)


_POLICY = None


def rollout_action(s: TrollFestState, player: int, legal: list[Action], rng: Rng) -> Action:
    """The playout policy: the heuristic bot's greedy choice, whose few random values (the band
    name, the vote, a starting city's jitter) come from the search's `rng`, so that a search
    depends on its own seed alone, not on what searches ran before it in the process."""
    global _POLICY
    if _POLICY is None:
        from bigtop.games.trollfest.bot import HeuristicBot

        _POLICY = HeuristicBot(0)
    _POLICY.rng = rng
    return _POLICY.choose(s, player, legal)
