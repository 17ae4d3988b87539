"""The one list of games: each game package's spec says where its model, checks, texts, faces, checker, commands
and benchmarks are. Nothing outside the registry and a game's own packages names a game.

A spec names its parts as lazy "module:attribute" references, so reading the list imports nothing heavy: a build
with nothing to do reads it too. The shipped games are listed below. Any other game is an installed package that
declares its spec in the entry-point group `pnp.games` (`countdown = "countdown.spec:SPEC"`); it is looked up only
when a name is not a shipped game, so the shipped games never pay for the scan. Content never names code to import:
content is untrusted input, an installed package is not.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Literal, Mapping, Protocol, overload

if TYPE_CHECKING:  # the parts' signatures only: importing these at run time would load what a quick start skips
    from importlib.metadata import EntryPoint

    from reportlab.lib.colors import Color

    from ..checking import Report
    from ..content.load import Content
    from ..content.model_parts import GameData
    from ..content.texts import Texts
    from ..content.validate import Strict
    from ..content.yamlsrc import KeyPath, Located
    from ..errors import Diagnostic
    from ..render.core.canvas import DrawingCanvas
    from ..render.core.context import Box, Component, Page, RenderContext
    from ..render.core.rulebook import Book, Figure, Styles
    from ..studio.views import Caller, Deal, Walk
    import typer

#: the games that come with pnp: name (the content folder, a record's `game:`, the CLI group) -> its spec module
SHIPPED = {"threesixteen": "generator.games.threesixteen.spec", "travel": "generator.games.travel.spec"}
#: where an installed package declares a game of its own
ENTRY_POINTS = "pnp.games"
#: content folders that hold no game
NOT_GAMES = ("common", "schemas", "fonts", "icons")


@dataclass(frozen=True, slots=True)
class CheckOption:
    """One option of a game's checker, passed to its `check_file` by keyword `name`. The name is one of the
    options every command spells alike (generator/cli_options.py `CHECK_OPTIONS`: `nodes` is `--nodes`, a search
    budget; `time_limit` is `--time-limit`, in seconds), so two games never spell one concept two ways."""

    name: str
    help: str


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything the shared code needs to know about one game. Every `str` part is a "module:attribute"
    reference (a module alone for `checker`, `cli` and benchmarks); an empty one means the game has none."""

    #: the content folder, a record's `game:`, the CLI group and the outputs' file prefix
    name: str
    #: the game's name for a person (help texts, benchmark labels)
    title: str
    #: the pydantic model of `content/<name>/game.yaml`
    model: str
    #: (game, located) -> [Diagnostic]: the game's checks beyond those every game gets (content/crosscheck.py)
    crosscheck: str = ""
    #: (game) -> [text key]: the keys its language files need beyond those every game needs (content/required.py)
    text_keys: str = ""
    #: (game) -> {name: value}: what fills the placeholders of rule texts
    rule_values: str = ""
    #: (game) -> {key or prefix ending in ".": names}: the placeholders each text may use (default: rule values
    #: in `rules.`)
    placeholders: str = ""
    #: (texts per language, game) -> [Diagnostic]: lint checks of its own texts
    lint_texts: str = ""
    #: (RenderContext) -> [Component]: every piece, imposed on sheets
    components: str = ""
    #: (RenderContext) -> [Page]: full pages (boards, log sheets)
    full_pages: str = ""
    #: (RenderContext) -> reportlab Color: the rulebook's accent
    accent: str = ""
    #: (game) -> {key: count}: the {count} of each checklist line `components.<key>` of the rulebook
    component_counts: str = ""
    #: (RenderContext, Book, pages of rules before them) -> [Page]: rulebook pages after the rules
    #: (render/core/rulebook.py's Book)
    rulebook_pages: str = ""
    #: (RenderContext, canvas, Box) -> None: the art of the rulebook's cover band (its own pieces, drawn by the
    #: faces' own code), right of the title on page 1
    rulebook_cover: str = ""
    #: (RenderContext, Styles) -> render/core/rulebook.py's Figure: the rulebook's diagram, after a section's rules
    rulebook_figure: str = ""
    #: (Content) -> None: setup the build does once before its workers fork (converting icons, say)
    warm: str = ""
    #: (game) -> [(path in game.yaml, icon code)]: the icons its content names, which the content folder's icons/
    #: holds (render/core/icons.py; `pnp icons add` with no code adds those it lacks)
    icons: str = ""
    #: module with `check_file(path, content, lang, **options) -> generator.checking.Report`, and
    #: `check_text(text, path, content, lang, **options)` for a record that is not a file (the studio's upload)
    checker: str = ""
    check_options: tuple[CheckOption, ...] = ()
    #: module with a Typer `app`: `pnp <name> ...`
    cli: str = ""
    cli_help: str = ""
    #: (label, module with `run() -> [row]`, or "module:function") for `make bench`
    benchmarks: tuple[tuple[str, str], ...] = ()
    #: () -> [(label, head, pieces)]: records for the size benchmark, each a head and the pieces it repeats
    size_records: str = ""
    #: relative cost of a build job by kind ("pdf", "pod", "png"); 1 when absent
    build_cost: dict[str, int] = field(default_factory=dict)
    #: (content, lang, record text, path) -> generator.studio.views.Walk: a checked record step by step, as the
    #: checker's replay sees it (`pnp studio`'s check page)
    steps: str = ""
    #: (content, lang, player names, seed, taken) -> generator.studio.views.Deal: a setup dealt for the table (what
    #: the table dealt itself in `taken`, by field: the rest dealt with the seed; ValueError for what cannot be)
    table_setup: str = ""
    #: (content, lang, columns) -> generator.studio.views.Caller: a caller of numbers for the table
    caller: str = ""
    #: modules or packages whose code draws the game (their source is part of every output's build digest)
    sources: tuple[str, ...] = ()

    # Each part's signature, as the field comments above say it; the reference is imported at run time, so these
    # are the contract a game's modules keep (tests/test_third_game.py plays a game declared outside the package).
    @overload
    def part(self, name: Literal["model"]) -> type[Strict] | None: ...
    @overload
    def part(self, name: Literal["crosscheck"]) -> Callable[[GameData, Located], Iterable[Diagnostic]] | None: ...
    @overload
    def part(self, name: Literal["text_keys"]) -> Callable[[GameData], list[str]] | None: ...
    @overload
    def part(self, name: Literal["rule_values"]) -> Callable[[GameData], dict[str, object]] | None: ...
    @overload
    def part(self, name: Literal["placeholders"]) -> Callable[[GameData], dict[str, set[str]]] | None: ...
    @overload
    def part(self, name: Literal["lint_texts"]) -> (
        Callable[[Mapping[str, Texts], GameData | None], Iterable[Diagnostic]] | None): ...
    @overload
    def part(self, name: Literal["components"]) -> Callable[[RenderContext], Iterable[Component]] | None: ...
    @overload
    def part(self, name: Literal["full_pages"]) -> Callable[[RenderContext], Iterable[Page]] | None: ...
    @overload
    def part(self, name: Literal["accent"]) -> Callable[[RenderContext], Color] | None: ...
    @overload
    def part(self, name: Literal["component_counts"]) -> Callable[[GameData], dict[str, int]] | None: ...
    @overload
    def part(self, name: Literal["rulebook_pages"]) -> Callable[[RenderContext, Book, int], Iterable[Page]] | None: ...
    @overload
    def part(self, name: Literal["rulebook_cover"]) -> Callable[[RenderContext, DrawingCanvas, Box], None] | None: ...
    @overload
    def part(self, name: Literal["rulebook_figure"]) -> Callable[[RenderContext, Styles], Figure] | None: ...
    @overload
    def part(self, name: Literal["warm"]) -> Callable[[Content], None] | None: ...
    @overload
    def part(self, name: Literal["icons"]) -> Callable[[GameData], list[tuple[KeyPath, str]]] | None: ...
    @overload
    def part(self, name: Literal["checker"]) -> Checker | None: ...
    @overload
    def part(self, name: Literal["cli"]) -> GameCli | None: ...
    @overload
    def part(self, name: Literal["size_records"]) -> Callable[[], list[tuple[str, str, list[str]]]] | None: ...
    @overload
    def part(self, name: Literal["steps"]) -> Callable[[Content, str, str, str], Walk] | None: ...
    @overload
    def part(self, name: Literal["table_setup"]) -> (
        Callable[[Content, str, list[str], int, dict[str, list[str]]], Deal] | None): ...
    @overload
    def part(self, name: Literal["caller"]) -> Callable[[Content, str, int | None], Caller] | None: ...
    @overload
    def part(self, name: str) -> object: ...

    def part(self, name: str) -> object:
        """The part `name` (a field holding a reference), imported now; None when the game has none."""
        ref = getattr(self, name)
        return resolve(ref) if ref else None


class Checker(Protocol):
    """A game's `checker` module: `check_file`, and the top-level keys its records may have (RECORD_KEYS) when it
    names them, so `pnp check` can say a record looks like another game's."""

    def check_file(self, path: str, content: Content, lang: str, /, **options: Any) -> Report: ...


class TextChecker(Protocol):
    """A `checker` module that also reads a record that is not a file (the studio's paste or drop)."""

    def check_text(self, text: str, path: str, content: Content, lang: str, /, **options: Any) -> Report: ...


class GameCli(Protocol):
    """A game's `cli` module: its Typer app, `pnp <game> ...`."""

    app: typer.Typer


class UnknownGame(LookupError):
    """No shipped game and no installed package has this name."""


def resolve(ref: str) -> Any:
    """"package.module:attribute" -> that attribute; "package.module" -> the module."""
    module, _, attribute = ref.partition(":")
    found = import_module(module)
    return getattr(found, attribute) if attribute else found


_SPECS: dict[str, GameSpec] = {}


def spec(name: str) -> GameSpec:
    """The spec of game `name`: a shipped one, else one an installed package declares. Raises UnknownGame."""
    if name not in _SPECS:
        if name in SHIPPED:
            found = resolve(SHIPPED[name] + ":SPEC")
        else:
            found = _installed().get(name)
            if found is None:
                raise UnknownGame(name)
            found = found.load()
        if not isinstance(found, GameSpec) or found.name != name:
            raise TypeError(f"the spec registered for game '{name}' is not a GameSpec named '{name}'")
        _SPECS[name] = found
    return _SPECS[name]


def spec_in(root: Path, name: str) -> GameSpec:
    """The spec of the game in folder `root/name`; a folder no game package declares is an InputError at its
    game.yaml."""
    try:
        return spec(name)
    except UnknownGame:
        from ..errors import InputError, Position

        where = Path(root).name + f"/{name}/game.yaml"
        raise InputError.at(Position(where, 1, 1), f"unknown game '{name}': no installed game package declares it "
                            "(see README, \"Adding a game\"); games: " + ", ".join(known()), "unknown-game") from None


def _installed() -> dict[str, EntryPoint]:
    """Entry points of the group `pnp.games`, by name (importlib.metadata is slow to import: only asked here)."""
    from importlib.metadata import entry_points

    return {point.name: point for point in entry_points(group=ENTRY_POINTS)}


def named(text: str) -> str | None:
    """The game a record's `game:` names: its name or its title, in any case (`Travel`, `3x16`), or None."""
    try:
        return spec(text).name
    except UnknownGame:
        wanted = text.casefold()
        return next((name for name in known() if wanted in (name.casefold(), spec(name).title.casefold())), None)


def known() -> list[str]:
    """Every game name: the shipped ones, then those of installed packages (this scans the installed packages)."""
    return list(SHIPPED) + sorted(name for name in _installed() if name not in SHIPPED)


def games_in(root: Path) -> list[str]:
    """The games of a content folder: each folder (not `common/`) holding YAML files, in name order. A folder
    without its game.yaml is still a game (loading it says what is missing); whether the name is a game is
    `spec`'s to say."""
    from ..files import content

    folder = content(root)
    return [name for name in folder.folders() if name not in NOT_GAMES and folder.names(name, ".yaml")]
