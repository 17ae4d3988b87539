"""The rules module is the one place the engine, the replay, the bots and the simulator depend on for legality:
each of them imports it, and no other module builds a Violation (not even the replay's comparisons of what a
record writes with what the rules made happen: a draw, a discard, a reshuffle)."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from violation_builders import builds_game_violations

TRAVEL = Path(__file__).resolve().parents[1] / "generator" / "games" / "travel"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}


@pytest.mark.parametrize("module", ["engine", "replay", "bots", "simulate", "strong"])
def test_each_player_of_the_game_asks_the_rules(module):
    assert "rules" in imported_modules(TRAVEL / f"{module}.py")


def test_only_the_rules_build_violations():
    builders = {path.stem for path in TRAVEL.glob("*.py") if builds_game_violations(path)}
    assert builders == {"rules"}


def test_the_rules_import_no_other_module_of_the_game_but_the_card_tables_and_the_state():
    """Besides the card tables and the state: the game data's model (the rule numbers' record), the effect kinds'
    base (what a reaction does) and the shared record of a broken rule."""
    local = {m for m in imported_modules(TRAVEL / "rules.py")
             if m != "__future__" and m.split(".")[0] not in sys.stdlib_module_names}
    assert local == {"cards", "state", "model", "kinds.base", "checking"}


def runtime_imports(path: Path) -> set[str]:
    """The modules `path` imports when it runs (not those imported only for type checking)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(node) for block in ast.walk(tree) if isinstance(block, ast.If)
                   and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
                   for node in ast.walk(block)}
    return {node.module for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module and id(node) not in typing_only}


@pytest.mark.parametrize("path", sorted((TRAVEL / "kinds").glob("*.py")), ids=lambda path: path.stem)
def test_an_effect_kind_asks_the_rules_and_builds_no_violation(path):
    """A kind's checks are the rules' own part for its cards: it builds its violations with the rules' helpers,
    and runs without the engine, the replay, the notation, the simulator or the bots (it is handed them)."""
    assert not builds_game_violations(path)
    assert not runtime_imports(path) & {"..engine", "..replay", "..notation", "..simulate", "..bots", "..strong",
                                         "engine", "replay", "notation", "simulate", "bots", "strong"}


def game_imports() -> dict[str, set[str]]:
    """Each travel module's imports of the other travel modules (`from .x import`, and `from . import x`)."""
    modules = {path.stem for path in TRAVEL.glob("*.py")}
    graph = {}
    for stem in modules:
        tree = ast.parse((TRAVEL / f"{stem}.py").read_text(encoding="utf-8"))
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                found |= {node.module} if node.module else {alias.name for alias in node.names}
        graph[stem] = found & modules
    return graph


def circle_through(graph: dict[str, set[str]]) -> list[str]:
    """One import circle (its modules in order, the first again at the end), or [] when there is none."""
    done: set[str] = set()

    def visit(stem: str, path: list[str]) -> list[str]:
        if stem in path:
            return path[path.index(stem):] + [stem]
        if stem in done:
            return []
        for imported in sorted(graph[stem]):
            circle = visit(imported, path + [stem])
            if circle:
                return circle
        done.add(stem)
        return []

    for stem in sorted(graph):
        circle = visit(stem, [])
        if circle:
            return circle
    return []


def test_the_travel_modules_import_each_other_in_no_circle():
    assert circle_through(game_imports()) == []


def test_the_state_imports_neither_the_rules_nor_the_engine():
    """The layers read state <- rules <- engine (and the replay, the bots, the simulator)."""
    graph = game_imports()
    assert graph["state"] <= {"cards", "model"}
    assert "state" in graph["rules"] and "engine" not in graph["rules"]
    assert "rules" in graph["engine"]


def test_a_circle_is_found_where_there_is_one():
    assert circle_through({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert circle_through({"a": {"b"}, "b": set()}) == []
