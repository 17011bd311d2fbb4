"""bellwether.learned: the shipped weights load and stay small, the agent plays only legal actions
from the seat's own observation, and it refuses what it cannot do in words."""
import numpy as np
import pytest

import bellwether
import bellwether.learned as learned

SHIPPED = learned.trained_games()


def test_weights_ship_for_every_game_and_each_is_under_a_megabyte():
    assert SHIPPED == sorted(g["id"] for g in bellwether.games())
    for game in SHIPPED:
        assert learned.weights_path(game).stat().st_size < 1_000_000, game


@pytest.mark.parametrize("game", SHIPPED)
def test_the_network_fits_the_game(game):
    network = learned.load_network(game)
    probe = bellwether.SelfPlayEnv(game, 1, players=3, seed=0)
    assert network.num_actions == probe.num_actions
    assert network.layers["w1"].shape[0] == probe.observation_size


@pytest.mark.parametrize("game", SHIPPED)
def test_a_whole_game_of_learned_seats_plays_only_legal_actions(game):
    agent = learned.agent(game, seed=5, greedy=False)
    state = bellwether.new_game(game, players=3, seed=11)
    while not state.is_terminal:
        action = agent.act(state, state.current_player)
        assert action in state.legal_actions()
        state.apply(action)


@pytest.mark.parametrize("game", SHIPPED)
def test_the_choice_depends_only_on_what_the_seat_knows(game):
    # clone_for redraws everything the seat cannot see: the same observation must give the same
    # greedy choice, whatever the hidden cards are.
    agent = learned.agent(game)
    state = bellwether.new_game(game, players=3, seed=3)
    for _ in range(12):
        if state.is_terminal:
            break
        seat = state.current_player
        for redraw in range(3):
            other = state.clone_for(seat, seed=100 + redraw)
            assert np.array_equal(other.observation_tensor(seat), state.observation_tensor(seat))
            assert agent.act(other, seat) == agent.act(state, seat)
        state.apply(agent.act(state, seat))


def test_a_batch_takes_a_legal_action_in_every_row():
    game = SHIPPED[0]
    env = bellwether.SelfPlayEnv(game, 64, players=3, seed=2)
    observations, masks, _ = env.reset()
    agent = learned.agent(game, greedy=False, seed=1)
    for _ in range(30):
        actions = agent.act_batch(observations, masks)
        assert masks[np.arange(64), actions].all()
        observations, masks, *_ = env.step(actions)


def test_it_plays_a_seat_of_simulate_and_beats_random_play_in_hustle():
    summary = bellwether.simulate("hustle", seats=[learned.agent("hustle"), "random", "random"], games=300,
                                  seed=4, threads=1)
    mine = next(row for row in summary["agents"] if row["agent"] == "python:callable")
    assert mine["ci95"][0] > 1 / 3, mine


def test_it_refuses_what_it_cannot_do_in_words(tmp_path):
    game = SHIPPED[0]
    agent = learned.agent(game)
    state = bellwether.new_game(game, players=3, seed=1)
    other_seat = (state.current_player + 1) % 3
    with pytest.raises(ValueError, match="not to act"):
        agent.act(state, other_seat)
    with pytest.raises(FileNotFoundError, match="no learned weights"):
        learned.agent(game, path=tmp_path / "missing.npz")
    with pytest.raises(ValueError, match="no legal action"):
        agent.act_batch(state.observation_tensor(0), np.zeros(agent.network.num_actions, dtype=bool))
    wrong = tmp_path / "wrong.npz"
    np.savez(wrong, **{name: np.zeros((3, 3), np.float32) for name in learned.LAYER_NAMES})
    with pytest.raises(ValueError, match="inputs"):
        learned.agent(game, path=wrong)
