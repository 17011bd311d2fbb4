"""`pip install .` offline: Debian's pip and setuptools install the module with its metadata.

The install takes the extension this build already made (BELLWETHER_BUILD_DIR), from a copy of the
packaging files, so the test neither builds the engine a second time nor writes into the source tree."""
import pathlib
import re
import shutil
import subprocess
import sys

import bellwether

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(bellwether.__file__).resolve().parents[2]  # <build>/python/bellwether/__init__.py


def test_pip_installs_the_module_with_its_version_and_stubs(tmp_path):
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "CMakeLists.txt", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "python", source / "python")
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-build-isolation", "--no-index",
                    "--no-deps", "--target", str(target), str(source)],
                   check=True, env={"BELLWETHER_BUILD_DIR": str(BUILD), "PATH": "/usr/bin:/bin",
                                    "HOME": str(tmp_path)})
    wanted = re.search(r"project\(bellwether VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text()).group(1)
    script = ("import importlib.metadata, bellwether; "
              "print(importlib.metadata.version('bellwether'), bellwether.__version__, bellwether.__file__)")
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True,
                         env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"}, cwd=tmp_path).stdout.split()
    assert out[0] == out[1] == wanted
    assert out[2].startswith(str(target))  # the installed copy, not the build's
    installed = target / "bellwether"
    for name in ("py.typed", "_bellwether.pyi", "spiel.py", "env.py", "learned.py"):
        assert (installed / name).exists(), name
    # The learned agent's weights travel as package data.
    shipped = {path.name for path in (ROOT / "python" / "bellwether" / "weights").glob("*.npz")}
    assert shipped and {path.name for path in (installed / "weights").glob("*.npz")} == shipped
    assert list(installed.glob("_bellwether*.so"))
