"""The options every `pnp` command spells the same way: one name, one help text and one type per concept.

Only Typer and pathlib: the top-level CLI and a build with nothing to do import this.

Each `*_option()` is a parameter's default in Typer's style (`fmt: Format = format_option()`): it returns Typer's
OptionInfo, which Typer reads as the option and its default. typer.Option is typed `Any` so that it fits the
parameter's type; these say the same.
"""
from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Any, Callable, Iterable, Optional

import typer

from .content.folders import CONTENT_HELP, default_root, languages
from .limits import MOST_GAMES, MOST_NODES, MOST_SECONDS, MOST_WORKERS


class Format(str, Enum):
    text = "text"
    json = "json"


def choices(name: str, values: Iterable[str]) -> type[Enum]:
    """A choice Enum made from a library's own list of names (strategies, bots), so the list lives there."""
    return Enum(name, {value: value for value in values}, type=str)  # type: ignore[return-value]


def format_option(help: str = "text or json.") -> Any:
    return typer.Option(Format.text, "--format", help=help)


def not_one_of(option: str, value: str, choices: Iterable[str]) -> typer.BadParameter:
    """The one usage error for a value an option does not know (exit 2), for choices that only the content knows
    (languages, games, papers): worded and shown as Click shows a choice of its own ("Invalid value for '--lang':
    'xx' is not one of 'en', 'ja', 'ko'."), so every command says it alike."""
    listed = ", ".join(f"'{choice}'" for choice in choices)
    return typer.BadParameter(f"'{value}' is not one of {listed}.", param_hint=f"'{option}'")


def _content_root(ctx: typer.Context) -> Path:
    """The content a command being completed would use: its `--content` when already typed, else the default."""
    given = ctx.params.get("content_dir")
    return Path(given) if given else default_root()


def complete_languages(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of `--lang`: the content's languages (a glob, no YAML read)."""
    return [lang for lang in languages(_content_root(ctx)) if lang.startswith(incomplete)]


def complete_games(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of `--game`: the content's game folders."""
    from .games.registry import games_in

    return [game for game in games_in(_content_root(ctx)) if game.startswith(incomplete)]


def complete_papers(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of `--paper`: the papers print.yaml names (none when it cannot be read)."""
    from .builder.plan import paper_names
    from .errors import InputError

    try:
        papers = paper_names(_content_root(ctx))
    except InputError:
        return []
    return [paper for paper in papers if paper.startswith(incomplete)]


def lang_option(what: str = "Language of the words shown") -> Any:
    """`--lang`, its help listing the languages of the default content (a glob, no YAML read)."""
    return typer.Option("en", "--lang", help=f"{what}: {', '.join(languages(default_root()))}.",
                        autocompletion=complete_languages)


def content_option() -> Any:
    return typer.Option(None, "--content", help=CONTENT_HELP, file_okay=False)


def plots_option(what: str = "Save PNG charts into this folder.") -> Any:
    """`--out`: the folder a command writes its charts (and a report page) into, in every command that has one."""
    return typer.Option(None, "--out", file_okay=False, help=what)




def games_option(default: int, help: str) -> Any:
    return typer.Option(default, "--games", min=1, max=MOST_GAMES, help=help)


def workers_option() -> Any:
    return typer.Option(2, "--workers", min=1, max=MOST_WORKERS, help="Processes to play on.")


def bounded_number(low: float, high: float) -> Callable[[str], float]:
    """A parser of a number from `low` to `high`. Typer's own range check says "should be less than or equal to
    86400" of `nan`, which is no help; this one names the range for NaN and infinity as for any number outside it."""

    def parse(text: str | float) -> float:
        try:
            number = float(text)
        except ValueError:
            raise typer.BadParameter(f"'{text}' is not a number") from None
        if not low <= number <= high:  # False for NaN as well
            raise typer.BadParameter(f"{text} is not a number from {low:g} to {high:g}")
        return number

    return parse


def seconds_option(default: float | None, name: str, help: str) -> Any:
    """Seconds to spend: from 0 to a day."""
    return typer.Option(default, name, parser=bounded_number(0, MOST_SECONDS), metavar="<0-86400>", help=help)


def fraction_option(default: float, name: str, help: str) -> Any:
    return typer.Option(default, name, parser=bounded_number(0.0, 1.0), metavar="<0-1>", help=help)


def nodes_option(default: int | None, help: str) -> Any:
    """A search budget in nodes: from 0 to MOST_NODES (days of search)."""
    return typer.Option(default, "--nodes", min=0, max=MOST_NODES, help=help)


#: the options a game's checker may take (its spec's `check_options`), by keyword: (type, option made from a help)
CHECK_OPTIONS: dict[str, tuple[object, Callable[[str], Any]]] = {
    "nodes": (Optional[int], lambda help: nodes_option(None, help)),
    "time_limit": (Optional[float], lambda help: seconds_option(None, "--time-limit", help)),
}
