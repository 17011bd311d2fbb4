"""Bad input from Python raises an exception with a clear message, never crashes."""
import numpy as np
import pytest

import bellwether


def test_unknown_game_names_the_known_ones():
    with pytest.raises(bellwether.UnknownGame, match="known games: " + bellwether.games()[0]["id"]):
        bellwether.new_game("chess")


def test_bad_parameter():
    with pytest.raises(bellwether.BadParameter, match="hand_limit"):
        bellwether.new_game("bye-bye", params={"hand_limit": 999})
    with pytest.raises(TypeError, match="str, int or bool"):
        bellwether.new_game("bye-bye", params={"hand_limit": 1.5})


def test_bad_player_count():
    with pytest.raises(bellwether.BadSeats):
        bellwether.new_game("hustle", players=1)


def test_illegal_and_unknown_actions():
    state = bellwether.new_game("bye-bye", seed=1)
    illegal = next(a for a in range(state.num_distinct_actions) if a not in state.legal_actions())
    with pytest.raises(bellwether.IllegalAction, match="not a legal action now"):
        state.apply(illegal)
    with pytest.raises(ValueError, match="does not exist"):
        state.apply(100_000)
    with pytest.raises(ValueError, match="does not exist"):
        state.action_text(-1)
    with pytest.raises(bellwether.IllegalAction):
        state.parse_action("fly to the moon")
    with pytest.raises(ValueError, match="not a seat"):
        state.observation(7)


def test_tensor_out_of_the_wrong_kind():
    state = bellwether.new_game("hustle")
    size = len(state.observation_tensor(0))
    with pytest.raises(TypeError, match="float32"):
        state.observation_tensor(0, out=np.zeros(size, dtype=np.float64))
    with pytest.raises(ValueError, match="shape"):
        state.observation_tensor(0, out=np.zeros(size + 1, dtype=np.float32))
    with pytest.raises(ValueError, match="contiguous"):
        state.observation_tensor(0, out=np.zeros(2 * size, dtype=np.float32)[::2])


def test_vector_env_refuses_bad_actions_and_steps_nothing():
    env = bellwether.VectorEnv("bye-bye", 4, seed=1)
    observations, masks = env.reset()
    before = observations.copy()
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        env.step(np.zeros(3, dtype=np.int32))
    with pytest.raises(TypeError, match="integers"):
        env.step(np.zeros(4, dtype=np.float32))
    actions = masks.argmax(axis=1).astype(np.int32)
    actions[2] = np.flatnonzero(masks[2] == 0)[0]
    with pytest.raises(bellwether.IllegalAction, match="game 2"):
        env.step(actions)
    with pytest.raises(bellwether.IllegalAction, match="does not exist"):
        env.step(np.full(4, -1, dtype=np.int32))
    assert np.array_equal(env.observations, before)


def test_vector_env_bad_arguments():
    with pytest.raises(bellwether.UnknownGame):
        bellwether.VectorEnv("go", 4)
    with pytest.raises(bellwether.BadSeats, match="seat 5"):
        bellwether.VectorEnv("bye-bye", 4, seat=5)
    with pytest.raises(bellwether.BadParameter, match="num_envs"):
        bellwether.VectorEnv("bye-bye", 0)
    with pytest.raises(bellwether.BadSeats):
        bellwether.VectorEnv("bye-bye", 4, opponents="genius")
    with pytest.raises(bellwether.BadSeats, match="one for each"):
        bellwether.VectorEnv("bye-bye", 4, opponents="random,random,random")


def test_bad_records_and_agents():
    with pytest.raises(bellwether.BadRecord):
        bellwether.from_record({"game": "bye-bye"})
    with pytest.raises(TypeError):
        bellwether.from_record(42)
    with pytest.raises(bellwether.BadSeats):
        bellwether.agent("genius")
    state = bellwether.new_game("bye-bye")
    with pytest.raises(bellwether.IllegalAction, match="decision"):
        bellwether.agent("random").act(state, (state.current_player + 1) % 3)


def test_a_seat_function_that_fails_stops_the_tournament_in_words():
    def broken(state, player):
        raise RuntimeError("no idea")

    with pytest.raises(bellwether.Error, match="no idea"):
        bellwether.simulate("bye-bye", seats=[broken, "random", "random"], games=3)

    def cheat(state, player):
        return next(a for a in range(state.num_distinct_actions) if a not in state.legal_actions())

    with pytest.raises(bellwether.IllegalAction, match="not legal"):
        bellwether.simulate("bye-bye", seats=[cheat, "random", "random"], games=3)
