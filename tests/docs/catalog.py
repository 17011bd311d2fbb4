"""The games of the catalog, read from the source: `AllGames` in
src/games/catalog.hpp (the one list of games) and each listed game's `kId`.
For the doc tests, which run without a build; the tests that run the binary
ask it (`bellwether games --json`) instead.
"""
import re
from pathlib import Path

CATALOG = "src/games/catalog.hpp"


def catalog_games(root):
    """[(id, folder)] in the catalog's order: ("bye-bye", "bye_bye") for src/games/bye_bye/."""
    root = Path(root)
    text = (root / CATALOG).read_text()
    listed = re.search(r"using\s+AllGames\s*=\s*std::tuple<([^;]*)>\s*;", text)
    if not listed:
        raise ValueError(f"{CATALOG}: no `using AllGames = std::tuple<...>;`")
    games = []
    for folder in re.findall(r"(\w+)::State", listed.group(1)):
        header = root / "src" / "games" / folder / f"{folder}.hpp"
        found = re.search(r'kId\s*=\s*"([^"]+)"', header.read_text())
        if not found:
            raise ValueError(f"{header}: no kId")
        games.append((found.group(1), folder))
    if not games:
        raise ValueError(f"{CATALOG}: AllGames lists no game")
    return games
