"""bellwether.gym.GymVectorEnv against Gymnasium's documented vector API (gymnasium is not installed):
spaces, seeded resets, the game that ended in infos, copies that a stored transition can keep, close()."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import bellwether
from bellwether.gym import GymVectorEnv


def legal_actions(rng, infos):
    mask = infos["action_mask"]
    return (rng.random(mask.shape) * mask).argmax(axis=1)


def test_spaces_and_shapes():
    env = GymVectorEnv("hustle", num_envs=8, opponents="random")
    native = bellwether.VectorEnv("hustle", 8, opponents="random")
    assert env.single_observation_space.shape == (native.observation_size,)
    assert env.observation_space.shape == (8, native.observation_size)
    assert env.single_action_space.n == native.num_actions
    assert env.action_space.shape == (8,)
    observations, infos = env.reset(seed=1)
    assert observations.shape == (8, native.observation_size) and observations.dtype == np.float32
    assert infos["action_mask"].shape == (8, native.num_actions) and infos["action_mask"].any(axis=1).all()
    assert env.action_space.contains(env.action_space.sample(mask=infos["action_mask"]))


def test_seeds_repeat_and_differ():
    def run(env, seed):
        rng = np.random.default_rng(0)
        observations, infos = env.reset(seed=seed)
        seen = [observations]
        for _ in range(20):
            observations, _, _, _, infos = env.step(legal_actions(rng, infos))
            seen.append(observations)
        return np.stack(seen)

    a, b = GymVectorEnv("bye-bye", 4, opponents="random"), GymVectorEnv("bye-bye", 4, opponents="random")
    assert np.array_equal(run(a, 7), run(b, 7))
    assert not np.array_equal(run(a, 7), run(a, 8))
    # Unseeded resets after a seeded one follow from it; two fresh envs never given a seed differ.
    a.reset(seed=3)
    b.reset(seed=3)
    assert np.array_equal(a.reset()[0], b.reset()[0])
    fresh = [GymVectorEnv("disguise", 4, opponents="random").reset()[0] for _ in range(2)]
    assert not np.array_equal(*fresh)


def test_the_game_that_ended_is_in_infos():
    env = GymVectorEnv("black-sheep", num_envs=16, players=2, opponents="random")
    rng = np.random.default_rng(2)
    observations, infos = env.reset(seed=4)
    layout = {s["name"]: s for s in bellwether.observation_layout("black-sheep", 2)}
    phase = layout["phase"]
    game_over = phase["offset"] + phase["size"] - 1  # the last phase is the game's end
    ended_rows = 0
    for _ in range(400):
        observations, rewards, terminations, truncations, infos = env.step(legal_actions(rng, infos))
        if "final_obs" not in infos:
            assert not terminations.any()
            continue
        ended = terminations | truncations
        for key in ("_final_obs", "_final_info"):
            assert np.array_equal(infos[key], ended)
        final_info = infos["final_info"]
        for row in np.flatnonzero(terminations):
            final = infos["final_obs"][row]
            assert final.shape == observations[row].shape
            assert final[game_over] == 1.0 and observations[row][game_over] == 0.0  # the end; then a new game
            assert final_info["_scores"][row] and final_info["_win_share"][row]
            assert final_info["win_share"][row] == rewards[row]
            assert len(final_info["scores"][row]) == 2 and final_info["scores"][row].any()
            ended_rows += 1
        for row in np.flatnonzero(~ended):
            assert infos["final_obs"][row] is None and final_info["scores"][row] is None
    assert ended_rows > 10


def test_copies_are_kept_unless_asked_not_to():
    rng = np.random.default_rng(0)
    kept = GymVectorEnv("hustle", 4, opponents="random")
    observations, infos = kept.reset(seed=1)
    stored = observations
    before = stored.copy()
    kept.step(legal_actions(rng, infos))
    assert np.array_equal(stored, before)  # the stored transition is intact

    shared = GymVectorEnv("hustle", 4, opponents="random", copy=False)
    first, infos = shared.reset(seed=1)
    second, *_ = shared.step(legal_actions(rng, infos))
    assert np.shares_memory(first, second)  # one buffer, rewritten


def test_bad_calls_and_close():
    env = GymVectorEnv("bye-bye", 4, opponents="random")
    with pytest.raises(RuntimeError, match="before reset"):
        env.step(np.zeros(4, dtype=np.int32))
    _, infos = env.reset(seed=0)
    with pytest.raises(TypeError, match="integer"):
        env.step(np.zeros(4) + 0.5)
    with pytest.raises(ValueError, match="shape"):
        env.step(np.zeros(3, dtype=np.int32))
    env.close()
    with pytest.raises(RuntimeError, match="closed"):
        env.reset()


def test_autoreset_mode_is_an_enum_and_the_old_string_is_still_taken():
    from bellwether.gym import AutoresetMode

    env = GymVectorEnv("hustle", 2, opponents="random")
    assert env.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    assert env.autoreset_mode is AutoresetMode.SAME_STEP
    assert AutoresetMode.SAME_STEP.value == "SameStep"  # gymnasium's value
    assert {m.name for m in AutoresetMode} >= {"NEXT_STEP", "SAME_STEP", "DISABLED"}
    for spelling in ("same-step", "SAME_STEP", "SameStep", AutoresetMode.SAME_STEP):
        assert GymVectorEnv("hustle", 2, autoreset_mode=spelling).autoreset_mode is AutoresetMode.SAME_STEP
    for other in ("next-step", AutoresetMode.DISABLED):
        with pytest.raises(ValueError, match="SAME_STEP"):
            GymVectorEnv("hustle", 2, autoreset_mode=other)
    with pytest.raises(ValueError, match="not an autoreset mode"):
        GymVectorEnv("hustle", 2, autoreset_mode="sometimes")


# A stand-in gymnasium with just what bellwether imports, to check the subclassing where
# gymnasium is importable (it is not in Debian).
FAKE_GYMNASIUM = {
    "__init__.py": "from . import spaces, vector\n",
    "spaces.py": textwrap.dedent("""
        class Space:
            def __init__(self, *args, **kwargs):
                self.args, self.kwargs = args, kwargs
                self.shape = kwargs.get("shape")
        class Box(Space): pass
        class Discrete(Space):
            def __init__(self, n):
                super().__init__(n)
                self.n = n
        class MultiDiscrete(Space): pass
        class Dict(Space): pass
    """),
    "vector.py": textwrap.dedent("""
        from enum import Enum
        class AutoresetMode(Enum):
            NEXT_STEP = "NextStep"
            SAME_STEP = "SameStep"
            DISABLED = "Disabled"
        class VectorEnv:
            metadata = {}
            closed = False
            def close(self, **kwargs):
                self.closed = True
    """),
}

CHECK_SUBCLASS = textwrap.dedent("""
    import numpy as np
    import gymnasium
    from bellwether.gym import AutoresetMode, GymVectorEnv
    env = GymVectorEnv("hustle", 3, opponents="random")
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert AutoresetMode is gymnasium.vector.AutoresetMode
    assert env.metadata["autoreset_mode"] is gymnasium.vector.AutoresetMode.SAME_STEP
    assert GymVectorEnv("hustle", 3, autoreset_mode="same-step").autoreset_mode is AutoresetMode.SAME_STEP
    assert isinstance(env.single_action_space, gymnasium.spaces.Discrete)
    observations, infos = env.reset(seed=1)
    env.step(env.agent_actions("heuristic"))
    env.close()
    print("ok")
""")


def test_where_gymnasium_is_importable_it_is_subclassed(tmp_path):
    package = tmp_path / "gymnasium"
    package.mkdir()
    for name, text in FAKE_GYMNASIUM.items():
        (package / name).write_text(text)
    paths = [str(tmp_path)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    done = subprocess.run([sys.executable, "-c", CHECK_SUBCLASS], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=os.pathsep.join(paths)))
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
