"""No hypothesis case has a wall-clock deadline: the profile (conftest.py) has none and no test sets one, so a
busy machine never fails a property test; work is bounded by counts (max_examples, the sizes drawn)."""
from __future__ import annotations

import ast
from pathlib import Path

from hypothesis import settings

TESTS = Path(__file__).resolve().parent


def test_the_profile_in_force_has_no_deadline():
    assert settings.default.deadline is None


def test_no_property_test_sets_a_deadline():
    timed = []
    for path in sorted(TESTS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "settings":
                for keyword in node.keywords:
                    if keyword.arg == "deadline" and not (isinstance(keyword.value, ast.Constant)
                                                         and keyword.value.value is None):
                        timed.append(f"{path.name}:{node.lineno}")
    assert not timed, timed
