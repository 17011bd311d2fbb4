"""Explicit chance (load_game(..., {"chance": "explicit"})): the deal, the draws and the random picks
as chance nodes with exact outcomes, in the games that offer it; sampled chance unchanged.

The chance nodes must give the engine's own distribution: a seat's starting hand, dealt through
explicit chance nodes whose outcomes are drawn by their probabilities, has on average what the
sampled engine deals over many seeds."""
import math

import numpy as np
import pytest

import bellwether
from bellwether import spiel

EXPLICIT = sorted(spiel.EXPLICIT_CHANCE_GAMES)
HAND_AT_START, FIELD = 5, 3  # Sheep in Disguise's set-up (src/games/disguise/card_rules.hpp)


def explicit_game(game_id, **params):
    return spiel.load_game(game_id, {"chance": "explicit", **params})


def choose(rng, state):
    """A chance outcome drawn by its probability, or a uniformly random legal action."""
    if state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes())
        return outcomes[int(rng.choice(len(outcomes), p=np.array(probabilities)))]
    legal = state.legal_actions()
    return legal[int(rng.integers(len(legal)))]


def check_chance_node(state, game):
    outcomes = state.chance_outcomes()
    assert state.current_player() == spiel.CHANCE == spiel.PlayerId.CHANCE and not state.is_player_node()
    assert outcomes and math.isclose(sum(p for _, p in outcomes), 1.0) and all(p > 0 for _, p in outcomes)
    assert [o for o, _ in outcomes] == state.legal_actions() == state.legal_actions(spiel.CHANCE)
    assert all(0 <= o < game.max_chance_outcomes() for o, _ in outcomes)
    assert state.legal_actions(0) == []


@pytest.mark.parametrize("game_id", EXPLICIT)
@pytest.mark.parametrize("players", [3, 4])
def test_walking_explicit_chance_keeps_the_contract(game_id, players):
    game = explicit_game(game_id, players=players, seed=5, max_game_length=400)
    assert game.get_type().chance_mode is spiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.get_parameters()["chance"] == "explicit" and "chance=explicit" in str(game)
    state = game.new_initial_state()
    assert state.is_chance_node()  # the deal (or the start seat) comes first
    rng = np.random.default_rng(players)
    chance_nodes = player_actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            check_chance_node(state, game)
            chance_nodes += 1
        else:
            player_actions += 1
            for seat in range(players):  # one line for the deal and one per player action
                lines = state.information_state_string(seat).split("\n")
                assert len(lines) == 1 + player_actions - 1 and lines[-1].endswith(state.observation_string(seat))
        state.apply_action(choose(rng, state))
        if state.move_number() == 60:
            twin = game.deserialize_state(state.serialize())
            assert twin.history() == state.history() and str(twin) == str(state)
            assert twin.is_chance_node() == state.is_chance_node()
    assert chance_nodes > 0 and player_actions > 0
    assert sum(state.returns()) == pytest.approx(0.0 if state.is_truncated() else 1.0)


def test_a_draw_waits_at_its_chance_nodes_before_anyone_sees_its_effect():
    game = explicit_game("disguise", players=3, seed=2)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    deal = 0
    while state.is_chance_node():
        state.apply_action(choose(rng, state))
        deal += 1
    # The start seat, then each hand's cards and the Field's (a dealt triple becomes a flock at once).
    assert deal == 1 + 3 * HAND_AT_START + FIELD
    for _ in range(200):  # until an action draws
        before = [state.observation_string(seat) for seat in range(3)]
        player = state.current_player()
        state.apply_action(choose(rng, state))
        if state.is_chance_node():
            assert [state.observation_string(seat) for seat in range(3)] == before
            while state.is_chance_node():
                state.apply_action(choose(rng, state))
            assert state.observation_string(player) != before[player]
            return
    pytest.fail("no action drew a card in 200 steps")


def bellwether_native(state):
    return state._native


def hand_counts(natives, seat):
    """{kind name: array of its count in `seat`'s hand, one per state}."""
    hands = [native.observation(seat)["hand"] for native in natives]
    kinds = sorted({kind for hand in hands for kind in hand})
    return {kind: np.array([hand.get(kind, 0) for hand in hands], dtype=float) for kind in kinds}


def test_explicit_deals_have_the_sampled_engines_distribution():
    """Seat 0's starting hand, kind by kind: the sum over kinds of the squared z of the difference of
    the two means is about chi-squared with one degree per kind (about 20): 60 is far in its tail,
    and weighing kinds equally instead of by their copies gives several hundred."""
    games = 1500
    rng = np.random.default_rng(11)
    game = explicit_game("disguise", players=3, seed=0)
    dealt = []
    for _ in range(games):
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(choose(rng, state))
        dealt.append(bellwether_native(state))
    sampled = [bellwether.new_game("disguise", players=3, seed=seed) for seed in range(games)]
    explicit_counts, sampled_counts = hand_counts(dealt, 0), hand_counts(sampled, 0)
    assert set(explicit_counts) == set(sampled_counts)
    chi2 = 0.0
    for kind, a in explicit_counts.items():
        b = sampled_counts[kind]
        spread = math.sqrt(a.var() / games + b.var() / games)
        chi2 += ((a.mean() - b.mean()) / spread) ** 2
    assert chi2 < 60, chi2


def test_the_start_seat_is_a_chance_node_unless_the_parameter_fixes_it():
    state = explicit_game("hustle", players=4).new_initial_state()
    assert state.chance_outcomes() == [(seat, 0.25) for seat in range(4)]
    state.apply_action(2)
    assert not state.is_chance_node() and state.current_player() == 2
    fixed = explicit_game("hustle", players=4, start_player=1).new_initial_state()
    assert not fixed.is_chance_node() and fixed.current_player() == 0


def test_explicit_chance_refuses_what_it_cannot_do():
    with pytest.raises(spiel.BadParameter, match="explicit chance is not available for black-sheep"):
        spiel.load_game("black-sheep", {"chance": "explicit"})
    with pytest.raises(spiel.BadParameter, match="'sampled'"):
        spiel.load_game("hustle", {"chance": "sometimes"})
    state = explicit_game("disguise").new_initial_state()
    with pytest.raises(spiel.SpielError, match="nothing is dealt yet"):
        state.observation_string(0)
    with pytest.raises(spiel.IllegalAction, match="not an outcome"):
        state.apply_action(99)
    with pytest.raises(spiel.SpielError, match="not a chance node"):
        spiel.load_game("disguise").new_initial_state().chance_outcomes()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(spiel.SpielError, match="explicit chance"):
        state.resample_from_infostate(0, seed=1)


def test_sampled_chance_is_the_default_and_unchanged():
    game = spiel.load_game("disguise", {"seed": 3})
    assert game.get_type().chance_mode is spiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.max_chance_outcomes() == 0 and game.get_parameters()["chance"] == "sampled"
    state = game.new_initial_state()
    assert not state.is_chance_node()
    assert state.observation_string(0) == spiel.load_game("disguise", {"seed": 3}).new_initial_state().observation_string(0)
