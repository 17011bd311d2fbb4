"""bellwether.spiel: the games of bellwether.games() behind the API of OpenSpiel's pyspiel, for code written against it.

    from bellwether import spiel
    game = spiel.load_game("bye-bye", {"players": 3})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(random.choice(state.legal_actions()))
    print(state.returns())

OpenSpiel's own Python algorithms (mcts.py, evaluate_bots.py, outcome- and external-sampling MCCFR)
run unchanged with `import bellwether.spiel as pyspiel`: the module has the names they use
(GameType and its enums, PlayerId, Bot, SpielError, INVALID_ACTION, the state methods).

How it differs from pyspiel, on purpose:

- Chance is sampled inside the engine (pyspiel's "sampled stochastic" games): there are no chance
  nodes, and each new_initial_state() deals the next game of the game's seed sequence
  ({"seed": s}, 0 by default), so a run is reproducible.
- current_player() is TERMINAL (-4) at the end, as in pyspiel; it is never -1 (pyspiel's chance id).
- returns() are win shares: 1 for a sole winner, 1/k for each of k tied winners, 0 for the others
  (they sum to 1; the same rewards as bellwether.VectorEnv and the AEC env).
- max_game_length() is a bound this module enforces: a game that reaches that many actions ends
  there with every return 0 (is_truncated()). Set it with {"max_game_length": n}; 100,000 by default.
- observation_tensor(player) and information_state_tensor(player) are float32 numpy arrays (pyspiel
  gives lists; both index alike).
- clone() is exact, hidden future included, as in pyspiel. A search that must not see what its seat
  cannot see uses resample_from_infostate(player) (or State.clone_for in the native API).
- Errors: a bad call raises a SpielError (a RuntimeError, as pyspiel's) that is also of the kind the
  rest of bellwether raises (IllegalAction, UnknownGame, BadParameter, BadSeats, BadRecord: each a
  ValueError); a value of the wrong type (a bool or a float as an action) raises TypeError.

States, games and bellwether.env.AECEnv pickle (for multiprocessing and Ray).
"""

from __future__ import annotations

import enum
import json
import operator
import random
import re
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

from . import _bellwether as _native
from ._bellwether import games, new_game

Tensor = npt.NDArray[np.float32]
ParamValue = Union[str, int, float, bool]
ActionsAndProbs = List[Tuple[int, float]]

DEFAULT_MAX_GAME_LENGTH = 100_000
_SEED_MODULUS = 2**64

# Keys of load_game's params that belong to this module, not to the game.
_OWN_PARAMS = ("players", "seed", "max_game_length", "chance")

# The games whose every chance event the engine can take from outside (core/chance.hpp), with the
# most outcomes one event can have beside a seat: their card kinds (chance="explicit"; see
# docs/python.md, "Explicit chance", for what the others would take).
EXPLICIT_CHANCE_GAMES: Dict[str, int] = {"hustle": 0, "disguise": 21}


class PlayerId(enum.IntEnum):
    """pyspiel.PlayerId: the special values of current_player() (seats are 0, 1, ...)."""

    DEFAULT_PLAYER_ID = 0
    CHANCE = -1  # only with load_game(..., {"chance": "explicit"}): else chance is sampled inside the engine
    SIMULTANEOUS = -2  # never: simultaneous choices are taken in turn
    INVALID = -3
    TERMINAL = -4
    MEAN_FIELD = -5  # never


TERMINAL = int(PlayerId.TERMINAL)  # -4, current_player() at the end
INVALID = int(PlayerId.INVALID)  # -3
CHANCE = int(PlayerId.CHANCE)  # -1, current_player() at a chance node (explicit chance only)
INVALID_ACTION = -1  # pyspiel.INVALID_ACTION: what a bot answers when it has no action


# -- errors ---------------------------------------------------------------------------------------
class SpielError(RuntimeError):
    """pyspiel.SpielError: every error this module raises for a bad call is one (and also of the
    kind bellwether raises elsewhere, so `except bellwether.IllegalAction` catches it too)."""


class IllegalAction(_native.IllegalAction, SpielError):
    """An action id that is not legal now, does not exist, or comes after the end."""


class UnknownGame(_native.UnknownGame, SpielError):
    """A game id load_game() does not know."""


class BadParameter(_native.BadParameter, SpielError):
    """A game parameter the game refuses, or a game string that does not parse."""


class BadSeats(_native.BadSeats, SpielError):
    """A player count the game does not allow, or a player that is not a seat."""


class BadRecord(_native.BadRecord, SpielError):
    """Text that is not a serialized state, or a state that cannot be serialized."""


_SPIEL_KINDS: Dict[type, type[SpielError]] = {
    _native.IllegalAction: IllegalAction,
    _native.UnknownGame: UnknownGame,
    _native.BadParameter: BadParameter,
    _native.BadSeats: BadSeats,
    _native.BadRecord: BadRecord,
}


def _as_spiel_error(error: Exception) -> Exception:
    """The engine's `error` as this module's kind of it (a SpielError too), with the same message."""
    for native, kind in _SPIEL_KINDS.items():
        if isinstance(error, native):
            return kind(str(error))
    return SpielError(str(error))


# -- the game type --------------------------------------------------------------------------------
class GameType:
    """What pyspiel's GameType says of a game; its enums carry pyspiel's member names and values."""

    class Dynamics(enum.Enum):
        SIMULTANEOUS = 0
        SEQUENTIAL = 1
        MEAN_FIELD = 2

    class ChanceMode(enum.Enum):
        DETERMINISTIC = 0
        EXPLICIT_STOCHASTIC = 1
        SAMPLED_STOCHASTIC = 2

    class Information(enum.Enum):
        ONE_SHOT = 0
        PERFECT_INFORMATION = 1
        IMPERFECT_INFORMATION = 2

    class Utility(enum.Enum):
        ZERO_SUM = 0
        CONSTANT_SUM = 1
        GENERAL_SUM = 2
        IDENTICAL = 3

    class RewardModel(enum.Enum):
        REWARDS = 0
        TERMINAL = 1

    def __init__(self, short_name: str, long_name: str, dynamics: GameType.Dynamics,
                 chance_mode: GameType.ChanceMode, information: GameType.Information, utility: GameType.Utility,
                 reward_model: GameType.RewardModel, max_num_players: int, min_num_players: int,
                 provides_information_state_string: bool, provides_information_state_tensor: bool,
                 provides_observation_string: bool, provides_observation_tensor: bool,
                 parameter_specification: Optional[Dict[str, ParamValue]] = None, default_loadable: bool = True,
                 provides_factored_observation_string: bool = False, action_structs_only: bool = False) -> None:
        """pyspiel's constructor, argument for argument (a game written for pyspiel makes its type so)."""
        self.short_name = short_name
        self.long_name = long_name
        self.dynamics = dynamics
        self.chance_mode = chance_mode
        self.information = information
        self.utility = utility
        self.reward_model = reward_model
        self.max_num_players = max_num_players
        self.min_num_players = min_num_players
        self.provides_information_state_string = provides_information_state_string
        self.provides_information_state_tensor = provides_information_state_tensor
        self.provides_observation_string = provides_observation_string
        self.provides_observation_tensor = provides_observation_tensor
        self.parameter_specification = dict(parameter_specification or {})
        self.default_loadable = default_loadable
        self.provides_factored_observation_string = provides_factored_observation_string
        self.action_structs_only = action_structs_only
        self.is_concrete = True

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameType) and vars(self) == vars(other)

    def __hash__(self) -> int:
        return hash(self.short_name)

    def __repr__(self) -> str:
        return (f"GameType(short_name={self.short_name!r}, dynamics={self.dynamics.name}, "
                f"chance_mode={self.chance_mode.name}, information={self.information.name}, "
                f"utility={self.utility.name}, reward_model={self.reward_model.name})")


def _game_type(info: Dict[str, Any], explicit_chance: bool = False) -> GameType:
    """What pyspiel's GameType says of one of bellwether's games (`info` from bellwether.games())."""
    return GameType(
        short_name=info["id"], long_name=info["name"],
        dynamics=GameType.Dynamics.SEQUENTIAL,  # simultaneous choices are taken in turn
        chance_mode=(GameType.ChanceMode.EXPLICIT_STOCHASTIC if explicit_chance
                     else GameType.ChanceMode.SAMPLED_STOCHASTIC),
        information=GameType.Information.IMPERFECT_INFORMATION,
        utility=GameType.Utility.CONSTANT_SUM,  # win shares sum to 1
        reward_model=GameType.RewardModel.TERMINAL,
        max_num_players=info["max_players"], min_num_players=info["min_players"],
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={p["name"]: _typed(p, p["default"]) for p in info["params"]})


class GameInfo:
    """pyspiel.GameInfo: the numbers a game written for pyspiel gives its Game's constructor."""

    def __init__(self, num_distinct_actions: int, max_chance_outcomes: int, num_players: int, min_utility: float,
                 max_utility: float, utility_sum: Optional[float] = None, max_game_length: int = 0) -> None:
        self.num_distinct_actions = num_distinct_actions
        self.max_chance_outcomes = max_chance_outcomes
        self.num_players = num_players
        self.min_utility = min_utility
        self.max_utility = max_utility
        self.utility_sum = utility_sum
        self.max_game_length = max_game_length


class PrivateInfoType(enum.Enum):
    """pyspiel.PrivateInfoType (for IIGObservationType)."""

    ALL_PLAYERS = 0
    NONE = 1
    SINGLE_PLAYER = 2


class IIGObservationType(NamedTuple):
    """pyspiel.IIGObservationType: what an observer of a pyspiel game reports. This module's games
    answer observation_* (public and own private information) and information_state_* (the same with
    perfect recall) only."""

    public_info: bool = True
    perfect_recall: bool = False
    private_info: PrivateInfoType = PrivateInfoType.SINGLE_PLAYER


class SpielStruct:
    """pyspiel.SpielStruct, the base of its structured states, observations and actions. These games
    have none (their observations are dicts: bellwether.State.observation); the names exist so that
    code naming them in its annotations imports."""


class StateStruct(SpielStruct):
    """pyspiel.StateStruct (see SpielStruct)."""


class ObservationStruct(SpielStruct):
    """pyspiel.ObservationStruct (see SpielStruct)."""


class ActionStruct(SpielStruct):
    """pyspiel.ActionStruct (see SpielStruct)."""


# Games written in Python for pyspiel (OpenSpiel's own register theirs as they are imported).
_PYTHON_GAMES: Dict[str, Tuple[GameType, type]] = {}


def register_game(game_type: GameType, game_class: type) -> None:
    """pyspiel.register_game: records a game written in Python for pyspiel, so that modules that
    register games as they are imported (OpenSpiel's open_spiel.python.games) import here. This module
    plays only bellwether's games: load_game() of a registered name says so."""
    _PYTHON_GAMES[game_type.short_name] = (game_type, game_class)


class PlayerAction(NamedTuple):
    """One step of full_history(): who acted and what."""

    player: int
    action: int


# -- loading games --------------------------------------------------------------------------------
def registered_names() -> List[str]:
    """The ids of the games load_game() knows."""
    return [g["id"] for g in games()]


def _game_info(name: str) -> Dict[str, Any]:
    for g in games():
        if g["id"] == name:
            return g
    if name in _PYTHON_GAMES:
        raise UnknownGame(f"{name!r} is a game written in Python for pyspiel: bellwether.spiel plays only "
                          f"{', '.join(registered_names())}")
    raise UnknownGame(f"unknown game {name!r}: one of {', '.join(registered_names())}")


def _parse_game_string(text: str) -> Tuple[str, Dict[str, ParamValue]]:
    """'bye-bye(players=3,seed=5)' -> ('bye-bye', {'players': '3', 'seed': '5'})."""
    match = re.fullmatch(r"\s*([A-Za-z0-9_-]+)\s*(?:\((.*)\))?\s*", text)
    if not match:
        raise BadParameter(f"not a game string: {text!r} (write e.g. 'bye-bye' or 'bye-bye(players=3)')")
    params: Dict[str, ParamValue] = {}
    # A table parameter's value holds commas of its own: split only before the next "name=".
    for part in filter(None, re.split(r",(?=\s*[A-Za-z0-9_]+\s*=)", match.group(2) or "")):
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise BadParameter(f"not a parameter: {part!r} in {text!r} (write name=value)")
        params[key.strip()] = value.strip()
    return match.group(1), params


def _as_int(name: str, value: object, low: int) -> int:
    if isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be an integer, not {value!r}")
    try:
        number = int(value) if isinstance(value, str) else operator.index(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be an integer, not {value!r}") from None
    if number < low:
        raise BadParameter(f"{name} must be at least {low}, not {number}")
    return number


def _typed(spec: Dict[str, Any], value: ParamValue) -> ParamValue:
    """A parameter's value as get_parameters() reports it: bool for true|false, int for a range
    (a..b), the text otherwise. A value the game would refuse stays as given (the game says why)."""
    allowed, text = str(spec.get("allowed", "")), _param_text(value)
    if allowed == "true|false" and text in ("true", "false"):
        return text == "true"
    if re.fullmatch(r"-?\d+\.\.-?\d+", allowed) and re.fullmatch(r"-?\d+", text):
        return int(text)
    return value


def load_game(name: str, params: Optional[Dict[str, ParamValue]] = None) -> Game:
    """A game by id ('bye-bye') or game string ('bye-bye(players=3,seed=5)'), with `params`:
    "players" (the game's default seat count when left out), "seed" (0), "max_game_length"
    (100,000) and the game's own parameters (see bellwether.games()). Raises UnknownGame,
    BadParameter or BadSeats (each a SpielError), or TypeError."""
    game_id, given = _parse_game_string(name)
    given.update(params or {})
    info = _game_info(game_id)
    players: object = given.pop("players", None)
    if players is None:
        players = 3 if info["min_players"] <= 3 <= info["max_players"] else info["min_players"]
    seats = _as_int("players", players, 1)
    seed = _as_int("seed", given.pop("seed", 0), 0) % _SEED_MODULUS
    max_length = _as_int("max_game_length", given.pop("max_game_length", DEFAULT_MAX_GAME_LENGTH), 1)
    chance = str(given.pop("chance", "sampled"))
    if chance not in ("sampled", "explicit"):
        raise BadParameter(f"chance is 'sampled' (the engine draws, the default) or 'explicit' (chance nodes), "
                           f"not {chance!r}")
    if chance == "explicit" and game_id not in EXPLICIT_CHANCE_GAMES:
        raise BadParameter(f"explicit chance is not available for {game_id}: only for "
                           f"{', '.join(EXPLICIT_CHANCE_GAMES)} (docs/python.md, \"Explicit chance\")")
    return Game(game_id, seats, given, seed, max_length, chance == "explicit")


def deserialize_game(text: str) -> Game:
    """The game of Game.serialize() (a game string)."""
    return load_game(text)


class Game:
    """One game with fixed parameters; new_initial_state() deals its games one after another."""

    def __init__(self, game_id: str, players: int, params: Dict[str, ParamValue], seed: int,
                 max_game_length: int, explicit_chance: bool = False) -> None:
        info = _game_info(game_id)
        specs = {p["name"]: p for p in info["params"]}
        self._id = game_id
        self._players = players
        self._params = {key: _typed(specs.get(key, {}), value) for key, value in params.items()}
        self._seed = seed
        self._max_length = max_game_length
        self._explicit = explicit_chance
        self._dealt = 0
        try:  # checks the parameters and the seat count
            self._probe = new_game(game_id, players=players, params=self._native_params(), seed=seed)
        except _native.Error as error:
            raise _as_spiel_error(error) from None
        self._num_actions = self._probe.num_distinct_actions
        self._tensor_size = len(self._probe.observation_tensor(0))
        self._type = _game_type(info, explicit_chance)

    def _native_params(self) -> Dict[str, Union[str, int, bool]]:
        return {key: value if isinstance(value, (str, int)) else str(value) for key, value in self._params.items()}

    def __str__(self) -> str:
        params: Dict[str, ParamValue] = {"players": self._players, "seed": self._seed, **self._params}
        if self._max_length != DEFAULT_MAX_GAME_LENGTH:
            params["max_game_length"] = self._max_length
        if self._explicit:
            params["chance"] = "explicit"
        return f"{self._id}({','.join(f'{k}={_param_text(v)}' for k, v in params.items())})"

    def __repr__(self) -> str:
        return f"<bellwether.spiel.Game {self}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))

    def __reduce__(self) -> Tuple[Callable[..., Game], Tuple[str]]:
        return (load_game, (str(self),))

    def to_string(self) -> str:
        return str(self)

    def serialize(self) -> str:
        """The game string: deserialize_game() or load_game() reads it back."""
        return str(self)

    def get_type(self) -> GameType:
        return self._type

    def get_parameters(self) -> Dict[str, ParamValue]:
        """Every parameter with its value: this module's (players, seed, max_game_length), then the
        game's, the defaults included (bool for a flag, int for a number, text for a table)."""
        return {"players": self._players, "seed": self._seed, "max_game_length": self._max_length,
                "chance": "explicit" if self._explicit else "sampled",
                **self._type.parameter_specification, **self._params}

    def num_players(self) -> int:
        return self._players

    def num_distinct_actions(self) -> int:
        return self._num_actions

    def max_chance_outcomes(self) -> int:
        """0 when chance is sampled inside the engine; with explicit chance, the most outcomes of one
        chance event: a seat (the start player) or a kind of card."""
        return max(self._players, EXPLICIT_CHANCE_GAMES[self._id]) if self._explicit else 0

    def max_chance_nodes_in_history(self) -> int:
        return self._max_length if self._explicit else 0

    def observation_tensor_shape(self) -> List[int]:
        return [self._tensor_size]

    def observation_tensor_size(self) -> int:
        return self._tensor_size

    def information_state_tensor_shape(self) -> List[int]:
        """[observation tensor size + num_distinct_actions] (see State.information_state_tensor)."""
        return [self.information_state_tensor_size()]

    def information_state_tensor_size(self) -> int:
        return self._tensor_size + self._num_actions

    def max_game_length(self) -> int:
        return self._max_length

    def max_move_number(self) -> int:
        return self._max_length

    def max_history_length(self) -> int:
        return self._max_length

    def min_utility(self) -> float:
        return 0.0

    def max_utility(self) -> float:
        return 1.0

    def utility_sum(self) -> float:
        return 1.0

    def action_to_string(self, player: int, action: int) -> str:
        """The text of an action id (the same in every position)."""
        return str(_native_call(self._probe.action_text, _action_id(action)))

    def new_initial_state(self) -> State:
        """The next game of this game's seed sequence (seed, seed + 1, ...)."""
        seed = (self._seed + self._dealt) % _SEED_MODULUS
        self._dealt += 1
        return self._state_at_start(seed)

    def _state_at_start(self, seed: int) -> State:
        if self._explicit:
            from ._explicit import ExplicitState  # it builds on State, below
            return ExplicitState(self, seed)
        return State(self, seed)

    def deserialize_state(self, text: str) -> State:
        """The state State.serialize() wrote (its game must be this one)."""
        data = _load_serialized(text)
        if data["game"] != str(self):
            raise BadRecord(f"the state is of {data['game']}, not of {self}")
        return _replay(self, data)


def _param_text(value: ParamValue) -> str:
    return ("true" if value else "false") if isinstance(value, (bool, np.bool_)) else str(value)


def _native_call(function: Callable[..., Any], *args: Any) -> Any:
    """function(*args), the engine's errors raised as this module's (SpielErrors too)."""
    try:
        return function(*args)
    except _native.Error as error:
        raise _as_spiel_error(error) from None


# -- states ---------------------------------------------------------------------------------------
class State:
    """A position: pyspiel's State methods over a bellwether.State."""

    def __init__(self, game: Game, seed: int, _native_state: Optional[_native.State] = None,
                 _deal: bool = True) -> None:
        self._game = game
        self._seed = seed
        # Not dealt (`_deal` False) only for explicit chance, whose deal is a row of chance nodes.
        self._native: _native.State = _native_state or (new_game(game._id, players=game._players,
                                                                 params=game._native_params(), seed=seed)
                                                        if _deal else None)  # type: ignore[assignment]
        self._history: List[int] = []
        self._actors: List[int] = []  # who played each action of _history
        self._truncated = False
        self._resampled = False
        # The information states asked for so far, kept up to date by apply_action from then on
        # (see _InfoLines); the others cost nothing until someone asks.
        self._info_lines: Dict[int, _InfoLines] = {}
        self._own_counts: Optional[_OwnCounts] = None

    # -- whose turn
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self._native.current_player

    def is_terminal(self) -> bool:
        return self._truncated or self._native.is_terminal

    def is_chance_node(self) -> bool:
        return False

    def is_simultaneous_node(self) -> bool:
        return False

    def is_mean_field_node(self) -> bool:
        return False

    def is_player_node(self) -> bool:
        return not self.is_terminal()

    def is_initial_state(self) -> bool:
        return not self._history

    def num_players(self) -> int:
        return self._game.num_players()

    def num_distinct_actions(self) -> int:
        return self._game.num_distinct_actions()

    def get_game(self) -> Game:
        return self._game

    def get_type(self) -> GameType:
        return self._game.get_type()

    # -- moves
    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        """The legal action ids of `player` (default: the player to act), ascending as in pyspiel; []
        for anyone else (PlayerId.CHANCE included) or at the end."""
        if self.is_terminal() or (player is not None and _player_id(player) != self._native.current_player):
            return []
        return sorted(self._native.legal_actions())

    def legal_actions_mask(self, player: Optional[int] = None) -> List[int]:
        """1 for each legal action id of `player`, 0 elsewhere (length num_distinct_actions)."""
        mask = [0] * self._game.num_distinct_actions()
        for action in self.legal_actions(player):
            mask[action] = 1
        return mask

    def apply_action(self, action: int) -> None:
        """Plays a legal action id for the player to act. Raises TypeError for a non-integer (a bool
        included) and IllegalAction (a SpielError and a bellwether.IllegalAction) for an id that is not
        legal now, does not exist, or comes after the end. The engine checks every action."""
        action = _action_id(action)
        if self.is_terminal():
            raise IllegalAction(f"the game is over: action {action} cannot be played")
        player = self._native.current_player
        try:
            self._native.apply(action)
        except _native.IllegalAction as error:
            raise IllegalAction(str(error)) from None
        self._history.append(action)
        self._actors.append(player)
        self._seen(action, player)

    def _seen(self, action: int, player: int) -> None:
        """After `player`'s `action` changed the native state: each kept information state gets its
        line, and the game is cut at max_game_length."""
        for seat, lines in self._info_lines.items():
            mine = "you: %d|" % action if seat == player else ""
            self._info_lines[seat] = lines.then(mine + self._native.observation_text(seat))
        if not self._native.is_terminal and len(self._history) >= self._game.max_game_length():
            self._truncated = True

    def apply_action_with_legality_check(self, action: int) -> None:
        """The same as apply_action: every action is checked here."""
        self.apply_action(action)

    def apply_actions(self, actions: Sequence[int]) -> None:
        """pyspiel's joint action of a simultaneous node: there are none here."""
        raise SpielError("apply_actions is for simultaneous nodes, and these games have none: use apply_action")

    def undo_action(self, player: int, action: int) -> None:
        raise SpielError("undo_action is not supported: keep a clone() of the state before the action")

    def chance_outcomes(self) -> ActionsAndProbs:
        """pyspiel's chance outcomes: there are no chance nodes here (chance is sampled inside the engine)."""
        raise SpielError("not a chance node: chance is sampled inside the engine, so no state is one")

    def child(self, action: int) -> State:
        """A copy with `action` played."""
        copy = self.clone()
        copy.apply_action(action)
        return copy

    def action_to_string(self, player: int, action: Optional[int] = None) -> str:
        """The text of an action id (pyspiel's two-argument form, or just the action)."""
        if action is None:
            action = player
        return str(_native_call(self._native.action_text, _action_id(action)))

    def string_to_action(self, player: Union[int, str], text: Optional[str] = None) -> int:
        """The id of a legal action from its text (pyspiel's two-argument form, or just the text)."""
        if text is None:
            text = str(player)
        return int(_native_call(self._native.parse_action, text))

    def history(self) -> List[int]:
        return list(self._history)

    def full_history(self) -> List[PlayerAction]:
        return [PlayerAction(player, action) for player, action in zip(self._actors, self._history)]

    def history_str(self) -> str:
        return ", ".join(str(a) for a in self._history)

    def move_number(self) -> int:
        return len(self._history)

    # -- outcome
    def returns(self) -> List[float]:
        """Each seat's win share at the end (0 for all in a truncated game); zeros before."""
        returns = [0.0] * self.num_players()
        if self._native.is_terminal:
            winners = self._native.winners
            for seat in winners:
                returns[seat] = 1.0 / len(winners)
        return returns

    def rewards(self) -> List[float]:
        """What the last action earned: the returns when it ended the game, else zeros."""
        return self.returns()

    def player_return(self, player: int) -> float:
        return self.returns()[_seat(player, self)]

    def player_reward(self, player: int) -> float:
        return self.rewards()[_seat(player, self)]

    def is_truncated(self) -> bool:
        return self._truncated

    # -- what a seat knows
    def observation_tensor(self, player: Optional[int] = None) -> Tensor:
        """`player`'s observation as float32 (the player to act when left out)."""
        return self._native.observation_tensor(self._viewer(player))

    def observation_string(self, player: Optional[int] = None) -> str:
        """`player`'s observation as JSON text (keys sorted): equal strings, same knowledge."""
        return _observation_text(self._native, self._viewer(player))

    def information_state_string(self, player: Optional[int] = None) -> str:
        """Everything `player` has seen, in order (perfect recall): its observation after the deal and
        after every action, one line each, the line after an action of its own starting "you: <id>|".

        The first time a seat's string is asked of a state (or of a state it was cloned from), the
        game is replayed from its seed to build it; from then on apply_action adds one line per step
        for that seat (one observation, ~15 µs) and asking again costs a join of the lines, so a
        traversal that asks at every step pays O(1) per step."""
        seat = self._viewer(player)
        lines = self._info_lines.get(seat)
        if lines is None:
            if self._resampled:
                raise SpielError(f"this resampled state keeps only the information state of the player it was "
                                 f"resampled for (or of players asked before resampling), not of player {seat}")
            lines = self._info_lines[seat] = self._replayed_lines(seat)
        return lines.text()

    def _replayed_lines(self, seat: int) -> _InfoLines:
        return _InfoLines.replayed(self, seat)

    def information_state_tensor(self, player: Optional[int] = None) -> Tensor:
        """`player`'s observation tensor followed by how many times it has played each action id
        (float32, length game.information_state_tensor_size()): a fixed-size summary of what it knows,
        its own choices included. Only information_state_string is perfect recall. The counts are
        brought up to date from the last time they were asked (O(1) per step)."""
        seat = self._viewer(player)
        if self._own_counts is None:
            self._own_counts = _OwnCounts(self._game.num_players(), self._game.num_distinct_actions())
        counts = self._own_counts.up_to(self._history, self._actors)
        return np.concatenate([self._native.observation_tensor(seat), counts[seat]])

    def resample_from_infostate(self, player_id: int, probability_sampler: Optional[Callable[[], float]] = None,
                                *, seed: Optional[int] = None) -> State:
        """A copy in which what `player_id` cannot see (deck order, other hands) is redrawn consistently
        with what it knows. As in pyspiel, `probability_sampler` is a function returning floats in
        [0, 1) (e.g. UniformProbabilitySampler(seed)): the redraw takes its seed from two of its draws.
        Without it, `seed` makes the redraw reproducible; neither: fresh entropy. The copy cannot be
        serialized."""
        if probability_sampler is not None:
            if not callable(probability_sampler):
                raise TypeError("probability_sampler is a function returning floats in [0, 1) "
                                f"(give a seed as seed=), not {probability_sampler!r}")
            high, low = (int(float(probability_sampler()) * 2**32) for _ in range(2))
            seed = (high << 32) | low
        seat = _seat(player_id, self)
        copy = State(self._game, self._seed, _native_state=self._native.clone_for(seat, seed))
        copy._history, copy._actors = list(self._history), list(self._actors)
        copy._truncated = self._truncated
        copy._resampled = True
        # Only `seat` saw the same things in the redrawn world; its own choices are the same for all.
        copy._info_lines = {seat: self._info_lines.get(seat) or _InfoLines.replayed(self, seat)}
        copy._own_counts = self._own_counts.shared() if self._own_counts else None
        return copy

    # -- copies and text
    def clone(self) -> State:
        """An exact copy, hidden future included (see resample_from_infostate)."""
        copy = object.__new__(type(self))  # a subclass's copy is of its class, with its fields
        copy.__dict__.update(self.__dict__)
        copy._native = self._native.clone() if self._native is not None else self._native
        copy._history, copy._actors = list(self._history), list(self._actors)
        copy._info_lines = dict(self._info_lines)
        copy._own_counts = self._own_counts.shared() if self._own_counts else None
        return copy

    def serialize(self) -> str:
        """The game, its seed and the actions, as JSON text: game.deserialize_state() or
        deserialize_game_and_state() rebuilds the same state."""
        if self._resampled:
            raise BadRecord("a resampled state cannot be serialized: its actions do not rebuild it")
        return json.dumps({"game": str(self._game), "seed": self._seed, "actions": self._history})

    def __reduce__(self) -> Tuple[Callable[[str], State], Tuple[str]]:
        return (_restore, (self.serialize(),))

    def to_string(self) -> str:
        return str(self)

    def __str__(self) -> str:
        return self._native.render()

    def __repr__(self) -> str:
        return f"<bellwether.spiel.State {self._game._id}, move {len(self._history)}>"

    def _viewer(self, player: Optional[int]) -> int:
        if player is None:
            if self.is_terminal():
                raise BadSeats("the game is over: name the player whose view you want")
            return self._native.current_player
        return _seat(player, self)


def _observation_text(native: _native.State, seat: int) -> str:
    return native.observation_text(seat)


class _InfoLines:
    """One seat's information-state lines as a persistent list: each step adds a node that points
    at the one before, so clones share every line seen so far and a step costs one node, not a
    copy. The joined text is kept with the newest node, so asking twice joins once."""

    __slots__ = ("previous", "line", "count", "joined")

    def __init__(self, previous: Optional[_InfoLines], line: str) -> None:
        self.previous = previous
        self.line = line
        self.count: int = previous.count + 1 if previous else 1
        self.joined: Optional[str] = None

    @staticmethod
    def replayed(state: State, seat: int) -> _InfoLines:
        """The lines of `seat` in `state`, from a replay of its game from the seed."""
        game = state._game
        replay = new_game(game._id, players=game._players, params=game._native_params(), seed=state._seed)
        lines = _InfoLines(None, replay.observation_text(seat))
        for action in state._history:
            mine = "you: %d|" % action if replay.current_player == seat else ""
            replay.apply(action)
            lines = lines.then(mine + replay.observation_text(seat))
        return lines

    def then(self, line: str) -> _InfoLines:
        return _InfoLines(self, line)

    def text(self) -> str:
        if self.joined is None:
            parts: List[str] = [""] * self.count
            node: Optional[_InfoLines] = self
            for i in range(self.count - 1, -1, -1):
                assert node is not None
                parts[i] = node.line
                node = node.previous
            self.joined = "\n".join(parts)
        return self.joined


class _OwnCounts:
    """How many times each seat has played each action id, caught up from the history on demand;
    copies share the array until one of them has to change it."""

    __slots__ = ("counts", "upto", "owned")

    def __init__(self, players: int, actions: int) -> None:
        self.counts = np.zeros((players, actions), dtype=np.float32)
        self.upto = 0
        self.owned = True

    def shared(self) -> _OwnCounts:
        copy = _OwnCounts.__new__(_OwnCounts)
        copy.counts, copy.upto, copy.owned = self.counts, self.upto, False
        self.owned = False
        return copy

    def up_to(self, history: List[int], actors: List[int]) -> npt.NDArray[np.float32]:
        if self.upto < len(history):
            if not self.owned:
                self.counts, self.owned = self.counts.copy(), True
            for i in range(self.upto, len(history)):
                if actors[i] >= 0:  # not chance's
                    self.counts[actors[i], history[i]] += 1
            self.upto = len(history)
        return self.counts


def _player_id(player: object) -> int:
    """Any player id (a seat or one of PlayerId's) as an int; TypeError for a bool or a non-integer."""
    if isinstance(player, (bool, np.bool_)):
        raise TypeError(f"a player must be an integer, not {player!r}")
    try:
        return operator.index(player)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"a player must be an integer, not {player!r}") from None


def _seat(player: object, state: State) -> int:
    seat = _player_id(player)
    if not 0 <= seat < state.num_players():
        raise BadSeats(f"player {seat} is not a seat of this {state.num_players()}-player game")
    return seat


def _action_id(action: object) -> int:
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise TypeError(f"an action is an integer id, not {action!r}")
    return int(action)


def _load_serialized(text: str) -> Dict[str, Any]:
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or not {"game", "seed", "actions"} <= data.keys():
            raise ValueError
        return data
    except ValueError:
        raise BadRecord("not a serialized bellwether.spiel state (expected the JSON of State.serialize())") from None


def _replay(game: Game, data: Dict[str, Any]) -> State:
    state = game._state_at_start(_as_int("seed", data["seed"], 0))
    for action in data["actions"]:
        state.apply_action(action)
    return state


def deserialize_game_and_state(text: str) -> Tuple[Game, State]:
    """(game, state) from State.serialize()'s text."""
    data = _load_serialized(text)
    game = load_game(data["game"])
    return game, _replay(game, data)


def serialize_game_and_state(game: Game, state: State) -> str:
    """State.serialize()'s text (it names the game): deserialize_game_and_state() reads it."""
    if state.get_game() != game:
        raise BadRecord(f"the state is of {state.get_game()}, not of {game}")
    return state.serialize()


def _restore(text: str) -> State:
    return deserialize_game_and_state(text)[1]


class UniformProbabilitySampler:
    """pyspiel.UniformProbabilitySampler: a seeded source of floats in [min, max), for
    resample_from_infostate."""

    def __init__(self, seed: int = 0, min: float = 0.0, max: float = 1.0) -> None:  # noqa: A002 (pyspiel's names)
        self._random = random.Random(seed)
        self._low, self._high = min, max

    def __call__(self) -> float:
        return self._low + (self._high - self._low) * self._random.random()


# -- bots -----------------------------------------------------------------------------------------
class Bot:
    """pyspiel.Bot: the base of a player that chooses actions. A subclass overrides step(state); the
    others do what pyspiel's base class does (inform_action and restart do nothing; what a bot does not
    provide raises SpielError)."""

    def __init__(self) -> None:
        pass

    def step(self, state: State) -> int:
        """The action to play in `state` (the bot may assume it is played)."""
        raise SpielError(f"{type(self).__name__} does not implement step()")

    def step_verbose(self, state: State) -> Tuple[int, str]:
        return self.step(state), ""

    def inform_action(self, state: State, player_id: int, action: int) -> None:
        """Another player (or chance) chose `action` in `state`; a bot without memory ignores it."""

    def inform_actions(self, state: State, actions: Sequence[int]) -> None:
        """The joint action of a simultaneous node (there are none here)."""

    def restart(self) -> None:
        """Back to the start of a new game."""

    def restart_at(self, state: State) -> None:
        raise SpielError(f"{type(self).__name__} does not implement restart_at(state)")

    def provides_force_action(self) -> bool:
        return False

    def force_action(self, state: State, action: int) -> None:
        raise SpielError(f"{type(self).__name__} cannot be forced to an action")

    def provides_policy(self) -> bool:
        return False

    def get_policy(self, state: State) -> ActionsAndProbs:
        raise SpielError(f"{type(self).__name__} does not expose a policy")

    def step_with_policy(self, state: State) -> Tuple[ActionsAndProbs, int]:
        raise SpielError(f"{type(self).__name__} does not expose a policy")

    def is_clonable(self) -> bool:
        return False

    def clone(self) -> Bot:
        raise SpielError(f"{type(self).__name__} cannot be cloned")


class AgentBot(Bot):
    """A built-in agent (bellwether.agent(spec): "random", "heuristic", "ismcts:iters=500"...) as a pyspiel
    Bot for `player_id`. It has no memory, so restart_at and inform_action do nothing."""

    def __init__(self, spec: str, player_id: int, seed: int = 1) -> None:
        super().__init__()
        try:
            self._agent = _native.agent(spec, seed)
        except _native.Error as error:
            raise _as_spiel_error(error) from None
        self._player_id = _player_id(player_id)

    def player_id(self) -> int:
        return self._player_id

    def step(self, state: State) -> int:
        if state.current_player() != self._player_id:
            raise IllegalAction(f"it is player {state.current_player()}'s turn, not player {self._player_id}'s")
        return int(_native_call(self._agent.act, state._native, self._player_id))

    def restart_at(self, state: State) -> None:
        pass

    def __repr__(self) -> str:
        return f"<bellwether.spiel.AgentBot {self._agent.spec} for player {self._player_id}>"


def load_bot(bot_name: str, game: Game, player: int, params: Optional[Dict[str, ParamValue]] = None) -> Bot:
    """A built-in agent as a Bot (pyspiel.load_bot's shape): `bot_name` is an agent spec ("random",
    "heuristic", "easy", "medium", "hard", "ismcts"), `params` its options ({"iters": 500} -> "ismcts:iters=500") and "seed"."""
    options = dict(params or {})
    seed = _as_int("seed", options.pop("seed", 1), 0)
    spec = bot_name + (":" + ",".join(f"{k}={_param_text(v)}" for k, v in options.items()) if options else "")
    if not 0 <= _player_id(player) < game.num_players():
        raise BadSeats(f"player {player} is not a seat of this {game.num_players()}-player game")
    return AgentBot(spec, player, seed)


def registered_bots() -> List[str]:
    """The names load_bot() takes."""
    return ["random", "heuristic", "easy", "medium", "hard", "ismcts"]
