"""Turn loaded YAML into typed models; every schema error names file:line:col and the key path."""
from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from ..errors import Diagnostic, InputError
from .yamlsrc import Located, dotted

M = TypeVar("M", bound=BaseModel)


class Strict(BaseModel):
    """Base for content models: unknown keys are errors, models are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def _describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def _message(err: dict) -> str:
    kind = err["type"]
    found = _describe(err.get("input"))
    if kind == "missing":
        return f"missing key '{err['loc'][-1]}'"
    if kind == "extra_forbidden":
        return f"unknown key '{err['loc'][-1]}'"
    expected = err["msg"]
    if expected.startswith("Value error, "):
        expected = expected[len("Value error, "):]
        return expected
    expected = expected.replace("Input should be", "expected").replace("Input", "value")
    return f"{expected}; found {found}"


def diagnostics_from(exc: ValidationError, located: Located) -> list[Diagnostic]:
    out = []
    for err in exc.errors(include_url=False):
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        # pydantic puts union/tagged-union member names in loc; keep only real keys and indexes
        real = _real_path(loc, located)
        at_key = err["type"] == "extra_forbidden"
        position = located.of(real, key=at_key)
        out.append(Diagnostic(position, _message(err), "schema", key_path=dotted(real)))
    return sorted(set(out), key=lambda d: (d.position.line, d.position.col, d.message))


def _real_path(loc: tuple, located: Located) -> tuple:
    real: tuple = ()
    for part in loc:
        candidate = real + (part,)
        if candidate in located.values or candidate in located.keys or isinstance(part, int):
            real = candidate
        elif isinstance(part, str) and (real + (part,)) not in located.values:
            # a key pydantic reports that is absent from the file (missing) or a union tag: keep if last
            if part == loc[-1]:
                real = candidate
    return real


def validate(model: type[M], data: Any, located: Located) -> M:
    try:
        return model.model_validate(data if data is not None else {})
    except ValidationError as exc:
        raise InputError(diagnostics_from(exc, located)) from None
