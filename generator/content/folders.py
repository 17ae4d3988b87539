"""Where the content and the examples are, and which languages the content has: the one place that knows.

A command reads `--content DIR`, else a `content/` folder in the working directory (a user's own), else the
content shipped with `pnp`: package data under `generator/shipped/` in an installed wheel (setup.py copies the
top-level `content/` and `examples/` there), the checkout's own folders in a source tree or an editable install.
Only pathlib here: `pnp --help` and a build with nothing to do import this.
"""
from __future__ import annotations

from pathlib import Path

REFERENCE_LANG = "en"
PACKAGE = Path(__file__).resolve().parents[1]
#: where a wheel carries the shipped folders (see setup.py)
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


def languages(root: Path, folders: tuple[str, ...] = ("common",)) -> list[str]:
    """A language exists when `content/common/<lang>.yaml` does (lint asks every text folder, to find a language
    that is only half there); the reference language comes first."""
    langs = {p.stem for folder in folders for p in (Path(root) / folder).glob("*.yaml") if p.stem != "game"}
    return sorted(langs, key=lambda lang: (lang != REFERENCE_LANG, lang))
