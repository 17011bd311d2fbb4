"""Scales that bring a game's observation tensor into [-1, 1], from observation_layout()."""

import numpy as np
import numpy.typing as npt

from ._bellwether import games, observation_layout

def observation_scales(game: str, players: int = 3) -> npt.NDArray[np.float32]:
    """A float32 vector as long as `game`'s observation tensor: each index's scale from its section, so
    that `tensor / observation_scales(game)` lies in [-1, 1] with the default parameters (sections whose
    `bounded` is False may exceed it in very long games)."""
    sections = observation_layout(game, players)
    scales = np.ones(sections[-1]["offset"] + sections[-1]["size"], dtype=np.float32)
    for section in sections:
        # A list holds one scale per index of the last dimension: it repeats along the others.
        per_index = np.resize(np.asarray(section["scale"], dtype=np.float32), section["size"])
        per_index[per_index == 0] = 1.0
        scales[section["offset"]:section["offset"] + section["size"]] = per_index
    return scales


def layout_markdown(game: str) -> str:
    """`game`'s layout as a Markdown table (docs/python.md carries these for every game)."""
    sections = observation_layout(game)
    length = sections[-1]["offset"] + sections[-1]["size"]
    lines = [f"#### {game} ({length} values)", "",
             "| offset | name | shape | range | meaning |", "|---|---|---|---|---|"]
    for s in sections:
        if isinstance(s["low"], list):
            span = "per column: " + " ".join(f"{lo:g}..{hi:g}" for lo, hi in zip(s["low"], s["high"]))
        else:
            span = f"{s['low']:g}..{s['high']:g}"
        if not s["bounded"]:
            span += " (typical)"
        shape = "×".join(str(n) for n in s["shape"])
        lines.append(f"| {s['offset']} | {s['name']} | {shape} | {span} | {s['meaning']} |")
    return "\n".join(lines) + "\n"


def layouts_markdown() -> str:
    """Every game's layout table, as docs/python.md carries them."""
    return "\n".join(layout_markdown(game["id"]) for game in games())
