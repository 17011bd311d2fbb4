#!/usr/bin/python3
"""Self-play: one policy plays every seat of a 4-player game, numpy only, stepped in C++.

A linear softmax policy (REINFORCE with a baseline, examples/python/policy.py) chooses for
whichever seat is to act in each of a bellwether.SelfPlayEnv's games, and learns from every seat's
result. Training runs for a fixed number of finished games, so the result does not depend on the
machine's speed. Then the policy takes seat 0 against three random seats in fresh games, next to a
random seat in the same games; it prints both win rates with 95% Wilson intervals.

    /usr/bin/python3 examples/python/selfplay.py --game bye-bye --games 20000

With --check the exit status is 1 unless the learned policy's interval lies wholly above the
random seat's (ctest runs a short form that way).
"""
import argparse
import sys
import time

import numpy as np

import bellwether
from policy import LinearPolicy, choose, evaluate, wilson_interval


def collect(env, policy, rng, state, horizon):
    """`horizon` steps of every game, each row's seat choosing; returns the steps whose game ended in
    the batch, each with the result of the seat that took it, and the games that ended."""
    observations, masks, to_act = state
    rows = np.arange(env.num_envs)
    xs, ms, acts, seats, rewards, dones = [], [], [], [], [], []
    for _ in range(horizon):
        x = policy.features(observations)
        actions = choose(policy, x, masks, rng)
        xs.append(x)
        ms.append(masks.copy())
        acts.append(actions)
        seats.append(to_act.copy())
        observations, masks, to_act, reward, terminated, truncated = env.step(actions)
        rewards.append(reward.copy())  # [num_envs, players]: every seat's win share in games that ended
        dones.append(terminated | truncated)
    state[:] = observations, masks, to_act
    returns = np.full((horizon, env.num_envs), np.nan)
    future = np.full((env.num_envs, env.num_players), np.nan)
    for t in reversed(range(horizon)):  # a step's return: its seat's share at the end of its game
        future = np.where(dones[t][:, None], rewards[t], future)
        returns[t] = future[rows, seats[t]]
    known = ~np.isnan(returns)
    ended = int(sum(d.sum() for d in dones))
    return (np.concatenate(xs)[known.ravel()], np.concatenate(ms)[known.ravel()],
            np.concatenate(acts)[known.ravel()], returns[known], ended)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="bye-bye", help="game id (default bye-bye)")
    parser.add_argument("--players", type=int, default=4, help="seats, all played by the policy (default 4)")
    parser.add_argument("--games", type=int, default=20000, help="finished games to train on (default 20000)")
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--horizon", type=int, default=64, help="steps per game per update")
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--eval-games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true",
                        help="exit 1 unless the learned seat's interval is wholly above the random seat's")
    args = parser.parse_args()
    if args.games < 1 or args.eval_games < 1 or args.envs < 1 or args.horizon < 1:
        parser.error("--games, --eval-games, --envs and --horizon must be positive")

    start = time.time()
    env = bellwether.SelfPlayEnv(args.game, args.envs, players=args.players, seed=args.seed, threads=2)
    rng = np.random.default_rng(args.seed)
    policy = LinearPolicy(env.observation_size, env.num_actions, rng)
    state = list(env.reset())
    games = updates = 0
    while games < args.games:
        x, m, a, returns, ended = collect(env, policy, rng, state, args.horizon)
        games += ended
        if len(returns) == 0:
            continue
        # Each seat's mean share is 1/players in self-play: the baseline is that mean.
        advantages = (returns - returns.mean()) / (returns.std() + 1e-6)
        policy.update(x, m, a, advantages, args.lr)
        updates += 1
        if updates % 20 == 0:
            print(f"{time.time() - start:6.0f} s  {games:8d} games", flush=True)
    trained = time.time() - start

    learned = evaluate(bellwether, args.game, args.players, policy, args.eval_games, args.seed + 1000, greedy=False)
    baseline = evaluate(bellwether, args.game, args.players, None, args.eval_games, args.seed + 1000, greedy=False)
    intervals = {}
    for name, shares in (("self-play policy", learned), ("random seat     ", baseline)):
        wins = shares.sum()
        intervals[name] = wilson_interval(wins, len(shares))
        low, high = intervals[name]
        print(f"{name}: win rate {wins / len(shares):.3f}  95% interval [{low:.3f}, {high:.3f}]  "
              f"in seat 0 of {len(shares)} games against {args.players - 1} random seats")
    print(f"trained {trained:.0f} s on {games} self-play games ({updates} updates)")
    above = intervals["self-play policy"][0] > intervals["random seat     "][1]
    print("the self-play policy beats a random seat" if above else "no difference shown from a random seat")
    return 0 if above or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
