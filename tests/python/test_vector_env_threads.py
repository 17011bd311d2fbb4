"""Two Python threads on one VectorEnv: the second is refused in words, nothing crashes or hangs.

step() releases the GIL, so before the guard two threads stepping one env wrote the same games
and arrays at once (a segfault or a hang in some runs). The pattern runs in a child process,
so that a crash or a hang fails this test instead of killing pytest.
"""
import os
import subprocess
import sys
import textwrap

import pytest


# What both children share: three threads that start together (so their calls overlap from the first
# one) and call into one env `rounds` times each; a refusal in words is counted, anything else kept.
RACE = textwrap.dedent("""
    import threading
    import numpy as np
    import bellwether

    refused, stepped, other = [], [0], []
    start = threading.Barrier(4)  # three threads and this one

    def loop(seed, call, rounds):
        rng = np.random.default_rng(seed)
        start.wait()
        for _ in range(rounds):
            try:
                call(rng)
                stepped[0] += 1
            except RuntimeError as error:
                refused.append(str(error))
            except bellwether.IllegalAction:
                pass  # the other thread stepped between our reading the masks and stepping: our race
            except Exception as error:
                other.append(repr(error))

    def race(rounds, *calls):
        threads = [threading.Thread(target=loop, args=(seed, call, rounds)) for seed, call in enumerate(calls, 1)]
        for thread in threads:
            thread.start()
        start.wait()
        for thread in threads:
            thread.join()

    def report():
        print(len(refused), stepped[0], len(other))
        print(refused[0] if refused else "")
        print(other[:3])
""")


def run_race(script, *args):
    """Runs RACE + script in a child; returns (refused, stepped, other) counts and the first refusal."""
    done = subprocess.run([sys.executable, "-c", RACE + script, *args], capture_output=True, text=True,
                          timeout=120, env=dict(os.environ))
    assert done.returncode == 0, f"the child died (code {done.returncode}): {done.stderr[-2000:]}"
    counts, message, others = done.stdout.splitlines()
    refused, stepped, other = map(int, counts.split())
    assert other == 0, others
    assert refused > 0, "the threads never overlapped, so the guard was not exercised"
    assert stepped > 0
    return message


TWO_THREADS_ON_ONE_ENV = textwrap.dedent("""
    env = bellwether.VectorEnv("bye-bye", 256, opponents="heuristic", seed=1)

    def step(rng):
        masks = env.masks.copy()
        env.step((rng.random(masks.shape) * masks).argmax(axis=1).astype(np.int32))

    def peek(rng):
        env.state(int(rng.integers(env.num_envs)))

    race(300, step, step, peek)
    # The env is whole afterwards: one thread steps it as usual.
    observations, masks = env.reset()
    env.step(masks.argmax(axis=1).astype(np.int32))
    report()
""")


def test_two_threads_stepping_one_env_are_refused_not_crashed():
    message = run_race(TWO_THREADS_ON_ONE_ENV)
    assert "another thread" in message and "one VectorEnv serves one thread at a time" in message


# The same overlap on SelfPlayEnv and GymVectorEnv, with agent_actions in the mix: each refuses the
# second thread naming itself. GymVectorEnv's reset() builds new games, so without its own guard a
# reset in one thread under a step in another gave a misleading IllegalAction.
OTHER_ENVS = textwrap.dedent("""
    import sys
    from bellwether.gym import GymVectorEnv

    kind = sys.argv[1]
    if kind == "SelfPlayEnv":
        env = bellwether.SelfPlayEnv("bye-bye", 256, seed=1)
        masks = lambda: env.masks.copy()
        reset = env.reset
    else:
        env = GymVectorEnv("bye-bye", 256, opponents="heuristic", copy=False)
        env.reset(seed=1)
        masks = lambda: env._env.masks.copy()
        reset = lambda: env.reset(seed=2)

    def step(rng):
        mask = masks()
        env.step((rng.random(mask.shape) * mask).argmax(axis=1).astype(np.int32))

    def label_or_reset(rng):
        if rng.random() < 0.1:
            reset()
        else:
            env.agent_actions("heuristic")

    race(200, step, step, label_or_reset)
    reset()
    env.step(env.agent_actions("random"))
    report()
""")


@pytest.mark.parametrize("kind", ["SelfPlayEnv", "GymVectorEnv"])
def test_other_vector_envs_refuse_a_second_thread_in_words(kind):
    message = run_race(OTHER_ENVS, kind)
    assert "another thread" in message and f"one {kind} serves one thread at a time" in message
