#!/usr/bin/python3
"""Each docs/rules/<id>.md's section "What each seat knows" against the tests, for every game of the catalog.

Every line of that section (a bullet) names the tests that check it, as
(tests: `Suite.Name`, ...), and every test it names must exist as
TEST(Suite, Name) in the game's suite, tests/games/<id with _>/. A line that
cites nothing, a test that does not exist, or a game without the section
fails, naming the file and the line.

    /usr/bin/python3 tests/docs/knowledge_doc_test.py [SOURCE_ROOT]
"""
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from catalog import catalog_games  # noqa: E402

SECTION = "## What each seat knows"
PARTS = ("### Sees", "### Remembers", "### Deduces", "### Forgets")


def section_of(text):
    """The section's text, up to the next heading of its level, or None."""
    start = text.find("\n" + SECTION + "\n")
    if start < 0:
        return None
    rest = text[start + len(SECTION) + 2:]
    end = re.search(r"^## ", rest, flags=re.M)
    return rest[:end.start()] if end else rest


def bullets(section):
    """Each bullet with its continuation lines joined, and its line's offset."""
    items, current = [], None
    for number, line in enumerate(section.splitlines()):
        if line.startswith("- "):
            current = [number, line[2:]]
            items.append(current)
        elif current is not None and line.startswith("  ") and line.strip():
            current[1] += " " + line.strip()
        else:
            current = None
    return [(number, text) for number, text in items]


def tests_in(folder):
    found = set()
    for source in sorted(folder.glob("*.cpp")):
        for suite, name in re.findall(r"^TEST(?:_F|_P)?\((\w+),\s*(\w+)\)", source.read_text(), flags=re.M):
            found.add(f"{suite}.{name}")
    return found


def problems(root):
    out = []
    for game, folder in catalog_games(root):
        doc = root / "docs" / "rules" / f"{game}.md"
        section = section_of(doc.read_text())
        if section is None:
            out.append(f"{doc}: no section '{SECTION}'")
            continue
        for part in PARTS:
            if part not in section:
                out.append(f"{doc}: '{SECTION}' has no '{part}'")
        known = tests_in(root / "tests" / "games" / folder)
        items = bullets(section)
        if not items:
            out.append(f"{doc}: '{SECTION}' has no lines")
        for number, text in items:
            cited = re.search(r"\(tests?: ([^)]*)\)\s*$", text)
            if not cited:
                out.append(f"{doc}, '{SECTION}' line {number + 1}: names no test: {text[:70]}...")
                continue
            for name in re.findall(r"`([\w.]+)`", cited.group(1)):
                if name not in known:
                    out.append(f"{doc}, '{SECTION}' line {number + 1}: no test {name} in tests/games/{folder}/")
    return out


def test_every_line_names_existing_tests():
    root = Path(__file__).resolve().parents[2]
    assert problems(root) == []


if __name__ == "__main__":
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2]
    found = problems(root)
    for line in found:
        print(line)
    print(f"{len(found)} problem(s) in the sections '{SECTION}'")
    sys.exit(1 if found else 0)
