"""bellwether.env.AECEnv follows the PettingZoo AEC protocol."""
import numpy as np
import pytest

import bellwether
from bellwether.env import AECEnv


def play(env, rng):
    """The AEC loop with random legal actions; returns the rewards each agent saw when it finished."""
    final = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        assert env.observation_space(agent).shape == observation.shape
        assert observation.dtype == env.observation_space(agent).dtype
        if termination or truncation:
            final[agent] = reward
            env.step(None)
            continue
        mask = info["action_mask"]
        assert np.flatnonzero(mask).tolist() == sorted(env.game_state.legal_actions())
        env.step(int(rng.choice(np.flatnonzero(mask))))
    return final


def test_random_play_through_the_aec_loop(game_id):
    env = AECEnv(game_id, players=3)
    rng = np.random.default_rng(0)
    for seed in range(2):
        env.reset(seed=seed)
        assert env.agents == env.possible_agents and env.num_agents == env.max_num_agents == 3
        assert env.unwrapped is env
        final = play(env, rng)
        assert set(final) == set(env.possible_agents) and env.agents == []
        assert sum(final.values()) == pytest.approx(1.0)
        winners = env.game_state.winners
        assert all(final[f"player_{seat}"] > 0 for seat in winners)


def test_spaces_and_masks():
    env = AECEnv("hustle", players=4)
    env.reset(seed=3)
    agent = env.agent_selection
    space = env.action_space(agent)
    assert space.n == env.game_state.num_distinct_actions
    for other in env.agents:
        mask = env.infos[other]["action_mask"]
        assert mask.shape == (space.n,) and mask.dtype == np.int8
        assert mask.any() == (other == agent)


def test_stepping_wrongly_raises():
    env = AECEnv("bye-bye")
    env.reset(seed=1)
    with pytest.raises(ValueError):
        env.step(None)
    illegal = int(np.flatnonzero(env.infos[env.agent_selection]["action_mask"] == 0)[0])
    with pytest.raises(bellwether.IllegalAction):
        env.step(illegal)


def test_pettingzoo_api_test_when_installed():
    api = pytest.importorskip("pettingzoo.test")
    api.api_test(AECEnv("bye-bye"), num_cycles=200)
