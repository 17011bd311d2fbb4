#!/usr/bin/python3
"""What an information state costs in bellwether.spiel, per game (issue 52).

Three figures at move 150 of a seeded random game (or the game's last move before its end
when it is shorter; the move is printed):
- string, asked at every step: microseconds for the first information_state_string(seat) of
  the state at that move when the state it came from was asked at every step before, as a
  CFR-style traversal does; plus the cost per step of keeping it (apply_action with the
  seat's state kept, minus apply_action alone).
- string, asked first at that move: a state nobody asked before (it must catch up).
- tensor: the first information_state_tensor(seat) at that move, asked at every step before.

Each figure is the median over --games seeded games.

    /usr/bin/python3 examples/python/bench_infostate.py [--games 20] [--move 150] [--only bye-bye]
"""
import argparse
import statistics
import time

import numpy as np

import bellwether
import bellwether.spiel as pyspiel


def timed(call, repeats=5):
    """Median seconds of `call()` over `repeats` calls."""
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def play_to(game_id, seed, move, ask_every_step):
    """A state one action before `move` (or before the end), the action that follows, and the seconds
    of apply_action until then (the information state of seat 0 asked at each step when
    `ask_every_step`, as a traversal does)."""
    rng = np.random.default_rng(seed)
    state = pyspiel.load_game(game_id, {"players": 3, "seed": seed}).new_initial_state()
    spent = 0.0
    while True:
        legal = state.legal_actions()
        action = legal[int(rng.integers(len(legal)))]
        ahead = state.clone()
        ahead.apply_action(action)
        if ahead.is_terminal() or ahead.move_number() >= move:
            return state, action, spent
        if ask_every_step:
            state.information_state_string(0)
            state.information_state_tensor(0)
        start = time.perf_counter()
        state.apply_action(action)
        spent += time.perf_counter() - start


def measure(game_id, games, move):
    """Per game (medians): the move reached, µs of the string's first ask there, µs of keeping it per
    step, µs of a string asked first there, µs of the tensor there."""
    reached, asked, keep, cold, tensor = [], [], [], [], []
    for g in range(games):
        kept, action, with_keep = play_to(game_id, g, move, True)
        bare, _, without = play_to(game_id, g, move, False)
        kept.information_state_string(0)
        keep.append((with_keep - without) / max(1, kept.move_number()))
        kept.apply_action(action)
        bare.apply_action(action)
        reached.append(kept.move_number())
        # Each figure is the first ask of a state: the string is joined once and kept with it.
        asked.append(timed(lambda: kept.information_state_string(0), repeats=1))
        tensor.append(timed(lambda: kept.information_state_tensor(0), repeats=1))
        cold.append(timed(lambda: bare.clone().information_state_string(0), repeats=3))
    us = lambda xs: statistics.median(xs) * 1e6
    return statistics.median(reached), us(asked), us(keep), us(cold), us(tensor)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="seeded games per figure (median)")
    parser.add_argument("--move", type=int, default=150, help="the move at which to ask")
    parser.add_argument("--only", help="one game id")
    args = parser.parse_args()
    ids = [args.only] if args.only else [g["id"] for g in bellwether.games()]
    print(f"information state of seat 0 at move {args.move} (or the last before the end), median of {args.games} games")
    print("| game | move | string, asked at every step (µs) | keeping it, per step (µs) "
          "| string, asked first there (µs) | tensor, asked at every step (µs) |")
    print("|---|---|---|---|---|---|")
    for game_id in ids:
        reached, asked, keep, first, tensor = measure(game_id, args.games, args.move)
        print(f"| {game_id} | {reached:.0f} | {asked:.1f} | {keep:.1f} | {first:.0f} | {tensor:.1f} |", flush=True)


if __name__ == "__main__":
    main()
