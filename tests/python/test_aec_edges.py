"""AECEnv at its edges: after the end, odd action types, close(), rendering, seeds, the mask in the observation."""
import numpy as np
import pytest

import bellwether
from bellwether.env import AECEnv


def finish(env, rng):
    """Plays random legal actions, then steps every agent out of the finished game."""
    for agent in env.agent_iter():
        _, _, termination, truncation, info = env.last()
        env.step(None if termination or truncation else int(rng.choice(np.flatnonzero(info["action_mask"]))))


def test_step_and_last_after_the_end_say_so():
    env = AECEnv("bye-bye")
    env.reset(seed=2)
    finish(env, np.random.default_rng(0))
    assert env.agents == []
    with pytest.raises(bellwether.IllegalAction, match="game is over.*reset"):
        env.step(0)
    with pytest.raises(bellwether.IllegalAction, match="game is over.*reset"):
        env.step(None)
    with pytest.raises(bellwether.IllegalAction, match="game is over.*reset"):
        env.last()
    env.reset(seed=3)
    assert env.agents == env.possible_agents


def test_last_before_reset_says_so():
    with pytest.raises(RuntimeError, match="before reset"):
        AECEnv("hustle").last()


@pytest.mark.parametrize("action", [1.7, 1.0, True, np.True_, "3", [3]])
def test_only_integer_actions_are_taken(action):
    env = AECEnv("bye-bye")
    env.reset(seed=1)
    before = env.game_state.clone()
    with pytest.raises(TypeError, match="action id"):
        env.step(action)
    assert env.game_state == before


def test_numpy_integers_are_actions():
    env = AECEnv("disguise")
    env.reset(seed=1)
    legal = env.game_state.legal_actions()[0]
    env.step(np.int64(legal))
    env.step(np.int32(env.game_state.legal_actions()[0]))


def test_close_lets_go_of_the_game():
    env = AECEnv("black-sheep")
    env.reset(seed=1)
    env.close()
    assert env.game_state is None and env.agents == []
    with pytest.raises(RuntimeError, match="closed"):
        env.reset()
    with pytest.raises(RuntimeError, match="closed"):
        env.last()
    env.close()  # twice is fine


def test_render_modes(capsys):
    human = AECEnv("boom-bah", render_mode="human")
    human.reset(seed=4)
    assert human.render() is None
    printed = capsys.readouterr().out
    assert printed.strip() == human.game_state.render().strip() and printed.strip()
    ansi = AECEnv("boom-bah", render_mode="ansi")
    ansi.reset(seed=4)
    assert ansi.render() == human.game_state.render()
    assert AECEnv("boom-bah").render() is None
    with pytest.raises(ValueError, match="render_mode"):
        AECEnv("boom-bah", render_mode="rgb_array")


def first_observations(env, resets):
    """The first observation of each of `resets` unseeded resets."""
    out = []
    for _ in range(resets):
        env.reset()
        out.append(env.observe(env.agent_selection).tobytes() + bytes(env.game_state.legal_actions()))
    return out


def test_unseeded_resets_draw_fresh_games_in_each_new_env():
    # Black Sheep deals hands, so different seeds show different first observations.
    games = [tuple(first_observations(AECEnv("black-sheep"), 3)) for _ in range(4)]
    assert len(set(games)) == 4, "new envs without a seed replayed the same games"
    assert all(len(set(g)) > 1 for g in games), "one env's unseeded resets replayed one game"


def test_seeded_resets_are_reproducible():
    one, two = AECEnv("black-sheep"), AECEnv("black-sheep")
    one.reset(seed=11)
    two.reset(seed=11)
    assert one.game_state == two.game_state == bellwether.new_game("black-sheep", seed=11)
    # The resets after a seeded one follow from it.
    assert first_observations(one, 3) == first_observations(two, 3)
    # A constructor seed is the first reset's, and the rest follow from it too.
    three, four = AECEnv("black-sheep", seed=11), AECEnv("black-sheep", seed=11)
    assert first_observations(three, 3) == first_observations(four, 3)


def test_the_mask_in_the_observation_dict():
    env = AECEnv("hustle", players=4, action_mask_in_observation=True)
    env.reset(seed=5)
    rng = np.random.default_rng(1)
    for agent in env.agent_iter():
        observation, _, termination, truncation, info = env.last()
        if termination or truncation:
            env.step(None)
            continue
        assert set(observation) == {"observation", "action_mask"}
        assert env.observation_space(agent).contains(observation)
        assert np.array_equal(observation["action_mask"], info["action_mask"])
        assert np.flatnonzero(observation["action_mask"]).tolist() == sorted(env.game_state.legal_actions())
        for waiting in env.agents:
            assert env.observe(waiting)["action_mask"].any() == (waiting == agent)
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
