#!/usr/bin/python3
"""docs/architecture.md, "Adding a game", against the code.

Its hook table must list every hook the catalog's concepts require, read from
the C++ source (CatalogGame in src/core/game_hooks.hpp and the Game concept of
src/core/game.hpp it builds on), and every optional hook generic code uses; its
file table must list every file of every src/games/<id>/ folder, and only those;
every file its table of files outside the folder says every game has (the web
step among them) must exist for every game of the catalog (AllGames in
src/games/catalog.hpp). A failure names what is missing on which side.

    /usr/bin/python3 tests/docs/architecture_doc_test.py [SOURCE_ROOT]
    /usr/bin/python3 -m pytest tests/docs/architecture_doc_test.py
"""
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from catalog import catalog_games  # noqa: E402

DOC = "docs/architecture.md"
GAME_HPP = "src/core/game.hpp"
HOOKS_HPP = "src/core/game_hooks.hpp"
SECTION = "## Adding a game"


# ---------------------------------------------------------------- C++ side


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def balanced(text, start, open_ch, close_ch):
    """The text between text[start] == open_ch and its matching close_ch."""
    assert text[start] == open_ch, (text[start:start + 40], open_ch)
    depth = 0
    for i in range(start, len(text)):
        if text[i] == open_ch:
            depth += 1
        elif text[i] == close_ch:
            depth -= 1
            if depth == 0:
                return text[start + 1:i]
    raise ValueError(f"unbalanced {open_ch}{close_ch} at {start}")


def split_top_level(text, sep):
    """Splits on `sep` outside (), {}, <>."""
    parts, depth, current = [], 0, ""
    i = 0
    while i < len(text):
        c = text[i]
        if c in "({<":
            depth += 1
        elif c in ")}>" and not (c == ">" and text[i - 1] == "-"):
            depth -= 1
        if depth == 0 and text.startswith(sep, i):
            parts.append(current)
            current = ""
            i += len(sep)
            continue
        current += c
        i += 1
    parts.append(current)
    return [p.strip() for p in parts if p.strip()]


def concepts_in(text):
    """{name: definition text after '='} for every `concept NAME = ...;`."""
    out = {}
    for m in re.finditer(r"\bconcept\s+(\w+)\s*=", text):
        i, depth = m.end(), 0
        while True:
            c = text[i]
            if c in "({":
                depth += 1
            elif c in ")}":
                depth -= 1
            elif c == ";" and depth == 0:
                break
            i += 1
        out[m.group(1)] = text[m.end():i].strip()
    return out


def hook_of_expression(expr):
    """The hook a requirement names: `S::kId` -> kId, `cs.apply(a)` -> apply,
    `S(params, ...)` -> State, `to_json(json, obs)` -> to_json."""
    expr = expr.strip()
    if expr.startswith("{"):
        expr = balanced(expr, 0, "{", "}").strip()
    m = re.match(r"typename\s+S::([\w:]+)$", expr)
    if m:
        return m.group(1)
    m = re.match(r"S::([\w:]+)", expr)
    if m:
        return m.group(1)
    if re.match(r"S\s*\(", expr):
        return "State"
    m = re.match(r"\w+\s*\.\s*(\w+)\s*\(", expr)
    if m:
        return m.group(1)
    m = re.match(r"(\w+)\s*\(", expr)
    if m:
        return m.group(1)
    raise ValueError(f"cannot tell which hook this requirement names: {expr!r}")


PROPERTY_HOOKS = {"std::equality_comparable": "operator=="}


def hooks_of_concept(definition):
    """(hooks, properties, other concept terms) of one concept definition."""
    hooks, properties, terms = [], [], []
    for term in split_top_level(definition, "&&"):
        if term.startswith("requires"):
            rest = term[len("requires"):].lstrip()
            if rest.startswith("("):  # the parameter list
                rest = rest[len(balanced(rest, 0, "(", ")")) + 2:].lstrip()
            body = balanced(rest, 0, "{", "}")
            hooks += [hook_of_expression(s) for s in split_top_level(body, ";")]
            continue
        m = re.match(r"([\w:]+)\s*<\s*S\s*>", term)
        if m and m.group(1) in PROPERTY_HOOKS:
            hooks.append(PROPERTY_HOOKS[m.group(1)])
        elif m and m.group(1).startswith("std::is_"):
            properties.append(m.group(1)[len("std::is_"):].removesuffix("_v").replace("_", " "))
        else:
            terms.append(term)
    return hooks, properties, terms


def read_concepts(root):
    """{hook: (concept, required)} with required in {"yes", "if", "optional"},
    and the properties (e.g. "trivially copyable") the State must have."""
    game_text = strip_comments((root / GAME_HPP).read_text())
    hooks_text = strip_comments((root / HOOKS_HPP).read_text())
    concepts = concepts_in(game_text) | concepts_in(hooks_text)
    if "CatalogGame" not in concepts:
        raise ValueError(f"no `concept CatalogGame` in {HOOKS_HPP}")

    result, properties = {}, []

    def add(hook, concept, required):
        if hook in result and result[hook] != (concept, required):
            raise ValueError(f"hook {hook} is required twice: {result[hook]} and {(concept, required)}")
        result[hook] = (concept, required)

    def add_concept(name, required, seen):
        if name in seen:
            return
        seen.add(name)
        hooks, props, terms = hooks_of_concept(concepts[name])
        for hook in hooks:
            add(hook, name, required)
        properties.extend(props)
        for term in terms:
            take_term(term, required, seen)

    def take_term(term, required, seen):
        m = re.match(r"(\w+)\s*<\s*S\s*>\s*(\(\s*\))?$", term)
        if not m:
            raise ValueError(f"cannot read the requirement {term!r}")
        name, call = m.group(1), m.group(2)
        if not call:
            if name not in concepts:
                raise ValueError(f"concept {name} is not defined in {GAME_HPP} or {HOOKS_HPP}")
            add_concept(name, required, seen)
            return
        # A constexpr function: the concepts it tests are required under a condition.
        fn = re.search(r"\bbool\s+" + name + r"\s*\(\s*\)\s*\{", hooks_text)
        if not fn:
            raise ValueError(f"constexpr function {name} is not defined in {HOOKS_HPP}")
        body = balanced(hooks_text, fn.end() - 1, "{", "}")
        for inner in sorted(set(re.findall(r"\b(Has\w+)\s*<\s*S\s*>", body))):
            add_concept(inner, "if", seen)

    seen = set()
    add_concept("CatalogGame", "yes", seen)
    # The hook concepts the catalog does not require: generic code uses them where a game has them.
    for name in concepts:
        if name.startswith("Has") and name not in seen:
            add_concept(name, "optional", seen)
    # Members generic code reads only when present: `if constexpr (requires { S::kX ... })`.
    for path in sorted((root / "src").rglob("*")):
        if path.suffix in (".hpp", ".cpp"):
            for member in re.findall(r"requires\s*\{\s*S::(\w+)", strip_comments(path.read_text())):
                if member not in result:
                    result[member] = ("", "optional")
    return result, properties


def read_game_folders(root):
    """{folder name: set of file names} for every src/games/<id>/."""
    games = root / "src" / "games"
    return {d.name: {f.name for f in d.iterdir() if f.is_file()} for d in sorted(games.iterdir()) if d.is_dir()}


# ---------------------------------------------------------------- doc side


def doc_section(root):
    text = (root / DOC).read_text()
    if SECTION not in text:
        raise ValueError(f'{DOC} has no "{SECTION}" section')
    section = text[text.index(SECTION) + len(SECTION):]
    next_heading = re.search(r"^## ", section, flags=re.M)
    return section[:next_heading.start()] if next_heading else section


def doc_table(section, first_header):
    """The rows (lists of cells) of the table whose header starts with `first_header`."""
    lines = section.splitlines()
    for i, line in enumerate(lines):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] == first_header:
            rows = []
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                rows.append([c.strip() for c in re.split(r"(?<!\\)\|", row.strip().strip("|"))])
            return [c.strip() for c in cells], rows
    raise ValueError(f'no table with a "{first_header}" column in "{SECTION}" of {DOC}')


def code_name(cell):
    m = re.match(r"`([^`]+)`", cell)
    return m.group(1).strip() if m else cell.strip()


def read_doc_hooks(root):
    """{hook: (concept, required)} from the hook table."""
    header, rows = doc_table(doc_section(root), "Hook")
    problems, hooks = [], {}
    for row in rows:
        if len(row) < 3:
            problems.append(f"{DOC}: hook row with fewer than 3 cells: {row}")
            continue
        hook, concept, required = code_name(row[0]), code_name(row[1]), row[2].strip().lower()
        required = "yes" if required == "yes" else "optional" if required == "optional" else \
            "if" if required.startswith("if") else required
        if hook in hooks:
            problems.append(f"{DOC}: hook {hook} is listed twice")
        hooks[hook] = (concept, required)
    return hooks, problems


def read_doc_files(root):
    """{file name pattern: None for every game, or the set of folders}."""
    header, rows = doc_table(doc_section(root), "File")
    files = {}
    for row in rows:
        where = row[1].strip()
        files[code_name(row[0])] = None if where == "every game" else set(re.findall(r"`([^`]+)`", where))
    return files


# ---------------------------------------------------------------- checks


def hook_problems(root):
    code, properties = read_concepts(root)
    doc, problems = read_doc_hooks(root)
    words = {"yes": "yes", "if": "if …", "optional": "optional"}
    for hook, (concept, required) in code.items():
        where = f"concept {concept}" if concept else "read by generic code when present"
        if hook not in doc:
            problems.append(f"missing from {DOC}: hook {hook} ({where}, required: {words[required]})")
            continue
        doc_concept, doc_required = doc[hook]
        if concept and doc_concept != concept:
            problems.append(f"{DOC}: hook {hook} is listed under {doc_concept or 'no concept'}, the code has it in {concept}")
        if doc_required != required:
            problems.append(f"{DOC}: hook {hook} is listed as required \"{doc_required}\", the code says {words[required]}")
    for hook in doc:
        if hook not in code:
            problems.append(f"{DOC} lists hook {hook}, which no concept in {GAME_HPP} or {HOOKS_HPP} requires "
                            "and no generic code reads")
    section = doc_section(root)
    for prop in properties:
        if prop not in section:
            problems.append(f'{DOC}: "{SECTION}" does not say the State must be {prop}')
    return problems


def file_problems(root):
    folders = read_game_folders(root)
    doc = read_doc_files(root)
    problems = []
    for pattern, listed in doc.items():
        for folder, files in folders.items():
            name = pattern.replace("<id>", folder)
            if listed is None and name not in files:
                problems.append(f"src/games/{folder}/ has no {name}, which {DOC} says every game has")
            if listed is not None and folder in listed and name not in files:
                problems.append(f"src/games/{folder}/ has no {name}, which {DOC} says it has")
            if listed is not None and folder not in listed and name in files:
                problems.append(f"{DOC}: {pattern} is listed for {', '.join(sorted(listed))} "
                                f"but src/games/{folder}/ has it too")
        for folder in sorted((listed or set()) - set(folders)):
            problems.append(f"{DOC}: {pattern} is listed for {folder}, which is not a folder of src/games/")
    for folder, files in folders.items():
        for name in sorted(files):
            if not any(pattern.replace("<id>", folder) == name for pattern in doc):
                problems.append(f"missing from {DOC}: src/games/{folder}/{name} (no row of the file table names it)")
    return problems


def outside_problems(root):
    """Each "every game" row of the table of files outside the folder, for every catalog game:
    a path with <id>/<folder> must exist (a `*` matching at least one file), a shared file must name the game."""
    header, rows = doc_table(doc_section(root), "Outside file")
    problems = []
    if not rows:
        return [f"{DOC}: no table of the files outside a game's folder (first column 'Outside file')"]
    for row in rows:
        pattern, where = code_name(row[0]), row[1].strip()
        if where == "optional":
            continue
        if where != "every game":
            problems.append(f"{DOC}: outside file {pattern}: 'In' is 'every game' or 'optional', not {where!r}")
            continue
        for game, folder in catalog_games(root):
            path = pattern.replace("<id>", game).replace("<folder>", folder)
            if path == pattern:
                if not (root / path).is_file() or (game not in (text := (root / path).read_text()) and folder not in text):
                    problems.append(f"{path} does not name {game}, which {DOC} says every game's entry is in")
            elif "*" in path:
                if not list(root.glob(path)):
                    problems.append(f"no {path} for {game}, which {DOC} says every game has")
            elif not (root / path).exists():
                problems.append(f"no {path} for {game}, which {DOC} says every game has")
    return problems


def source_root():
    return Path(sys.argv[1]).resolve() if __name__ == "__main__" and len(sys.argv) > 1 \
        else Path(__file__).resolve().parents[2]


def test_hooks_match_the_concepts():
    problems = hook_problems(source_root())
    assert not problems, "\n".join(problems)


def test_files_match_the_game_folders():
    problems = file_problems(source_root())
    assert not problems, "\n".join(problems)


def test_every_catalog_game_has_its_files_outside_the_folder():
    problems = outside_problems(source_root())
    assert not problems, "\n".join(problems)


def main():
    root = source_root()
    problems = hook_problems(root) + file_problems(root) + outside_problems(root)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"{len(problems)} difference(s) between {DOC} and the code", file=sys.stderr)
        return 1
    code, _ = read_concepts(root)
    print(f"{DOC}: {len(code)} hooks and the files of {len(read_game_folders(root))} game folders match the code; "
          f"the {len(catalog_games(root))} games of the catalog have their files outside the folder")
    return 0


if __name__ == "__main__":
    sys.exit(main())
