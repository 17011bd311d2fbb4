"""State through Python: random play, observations, tensors, clone, determinize, records."""
import json
import subprocess

import numpy as np
import pytest

import bellwether
from conftest import play_randomly, random_legal


def test_games_lists_every_game_with_its_parameters(cli):
    games = bellwether.games()
    listed = json.loads(subprocess.run([cli, "games", "--json"], capture_output=True, text=True, check=True).stdout)
    assert games == listed, "bellwether.games() and `bellwether games --json` differ"
    for game in games:
        assert game["id"] and game["name"] and game["short_name"] and game["blurb"]
        assert game["min_players"] <= 3 <= game["max_players"]
        for param in game["params"]:
            assert {"name", "default", "allowed", "help"} <= param.keys()


def test_random_play_reaches_the_end(game_id):
    rng = np.random.default_rng(1)
    for seed in range(3):
        state = bellwether.new_game(game_id, players=3, seed=seed)
        play_randomly(state, rng)
        assert state.current_player == -1 and state.legal_actions() == []
        assert len(state.scores) == 3
        assert state.winners and set(state.winners) <= {0, 1, 2}


def test_action_text_and_parse_action_are_inverse(game_id):
    state = bellwether.new_game(game_id, seed=5)
    for action in state.legal_actions():
        assert state.parse_action(state.action_text(action)) == action


def test_observation_is_a_dict_and_tensor_has_one_length(game_id):
    rng = np.random.default_rng(2)
    state = bellwether.new_game(game_id, seed=3)
    length = len(state.observation_tensor(0))
    out = np.zeros(length, dtype=np.float32)
    while not state.is_terminal:
        player = state.current_player
        assert isinstance(state.observation(player), dict)
        tensor = state.observation_tensor(player)
        assert tensor.dtype == np.float32 and tensor.shape == (length,)
        returned = state.observation_tensor(player, out=out)
        assert returned is out and np.array_equal(out, tensor)
        state.apply(random_legal(rng, state))
    json.dumps(state.observation(None))  # the spectator's view is JSON too


def test_clone_is_independent(game_id):
    state = bellwether.new_game(game_id, seed=4)
    copy = state.clone()
    assert copy == state
    copy.apply(copy.legal_actions()[0])
    assert copy != state


def test_determinize_never_changes_the_seats_observation(game_id):
    rng = np.random.default_rng(3)
    state = bellwether.new_game(game_id, seed=8)
    changed = 0
    while not state.is_terminal:
        for player in range(3):
            world = state.clone()
            world.determinize(player, seed=int(rng.integers(1 << 30)))
            assert world.observation(player) == state.observation(player)
            assert np.array_equal(world.observation_tensor(player), state.observation_tensor(player))
            changed += world != state
        state.apply(random_legal(rng, state))
    assert changed > 0, "determinize never reshuffled anything hidden"


def test_record_replays_in_python_and_with_bellwether_replay(game_id, cli, tmp_path):
    rng = np.random.default_rng(4)
    state = bellwether.new_game(game_id, seed=11)
    play_randomly(state, rng)
    record = state.record()
    again = bellwether.from_record(record)
    assert again == state
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert bellwether.from_record(path) == state
    done = subprocess.run([cli, "replay", str(path), "--all"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Replay of" in done.stdout


def test_render_and_events_are_text(game_id):
    state = bellwether.new_game(game_id, seed=2)
    state.apply(state.legal_actions()[0])
    assert isinstance(state.render(0), str) and state.render(0)
    assert all(isinstance(line, str) for line in state.events(0))


def test_a_determinized_state_has_no_record():
    state = bellwether.new_game("bye-bye")
    state.determinize(0, seed=1)
    with pytest.raises(ValueError, match="no record"):
        state.record()
