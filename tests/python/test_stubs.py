"""The type stubs (bellwether/_bellwether.pyi) name every part of the extension, and only those: the public
ones and the module's own private functions (used by bellwether.spiel), not Python's dunders."""
import ast
import pathlib

import bellwether
from bellwether import _bellwether

STUBS = pathlib.Path(__file__).resolve().parents[2] / "python" / "bellwether" / "_bellwether.pyi"


def stub_names():
    """{top-level name: set of its public members (empty for functions and values)}."""
    names = {}
    for node in ast.parse(STUBS.read_text()).body:
        if isinstance(node, ast.ClassDef):
            names[node.name] = {item.name for item in node.body
                                if isinstance(item, ast.FunctionDef) and not item.name.startswith("_")}
        elif isinstance(node, ast.FunctionDef):
            names[node.name] = set()
        elif isinstance(node, ast.AnnAssign):
            names[node.target.id] = set()
    return names


def runtime_names():
    names = {}
    for name in dir(_bellwether):
        if name.startswith("__") and name != "__version__":  # the module's own dunders
            continue
        value = getattr(_bellwether, name)
        members = set()
        if isinstance(value, type) and not issubclass(value, BaseException):
            members = {m for m in vars(value) if not m.startswith("_")}
        names[name] = members
    return names


def test_the_stubs_name_every_part_and_nothing_else():
    assert stub_names() == runtime_names()


def test_py_typed_and_the_stubs_sit_beside_the_module():
    package = pathlib.Path(bellwether.__file__).parent
    assert (package / "py.typed").exists() and (package / "_bellwether.pyi").exists()


def test_signatures_name_python_types_not_cpp_ones():
    for name in ("new_game", "from_record", "agent", "simulate", "observation_layout", "games"):
        assert "bw::" not in getattr(_bellwether, name).__doc__, name
    for cls in (_bellwether.State, _bellwether.VectorEnv, _bellwether.SelfPlayEnv, _bellwether.Agent):
        for member in vars(cls).values():
            assert "bw::" not in (getattr(member, "__doc__", None) or ""), (cls.__name__, member)
