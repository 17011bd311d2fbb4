"""Bad actions given to VectorEnv, SelfPlayEnv and GymVectorEnv: each is refused the same way in all
three, as State.apply refuses it (a bool is not action 1, an id the game lacks is IllegalAction
naming it), and nothing is stepped."""
import numpy as np
import pytest

import bellwether
from bellwether.gym import GymVectorEnv

N = 4


def vector_env():
    env = bellwether.VectorEnv("bye-bye", N, opponents="random", seed=1)
    return env, env.step, lambda: env.observations.copy()


def self_play_env():
    env = bellwether.SelfPlayEnv("bye-bye", N, seed=1)
    return env, env.step, lambda: env.observations.copy()


def gym_env():
    env = GymVectorEnv("bye-bye", N, opponents="random")
    env.reset(seed=1)
    return env, env.step, lambda: env._env.observations.copy()


ENVS = {"VectorEnv": vector_env, "SelfPlayEnv": self_play_env, "GymVectorEnv": gym_env}


def refusal(make, actions):
    """(type, message) of what stepping `actions` raises; checks that nothing was stepped."""
    env, step, snapshot = make()
    before = snapshot()
    with pytest.raises(Exception) as raised:
        step(actions)
    assert np.array_equal(snapshot(), before), "a refused step changed the games"
    return raised.type, str(raised.value)


def native(make):
    env = make()[0]
    return env._env if isinstance(env, GymVectorEnv) else env


def bad_inputs():
    """name -> function(legal ids, number of action ids) -> the actions to give."""
    return {
        "bool array": lambda ids, n: np.ones(N, dtype=bool),
        "list of bools": lambda ids, n: [True] * N,
        "a bool among ints": lambda ids, n: [True] + ids[1:],
        "a numpy bool among ints": lambda ids, n: [np.True_] + ids[1:],
        "floats": lambda ids, n: np.array(ids, dtype=np.float64),
        "negative id": lambda ids, n: [-1] + ids[1:],
        "id past the last": lambda ids, n: ids[:2] + [n] + ids[3:],
        "id past int32": lambda ids, n: np.array(ids[:1] + [2**32 + 5] + ids[2:], dtype=np.int64),
        "huge uint64": lambda ids, n: np.array(ids[:3] + [2**63 + 1], dtype=np.uint64),
        "too few": lambda ids, n: np.array(ids[:-1], dtype=np.int32),
        "a column": lambda ids, n: np.array(ids, dtype=np.int32).reshape(N, 1),
        "a scalar": lambda ids, n: np.int32(ids[0]),
        "too many": lambda ids, n: ids + ids,
        "ragged": lambda ids, n: [ids[:2], ids[2:3]] + ids[3:],
    }


EXPECTED = {
    "bool array": (TypeError, "not bool"),
    "list of bools": (TypeError, "not bool"),
    "a bool among ints": (TypeError, "game 0: an action must be an integer, not bool True"),
    "a numpy bool among ints": (TypeError, "game 0: an action must be an integer, not bool"),
    "floats": (TypeError, "not float64"),
    "negative id": (bellwether.IllegalAction, "game 0: action -1 does not exist"),
    "id past the last": (bellwether.IllegalAction, "game 2: action {n} does not exist"),
    "id past int32": (bellwether.IllegalAction, "game 1: action 4294967301 does not exist"),
    "huge uint64": (bellwether.IllegalAction, "game 3: action 9223372036854775809 does not exist"),
    "too few": (ValueError, "shape (4,), not (3,)"),
    "a column": (ValueError, "shape (4,), not (4, 1)"),
    "a scalar": (ValueError, "shape (4,), not ()"),
    "too many": (ValueError, "shape (4,), not (8,)"),
    "ragged": (ValueError, "shape (4,), one action id per game"),
}


@pytest.mark.parametrize("case", sorted(EXPECTED))
def test_each_bad_action_is_refused_alike_in_every_vector_env(case):
    seen = {}
    for name, make in ENVS.items():
        env = native(make)
        ids = [int(sorted(env.state(i).legal_actions())[0]) for i in range(N)]
        actions = bad_inputs()[case](ids, env.num_actions)
        kind, words = EXPECTED[case]
        words = words.format(n=env.num_actions)
        raised, message = refusal(make, actions)
        assert issubclass(raised, kind) and words in message, (name, raised, message)
        if kind is bellwether.IllegalAction:
            assert not issubclass(raised, TypeError)
        seen[name] = (raised, message)
    assert len(set(seen.values())) == 1, seen


def test_a_good_step_after_a_refused_one():
    for make in ENVS.values():
        env, step, _ = make()
        with pytest.raises(TypeError):
            step([True] * N)
        ids = [int(sorted(native(make).state(i).legal_actions())[0]) for i in range(N)]
        step(ids)
