"""The rules module is the one place 3x16 legality is decided: the engine, the record replay, the strategies, the
simulator and the solver's plans import it; no other module builds a Violation or tests whether a tile fits a row
(`tile - 1 in ends`, R11) or whether a row is free to start (`0 in ends`, R7)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from violation_builders import builds_game_violations

GAME = Path(__file__).resolve().parents[1] / "generator" / "games" / "threesixteen"


def tree(path: Path) -> ast.AST:
    return ast.parse(path.read_text(encoding="utf-8"))


def imported_modules(path: Path) -> set[str]:
    return {node.module for node in ast.walk(tree(path)) if isinstance(node, ast.ImportFrom) and node.module}


def legality_tests(path: Path) -> list[int]:
    """Lines that test `x - 1 in ends` or `0 in ends` (either with `not in` too)."""
    lines = []
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Compare) and isinstance(node.ops[0], (ast.In, ast.NotIn)):
            left = node.left
            one_less = (isinstance(left, ast.BinOp) and isinstance(left.op, ast.Sub)
                        and isinstance(left.right, ast.Constant) and left.right.value == 1)
            if one_less or (isinstance(left, ast.Constant) and left.value == 0):
                lines.append(node.lineno)
    return lines


@pytest.mark.parametrize("module", ["engine", "verdict", "strategies", "simulate", "solver_plan", "solver_exact"])
def test_each_player_of_the_game_asks_the_rules(module):
    assert "rules" in imported_modules(GAME / f"{module}.py")


def test_only_the_rules_build_violations():
    builders = {path.stem for path in GAME.glob("*.py") if builds_game_violations(path)}
    assert builders == {"rules"}


def test_only_the_rules_test_whether_a_tile_fits_or_a_row_is_free():
    found = {path.stem: legality_tests(path) for path in sorted(GAME.glob("*.py"))}
    assert {stem for stem, lines in found.items() if lines} == {"rules"}


def test_the_rules_import_nothing_of_the_game_but_the_notation():
    game_modules = {node.module for node in ast.walk(tree(GAME / "rules.py"))
                    if isinstance(node, ast.ImportFrom) and node.level == 1}
    assert game_modules == {"notation"}
