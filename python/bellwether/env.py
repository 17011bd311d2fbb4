"""bellwether.env.AECEnv: a Bellwether game behind the PettingZoo AEC protocol.

PettingZoo is not needed: when it is installed, AECEnv derives from its AECEnv (so its api_test
accepts it) and the spaces are gymnasium's; otherwise the small Box and Discrete below stand in,
with the attributes learners read (shape, dtype, n, sample(), contains()).

Rewards come once, at the end of a game: each seat's win share (1 for a sole winner, 1/k for each
of k tied winners, 0 otherwise), the same as bellwether.VectorEnv's.
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

from ._bellwether import IllegalAction, State, new_game

if TYPE_CHECKING:  # mypy checks against the stand-ins; PettingZoo and Gymnasium are optional
    _AECBase = object
    _gym_spaces: Any = None
else:
    try:  # optional: the real protocol classes when they are installed
        from pettingzoo.utils.env import AECEnv as _AECBase
    except ImportError:  # pragma: no cover - depends on the machine
        _AECBase = object

    try:
        from gymnasium import spaces as _gym_spaces
    except ImportError:  # pragma: no cover - depends on the machine
        _gym_spaces = None

# A space: gymnasium's when it is installed, else one of the stand-ins below.
Space = Any


class Box:
    """A float32 vector space of a fixed shape (stands in for gymnasium.spaces.Box)."""

    def __init__(self, shape: Sequence[int], low: float = -np.inf, high: float = np.inf,
                 dtype: npt.DTypeLike = np.float32) -> None:
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)
        self.low = np.full(self.shape, low, dtype=self.dtype)
        self.high = np.full(self.shape, high, dtype=self.dtype)

    def contains(self, x: Any) -> bool:
        """True when `x` is an array of this shape and dtype within the bounds."""
        x = np.asarray(x)
        return x.shape == self.shape and x.dtype == self.dtype and bool(np.all(x >= self.low) and np.all(x <= self.high))

    def sample(self) -> npt.NDArray[Any]:
        """A vector of standard normal values (the bounds are infinite)."""
        return np.random.standard_normal(self.shape).astype(self.dtype)

    def __repr__(self) -> str:
        return f"Box({self.shape}, {self.dtype})"


class Discrete:
    """The action ids 0..n-1 (stands in for gymnasium.spaces.Discrete)."""

    def __init__(self, n: int) -> None:
        self.n = int(n)
        self.shape: tuple[int, ...] = ()
        self.dtype = np.dtype(np.int64)

    def contains(self, x: Any) -> bool:
        """True when `x` is an integer in 0..n-1."""
        return isinstance(x, (int, np.integer)) and 0 <= int(x) < self.n

    def sample(self, mask: Optional[npt.ArrayLike] = None) -> int:
        """A random id, among those where `mask` is 1 when a mask is given."""
        if mask is None:
            return int(np.random.randint(self.n))
        return int(np.random.choice(np.flatnonzero(mask)))

    def __repr__(self) -> str:
        return f"Discrete({self.n})"


def _box(size: int) -> Space:
    if _gym_spaces is not None:
        return _gym_spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32)
    return Box((size,))


class Dict:
    """Named sub-spaces (stands in for gymnasium.spaces.Dict)."""

    def __init__(self, spaces: Mapping[str, Space]) -> None:
        self.spaces = dict(spaces)

    def __getitem__(self, key: str) -> Space:
        return self.spaces[key]

    def contains(self, x: Any) -> bool:
        """True when `x` is a dict with these keys, each value in its space."""
        return (isinstance(x, dict) and x.keys() == self.spaces.keys()
                and all(space.contains(x[key]) for key, space in self.spaces.items()))

    def sample(self) -> dict[str, Any]:
        """A sample of each sub-space."""
        return {key: space.sample() for key, space in self.spaces.items()}

    def __repr__(self) -> str:
        return f"Dict({self.spaces!r})"


def _discrete(n: int) -> Space:
    return _gym_spaces.Discrete(n) if _gym_spaces is not None else Discrete(n)


def _mask_box(n: int) -> Space:
    if _gym_spaces is not None:
        return _gym_spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8)
    return Box((n,), low=0, high=1, dtype=np.int8)


def _dict(spaces: Mapping[str, Space]) -> Space:
    return _gym_spaces.Dict(spaces) if _gym_spaces is not None else Dict(spaces)


def _action_id(action: object) -> int:
    """`action` as an int when it is an integer (Python or numpy, not bool); TypeError otherwise."""
    if isinstance(action, (bool, np.bool_)):
        raise TypeError(f"an action is an action id (int), not the bool {action!r}")
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"an action is an action id (int), not {type(action).__name__} {action!r}") from None


class AECEnv(_AECBase):
    """One game of `game` for `players` seats, agents "player_0", "player_1", ... taking turns.

    The AEC loop::

        env = AECEnv("bye-bye", players=3)
        env.reset(seed=1)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, info = env.last()
            action = None if termination or truncation else pick(observation, info["action_mask"])
            env.step(action)

    observe(agent) is the seat's observation tensor (float32); infos[agent]["action_mask"] is an int8
    vector over every action id with 1 for the legal ones (all 0 when it is not the agent's turn).
    With action_mask_in_observation=True, observe(agent) is instead the dict {"observation": tensor,
    "action_mask": mask}, as PettingZoo's classic games give it. The position itself is `game_state`
    (a bellwether.State).

    Seeds: reset(seed=s) plays the game new_game(..., seed=s), and the resets after it without a seed
    draw their seeds from s, so the sequence of games is reproducible. A reset() without a seed and
    with none given before (here or to the constructor) draws fresh entropy: two new envs play
    different games.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "bellwether_v0", "is_parallelizable": False}
    # Per agent, as PettingZoo has them (reset each game).
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]

    def __init__(self, game: str, players: int = 3, params: Optional[dict[str, Union[str, int, bool]]] = None,
                 seed: Optional[int] = None, render_mode: Optional[str] = None,
                 action_mask_in_observation: bool = False) -> None:
        """`game`, `players` and `params` as for bellwether.new_game.

        `seed`: the first reset()'s seed when it is given none (None: fresh entropy).
        `render_mode`: None, "ansi" (render() returns the table as text) or "human" (render() prints it).
        """
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.game = game
        self.players = players
        self.params = dict(params or {})
        self.render_mode = render_mode
        self.action_mask_in_observation = bool(action_mask_in_observation)
        self._first_seed = seed
        self._seeds = np.random.default_rng(seed)
        # Checks the set-up now, in words; reset() replaces it.
        self.game_state: Optional[State] = new_game(game, players=players, params=self.params,
                                                    seed=0 if seed is None else seed)
        self.metadata = dict(AECEnv.metadata, name=f"bellwether_{game.replace('-', '_')}_v0")
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agent_name_mapping = {name: seat for seat, name in enumerate(self.possible_agents)}
        state = self._state()
        size = len(state.observation_tensor(0))
        n = state.num_distinct_actions
        if self.action_mask_in_observation:
            self.observation_spaces = {name: _dict({"observation": _box(size), "action_mask": _mask_box(n)})
                                       for name in self.possible_agents}
        else:
            self.observation_spaces = {name: _box(size) for name in self.possible_agents}
        self.action_spaces = {name: _discrete(n) for name in self.possible_agents}
        self.agents: list[str] = []
        self.agent_selection: Optional[str] = None
        self._closed = False
        self._reset_dicts()

    @property
    def num_agents(self) -> int:
        """How many agents are still in the game (they leave after their final step(None))."""
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        """How many seats the game has."""
        return len(self.possible_agents)

    @property
    def unwrapped(self) -> AECEnv:
        """This environment (no wrappers)."""
        return self

    def observation_space(self, agent: str) -> Space:
        """The space of observe(agent): a float32 vector of the game's tensor length."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Space:
        """The action ids of the game, 0..num_distinct_actions-1 (legal ones in the mask)."""
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        """Starts a new game: new_game(..., seed=seed); without `seed`, one drawn from the last seed given
        (to reset or the constructor), or from fresh entropy when none was."""
        self._check_open()
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        elif seed is None:
            seed = int(self._seeds.integers(2**63))
        else:
            self._first_seed = None
        seed = operator.index(seed)
        self._seeds = np.random.default_rng(seed)
        self.game_state = state = new_game(self.game, players=self.players, params=self.params, seed=seed)
        self.agents = list(self.possible_agents)
        self._reset_dicts()
        self.agent_selection = self.possible_agents[state.current_player]
        self._update_masks()

    def observe(self, agent: str) -> Union[npt.NDArray[np.float32], dict[str, npt.NDArray[Any]]]:
        """The observation tensor of `agent`'s seat (with its action mask in a dict when the env was made
        with action_mask_in_observation=True)."""
        self._check_open()
        if agent not in self.agent_name_mapping:
            raise ValueError(f"{agent!r} is not an agent of this game ({', '.join(self.possible_agents)})")
        tensor = self._state().observation_tensor(self.agent_name_mapping[agent])
        if not self.action_mask_in_observation:
            return tensor
        mask = self.infos[agent]["action_mask"] if agent in self.infos else self._mask(agent)
        return {"observation": tensor, "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """(observation, cumulative reward, termination, truncation, info) of the agent to act."""
        agent = self._selected("last()")
        observation = self.observe(agent) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """Yields the agent to act until every agent has been stepped out of the finished game."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self._selected("agent_iter()")

    def step(self, action: Optional[int]) -> None:
        """Plays `action` (a legal id) for the selected agent; None steps a finished agent out.

        Raises TypeError when `action` is not an integer (a float, bool or str is refused, not rounded),
        bellwether.IllegalAction when it is not legal now or when the game is over and every agent has
        already stepped out."""
        agent = self._selected("step()")
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(f"{agent}'s game is over: step it with None, not {action!r}")
            self._remove_finished(agent)
            return
        if action is None:
            raise ValueError(f"{agent} must choose an action: None only steps a finished agent out")
        action = _action_id(action)
        self._cumulative_rewards[agent] = 0
        state = self._state()
        state.apply(action)
        self.rewards = {name: 0.0 for name in self.agents}
        if state.is_terminal:
            winners = state.winners
            for seat in winners:
                self.rewards[self.possible_agents[seat]] = 1.0 / len(winners)
            self.terminations = {name: True for name in self.agents}
        else:
            self.agent_selection = self.possible_agents[state.current_player]
        self._update_masks()
        for name in self.agents:
            self._cumulative_rewards[name] += self.rewards[name]

    def render(self) -> Optional[str]:
        """The table as text, everything shown: returned with render_mode "ansi", printed with "human";
        None without a render mode."""
        self._check_open()
        if self.render_mode is None:
            return None
        text = self._state().render()
        if self.render_mode == "human":
            print(text, flush=True)
            return None
        return text

    def close(self) -> None:
        """Lets go of the game (its state and the tables); the env cannot be used after it."""
        self._closed = True
        self.game_state = None
        self.agents = []
        self.agent_selection = None
        self._reset_dicts()

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError("this AECEnv was closed: make a new one")

    def _state(self) -> State:
        """The game being played; RuntimeError after close()."""
        if self.game_state is None:
            raise RuntimeError("this AECEnv was closed: make a new one")
        return self.game_state

    def _selected(self, call: str) -> str:
        """The agent to act, or an error in words when there is none."""
        self._check_open()
        if self.agent_selection is None:
            raise RuntimeError(f"{call} before reset(): call reset() to start a game")
        if not self.agents:
            raise IllegalAction(f"{call} after the end: the game is over and every agent has stepped out; "
                                "call reset() for a new game")
        return self.agent_selection

    def _reset_dicts(self) -> None:
        self.rewards = {name: 0.0 for name in self.agents}
        self._cumulative_rewards = {name: 0.0 for name in self.agents}
        self.terminations = {name: False for name in self.agents}
        self.truncations = {name: False for name in self.agents}
        self.infos = {name: {} for name in self.agents}

    def _mask(self, agent: str) -> npt.NDArray[np.int8]:
        state = self._state()
        mask = np.zeros(state.num_distinct_actions, dtype=np.int8)
        if self.agent_name_mapping[agent] == state.current_player:
            mask[state.legal_actions()] = 1
        return mask

    def _update_masks(self) -> None:
        for name in self.agents:
            self.infos[name]["action_mask"] = self._mask(name)

    def _remove_finished(self, agent: str) -> None:
        # As PettingZoo's _was_dead_step: the agent leaves; the next finished one is selected.
        tables: tuple[dict[str, Any], ...] = (self.rewards, self._cumulative_rewards, self.terminations,
                                              self.truncations, self.infos)
        for table in tables:
            del table[agent]
        self.agents.remove(agent)
        if self.agents:
            self.agent_selection = self.agents[0]
        self.rewards = {name: 0.0 for name in self.agents}
