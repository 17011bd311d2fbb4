#!/usr/bin/python3
"""ISMCTS from Python: reach a position, ask the search what to play, and look at its choice.

    /usr/bin/python3 examples/python/ismcts_position.py --game black-sheep --moves 6 --iters 2000

The position comes from a few random moves of a seeded game (or from a record file with
--record); the search runs inside C++ without the GIL. To compare, the heuristic agent's
choice and, for a few candidate actions, a small Monte Carlo estimate made in Python with
clone_for() (a copy redrawn as the seat knows it) and random play-outs are shown too.
"""
import argparse
import sys
import time

import numpy as np

import bellwether


def playout_share(state, seat, action, rng, worlds):
    """The win share of `seat` after `action`, averaged over determinized worlds and random play-outs."""
    total = 0.0
    for w in range(worlds):
        # Not state.clone(): that copy keeps the real deck order, and the play-outs would see the draws.
        world = state.clone_for(seat, seed=int(rng.integers(1 << 31)))
        world.apply(action)
        while not world.is_terminal:
            legal = world.legal_actions()
            world.apply(legal[int(rng.integers(len(legal)))])
        if seat in world.winners:
            total += 1.0 / len(world.winners)
    return total / worlds


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="black-sheep")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--moves", type=int, default=6, help="random moves before the position")
    parser.add_argument("--record", help="start from this record file instead")
    parser.add_argument("--iters", type=int, default=2000, help="ISMCTS iterations")
    parser.add_argument("--worlds", type=int, default=100, help="Python play-outs per candidate")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    if args.record:
        state = bellwether.from_record(args.record)
    else:
        state = bellwether.new_game(args.game, players=args.players, seed=args.seed)
        for _ in range(args.moves):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    if state.is_terminal:
        print("the game is already over")
        return 1
    seat = state.current_player
    print(state.render(seat))
    print(f"\nseat {seat} to decide; legal: {', '.join(state.action_text(a) for a in state.legal_actions())}\n")

    start = time.perf_counter()
    searched = bellwether.agent(f"ismcts:iters={args.iters}").act(state, seat)
    print(f"ISMCTS ({args.iters} iterations, {time.perf_counter() - start:.2f} s): {state.action_text(searched)}")
    print(f"heuristic: {state.action_text(bellwether.agent('heuristic').act(state, seat))}")
    print(f"\nPython Monte Carlo ({args.worlds} determinized random play-outs per action):")
    for action in state.legal_actions()[:8]:
        share = playout_share(state, seat, action, rng, args.worlds)
        mark = "  <- ISMCTS" if action == searched else ""
        print(f"  {state.action_text(action):<30} {share:.2f}{mark}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
