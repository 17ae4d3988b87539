"""The compiled build's declarations (`.pxd` files beside the modules setup.py compiles) say what the plain modules
say: each `cdef class` names exactly its class's own `__slots__`, so a field added to one and not the other fails
here, in plain Python, rather than in a wheel build (tests/test_wheel.py runs the rules on that build)."""
from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path

import pytest

from generator.compiled import compiled_names

CLASS = re.compile(r"^cdef class (\w+)(?:\([\w.]+\))?:\n((?:    .*\n|\n)*)", re.MULTILINE)
FIELDS = re.compile(r"^    cdef public [\w.]+ (.+)$", re.MULTILINE)


def declarations() -> list[tuple[str, Path]]:
    found = []
    for name in compiled_names():
        source = Path(import_module(name).__file__)
        if source.with_suffix(".pxd").is_file():
            found.append((name, source.with_suffix(".pxd")))
    return found


def declared_classes(pxd: Path) -> dict[str, set[str]]:
    return {match[1]: {field.strip() for line in FIELDS.findall(match[2]) for field in line.split(",")}
            for match in CLASS.finditer(pxd.read_text(encoding="utf-8"))}


def test_there_are_declarations_and_each_names_a_compiled_module():
    assert {name.rsplit(".", 1)[1] for name, _ in declarations()} == {"state", "engine", "replay", "notation"}
    for path in Path(import_module("generator").__file__).parent.rglob("*.pxd"):
        assert path in {pxd for _, pxd in declarations()}, f"{path} declares a module setup.py does not compile"


@pytest.mark.parametrize("module, pxd", declarations(), ids=lambda value: getattr(value, "name", ""))
def test_each_compiled_class_declares_exactly_its_slots(module: str, pxd: Path):
    classes = declared_classes(pxd)
    assert classes, f"{pxd.name} declares no class"
    for name, fields in classes.items():
        cls = getattr(import_module(module), name)
        slots = cls.__dict__.get("__slots__")
        assert slots is not None, f"{module}.{name} has no __slots__ of its own"
        assert fields == set(slots), f"{pxd.name}: {name} declares {sorted(fields ^ set(slots))} unlike __slots__"
