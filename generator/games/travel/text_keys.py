"""What travel's language files must hold beyond every game's keys, and what fills their placeholders."""
from __future__ import annotations

from typing import get_args

from .crosscheck import CARD_KINDS
from .kinds.base import Timing
from .model import Character, DeckCard, TravelGame, character_players

CARD_FAMILIES = ("events", "special", "forbidden", "postcards", "characters")
#: the words of the travel record notation (generator/games/travel/notation.py): every language names each one
#: under `check.words`, and the English word itself is always read too
NOTATION_WORDS = ("draw", "recycle", "trade", "for", "refused", "steal", "pay", "travel", "with", "drop", "play",
                  "empty", "reshuffle")


def text_keys(game: TravelGame) -> list[str]:
    """Every card's name and text, the countries, passports, kinds, timings, reference sides, the notation's
    words."""
    keys = [f"kinds.{k}" for k in CARD_KINDS]
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
    for reference in game.reference_cards:
        keys += [f"reference.{side}.title" for side in reference.sides]
    keys += [f"check.words.{word}" for word in NOTATION_WORDS]
    keys.append("card.players")  # a character card's player-count mark (R33)
    keys += [f"diagram.{part}" for part in ("title", "transit", "centre", "hand", "caption")]  # the setup diagram
    return keys


def rule_values(game: TravelGame) -> dict[str, object]:
    """The numbers of the base rules (hand limit, starting hand ...), by their game.yaml names."""
    return dict(game.rules_params.model_dump())


def card_values(card: DeckCard | Character, game: TravelGame) -> dict[str, object]:
    """What fills a card's text: its effect's parameters; a character's ability (`value`: the number it gives its
    owner) and the player counts it is dealt at (`min`, `max`)."""
    if isinstance(card, DeckCard):
        return dict(card.effect.model_dump())
    players = character_players(game, card)
    values: dict[str, object] = {"min": players.min, "max": players.max}
    for k, change in enumerate(card.changes):  # the first change's value is {value}, the others' {value2} ...
        values["value" if k == 0 else f"value{k + 1}"] = change.value(game.rules_params)
    return values


def placeholders(game: TravelGame) -> dict[str, set[str]]:
    """Rules, FAQ and reference texts use the rule numbers; a card's text also its effect's parameters; the
    checklist lines also their {count}."""
    params = set(type(game.rules_params).model_fields)
    allowed: dict[str, set[str]] = {prefix: params for prefix in ("rules.", "faq.", "reference.")}
    allowed["components."] = params | {"count"}
    allowed["card.players"] = {"min", "max"}
    allowed["diagram."] = params
    for family in CARD_FAMILIES:
        for card in getattr(game, family):
            names = set(card_values(card, game)) - {"kind", "timing"}
            allowed[f"{family}.{card.id}.text"] = names | params
    return allowed
