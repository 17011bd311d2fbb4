"""The learned agent: a small policy network per game, trained by examples/python/train_learned.py
(numpy only) and shipped as python/bellwether/weights/<game>.npz (docs/baselines.md).

It reads only the seat's observation tensor (what that seat may know) and the legal actions, so it
plays from any State, in a VectorEnv or SelfPlayEnv batch, or as a seat of `simulate`::

    agent = bellwether.learned.agent("hustle", seed=3)
    action = agent.act(state, state.current_player)
    actions = agent.act_batch(env.observations, env.masks)  # one per row

Greedy play (the most likely action) is the default; `greedy=False` samples from the policy.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional, Union

import numpy as np
import numpy.typing as npt

from ._bellwether import State, games
from .layout import observation_scales

WEIGHTS_DIR = Path(__file__).resolve().parent / "weights"
LAYER_NAMES = ("w1", "b1", "w2", "b2", "w_policy", "b_policy")


def weights_path(game: str) -> Path:
    """Where the shipped weights of `game` are."""
    return WEIGHTS_DIR / f"{game}.npz"


def trained_games() -> list[str]:
    """The games that have shipped weights."""
    return sorted(g["id"] for g in games() if weights_path(g["id"]).exists())


class PolicyNetwork:
    """Two ReLU layers over the scaled observation, then a softmax over the legal actions."""

    def __init__(self, layers: dict[str, npt.NDArray[np.float32]], scales: npt.NDArray[np.float32]) -> None:
        missing = [name for name in LAYER_NAMES if name not in layers]
        if missing:
            raise ValueError(f"the weights lack {', '.join(missing)}")
        self.layers = {name: np.asarray(layers[name], dtype=np.float32) for name in LAYER_NAMES}
        self.inverse_scales = (1.0 / np.asarray(scales, dtype=np.float32)).astype(np.float32)
        if self.layers["w1"].shape[0] != len(self.inverse_scales):
            raise ValueError(f"the weights expect {self.layers['w1'].shape[0]} inputs, the game's observation "
                             f"has {len(self.inverse_scales)}")

    @property
    def num_actions(self) -> int:
        return int(self.layers["b_policy"].shape[0])

    def logits(self, observations: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        layer = self.layers
        hidden = np.maximum(observations * self.inverse_scales @ layer["w1"] + layer["b1"], 0.0)
        hidden = np.maximum(hidden @ layer["w2"] + layer["b2"], 0.0)
        logits: npt.NDArray[np.float32] = hidden @ layer["w_policy"] + layer["b_policy"]
        return logits

    def probabilities(self, observations: npt.ArrayLike, masks: npt.ArrayLike) -> npt.NDArray[np.float32]:
        """One row of action probabilities per row of observations; 0 where the mask is False."""
        x = np.atleast_2d(np.asarray(observations, dtype=np.float32))
        legal = np.atleast_2d(np.asarray(masks, dtype=bool))
        if not legal.any(axis=1).all():
            raise ValueError("a row has no legal action")
        logits = np.where(legal, self.logits(x), -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        result: npt.NDArray[np.float32] = (p / p.sum(axis=1, keepdims=True)).astype(np.float32)
        return result


def load_network(game: str, path: Optional[Union[str, os.PathLike[str]]] = None) -> PolicyNetwork:
    """The policy network of `game` from `path` (default: the shipped weights)."""
    source = Path(path) if path is not None else weights_path(game)
    if not source.exists():
        shipped = ", ".join(trained_games()) or "none"
        raise FileNotFoundError(f"no learned weights for {game!r} at {source} (shipped: {shipped})")
    with np.load(source) as saved:
        layers = {name: saved[name] for name in LAYER_NAMES if name in saved}
    return PolicyNetwork(layers, observation_scales(game))


class LearnedAgent:
    """Plays a game from the seat's observation with a trained policy network."""

    def __init__(self, game: str, seed: int = 1, greedy: bool = True,
                 path: Optional[Union[str, os.PathLike[str]]] = None,
                 network: Optional[PolicyNetwork] = None) -> None:
        self.game = game
        self.greedy = greedy
        self.network = network if network is not None else load_network(game, path)
        self.rng = np.random.default_rng(seed)

    @property
    def spec(self) -> str:
        return f"learned:{self.game}" + ("" if self.greedy else ":sampled")

    def act_batch(self, observations: npt.ArrayLike, masks: npt.ArrayLike) -> npt.NDArray[np.int32]:
        """An action per row (a legal one: masks is the rows' legal actions)."""
        p = self.network.probabilities(observations, masks)
        if self.greedy:
            likeliest: npt.NDArray[np.int32] = p.argmax(axis=1).astype(np.int32)
            return likeliest
        draws = self.rng.random((len(p), 1))
        passed = p.cumsum(axis=1) > draws
        chosen: npt.NDArray[np.int32] = passed.argmax(axis=1).astype(np.int32)
        # A float sum a hair under 1 could pass every column: fall back to the likeliest action.
        short = ~passed.any(axis=1)
        chosen[short] = p[short].argmax(axis=1)
        return chosen

    def act(self, state: State, player: Optional[int] = None) -> int:
        """The action for `player` (default: the seat to act), who must be the seat to act."""
        seat = state.current_player if player is None else player
        if state.is_terminal:
            raise ValueError("the game is over: there is nothing to play")
        if seat != state.current_player:
            raise ValueError(f"seat {seat} is not to act (seat {state.current_player} is)")
        mask = np.zeros(self.network.num_actions, dtype=bool)
        mask[state.legal_actions()] = True
        return int(self.act_batch(state.observation_tensor(seat), mask)[0])

    def __call__(self, state: State, player: int) -> int:
        """A seat of bellwether.simulate."""
        return self.act(state, player)


def agent(game: str, seed: int = 1, greedy: bool = True,
          path: Optional[Union[str, os.PathLike[str]]] = None) -> LearnedAgent:
    """The learned agent of `game` (its shipped weights unless `path` names others)."""
    return LearnedAgent(game, seed=seed, greedy=greedy, path=path)
