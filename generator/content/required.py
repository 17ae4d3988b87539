"""Which text keys a language file must have, derived from the game data, and which placeholders each may use.

Every game's rulebook needs a title, a tagline, its sections' and rules' texts and its FAQ's; the rest is the
game's own (its spec's `text_keys`, `rule_values`, `placeholders`). The reference language (English) is checked
against these; every other language is checked against the reference language, so a translator sees exactly what
is missing.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..games.registry import GameSpec
    from .model_parts import GameData
    from .print_model import PrintConfig


def common_keys(printing: PrintConfig | None = None) -> list[str]:
    """The shared words (common/<lang>.yaml) name the language and every paper of `printing` (the PrintConfig),
    which each PDF's first page shows."""
    return ["language.name"] + [f"papers.{paper}" for paper in (printing.papers if printing else ())]


def required_keys(spec: GameSpec, game: GameData) -> list[str]:
    """The text keys the data of `game` (whose GameSpec is `spec`) needs in its language files."""
    keys = ["title", "tagline"]
    keys += [f"sections.{s}" for s in game.sections]
    for rule in game.rules:
        keys += [f"rules.{rule.id}.title", f"rules.{rule.id}.text"]
    for entry in getattr(game, "faq", ()):
        keys += [f"faq.{entry}.q", f"faq.{entry}.a"]
    own = spec.part("text_keys")
    return keys + (own(game) if own else [])


def rule_values(spec: GameSpec, game: GameData) -> dict[str, object]:
    """The values that fill rule-text placeholders (the same names `allowed_placeholders` permits there)."""
    own = spec.part("rule_values")
    return own(game) if own else {}


def allowed_placeholders(spec: GameSpec, game: GameData) -> dict[str, set[str]]:
    """Keys (or key prefixes ending in '.') whose placeholders the renderer fills from game data, and the names
    it can fill there: the game's own list, else its rule values in its rules."""
    own = spec.part("placeholders")
    return own(game) if own else {"rules.": set(rule_values(spec, game))}


def names_for(allowed: dict[str, set[str]], key: str) -> set[str] | None:
    """The placeholder names `key` may use, or None when the code fills it (not checked against data)."""
    if key in allowed:
        return allowed[key]
    best = max((p for p in allowed if p.endswith(".") and key.startswith(p)), key=len, default=None)
    return allowed[best] if best else None
