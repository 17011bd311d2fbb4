"""Each game walked through pyspiel's contract as bellwether.spiel gives it, at every step of seeded games.

The information state is checked against its definition, rebuilt here from the native API alone
(bellwether.new_game with the state's seed, then its actions):

- information_state_string(p): one line for the deal, then one per action, each line the JSON of
  observation(p) (keys sorted, no spaces); the line after an action p played starts "you: <id>|".
- information_state_tensor(p): observation_tensor(p) followed by how many times p has played each
  action id (float32, length observation size + num_distinct_actions).

The state keeps the strings it was asked for step by step (and the counts), so the checks below
also ask late (a replay catches up), on clones that go separate ways, and on resampled worlds.
A game is cut at 200 actions (max_game_length); one game per id is also played to its end."""
import json

import numpy as np
import pytest

import bellwether
from bellwether import spiel

CUT = 200


class FromScratch:
    """The information states of every seat, kept beside the spiel state from the native API."""

    def __init__(self, game_id, players, seed, params):
        self.native = bellwether.new_game(game_id, players=players, params=params, seed=seed)
        self.players = players
        self.lines = [[self.text(p)] for p in range(players)]
        self.counts = np.zeros((players, self.native.num_distinct_actions), dtype=np.float32)

    def text(self, seat):
        return json.dumps(self.native.observation(seat), sort_keys=True, separators=(",", ":"))

    def apply(self, action):
        actor = self.native.current_player
        self.native.apply(action)
        self.counts[actor, action] += 1
        for p in range(self.players):
            self.lines[p].append((f"you: {action}|" if p == actor else "") + self.text(p))

    def string(self, seat):
        return "\n".join(self.lines[seat])

    def tensor(self, seat):
        return np.concatenate([self.native.observation_tensor(seat), self.counts[seat]])


def check_type(game, game_id):
    game_type = game.get_type()
    assert isinstance(game_type, spiel.GameType) and game_type.short_name == game_id
    assert game_type.dynamics is spiel.GameType.Dynamics.SEQUENTIAL
    assert game_type.chance_mode is spiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game_type.information is spiel.GameType.Information.IMPERFECT_INFORMATION
    assert game_type.utility is spiel.GameType.Utility.CONSTANT_SUM
    assert game_type.reward_model is spiel.GameType.RewardModel.TERMINAL
    assert game_type.provides_information_state_string and game_type.provides_information_state_tensor
    assert game_type.min_num_players <= game.num_players() <= game_type.max_num_players
    assert game.information_state_tensor_shape() == [game.observation_tensor_size() + game.num_distinct_actions()]
    assert game.max_chance_outcomes() == 0 and game.utility_sum() == 1.0


def check_step(state, scratch, game):
    """The contract at one non-terminal position, every seat's information state included."""
    player = state.current_player()
    assert isinstance(player, int) and 0 <= player < game.num_players()
    assert not state.is_chance_node() and not state.is_simultaneous_node() and state.is_player_node()
    assert state.legal_actions() == sorted(scratch.native.legal_actions())
    assert state.returns() == [0.0] * game.num_players() and state.rewards() == state.returns()
    for seat in range(game.num_players()):
        assert state.information_state_string(seat) == scratch.string(seat)
        tensor = state.information_state_tensor(seat)
        assert tensor.dtype == np.float32 and list(tensor.shape) == game.information_state_tensor_shape()
        assert np.array_equal(tensor, scratch.tensor(seat))
    assert state.information_state_string() == scratch.string(player)


def check_end(state, game):
    assert state.is_terminal() and state.current_player() == spiel.TERMINAL == spiel.PlayerId.TERMINAL == -4
    assert state.legal_actions() == [] and not state.is_chance_node()
    returns = state.returns()
    assert len(returns) == game.num_players() and all(0.0 <= r <= 1.0 for r in returns)
    assert sum(returns) == pytest.approx(0.0 if state.is_truncated() else 1.0)
    assert [state.player_return(p) for p in range(game.num_players())] == returns
    with pytest.raises(spiel.IllegalAction):
        state.apply_action(0)


def check_copies(state, game):
    clone = state.clone()
    twin = game.deserialize_state(state.serialize())
    for copy in (clone, twin):
        assert copy.history() == state.history()
        for seat in range(game.num_players()):
            assert copy.information_state_string(seat) == state.information_state_string(seat)
            assert np.array_equal(copy.information_state_tensor(seat), state.information_state_tensor(seat))


@pytest.mark.parametrize("players", [2, 3])
def test_every_step_of_a_seeded_game_keeps_the_contract(game_id, players):
    info = next(g for g in bellwether.games() if g["id"] == game_id)
    players = max(players, info["min_players"])
    game = spiel.load_game(game_id, {"players": players, "seed": 11, "max_game_length": CUT})
    check_type(game, game_id)
    state = game.new_initial_state()
    scratch = FromScratch(game_id, players, 11, {})
    rng = np.random.default_rng(players)
    while not state.is_terminal():
        check_step(state, scratch, game)
        if state.move_number() % 40 == 7:
            check_copies(state, game)
        legal = state.legal_actions()
        action = legal[int(rng.integers(len(legal)))]
        state.apply_action(action)
        scratch.apply(action)
    check_end(state, game)
    assert state.move_number() <= CUT


def test_a_whole_game_ends_with_win_shares(game_id):
    game = spiel.load_game(game_id, {"seed": 4})
    check_type(game, game_id)
    state = game.new_initial_state()
    scratch = FromScratch(game_id, game.num_players(), 4, {})
    rng = np.random.default_rng(9)
    while not state.is_terminal():
        legal = state.legal_actions()
        action = legal[int(rng.integers(len(legal)))]
        state.apply_action(action)
        scratch.apply(action)
    check_end(state, game)
    assert not state.is_truncated() and sum(state.returns()) == pytest.approx(1.0)
    for seat in range(game.num_players()):
        assert state.information_state_string(seat) == scratch.string(seat)
        assert np.array_equal(state.information_state_tensor(seat), scratch.tensor(seat))
    check_copies(state, game)


def random_steps(state, scratch, rng, steps):
    for _ in range(steps):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        action = legal[int(rng.integers(len(legal)))]
        state.apply_action(action)
        scratch.apply(action)


def same_information(state, scratch, seats):
    return all(state.information_state_string(seat) == scratch.string(seat)
               and np.array_equal(state.information_state_tensor(seat), scratch.tensor(seat)) for seat in seats)


def test_information_states_kept_step_by_step_match_their_definition_when_asked_late_or_on_clones(game_id):
    game = spiel.load_game(game_id, {"players": 3, "seed": 21})
    state, scratch = game.new_initial_state(), FromScratch(game_id, 3, 21, {})
    rng = np.random.default_rng(5)
    random_steps(state, scratch, rng, 6)
    assert same_information(state, scratch, [1])  # first asked here: a replay catches up, then it is kept
    twins = [(state.clone(), FromScratch(game_id, 3, 21, {})) for _ in range(2)]
    for _, twin_scratch in twins:
        for action in state.history():
            twin_scratch.apply(action)
    # Clones go separate ways from one kept state, each asked first in another order; seat 0 is
    # first asked on each afterwards.
    random_steps(state, scratch, np.random.default_rng(1), 7)
    for i, (twin, twin_scratch) in enumerate(twins):
        random_steps(twin, twin_scratch, np.random.default_rng(2 + i), 9)
    assert same_information(twins[0][0], twins[0][1], [0, 1, 2])
    assert same_information(state, scratch, [0, 1, 2])
    assert same_information(twins[1][0], twins[1][1], [0, 1, 2])
    random_steps(state, scratch, rng, 5)
    assert same_information(state, scratch, [0, 1, 2]) and same_information(twins[0][0], twins[0][1], [1])


def test_a_resampled_world_keeps_only_its_players_information_state(game_id):
    game = spiel.load_game(game_id, {"players": 3, "seed": 8})
    state, scratch = game.new_initial_state(), FromScratch(game_id, 3, 8, {})
    random_steps(state, scratch, np.random.default_rng(3), 5)
    if state.is_terminal():
        pytest.skip("the seeded game ended before its fifth action")
    seat = state.current_player()
    before = state.information_state_string(seat)
    world = state.resample_from_infostate(seat, seed=4)
    assert world.information_state_string(seat) == before
    assert np.array_equal(world.information_state_tensor(seat), state.information_state_tensor(seat))
    # Another seat's past in the redrawn world is unknown (chance is inside the engine): a clear
    # error, never the true world's lines (which would leak what `seat` cannot see).
    with pytest.raises(spiel.SpielError, match="resampled"):
        world.information_state_string((seat + 1) % 3)
    world.apply_action(world.legal_actions()[0])
    lines = world.information_state_string(seat).split("\n")
    assert "\n".join(lines[:-1]) == before and lines[-1].endswith(world.observation_string(seat))
