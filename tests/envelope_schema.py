"""The JSON Schema of `pnp check --format json` and `pnp lint --format json` (generator/checking.schema.json), as
validators the tests share."""
from __future__ import annotations

import json

from jsonschema import Draft202012Validator

from generator.checking import SCHEMA_PATH

SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
Draft202012Validator.check_schema(SCHEMA)
CHECK = Draft202012Validator(SCHEMA)
LINT = Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": "#/$defs/lint_report"})


def problems(validator: Draft202012Validator, data: dict) -> list[str]:
    """What the schema finds wrong with `data` (empty: it fits), each with the path of the value."""
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(data)]
