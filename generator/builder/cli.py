"""`pnp build`: the Typer command (the lead registers `build_cmd` on the main app). Parses options, shows a
progress bar on a terminal, prints the one-line summary, and maps problems to exit codes (1 content, 2 usage).
"""
from __future__ import annotations

import math
import sys
from enum import Enum
from pathlib import Path
from typing import List, Optional, TextIO

import typer

from ..cli_options import complete_games, complete_languages, complete_papers, content_option, not_one_of
from ..content.folders import default_root, languages
from ..errors import EXIT_INVALID, EXIT_USAGE, InputError
from ..games import registry

BAR_WIDTH = 28
LANGS = ", ".join(languages(default_root()))
GAMES = ", ".join(registry.games_in(default_root()))


class Duplex(str, Enum):
    long = "long"
    short = "short"


def parse_offset(text: str) -> tuple[float, float]:
    """`"0.5,-1"` -> (0.5, -1.0): millimetres, x then y; NaN, infinities and shifts beyond a drift are refused."""
    from .plan import MAX_BACK_OFFSET_MM

    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (float(p) for p in parts)
    except ValueError:
        raise typer.BadParameter(f"expected two numbers in mm as X,Y (e.g. 0.5,-1), not '{text}'",
                                 param_hint="--back-offset-mm") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise typer.BadParameter(f"expected two finite numbers in mm as X,Y, not '{text}'",
                                 param_hint="--back-offset-mm")
    if abs(x) > MAX_BACK_OFFSET_MM or abs(y) > MAX_BACK_OFFSET_MM:
        raise typer.BadParameter(f"an offset of more than {MAX_BACK_OFFSET_MM} mm is not a printer's drift: '{text}'",
                                 param_hint="--back-offset-mm")
    return x, y


class ProgressBar:
    """`[#######.....] 5/16 Pack & Go (한국어), A4 sheets` on one line of stderr, redrawn in place."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def __call__(self, done: int, total: int, label: str) -> None:
        filled = BAR_WIDTH * done // max(total, 1)
        line = f"\r[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total} {label}"
        self.stream.write(line.ljust(78)[:78])
        if done == total:
            self.stream.write("\r" + " " * 78 + "\r")
        self.stream.flush()


def build_cmd(
    game: Optional[List[str]] = typer.Option(None, "--game", help=f"Only this game ({GAMES}); repeatable.",
                                             autocompletion=complete_games),
    lang: Optional[List[str]] = typer.Option(None, "--lang", help=f"Only this language ({LANGS}); repeatable.",
                                             autocompletion=complete_languages),
    paper: Optional[List[str]] = typer.Option(None, "--paper", help="Only this paper (a4, letter); repeatable.",
                                              autocompletion=complete_papers),
    png: bool = typer.Option(False, "--png",
                             help="Also write every face as a 300 dpi PNG and Tabletop Simulator sheets."),
    pod: bool = typer.Option(True, "--pod/--no-pod", help="Also write one print-on-demand PDF per deck (full bleed)."),
    back_offset_mm: str = typer.Option("0,0", "--back-offset-mm", metavar="X,Y",
                                       help="Shift every back by X,Y mm (as seen on the back) for a printer "
                                            "that drifts."),
    duplex: Duplex = typer.Option(Duplex.long, "--duplex", help="Which edge the printer flips the sheet on."),
    content_dir: Optional[Path] = content_option(),
    output_dir: Path = typer.Option(Path("output"), "--output", help="Output folder.", file_okay=False),
    watch: bool = typer.Option(False, "--watch", help="Build, then build again each time a content file is saved "
                               "(a bad edit prints lint's findings and the watch goes on); Ctrl-C stops."),
) -> None:
    """Build the printable PDFs (and print-on-demand decks); only what changed since the last build."""
    from .plan import BuildFailed, BuildUsageError, build

    offset = parse_offset(back_offset_mm)
    root = content_dir or default_root()
    progress = ProgressBar(sys.stderr) if sys.stderr.isatty() else None

    def build_once() -> int:
        """One build, reported; its exit code."""
        try:
            summary = build(root, game, lang, paper, png, offset, duplex.value, progress, output_dir=output_dir,
                            pod=pod)
        except BuildUsageError as exc:  # shown as every command shows a bad option's value (cli_options.not_one_of)
            error = (not_one_of(exc.option, exc.value, exc.choices) if exc.choices
                     else typer.BadParameter(str(exc), param_hint=f"'{exc.option}'"))
            if not watch:
                raise error from None
            error.show()                    # the watch goes on: the next save may name the files again
            return EXIT_USAGE
        except (InputError, BuildFailed) as exc:
            for diagnostic in exc.diagnostics:
                typer.echo(str(diagnostic), err=True)
            return EXIT_INVALID
        typer.echo("\n".join([summary.line(), *summary.print_lines()]))
        return 0

    if not watch:
        code = build_once()
        if code:
            raise typer.Exit(code)
        return
    from .watch import watch_builds

    try:
        watch_builds(Path(root), build_once, typer.echo)
    except KeyboardInterrupt:  # Ctrl-C during a build: what it wrote is whole (files are written atomically)
        pass
    typer.echo("Stopped watching.")
