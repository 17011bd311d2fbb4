"""bellwether.spiel against pyspiel's documented conventions, and pickling of states and environments.

Written from OpenSpiel's API documentation (pyspiel is not installed here): a game reports its shape,
a state its player (TERMINAL = -4 at the end, never the chance id -1), legal actions per player, a mask,
returns that are zero until the end, tensors of the reported shape, and it serializes and pickles."""
import pickle

import numpy as np
import pytest

import bellwether
from bellwether import spiel
from bellwether.env import AECEnv


def play_out(state, rng, limit=None):
    """Random legal actions until the end (or `limit` actions), checking pyspiel's contract at each step."""
    game = state.get_game()
    n = game.num_distinct_actions()
    steps = 0
    while not state.is_terminal() and (limit is None or steps < limit):
        player = state.current_player()
        assert 0 <= player < game.num_players()
        assert not state.is_chance_node() and not state.is_simultaneous_node()
        legal = state.legal_actions()
        assert legal and legal == state.legal_actions(player)
        for other in range(game.num_players()):
            if other != player:
                assert state.legal_actions(other) == []
        mask = state.legal_actions_mask(player)
        assert len(mask) == n and [a for a in range(n) if mask[a]] == legal
        assert state.returns() == [0.0] * game.num_players()
        tensor = state.observation_tensor(player)
        assert list(tensor.shape) == game.observation_tensor_shape() and tensor.dtype == np.float32
        state.apply_action(legal[int(rng.integers(len(legal)))])
        steps += 1
    return steps


def test_a_game_reports_its_shape_and_plays_to_the_end(game_id):
    game = spiel.load_game(game_id, {"players": 3, "seed": 5})
    assert game.num_players() == 3
    assert game.get_type().chance_mode == spiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    state = game.new_initial_state()
    steps = play_out(state, np.random.default_rng(1))
    assert state.is_terminal() and not state.is_truncated()
    assert state.current_player() == spiel.TERMINAL == -4
    assert state.legal_actions() == [] and sum(state.legal_actions_mask(0)) == 0
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0) and all(0.0 <= r <= 1.0 for r in returns)
    assert state.rewards() == returns
    assert state.move_number() == steps == len(state.history()) <= game.max_game_length()
    with pytest.raises(bellwether.IllegalAction, match="game is over"):
        state.apply_action(0)


def test_game_strings_round_trip_and_bad_ones_are_refused():
    game = spiel.load_game("bye-bye(players=4,seed=9)")
    assert game.num_players() == 4 and game.get_parameters()["seed"] == 9
    assert spiel.load_game(str(game)) == game
    assert "bye-bye" in spiel.registered_names()
    with pytest.raises(ValueError, match="unknown game"):
        spiel.load_game("chess")
    with pytest.raises(ValueError, match="not a parameter"):
        spiel.load_game("bye-bye(players)")
    with pytest.raises(TypeError, match="integer"):
        spiel.load_game("bye-bye", {"players": 2.5})
    with pytest.raises(bellwether.Error):
        spiel.load_game("bye-bye", {"players": 9})


def test_states_are_dealt_from_the_seed_sequence():
    first = [spiel.load_game("disguise", {"seed": 3}).new_initial_state() for _ in range(2)]
    assert first[0].observation_string(0) == first[1].observation_string(0)  # same game, same first deal
    game = spiel.load_game("disguise", {"seed": 3})
    a, b = game.new_initial_state(), game.new_initial_state()
    assert a.observation_string(0) != b.observation_string(0)  # the next state is the next deal


def test_bad_actions_and_players():
    state = spiel.load_game("black-sheep", {"players": 2}).new_initial_state()
    for bad in (1.0, True, "0", None):
        with pytest.raises(TypeError):
            state.apply_action(bad)
    illegal = next(a for a in range(state.get_game().num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(bellwether.IllegalAction):
        state.apply_action(illegal)
    with pytest.raises(ValueError, match="not a seat"):
        state.observation_tensor(2)
    assert state.action_to_string(0, state.legal_actions()[0]) == state.action_to_string(state.legal_actions()[0])


def test_serialize_and_pickle_rebuild_the_same_state(game_id):
    game = spiel.load_game(game_id, {"players": 3, "seed": 2})
    state = game.new_initial_state()
    play_out(state, np.random.default_rng(4), limit=40)
    for copy in (game.deserialize_state(state.serialize()), spiel.deserialize_game_and_state(state.serialize())[1],
                 pickle.loads(pickle.dumps(state))):
        assert copy.history() == state.history()
        assert copy.get_game() == game
        for seat in range(3):
            assert copy.observation_string(seat) == state.observation_string(seat)
        # The same future: the copies go on exactly as the original does.
        if not state.is_terminal():
            action = state.legal_actions()[0]
            twin, original = copy.child(action), state.child(action)
            assert twin.observation_string(0) == original.observation_string(0)
    assert pickle.loads(pickle.dumps(game)) == game
    with pytest.raises(ValueError, match="not a serialized"):
        game.deserialize_state("{}")


def test_clone_is_exact_and_resampling_keeps_what_the_seat_knows():
    state = spiel.load_game("bye-bye", {"players": 3, "seed": 7}).new_initial_state()
    play_out(state, np.random.default_rng(0), limit=10)
    seat = state.current_player()
    clone = state.clone()
    assert clone.observation_string(1) == state.observation_string(1)
    worlds = {state.resample_from_infostate(seat, seed=s).observation_string((seat + 1) % 3) for s in range(20)}
    assert len(worlds) > 1  # other hands are redrawn
    for s in range(5):
        world = state.resample_from_infostate(seat, seed=s)
        assert world.observation_string(seat) == state.observation_string(seat)
        assert world.legal_actions() == state.legal_actions()
    with pytest.raises(ValueError, match="resampled"):
        state.resample_from_infostate(seat).serialize()


def test_information_state_remembers_every_step():
    state = spiel.load_game("disguise", {"players": 2, "seed": 1}).new_initial_state()
    play_out(state, np.random.default_rng(3), limit=12)
    for seat in range(2):
        lines = state.information_state_string(seat).split("\n")
        assert len(lines) == 1 + state.move_number()
        assert lines[-1].split("|")[-1] == state.observation_string(seat)
        assert sum(line.startswith("you: ") for line in lines) > 0  # its own actions are named
    # Two seats know different things.
    assert state.information_state_string(0) != state.information_state_string(1)


def test_max_game_length_truncates_with_zero_returns():
    game = spiel.load_game("bye-bye", {"players": 3, "max_game_length": 5})
    state = game.new_initial_state()
    steps = play_out(state, np.random.default_rng(0))
    assert steps == 5 and state.is_truncated() and state.is_terminal()
    assert state.current_player() == spiel.TERMINAL and state.returns() == [0.0, 0.0, 0.0]
    assert "max_game_length=5" in str(game)


def test_native_states_and_the_aec_env_pickle():
    state = bellwether.new_game("hustle", players=3, seed=4)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and copy.record() == state.record()
    with pytest.raises(ValueError, match="no record"):
        pickle.dumps(state.clone_for(0, seed=1))

    env = AECEnv("boom-bah", players=3)
    env.reset(seed=8)
    rng = np.random.default_rng(2)
    for _ in range(5):
        _, _, _, _, info = env.last()
        env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    twin = pickle.loads(pickle.dumps(env))
    assert twin.agent_selection == env.agent_selection
    assert np.array_equal(twin.observe(twin.agent_selection), env.observe(env.agent_selection))
    action = int(np.flatnonzero(env.last()[4]["action_mask"])[0])
    env.step(action)
    twin.step(action)
    assert np.array_equal(twin.observe(twin.agent_selection), env.observe(env.agent_selection))
