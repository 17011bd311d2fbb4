"""pytest options for the server's Python suites (hostile_test.py)."""
import os
import pathlib

REPO = pathlib.Path(__file__).resolve().parents[2]


def pytest_addoption(parser):
    parser.addoption(
        "--bin",
        default=os.environ.get("BELLWETHER_BIN", str(REPO / "build" / "release" / "bellwether")),
        help="the bellwether executable to attack (default: $BELLWETHER_BIN, else build/release/bellwether)")
