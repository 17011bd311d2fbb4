#!/usr/bin/python3
"""Tune a game's search by running the simulation lab on it.

Each candidate agent spec sits at a four-seat table against three heuristic
bots, seats rotated, and the script prints one Markdown row per candidate:
its win share with the Wilson 95% interval (par is 25%), its thinking time
per decision and its mean score, best first. The rows are what
docs/strength.md keeps; the command line that made them is printed above.

  scripts/tune bye-bye                       # the game's default grid, 200 games each
  scripts/tune boom-bah --games 1000 'ismcts:bias=10' 'ismcts:iters=4000'
  scripts/tune hustle --smoke                # two games per candidate at 10 iterations: checks the plumbing
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import time

# What each game's default grid tries: the default search, then one change at a time.
GRID = [
    "ismcts",
    "ismcts:bias=1,opp=0,score=0",
    "ismcts:bias=10",
    "ismcts:opp=1",
    "ismcts:score=0.3",
    "ismcts:iters=4000",
]


def run_candidate(binary, game, spec, games, seed, threads, opponents):
    seats = ",".join([spec] + [opponents] * 3)
    cmd = [binary, "sim", game, "--seats", seats, "--games", str(games), "--seed", str(seed),
           "--threads", str(threads), "--json", "--quiet"]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"tune: '{shlex.join(cmd)}' failed:\n{done.stderr.strip()}")
    summary = json.loads(done.stdout)
    # The candidate is the first line-up entry; its row is the agent row with its spelling.
    row = next(a for a in summary["agents"] if a["agent"] == spec)
    return {
        "spec": spec,
        "win": row["win_rate"],
        "low": row["ci95"][0],
        "high": row["ci95"][1],
        "ms": row["ms_per_decision"],
        "score": row["mean_score"],
    }


def main():
    parser = argparse.ArgumentParser(prog="scripts/tune", description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("game", help="game id (bellwether games)")
    parser.add_argument("specs", nargs="*", help="candidate agent specs (default: a grid around the game's default)")
    parser.add_argument("--games", type=int, default=200, help="games per candidate (default 200)")
    parser.add_argument("--seed", type=int, default=11, help="master seed, the same for every candidate (default 11)")
    parser.add_argument("--threads", type=int, default=2, help="simulation threads (default 2)")
    parser.add_argument("--opponents", default="heuristic", help="the agent in the other three seats (default heuristic)")
    parser.add_argument("--smoke", action="store_true", help="two games per candidate at 10 iterations")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--bin", default=os.path.join(root, "build", "release", "bellwether"),
                        help="the bellwether binary (default: this checkout's release build)")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    if not os.access(args.bin, os.X_OK):
        parser.error(f"no bellwether binary at {args.bin} (build it with scripts/run, or pass --bin)")

    specs = args.specs or GRID
    games = args.games
    if args.smoke:
        games = 2
        specs = [s + ("," if ":" in s else ":") + "iters=10" if s.startswith("ismcts") else s for s in specs]

    shown = " ".join(shlex.quote(s) for s in args.specs)
    print(f"$ scripts/tune {args.game} --games {games} --seed {args.seed}{' --smoke' if args.smoke else ''}"
          f"{' ' + shown if shown else ''}")
    print()
    print(f"| candidate (vs 3 × {args.opponents}) | win share [95%] | ms/decision | mean score |")
    print("|---|---|---|---|")
    rows = []
    for index, spec in enumerate(specs, 1):
        started = time.monotonic()
        rows.append(run_candidate(args.bin, args.game, spec, games, args.seed, args.threads, args.opponents))
        print(f"tune: {index} of {len(specs)} done ({spec}, {time.monotonic() - started:.0f} s)", file=sys.stderr)
    for r in sorted(rows, key=lambda r: -r["win"]):
        print(f"| `{r['spec']}` | {100 * r['win']:.1f}% [{100 * r['low']:.1f}, {100 * r['high']:.1f}] "
              f"| {r['ms']:.1f} | {r['score']:.2f} |")


if __name__ == "__main__":
    main()
