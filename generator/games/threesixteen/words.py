"""What every `pnp threesixteen` command loads first: the content and the 3x16 words of one language, or, for a
broken content file or an unknown language, one message and its exit code."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ...content.load import Content, load_content
from ...content.texts import Texts
from ...errors import EXIT_INVALID, InputError


def content_and_words(lang: str, content_dir: Optional[Path]) -> tuple[Content, Texts]:
    """The content (`--content`, or ./content, or the shipped one) and the 3x16 words of `lang`."""
    try:
        content = load_content(content_dir)
        if lang not in content.languages:
            raise typer.BadParameter(f"unknown language '{lang}'; choose one of: {', '.join(content.languages)}",
                                     param_hint="--lang")
        return content, content.texts("threesixteen", lang)
    except InputError as exc:
        fail(exc)


def fail(exc: InputError) -> None:
    """The message on stderr, exit 1 (invalid input)."""
    typer.echo(str(exc), err=True)
    raise typer.Exit(EXIT_INVALID)
