"""observation_layout(game) describes the tensor append_tensor writes: every index once, the stated ranges hold."""
import os
import pathlib

import numpy as np
import pytest

import bellwether
from bellwether.layout import layouts_markdown
from conftest import random_legal

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"
BEGIN = "<!-- observation layouts: written by BELLWETHER_WRITE_DOCS=1 pytest tests/python/test_observation_layout.py -->\n"
END = "<!-- end of the observation layouts -->\n"

# Hustle seats 3 to 8: its two ends and one count between keep the test short; every other game, every count.
PLAYER_COUNTS = {"hustle": (3, 5, 8)}


def ranges(section):
    """(low, high) as arrays over the section's indices."""
    size = section["size"]
    return (np.resize(np.asarray(section["low"], dtype=np.float64), size),
            np.resize(np.asarray(section["high"], dtype=np.float64), size))


def test_the_sections_cover_every_index_once(game_id):
    sections = bellwether.observation_layout(game_id)
    length = len(bellwether.new_game(game_id).observation_tensor(0))
    covered = np.zeros(length, dtype=int)
    for section in sections:
        assert section["size"] > 0, section["name"]
        assert int(np.prod(section["shape"])) == section["size"], section["name"]
        covered[section["offset"]:section["offset"] + section["size"]] += 1
        for key in ("low", "high", "scale"):
            if isinstance(section[key], list):
                assert len(section[key]) == section["shape"][-1], (section["name"], key)
        assert section["meaning"]
    assert covered.tolist() == [1] * length
    names = [section["name"] for section in sections]
    assert len(set(names)) == len(names)
    assert names[:3] == ["phase", "viewer", "active"]


def test_the_layout_does_not_depend_on_the_player_count(game_id):
    info = next(g for g in bellwether.games() if g["id"] == game_id)
    counts = range(info["min_players"], info["max_players"] + 1)
    layouts = [bellwether.observation_layout(game_id, players) for players in counts]
    assert all(layout == layouts[0] for layout in layouts)


def test_every_value_stays_within_its_sections_range(game_id):
    """Random and heuristic play, every seat's view at every step, several player counts."""
    sections = bellwether.observation_layout(game_id)
    info = next(g for g in bellwether.games() if g["id"] == game_id)
    counts = PLAYER_COUNTS.get(game_id, range(info["min_players"], info["max_players"] + 1))
    rng = np.random.default_rng(7)
    low = np.full(sections[-1]["offset"] + sections[-1]["size"], np.inf)
    high = -low
    for game in range(24):
        players = list(counts)[game % len(counts)]
        state = bellwether.new_game(game_id, players=players, seed=game)
        heuristic = bellwether.agent("heuristic", seed=game)
        while True:
            for seat in range(players):
                tensor = state.observation_tensor(seat)
                np.minimum(low, tensor, out=low)
                np.maximum(high, tensor, out=high)
            if state.is_terminal:
                break
            player = state.current_player
            state.apply(heuristic.act(state, player) if game % 2 else random_legal(rng, state))
    for section in sections:
        a, b = section["offset"], section["offset"] + section["size"]
        stated_low, stated_high = ranges(section)
        assert np.all(low[a:b] >= stated_low), (section["name"], low[a:b].min())
        if section["bounded"]:
            assert np.all(high[a:b] <= stated_high), (section["name"], high[a:b].max())


def test_scales_bring_a_tensor_into_minus_one_one(game_id):
    scales = bellwether.observation_scales(game_id)
    state = bellwether.new_game(game_id, seed=3)
    rng = np.random.default_rng(3)
    for _ in range(50):
        if state.is_terminal:
            break
        scaled = state.observation_tensor(state.current_player) / scales
        assert scaled.shape == scales.shape and np.all(np.abs(scaled) <= 1)
        state.apply(random_legal(rng, state))


def test_a_one_hot_section_holds_one_hot_values():
    sections = {s["name"]: s for s in bellwether.observation_layout("bye-bye")}
    viewer = sections["viewer"]
    for seat in range(3):
        tensor = bellwether.new_game("bye-bye").observation_tensor(seat)
        part = tensor[viewer["offset"]:viewer["offset"] + viewer["size"]]
        assert np.flatnonzero(part).tolist() == [seat]


def test_unknown_game_and_bad_player_count():
    with pytest.raises(bellwether.UnknownGame):
        bellwether.observation_layout("chess")
    with pytest.raises(bellwether.BadSeats):
        bellwether.observation_layout("hustle", players=2)


def test_docs_carry_the_layouts():
    text = DOC.read_text()
    assert BEGIN in text and END in text, f"{DOC} lacks the layout markers"
    head, rest = text.split(BEGIN)
    body, tail = rest.split(END)
    wanted = "\n" + layouts_markdown() + "\n"
    if os.environ.get("BELLWETHER_WRITE_DOCS") == "1":
        DOC.write_text(head + BEGIN + wanted + END + tail)
        body = wanted
    assert body == wanted, "docs/python.md's layout tables are stale: rerun with BELLWETHER_WRITE_DOCS=1"


def test_boom_bah_board_section_matches_the_board_the_observation_draws():
    """The 7x7 board is written in one block (observation.cpp): each cell's one-hots must still say
    what the observation's board rows say."""
    sections = {s["name"]: s for s in bellwether.observation_layout("boom-bah", 3)}
    cells = sections["cells"]
    width = cells["shape"][1]
    seats = sections["to_move"]["size"]  # kMaxSeats: the sheep part of a cell comes first
    rng = np.random.default_rng(5)
    checked = 0
    for seed in range(4):
        state = bellwether.new_game("boom-bah", players=3, seed=seed)
        while not state.is_terminal:
            viewer = state.current_player
            tensor = state.observation_tensor(viewer)
            board = state.observation(viewer)["board"]
            block = tensor[cells["offset"]:cells["offset"] + cells["size"]].reshape(49, width)
            for index, code in enumerate(" ".join(board).split()):
                sheep, tile = block[index][:seats], block[index][seats:]
                assert sheep.sum() == (1 if code.startswith("S") else 0), (code, sheep)
                if code.startswith("S"):
                    assert sheep[int(code[1:]) - 1] == 1
                assert tile.sum() == 1, (code, tile)
                if code == "--":
                    assert tile[0] == 1
                elif code == "??":
                    assert tile[1] == 1
                elif not code.startswith("S"):
                    assert tile[0] == 0 and tile[1] == 0  # a revealed tile
            checked += 1
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    assert checked > 100
