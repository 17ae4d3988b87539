"""What a player calls the games, languages and papers of a build: the progress bar's labels and the summary's
list of files to print say "Pack & Go (한국어), US Letter sheets", not `pdf:travel-ko-letter`.

The names come from the content (a game's `title`, a language's `language.name`, the reference language's
`papers`), read without validating and without the rest of the content, so a build with nothing to do stays fast;
a name that cannot be read falls back to its id (the loader reports the problem when there is work).
"""
from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from .units import Unit
from ..content.folders import REFERENCE_LANG


class PlayerNames(NamedTuple):
    games: dict[str, str]
    langs: dict[str, str]
    papers: dict[str, str]

    def edition(self, game: str, lang: str) -> str:
        """`Pack & Go (한국어)`"""
        return f"{self.games.get(game, game)} ({self.langs.get(lang, lang)})"

    def label(self, unit: Unit) -> str:
        """A job as the progress bar shows it."""
        what = {"pdf": f"{self.papers.get(unit.paper, unit.paper)} sheets", "pod": "print-on-demand cards",
                "png": "card images"}[unit.kind]
        return f"{self.edition(unit.game, unit.lang)}, {what}"


def _read(root: Path, rel: str) -> dict[str, object]:
    from ..content.yamlsrc import load_yaml
    from ..errors import InputError

    try:
        data = load_yaml(root, rel)[0]
    except InputError:
        return {}
    return data if isinstance(data, dict) else {}


def _text(tree: dict[str, object], *keys: str) -> str | None:
    node: object = tree
    for key in keys:
        node = node.get(key) if isinstance(node, dict) else None
    return str(node) if isinstance(node, (str, int, float)) else None


def player_names(content_root: Path, units: list[Unit]) -> PlayerNames:
    games = sorted({u.game for u in units})
    langs = sorted({u.lang for u in units})
    reference = _read(content_root, f"common/{REFERENCE_LANG}.yaml")
    papers = reference.get("papers")
    return PlayerNames(
        games={g: _text(_read(content_root, f"{g}/{REFERENCE_LANG}.yaml"), "title") or g for g in games},
        langs={lang: _text(_read(content_root, f"common/{lang}.yaml"), "language", "name") or lang
               for lang in langs},
        papers={str(k): str(v) for k, v in papers.items()} if isinstance(papers, dict) else {},
    )
