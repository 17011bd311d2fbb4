"""agent_actions(spec): what a built-in agent plays in every row, in one C++ call, equal to a fresh
bellwether.agent(spec, seed + i) acting on env.state(i), and reproducible."""
import numpy as np
import pytest

import bellwether
from bellwether.gym import GymVectorEnv
from conftest import masked_choice

# Deterministic for a given seed: a search with a fixed number of iterations, not a time limit.
SPECS = ["random", "heuristic", "ismcts:iters=20"]


def per_row(env, spec, seed):
    """The same choices one agent.act call per row would give."""
    chosen = []
    for i in range(env.num_envs):
        state = env.state(i)
        chosen.append(bellwether.agent(spec, seed=seed + i).act(state, state.current_player))
    return np.array(chosen, dtype=np.int32)


@pytest.mark.parametrize("spec", SPECS)
def test_vector_env_rows_equal_one_agent_per_row(game_id, spec):
    env = bellwether.VectorEnv(game_id, 6, opponents="random", seed=4, seat=1)
    rng = np.random.default_rng(0)
    masks = env.reset()[1]
    for step in range(4):
        batch = env.agent_actions(spec, seed=100 + step)
        assert batch.dtype == np.int32 and batch.shape == (6,)
        assert np.array_equal(batch, per_row(env, spec, 100 + step))
        assert masks[np.arange(6), batch].all(), "every choice is legal"
        masks = env.step(masked_choice(rng, masks))[1]


@pytest.mark.parametrize("spec", ["random", "heuristic"])
def test_self_play_rows_equal_one_agent_per_row_for_the_seat_to_act(game_id, spec):
    env = bellwether.SelfPlayEnv(game_id, 6, players=3, seed=2)
    for _ in range(5):
        batch = env.agent_actions(spec, seed=7)
        assert np.array_equal(batch, per_row(env, spec, 7))
        env.step(batch)  # the agent's own choices are legal


def test_the_heuristic_steps_a_batch_to_the_end():
    """Behaviour cloning's loop: label with agent_actions, step with the labels."""
    env = bellwether.VectorEnv("bye-bye", 16, opponents="heuristic", seed=1)
    env.reset()
    ended = 0
    for _ in range(2000):
        ended += int(env.step(env.agent_actions("heuristic"))[3].sum())
        if ended >= 16:
            break
    assert ended >= 16


def test_a_fixed_seed_repeats_and_unseeded_calls_repeat_after_reset():
    env = bellwether.VectorEnv("hustle", 32, opponents="random", seed=3)
    env.reset()
    assert np.array_equal(env.agent_actions("random", seed=5), env.agent_actions("random", seed=5))
    assert not np.array_equal(env.agent_actions("random", seed=5), env.agent_actions("random", seed=6))
    first = [env.agent_actions("random") for _ in range(3)]
    assert not np.array_equal(first[0], first[1]), "unseeded calls draw new seeds"
    env.reset()
    again = [env.agent_actions("random") for _ in range(3)]
    assert all(np.array_equal(a, b) for a, b in zip(first, again))
    other = bellwether.VectorEnv("hustle", 32, opponents="random", seed=3)
    assert np.array_equal(other.agent_actions("random"), first[0]), "a new env starts the same sequence"


def test_the_thread_count_changes_nothing():
    def labels(threads):
        env = bellwether.VectorEnv("boom-bah", 24, opponents="random", seed=8, threads=threads)
        return env.agent_actions("ismcts:iters=10", seed=1)
    assert np.array_equal(labels(1), labels(2))


def test_each_call_returns_a_new_array():
    env = bellwether.VectorEnv("disguise", 4, opponents="random")
    first = env.agent_actions("heuristic", seed=0)
    kept = first.copy()
    env.step(first)
    second = env.agent_actions("heuristic", seed=0)
    assert not np.shares_memory(first, second) and np.array_equal(first, kept)


def test_bad_specs_are_refused():
    env = bellwether.VectorEnv("bye-bye", 2)
    with pytest.raises(bellwether.BadSeats):
        env.agent_actions("no-such-agent")
    with pytest.raises(bellwether.BadSeats, match="human"):
        env.agent_actions("human")
    with pytest.raises(TypeError):
        env.agent_actions("random", seed=-1)


def test_gym_vector_env_labels_its_rows():
    env = GymVectorEnv("black-sheep", 5, opponents="random")
    with pytest.raises(RuntimeError, match="before reset"):
        env.agent_actions("heuristic")
    env.reset(seed=9)
    native = bellwether.VectorEnv("black-sheep", 5, opponents="random", seed=9)
    assert np.array_equal(env.agent_actions("heuristic", seed=3), native.agent_actions("heuristic", seed=3))
    env.step(env.agent_actions("heuristic"))
