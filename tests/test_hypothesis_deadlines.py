"""Every hypothesis case in the suite runs within a deadline: the profile (conftest.py) gives one, and no test
takes it away with `deadline=None`."""
from __future__ import annotations

import ast
from pathlib import Path

from hypothesis import settings

from conftest import CASE_DEADLINE

TESTS = Path(__file__).resolve().parent


def test_the_profile_in_force_has_the_case_deadline():
    assert settings.default.deadline == CASE_DEADLINE


def test_no_property_test_runs_without_a_deadline():
    unbounded = []
    for path in sorted(TESTS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "settings":
                for keyword in node.keywords:
                    if keyword.arg == "deadline" and isinstance(keyword.value, ast.Constant) \
                            and keyword.value.value is None:
                        unbounded.append(f"{path.name}:{node.lineno}")
    assert not unbounded, unbounded
