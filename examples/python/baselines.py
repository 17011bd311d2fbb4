#!/usr/bin/python3
"""Every pair of baseline agents in one game at three seats: agent A in one seat against two of B.

The agents are random, heuristic, the three levels (easy, medium, hard: built-in searches or rules
of thumb, docs/agents.md) and learned (bellwether.learned, the shipped weights). Each cell plays
--games games through bellwether.simulate (the line-up A, B, B rotated through the seats) and gives
A's win share with its 95% Wilson interval; 1/3 is parity (a level that is the heuristic in this
game, docs/agents.md, is still played as itself: its cells against the heuristic show the noise).

    /usr/bin/python3 examples/python/baselines.py --game hustle --games 200

prints a Markdown table (docs/baselines.md) and the CPU seconds it took. A full table with the
searching levels takes hours in the longer games: --cache FILE keeps each finished cell, so that a
run stopped midway goes on from there when started again with the same arguments. --hard-games N
plays fewer games in the cells where `hard` sits (its full search costs seconds a game in most games),
and the table says so: their intervals are wider.
"""
import argparse
import json
import os
import sys
import time

import bellwether
import bellwether.learned
from policy import wilson_interval

AGENTS = ["random", "heuristic", "easy", "medium", "hard", "learned"]
PYTHON_SEAT = "python:callable"


def resolved_label(summary, name):
    """The label `simulate` gives the built-in agent `name` (its canonical spec)."""
    spec = bellwether.agent(name).spec
    labels = [r["agent"] for r in summary["agents"]]
    if spec not in labels:
        raise RuntimeError(f"no {spec!r} among the summary's agents {labels}")
    return spec


def seat(game, name, seed):
    if name == "learned":
        return bellwether.learned.agent(game, seed=seed)
    return name


def cell(game, a, b, games, seed):
    """A's win share and interval in the line-up A, B, B."""
    lineup = [seat(game, a, seed), seat(game, b, seed + 1), seat(game, b, seed + 2)]
    summary = bellwether.simulate(game, seats=lineup, games=games, seed=seed, threads=2)
    # The summary names a Python seat "python:callable"; A is the one of its two labels that
    # is not B's.
    label_b = PYTHON_SEAT if b == "learned" else resolved_label(summary, b)
    row = next(r for r in summary["agents"] if r["agent"] != label_b)
    wins, played = row["wins"], row["games"]
    return wins / played, wilson_interval(wins, played), played


def load_cache(path):
    if not path or not os.path.exists(path):
        return {}
    with open(path) as f:
        return json.load(f)


def save_cache(path, cells):
    """Written whole to a neighbour, then renamed: a run killed mid-write keeps the old file."""
    with open(path + ".part", "w") as f:
        json.dump(cells, f, indent=1, sort_keys=True)
    os.replace(path + ".part", path)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=200, help="games per cell (default 200)")
    parser.add_argument("--agents", default=",".join(AGENTS), help="comma-separated, from " + ", ".join(AGENTS))
    parser.add_argument("--hard-games", type=int, help="games in the cells with a `hard` seat (default: --games)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cache", help="JSON file of finished cells: read at the start, written after each cell")
    args = parser.parse_args()
    agents = args.agents.split(",")
    unknown = [a for a in agents if a not in AGENTS]
    if unknown:
        parser.error(f"unknown agents {unknown}")
    hard_games = args.games if args.hard_games is None else args.hard_games
    if args.games < 1 or hard_games < 1:
        parser.error("--games and --hard-games must be positive")
    start = time.process_time()
    cached = load_cache(args.cache)
    hard_note = f" ({hard_games} in a cell with `hard`)" if hard_games != args.games and "hard" in agents else ""
    print(f"#### {args.game}: A (row) in one seat against two of B (column), {args.games} games a cell{hard_note}\n")
    print("| A \\ B | " + " | ".join(agents) + " |")
    print("|---" * (len(agents) + 1) + "|")
    for a in agents:
        cells = []
        for b in agents:
            if a == b:
                cells.append("—")
                continue
            games = hard_games if "hard" in (a, b) else args.games
            key = f"{args.game} {a} vs 2x{b}, {games} games, seed {args.seed}"
            if key in cached:
                share, low, high = cached[key]
            else:
                share, (low, high), _ = cell(args.game, a, b, games, args.seed)
                if args.cache:
                    cached[key] = [share, low, high]
                    save_cache(args.cache, cached)
            cells.append(f"{share:.3f} [{low:.3f}, {high:.3f}]")
            print(f"  {a} vs 2×{b}: {cells[-1]} ({time.process_time() - start:.0f} CPU-s)", file=sys.stderr,
                  flush=True)
        print(f"| {a} | " + " | ".join(cells) + " |", flush=True)
    print(f"\n{time.process_time() - start:.0f} CPU-seconds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
