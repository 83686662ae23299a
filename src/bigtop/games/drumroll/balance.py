"""Balance simulations: heuristic bots against each other, win rates by seat, type held and card hired.

Run: `python -m bigtop.games.drumroll.balance [games] [players]`, or
`python -m bigtop.games.drumroll.balance vs-random [games] [players]` for the heuristic bot against random bots
(random-playout speed: `bigtop bench drumroll -p N`).
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from typing import Any

from bigtop.bots.match import play_game
from bigtop.bots.random_bot import RandomBot

from .data import TYPES
from .game import GAME


def simulate(games: int = 300, players: int = 3, seed: int = 0) -> dict[str, Any]:
    """Play `games` games of heuristic bots; count wins (shared wins count 1/k) by seat, type, card."""
    seat_wins = [0.0] * players
    type_held: Counter[str] = Counter()
    type_wins: defaultdict[str, float] = defaultdict(float)
    card_held: Counter[str] = Counter()
    card_wins: defaultdict[str, float] = defaultdict(float)
    scores: list[float] = []
    for g in range(games):
        bots = [GAME.heuristic_bot(seed + g * players + k) for k in range(players)]
        state = play_game(GAME, bots, seed=seed + g)
        result = state.result()
        share = 1.0 / len(result.winners)
        for w in result.winners:
            seat_wins[w] += share
        owned: list[set[str]] = [set() for _ in range(players)]
        for event in state.events:
            if event.kind == "hired" and event.data["card"] in state.content.performers:
                owned[event.data["seat"]].add(event.data["card"])
            elif event.kind == "draft_revealed":
                for p, circus in enumerate(event.data["circus"]):
                    owned[p].update(circus)
        for p in range(players):
            win = share if p in result.winners else 0.0
            for card in owned[p]:
                card_held[card] += 1
                card_wins[card] += win
            for t in {state.content.performers[x].type for x in owned[p]}:
                type_held[t] += 1
                type_wins[t] += win
        scores.extend(result.scores)
    return {
        "games": games,
        "players": players,
        "seat_win_rate": [w / games for w in seat_wins],
        "type_win_rate": {t: (type_wins[t] / type_held[t] if type_held[t] else 0.0, type_held[t]) for t in TYPES},
        "card_win_rate": {c: (card_wins[c] / card_held[c], card_held[c]) for c in sorted(card_held)},
        "mean_score": sum(scores) / len(scores),
    }


def vs_random(games: int = 300, players: int = 3) -> float:
    """The share of games one heuristic bot wins outright against random bots (its seat rotates)."""
    wins = 0
    for g in range(games):
        seat = g % players
        bots: list[Any] = [RandomBot(10_000 + g * players + k) for k in range(players)]
        bots[seat] = GAME.heuristic_bot(g)
        wins += play_game(GAME, bots, seed=g).result().winners == (seat,)
    return wins / games


def main(argv: list[str]) -> None:
    if argv and argv[0] == "vs-random":
        games = int(argv[1]) if len(argv) > 1 else 300
        players = int(argv[2]) if len(argv) > 2 else 3
        print(f"heuristic bot vs {players - 1} random bots: wins {vs_random(games, players):.1%} of {games} games")
        return
    games = int(argv[0]) if argv else 300
    players = int(argv[1]) if len(argv) > 1 else 3
    out = simulate(games, players)
    print(f"{games} games, {players} heuristic bots; mean score {out['mean_score']:.1f}")
    print("win rate by seat: " + ", ".join(f"{p}: {w:.1%}" for p, w in enumerate(out["seat_win_rate"])))
    print("| type | players who hired one | win rate |\n| --- | --- | --- |")
    for t, (rate, n) in out["type_win_rate"].items():
        print(f"| {t} | {n} | {rate:.1%} |")
    print("| card | times hired | win rate |\n| --- | --- | --- |")
    for c, (rate, n) in sorted(out["card_win_rate"].items(), key=lambda kv: -kv[1][0]):
        print(f"| {c} | {n} | {rate:.1%} |")


if __name__ == "__main__":
    main(sys.argv[1:])
