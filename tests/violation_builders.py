"""Which modules of a game build the game's own Violation (the rules' record of a broken rule), for the import-graph
tests. The reports build generator.checking.Violation, the report-level record, out of one: that decides nothing."""
from __future__ import annotations

import ast
from pathlib import Path


def builds_game_violations(path: Path) -> bool:
    """Whether the module calls a Violation it defines or takes from its game's rules module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = {node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef) and node.name == "Violation"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module == "rules":
            own |= {alias.asname or alias.name for alias in node.names if alias.name == "Violation"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in own:
                return True
            if (isinstance(func, ast.Attribute) and func.attr == "Violation" and isinstance(func.value, ast.Name)
                    and func.value.id == "rules"):
                return True
    return False
