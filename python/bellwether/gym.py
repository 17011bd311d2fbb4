"""bellwether.gym.GymVectorEnv: bellwether.VectorEnv behind Gymnasium's vector-environment API.

Gymnasium is not packaged in Debian; this follows its documented VectorEnv API (1.x) without
importing it, and uses gymnasium's spaces when gymnasium is installed (bellwether.env's stand-ins
otherwise)::

    env = GymVectorEnv("bye-bye", num_envs=256, opponents="random")
    observations, infos = env.reset(seed=42)
    while True:
        actions = pick(observations, infos["action_mask"])
        observations, rewards, terminations, truncations, infos = env.step(actions)

- One learner seat per game (`seat`), the other seats built-in agents played in C++.
- reset(seed=s) starts every game afresh from s; a reset() without a seed draws the next seed from
  the last one given (reproducible), or from fresh entropy when none was ever given.
- A game that ends is replaced in the same step (Gymnasium's AutoresetMode.SAME_STEP): the
  returned observation of its row is the next game's first one, and infos carry the game that
  ended under Gymnasium 1.x's keys: "final_obs" (an object array: the learner's last observation
  in the rows that ended, None elsewhere) with the mask "_final_obs", and "final_info", a dict of
  per-row entries as Gymnasium batches infos ("scores": every seat's score, an object array;
  "win_share": the learner's reward; each with its "_" mask), with the mask "_final_info".
- infos["action_mask"] is the legal-action mask (bool[num_envs, num_actions]) of each row.
- copy=True (default): every array returned is the caller's own, so a stored transition is never
  overwritten by the next step. copy=False returns the env's buffers, rewritten by the next call
  (no copying: faster, but copy what you keep).
- close() lets go of the games; the env raises RuntimeError afterwards.
"""

from __future__ import annotations

from typing import Any, Optional, Union

import numpy as np
import numpy.typing as npt

from ._bellwether import VectorEnv
from .env import Box, Discrete, Space, _gym_spaces

Array = npt.NDArray[Any]


class MultiDiscrete:
    """One Discrete(n) per game (stands in for gymnasium.spaces.MultiDiscrete)."""

    def __init__(self, nvec: npt.ArrayLike) -> None:
        self.nvec = np.asarray(nvec, dtype=np.int64)
        self.shape = self.nvec.shape
        self.dtype = np.dtype(np.int64)

    def contains(self, x: Any) -> bool:
        """True when `x` holds one id in 0..n-1 per game."""
        x = np.asarray(x)
        return x.shape == self.shape and x.dtype.kind in "iu" and bool(np.all((x >= 0) & (x < self.nvec)))

    def sample(self, mask: Optional[npt.ArrayLike] = None) -> npt.NDArray[np.int64]:
        """A random id per game; with `mask` (bool[games, n]) among each row's legal ones."""
        if mask is None:
            return (np.random.random(self.shape) * self.nvec).astype(np.int64)
        weights = np.random.random(np.shape(mask)) * np.asarray(mask, dtype=np.float64)
        return np.asarray(weights.argmax(axis=1), dtype=np.int64)

    def __repr__(self) -> str:
        return f"MultiDiscrete({self.nvec.tolist()})"


def _spaces(num_envs: int, observation_size: int, num_actions: int) -> tuple[Space, Space, Space, Space]:
    if _gym_spaces is not None:
        box = _gym_spaces.Box(low=-np.inf, high=np.inf, shape=(observation_size,), dtype=np.float32)
        batch = _gym_spaces.Box(low=-np.inf, high=np.inf, shape=(num_envs, observation_size), dtype=np.float32)
        return box, batch, _gym_spaces.Discrete(num_actions), _gym_spaces.MultiDiscrete([num_actions] * num_envs)
    return (Box((observation_size,)), Box((num_envs, observation_size)), Discrete(num_actions),
            MultiDiscrete([num_actions] * num_envs))


class GymVectorEnv:
    """`num_envs` games of `game` for a learner in `seat`, stepped together in C++ (see the module's doc)."""

    metadata: dict[str, Any] = {"autoreset_mode": "same-step", "render_modes": []}  # AutoresetMode.SAME_STEP
    render_mode: Optional[str] = None

    def __init__(self, game: str, num_envs: int, players: int = 3, opponents: str = "heuristic",
                 seed: Optional[int] = None, threads: int = 1, seat: int = 0,
                 params: Optional[dict[str, Union[str, int, bool]]] = None, max_steps: int = 0,
                 copy: bool = True) -> None:
        self._config: dict[str, Any] = dict(game=game, num_envs=num_envs, players=players, opponents=opponents, threads=threads,
                            seat=seat, params=dict(params or {}), max_steps=max_steps)
        self.copy = bool(copy)
        self._next_seed = seed
        self._seeds = np.random.default_rng(seed)
        # Built at once with seed 0 only to check the arguments and learn the shapes; reset() seeds it.
        self._env: Optional[VectorEnv] = VectorEnv(seed=0, **self._config)
        env = self._env
        self.num_envs = env.num_envs
        (self.single_observation_space, self.observation_space, self.single_action_space,
         self.action_space) = _spaces(self.num_envs, env.observation_size, env.num_actions)
        self._started = False
        self.closed = False

    @property
    def unwrapped(self) -> GymVectorEnv:
        return self

    def reset(self, seed: Optional[int] = None,
              options: Optional[dict[str, Any]] = None) -> tuple[Array, dict[str, Any]]:
        """(observations, infos): every game started afresh, from `seed` when given."""
        self._check_open()
        if seed is None:
            seed = self._next_seed if self._next_seed is not None else int(self._seeds.integers(2**63))
        seed = int(seed)
        self._next_seed = None
        self._seeds = np.random.default_rng(seed)
        self._env = env = VectorEnv(seed=seed, **self._config)
        observations, masks = env.observations, env.masks
        self._started = True
        return self._own(observations), {"action_mask": self._own(masks)}

    def step(self, actions: npt.ArrayLike) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        """(observations, rewards, terminations, truncations, infos) after one action per game."""
        env = self._check_open()
        if not self._started:
            raise RuntimeError("step() before reset(): call reset() first")
        actions = np.asarray(actions)
        if actions.dtype.kind not in "iu":
            raise TypeError(f"actions must be integer action ids, not {actions.dtype}")
        observations, masks, rewards, terminated, truncated = env.step(actions.astype(np.int32, copy=False))
        infos: dict[str, Any] = {"action_mask": self._own(masks)}
        ended = terminated | truncated
        if ended.any():
            final_obs = np.full(self.num_envs, None, dtype=object)
            scores = np.full(self.num_envs, None, dtype=object)
            finals, final_scores = env.final_observations, env.final_scores
            for row in np.flatnonzero(ended):
                final_obs[row] = finals[row].copy()
                scores[row] = final_scores[row].copy()
            win_share = np.where(ended, rewards, 0.0).astype(np.float32)
            infos.update(final_obs=final_obs, _final_obs=ended.copy(), _final_info=ended.copy(),
                         final_info={"scores": scores, "_scores": ended.copy(),
                                     "win_share": win_share, "_win_share": ended.copy()})
        return (self._own(observations), self._own(rewards), self._own(terminated), self._own(truncated), infos)

    def render(self) -> None:
        return None

    def close(self) -> None:
        """Lets go of the games; the env cannot be used afterwards."""
        self._env = None
        self.closed = True

    def _own(self, array: Array) -> Array:
        return array.copy() if self.copy else array

    def _check_open(self) -> VectorEnv:
        """The games; RuntimeError after close()."""
        if self.closed or self._env is None:
            raise RuntimeError("this GymVectorEnv was closed: make a new one")
        return self._env

    def __repr__(self) -> str:
        return f"GymVectorEnv({self._config['game']!r}, num_envs={self.num_envs})"
