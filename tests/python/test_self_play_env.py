"""SelfPlayEnv: every chosen seat is played from Python; rows follow the State API; same seed, same games."""
import numpy as np
import pytest

import bellwether
from conftest import masked_choice


def test_rows_are_the_states_at_the_seat_to_act(game_id):
    env = bellwether.SelfPlayEnv(game_id, 8, players=3, seed=3)
    rng = np.random.default_rng(1)
    observations, masks, to_act = env.reset()
    seen = set()
    for _ in range(60):
        for i in range(env.num_envs):
            state = env.state(i)
            assert state.current_player == to_act[i]
            assert np.array_equal(observations[i], state.observation_tensor(int(to_act[i])))
            assert np.flatnonzero(masks[i]).tolist() == sorted(state.legal_actions())
        seen |= set(to_act.tolist())
        observations, masks, to_act, rewards, terminated, truncated = env.step(masked_choice(rng, masks))
    assert seen == {0, 1, 2}, "self-play reaches every seat"


def test_finished_games_give_every_seats_win_share(game_id):
    env = bellwether.SelfPlayEnv(game_id, 16, players=3, seed=5)
    rng = np.random.default_rng(2)
    masks = env.reset()[1]
    ended = 0
    for _ in range(3000):
        _, masks, _, rewards, terminated, truncated = env.step(masked_choice(rng, masks))
        assert rewards.shape == (16, 3) and not truncated.any()
        assert np.all(rewards[~terminated] == 0)
        assert np.allclose(rewards[terminated].sum(axis=1), 1.0)
        ended += int(terminated.sum())
        if ended >= 20:
            break
    assert ended >= 10


def test_some_seats_from_python_the_others_built_in():
    env = bellwether.SelfPlayEnv("hustle", 12, players=4, seats=[1, 3], opponents="random", seed=2)
    rng = np.random.default_rng(0)
    masks, to_act = env.reset()[1:]
    for _ in range(200):
        assert set(to_act.tolist()) <= {1, 3}
        _, masks, to_act, *_ = env.step(masked_choice(rng, masks))


def test_the_same_seed_gives_the_same_games_on_any_thread_count():
    def run(threads):
        env = bellwether.SelfPlayEnv("bye-bye", 24, players=4, seed=9, threads=threads)
        rng = np.random.default_rng(0)
        out = list(env.reset())
        trajectory = [a.copy() for a in out]
        for _ in range(100):
            out = env.step(masked_choice(rng, out[1]))
            trajectory += [a.copy() for a in out]
        return trajectory

    one, two = run(1), run(2)
    assert all(np.array_equal(a, b) for a, b in zip(one, two))


def test_bad_seats():
    with pytest.raises(bellwether.BadSeats, match="seat 3"):
        bellwether.SelfPlayEnv("bye-bye", 2, players=3, seats=[0, 3])
    with pytest.raises(bellwether.BadSeats, match="empty"):
        bellwether.SelfPlayEnv("bye-bye", 2, seats=[])
    with pytest.raises(TypeError):
        bellwether.SelfPlayEnv("bye-bye", 2, seats=[True])
    env = bellwether.SelfPlayEnv("bye-bye", 2)
    with pytest.raises(bellwether.IllegalAction):
        env.step(np.full(2, -1, dtype=np.int32))


def test_copy_true_results_survive_the_next_step():
    env = bellwether.SelfPlayEnv("disguise", 8, players=3, seed=4)
    rng = np.random.default_rng(0)
    observations, masks, to_act = env.reset(copy=True)
    assert not np.shares_memory(to_act, env.to_act)
    for _ in range(20):
        kept = env.step(masked_choice(rng, masks), copy=True)
        frozen = [array.copy() for array in kept]
        shared = env.step(masked_choice(rng, kept[1]))
        assert all(np.array_equal(a, b) for a, b in zip(kept, frozen))
        assert np.shares_memory(shared[2], env.to_act), "copy=False (the default) gives the env's arrays"
        masks = shared[1]
