"""Shared set-up for the bellwether pytest suite: the module as built (PYTHONPATH from ctest)."""
import os

import numpy as np
import pytest

import bellwether

GAME_IDS = [game["id"] for game in bellwether.games()]


@pytest.fixture(params=GAME_IDS)
def game_id(request):
    """Each game of the catalog in turn."""
    return request.param


@pytest.fixture
def cli():
    """The bellwether executable ctest built (BELLWETHER_EXE); the test is skipped without it."""
    path = os.environ.get("BELLWETHER_EXE")
    if not path or not os.path.exists(path):
        pytest.skip("BELLWETHER_EXE is not set: run through ctest")
    return path


def random_legal(rng, state):
    """A uniformly random legal action id of `state`."""
    legal = state.legal_actions()
    return legal[int(rng.integers(len(legal)))]


def play_randomly(state, rng, limit=200_000):
    """Plays random legal actions until the game ends; returns how many."""
    steps = 0
    while not state.is_terminal:
        state.apply(random_legal(rng, state))
        steps += 1
        assert steps < limit, "a random game did not end"
    return steps


def masked_choice(rng, masks):
    """One random legal action per row of a mask array, as int32."""
    noise = rng.random(masks.shape) * masks
    return noise.argmax(axis=1).astype(np.int32)
