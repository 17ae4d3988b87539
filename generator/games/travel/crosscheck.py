"""Travel's checks of game.yaml as a whole: references between cards, unique ids, every playing card once, effects
that suit their card family, characters for every player count, and the cards the FAQ relies on.

The shared checks every game gets (sections, rule ids and names, players) are content/crosscheck.py's. The card
counts the rulebook prints are read from the data (render/travel/rulebook.py's component_counts), so no count is
held here.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterator

from ...content.crosscheck import finding
from ...content.yamlsrc import Located, dotted
from ...errors import Diagnostic
from .kinds import kind as kind_named, names as kind_names
from .model import TravelGame, changed_rule_problem, character_count_problems

#: a place in game.yaml: keys and list indexes
Loc = tuple[str | int, ...]
INHABITED = ("africa", "asia", "europe", "north-america", "south-america", "oceania")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
STANDARD_INDEXES = tuple(rank + suit for suit in SUITS for rank in RANKS)
CARD_KINDS = ("country", "item", "passport", "event", "special", "forbidden", "postcard", "character", "reference")
#: special items and characters the rulebook's FAQ relies on, as (family, effect kind, parameter test, what)
FAQ_REQUIRED: tuple[tuple[str, str, dict[str, object], str], ...] = (
    ("special", "cancel_action", {}, "a card that stops another player's action (mousetrap)"),
    ("special", "substitute_item", {"scope": "any"}, "a stand-in for any item (the 'mom' card)"),
    ("special", "substitute_item", {"scope": "transit"}, "a stand-in for the transit country only (messy map)"),
    ("special", "search_draw_pile", {}, "a card that works with the draw pile (local guide)"),
    ("special", "swap_with_draw_pile", {}, "a card that trades with the draw pile (trading post)"),
)
BOOL_RULES = {"travel_with_forbidden", "steal_chooses", "others_may_steal"}



def check(game: TravelGame, at: Located) -> Iterator[Diagnostic]:
    """Counts, references, ids, playing-card coverage and effect families, against the rulebook."""
    yield from _unique_ids(game, at)
    yield from _character_counts(game, at)
    yield from _countries(game, at)
    yield from _passports(game, at)
    yield from _indexes(game, at)
    yield from _effects(game, at)
    for kind in CARD_KINDS:
        if kind not in game.kinds:
            yield finding(at, ("kinds",), f"missing colour for card kind '{kind}'", "missing-ref")
    sides = Counter(side for card in game.reference_cards for side in card.sides)
    for i, card in enumerate(game.reference_cards):
        for j, side in enumerate(card.sides):
            if sides[side] > 1:
                yield finding(at, ("reference_cards", i, "sides", j), f"reference side '{side}' is used twice",
                               "duplicate-id")
    faq = Counter(game.faq)
    for i, entry in enumerate(game.faq):
        if faq[entry] > 1:
            yield finding(at, ("faq", i), f"FAQ entry '{entry}' is listed twice", "duplicate-id")


def _character_counts(game: TravelGame, at: Located) -> Iterator[Diagnostic]:
    for path, problem in character_count_problems(game):
        yield finding(at, path, problem, "count")


def _unique_ids(game: TravelGame, at: Located) -> Iterator[Diagnostic]:
    """Card ids are unique across every family: a record may name any card by id."""
    seen: dict[str, Loc] = {}
    for family in ("items", "countries", "passports", "events", "special", "forbidden", "postcards",
                   "characters", "reference_cards"):
        for i, card in enumerate(getattr(game, family)):
            loc = (family, i, "id")
            if card.id in seen:
                first = at.of(seen[card.id])
                yield finding(at, loc, f"id '{card.id}' is already used at line {first.line}", "duplicate-id")
            else:
                seen[card.id] = loc


def _countries(game: TravelGame, at: Located) -> Iterator[Diagnostic]:
    items = {item.id for item in game.items}
    codes: dict[str, Loc] = {}
    continents = set()
    per = game.rules_params.items_per_country
    for i, card in enumerate(game.countries):
        for n, need in enumerate(card.needs):
            if need not in items:
                yield finding(at, ("countries", i, "needs", n),
                               f"country card '{card.id}' needs '{need}', which is not an item id "
                               f"(items: {', '.join(sorted(items))})", "missing-ref")
        if len(card.needs) != per:
            yield finding(at, ("countries", i, "needs"),
                           f"country card '{card.id}' needs {len(card.needs)} items; expected {per}", "count")
        doubled = [need for need, n in Counter(card.needs).items() if n > 1]
        if doubled:
            yield finding(at, ("countries", i, "needs"),
                           f"country card '{card.id}' lists '{doubled[0]}' twice", "duplicate-id")
        for s, side in enumerate(card.sides):
            continents.add(side.continent)
            loc = ("countries", i, "sides", s, "code")
            if side.code in codes:
                yield finding(at, loc, f"country '{side.code}' is already on another card (line "
                                        f"{at.of(codes[side.code]).line})", "duplicate-id")
            else:
                codes[side.code] = loc
    missing = [c for c in INHABITED if c not in continents]
    if missing:
        yield finding(at, ("countries",), "no country from: " + ", ".join(missing), "coverage")
    needed = Counter(need for card in game.countries for need in card.needs)
    for i, item in enumerate(game.items):
        if needed[item.id] == 0:
            yield Diagnostic(at.of(("items", i, "id")), f"item '{item.id}' is not needed by any country",
                             "unused", severity="warning", key_path=dotted(("items", i, "id")))


def _passports(game: TravelGame, at: Located) -> Iterator[Diagnostic]:
    seen: dict[str, int] = {}
    for i, passport in enumerate(game.passports):
        if passport.country in seen:
            yield finding(at, ("passports", i, "country"),
                           f"two passports from '{passport.country}'; passports come from different countries",
                           "duplicate-id")
        seen.setdefault(passport.country, i)


def _deck_indexes(game: TravelGame) -> Iterator[tuple[Loc, str]]:
    for i, item in enumerate(game.items):
        for j, index in enumerate(item.index):
            yield ("items", i, "index", j), index
    for family in ("events", "special", "forbidden", "postcards"):
        for i, card in enumerate(getattr(game, family)):
            yield (family, i, "index"), card.index


def _indexes(game: TravelGame, at: Located) -> Iterator[Diagnostic]:
    """Every standard playing card exactly once across the deck; the rest are jokers."""
    first: dict[str, Loc] = {}
    for loc, index in _deck_indexes(game):
        if index == "JOKER":
            continue
        if index in first:
            yield finding(at, loc, f"playing-card index '{index}' is already on another card (line "
                                    f"{at.of(first[index]).line})", "card-index")
        else:
            first[index] = loc
    missing = [index for index in STANDARD_INDEXES if index not in first]
    if missing:
        yield finding(at, (), "playing-card indexes not on any card: " + ", ".join(missing), "card-index")


def _effects(game: TravelGame, at: Located) -> Iterator[Diagnostic]:
    """Each card's effect is of a kind its family may carry (each kind says which: kinds/); each character's
    ability gives its rule a value the rule may take."""
    for family in ("events", "special", "forbidden", "postcards"):
        allowed = sorted(name for name in kind_names() if kind_named(name).family == family)
        for i, card in enumerate(getattr(game, family)):
            effect = card.effect
            if effect.kind not in allowed:
                yield finding(at, (family, i, "effect", "kind"), f"effect '{effect.kind}' is not for {family} cards; "
                              "use one of: " + ", ".join(allowed), "effect")
    for i, character in enumerate(game.characters):
        for k, change in enumerate(character.changes):
            where: tuple[str | int, ...] = ("characters", i, "ability") + ((k,) if isinstance(character.ability,
                                                                                                list) else ())
            loc = where + ("to" if change.to is not None else "by",)
            written = change.to if change.to is not None else change.by
            wants_bool = change.rule in BOOL_RULES
            if wants_bool != isinstance(change.to, bool):
                kind = "set `to` true or false" if wants_bool else "a whole number"
                yield finding(at, loc, f"rule '{change.rule}' takes {kind}; found {written!r}", "effect")
            elif (problem := changed_rule_problem(game.rules_params, change.rule, change.value(game.rules_params))):
                yield finding(at, loc, f"rule '{change.rule}': {problem}", "effect")
    for family, kind, params, what in FAQ_REQUIRED:
        if not any(card.effect.kind == kind and all(getattr(card.effect, k, None) == v for k, v in params.items())
                   for card in getattr(game, family)):
            yield finding(at, (family,), f"the rulebook's FAQ needs {what}: no card has effect '{kind}'"
                           + (f" with {params}" if params else ""), "effect")
    if not any(change.rule == "travel_with_forbidden" and change.to is True for c in game.characters
               for change in c.changes):
        yield finding(at, ("characters",), "the rulebook's FAQ needs a character who may travel with forbidden items "
                      "(smuggler): no character's ability sets travel_with_forbidden to true", "effect")
