"""One speed measurement of the bigtop found on `sys.path`, printed as one JSON line.

    python bench/worker.py playout drumroll 3      # {"rate": decisions per CPU second, ...}
    python bench/worker.py ismcts carcassonne 3    # ISMCTS iterations per CPU second
    python bench/worker.py determinize trollfest 3 # determinize's cost over clone's
    python bench/worker.py phases carcassonne 3    # CPU seconds per decision, game split in thirds
    python bench/worker.py turns carcassonne 3     # the same per turn (one seat's decisions in a row)
    python bench/worker.py view drumroll 3         # views (each seat's, a spectator's) per CPU second
    python bench/worker.py evaluate trollfest 3    # the game's ISMCTS `evaluate` calls per CPU second

`bench/compare.py` runs it against two source trees in turn. It uses only what every revision of
the public API has (`games.get`, `new`, `to_move`, `legal_actions`, `apply`, `clone`,
`determinize`, `view`, `bigtop.bots.ismcts.IsmctsBot`, a game's `evaluate` hook), so an older tree measures the same way. Every
measure does a fixed amount of work and times it in CPU seconds, which other processes on a
busy machine disturb less than the wall clock.
"""

from __future__ import annotations

import argparse
import json
import time

from bigtop import games
from bigtop.core.rng import Rng

clock = time.process_time


def random_game(game, players, seed, rng):
    """Play a random game from `seed` through the public API; how many decisions it took."""
    state = game.new(players, seed=seed)
    decisions = 0
    while not state.is_over():
        for seat in state.to_move():
            if seat not in state.to_move():
                continue
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
            decisions += 1
    return decisions


def warm_up(game, players):
    """One untimed game: a process loads and compiles a game's data files on its first game, a
    cost of the process, not of the games it plays (and one that differs between revisions)."""
    random_game(game, players, 10**6, Rng(1))


def playout(game, players, work):
    """Decisions per CPU second of random play through `legal_actions` and `apply`, each game's
    set-up included (after one untimed game)."""
    warm_up(game, players)
    rng = Rng(12345)
    decisions = 0
    start = clock()
    games_played = 0
    while True:
        decisions += random_game(game, players, games_played, rng)
        games_played += 1
        if clock() - start >= work:
            break
    return {"rate": decisions / (clock() - start), "games": games_played}


def positions(game, players, count, seed=7):
    """`count` states of one random game, from its start then evenly spread. (The same walk as
    `bigtop.terminal.bench.measure_ismcts`'s, written out here: this script runs on older trees.)"""
    rng = Rng(2024)
    length = random_game(game, players, seed, Rng(99))
    every = max(1, length // count)
    state = game.new(players, seed=seed)
    out = []
    step = 0
    while not state.is_over():
        if step % every == 0 and len(out) < count:
            out.append(state.clone())
        step += 1
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return out


def ismcts(game, players, work):
    """ISMCTS iterations per CPU second at the default settings, from three points of a game."""
    from bigtop.bots.ismcts import IsmctsBot

    states = positions(game, players, 3)
    bot = IsmctsBot(game, seed=1, iterations=50)  # every other setting at its default
    rng = Rng(5)
    iterations = 0
    start = clock()
    while clock() - start < work:
        for state in states:
            seat = state.to_move()[0]
            bot.search(state.determinize(seat, rng.fork()), seat)
            iterations += bot.last_iterations
    return {"rate": iterations / (clock() - start)}


def per_call(fn, states, work):
    calls = 0
    start = clock()
    while clock() - start < work:
        for state in states:
            fn(state)
        calls += len(states)
    return (clock() - start) / calls


def determinize(game, players, work):
    """Seconds per `determinize` and per `clone` over 12 points of a game, and their ratio."""
    states = positions(game, players, 12)
    rng = Rng(3)
    det = per_call(lambda s: s.determinize(s.to_move()[0], rng), states, work / 2)
    clone = per_call(lambda s: s.clone(), states, work / 2)
    return {"rate": 1.0 / det, "determinize_s": det, "clone_s": clone, "ratio": det / clone}


def evaluate(game, players, work):
    """The game's `evaluate` hook (the ISMCTS leaf value) per CPU second, on a determinization of
    each of 12 points of a game, as a search calls it. The same states come round again, so what
    a game keeps between calls is found every time after the first: a best case for a memo (a
    search meets new positions too; `ismcts` counts those)."""
    rng = Rng(4)
    states = [s.determinize(s.to_move()[0], rng) for s in positions(game, players, 12)]
    return {"rate": 1.0 / per_call(game.evaluate, states, work)}


def view(game, players, work):
    """Views per CPU second (every seat's and a spectator's) over 12 points of a game: what the
    server builds for each watcher after every move."""
    states = positions(game, players, 12)
    seats = [*range(players), None]
    return {"rate": len(seats) / per_call(lambda s: [s.view(p) for p in seats], states, work)}


def _thirds(game, players, work, per_turn):
    """CPU seconds per decision (or per turn: a run of one seat's decisions in a row) in each third
    of random games, and the last third's over the first's."""
    warm_up(game, players)
    rng = Rng(77)
    totals = [0.0, 0.0, 0.0]
    counts = [0, 0, 0]
    seed = 0
    start = clock()
    while clock() - start < work:
        state = game.new(players, seed=seed)
        seed += 1
        times = []
        last = None
        while not state.is_over():
            t0 = clock()
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
            if per_turn and seat == last:
                times[-1] += clock() - t0
            else:
                times.append(clock() - t0)
            last = seat
        n = len(times)
        for i, t in enumerate(times):
            third = min(2, 3 * i // n)
            totals[third] += t
            counts[third] += 1
    per = [t / c for t, c in zip(totals, counts, strict=True)]
    return {"rate": 1.0 / (sum(totals) / sum(counts)), "thirds_s": per, "last_over_first": per[2] / per[0]}


def phases(game, players, work):
    """CPU seconds per random decision in each third of the game (the first, middle and last)."""
    return _thirds(game, players, work, per_turn=False)


def turns(game, players, work):
    """CPU seconds per turn in each third of the game, a turn being a run of one seat's decisions
    in a row (in Carcassonne: a tile laid and its figure, if any)."""
    return _thirds(game, players, work, per_turn=True)


MEASURES = {"playout": playout, "ismcts": ismcts, "determinize": determinize, "phases": phases, "turns": turns, "view": view,
            "evaluate": evaluate}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("measure", choices=sorted(MEASURES))
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("--work", type=float, default=1.0, help="CPU seconds of work (default 1)")
    args = parser.parse_args()
    game = games.get(args.game)
    print(json.dumps(MEASURES[args.measure](game, args.players, args.work)))


if __name__ == "__main__":
    main()
