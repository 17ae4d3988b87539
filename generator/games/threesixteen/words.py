"""What every `pnp threesixteen` command loads first: the content and the 3x16 words of one language, or, for a
broken content file or an unknown language, one message and its exit code."""
from __future__ import annotations

from pathlib import Path
from typing import NoReturn, Optional

import typer

from ...cli_options import not_one_of
from ...content.load import Content, load_content
from ...content.texts import Texts
from ...errors import EXIT_INVALID, InputError


def content_and_words(lang: str, content_dir: Optional[Path]) -> tuple[Content, Texts]:
    """The content (`--content`, or ./content, or the shipped one) and the 3x16 words of `lang`."""
    try:
        content = load_content(content_dir)
        if lang not in content.languages:
            raise not_one_of("--lang", lang, content.languages)
        return content, content.texts("threesixteen", lang)
    except InputError as exc:
        fail(exc)


def fail(exc: InputError) -> NoReturn:
    """The message on stderr, exit 1 (invalid input)."""
    typer.echo(str(exc), err=True)
    raise typer.Exit(EXIT_INVALID)
