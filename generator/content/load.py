"""Load every content file into typed models and language texts, with positions for messages."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from .. import files
from ..errors import Diagnostic, InputError, Position
from ..games import registry
from .crosscheck import check_game, check_print
from .folders import default_root, language_name_problems, languages, text_folders
from .font_files import FamilyFiles, font_files
from .print_model import PrintConfig
from . import typography
from .texts import Texts, check_shape
from .model_parts import GameData
from .validate import validate
from .yamlsrc import KeyPath, Located, load_yaml


@dataclass
class Content:
    """Everything under `content/`, validated. Build it with `load_content`."""

    root: Path
    print: PrintConfig
    #: each game of the folder (its name: registry.games_in) -> its validated game.yaml
    games: dict[str, GameData]
    game_located: dict[str, Located]
    languages: list[str]
    #: every font family's checked files (content/font_files.py)
    fonts: dict[str, FamilyFiles] = field(default_factory=dict)
    print_located: Located | None = None
    _texts: dict[tuple[str, str], Texts] = field(default_factory=dict)

    def print_position(self, loc: KeyPath) -> Position:
        """Where `loc` (e.g. ("papers", "a4")) is in print.yaml."""
        return self.print_located.of(loc) if self.print_located else Position(files.content(self.root).display("print.yaml"))

    def texts(self, game: str, lang: str) -> Texts:
        """The words of `game` in `lang`, with the shared words (`common`) under the same lookup."""
        key = (game, lang)
        if key not in self._texts:
            self._texts[key] = load_texts(self.root, game, lang)
        return self._texts[key]


def load_texts(root: Path, game: str, lang: str) -> Texts:
    """Merge `common/<lang>.yaml` and `<game>/<lang>.yaml`; a key in both is an error. The common file's
    `typography` is the language's line-breaking data, not text (`content/typography.py`)."""
    tree: dict[str, object] = {}
    located_all: list[Located] = []
    breaking = typography.Typography()
    for folder in ("common", game) if game != "common" else ("common",):
        data, located = load_yaml(root, f"{folder}/{lang}.yaml", cached=True)
        if folder == "common":
            data, breaking = typography.split(data, located)
        check_shape(data, located)
        for key, value in (data or {}).items():
            if key in tree:
                raise InputError.at(located.of((key,), key=True),
                                    f"key '{key}' is already defined in common/{lang}.yaml", "duplicate-key", key)
            tree[key] = value
        located_all.append(located)
    return Texts(lang, tree, located_all, breaking)


def load_game(root: Path, game: str) -> tuple[GameData, Located]:
    """The validated model of `root/game/game.yaml` and where each of its values is."""
    model = registry.spec_in(root, game).part("model")
    if model is None:
        raise TypeError(f"the spec of game '{game}' names no model")
    data, located = load_yaml(root, f"{game}/game.yaml", cached=True)
    found = validate(model, data, located)
    if not isinstance(found, GameData):
        raise TypeError(f"{type(found).__name__}, the model of game '{game}', lacks players, sections or rules")
    return found, located


def load_print(root: Path) -> PrintConfig:
    return _load_print(root)[0]


def _load_print(root: Path) -> tuple[PrintConfig, dict[str, FamilyFiles], Located]:
    """The print settings, the font files they name and where each setting is, each checked where it is
    written."""
    data, located = load_yaml(root, "print.yaml", cached=True)
    printcfg = validate(PrintConfig, data, located)
    problems = check_print(printcfg, located)
    if problems:
        raise InputError(problems)
    return printcfg, font_files(root, printcfg, located), located


def load_content(root: Path | None = None, cross_check: bool = True, games: Iterable[str] | None = None) -> Content:
    """Load and validate all language-neutral data; language texts load lazily on first use.

    Raises InputError with every schema problem found across the data files and, with `cross_check`, every error
    of the cross-checks (lint runs those itself, to report their warnings too). With `games`, only the games of
    those names are loaded (`pnp check` loads the record's alone, `add_game`); the print settings and the language
    files' names are checked all the same.
    """
    root = Path(root) if root else default_root()
    problems: list[Diagnostic] = []
    games_found: dict[str, GameData] = {}
    located: dict[str, Located] = {}
    printcfg: PrintConfig | None = None
    fonts: dict[str, FamilyFiles] = {}
    print_located: Located | None = None
    try:
        printcfg, fonts, print_located = _load_print(root)
    except InputError as exc:
        problems += exc.diagnostics
    if files.content(root).is_folder() and not registry.games_in(root):
        problems.append(Diagnostic(Position(str(root)), "no game: a game is a folder <game>/ with its game.yaml "
                                   "and language files", "file"))
    for game in registry.games_in(root):
        if games is not None and game not in games:
            continue
        try:
            games_found[game], located[game] = _checked_game(root, game, cross_check)
        except InputError as exc:
            problems += exc.diagnostics
    problems += language_name_problems(root, text_folders(root))
    if problems:
        raise InputError(problems)
    assert printcfg is not None  # else _load_print's problems were raised above
    return Content(root, printcfg, games_found, located, languages(root), fonts, print_located)


def _checked_game(root: Path, game: str, cross_check: bool) -> tuple[GameData, Located]:
    """A game's validated model and positions; InputError with its schema problems and cross-check errors."""
    model, located = load_game(root, game)
    if cross_check:
        found = check_game(registry.spec(game), model, located)
        errors = [d for d in found if d.severity == "error"]
        if errors:
            raise InputError(errors)
    return model, located


def add_game(content: Content, game: str) -> None:
    """Load game `game` of the content's folder into `content` (nothing when the folder has no such game);
    InputError as `load_content` gives it."""
    if game not in content.games and game in registry.games_in(content.root):
        content.games[game], content.game_located[game] = _checked_game(content.root, game, True)
