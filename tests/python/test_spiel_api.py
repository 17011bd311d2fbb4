"""The parts of pyspiel's API that OpenSpiel's own Python algorithms use, pinned on bellwether.spiel.

Written from reading OpenSpiel's mcts.py, evaluate_bots.py, outcome_sampling_mccfr.py,
external_sampling_mccfr.py, mccfr.py and bots/uniform_random.py (none of their code is here):
the names they take from pyspiel, the methods they call and what they expect back. docs/python.md
says how those four ran unchanged against this module."""
import enum
import pickle

import numpy as np
import pytest

import bellwether
from bellwether import spiel


def test_the_names_the_algorithms_import():
    members = {
        spiel.GameType.Dynamics: ["SIMULTANEOUS", "SEQUENTIAL", "MEAN_FIELD"],
        spiel.GameType.ChanceMode: ["DETERMINISTIC", "EXPLICIT_STOCHASTIC", "SAMPLED_STOCHASTIC"],
        spiel.GameType.Information: ["ONE_SHOT", "PERFECT_INFORMATION", "IMPERFECT_INFORMATION"],
        spiel.GameType.Utility: ["ZERO_SUM", "CONSTANT_SUM", "GENERAL_SUM", "IDENTICAL"],
        spiel.GameType.RewardModel: ["REWARDS", "TERMINAL"],
    }
    for kind, names in members.items():
        assert issubclass(kind, enum.Enum) and [m.name for m in kind] == names
        assert [m.value for m in kind] == list(range(len(names)))  # pyspiel's (C++) values
    assert spiel.GameType.RewardModel.TERMINAL != spiel.GameType.Dynamics.SEQUENTIAL  # enums, not ints
    assert {m.name: m.value for m in spiel.PlayerId} == {
        "DEFAULT_PLAYER_ID": 0, "CHANCE": -1, "SIMULTANEOUS": -2, "INVALID": -3, "TERMINAL": -4, "MEAN_FIELD": -5}
    assert spiel.PlayerId.CHANCE == -1 and spiel.TERMINAL == -4 and spiel.INVALID == -3
    assert spiel.INVALID_ACTION == -1
    assert issubclass(spiel.SpielError, RuntimeError)
    for name in ("Bot", "Game", "State", "GameType", "GameInfo", "UniformProbabilitySampler", "StateStruct"):
        assert isinstance(getattr(spiel, name), type), name


def test_get_type_is_a_game_type_of_enums():
    game_type = spiel.load_game("boom-bah").get_type()
    assert isinstance(game_type, spiel.GameType)
    assert game_type.dynamics == spiel.GameType.Dynamics.SEQUENTIAL  # mcts.py and both MCCFRs assert this
    assert game_type.reward_model == spiel.GameType.RewardModel.TERMINAL  # mcts.py asserts this
    assert game_type.chance_mode == spiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert (game_type.min_num_players, game_type.max_num_players) == (2, 4)
    assert game_type.parameter_specification["hand_size"] == 4
    assert "SEQUENTIAL" in repr(game_type) and game_type == spiel.load_game("boom-bah").get_type()


def test_get_parameters_names_the_defaults_with_their_types():
    params = spiel.load_game("bye-bye", {"players": 4, "advanced": "true", "hand_limit": "6"}).get_parameters()
    assert params["players"] == 4 and params["seed"] == 0 and params["max_game_length"] == 100_000
    assert params["advanced"] is True and params["hand_limit"] == 6  # given as text, reported typed
    assert params["allow_zero_draw"] is False and params["stall_rounds"] == 2 and params["turn_limit"] == 1000
    game_ids = {g["id"]: {p["name"] for p in g["params"]} for g in bellwether.games()}
    for game_id, names in game_ids.items():
        assert names <= spiel.load_game(game_id).get_parameters().keys()
    game = spiel.load_game("bye-bye", {"advanced": True})
    assert spiel.load_game(str(game)) == game == spiel.load_game("bye-bye(advanced=true)")
    assert spiel.load_game(str(game)).get_parameters() == game.get_parameters()


class RandomBot(spiel.Bot):
    """A bot written as uniform_random.py writes one: it calls the base's __init__ itself."""

    def __init__(self, player_id, rng):
        spiel.Bot.__init__(self)
        self._player_id = player_id
        self._rng = rng

    def restart_at(self, state):
        pass

    def step(self, state):
        legal = state.legal_actions(self._player_id)
        return spiel.INVALID_ACTION if not legal else int(self._rng.choice(legal))


def play_bots(state, bots, rng):
    """The loop of evaluate_bots.py, on this module's names."""
    for bot in bots:
        bot.restart_at(state)
    while not state.is_terminal():
        assert not state.is_chance_node() and not state.is_simultaneous_node()
        player = state.current_player()
        action = bots[player].step(state)
        for other, bot in enumerate(bots):
            if other != player:
                bot.inform_action(state, player, action)
        state.apply_action(action)
    return state.returns()


def test_bots_play_through_the_evaluate_bots_loop():
    game = spiel.load_game("boom-bah", {"players": 3, "seed": 2})
    rng = np.random.default_rng(1)
    bots = [RandomBot(0, rng), spiel.load_bot("heuristic", game, 1), spiel.AgentBot("random", 2, seed=5)]
    returns = play_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == 3 and sum(returns) == pytest.approx(1.0)
    assert "ismcts" in spiel.registered_bots()
    state = game.new_initial_state()
    ismcts = spiel.load_bot("ismcts", game, state.current_player(), {"iters": 20, "seed": 3})
    assert ismcts.step(state) in state.legal_actions()
    with pytest.raises(spiel.IllegalAction, match="turn"):
        spiel.load_bot("random", game, (state.current_player() + 1) % 3).step(state)
    with pytest.raises(spiel.BadSeats):
        spiel.load_bot("random", game, 3)
    with pytest.raises(spiel.SpielError):
        spiel.load_bot("genius", game, 0)


def test_the_base_bot_does_what_pyspiels_does():
    bot = spiel.Bot()
    state = spiel.load_game("hustle").new_initial_state()
    bot.inform_action(state, 0, 1)  # no memory: nothing happens
    bot.inform_actions(state, [0, 1])
    bot.restart()
    assert not bot.provides_policy() and not bot.provides_force_action() and not bot.is_clonable()
    for call in (lambda: bot.step(state), lambda: bot.restart_at(state), lambda: bot.get_policy(state),
                 lambda: bot.step_with_policy(state), lambda: bot.force_action(state, 0), bot.clone):
        with pytest.raises(spiel.SpielError):
            call()


def test_what_mcts_calls():
    game = spiel.load_game("boom-bah", {"players": 2, "seed": 6})
    assert game.max_utility() == 1.0 and game.min_utility() == 0.0
    state = game.new_initial_state()
    working = state.clone()  # a rollout plays on a clone
    while not working.is_terminal():
        working.apply_action(working.legal_actions()[0])
    assert state.move_number() == 0 and working.returns() != [0.0, 0.0]
    action = state.legal_actions()[0]
    assert state.action_to_string(state.current_player(), action) == state.action_to_string(action)
    assert game.action_to_string(0, action) == state.action_to_string(action)


def test_what_outcome_sampling_calls():
    """An episode in place: information_state_string(player) as the table key, legal_actions(),
    apply_action, player_return(update_player) at the end."""
    game = spiel.load_game("hustle", {"players": 3, "seed": 1})
    state = game.new_initial_state()
    keys = []
    while not state.is_terminal():
        player = state.current_player()
        key = state.information_state_string(player)
        assert isinstance(key, str) and key == state.clone().information_state_string(player)
        keys.append(key)
        legal = state.legal_actions()
        assert legal == sorted(set(legal)) and all(isinstance(a, int) for a in legal)
        state.apply_action(legal[len(legal) // 2])
    assert len(set(keys)) == len(keys)  # perfect recall: no key comes back
    assert isinstance(state.player_return(0), float)
    assert sum(state.player_return(p) for p in range(3)) == pytest.approx(1.0)
    assert state.player_reward(0) == state.player_return(0)


def test_what_external_sampling_calls():
    """child(action) for every legal action, the parent untouched."""
    state = spiel.load_game("black-sheep", {"players": 2, "seed": 3}).new_initial_state()
    before = state.information_state_string(0)
    children = [state.child(a) for a in state.legal_actions()]
    assert state.move_number() == 0 and state.information_state_string(0) == before
    assert all(child.move_number() == 1 for child in children)
    assert [child.history() for child in children] == [[a] for a in state.legal_actions()]


def test_missing_state_methods_of_the_issue():
    game = spiel.load_game("disguise", {"players": 2, "seed": 5})
    state = game.new_initial_state()
    assert state.is_initial_state() and state.get_type() == game.get_type()
    action = state.legal_actions()[0]
    player = state.current_player()
    state.apply_action_with_legality_check(action)
    assert state.full_history() == [spiel.PlayerAction(player, action)] and state.history() == [action]
    assert state.num_distinct_actions() == game.num_distinct_actions()
    assert state.player_reward(0) == 0.0
    tensor = state.information_state_tensor(player)
    assert tensor.shape == (game.information_state_tensor_size(),) and tensor[-game.num_distinct_actions() + action] == 1
    assert state.legal_actions(spiel.PlayerId.CHANCE) == []
    with pytest.raises(spiel.SpielError, match="chance"):
        state.chance_outcomes()
    with pytest.raises(spiel.SpielError):
        state.apply_actions([0, 1])
    with pytest.raises(spiel.IllegalAction):
        state.apply_action_with_legality_check(game.num_distinct_actions())


def test_errors_are_spiel_errors_of_bellwethers_kinds():
    state = spiel.load_game("bye-bye", {"players": 3, "seed": 1}).new_initial_state()
    illegal = next(a for a in range(state.num_distinct_actions()) if a not in state.legal_actions())
    for bad in (illegal, -1, state.num_distinct_actions(), 10**30):
        with pytest.raises(spiel.IllegalAction) as raised:
            state.apply_action(bad)
        assert isinstance(raised.value, (spiel.SpielError, bellwether.IllegalAction, ValueError))
    for bad in (True, np.bool_(False), 1.0, "0"):
        with pytest.raises(TypeError):
            state.apply_action(bad)
    assert state.move_number() == 0
    with pytest.raises(spiel.BadSeats):
        state.observation_tensor(3)
    with pytest.raises(bellwether.BadSeats):
        state.player_return(-1)
    with pytest.raises(spiel.UnknownGame) as raised:
        spiel.load_game("chess")
    assert isinstance(raised.value, (spiel.SpielError, bellwether.UnknownGame))
    with pytest.raises(spiel.BadParameter):
        spiel.load_game("bye-bye", {"hand_limit": 999})
    with pytest.raises(spiel.BadSeats):
        spiel.load_game("bye-bye", {"players": 9})
    with pytest.raises(spiel.BadRecord):
        spiel.deserialize_game_and_state("{}")


def test_resample_from_infostate_takes_pyspiels_sampler():
    state = spiel.load_game("bye-bye", {"players": 3, "seed": 7}).new_initial_state()
    for _ in range(10):
        state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    other = (seat + 1) % 3
    worlds = [state.resample_from_infostate(seat, spiel.UniformProbabilitySampler(s)) for s in range(8)]
    assert len({w.observation_string(other) for w in worlds}) > 1  # others' hands are redrawn
    for world in worlds:
        assert world.observation_string(seat) == state.observation_string(seat)
        assert world.legal_actions() == state.legal_actions() and world.history() == state.history()
    again = state.resample_from_infostate(seat, spiel.UniformProbabilitySampler(3))
    assert again.observation_string(other) == worlds[3].observation_string(other)  # the sampler's seed decides
    rng = np.random.default_rng(0)
    assert state.resample_from_infostate(seat, rng.random).current_player() == seat  # any float source
    assert state.resample_from_infostate(seat, seed=4).observation_string(other) == \
        state.resample_from_infostate(seat, seed=4).observation_string(other)
    with pytest.raises(TypeError, match="seed="):
        state.resample_from_infostate(seat, 4)
    with pytest.raises(spiel.BadRecord, match="resampled"):
        pickle.dumps(worlds[0])


def test_openspiel_game_modules_register_but_do_not_load():
    """OpenSpiel's Python games register themselves as they are imported; they must import here."""
    game_type = spiel.GameType(
        short_name="python_test_game", long_name="A test game", dynamics=spiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=spiel.GameType.ChanceMode.DETERMINISTIC,
        information=spiel.GameType.Information.PERFECT_INFORMATION, utility=spiel.GameType.Utility.ZERO_SUM,
        reward_model=spiel.GameType.RewardModel.TERMINAL, max_num_players=2, min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True)
    spiel.GameInfo(num_distinct_actions=9, max_chance_outcomes=0, num_players=2, min_utility=-1.0,
                   max_utility=1.0, utility_sum=0.0, max_game_length=9)

    class TestGame(spiel.Game):
        pass

    spiel.register_game(game_type, TestGame)
    assert spiel.IIGObservationType(perfect_recall=True).perfect_recall
    with pytest.raises(spiel.UnknownGame, match="written in Python"):
        spiel.load_game("python_test_game")
