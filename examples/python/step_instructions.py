#!/usr/bin/python3
"""Instructions per env step of VectorEnv and SelfPlayEnv, per game, for one or two builds of the module.

Steps per second on a shared two-core machine move by up to 40% between runs of the same build,
so comparing two builds by time needs many interleaved runs. Instructions do not move: this
runs each env under callgrind (valgrind must be installed) for 10 and then 40 calls of step()
at num_envs 256 on one thread, with bench.py's random legal actions (VectorEnv: heuristic
opponents, 3 players; SelfPlayEnv: every seat from Python), and divides the difference in
instructions by the 30 x 256 env steps between them, so start-up and import cancel. The numpy
action choice is measured the same way without stepping and taken off, so the figure is the
module's own cost of one env step. What is left of Python's own variation (its allocator and
garbage collector) moves a figure by up to about 3% between runs of the same build.

    /usr/bin/python3 examples/python/step_instructions.py --build before=OLD/python --build after=build/release/python

(each --build is LABEL=a folder holding the `bellwether` package, as PYTHONPATH would name it).
About 20 s of one core per game, env and build.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

GAMES = ["black-sheep", "bye-bye", "hustle", "boom-bah", "disguise"]
SHORT, LONG, NUM_ENVS = 10, 40, 256

# Run as a child under callgrind: `--child KIND GAME STEPS [select]`.
CHILD = """
import sys
import numpy as np
import bellwether
kind, game, steps, select_only = sys.argv[1], sys.argv[2], int(sys.argv[3]), len(sys.argv) > 4
env = (bellwether.VectorEnv(game, {n}, opponents="heuristic", threads=1, seed=1) if kind == "vector"
       else bellwether.SelfPlayEnv(game, {n}, players=3, threads=1, seed=1))
rng = np.random.default_rng(1)
masks = env.reset()[1]
for _ in range(steps):
    actions = (rng.random(masks.shape) * masks).argmax(axis=1).astype(np.int32)
    if not select_only:
        masks = env.step(actions)[1]
""".format(n=NUM_ENVS)


def instructions(pythonpath, *args):
    env = dict(os.environ, PYTHONPATH=pythonpath, PYTHONHASHSEED="0")  # string hashing, and so dict layouts, alike in every run
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                          CHILD, *map(str, args)], env=env, capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or not found:
        sys.exit(f"step_instructions: the run {args} under {pythonpath} failed:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def per_step(pythonpath, *args):
    return (instructions(pythonpath, *args[:2], LONG, *args[2:]) -
            instructions(pythonpath, *args[:2], SHORT, *args[2:])) / ((LONG - SHORT) * NUM_ENVS)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", action="append", required=True, metavar="LABEL=DIR",
                        help="a build of the module to measure (give two to compare)")
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    if not shutil.which("valgrind"):
        parser.error("valgrind is not installed (apt-get install --no-install-recommends valgrind)")
    builds = []
    for text in args.build:
        label, sep, folder = text.partition("=")
        if not sep or not os.path.isdir(os.path.join(folder, "bellwether")):
            parser.error(f"--build {text!r}: give LABEL=DIR, DIR holding the bellwether package")
        builds.append((label, os.path.abspath(folder)))
    labels = " → ".join(label for label, _ in builds)
    print(f"instructions per env step, n={NUM_ENVS}, one thread, numpy's action choice taken off ({labels})\n")
    print("| game | VectorEnv | SelfPlayEnv | numpy's action choice |")
    print("|---|---|---|---|")
    for game in args.games.split(","):
        choice = per_step(builds[-1][1], "vector", game, "select")
        cells = []
        for kind in ("vector", "selfplay"):
            figures = [per_step(folder, kind, game) - choice for _, folder in builds]
            cell = " → ".join(f"{f:,.0f}" for f in figures)
            if len(figures) == 2:
                cell += f" ({(figures[1] / figures[0] - 1) * 100:+.1f}%)"
            cells.append(cell)
        print(f"| {game} | {cells[0]} | {cells[1]} | {choice:,.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
