"""bellwether.spiel: the games of bellwether.games() behind the API of OpenSpiel's pyspiel, for code written against it.

    from bellwether import spiel
    game = spiel.load_game("bye-bye", {"players": 3})
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(random.choice(state.legal_actions()))
    print(state.returns())

How it differs from pyspiel, on purpose:

- Chance is sampled inside the engine (pyspiel's "sampled stochastic" games): there are no chance
  nodes, and each new_initial_state() deals the next game of the game's seed sequence
  ({"seed": s}, 0 by default), so a run is reproducible.
- current_player() is TERMINAL (-4) at the end, as in pyspiel; it is never -1 (pyspiel's chance id).
- returns() are win shares: 1 for a sole winner, 1/k for each of k tied winners, 0 for the others
  (they sum to 1; the same rewards as bellwether.VectorEnv and the AEC env).
- max_game_length() is a bound this module enforces: a game that reaches that many actions ends
  there with every return 0 (is_truncated()). Set it with {"max_game_length": n}; 100,000 by default.
- observation_tensor(player) is a float32 numpy array (pyspiel gives a list; both index alike).
- clone() is exact, hidden future included, as in pyspiel. A search that must not see what its seat
  cannot see uses resample_from_infostate(player) (or State.clone_for in the native API).

States, games and bellwether.env.AECEnv pickle (for multiprocessing and Ray).
"""

import json
import operator
import re

import numpy as np

from ._bellwether import IllegalAction, games, new_game

TERMINAL = -4  # pyspiel.PlayerId.TERMINAL
INVALID = -3  # pyspiel.PlayerId.INVALID
DEFAULT_MAX_GAME_LENGTH = 100_000
_SEED_MODULUS = 2**64

# Keys of load_game's params that belong to this module, not to the game.
_OWN_PARAMS = ("players", "seed", "max_game_length")


def registered_names():
    """The ids of the games load_game() knows."""
    return [g["id"] for g in games()]


def _game_info(name):
    for g in games():
        if g["id"] == name:
            return g
    raise ValueError(f"unknown game {name!r}: one of {', '.join(registered_names())}")


def _parse_game_string(text):
    """'bye-bye(players=3,seed=5)' -> ('bye-bye', {'players': '3', 'seed': '5'})."""
    match = re.fullmatch(r"\s*([A-Za-z0-9_-]+)\s*(?:\((.*)\))?\s*", text)
    if not match:
        raise ValueError(f"not a game string: {text!r} (write e.g. 'bye-bye' or 'bye-bye(players=3)')")
    params = {}
    for part in filter(None, (match.group(2) or "").split(",")):
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"not a parameter: {part!r} in {text!r} (write name=value)")
        params[key.strip()] = value.strip()
    return match.group(1), params


def _as_int(name, value, low):
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an integer, not {value!r}")
    try:
        number = operator.index(value) if not isinstance(value, str) else int(value)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be an integer, not {value!r}") from None
    if number < low:
        raise ValueError(f"{name} must be at least {low}, not {number}")
    return number


def load_game(name, params=None):
    """A game by id ('bye-bye') or game string ('bye-bye(players=3,seed=5)'), with `params`:
    "players" (the game's default seat count when left out), "seed" (0), "max_game_length"
    (100,000) and the game's own parameters (see bellwether.games())."""
    game_id, given = _parse_game_string(name)
    given.update(params or {})
    info = _game_info(game_id)
    players = given.pop("players", None)
    if players is None:
        players = 3 if info["min_players"] <= 3 <= info["max_players"] else info["min_players"]
    players = _as_int("players", players, 1)
    seed = _as_int("seed", given.pop("seed", 0), 0) % _SEED_MODULUS
    max_length = _as_int("max_game_length", given.pop("max_game_length", DEFAULT_MAX_GAME_LENGTH), 1)
    return Game(game_id, players, given, seed, max_length)


class GameType:
    """What pyspiel's GameType says of these games."""

    def __init__(self, game_id, name):
        self.short_name = game_id
        self.long_name = name
        self.dynamics = "sequential"
        self.chance_mode = "sampled_stochastic"
        self.information = "imperfect_information"
        self.utility = "constant_sum"  # win shares sum to 1
        self.reward_model = "terminal"
        self.provides_observation_string = True
        self.provides_observation_tensor = True
        self.provides_information_state_string = True
        self.provides_information_state_tensor = False

    def __repr__(self):
        return f"GameType(short_name={self.short_name!r})"


class Game:
    """One game with fixed parameters; new_initial_state() deals its games one after another."""

    def __init__(self, game_id, players, params, seed, max_game_length):
        self._id = game_id
        self._players = players
        self._params = dict(params)
        self._seed = seed
        self._max_length = max_game_length
        self._dealt = 0
        probe = new_game(game_id, players=players, params=self._params, seed=seed)  # checks the parameters
        self._num_actions = probe.num_distinct_actions
        self._tensor_size = len(probe.observation_tensor(0))
        self._name = _game_info(game_id)["name"]

    def __str__(self):
        params = {"players": self._players, "seed": self._seed, **self._params}
        if self._max_length != DEFAULT_MAX_GAME_LENGTH:
            params["max_game_length"] = self._max_length
        return f"{self._id}({','.join(f'{k}={_param_text(v)}' for k, v in params.items())})"

    def __repr__(self):
        return f"<bellwether.spiel.Game {self}>"

    def __eq__(self, other):
        return isinstance(other, Game) and str(self) == str(other)

    def __hash__(self):
        return hash(str(self))

    def __reduce__(self):
        return (load_game, (str(self),))

    def get_type(self):
        return GameType(self._id, self._name)

    def get_parameters(self):
        return {"players": self._players, "seed": self._seed, "max_game_length": self._max_length, **self._params}

    def num_players(self):
        return self._players

    def num_distinct_actions(self):
        return self._num_actions

    def max_chance_outcomes(self):
        return 0  # chance is sampled inside the engine

    def observation_tensor_shape(self):
        return [self._tensor_size]

    def observation_tensor_size(self):
        return self._tensor_size

    def max_game_length(self):
        return self._max_length

    def min_utility(self):
        return 0.0

    def max_utility(self):
        return 1.0

    def utility_sum(self):
        return 1.0

    def new_initial_state(self):
        """The next game of this game's seed sequence (seed, seed + 1, ...)."""
        seed = (self._seed + self._dealt) % _SEED_MODULUS
        self._dealt += 1
        return State(self, seed)

    def deserialize_state(self, text):
        """The state State.serialize() wrote (its game must be this one)."""
        data = _load_serialized(text)
        if data["game"] != str(self):
            raise ValueError(f"the state is of {data['game']}, not of {self}")
        return _replay(self, data)


def _param_text(value):
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


class State:
    """A position: pyspiel's State methods over a bellwether.State."""

    def __init__(self, game, seed, _native=None):
        self._game = game
        self._seed = seed
        self._native = _native or new_game(game._id, players=game._players, params=game._params, seed=seed)
        self._history = []
        self._truncated = False

    # -- whose turn
    def current_player(self):
        return TERMINAL if self.is_terminal() else self._native.current_player

    def is_terminal(self):
        return self._truncated or self._native.is_terminal

    def is_chance_node(self):
        return False

    def is_simultaneous_node(self):
        return False

    def is_player_node(self):
        return not self.is_terminal()

    def num_players(self):
        return self._game.num_players()

    def get_game(self):
        return self._game

    # -- moves
    def legal_actions(self, player=None):
        """The legal action ids of `player` (default: the player to act), ascending as in pyspiel; []
        for anyone else or at the end."""
        if self.is_terminal() or (player is not None and _seat(player, self) != self._native.current_player):
            return []
        return sorted(self._native.legal_actions())

    def legal_actions_mask(self, player=None):
        """1 for each legal action id of `player`, 0 elsewhere (length num_distinct_actions)."""
        mask = [0] * self._game.num_distinct_actions()
        for action in self.legal_actions(player):
            mask[action] = 1
        return mask

    def apply_action(self, action):
        """Plays a legal action id for the player to act. Raises TypeError for a non-integer and
        bellwether.IllegalAction for an id that is not legal now (or at the end)."""
        action = _action_id(action)
        if self.is_terminal():
            raise IllegalAction(f"the game is over: action {action} cannot be played")
        self._native.apply(action)
        self._history.append(action)
        if not self._native.is_terminal and len(self._history) >= self._game.max_game_length():
            self._truncated = True

    def child(self, action):
        """A copy with `action` played."""
        copy = self.clone()
        copy.apply_action(action)
        return copy

    def action_to_string(self, player, action=None):
        """The text of an action id (pyspiel's two-argument form, or just the action)."""
        if action is None:
            player, action = None, player
        return self._native.action_text(_action_id(action))

    def string_to_action(self, player, text=None):
        if text is None:
            player, text = None, player
        return self._native.parse_action(text)

    def history(self):
        return list(self._history)

    def history_str(self):
        return ", ".join(str(a) for a in self._history)

    def move_number(self):
        return len(self._history)

    # -- outcome
    def returns(self):
        """Each seat's win share at the end (0 for all in a truncated game); zeros before."""
        returns = [0.0] * self.num_players()
        if self._native.is_terminal:
            winners = self._native.winners
            for seat in winners:
                returns[seat] = 1.0 / len(winners)
        return returns

    def rewards(self):
        """What the last action earned: the returns when it ended the game, else zeros."""
        return self.returns()

    def player_return(self, player):
        return self.returns()[_seat(player, self)]

    def is_truncated(self):
        return self._truncated

    # -- what a seat knows
    def observation_tensor(self, player=None):
        """`player`'s observation as float32 (the player to act when left out)."""
        return self._native.observation_tensor(self._viewer(player))

    def observation_string(self, player=None):
        """`player`'s observation as JSON text (keys sorted): equal strings, same knowledge."""
        return json.dumps(self._native.observation(self._viewer(player)), sort_keys=True, separators=(",", ":"))

    def information_state_string(self, player=None):
        """Everything `player` has seen, in order (perfect recall): its observation after the deal and
        after every action, with its own actions named. It replays the game, so it costs time in
        proportion to the game's length."""
        seat = self._viewer(player)
        replay = new_game(self._game._id, players=self._game._players, params=self._game._params, seed=self._seed)
        lines = [_observation_text(replay, seat)]
        for action in self._history:
            mine = replay.current_player == seat
            replay.apply(action)
            lines.append((f"you: {action}|" if mine else "") + _observation_text(replay, seat))
        return "\n".join(lines)

    def resample_from_infostate(self, player, seed=None):
        """A copy in which what `player` cannot see (deck order, other hands) is redrawn consistently
        with what it knows; `seed` makes it reproducible. It cannot be serialized."""
        copy = State(self._game, self._seed, _native=self._native.clone_for(_seat(player, self), seed))
        copy._history = list(self._history)
        copy._truncated = self._truncated
        copy._resampled = True
        return copy

    # -- copies and text
    def clone(self):
        """An exact copy, hidden future included (see resample_from_infostate)."""
        copy = State(self._game, self._seed, _native=self._native.clone())
        copy._history = list(self._history)
        copy._truncated = self._truncated
        if getattr(self, "_resampled", False):
            copy._resampled = True
        return copy

    def serialize(self):
        """The game, its seed and the actions, as JSON text: game.deserialize_state() or
        deserialize_game_and_state() rebuilds the same state."""
        if getattr(self, "_resampled", False):
            raise ValueError("a resampled state cannot be serialized: its actions do not rebuild it")
        return json.dumps({"game": str(self._game), "seed": self._seed, "actions": self._history})

    def __reduce__(self):
        return (_restore, (self.serialize(),))

    def __str__(self):
        return self._native.render()

    def __repr__(self):
        return f"<bellwether.spiel.State {self._game._id}, move {len(self._history)}>"

    def _viewer(self, player):
        if player is None:
            if self.is_terminal():
                raise ValueError("the game is over: name the player whose view you want")
            return self._native.current_player
        return _seat(player, self)


def _observation_text(native, seat):
    return json.dumps(native.observation(seat), sort_keys=True, separators=(",", ":"))


def _seat(player, state):
    seat = _as_int("player", player, 0)
    if seat >= state.num_players():
        raise ValueError(f"player {seat} is not a seat of this {state.num_players()}-player game")
    return seat


def _action_id(action):
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise TypeError(f"an action is an integer id, not {action!r}")
    return int(action)


def _load_serialized(text):
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or not {"game", "seed", "actions"} <= data.keys():
            raise ValueError
        return data
    except ValueError:
        raise ValueError("not a serialized bellwether.spiel state (expected the JSON of State.serialize())") from None


def _replay(game, data):
    state = State(game, _as_int("seed", data["seed"], 0))
    for action in data["actions"]:
        state.apply_action(action)
    return state


def deserialize_game_and_state(text):
    """(game, state) from State.serialize()'s text."""
    data = _load_serialized(text)
    game = load_game(data["game"])
    return game, _replay(game, data)


def _restore(text):
    return deserialize_game_and_state(text)[1]
