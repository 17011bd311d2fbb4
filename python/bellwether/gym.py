"""bellwether.gym.GymVectorEnv: bellwether.VectorEnv behind Gymnasium's vector-environment API.

Where gymnasium is importable, GymVectorEnv subclasses gymnasium.vector.VectorEnv, its spaces are
gymnasium's and AutoresetMode is gymnasium.vector.AutoresetMode. Gymnasium is not packaged in
Debian: without it the class has the same shape over stand-ins (a plain base class, bellwether.env's
spaces, and an AutoresetMode enum with gymnasium's names and values)::

    env = GymVectorEnv("bye-bye", num_envs=256, opponents="random")
    observations, infos = env.reset(seed=42)
    while True:
        actions = pick(observations, infos["action_mask"])
        observations, rewards, terminations, truncations, infos = env.step(actions)

- One learner seat per game (`seat`), the other seats built-in agents played in C++.
- reset(seed=s) starts every game afresh from s; a reset() without a seed draws the next seed from
  the last one given (reproducible), or from fresh entropy when none was ever given.
- A game that ends is replaced in the same step (AutoresetMode.SAME_STEP, in
  metadata["autoreset_mode"] and autoreset_mode; the only mode implemented): the
  returned observation of its row is the next game's first one, and infos carry the game that
  ended under Gymnasium 1.x's keys: "final_obs" (an object array: the learner's last observation
  in the rows that ended, None elsewhere) with the mask "_final_obs", and "final_info", a dict of
  per-row entries as Gymnasium batches infos ("scores": every seat's score, an object array;
  "win_share": the learner's reward; each with its "_" mask), with the mask "_final_info".
- infos["action_mask"] is the legal-action mask (bool[num_envs, num_actions]) of each row.
- copy=True (default): every array returned is the caller's own, so a stored transition is never
  overwritten by the next step. copy=False returns the env's buffers, REWRITTEN BY THE NEXT CALL
  (no copying: faster, but copy what you keep).
- agent_actions(spec, seed=None): what a built-in agent would play in every game now (int32 per row).
- Actions are checked as VectorEnv checks them: TypeError for non-integers and bools, IllegalAction
  for ids the game lacks or not legal now, ValueError for another shape.
- One thread at a time: a call made while another thread is inside reset(), step(), agent_actions()
  or close() of the same env raises RuntimeError (make one env per thread).
- close() lets go of the games; the env raises RuntimeError afterwards.
"""

from __future__ import annotations

import contextlib
import threading
from enum import Enum
from typing import TYPE_CHECKING, Any, Iterator, Optional, Union

import numpy as np
import numpy.typing as npt

from ._bellwether import VectorEnv
from .env import Box, Discrete, Space, _gym_spaces

Array = npt.NDArray[Any]


class _StandInAutoresetMode(Enum):
    """gymnasium.vector.AutoresetMode's names and values, for when gymnasium is not installed."""

    NEXT_STEP = "NextStep"
    SAME_STEP = "SameStep"
    DISABLED = "Disabled"


_StandInAutoresetMode.__name__ = _StandInAutoresetMode.__qualname__ = "AutoresetMode"


class _StandInVectorEnv:
    """Stands in for gymnasium.vector.VectorEnv: the attributes it declares that GymVectorEnv sets."""

    metadata: dict[str, Any] = {}
    render_mode: Optional[str] = None
    closed: bool = False


if TYPE_CHECKING:  # mypy checks against the stand-ins; Gymnasium is optional
    AutoresetMode = _StandInAutoresetMode
    _VectorEnvBase = _StandInVectorEnv
else:
    try:
        from gymnasium.vector import VectorEnv as _VectorEnvBase
    except ImportError:  # pragma: no cover - depends on the machine
        _VectorEnvBase = _StandInVectorEnv
    try:  # gymnasium 1.1 and later
        from gymnasium.vector import AutoresetMode
    except ImportError:  # pragma: no cover - depends on the machine
        AutoresetMode = _StandInAutoresetMode

# The spellings a string may take: the member's name or value, or the "same-step" this module's
# metadata held before it held the enum.
_MODE_SPELLINGS = {"same-step": "SAME_STEP", "next-step": "NEXT_STEP", "disabled": "DISABLED"}


def _as_autoreset_mode(mode: Union[str, Enum]) -> AutoresetMode:
    """`mode` as an AutoresetMode: a member (gymnasium's or the stand-in's) or its name, value or
    hyphenated spelling ("same-step"); ValueError for anything else."""
    if isinstance(mode, Enum) and type(mode).__name__ == "AutoresetMode":
        mode = mode.name
    if isinstance(mode, str):
        by_value = {member.value: member.name for member in AutoresetMode}
        name = _MODE_SPELLINGS.get(mode.lower()) or by_value.get(mode) or mode.upper()
        if name in AutoresetMode.__members__:
            return AutoresetMode.__members__[name]
    raise ValueError(f"{mode!r} is not an autoreset mode (one of {[m.name for m in AutoresetMode]})")


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


class GymVectorEnv(_VectorEnvBase):
    """`num_envs` games of `game` for a learner in `seat`, stepped together in C++ (see the module's doc).

    A gymnasium.vector.VectorEnv where gymnasium is installed. `autoreset_mode` takes
    AutoresetMode.SAME_STEP or a spelling of it ("SAME_STEP", "SameStep", "same-step"); the other modes
    raise ValueError. copy=True (default): the arrays returned are the caller's; copy=False: the env's
    buffers, overwritten by the next call.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}
    render_mode: Optional[str] = None

    def __init__(self, game: str, num_envs: int, players: int = 3, opponents: str = "heuristic",
                 seed: Optional[int] = None, threads: int = 1, seat: int = 0,
                 params: Optional[dict[str, Union[str, int, bool]]] = None, max_steps: int = 0,
                 copy: bool = True, autoreset_mode: Union[str, Enum] = AutoresetMode.SAME_STEP) -> None:
        mode = _as_autoreset_mode(autoreset_mode)
        if mode != AutoresetMode.SAME_STEP:
            raise ValueError(f"GymVectorEnv replaces a finished game in the same step: autoreset_mode must be "
                             f"AutoresetMode.SAME_STEP, not {mode}")
        self.autoreset_mode = mode
        self._busy = threading.Lock()
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
        with self._one_call("reset"):
            return self._reset(seed)

    def _reset(self, seed: Optional[int]) -> tuple[Array, dict[str, Any]]:
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
        """(observations, rewards, terminations, truncations, infos) after one action per game.

        The actions are checked as VectorEnv.step checks them (TypeError, IllegalAction, ValueError;
        nothing is stepped then)."""
        with self._one_call("step"):
            return self._step(actions)

    def agent_actions(self, spec: str, seed: Optional[int] = None) -> npt.NDArray[np.int32]:
        """The action the built-in agent `spec` chooses in every game now (VectorEnv.agent_actions)."""
        with self._one_call("agent_actions"):
            env = self._check_open()
            if not self._started:
                raise RuntimeError("agent_actions() before reset(): call reset() first")
            return env.agent_actions(spec, seed)

    def _step(self, actions: npt.ArrayLike) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        env = self._check_open()
        if not self._started:
            raise RuntimeError("step() before reset(): call reset() first")
        # Passed as given: the native env refuses a bool even inside a list, and an id past int32
        # with IllegalAction (astype would wrap it round to another id).
        observations, masks, rewards, terminated, truncated = env.step(actions)
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

    def close(self, **kwargs: Any) -> None:
        """Lets go of the games; the env cannot be used afterwards."""
        with self._one_call("close"):
            self._env = None
            self.closed = True

    @contextlib.contextmanager
    def _one_call(self, call: str) -> Iterator[None]:
        """Holds the env for one call; RuntimeError when another thread holds it (the env's arrays and
        games would be rewritten under it)."""
        if not self._busy.acquire(blocking=False):
            raise RuntimeError(f"GymVectorEnv.{call}() was called while another thread is inside reset(), step(), "
                               "agent_actions() or close() of the same GymVectorEnv: one GymVectorEnv serves one "
                               "thread at a time (make one env per thread)")
        try:
            yield
        finally:
            self._busy.release()

    def _own(self, array: Array) -> Array:
        return array.copy() if self.copy else array

    def _check_open(self) -> VectorEnv:
        """The games; RuntimeError after close()."""
        if self.closed or self._env is None:
            raise RuntimeError("this GymVectorEnv was closed: make a new one")
        return self._env

    def __repr__(self) -> str:
        return f"GymVectorEnv({self._config['game']!r}, num_envs={self.num_envs})"
