"""`pnp travel ...`: simulate many games with bots. A thin layer: options in, library call, words out.

Exit codes: 0 ok, 1 invalid input (content), 2 usage. Every word printed comes from content/travel/<lang>.yaml.
"""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Optional

import typer

from ...cli_options import Format, choices, content_option, format_option, lang_option, plots_option
from ...content.load import load_content
from ...errors import EXIT_INVALID, InputError
from .bots import BOTS
from .cards import EXTENSIONS, tables_for
from .sim import parse_extensions
from .texts import Words, languages, load_words

Bot = choices("Bot", BOTS)

app = typer.Typer(help="Travel game: simulate games with bots.", no_args_is_help=True, add_completion=False,
                  pretty_exceptions_enable=False)


def _fail(exc: InputError) -> None:
    typer.echo(str(exc), err=True)
    raise typer.Exit(EXIT_INVALID)


@app.callback()
def _group() -> None:
    """Travel game: simulate games with bots."""


@app.command()
def simulate(
    players: int = typer.Option(4, "--players", help="Players per game."),
    games: int = typer.Option(1000, "--games", min=1, help="How many games."),
    extensions: Optional[list[str]] = typer.Option(
        None, "--extensions", help="Extensions in play: all (default), none, or any of "
        + ", ".join(EXTENSIONS) + " (repeat the option or separate with commas)."),
    seed: int = typer.Option(0, "--seed", help="Seed of the first game; the same seed plays the same games."),
    bot: Bot = typer.Option("greedy", "--bot", help="How the bots play."),
    records: Optional[Path] = typer.Option(None, "--records", file_okay=False,
                                           help="Write every game as a record file into this folder."),
    plots: Optional[Path] = plots_option(),
    workers: int = typer.Option(2, "--workers", min=1, help="Processes to play on."),
    lang: str = lang_option("Language of the report"),
    fmt: Format = format_option(),
    content_dir: Optional[Path] = content_option(),
) -> None:
    """Play games with bots and report game length, wins by seat and character, reshuffles, deciding cards."""
    from .plots import save_plots
    from .simreport import summary_json, summary_text
    from .stats import run_games

    bot = bot.value
    try:
        chosen = parse_extensions(extensions)
    except ValueError as exc:
        raise typer.BadParameter(f"unknown extension '{exc}'; choose all, none, or any of: "
                                 + ", ".join(EXTENSIONS), param_hint="--extensions") from None
    try:
        content = load_content(content_dir)
        if lang not in languages(content.root):
            raise typer.BadParameter(f"unknown language '{lang}'; choose one of: "
                                     + ", ".join(languages(content.root)), param_hint="--lang")
        t = tables_for(content.travel)
        words = Words(load_words(content.root, lang), t)
    except InputError as exc:
        _fail(exc)
    if not t.players_min <= players <= t.players_max:
        raise typer.BadParameter(f"the game is for {t.players_min} to {t.players_max} players",
                                 param_hint="--players")
    start = time.perf_counter()
    summary = run_games(t, players, games, chosen, seed, bot, str(records) if records else None, workers)
    rate = games / (time.perf_counter() - start)
    names = [e for e in EXTENSIONS if e in chosen]
    if fmt is Format.json:
        out = summary_json(summary, bot, names, seed)
        out["games_per_second"] = rate
        typer.echo(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        typer.echo(summary_text(summary, words, bot, names, rate))
    if records:
        typer.echo(words("simulate.records", count=games, folder=str(records)), err=fmt is Format.json)
    if plots:
        written = save_plots(summary, words, plots)
        typer.echo(words("simulate.plots", folder=str(plots), files=", ".join(p.name for p in written)),
                   err=fmt is Format.json)
