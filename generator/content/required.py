"""Which text keys a language file must have, derived from the game data, and which placeholders each may use.

The reference language (English) is checked against these; every other language is checked against the
reference language, so a translator sees exactly what is missing.
"""
from __future__ import annotations

from typing import get_args

from .effects import Timing
from .threesixteen_model import ThreeSixteenGame
from .travel_model import TravelGame
from .crosscheck import CARD_KINDS

CARD_FAMILIES = ("events", "special", "forbidden", "postcards", "characters")
#: the words of the travel record notation (generator/games/travel/notation.py): every language names each one
#: under `check.words`, and the English word itself is always read too
NOTATION_WORDS = ("draw", "recycle", "trade", "for", "refused", "steal", "pay", "travel", "with", "drop", "play",
                  "empty", "reshuffle")


def required_keys(game_id: str, game, printing=None) -> list[str]:
    """The text keys the data needs in `game_id`'s language files; the shared words name every paper of
    `printing` (the PrintConfig), which each PDF's first page shows."""
    if game_id == "common":
        return ["language.name"] + [f"papers.{paper}" for paper in (printing.papers if printing else ())]
    keys = ["title", "tagline"]
    keys += [f"sections.{s}" for s in game.sections]
    for rule in game.rules:
        keys += [f"rules.{rule.id}.title", f"rules.{rule.id}.text"]
    if isinstance(game, ThreeSixteenGame):
        keys += [f"colours.{c.id}" for c in game.colours] + [f"colours.{game.caller.id}"]
        return keys
    assert isinstance(game, TravelGame)
    keys += [f"kinds.{k}" for k in CARD_KINDS]
    keys += [f"timing.{t}" for t in get_args(Timing)]
    for item in game.items:
        keys += [f"items.{item.id}.name", f"items.{item.id}.text"]
    for card in game.countries:
        for side in card.sides:
            keys += [f"countries.{side.code}.name", f"countries.{side.code}.capital"]
    keys += [f"passports.{p.id}.name" for p in game.passports]
    for family in CARD_FAMILIES:
        for card in getattr(game, family):
            keys += [f"{family}.{card.id}.name", f"{family}.{card.id}.text"]
    for card in game.reference_cards:
        keys += [f"reference.{side}.title" for side in card.sides]
    for entry in game.faq:
        keys += [f"faq.{entry}.q", f"faq.{entry}.a"]
    keys += [f"check.words.{word}" for word in NOTATION_WORDS]
    return keys


def allowed_placeholders(game_id: str, game) -> dict[str, set[str]]:
    """Keys (or key prefixes ending in '.') whose placeholders the renderer fills from game data, and the names
    it can fill there."""
    allowed: dict[str, set[str]] = {}
    if isinstance(game, TravelGame):
        params = set(type(game.rules_params).model_fields)
        for prefix in ("rules.", "faq.", "reference."):
            allowed[prefix] = params
        allowed["components."] = params | {"count"}
        for family in CARD_FAMILIES:
            for card in getattr(game, family):
                names = set(card.effect.model_dump()) - {"kind", "timing"}
                allowed[f"{family}.{card.id}.text"] = names | params
    elif isinstance(game, ThreeSixteenGame):
        allowed["rules."] = set(rule_values(game))
    return allowed


def names_for(allowed: dict[str, set[str]], key: str) -> set[str] | None:
    """The placeholder names `key` may use, or None when the code fills it (not checked against data)."""
    if key in allowed:
        return allowed[key]
    best = max((p for p in allowed if p.endswith(".") and key.startswith(p)), key=len, default=None)
    return allowed[best] if best else None


def rule_values(game) -> dict[str, object]:
    """The values that fill rule-text placeholders (the same names `allowed_placeholders` permits)."""
    if isinstance(game, TravelGame):
        return game.rules_params.model_dump()
    return {"high": game.high, "copies": game.copies, "rows": game.rows, "columns": len(game.columns),
            "tiles": game.high * game.copies, "players_min": game.players.min, "players_max": game.players.max}
