"""`pnp threesixteen solve`: the fewest tiles a call order allows, and a plan that leaves them.

A thin layer: options in, `solver.solve`, words out (from content/threesixteen/<lang>.yaml). Bad calls raise
InputError at their place in the --calls text; the `pnp` layer prints it and exits 1.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Optional

import typer

from ...cli_options import Format, content_option, format_option, lang_option, nodes_option, seconds_option
from ...content.texts import Texts
from ...errors import InputError, Position
from .model import threesixteen_game
from .notation import MAX_DIGITS, shown
from .solver import NODES, TIME_LIMIT, deal, solve
from .rules import Rules
from .solver_budget import TIME
from .words import content_and_words

_WORD = re.compile(r"[^\s,]+")
_NUMBER = re.compile(r"[0-9]+")


def parse_calls(text: str, texts: Texts, high: int, copies: int) -> list[int]:
    """The called numbers in `text` (separated by spaces or commas); InputError at the first bad one."""
    calls = []
    counts = [0] * (high + 1)
    for match in _WORD.finditer(text):
        word = match.group()
        where = Position("--calls", 1, match.start() + 1)
        if not _NUMBER.fullmatch(word):
            raise InputError.at(where, texts.get("check.record.not_number", found=shown(word)), "calls")
        if len(word) > MAX_DIGITS:          # no tile number, and too long for int() to read
            raise InputError.at(where, texts.get("check.explain.number_range", number=shown(word), high=high), "calls")
        number = int(word)
        if not 1 <= number <= high:
            raise InputError.at(where, texts.get("check.explain.number_range", number=number, high=high), "calls")
        counts[number] += 1
        if counts[number] > copies:
            raise InputError.at(where, texts.get("check.explain.number_copies", number=number,
                                                 count=counts[number], copies=copies), "calls")
        calls.append(number)
    if not calls:
        raise InputError.at(Position("--calls", 1, 1), texts.get("check.record.no_calls"), "calls")
    return calls


def _calls_or_seed(calls: str | None, seed: int | None) -> str | int:
    """The one of --calls and --seed given; a usage error unless it is exactly one."""
    if calls is not None and seed is None:
        return calls
    if seed is not None and calls is None:
        return seed
    raise typer.BadParameter("give either --calls or --seed", param_hint="--calls")


def solve_cmd(
    calls: Annotated[Optional[str], typer.Option(help="The called numbers in order, e.g. \"1 7 3 ...\".")] = None,
    columns: Annotated[int, typer.Option(min=1, max=5, help="Columns the player may use.")] = 5,
    nodes: int = nodes_option(NODES, "Budget in search nodes (the same answer on any machine)."),
    time_limit: Optional[float] = seconds_option(TIME_LIMIT, "--time-limit", "A safety stop in seconds (none by "
                                                 "default): the answer it stops at says so."),
    format: Format = format_option(),
    seed: Annotated[Optional[int], typer.Option(help="Instead of --calls: a random full deal for this seed.")] = None,
    lang: str = lang_option(),
    content_dir: Optional[Path] = content_option(),
) -> None:
    """Knowing every call in advance, find the fewest tiles left and a plan (one token per call)."""
    given = _calls_or_seed(calls, seed)
    content, texts = content_and_words(lang, content_dir)
    game = threesixteen_game(content.games["threesixteen"])
    match given:
        case str(text):
            numbers = parse_calls(text, texts, game.high, game.copies)
        case int(seed_given):
            numbers = deal(seed_given, game.high, game.copies)
    letters = Rules.from_game(game, columns).column_letters
    result = solve(numbers, columns=columns, nodes=nodes, time_limit=time_limit, high=game.high,
                   copies=game.copies, rows=game.rows, letters=letters)
    if format is Format.json:       # no seconds: the same calls and budget give the same JSON on any machine
        typer.echo(json.dumps({
            "calls": numbers, "columns": columns, "min_tiles_left": result.min_tiles_left,
            "proven": result.proven, "lower_bound": result.lower_bound, "plan": " ".join(result.plan),
            "nodes": result.nodes, "node_budget": result.node_budget, "time_limit": result.time_limit,
            "stopped": result.stopped,
        }, ensure_ascii=False, indent=2))
        return
    t = texts.get
    if seed is not None:            # the deal solved, so it can be played or checked again
        typer.echo(t("check.solve.calls", seed=seed, calls=" ".join(map(str, numbers))))
    typer.echo(t("check.solve.best", tiles=result.min_tiles_left))
    typer.echo(t("check.solve.proven") if result.proven
               else t("check.solve.bounds", low=result.lower_bound, high=result.min_tiles_left))
    typer.echo(t("check.solve.plan", plan=" ".join(result.plan)))
    typer.echo(t("check.solve.effort", nodes=result.nodes, budget=result.node_budget,
                 seconds=f"{result.seconds:.2f}"))
    if result.stopped == TIME:
        typer.echo(t("check.solve.time_stop", seconds=f"{result.time_limit:g}"))
