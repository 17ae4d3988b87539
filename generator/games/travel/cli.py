"""`pnp travel ...`: simulate many games with bots, and the balance lab. A thin layer: options in, library call,
words out.

Exit codes: 0 ok, 1 invalid input (content), 2 usage. Every word printed comes from content/travel/<lang>.yaml.
"""
from __future__ import annotations

import json
import time
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, Optional, TypeAlias

import typer

from ...cli_options import (Format, choices, content_option, format_option, fraction_option, games_option,
                            lang_option, not_one_of, plots_option, workers_option)
from ...content.load import Content, load_content
from ...errors import EXIT_INVALID, InputError
from .balance import DEFAULT_MARGIN, with_value
from .model import travel_game
from .cards import EXTENSIONS, Tables, tables_for
from .simulate import BOTS, parse_extensions
from ...content.folders import languages
from .texts import Words, load_words

#: the bots a command may seat, by name (an Enum made from BOTS: to a type checker, an Enum)
if TYPE_CHECKING:
    BotName: TypeAlias = Enum
else:
    BotName = choices("BotName", BOTS)
#: the extensions option, the same in both commands: each one names one set of extensions
EXTENSIONS_HELP = ("One extension set: all, none, or names separated by commas (" + ", ".join(EXTENSIONS) + ").")


class BalanceFormat(str, Enum):
    """The balance report's forms: text, JSON, or one flat CSV row per configuration and subject."""

    text = "text"
    json = "json"
    csv = "csv"


app = typer.Typer(help="Travel game: simulate games with bots, and measure the balance.", no_args_is_help=True,
                  add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)


def _fail(exc: InputError) -> NoReturn:
    typer.echo(str(exc), err=True)
    raise typer.Exit(EXIT_INVALID)


@app.callback()
def _group() -> None:
    """Travel game: simulate games with bots, and measure the balance."""


@app.command()
def simulate(
    players: int = typer.Option(4, "--players", help="Players per game."),
    games: int = games_option(1000, "How many games."),
    extensions: Optional[list[str]] = typer.Option(
        None, "--extensions", help=EXTENSIONS_HELP + " Default: all. simulate plays one set."),
    seed: int = typer.Option(0, "--seed", help="Seed of the first game; the same seed plays the same games."),
    bot: BotName = typer.Option("greedy", "--bot", help="The bot in every seat. Default greedy: fast, for game "
                                "lengths and records by the thousand (balance defaults to strong, which plays as "
                                "a careful person does)."),
    records: Optional[Path] = typer.Option(None, "--records", file_okay=False,
                                           help="Write every game as a record file into this folder."),
    plots: Optional[Path] = plots_option("Save PNG charts into this folder."),
    workers: int = workers_option(),
    lang: str = lang_option("Language of the report"),
    fmt: Format = format_option(),
    content_dir: Optional[Path] = content_option(),
) -> None:
    """Play games with bots and report game length, wins by seat and character, reshuffles, deciding cards."""
    from ...charts import chart_font_family
    from ...extras import need
    from .plots import save_plots
    from ...progress import progress_bar
    from .simulate_report import summary_json, summary_text
    from .stats import Batch, run_batches

    if extensions and len(extensions) > 1:
        raise typer.BadParameter("simulate plays one extension set; give --extensions once (balance plays several)",
                                 param_hint="--extensions")
    chosen = _extension_set(extensions, "--extensions")
    if plots:
        need("matplotlib", "lab", "--out (the charts)")  # before the games are played
    content, t, words = _load(content_dir, lang)
    _check_players(t, [players], "--players")
    start = time.perf_counter()
    with progress_bar(games, "simulate") as advance:
        summary = run_batches([t], [Batch(0, players, chosen, seed, bot.value)], games, workers,
                              str(records) if records else None, advance)[0]
    rate = games / (time.perf_counter() - start)
    names = [e for e in EXTENSIONS if e in chosen]
    as_json = fmt is Format.json
    if as_json:
        out = summary_json(summary, bot.value, names, seed)
        out["games_per_second"] = rate
        typer.echo(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        typer.echo(summary_text(summary, words, bot.value, names, rate))
    if records:
        typer.echo(words("simulate.records", count=games, folder=str(records)), err=as_json)
    if plots:
        written = save_plots(summary, words, plots, chart_font_family(content, lang))
        listed = words.texts.listed(p.name for p in written)
        typer.echo(words("simulate.plots", folder=str(plots), files=listed), err=as_json)


def _extension_set(values: list[str] | None, option: str) -> frozenset[str]:
    try:
        return parse_extensions(values)
    except ValueError as exc:
        raise typer.BadParameter(f"unknown extension '{exc}'; choose all, none, or any of: "
                                 + ", ".join(EXTENSIONS), param_hint=option) from None


def _load(content_dir: Path | None, lang: str) -> tuple[Content, Tables, Words]:
    """The content, its card tables and the report's words; bad content exits 1, an unknown language 2."""
    try:
        content = load_content(content_dir)
        if lang not in languages(content.root):
            raise not_one_of("--lang", lang, languages(content.root))
        t = tables_for(travel_game(content))
        return content, t, Words(load_words(content.root, lang), t)
    except InputError as exc:
        _fail(exc)


def _check_players(t: Tables, counts: list[int], option: str) -> None:
    if not all(t.players_min <= n <= t.players_max for n in counts):
        raise typer.BadParameter(f"the game is for {t.players_min} to {t.players_max} players", param_hint=option)


@app.command()
def balance(
    players: Optional[list[int]] = typer.Option(None, "--players",
                                                help="Player counts to play (repeat; default: every count)."),
    games: int = games_option(1000, "Games per configuration."),
    sets: Optional[list[str]] = typer.Option(
        None, "--extensions", help=EXTENSIONS_HELP + " Repeat for several sets, played side by side (default: "
        "none, then all)."),
    vary: Optional[str] = typer.Option(None, "--vary", help="Sweep one number of game.yaml side by side: "
                                       "KEY=V1,V2,... (hand_limit=6,7,8, characters.pilot.ability.to=2,3)."),
    margin: float = fraction_option(DEFAULT_MARGIN, "--margin", "Flag a win rate whose whole 95% interval lies "
                                    "more than this far from the fair share (0.02 = 2 points)."),
    seed: int = typer.Option(0, "--seed", help="Seed of the first game; the same seed gives the same report."),
    bot: BotName = typer.Option("strong", "--bot", help="The bot in every seat. Default strong: balance is "
                                "measured as careful players play (simulate defaults to the faster greedy)."),
    out: Optional[Path] = typer.Option(None, "--out", file_okay=False,
                                       help="Write the PNG charts and a one-page HTML summary into this folder."),
    workers: int = workers_option(),
    cluster: Optional[str] = typer.Option(None, "--cluster", metavar="tcp://HOST:PORT",
                                          help="Play the games on this Dask cluster's workers instead of local "
                                          "processes (pnp[cluster]); the same seed gives the same figures."),
    lang: str = lang_option("Language of the report"),
    fmt: BalanceFormat = typer.Option(BalanceFormat.text, "--format", help="text, json or csv (one row per "
                                      "configuration and subject)."),
    content_dir: Optional[Path] = content_option(),
) -> None:
    """Measure the balance: win rate by seat and character, game length and the extension cards' part in wins,
    with 95% intervals, for every player count and extension set; flags what is off the fair share."""
    from ... import files
    from ...progress import progress_bar
    from .balance import SweepError, parse_sets, parse_sweep, run_balance
    from .stats import ClusterUnreachable, DaskCluster
    from ...cli import usage
    from .balancereport import balance_csv, balance_html, balance_json, balance_text
    from ...charts import chart_font_family
    from .plots import save_balance_plots

    try:
        chosen = parse_sets(sets)
    except ValueError as exc:
        raise typer.BadParameter(f"unknown extension '{exc}'; choose all, none, or any of: "
                                 + ", ".join(EXTENSIONS), param_hint="--extensions") from None
    content, t, words = _load(content_dir, lang)
    counts = list(dict.fromkeys(players)) if players else list(range(t.players_min, t.players_max + 1))
    _check_players(t, counts, "--players")
    start = time.perf_counter()
    try:
        sweep = parse_sweep(vary) if vary else None
        game = travel_game(content)
        if sweep is not None:
            with_value(game, sweep.key, sweep.values[0])  # a bad sweep is a usage error before any game
        configurations = len(counts) * len(chosen) * (len(sweep.values) if sweep else 1)
        with progress_bar(games * configurations, "balance") as advance:
            executor = DaskCluster(cluster) if cluster else None
            result = run_balance(game, counts, chosen, games, seed, bot.value, sweep, margin, workers, advance,
                                 executor)
    except SweepError as exc:
        raise typer.BadParameter(str(exc), param_hint="--vary") from None
    except ClusterUnreachable as exc:
        usage(str(exc))
    seconds = time.perf_counter() - start
    played = games * len(result.cells)
    as_json = fmt is not BalanceFormat.text
    if fmt is BalanceFormat.json:
        typer.echo(json.dumps(balance_json(result), ensure_ascii=False, indent=2))
    elif fmt is BalanceFormat.csv:
        typer.echo(balance_csv(result), nl=False)
    else:
        typer.echo(balance_text(words, result))
    typer.echo(words("balance.time", games=played, seconds=f"{seconds:.1f}", rate=f"{played / seconds:.0f}"),
               err=as_json)
    if out:
        images = save_balance_plots(result, words, out, chart_font_family(content, lang))
        page = out / "balance.html"
        files.write_file(page, balance_html(words, result, [p.name for p in images]).encode("utf-8"))
        typer.echo(words("balance.written", folder=str(out), files=words.texts.listed(p.name for p in [page, *images])),
                   err=as_json)
