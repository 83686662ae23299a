"""The rating scale: the OpenSkill model, and where each bot plays on it in each game.

Bots are fixed anchors: a bot kind plays at a rating (mu, sigma) that no game moves, so beating it
means the same thing all along. Where the anchors sit is measured, game by game: Normal
(`heuristic`) plays at a newcomer's mu, and every other bot is placed from a bot already placed by
games between them (`MEASURED`, each with the command that plays them). A gap is the one at which
the rating model (Plackett-Luce: `first_seat_wins`) gives the bot in one seat its share of wins against the other bot in
every other seat, the share counted with one more win and one more loss than were played, so a
perfect record still gives a finite gap. A game with no measurements (a game registered at run
time) uses `NOMINAL`; a bot kind with no anchor plays at a newcomer's rating, not kept.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
NEWCOMER = (MODEL.mu, MODEL.sigma)
ANCHOR_SIGMA = 1.0
# Bot kinds and their ratings in a game with no measurements: Easy, Normal, Strong.
NOMINAL = {"random": (15.0, ANCHOR_SIGMA), "heuristic": (MODEL.mu, ANCHOR_SIGMA), "ismcts": (30.0, ANCHOR_SIGMA)}
REFERENCE = "heuristic"


@dataclass(frozen=True)
class HeadToHead:
    """Games of `bot` in one seat against `others` in every other seat: its wins (a shared win a
    share) of `games`, at `players` seats (every seating of each deal; `bigtop arena`)."""

    bot: str
    others: str
    players: int
    wins: float
    games: int

    def share(self) -> float:
        """The measured share of wins, with one more win and one more loss."""
        return (self.wins + 1) / (self.games + 2)


# Played with `bigtop arena GAME -p PLAYERS --bots BOT,OTHERS[,OTHERS] -n GAMES --seed 1000 --workers 1`
# (docs/server.md, "Ratings"). In this order, each places the one of its two bots not yet placed.
MEASURED: dict[str, tuple[HeadToHead, ...]] = {
    "drumroll": (
        HeadToHead("heuristic", "random", 2, 100, 100),
        HeadToHead("ismcts", "heuristic", 2, 16, 20),
        HeadToHead("learned", "ismcts", 2, 9, 20),
    ),
    "trollfest": (
        HeadToHead("heuristic", "random", 3, 98, 99),
        HeadToHead("ismcts", "heuristic", 3, 8, 18),
        HeadToHead("learned", "ismcts", 3, 4, 18),
    ),
    "carcassonne": (
        HeadToHead("heuristic", "random", 2, 100, 100),
        HeadToHead("ismcts", "heuristic", 2, 15.5, 20),
        HeadToHead("learned", "ismcts", 2, 19, 20),
    ),
}


def _scale(players: int) -> float:
    """The Plackett-Luce model's `c` for `players` seats at fixed anchors, as `MODEL.rate` takes it:
    each seat's sigma widened by tau, then sqrt(sum of sigma^2 + beta^2)."""
    return math.sqrt(players * (ANCHOR_SIGMA**2 + MODEL.tau**2 + MODEL.beta**2))


def first_seat_wins(gap: float, players: int) -> float:
    """The chance, in the model that rates the games (Plackett-Luce), that a bot `gap` above the
    others, all at fixed anchors, finishes first of `players` seats."""
    ahead = math.exp(gap / _scale(players))
    return ahead / (ahead + players - 1)


def gap_for(share: float, players: int) -> float:
    """The gap above the others at which the model gives a bot `share` of the wins (the inverse of
    `first_seat_wins`)."""
    return _scale(players) * math.log(share * (players - 1) / (1 - share))


@cache
def anchors(game: str) -> dict[str, tuple[float, float]]:
    """Each bot kind's fixed rating (mu, sigma) in `game`."""
    measured = MEASURED.get(game)
    if measured is None:
        return dict(NOMINAL)
    placed = {REFERENCE: NOMINAL[REFERENCE]}
    for h in measured:
        gap = gap_for(h.share(), h.players)
        if h.others in placed:
            placed[h.bot] = (placed[h.others][0] + gap, ANCHOR_SIGMA)
        else:
            placed[h.others] = (placed[h.bot][0] - gap, ANCHOR_SIGMA)
    return placed


def anchor(game: str, bot: str) -> tuple[float, float]:
    """The rating `bot` plays at in `game`: its anchor, or a newcomer's if it has none."""
    return anchors(game).get(bot, NEWCOMER)
