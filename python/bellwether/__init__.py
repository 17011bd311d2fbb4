"""Bellwether: sheep board games (bellwether.games() lists them), their built-in agents and environments for learning.

Quick start::

    import bellwether
    state = bellwether.new_game("bye-bye", players=3, seed=7)
    state.apply(state.legal_actions()[0])

- games(): the games and their parameters.
- new_game(id, players, params, seed) -> State; from_record(dict_or_path) -> State.
- State: current_player, legal_actions(), action_text(), parse_action(), apply(), is_terminal, scores,
  winners, observation(player) (the server's dict), observation_tensor(player, out=None), clone()
  (an exact copy: hidden future included), clone_for(player, seed=None) (a copy whose unseen cards are
  redrawn: use it for search), determinize(player, seed), record(), render(player), events(player).
- agent(spec).act(state, player): the built-in agents ("random", "heuristic", "ismcts:iters=500").
- simulate(game, seats, ...): the tournament of `bellwether sim`; a seat may be a Python function.
- env.AECEnv: the PettingZoo AEC protocol (PettingZoo is not needed).
- spiel: the API of OpenSpiel's pyspiel (load_game, GameType, Bot, PlayerId, SpielError...): OpenSpiel's
  mcts.py, evaluate_bots.py and MCCFRs run on it unchanged.
- gym.GymVectorEnv: VectorEnv behind Gymnasium's vector API (spaces, reset(seed=...), final_obs); a
  gymnasium.vector.VectorEnv where gymnasium is installed.
- States, spiel games and states, and AECEnv pickle (for multiprocessing and Ray).
- VectorEnv: thousands of games stepped in C++ for one learning seat, into numpy arrays that the next
  call overwrites (step(actions, copy=True) for copies); agent_actions(spec): a built-in agent's
  choice in every game, in one call.
- SelfPlayEnv: the same with any set of seats (default: all) played from Python: self-play.
- learned.agent(game): a small policy network trained by self-play (docs/baselines.md), for the games
  with shipped weights (learned.trained_games()).
- observation_layout(game): the observation tensor's named sections; observation_scales(game)
  divides a tensor into [-1, 1].

Errors the engine reports are bellwether.Error (a ValueError) or one of its kinds:
UnknownGame, BadParameter, IllegalAction, BadRecord, BadSeats, BadJson.
"""

from typing import Any, Callable

from ._bellwether import (  # noqa: F401  (the public API)
    __version__,
    Agent,
    BadJson,
    BadParameter,
    BadRecord,
    BadSeats,
    Error,
    IllegalAction,
    SelfPlayEnv,
    State,
    UnknownGame,
    VectorEnv,
    agent,
    from_record,
    games,
    new_game,
    observation_layout,
    simulate,
)
from . import env  # noqa: F401
from . import gym, learned, spiel  # noqa: F401
from .layout import observation_scales  # noqa: F401


def _state_from_record(record: dict[str, Any]) -> State:
    """Unpickles a State (a Python function: pickle cannot name the C++ from_record)."""
    return from_record(record)


def _state_reduce(state: State, protocol: object = None) -> tuple[Callable[[dict[str, Any]], State],
                                                                  tuple[dict[str, Any]]]:
    """Pickles a State as its record (replayed on load); a determinized copy has none and refuses."""
    return (_state_from_record, (state.record(),))


State.__reduce__ = _state_reduce  # type: ignore[assignment]
State.__reduce_ex__ = _state_reduce  # type: ignore[assignment]  # pybind11's own __reduce_ex__ would try to pickle the C++ object

__all__ = [
    "__version__", "Agent", "BadJson", "BadParameter", "BadRecord", "BadSeats", "Error", "IllegalAction", "SelfPlayEnv", "State",
    "UnknownGame", "VectorEnv", "agent", "env", "from_record", "games", "new_game", "observation_layout",
    "observation_scales", "simulate", "spiel", "gym", "learned",
]
