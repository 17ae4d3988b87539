"""`pnp threesixteen ...`: be the caller, or simulate many games. A thin layer: options in, library call, words out.

Exit codes: 0 ok, 1 invalid input, 2 usage. Every word printed comes from content/threesixteen/<lang>.yaml.
"""
from __future__ import annotations

import json
import secrets
import sys
from collections import Counter
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional, TypeAlias

import typer

from ... import files
from ...cli_options import Format, choices, content_option, format_option, games_option, lang_option, plots_option
from ...content.matching import hidden_at, person_name
from ...content.texts import Texts
from ...errors import InputError, Position, character_name, visible
from .caller import continue_deal
from .model import threesixteen_game
from .rules import Rules, check_calls
from .record import load_skeleton
from .record_text import record_text
from .simulate import Game, Summary, head_to_head, simulate, summarise
from .solve_cli import solve_cmd
from .words import content_and_words, fail
from .strategies import STRATEGIES

app = typer.Typer(help="3x16: be the caller, or simulate games with an online strategy.", no_args_is_help=True,
                  add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)

#: the strategies a command may play, by name (an Enum made from STRATEGIES: to a type checker, an Enum)
if TYPE_CHECKING:
    Strategy: TypeAlias = Enum
else:
    Strategy = choices("Strategy", STRATEGIES)
HISTOGRAM = "threesixteen-tiles-left.png"


def call_on_screen(order: list[int], called: int, texts: Texts, high: int,
                   keep: Callable[[list[int]], None] | None = None) -> list[int]:
    """The full-screen caller (caller_screen) on this terminal; `keep` gets the calls after every call and undo (a
    closed window loses nothing); returns the calls made when it quits."""
    from rich.console import Console
    from rich.control import Control

    from .caller import CallerState
    from .caller_screen import draw, raw_keys, run

    console = Console()

    def show(state: CallerState) -> None:
        # each screen is drawn from the top-left corner: Rich's update draws where the cursor is, and after a
        # full screen that is the end of its last line, where the next screen would scroll the terminal by a line
        console.control(Control.home())
        screen.update(draw(state, texts, high, console.size.height))

    with raw_keys(sys.stdin.fileno()) as read_key, console.screen() as screen:
        state = run(CallerState(tuple(order), called), read_key, show,
                    (lambda state: keep(state.calls)) if keep is not None else None)
    return state.calls


@app.command("call")
def call_cmd(
    seed: Optional[int] = typer.Option(None, help="Shuffle with this seed (the same seed gives the same calls)."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write the record skeleton here (else print it)."),
    players: str = typer.Option("", help="Player names in seat order, separated by commas."),
    columns: int = typer.Option(5, min=1, max=5, help="Columns each player may use."),
    resume: Optional[Path] = typer.Option(None, "--continue", help="Continue a saved game: its players, columns "
                                          "and calls so far; the tiles not yet called are shuffled with --seed. "
                                          "Saves to the same file unless --out says otherwise."),
    lang: str = lang_option(),
    content_dir: Optional[Path] = content_option(),
) -> None:
    """Be the caller: a full screen with the number in large digits (Enter/Space next, u undo, r repeat,
    q save and quit), then a record skeleton with the calls made."""
    content, texts = content_and_words(lang, content_dir)
    game = threesixteen_game(content.games["threesixteen"])
    seed = secrets.randbelow(1_000_000) if seed is None else seed
    if resume is not None:
        try:
            saved = load_skeleton(resume, game, texts)
        except InputError as exc:
            fail(exc)
        names, rules, so_far = saved.players, saved.rules, saved.calls
        violation = check_calls(rules, so_far, saved.call_positions)
        if violation is not None:
            where = violation.position if violation.position is not None else Position(str(resume))
            fail(InputError.at(where, texts.get(f"check.explain.{violation.reason}", **violation.facts), "record"))
        out = resume if out is None else out
    else:
        names = [person_name(name.strip()) for name in players.split(",") if name.strip()]
        hidden = next((name for name in names if hidden_at(name) is not None), None)
        if hidden is not None:
            raise typer.BadParameter(visible(texts.get("checking.hidden_character", name=hidden, character=character_name(
                hidden[hidden_at(hidden) or 0]))), param_hint="--players")
        if len(set(names)) != len(names) or len(names) > game.players.max:
            raise typer.BadParameter(f"give 1 to {game.players.max} different names", param_hint="--players")
        names = names or [texts.get("check.call.player", n=n) for n in (1, 2)]
        rules, so_far = Rules.from_game(game, columns), []
    order = continue_deal(so_far, seed, rules)
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    comments = [texts.get("check.call.comment"), texts.get("check.call.seed", seed=seed)]

    def keep(calls: list[int]) -> None:
        if out is not None:
            files.write_file(out, record_text(names, calls, None, rules.columns, comments).encode("utf-8"))

    calls = call_on_screen(order, len(so_far), texts, rules.high, keep) if interactive else order
    skeleton = record_text(names, calls, None, rules.columns, comments)
    if out is None:
        typer.echo(skeleton, nl=False)
        return
    files.write_file(out, skeleton.encode("utf-8"))
    if interactive:
        typer.echo(texts.get("check.call.saved", n=len(calls), total=len(order)))
    else:
        typer.echo(texts.get("check.call.all", total=len(calls), numbers=" ".join(map(str, calls))))
    typer.echo(texts.get("check.call.wrote", path=out))


@app.command("simulate")
def simulate_cmd(
    games: int = games_option(100, "How many games to play."),
    strategy: list[Strategy] = typer.Option(["strong"], help="Online strategy; repeat the option to pit several "
                                            "against each other on the same deals."),
    columns: int = typer.Option(5, min=1, max=5, help="Columns each player may use."),
    seed: int = typer.Option(0, help="Game i is dealt with seed + i."),
    records: Optional[Path] = typer.Option(None, help="Write every game as a record file into this folder."),
    plots: Optional[Path] = plots_option(f"Save a histogram of tiles left into this folder ({HISTOGRAM}), one "
                                         "bar colour per strategy."),
    format: Format = format_option(),
    lang: str = lang_option(),
    content_dir: Optional[Path] = content_option(),
) -> None:
    """Play games without knowing the calls ahead; print each strategy's win rate and mean tiles left, and how
    they did against each other deal by deal."""
    if plots is not None:
        from ...extras import need

        need("matplotlib", "lab", "--out (the charts)")  # before the games are played
    content, texts = content_and_words(lang, content_dir)
    t = texts.get
    names = list(dict.fromkeys(str(choice.value) for choice in strategy))
    rules = Rules.from_game(threesixteen_game(content.games["threesixteen"]), columns)
    played = {name: simulate(name, games, rules, seed) for name in names}
    summaries = {name: summarise(played[name]) for name in names}
    duels = [(a, b, head_to_head(played[a], played[b])) for i, a in enumerate(names) for b in names[i + 1:]]
    lines = [t("check.simulate.header", games=games, strategy=texts.listed(names), columns=columns, seed=seed)]
    indent = "  " if len(names) == 1 else "    "
    for name, summary in summaries.items():
        if len(names) > 1:
            lines.append(f"  {name}")
        lines += [indent + t("check.simulate.wins", wins=summary.wins, games=games,
                             rate=f"{100 * summary.win_rate:.1f}"),
                  indent + t("check.simulate.mean", mean=f"{summary.mean_tiles_left:.2f}")]
    lines += ["  " + t("check.simulate.duel", strategy=a, other=b, fewer=duel.fewer, equal=duel.equal,
                       more=duel.more) for a, b, duel in duels]
    if records is not None:
        for name in names:
            for game in played[name]:
                text = record_text([name], game.calls, {name: game.tokens}, rules.columns,
                                   [t("check.call.seed", seed=game.seed)])
                files.output(records).write(f"threesixteen-{name}-{game.seed:05d}.yaml", text.encode("utf-8"))
        lines.append("  " + t("check.simulate.wrote_records", count=games * len(names), path=records))
    plot = None if plots is None else plots / HISTOGRAM
    if plot is not None:
        from ...charts import chart_font_family
        from .plots import histogram_png

        histogram_png({name: [g.tiles_left for g in played[name]] for name in names}, plot,
                      t("check.simulate.plot_title", games=games, strategy=texts.listed(names), columns=columns),
                      t("check.simulate.plot_x"), t("check.simulate.plot_y"), chart_font_family(content, lang))
        lines.append("  " + t("check.simulate.wrote_plot", path=plot))
    if format is Format.json:
        typer.echo(json.dumps({
            "games": games, "columns": columns, "seed": seed,
            "strategies": [_summary_json(name, summaries[name], played[name]) for name in names],
            "head_to_head": [{"strategy": a, "versus": b, **duel._asdict()} for a, b, duel in duels],
            "records": str(records) if records else None, "plot": str(plot) if plot else None,
        }, ensure_ascii=False, indent=2))
    else:
        typer.echo("\n".join(lines))


def _summary_json(name: str, summary: Summary, played: list[Game]) -> dict[str, object]:
    histogram = Counter(g.tiles_left for g in played)
    return {"strategy": name, "wins": summary.wins, "win_rate": summary.win_rate,
            "mean_tiles_left": summary.mean_tiles_left,
            "tiles_left": {str(k): histogram[k] for k in sorted(histogram)}}


app.command("solve")(solve_cmd)
