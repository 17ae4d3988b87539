"""Where the content and the examples are, and which languages the content has: the one place that knows.

A command reads `--content DIR`, else a `content/` folder in the working directory (a user's own), else the
content shipped with `pnp`: package data under `generator/shipped/` in an installed wheel (pyproject.toml copies the
top-level `content/` and `examples/` there), the checkout's own folders in a source tree or an editable install.
Only the standard library and errors.py here: `pnp --help` and a build with nothing to do import this.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..errors import Diagnostic, InputError, Position

REFERENCE_LANG = "en"
#: the folder of the words every game shares
COMMON = "common"
#: a language code as a file name: ISO 639 letters, then subtags (pt-br, zh-hant)
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(?:-[a-z0-9]{2,8})*")
PACKAGE = Path(__file__).resolve().parents[1]
#: where a wheel carries the shipped folders (see pyproject.toml)
SHIPPED = PACKAGE / "shipped"
CONTENT_HELP = "Content folder (default: ./content if there is one, else the content that comes with pnp)."


def shipped(folder: str) -> Path:
    """`content` or `examples` as shipped: the wheel's package data, else the checkout's top-level folder."""
    packaged = SHIPPED / folder
    return packaged if packaged.is_dir() else PACKAGE.parent / folder


def default_root() -> Path:
    """The content a command uses when `--content` is not given."""
    local = Path.cwd() / "content"
    return local if local.is_dir() else shipped("content")


def require_content_folder(root: Path) -> None:
    """A folder without print.yaml is not content at all: one message that says what --content names, rather than
    a missing file inside a folder that may not exist (build and lint say the same)."""
    from ..files import content

    if not content(root).is_file("print.yaml"):
        raise InputError.at(Position(str(root)), "not a content folder: it has no print.yaml (--content names the "
                            "folder holding print.yaml, common/ and a folder per game)", "file")


def text_folders(root: Path) -> tuple[str, ...]:
    """The folders that hold one text file per language: the shared words, then each game's (registry.games_in)."""
    from ..games.registry import games_in

    return (COMMON, *games_in(root))


def is_language_code(name: str) -> bool:
    """A language file's name without `.yaml` becomes part of output names (`travel-<lang>-a4.pdf`) and a
    `--lang` value, so it is a lowercase code (en, ko, pt-br), never `..`, a space or capitals."""
    return LANGUAGE_CODE.fullmatch(name) is not None


def languages(root: Path, folders: tuple[str, ...] = ("common",)) -> list[str]:
    """A language exists when `content/common/<lang>.yaml` does (lint asks every text folder, to find a language
    that is only half there); the reference language comes first. A file whose name is not a language code is
    no language (`language_name_problems` says so, and loading the content refuses it)."""
    from ..files import content

    files = content(root)
    langs = {name.removesuffix(".yaml") for folder in folders for name in files.names(folder, ".yaml")}
    langs = {lang for lang in langs if is_language_code(lang)}
    return sorted(langs, key=lambda lang: (lang != REFERENCE_LANG, lang))


def language_name_problems(root: Path, folders: tuple[str, ...]) -> list[Diagnostic]:
    """An error for each file in the text folders that is neither named by a language code nor a game's
    `game.yaml` (lint, build and every command that loads the content refuse it, rather than skip it unsaid)."""
    from ..files import content

    files = content(root)
    found = sorted(f"{folder}/{name}" for folder in folders for name in files.names(folder, ".yaml")
                   if not is_language_code(name[:-5]) and (name != "game.yaml" or folder == COMMON))
    return [Diagnostic(Position(files.display(rel)), f"'{rel.rpartition('/')[2]}' is not named by a language "
                       "code: a language file is <code>.yaml with a lowercase code (en.yaml, ko.yaml, pt-br.yaml); "
                       "rename it", "language-name") for rel in found]
