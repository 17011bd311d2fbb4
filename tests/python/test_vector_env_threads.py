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


TWO_THREADS_ON_ONE_ENV = textwrap.dedent("""
    import threading
    import numpy as np
    import bellwether

    env = bellwether.VectorEnv("bye-bye", 256, opponents="heuristic", seed=1)
    refused, stepped, other = [], [0], []
    # Both threads start together, so their steps overlap from the first one.
    start = threading.Barrier(4)  # three threads and this one

    def loop(seed, call):
        rng = np.random.default_rng(seed)
        start.wait()
        for _ in range(300):
            try:
                call(rng)
                stepped[0] += 1
            except RuntimeError as error:
                refused.append(str(error))
            except bellwether.IllegalAction:
                pass  # the other thread stepped between our reading the masks and stepping: our race
            except Exception as error:
                other.append(repr(error))

    def step(rng):
        masks = env.masks.copy()
        env.step((rng.random(masks.shape) * masks).argmax(axis=1).astype(np.int32))

    def peek(rng):
        env.state(int(rng.integers(env.num_envs)))

    threads = [threading.Thread(target=loop, args=(1, step)), threading.Thread(target=loop, args=(2, step)),
               threading.Thread(target=loop, args=(3, peek))]
    for thread in threads:
        thread.start()
    start.wait()
    for thread in threads:
        thread.join()
    # The env is whole afterwards: one thread steps it as usual.
    observations, masks = env.reset()
    env.step(masks.argmax(axis=1).astype(np.int32))
    print(len(refused), stepped[0], len(other))
    print(refused[0] if refused else "")
    print(other[:3])
""")


def test_two_threads_stepping_one_env_are_refused_not_crashed():
    done = subprocess.run([sys.executable, "-c", TWO_THREADS_ON_ONE_ENV], capture_output=True, text=True,
                          timeout=120, env=dict(os.environ))
    assert done.returncode == 0, f"the child died (code {done.returncode}): {done.stderr[-2000:]}"
    counts, message, others = done.stdout.splitlines()
    refused, stepped, other = map(int, counts.split())
    assert other == 0, others
    assert refused > 0, "the threads never overlapped, so the guard was not exercised"
    assert stepped > 0
    assert "another thread" in message and "one VectorEnv serves one thread at a time" in message



# The same overlap on SelfPlayEnv and GymVectorEnv, with agent_actions in the mix: each refuses the
# second thread naming itself. GymVectorEnv's reset() builds new games, so without its own guard a
# reset in one thread under a step in another gave a misleading IllegalAction.
OTHER_ENVS = textwrap.dedent("""
    import sys
    import threading
    import numpy as np
    import bellwether
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
    refused, stepped, other = [], [0], []
    start = threading.Barrier(4)

    def loop(seed, call):
        rng = np.random.default_rng(seed)
        start.wait()
        for _ in range(200):
            try:
                call(rng)
                stepped[0] += 1
            except RuntimeError as error:
                refused.append(str(error))
            except bellwether.IllegalAction:
                pass  # our race: the other thread stepped between reading the masks and stepping
            except Exception as error:
                other.append(repr(error))

    def step(rng):
        mask = masks()
        env.step((rng.random(mask.shape) * mask).argmax(axis=1).astype(np.int32))

    def label_or_reset(rng):
        if rng.random() < 0.1:
            reset()
        else:
            env.agent_actions("heuristic")

    threads = [threading.Thread(target=loop, args=(1, step)), threading.Thread(target=loop, args=(2, step)),
               threading.Thread(target=loop, args=(3, label_or_reset))]
    for thread in threads:
        thread.start()
    start.wait()
    for thread in threads:
        thread.join()
    reset()
    env.step(env.agent_actions("random"))
    print(len(refused), stepped[0], len(other))
    print(refused[0] if refused else "")
    print(other[:3])
""")


@pytest.mark.parametrize("kind", ["SelfPlayEnv", "GymVectorEnv"])
def test_other_vector_envs_refuse_a_second_thread_in_words(kind):
    done = subprocess.run([sys.executable, "-c", OTHER_ENVS, kind], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ))
    assert done.returncode == 0, f"the child died (code {done.returncode}): {done.stderr[-2000:]}"
    counts, message, others = done.stdout.splitlines()
    refused, stepped, other = map(int, counts.split())
    assert other == 0, others
    assert refused > 0, "the threads never overlapped, so the guard was not exercised"
    assert stepped > 0
    assert "another thread" in message and f"one {kind} serves one thread at a time" in message
