"""Agents and tournaments from Python: the same tournament as `bellwether sim`."""
import json
import subprocess

import numpy as np

import bellwether


def without_timings(value):
    """The summary without the fields that measure time or the machine."""
    if isinstance(value, dict):
        return {k: without_timings(v) for k, v in value.items()
                if k not in ("ms_per_decision", "seconds", "games_per_second", "threads", "elapsed_seconds")}
    if isinstance(value, list):
        return [without_timings(v) for v in value]
    return value


def test_agents_choose_legal_actions(game_id):
    state = bellwether.new_game(game_id, seed=6)
    agents = [bellwether.agent("random", seed=1), bellwether.agent("heuristic"), bellwether.agent("ismcts:iters=50")]
    while not state.is_terminal:
        seat = state.current_player
        action = agents[seat].act(state, seat)
        assert action in state.legal_actions()
        state.apply(action)


def test_simulate_is_bellwether_sim(cli):
    seats = ["heuristic", "random", "random"]
    mine = bellwether.simulate("hustle", seats=seats, games=60, seed=42, threads=2)
    done = subprocess.run([cli, "sim", "hustle", "--games", "60", "--seed", "42", "--seats", ",".join(seats),
                           "--json", "--threads", "1"], capture_output=True, text=True, timeout=60, check=True)
    assert without_timings(mine) == without_timings(json.loads(done.stdout))


def test_a_python_function_sits_in_a_seat(tmp_path):
    calls = []

    def first_legal(state, player):
        calls.append(player)
        assert state.current_player == player
        return state.legal_actions()[0]

    summary = bellwether.simulate("bye-bye", seats=[first_legal, "random", "random"], games=12, seed=3, threads=2,
                                  records=str(tmp_path))
    assert summary["games"] == 12 and len(calls) > 12
    assert summary["lineup"][0] == "python:first_legal"
    record = json.loads((tmp_path / "game-000001.json").read_text())
    assert "human" in record["players"]
    replayed = bellwether.from_record(tmp_path / "game-000001.json")
    assert replayed.is_terminal


def test_the_same_agent_seed_gives_the_same_choices():
    state = bellwether.new_game("disguise", seed=9)
    first = [bellwether.agent("random", seed=5).act(state, state.current_player) for _ in range(3)]
    assert len(set(first)) == 1
    rng_choices = {bellwether.agent("random", seed=s).act(state, state.current_player) for s in range(20)}
    assert len(rng_choices) > 1 or len(state.legal_actions()) == 1
    assert isinstance(np.int64(first[0]), np.int64)
