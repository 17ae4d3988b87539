"""`pnp`: a thin Typer layer. Parse options, call the library, print, set the exit code.

Exit codes: 0 ok, 1 invalid input (content, record, missing file), 2 usage (bad option).
"""
from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import Optional

import typer
from typer.core import TyperGroup

from .cli_options import Format, content_option, format_option, lang_option, nodes_option, seconds_option
from .errors import EXIT_INVALID, EXIT_USAGE, InputError

#: sub-command groups imported only when used, so `pnp build` with nothing to do starts fast
LAZY_GROUPS = {
    "threesixteen": ("generator.games.threesixteen.cli", "3x16: be the caller, solve a deal, simulate games."),
    "travel": ("generator.games.travel.cli", "Travel game: simulate games with bots."),
}


class LazyGroup(TyperGroup):
    """A Typer group whose game sub-apps load on first use; an InputError any command lets through is its
    messages and exit 1 (however the app is run: the console script or a test's runner)."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except InputError as exc:
            fail(exc)

    def list_commands(self, ctx):
        return list(super().list_commands(ctx)) + [name for name in LAZY_GROUPS if name not in self.commands]

    def get_command(self, ctx, name):
        if name in LAZY_GROUPS and name not in self.commands:
            from importlib import import_module

            sub = import_module(LAZY_GROUPS[name][0]).app
            command = typer.main.get_command(sub)
            command.name, command.help = name, LAZY_GROUPS[name][1]
            self.commands[name] = command
        return super().get_command(ctx, name)


app = typer.Typer(
    cls=LazyGroup,
    name="pnp",
    help="Print-and-play kit for 3x16 and a travel card race: build PDFs, lint content, check recorded games.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


def _version(shown: bool) -> None:
    if shown:
        from importlib.metadata import version

        typer.echo(f"pnp {version('generator')}")
        raise typer.Exit()


@app.callback()
def _options(_: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                    help="Show the version and exit.")) -> None:
    """Print-and-play kit for 3x16 and a travel card race: build PDFs, lint content, check recorded games."""


ContentOpt = content_option()


def fail(exc: InputError) -> None:
    """Print every diagnostic of an input error and exit 1."""
    for diagnostic in exc.diagnostics:
        typer.echo(str(diagnostic), err=True)
    raise typer.Exit(EXIT_INVALID)


def usage(message: str) -> None:
    typer.echo(f"Error: {message}", err=True)
    raise typer.Exit(EXIT_USAGE)


def load(content_dir: Optional[Path]):
    from .content.load import load_content

    try:
        return load_content(content_dir)
    except InputError as exc:
        fail(exc)


def require_lang(content, lang: str) -> str:
    if lang not in content.languages:
        usage(f"unknown language '{lang}'; available: {', '.join(content.languages)}")
    return lang


@app.command()
def lint(fmt: Format = format_option("text (one finding per line) or json."),
         content_dir: Optional[Path] = ContentOpt) -> None:
    """Check the content as a translator needs: schema, references, counts, missing keys, glyphs, fit."""
    from .content.lint import LintReport, lint as run_lint
    from .render.core.fitcheck import fit_findings
    from .render.core.fonts import glyphs_missing_for

    try:
        report = run_lint(content_dir, fit_check=fit_findings, glyph_check=glyphs_missing_for)
    except InputError as exc:  # a problem the report could not hold is still reported in the chosen format
        report = LintReport(findings=list(exc.diagnostics))
    if fmt is Format.json:
        typer.echo(json.dumps(report.as_json(), ensure_ascii=False, indent=2))
    else:
        for finding in report.findings:
            typer.echo(str(finding))
        typer.echo(report.summary())
    raise typer.Exit(EXIT_INVALID if report.errors else 0)


@app.command()
def schema(content_dir: Optional[Path] = ContentOpt) -> None:
    """Write JSON Schemas for the content files to content/schemas/ (editors use them to complete keys)."""
    from .content.folders import default_root
    from .content.schema import write_schemas

    root = content_dir or default_root()
    try:
        written = write_schemas(root)
    except InputError as exc:
        fail(exc)
    typer.echo(f"wrote {len(written)} schemas to {root / 'schemas'}")


class Shipped(str, Enum):
    content = "content"
    examples = "examples"


@app.command()
def copy(what: Shipped = typer.Argument(..., help="content (to edit, translate and build your own) or examples "
                                                  "(recorded games to try `pnp check` on)."),
         output: Optional[Path] = typer.Option(None, "--output", file_okay=False,
                                               help="Folder to create (default: ./content or ./examples).")) -> None:
    """Copy the content or the example records that come with pnp into a new folder.

    A `content/` folder in the working directory is the content every command then uses."""
    import os
    from shutil import copytree, ignore_patterns, rmtree

    from .content.folders import shipped

    target = output or Path(what.value)
    if target.exists():
        usage(f"{target} already exists; choose another folder with --output")
    partial = target.with_name(f".{target.name}.{os.getpid()}.tmp")  # renamed when whole
    try:
        copytree(shipped(what.value), partial, ignore=ignore_patterns("__pycache__"))
        os.rename(partial, target)
    except OSError as exc:
        rmtree(partial, ignore_errors=True)
        typer.echo(f"{target}: error: cannot copy there: {exc.strerror or exc} [output]", err=True)
        raise typer.Exit(EXIT_INVALID)
    typer.echo(f"copied pnp's {what.value} to {target}/")


@app.command()
def check(record: Path = typer.Argument(..., help="A recorded game (YAML), 3x16 or travel."),
          lang: str = lang_option("Language of the rule texts in the report"),
          fmt: Format = format_option(),
          nodes: Optional[int] = nodes_option(None, "3x16: the solver's budget in search nodes for the best result "
                                                    "the calls allowed (same answer on any machine; 0 skips it)."),
          time_limit: Optional[float] = seconds_option(None, "--time-limit",
                                                       "3x16: the solver's safety stop in seconds."),
          content_dir: Optional[Path] = ContentOpt) -> None:
    """Check a recorded game against the rules: 'valid' with the result, or the first broken rule.

    With --format json every outcome is one JSON envelope on stdout (README, "The checker's JSON"): a valid
    record's result, its first broken rule, or the errors that kept it from being read (still exit 1)."""
    from .check import check_record, malformed_json

    try:
        from .content.load import load_content

        content = load_content(content_dir)
        require_lang(content, lang)
        report = check_record(record, content, lang, nodes=nodes, time_limit=time_limit)
    except InputError as exc:
        if fmt is Format.json:
            typer.echo(json.dumps(malformed_json(record, exc), ensure_ascii=False, indent=2))
            raise typer.Exit(EXIT_INVALID)
        fail(exc)
    if fmt is Format.json:
        typer.echo(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        typer.echo(report.to_text())
    raise typer.Exit(0 if report.ok else EXIT_INVALID)


def _register_build() -> None:
    from .builder.cli import build_cmd

    app.command("build")(build_cmd)


_register_build()


def main() -> None:
    """The console script: any InputError a sub-command lets through is still one message and exit 1."""
    try:
        app()
    except InputError as exc:
        for diagnostic in exc.diagnostics:
            typer.echo(str(diagnostic), err=True)
        sys.exit(EXIT_INVALID)


if __name__ == "__main__":
    sys.exit(main())
