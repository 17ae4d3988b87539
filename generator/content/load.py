"""Load every content file into typed models and language texts, with positions for messages."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..errors import Diagnostic, InputError, Position
from .crosscheck import CHECKS, check_print
from .folders import (GAMES, REFERENCE_LANG, TEXT_FOLDERS, default_root, language_name_problems,  # noqa: F401
                      languages)  # (GAMES, REFERENCE_LANG: for importers)
from .font_files import FamilyFiles, font_files
from .print_model import PrintConfig
from .texts import Texts, check_shape
from .threesixteen_model import ThreeSixteenGame
from .travel_model import TravelGame
from .validate import validate
from .yamlsrc import Located, load_yaml

GAME_MODELS = {"threesixteen": ThreeSixteenGame, "travel": TravelGame}


def _rel(root: Path, path: Path) -> str:
    try:
        return str(path.relative_to(root.parent))
    except ValueError:
        return str(path)


@dataclass
class Content:
    """Everything under `content/`, validated. Build it with `load_content`."""

    root: Path
    print: PrintConfig
    games: dict[str, object]
    game_located: dict[str, Located]
    languages: list[str]
    #: every font family's checked files (content/font_files.py)
    fonts: dict[str, FamilyFiles] = field(default_factory=dict)
    print_located: Located | None = None
    _texts: dict[tuple[str, str], Texts] = field(default_factory=dict)

    @property
    def threesixteen(self) -> ThreeSixteenGame:
        return self.games["threesixteen"]  # type: ignore[return-value]

    @property
    def travel(self) -> TravelGame:
        return self.games["travel"]  # type: ignore[return-value]

    def print_position(self, loc: tuple) -> Position:
        """Where `loc` (e.g. ("papers", "a4")) is in print.yaml."""
        return self.print_located.of(loc) if self.print_located else Position(_rel(self.root, self.root / "print.yaml"))

    def texts(self, game: str, lang: str) -> Texts:
        """The words of `game` in `lang`, with the shared words (`common`) under the same lookup."""
        key = (game, lang)
        if key not in self._texts:
            self._texts[key] = load_texts(self.root, game, lang)
        return self._texts[key]


def load_texts(root: Path, game: str, lang: str) -> Texts:
    """Merge `common/<lang>.yaml` and `<game>/<lang>.yaml`; a key in both is an error."""
    tree: dict = {}
    located_all: list[Located] = []
    for folder in ("common", game) if game != "common" else ("common",):
        path = root / folder / f"{lang}.yaml"
        data, located = load_yaml(path, _rel(root, path), inside=root)
        check_shape(data, located)
        for key, value in (data or {}).items():
            if key in tree:
                raise InputError.at(located.of((key,), key=True),
                                    f"key '{key}' is already defined in common/{lang}.yaml", "duplicate-key", key)
            tree[key] = value
        located_all.append(located)
    return Texts(lang, tree, located_all)


def load_game(root: Path, game: str):
    path = root / game / "game.yaml"
    data, located = load_yaml(path, _rel(root, path), inside=root)
    return validate(GAME_MODELS[game], data, located), located


def load_print(root: Path) -> PrintConfig:
    return _load_print(root)[0]


def _load_print(root: Path) -> tuple[PrintConfig, dict[str, FamilyFiles], Located]:
    """The print settings, the font files they name and where each setting is, each checked where it is
    written."""
    path = root / "print.yaml"
    data, located = load_yaml(path, _rel(root, path), inside=root)
    printcfg = validate(PrintConfig, data, located)
    problems = check_print(printcfg, located)
    if problems:
        raise InputError(problems)
    return printcfg, font_files(root, printcfg, located), located


def load_content(root: Path | None = None, cross_check: bool = True) -> Content:
    """Load and validate all language-neutral data; language texts load lazily on first use.

    Raises InputError with every schema problem found across the data files and, with `cross_check`, every error
    of the cross-checks (lint runs those itself, to report their warnings too).
    """
    root = Path(root) if root else default_root()
    problems: list[Diagnostic] = []
    games: dict[str, object] = {}
    located: dict[str, Located] = {}
    printcfg, fonts, print_located = None, {}, None
    try:
        printcfg, fonts, print_located = _load_print(root)
    except InputError as exc:
        problems += exc.diagnostics
    for game in GAMES:
        try:
            games[game], located[game] = load_game(root, game)
        except InputError as exc:
            problems += exc.diagnostics
        else:
            if cross_check:
                problems += [d for d in CHECKS[game](games[game], located[game]) if d.severity == "error"]
    problems += language_name_problems(root, TEXT_FOLDERS)
    if problems:
        raise InputError(problems)
    return Content(root, printcfg, games, located, languages(root), fonts, print_located)
