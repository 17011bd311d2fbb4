#!/usr/bin/python3
"""How fast Python reaches the engine, per game (the table of issue 15).

- State.apply/s: a Python loop of legal_actions() + apply() over random games.
- VectorEnv steps/s at num_envs 1, 256 and 4096 on 1 and 2 threads. One step is one learner
  action plus the built-in opponents' moves up to the learner's next decision, with the
  observation and mask written. Only the time inside step() is counted (the random legal
  actions are picked with numpy outside it).
- The same VectorEnv figures per CPU-second of its threads, which do not depend on the load.
- SelfPlayEnv (every seat played from Python), steps per CPU-second at num_envs 256 on one
  thread: one step is one action of the seat to act, its next observation and mask written.
- Pure Python: the same steps through the State API (apply, agent(...).act for the
  opponents, observation_tensor and legal_actions for the learner), one game at a time.

Each figure is the median of --repeats runs of about --seconds each; the load average is
printed because the machine may be shared.

    /usr/bin/python3 examples/python/bench.py [--games bye-bye,hustle] [--opponents heuristic] [--self-play-only]
"""
import argparse
import os
import statistics
import sys
import time

import numpy as np

import bellwether


def median_rate(measure, repeats):
    return statistics.median(measure() for _ in range(repeats))


def apply_rate(game, seconds, seed=[0]):
    """State.apply calls per second in a Python loop over random games."""
    rng = np.random.default_rng(0)
    applied, spent = 0, 0.0
    while spent < seconds:
        seed[0] += 1
        state = bellwether.new_game(game, seed=seed[0])
        choices = rng.random(100_000)
        start = time.perf_counter()
        i = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[int(choices[i % 100_000] * len(legal))])
            i += 1
        spent += time.perf_counter() - start
        applied += i
    return applied / spent


def timed_steps(env, num_envs, seconds):
    """(steps per second, steps per CPU-second) of random legal actions, timing env.step() only; the
    env's step returns its masks second, as VectorEnv's and SelfPlayEnv's do."""
    rng = np.random.default_rng(1)
    masks = env.reset()[1]
    steps, spent, cpu = 0, 0.0, 0.0
    while spent < seconds:
        actions = (rng.random(masks.shape) * masks).argmax(axis=1).astype(np.int32)
        start, start_cpu = time.perf_counter(), time.process_time()
        masks = env.step(actions)[1]
        spent += time.perf_counter() - start
        cpu += time.process_time() - start_cpu
        steps += num_envs
    return steps / spent, steps / max(cpu, 1e-9)


def vector_rates(game, num_envs, threads, opponents, seconds):
    """VectorEnv (steps per second, steps per CPU-second of all threads), timing step() only.

    The second does not depend on what else the machine runs: on a shared machine it shows
    what the threads would do with the cores to themselves (times the thread count)."""
    env = bellwether.VectorEnv(game, num_envs, opponents=opponents, threads=threads, seed=1)
    return timed_steps(env, num_envs, seconds)


def self_play_rate(game, num_envs, seconds, players=3, threads=1):
    """SelfPlayEnv steps per CPU-second of its threads, every seat from Python, timing step() only."""
    env = bellwether.SelfPlayEnv(game, num_envs, players=players, threads=threads, seed=1)
    return timed_steps(env, num_envs, seconds)[1]


def self_play_table(games, seconds, repeats):
    print("\nSelfPlayEnv, every seat from Python, 3 players, one thread: steps per CPU-second")
    print("| game | n=256 |")
    print("|---|---|")
    for game in games:
        rate = median_rate(lambda: self_play_rate(game, 256, seconds), repeats)
        print(f"| {game} | {rate:,.0f} |", flush=True)


def python_loop_rate(game, opponents, seconds, seat=0, players=3):
    """The same steps as VectorEnv's written with the State API in Python, one game at a time."""
    rng = np.random.default_rng(2)
    agents = [bellwether.agent(opponents, seed=s) for s in range(players)]
    state = bellwether.new_game(game, players=players, seed=0)
    games = 0
    steps = 0
    start = time.perf_counter()

    def to_learner(state):
        while not state.is_terminal and state.current_player != seat:
            player = state.current_player
            state.apply(agents[player].act(state, player))

    to_learner(state)
    while time.perf_counter() - start < seconds:
        observation = state.observation_tensor(seat)
        mask = np.zeros(state.num_distinct_actions, dtype=bool)
        legal = state.legal_actions()
        mask[legal] = True
        state.apply(legal[int(rng.integers(len(legal)))])
        steps += 1
        to_learner(state)
        if state.is_terminal:
            games += 1
            state = bellwether.new_game(game, players=players, seed=games)
            to_learner(state)
    del observation
    return steps / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(g["id"] for g in bellwether.games()))
    parser.add_argument("--opponents", default="heuristic", help="the built-in agents in the other seats")
    parser.add_argument("--seconds", type=float, default=0.5, help="length of one measurement")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--self-play-only", action="store_true", help="only the SelfPlayEnv table")
    args = parser.parse_args()
    if args.self_play_only:
        self_play_table(args.games.split(","), args.seconds, args.repeats)
        return 0
    configs = [(n, t) for t in (1, 2) for n in (1, 256, 4096)]
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores; "
          f"3 players, learner in seat 0, opponents {args.opponents}; medians of {args.repeats}")
    header = ["game", "State.apply/s"] + [f"VE n={n} t={t}" for n, t in configs] + ["pure-Python steps/s", "VE best / Python"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    per_cpu = {}
    for game in args.games.split(","):
        applies = median_rate(lambda: apply_rate(game, args.seconds), args.repeats)
        measured = [[vector_rates(game, n, t, args.opponents, args.seconds) for _ in range(args.repeats)]
                    for n, t in configs]
        rates = [statistics.median(wall for wall, _ in runs) for runs in measured]
        per_cpu[game] = [statistics.median(cpu for _, cpu in runs) for runs in measured]
        python = median_rate(lambda: python_loop_rate(game, args.opponents, args.seconds), args.repeats)
        cells = [game, f"{applies:,.0f}"] + [f"{r:,.0f}" for r in rates] + [f"{python:,.0f}", f"{max(rates) / python:,.0f}x"]
        print("| " + " | ".join(cells) + " |", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("\nVectorEnv steps per CPU-second of its threads (whatever the load; x threads for the rate on idle cores)")
    print("| game | " + " | ".join(f"n={n} t={t}" for n, t in configs) + " |")
    print("|" + "---|" * (len(configs) + 1))
    for game, rates in per_cpu.items():
        print(f"| {game} | " + " | ".join(f"{r:,.0f}" for r in rates) + " |")
    self_play_table(args.games.split(","), args.seconds, args.repeats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
