"""clone() carries the hidden future; clone_for(seat) redraws what the seat cannot see."""
import numpy as np
import pytest

import bellwether
from conftest import random_legal


def futures(copies, seat, steps=12):
    """What `seat` observes after the same choices (action i of the legal list) on each copy."""
    seen = []
    for copy in copies:
        for step in range(steps):
            if copy.is_terminal:
                break
            legal = copy.legal_actions()
            copy.apply(legal[step % len(legal)])
        seen.append(copy.observation_tensor(seat).tobytes())
    return seen


def test_twenty_clones_share_one_future_and_clone_for_does_not(game_id):
    state = bellwether.new_game(game_id, seed=5)
    rng = np.random.default_rng(0)
    for _ in range(4):
        state.apply(random_legal(rng, state))
    seat = state.current_player
    assert len(set(futures([state.clone() for _ in range(20)], seat))) == 1
    redrawn = futures([state.clone_for(seat) for _ in range(20)], seat)
    assert len(set(redrawn)) > 1, "every clone_for copy drew the same cards"


def test_clone_for_keeps_what_the_seat_sees(game_id):
    state = bellwether.new_game(game_id, seed=2)
    rng = np.random.default_rng(1)
    for _ in range(6):
        seat = state.current_player
        copy = state.clone_for(seat)
        assert copy.observation(seat) == state.observation(seat)
        assert np.array_equal(copy.observation_tensor(seat), state.observation_tensor(seat))
        assert copy.legal_actions() == state.legal_actions()
        state.apply(random_legal(rng, state))


def test_a_seeded_clone_for_is_reproducible_and_has_no_record():
    state = bellwether.new_game("bye-bye", seed=3)
    assert state.clone_for(0, seed=9) == state.clone_for(0, seed=9)
    with pytest.raises(ValueError, match="no record"):
        state.clone_for(0, seed=9).record()
    with pytest.raises(ValueError, match="not a seat"):
        state.clone_for(5)
