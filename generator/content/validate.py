"""Turn loaded YAML into typed models; every schema error names file:line:col and the key path."""
from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails

from ..errors import Diagnostic, InputError
from .yamlsrc import KeyPath, Located, dotted

M = TypeVar("M", bound=BaseModel)


#: pattern -> what a person should write, for messages ("an ISO 3166-1 alpha-2 code" beats a regex)
PATTERN_HELP: dict[str, str] = {}


def pattern(regex: str, description: str) -> FieldInfo:
    """A string Field with a pattern whose error message names `description` instead of the regex."""
    PATTERN_HELP[regex] = description
    field: FieldInfo = Field(pattern=regex, description=description)
    return field


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


def error_message(err: Mapping[str, Any]) -> str:
    """One pydantic error in the words a designer reads ("expected a number at least 1; found 0")."""
    kind = err["type"]
    found = _describe(err.get("input"))
    if kind == "missing":
        return f"missing key '{err['loc'][-1]}'"
    if kind == "extra_forbidden":
        return f"unknown key '{err['loc'][-1]}'"
    ctx = err.get("ctx") or {}
    if kind == "union_tag_invalid":
        return f"unknown {ctx.get('discriminator', 'kind').strip(chr(39))} '{ctx.get('tag')}'; expected one of: " \
            + str(ctx.get("expected_tags", "")).replace("'", "")
    if kind == "union_tag_not_found":
        return f"missing key {ctx.get('discriminator', 'kind')}"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        words = {"greater_than_equal": "at least", "greater_than": "more than",
                 "less_than_equal": "at most", "less_than": "less than"}[kind]
        limit = ctx.get("ge", ctx.get("gt", ctx.get("le", ctx.get("lt"))))
        return f"expected a number {words} {limit}; found {found}"
    if kind == "string_pattern_mismatch":
        wanted = PATTERN_HELP.get(str(ctx.get("pattern")), f"text matching {ctx.get('pattern')}")
        return f"expected {wanted}; found {found}"
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return f"expected a whole number; found {found}"
    if kind in ("float_parsing", "float_type"):
        return f"expected a number; found {found}"
    if kind in ("bool_parsing", "bool_type"):
        return f"expected true or false; found {found}"
    if kind in ("too_short", "too_long"):
        return f"expected {ctx.get('min_length', ctx.get('max_length'))} entries " \
            f"({'at least' if kind == 'too_short' else 'at most'}); found {ctx.get('actual_length')}"
    expected = str(err["msg"])
    if expected.startswith("Value error, "):
        expected = expected[len("Value error, "):]
        return expected
    expected = expected.replace("Input should be", "expected").replace("Input", "value")
    return f"{expected}; found {found}"


def _misspelt(errors: list[ErrorDetails]) -> list[tuple[ErrorDetails, str | None]]:
    """Each error with the name a misspelt key meant: a key that is unknown where a close name is missing in the
    same mapping is that name misspelt, so it makes one error ("did you mean …?") instead of two."""
    missing = {(err["loc"][:-1], err["loc"][-1]): err for err in errors if err["type"] == "missing"}
    meant: dict[int, str] = {}
    for i, err in enumerate(errors):
        name = err["loc"][-1] if err["loc"] else None
        if err["type"] != "extra_forbidden" or not isinstance(name, str):
            continue
        names = [n for (where, n) in missing if where == err["loc"][:-1] and isinstance(n, str)]
        close = difflib.get_close_matches(name, names, n=1, cutoff=0.8)
        if close:
            meant[i] = close[0]
            del missing[(err["loc"][:-1], close[0])]
    left = {id(err) for err in missing.values()}
    return [(err, meant.get(i)) for i, err in enumerate(errors) if err["type"] != "missing" or id(err) in left]


def diagnostics_from(exc: ValidationError, located: Located) -> list[Diagnostic]:
    out = []
    for err, meant in _misspelt(exc.errors(include_url=False)):
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        # pydantic puts union/tagged-union member names in loc; keep only real keys and indexes
        real = _real_path(loc, located, err["type"] == "missing")
        at_key = err["type"] == "extra_forbidden" or loc[-1:] == ("[key]",)  # a mapping key that is not valid
        if err["type"] in ("union_tag_invalid",) and real + ("kind",) in located.values:
            real = real + ("kind",)
        position = located.of(real, key=at_key)
        message = error_message(err) + (f"; did you mean '{meant}'?" if meant else "")
        out.append(Diagnostic(position, message, "schema", key_path=dotted(real)))
    return sorted(set(out), key=lambda d: (d.position.line, d.position.col, d.message))


def _real_path(loc: KeyPath, located: Located, missing: bool) -> KeyPath:
    """Drop what pydantic adds to a location (union member names); keep a missing key's own name."""
    real: KeyPath = ()
    for part in loc:
        candidate = real + (part,)
        if candidate in located.values or candidate in located.keys or isinstance(part, int):
            real = candidate
    if missing and loc and real != tuple(loc):
        real = real + (loc[-1],)
    return real


def validate(model: type[M], data: Any, located: Located) -> M:
    try:
        return model.model_validate(data if data is not None else {})
    except ValidationError as exc:
        raise InputError(diagnostics_from(exc, located)) from None
