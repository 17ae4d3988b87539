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


def test_the_rules_import_no_other_module_of_the_game_but_the_card_tables():
    local = {m for m in imported_modules(TRAVEL / "rules.py")
             if m != "__future__" and m.split(".")[0] not in sys.stdlib_module_names}
    assert local == {"cards", "engine"}  # engine: for type names only (TYPE_CHECKING)
