#!/usr/bin/python3
"""Train the learned agent of one game (numpy only) and save its weights for bellwether.learned.

Three stages, each for a fixed number of steps, so the result does not depend on the machine's speed:

1. Cloning: a two-layer network learns to pick what the built-in `heuristic` picks, over self-play
   games of the heuristic in every seat (labels from SelfPlayEnv.agent_actions), and to predict each
   seat's result (the value head).
2. Self-play PPO: the network plays every seat of SelfPlayEnv games and learns from every seat's
   result (win share: 1, 1/k for k tied winners, 0), with the value head as baseline. Half of the
   games are against two heuristic seats instead, so that it does not forget how they play.
3. Every --eval-every updates, a greedy check against two heuristics (fresh seeds); the best
   network is what is saved.

    /usr/bin/python3 examples/python/train_learned.py --game hustle --out python/bellwether/weights/hustle.npz

The shipped weights were trained with the defaults (docs/baselines.md gives each game's CPU time).
"""
import argparse
import sys
import time
from pathlib import Path

import numpy as np

import bellwether
from bellwether.learned import LearnedAgent, PolicyNetwork
from mlp import PolicyValueNetwork, cloning_gradients, ppo_gradients, sample
from policy import wilson_interval


class Trajectories:
    """Steps of unfinished games, kept until their game ends, when each gets its seat's result."""

    def __init__(self, env):
        self.game_of_row = np.arange(env.num_envs)
        self.next_game = env.num_envs
        self.results = {}
        self.columns = []

    def add(self, **columns):
        columns["game"] = self.game_of_row.copy()
        self.columns.append(columns)

    def ended(self, terminated, rewards):
        for row in np.flatnonzero(terminated):
            self.results[int(self.game_of_row[row])] = rewards[row].copy()
            self.game_of_row[row] = self.next_game
            self.next_game += 1

    def take_finished(self):
        """The steps whose game ended, with their seat's result as "return"; the rest stay."""
        if not self.columns:
            return None
        merged = {key: np.concatenate([c[key] for c in self.columns]) for key in self.columns[0]}
        done = np.array([g in self.results for g in merged["game"].tolist()])
        keep = {key: value[~done] for key, value in merged.items()}
        self.columns = [keep] if len(keep["game"]) else []
        taken = {key: value[done] for key, value in merged.items()}
        taken["return"] = np.array([self.results[g][s] for g, s in zip(taken["game"].tolist(),
                                                                     taken["seat"].tolist())], np.float32)
        for g in set(taken["game"].tolist()):
            self.results.pop(g, None)
        return taken


def play_steps(env, trajectories, steps, choose):
    """`steps` steps of every row of `env`; choose(observations, masks) -> (actions, extra columns)."""
    observations, masks, to_act = env.observations.copy(), env.masks.copy(), env.to_act.copy()
    for _ in range(steps):
        actions, extra = choose(observations, masks)
        trajectories.add(observation=observations, mask=masks, action=actions, seat=to_act, **extra)
        observations, masks, to_act, rewards, terminated, truncated = env.step(actions, copy=True)
        trajectories.ended(terminated | truncated, rewards)


def learner_only(batch, learner_seats):
    keep = np.isin(batch["seat"], learner_seats)
    return {key: value[keep] for key, value in batch.items()}


def clone_heuristic(net, args, rng):
    env = bellwether.SelfPlayEnv(args.game, args.envs, players=args.players, seed=args.seed, threads=2)
    env.reset()
    trajectories = Trajectories(env)
    done = 0
    while done < args.clone_steps:
        play_steps(env, trajectories, 32, lambda o, m: (env.agent_actions("heuristic"), {}))
        batch = trajectories.take_finished()
        if batch is None or len(batch["action"]) == 0:
            continue
        losses = []
        for _ in range(args.clone_epochs):
            order = rng.permutation(len(batch["action"]))
            for start in range(0, len(order), args.minibatch):
                part = order[start:start + args.minibatch]
                grads, loss = cloning_gradients(net, (batch["observation"][part], batch["mask"][part],
                                                      batch["action"][part], batch["return"][part]))
                net.descend(grads, args.clone_lr)
                losses.append(loss)
        done += len(batch["action"])
        print(f"cloning: {done:8d} steps  loss {np.mean(losses):.3f}", flush=True)


def evaluate(network, game, players, games_per_seat, seed, opponents="heuristic"):
    """Greedy win shares of `network` in each seat in turn against `opponents`: the first game of
    each row only, so that short games do not count more than long ones."""
    agent = LearnedAgent(game, network=network)
    shares = []
    for seat in range(players):
        env = bellwether.SelfPlayEnv(game, games_per_seat, players=players, seats=[seat], opponents=opponents,
                                     seed=seed + seat, threads=2)
        observations, masks, _ = env.reset()
        result = np.full(games_per_seat, np.nan)
        while np.isnan(result).any():
            observations, masks, _, rewards, terminated, truncated = env.step(agent.act_batch(observations, masks))
            first = (terminated | truncated) & np.isnan(result)
            result[first] = rewards[first, seat]
        shares.append(result)
    return np.concatenate(shares)


def ppo_batch(net, envs, trajectories, args, rng):
    def choose(observations, masks):
        log_p, values, _ = net.forward(observations, masks)
        actions = sample(log_p, rng)
        return actions, {"log_p": log_p[np.arange(len(actions)), actions].astype(np.float32),
                         "value": values.astype(np.float32)}

    parts = []
    for (env, seats), tr in zip(envs, trajectories):
        play_steps(env, tr, args.horizon, choose)
        batch = tr.take_finished()
        if batch is not None and len(batch["action"]):
            parts.append(learner_only(batch, seats))
    return {key: np.concatenate([p[key] for p in parts]) for key in parts[0]} if parts else None


def improve(net, batch, args, rng):
    advantages = batch["return"] - batch["value"]
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-6)
    entropies = []
    for _ in range(args.epochs):
        order = rng.permutation(len(advantages))
        for start in range(0, len(order), args.minibatch):
            part = order[start:start + args.minibatch]
            grads, entropy = ppo_gradients(net, (batch["observation"][part], batch["mask"][part],
                                                 batch["action"][part], batch["log_p"][part], advantages[part],
                                                 batch["return"][part]))
            net.descend(grads, args.lr)
            entropies.append(entropy)
    return float(np.mean(entropies))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True, help="game id")
    parser.add_argument("--players", type=int, default=3, help="seats in training games (default 3)")
    parser.add_argument("--out", required=True, help="where to save the weights (.npz)")
    parser.add_argument("--hidden", type=int, default=128, help="units per hidden layer (default 128)")
    parser.add_argument("--clone-steps", type=int, default=1_000_000, help="heuristic decisions to clone")
    parser.add_argument("--clone-epochs", type=int, default=4, help="passes over each batch of them")
    parser.add_argument("--clone-lr", type=float, default=1e-3)
    parser.add_argument("--ppo-steps", type=int, default=1_000_000, help="learner decisions of PPO")
    parser.add_argument("--envs", type=int, default=128, help="games stepped side by side per env")
    parser.add_argument("--horizon", type=int, default=32, help="steps per env between updates")
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--minibatch", type=int, default=2048)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--eval-every", type=int, default=40, help="updates between checks (default 40)")
    parser.add_argument("--eval-games", type=int, default=300, help="games per seat in each check")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if min(args.hidden, args.envs, args.horizon, args.epochs, args.minibatch, args.eval_games) < 1:
        parser.error("--hidden, --envs, --horizon, --epochs, --minibatch and --eval-games must be positive")
    start = time.process_time()
    rng = np.random.default_rng(args.seed)
    probe = bellwether.SelfPlayEnv(args.game, 1, players=args.players, seed=0)
    scales = bellwether.observation_scales(args.game)
    net = PolicyValueNetwork(probe.observation_size, probe.num_actions, args.hidden, rng, 1.0 / scales)
    clone_heuristic(net, args, rng)

    def check(tag):
        shares = evaluate(PolicyNetwork(net.policy_layers(), scales), args.game,
                          args.players, args.eval_games, 10_000 + 97 * net.steps)
        low, high = wilson_interval(shares.sum(), len(shares))
        print(f"{tag}: {time.process_time() - start:7.0f} CPU-s  against two heuristics "
              f"{shares.mean():.3f} [{low:.3f}, {high:.3f}]", flush=True)
        return shares.mean()

    best = (check("cloned"), {k: v.copy() for k, v in net.policy_layers().items()})
    envs = [(bellwether.SelfPlayEnv(args.game, args.envs, players=args.players, seed=args.seed + 1, threads=2),
             list(range(args.players))),
            (bellwether.SelfPlayEnv(args.game, args.envs, players=args.players, seats=[0], opponents="heuristic",
                                    seed=args.seed + 2, threads=2), [0])]
    for env, _ in envs:
        env.reset()
    trajectories = [Trajectories(env) for env, _ in envs]
    steps = updates = 0
    while steps < args.ppo_steps:
        batch = ppo_batch(net, envs, trajectories, args, rng)
        if batch is None:
            continue
        entropy = improve(net, batch, args, rng)
        steps += len(batch["action"])
        updates += 1
        if updates % 10 == 0:
            print(f"ppo: {steps:9d} steps  mean return {batch['return'].mean():.3f}  entropy {entropy:.3f}",
                  flush=True)
        if updates % args.eval_every == 0:
            score = check(f"update {updates}")
            if score > best[0]:
                best = (score, {k: v.copy() for k, v in net.policy_layers().items()})
    score = check("final")
    if score > best[0]:
        best = (score, net.policy_layers())
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, **{k: v.astype(np.float32) for k, v in best[1].items()})
    print(f"saved {args.out} ({Path(args.out).stat().st_size / 1024:.0f} KB; best check {best[0]:.3f}); "
          f"{time.process_time() - start:.0f} CPU-s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
