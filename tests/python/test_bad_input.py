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


def test_an_action_id_out_of_range_is_an_illegal_action():
    state = bellwether.new_game("bye-bye", seed=1)
    for bad in (-1, state.num_distinct_actions, 100_000, 2**70, np.int64(-5)):
        with pytest.raises(bellwether.IllegalAction, match="does not exist"):
            state.apply(bad)
        with pytest.raises(bellwether.IllegalAction, match="does not exist"):
            state.action_text(bad)
    assert state.record()["actions"] == []  # nothing was played


def seat_one_may_play_one():
    """A position in which seat 1 is to move and action id 1 is legal."""
    rng = np.random.default_rng(5)
    for seed in range(50):
        state = bellwether.new_game("hustle", seed=seed)
        while not state.is_terminal:
            if state.current_player == 1 and 1 in state.legal_actions():
                return state
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    raise AssertionError("no such position in 50 games")


def test_bools_are_not_action_ids_or_seats():
    state = seat_one_may_play_one()  # where True would pass as seat 1 and action 1
    before = state.clone()
    for bad in (True, np.bool_(True)):
        with pytest.raises(TypeError, match="must be an integer, not bool"):
            state.apply(bad)
        with pytest.raises(TypeError, match="must be an integer"):
            state.action_text(bad)
        with pytest.raises(TypeError, match="must be an integer"):
            state.observation(bad)
        with pytest.raises(TypeError, match="must be an integer"):
            bellwether.agent("random").act(state, bad)
    for bad in (1.0, "1", None):
        with pytest.raises(TypeError):
            state.apply(bad)
    assert state == before
    state.apply(np.int32(state.legal_actions()[0]))  # numpy integers are ids


def test_an_agent_refuses_a_seat_that_is_not_to_move():
    state = bellwether.new_game("bye-bye", seed=1)
    agent = bellwether.agent("random")
    for seat in range(3):
        if seat != state.current_player:
            with pytest.raises(bellwether.IllegalAction, match="decision"):
                agent.act(state, seat)
    for bad in (-1, 7):
        with pytest.raises(bellwether.IllegalAction, match="decision"):
            agent.act(state, bad)
    assert agent.act(state, state.current_player) in state.legal_actions()
    for _ in range(500):
        if state.is_terminal:
            break
        state.apply(state.legal_actions()[0])
    else:
        pytest.skip("the game did not end")
    with pytest.raises(bellwether.IllegalAction, match="over"):
        agent.act(state, 0)


def test_a_seat_function_returning_a_bool_is_refused():
    def yes(state, player):
        return True

    with pytest.raises(bellwether.IllegalAction, match="not bool"):
        bellwether.simulate("bye-bye", seats=[yes, "random", "random"], games=1)


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
