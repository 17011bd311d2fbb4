"""VectorEnv: observations and masks as the State API gives them, rewards, determinism across threads."""
import numpy as np
import pytest

import bellwether
from conftest import masked_choice


def run(game_id, threads, num_envs=24, steps=120, opponents="heuristic"):
    """Every array of `steps` steps with seeded random legal actions."""
    env = bellwether.VectorEnv(game_id, num_envs, players=3, opponents=opponents, seed=7, threads=threads, seat=1)
    rng = np.random.default_rng(0)
    observations, masks = env.reset()
    trajectory = [observations.copy(), masks.copy()]
    for _ in range(steps):
        out = env.step(masked_choice(rng, masks))
        observations, masks = out[0], out[1]
        trajectory += [array.copy() for array in out]
    return trajectory


def test_the_same_seed_gives_the_same_trajectories_on_any_thread_count(game_id):
    one = run(game_id, threads=1)
    for threads in (2, 3):
        other = run(game_id, threads=threads)
        assert all(np.array_equal(a, b) for a, b in zip(one, other))


def test_observations_and_masks_are_the_states(game_id):
    env = bellwether.VectorEnv(game_id, 8, opponents="random", seed=3, seat=2)
    rng = np.random.default_rng(1)
    observations, masks = env.reset()
    for _ in range(40):
        for i in range(env.num_envs):
            state = env.state(i)
            assert state.current_player == 2
            assert np.array_equal(observations[i], state.observation_tensor(2))
            assert np.flatnonzero(masks[i]).tolist() == sorted(state.legal_actions())
        observations, masks, *_ = env.step(masked_choice(rng, masks))


def test_games_end_with_the_learners_win_share_and_start_again(game_id):
    env = bellwether.VectorEnv(game_id, 16, opponents="random", seed=5)
    rng = np.random.default_rng(2)
    masks = env.reset()[1]
    ended = 0
    for _ in range(400):
        observations, masks, rewards, terminated, truncated = env.step(masked_choice(rng, masks))
        assert not truncated.any()
        assert np.all(rewards[~terminated] == 0)
        assert np.all((rewards >= 0) & (rewards <= 1))
        assert masks.any(axis=1).all(), "every row is at a decision of the learner"
        ended += int(terminated.sum())
    assert ended > 0


def test_max_steps_truncates():
    env = bellwether.VectorEnv("disguise", 4, max_steps=3, seed=1)
    masks = env.reset()[1]
    rng = np.random.default_rng(0)
    truncated_any = False
    for _ in range(3):
        *_, terminated, truncated = env.step(masked_choice(rng, masks))
        masks = env.masks
        truncated_any |= bool(truncated.any())
    assert truncated_any


def test_arrays_are_preallocated_and_int64_actions_are_accepted():
    env = bellwether.VectorEnv("black-sheep", 5)
    observations, masks = env.reset()
    out = env.step(masks.argmax(axis=1))  # int64 from argmax
    assert out[0] is observations or np.shares_memory(out[0], observations)
    assert out[0].dtype == np.float32 and out[1].dtype == np.bool_
    assert out[0].shape == (5, env.observation_size) and out[1].shape == (5, env.num_actions)


def test_reset_starts_the_same_games_again():
    env = bellwether.VectorEnv("boom-bah", 6, seed=2, threads=2)
    first = env.reset()[0].copy()
    env.step(env.masks.argmax(axis=1).astype(np.int32))
    assert np.array_equal(env.reset()[0], first)


@pytest.mark.parametrize("opponents", ["random", "heuristic,random"])
def test_opponent_line_ups(opponents):
    bellwether.VectorEnv("bye-bye", 2, opponents=opponents)


def test_python_runs_while_cpp_steps():
    """The GIL is released during step(): the main thread runs in the middle of a slow step."""
    import threading
    import time

    env = bellwether.VectorEnv("disguise", 64, opponents="ismcts:iters=20", seed=1)
    actions = env.masks.argmax(axis=1).astype(np.int32)
    span = []

    def step():
        span.append(time.perf_counter())
        env.step(actions)
        span.append(time.perf_counter())

    worker = threading.Thread(target=step)
    seen = []
    worker.start()
    while worker.is_alive():
        seen.append(time.perf_counter())
        time.sleep(0.001)
    worker.join()
    start, end = span
    middle = [t for t in seen if start + 0.25 * (end - start) < t < start + 0.75 * (end - start)]
    assert end - start > 0.02 and middle, f"no Python ran during a {end - start:.3f} s step"


def test_copy_true_results_survive_the_next_step():
    env = bellwether.VectorEnv("hustle", 8, opponents="random", seed=4)
    rng = np.random.default_rng(0)
    observations, masks = env.reset(copy=True)
    assert not np.shares_memory(observations, env.observations) and not np.shares_memory(masks, env.masks)
    for _ in range(30):
        kept = env.step(masked_choice(rng, masks), copy=True)
        frozen = [array.copy() for array in kept]
        masks = kept[1]
        env.step(masked_choice(rng, masks))  # the next step rewrites the env's arrays, not the copies
        assert all(np.array_equal(a, b) for a, b in zip(kept, frozen))
        assert not any(np.shares_memory(a, env.observations) for a in kept)
        masks = env.masks


def test_copy_false_is_the_default_and_returns_the_envs_own_arrays():
    env = bellwether.VectorEnv("hustle", 8, opponents="random", seed=4)
    observations, masks = env.reset()
    out = env.step(masks.argmax(axis=1))
    assert np.shares_memory(out[0], observations) and np.shares_memory(out[0], env.observations)
    assert np.shares_memory(out[1], env.masks)
