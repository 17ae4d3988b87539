"""The registry is the one list of games: every spec's parts exist, reading it is light, and no shared module
names a game."""
from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import fields
from importlib.util import find_spec
from pathlib import Path

import pytest

from generator.games import registry

from conftest import ROOT

PACKAGE = ROOT / "generator"
#: spec fields that hold words, not references
WORDS = {"name", "title", "cli_help"}
#: references to a module (with a named entry point) rather than to an attribute
MODULES = {"checker": "check_file", "cli": "app"}


@pytest.mark.parametrize("name", list(registry.SHIPPED))
def test_every_part_a_shipped_spec_names_exists(name: str):
    spec = registry.spec(name)
    assert spec.name == name
    for part in fields(spec):
        ref = getattr(spec, part.name)
        if part.name in WORDS or not isinstance(ref, str) or not ref:
            continue
        found = registry.resolve(ref)
        if part.name in MODULES:
            assert hasattr(found, MODULES[part.name]), ref
        else:
            assert callable(found), ref
    for _, ref in spec.benchmarks:  # a module with run(), or a function
        found = registry.resolve(ref)
        assert callable(found if ":" in ref else found.run), ref
    for module in spec.sources:
        assert find_spec(module) is not None, module
    assert set(spec.build_cost) <= {"pdf", "pod", "png"}


def test_reading_every_spec_imports_nothing_heavy():
    """A build with nothing to do reads the registry: no pydantic, ReportLab, YAML or game code comes with it."""
    code = ("import sys; from generator.games import registry; [registry.spec(n) for n in registry.SHIPPED]; "
            "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'reportlab', 'yaml', "
            "'importlib_metadata') or m == 'importlib.metadata' or m.startswith('generator.') and "
            "m.count('.') > 2 and not m.endswith('.spec'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.split() == []


def _own(path: Path) -> bool:
    """A module a game may name itself in: the registry, and each game's own packages."""
    parts = path.relative_to(PACKAGE).parts
    return parts == ("games", "registry.py") or parts[0] in ("games", "render") and parts[1] in registry.SHIPPED


def _names_a_game(node: ast.AST) -> str | None:
    """The game a string constant or an import names, if any."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
        if text in registry.SHIPPED or any(f".{game}." in f".{text}." for game in registry.SHIPPED if "." in text):
            return text
    if isinstance(node, ast.ImportFrom):
        module = (node.module or "").split(".")
        return next((game for game in registry.SHIPPED if game in module), None)
    return None


def test_no_shared_module_names_a_game():
    """Outside the registry and the games' own packages, no string names a game or a game's module, and no import
    reaches into a game (docstrings may talk about the games)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if _own(path):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)}
        for node in ast.walk(tree):
            named = None if id(node) in docstrings else _names_a_game(node)
            if named:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {named}")
    assert found == []
