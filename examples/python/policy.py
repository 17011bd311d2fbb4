"""What the learning examples share (numpy only): a linear softmax policy trained with Adam, how it
picks actions, how it is evaluated, and the Wilson interval the win rates are reported with."""
import math

import numpy as np


def wilson_interval(wins, games, z=1.96):
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    # At 0 or all wins the bound is exactly 0 or 1; rounding must not print it as -0.000.
    return max(0.0, centre - half), min(1.0, centre + half)


class LinearPolicy:
    """Softmax over legal actions of obs @ W + b, the inputs scaled by a running maximum.

    The arithmetic is float64: each CPU's BLAS kernels sum in their own order, and in float32 the
    differences grew over training into another run altogether (a win rate of 0.576 with
    OpenBLAS's Haswell kernels, 0.706 with its SkylakeX ones, same seed). In float64 they stay
    far below what could change a sampled action."""

    def __init__(self, obs_size, num_actions, rng):
        self.w = rng.normal(0, 0.01, (obs_size, num_actions))
        self.b = np.zeros(num_actions)
        self.scale = np.ones(obs_size)
        self.adam = [np.zeros_like(self.w), np.zeros_like(self.w), np.zeros_like(self.b), np.zeros_like(self.b)]
        self.t = 0

    def features(self, observations):
        np.maximum(self.scale, np.abs(observations).max(axis=0), out=self.scale)
        return observations.astype(np.float64) / self.scale

    def probabilities(self, x, masks):
        logits = x @ self.w + self.b
        logits = np.where(masks, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)

    def update(self, x, masks, actions, advantages, lr):
        p = self.probabilities(x, masks)
        # A * (onehot(action) - p): the gradient of A * log pi(action) with respect to the logits.
        grad_logits = -p * advantages[:, None]
        grad_logits[np.arange(len(actions)), actions] += advantages
        grad_w = x.T @ grad_logits / len(actions)
        grad_b = grad_logits.mean(axis=0)
        self.t += 1
        for i, (param, grad) in enumerate(((self.w, grad_w), (self.b, grad_b))):
            m, v = self.adam[2 * i], self.adam[2 * i + 1]
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            step = lr * (m / (1 - 0.9 ** self.t)) / (np.sqrt(v / (1 - 0.999 ** self.t)) + 1e-8)
            param += step  # gradient ascent on expected return


def choose(policy, x, masks, rng, greedy=False):
    """An action per row: sampled from the policy (or its most likely one when `greedy`); a uniformly
    random legal action per row when `policy` is None."""
    if policy is None:
        return (rng.random(masks.shape) * masks).argmax(axis=1).astype(np.int32)
    p = policy.probabilities(x, masks)
    if greedy:
        return p.argmax(axis=1).astype(np.int32)
    return (p.cumsum(axis=1) > rng.random((len(p), 1))).argmax(axis=1).astype(np.int32)


def evaluate(bellwether, game, players, policy, games, seed, greedy, opponents="random"):
    """The win shares of `policy` (None: a uniformly random seat) in seat 0 over `games` fresh games
    against the built-in `opponents`."""
    env = bellwether.VectorEnv(game, 256, players=players, opponents=opponents, seed=seed, threads=2)
    rng = np.random.default_rng(seed)
    observations, masks = env.reset()
    shares = []
    while len(shares) < games:
        x = None if policy is None else observations / policy.scale
        observations, masks, reward, terminated, _ = env.step(choose(policy, x, masks, rng, greedy))
        shares.extend(reward[terminated].tolist())
    return np.array(shares[:games])
