"""A language's own line-breaking data: `typography` in `content/common/<lang>.yaml`, beside its texts.

The script's rules (spaces, UAX #14, BudouX phrases) are the renderer's (`render/core/linebreak`); what a
typesetter of one language adds to them is data a translator can read and extend here, checked like game data
(unknown keys are errors, each entry a word without spaces). Today that is the words a line never starts with
while the line above can hold them with the word before them: in Korean the dependent nouns (의존 명사) that
follow a modifier ("할 수", "얻는 것", "되찾을 수도"), alone or with particles after them (`endings`). The section is
optional: a language without one breaks by its script's rules alone.
"""
from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from .validate import Strict, pattern, validate
from .yamlsrc import Located

KEY = "typography"
#: one word: no white space (a no-break space neither), at least one character
WORD = r"^[^\s\u00a0]+$"
Word = Annotated[str, pattern(WORD, "one word without spaces")]


class Typography(Strict):
    """How this language's lines break, beyond its script's rules."""

    keep_with_previous: tuple[Word, ...] = Field(
        default=(), description="Words a line never starts with while the line above can hold them with the word "
        "before them (Korean dependent nouns: 할 수, 얻는 것, 교환할 수도). In a language written without spaces, "
        "a line never breaks just before one.")
    endings: tuple[Word, ...] = Field(
        default=(), description="What may follow a word of keep_with_previous inside the same word, one or more "
        "in a row (Korean particles: 수도, 때만, 것입니다, 때에도); the word so ended is kept the same way.")
    exceptions: tuple[Word, ...] = Field(
        default=(), description="Words that look like a word of keep_with_previous with its endings but are "
        "other words, not kept with the word before them (Korean 바로, 'right', is not 바 + 로).")


class _File(Strict):
    typography: Typography = Typography()


def split(data: Any, located: Located) -> tuple[Any, Typography]:
    """A common language file's texts without its `typography` section, and that section validated (the
    default, empty, when there is none); a bad section is an InputError at its place in the file."""
    if not isinstance(data, dict) or KEY not in data:
        return data, Typography()
    texts = {key: value for key, value in data.items() if key != KEY}
    return texts, validate(_File, {KEY: data[KEY]}, located).typography


def schema() -> dict[str, Any]:
    """The JSON Schema of the section, for the language files' schema (`pnp schema`)."""
    out = Typography.model_json_schema()
    out.pop("title", None)
    return out
