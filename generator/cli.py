"""`pnp`: a thin Typer layer. Parse options, call the library, print, set the exit code.

Exit codes: 0 ok, 1 invalid input (content, record, missing file), 2 usage (bad option).
"""
from __future__ import annotations

import json
import sys
from contextlib import nullcontext
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, Optional

import typer
from typer.core import TyperCommand, TyperGroup

from .cli_options import Format, complete_languages, content_option, format_option, lang_option, not_one_of
from .content.folders import default_root, languages
from .errors import EXIT_INVALID, EXIT_USAGE, InputError, visible
from .games import registry

if TYPE_CHECKING:
    from typer import _click as click  # the click Typer's classes are built on (Typer 0.29 vendors it)

    from .content.load import Content


class LazyGroup(TyperGroup):
    """A Typer group whose game sub-apps (`pnp <game> ...`, each game's spec `cli`) and `pnp check` (with every
    game's checker options) are made on first use, so `pnp build` with nothing to do starts fast; an InputError
    any command lets through is its messages and exit 1, a missing extra (generator/extras.py) one line and exit 2
    (however the app is run: the console script or a test's runner)."""

    def invoke(self, ctx: click.Context) -> Any:
        from .extras import MissingExtra

        try:
            return super().invoke(ctx)
        except InputError as exc:
            fail(exc)
        except MissingExtra as exc:
            usage(str(exc))

    def list_commands(self, ctx: click.Context) -> list[str]:
        games = [name for name in registry.known() if registry.spec(name).cli]
        return sorted(set(super().list_commands(ctx)) | {"check"}) + [g for g in games if g not in self.commands]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands:
            if self._listing:
                return _listed(name)
            command = _check_command() if name == "check" else _game_group(name)
            if command is not None:
                self.commands[name] = command
        return super().get_command(ctx, name)

    _listing = False

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """`pnp --help` lists the lazy commands by their help lines alone, importing none of them."""
        self._listing = True
        try:
            return super().format_help(ctx, formatter)
        finally:
            self._listing = False


def _listed(name: str) -> click.Command | None:
    """A stand-in for lazy command `name` that carries only its help line (for `pnp --help`), or None."""
    if name == "check":
        return TyperCommand(name, help=check.__doc__)
    try:
        spec = registry.spec(name)
    except registry.UnknownGame:
        return None
    return TyperGroup(name=name, help=spec.cli_help) if spec.cli else None


def _game_group(name: str) -> click.Command | None:
    """`pnp <name> ...`: the Typer app of game `name`'s spec, or None when no game of that name has one."""
    try:
        spec = registry.spec(name)
    except registry.UnknownGame:
        return None
    cli = spec.part("cli")
    if cli is None:
        return None
    command = typer.main.get_command(cli.app)
    command.name, command.help = name, spec.cli_help
    return command


app = typer.Typer(
    cls=LazyGroup,
    name="pnp",
    help="Print-and-play kit: build PDFs, lint content, check recorded games.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help and usage errors: the rich ones import rich and cost 0.25 s of CPU a run
    context_settings={"max_content_width": 110},
)


def _version(shown: bool) -> None:
    if shown:
        from importlib.metadata import version

        typer.echo(f"pnp {version('generator')}")
        raise typer.Exit()


@app.callback()
def _options(_: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                    help="Show the version and exit.")) -> None:
    """Print-and-play kit: build PDFs, lint content, check recorded games."""


ContentOpt = content_option()
#: the languages of the default content, for help texts (a glob, no YAML read)
LANGS = ", ".join(languages(default_root()))


def fail(exc: InputError) -> NoReturn:
    """Print every diagnostic of an input error and exit 1."""
    for diagnostic in exc.diagnostics:
        typer.echo(str(diagnostic), err=True)
    raise typer.Exit(EXIT_INVALID)


def usage(message: str) -> NoReturn:
    typer.echo(f"Error: {message}", err=True)
    raise typer.Exit(EXIT_USAGE)


def require_lang(content: Content, lang: str) -> str:
    if lang not in content.languages:
        raise not_one_of("--lang", lang, content.languages)
    return lang


@app.command()
def lint(fmt: Format = format_option("text (one finding per line) or json."),
         lang: Optional[str] = typer.Option(None, "--lang", help=f"Lint one language, its own files and the game "
                                            f"data (default: every language): {LANGS}.",
                                            autocompletion=complete_languages),
         content_dir: Optional[Path] = ContentOpt) -> None:
    """Check the content as a translator needs: schema, references, counts, missing keys, glyphs, fit; the last
    line says how much of each language is translated."""
    from .content.lint import LintReport, lint as run_lint
    from .content.parse_cache import home
    from .render.core import disk_cache
    from .render.core.fit_kept import fit_findings
    from .render.core.fonts import glyphs_missing_for

    if lang is not None:
        known = languages(content_dir or default_root())
        if lang not in known:
            raise not_one_of("--lang", lang, known)
    kept = home()
    try:
        with disk_cache.kept_in(kept / "render", "cache") if kept is not None else nullcontext():
            report = run_lint(content_dir, fit_check=fit_findings, glyph_check=glyphs_missing_for, lang=lang)
    except InputError as exc:  # a problem the report could not hold is still reported in the chosen format
        report = LintReport(findings=list(exc.diagnostics))
    if fmt is Format.json:
        typer.echo(visible(json.dumps(report.as_json(), ensure_ascii=False, indent=2)))
    else:
        for finding in report.findings:
            typer.echo(str(finding))
        typer.echo(report.summary())
        if report.progress:
            typer.echo(report.progress_line())
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
    from . import files
    from .content.folders import shipped

    target = output or Path(what.value)
    if target.exists() or target.is_symlink():
        usage(f"{target} already exists; choose another folder with --output")
    try:
        files.copy_tree(files.package(shipped(what.value)), target, skip=lambda name: name == "__pycache__")
    except InputError as exc:
        fail(exc)
    typer.echo(f"copied pnp's {what.value} to {target}/")
    typer.echo(_next_steps(what, target))


def _next_steps(what: Shipped, target: Path) -> str:
    """What to do with a fresh copy: the commands that use it, as they are typed from here."""
    if what is Shipped.examples:
        return (f"Next: check one, e.g. `pnp check {target / 'threesixteen-game.yaml'}` (a valid 3x16 game) or "
                f"`pnp check {target / 'travel-broken.yaml'}` (a broken rule); add --lang ko or --format json.")
    here = target.resolve() == (Path.cwd() / "content").resolve()  # found without --content from this folder
    option = "" if here else f" --content {target}"
    used = (f"every pnp command run in this folder now uses {target}/" if here
            else f"give --content {target} to any command to use it")
    return (f"Next: {used}. Edit its texts ({target}/<game>/<lang>.yaml) or add a language (copy each en.yaml to "
            f"<lang>.yaml), then run `pnp lint{option}` to check your edits and `pnp build{option}` to make the PDFs "
            "from them.")


icons_app = typer.Typer(help="The icons a content folder carries (its icons/ folder): add the ones it names.",
                        no_args_is_help=True, pretty_exceptions_enable=False, rich_markup_mode=None)
app.add_typer(icons_app, name="icons")


@icons_app.command("add")
def icons_add(codes: Optional[list[str]] = typer.Argument(
        None, help="OpenMoji codes, as game.yaml names them (1F4F7, 1F9D1-200D-1F4BC). None: every icon the "
                   "content names that its icons/ folder lacks."),
        content_dir: Optional[Path] = ContentOpt) -> None:
    """Copy icons into the content folder's icons/ (with OpenMoji's licence): from the icons that came with pnp,
    else from all of OpenMoji when pnp's 'icons' extra is installed (pipx install '.[icons]')."""
    from . import files
    from .content.folders import default_root, require_content_folder
    from .render.core import icons

    root = content_dir or default_root()
    require_content_folder(root)
    where = files.content(root).display(icons.CONTENT_ICONS)
    wanted = [code.upper() for code in codes] if codes else _icons_lacking(root)
    if not wanted:
        typer.echo(f"every icon the content names is in {where}/")
        return
    try:
        done = icons.add(root, wanted)
    except icons.UnknownIcon as exc:
        usage(str(exc))
    for added in done:
        typer.echo(f"{added.code}: copied to {where}/ from {added.source}" if added.source
                   else f"{added.code}: already in {where}/")


def _icons_lacking(root: Path) -> list[str]:
    """The icons the content under `root` names that neither its icons/ folder nor pnp's own art holds."""
    from .content.load import load_content
    from .render.core.icons import IconSet

    content = load_content(root)
    found = IconSet(root)
    named = [code for game in content.games for part in [registry.spec(game).part("icons")] if part is not None
             for _, code in part(content.games[game])]
    return [code for code in dict.fromkeys(named) if found.find(code) is None]


def check(record: Path, lang: str, fmt: Format, content_dir: Optional[Path], **options: object) -> None:
    """Check a recorded game against the rules: 'valid' with the result, or the first broken rule.

    With --format json every outcome is one JSON envelope on stdout (README, "The checker's JSON"): a valid
    record's result, its first broken rule, or the errors that kept it from being read (still exit 1)."""
    from .check import UnknownLanguage, run

    try:
        code = run(record, lang, fmt is Format.json, content_dir, **options)
    except UnknownLanguage as exc:
        raise not_one_of("--lang", exc.lang, exc.languages) from None
    raise typer.Exit(code)


def _check_command() -> click.Command:
    """`pnp check` with the options of every game's checker (the specs' `check_options`, spelt as cli_options
    spells them); the record's game gets its own."""
    import inspect

    from .cli_options import CHECK_OPTIONS

    helps: dict[str, list[str]] = {}
    for name in registry.known():
        for option in registry.spec(name).check_options:
            helps.setdefault(option.name, []).append(option.help)
    fixed = [inspect.Parameter("record", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=Path,
                               default=typer.Argument(..., help="A recorded game (YAML); its `game:` names the game.")),
             inspect.Parameter("lang", inspect.Parameter.KEYWORD_ONLY, annotation=str,
                               default=lang_option("Language of the rule texts in the report")),
             inspect.Parameter("fmt", inspect.Parameter.KEYWORD_ONLY, annotation=Format, default=format_option()),
             inspect.Parameter("content_dir", inspect.Parameter.KEYWORD_ONLY, annotation=Optional[Path],
                               default=content_option())]
    own = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=CHECK_OPTIONS[name][0],
                             default=CHECK_OPTIONS[name][1](" ".join(texts))) for name, texts in helps.items()]

    def command(**values: Any) -> None:  # Typer passes what the signature below declares
        check(values.pop("record"), values.pop("lang"), values.pop("fmt"), values.pop("content_dir"), **values)

    command.__doc__ = check.__doc__
    setattr(command, "__signature__", inspect.Signature(fixed + own))  # what Typer reads (inspect.signature)
    command.__annotations__ = {p.name: p.annotation for p in fixed + own}
    sub = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)
    sub.command("check")(command)
    found = typer.main.get_command(sub)
    found.name = "check"
    return found


def _register_build() -> None:
    from .builder.cli import build_cmd

    app.command("build")(build_cmd)


def _register_studio() -> None:
    from .studio.cli import studio_cmd  # imports no web library until the command runs

    app.command("studio")(studio_cmd)


_register_build()
_register_studio()


def main() -> None:
    """The console script: any InputError a sub-command lets through is still one message and exit 1."""
    try:
        app()
    except InputError as exc:
        for diagnostic in exc.diagnostics:
            typer.echo(str(diagnostic), err=True)
        sys.exit(EXIT_INVALID)


if __name__ == "__main__":
    main()
