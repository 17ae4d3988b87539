"""`pnp`: a thin Typer layer. Parse options, call the library, print, set the exit code.

Exit codes: 0 ok, 1 invalid input (content, record, missing file), 2 usage (bad option).
"""
from __future__ import annotations

import typer

app = typer.Typer(
    name="pnp",
    help="Print-and-play kit for 3x16 and a travel card race: build PDFs, lint content, check recorded games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def main() -> None:
    app()
