"""The options every `pnp` command spells the same way: one name, one help text and one type per concept.

Only Typer and pathlib: the top-level CLI and a build with nothing to do import this.
"""
from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Iterable

import typer

from .content.folders import CONTENT_HELP, default_root, languages


class Format(str, Enum):
    text = "text"
    json = "json"


def choices(name: str, values: Iterable[str]) -> type[Enum]:
    """A choice Enum made from a library's own list of names (strategies, bots), so the list lives there."""
    return Enum(name, {value: value for value in values}, type=str)  # type: ignore[return-value]


def format_option(help: str = "text or json.") -> Format:
    return typer.Option(Format.text, "--format", help=help)


def lang_option(what: str = "Language of the words shown") -> str:
    """`--lang`, its help listing the languages of the default content (a glob, no YAML read)."""
    return typer.Option("en", "--lang", help=f"{what}: {', '.join(languages(default_root()))}.")


def content_option() -> Path | None:
    return typer.Option(None, "--content", help=CONTENT_HELP, file_okay=False)


def plots_option(what: str = "Save PNG charts into this folder.") -> Path | None:
    return typer.Option(None, "--plots", file_okay=False, help=what)
