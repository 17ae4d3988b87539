"""Which modules of a game build a Violation (generator/checking.py's record of a broken rule, which every game's
rules build), for the import-graph tests: a module that calls the class, or an alias of it, however imported."""
from __future__ import annotations

import ast
from pathlib import Path


def _is_violation(node: ast.expr, bound: set[str]) -> bool:
    """`node` names the Violation class, or a subscript of it (`Violation[TokenPart, Board]`)."""
    if isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Name):
        return node.id in bound
    return isinstance(node, ast.Attribute) and node.attr == "Violation"


def builds_game_violations(path: Path) -> bool:
    """Whether the module calls Violation: imported from the checking module or from its game's rules (under
    any name, or an alias the rules define), subscripted or not, or through an alias it defines itself."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[-1] in ("checking", "rules"):
            bound |= {alias.asname or alias.name for alias in node.names if alias.name.endswith("Violation")}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and _is_violation(node.value, bound):
            bound |= {target.id for target in node.targets if isinstance(target, ast.Name)}
    return any(isinstance(node, ast.Call) and _is_violation(node.func, bound) for node in ast.walk(tree))
