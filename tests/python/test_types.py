"""mypy --strict passes on the package (pyproject.toml's [tool.mypy]), and its hints catch misuse.

One run of Debian's mypy (python3-mypy) over python/bellwether and two small programs: one that uses
bellwether.spiel, env and gym as documented, which must pass, and one with a mistake on each line
marked `# wrong`, each of which must be reported. ctest keeps mypy's cache in the build tree
(BELLWETHER_MYPY_CACHE), so a run after the first takes about a second."""
import importlib.util
import os
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

GOOD = '''
import numpy as np
import numpy.typing as npt
from bellwether import spiel
from bellwether.env import AECEnv
from bellwether.gym import GymVectorEnv

game: spiel.Game = spiel.load_game("bye-bye", {"players": 3})
kind: spiel.GameType.Dynamics = game.get_type().dynamics
state: spiel.State = game.new_initial_state()
while not state.is_terminal():
    actions: list[int] = state.legal_actions()
    state.apply_action(actions[0])
returns: list[float] = state.returns()
tensor: npt.NDArray[np.float32] = state.information_state_tensor(0)
world: spiel.State = state.resample_from_infostate(0, spiel.UniformProbabilitySampler(1))
bot: spiel.Bot = spiel.load_bot("random", game, 0)
player: int = spiel.PlayerId.TERMINAL
env = AECEnv("hustle", players=3)
env.reset(seed=1)
vector = GymVectorEnv("bye-bye", num_envs=4)
observations, infos = vector.reset(seed=2)
'''

BAD = '''
from bellwether import spiel
from bellwether.env import AECEnv

game = spiel.load_game("bye-bye")
state = game.new_initial_state()
state.apply_action("draw")  # wrong
name: int = state.action_to_string(0, 1)  # wrong
kind: str = game.get_type().chance_mode  # wrong
AECEnv("hustle", players="three")  # wrong
spiel.load_game(3)  # wrong
'''


def test_mypy_passes_on_the_package_and_catches_misuse(tmp_path):
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (Debian's python3-mypy; scripts/test installs it)")
    (tmp_path / "good.py").write_text(GOOD)
    (tmp_path / "bad.py").write_text(BAD)
    cache = os.environ.get("BELLWETHER_MYPY_CACHE") or str(tmp_path / "cache")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", cache,
         str(ROOT / "python" / "bellwether"), str(tmp_path / "good.py"), str(tmp_path / "bad.py")],
        cwd=ROOT, capture_output=True, text=True, timeout=240)
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    elsewhere = [line for line in errors if not line.startswith(str(tmp_path / "bad.py"))]
    assert not elsewhere, "\n".join(elsewhere)
    reported = {int(re.match(r".*?:(\d+): error", line).group(1)) for line in errors}
    wrong = {number for number, line in enumerate(BAD.splitlines(), 1) if line.endswith("# wrong")}
    assert reported == wrong, result.stdout
