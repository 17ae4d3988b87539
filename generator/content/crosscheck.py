"""Checks that span entries: references, counts, uniqueness, playing-card coverage, effect families.

The schema (pydantic models) checks each value; these check the data as a whole against the rulebook.
Each finding points at the entry it is about.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterator

from ..errors import Diagnostic
from .effects import KINDS_BY_FAMILY
from .print_model import PrintConfig
from .threesixteen_model import ThreeSixteenGame
from .travel_model import TravelGame
from .yamlsrc import Located, dotted

#: the card counts the rulebook states (a designer who changes them changes the game, so they are checked)
TRAVEL_COUNTS = {
    "item types": ("items", 8), "country cards": ("countries", 12), "passports": ("passports", 12),
    "events": ("events", 5), "special items": ("special", 10), "forbidden items": ("forbidden", 4),
    "postcards": ("postcards", 6), "characters": ("characters", 6), "reference cards": ("reference_cards", 3),
}
COPIES_PER_ITEM = 4
DECK_CARDS = 57
INHABITED = ("africa", "asia", "europe", "north-america", "south-america", "oceania")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
STANDARD_INDEXES = tuple(rank + suit for suit in SUITS for rank in RANKS)
CARD_KINDS = ("country", "item", "passport", "event", "special", "forbidden", "postcard", "character", "reference")
#: special items and characters the rulebook's FAQ relies on, as (family, effect kind, parameter test, what)
FAQ_REQUIRED = (
    ("special", "cancel_action", {}, "a card that stops another player's action (mousetrap)"),
    ("special", "substitute_item", {"scope": "any"}, "a stand-in for any item (the 'mom' card)"),
    ("special", "substitute_item", {"scope": "transit"}, "a stand-in for the transit country only (messy map)"),
    ("special", "search_draw_pile", {}, "a card that works with the draw pile (local guide)"),
    ("special", "swap_with_draw_pile", {}, "a card that trades with the draw pile (trading post)"),
    ("characters", "modify_rule", {"rule": "travel_with_forbidden", "value": True},
     "a character who may travel with forbidden items (smuggler)"),
)
BOOL_RULES = {"travel_with_forbidden"}


def _finding(located: Located, loc: tuple, message: str, check: str, *, key: bool = False) -> Diagnostic:
    return Diagnostic(located.of(loc, key=key), message, check, key_path=dotted(loc))


def check_travel(game: TravelGame, located: Located) -> list[Diagnostic]:
    return sorted(_travel(game, located), key=lambda d: (d.position, d.message))


def _travel(game: TravelGame, at: Located) -> Iterator[Diagnostic]:
    yield from _unique_ids(game, at)
    for what, (family, expected) in TRAVEL_COUNTS.items():
        found = len(getattr(game, family))
        if found != expected:
            yield _finding(at, (family,), f"expected {expected} {what}, found {found}", "count")
    for i, item in enumerate(game.items):
        if len(item.index) != COPIES_PER_ITEM:
            yield _finding(at, ("items", i, "index"),
                           f"item '{item.id}' has {len(item.index)} copies (one index each); expected "
                           f"{COPIES_PER_ITEM}", "count")
    deck = len(game.events) + len(game.special) + len(game.forbidden) + len(game.postcards) \
        + sum(len(item.index) for item in game.items)
    if deck != DECK_CARDS:
        yield _finding(at, (), f"expected {DECK_CARDS} deck cards (items, events, special, forbidden, postcards), "
                               f"found {deck}", "count")
    yield from _countries(game, at)
    yield from _passports(game, at)
    yield from _indexes(game, at)
    yield from _effects(game, at)
    yield from _rules(game.sections, game.rules, at)
    names = Counter(rule.name for rule in game.rules)
    for i, rule in enumerate(game.rules):
        if names[rule.name] > 1:
            yield _finding(at, ("rules", i, "name"), f"rule name '{rule.name}' is used twice", "duplicate-id")
    for kind in CARD_KINDS:
        if kind not in game.kinds:
            yield _finding(at, ("kinds",), f"missing colour for card kind '{kind}'", "missing-ref")
    sides = Counter(side for card in game.reference_cards for side in card.sides)
    for i, card in enumerate(game.reference_cards):
        for j, side in enumerate(card.sides):
            if sides[side] > 1:
                yield _finding(at, ("reference_cards", i, "sides", j), f"reference side '{side}' is used twice",
                               "duplicate-id")
    faq = Counter(game.faq)
    for i, entry in enumerate(game.faq):
        if faq[entry] > 1:
            yield _finding(at, ("faq", i), f"FAQ entry '{entry}' is listed twice", "duplicate-id")


def _unique_ids(game: TravelGame, at: Located) -> Iterator[Diagnostic]:
    """Card ids are unique across every family: a record may name any card by id."""
    seen: dict[str, tuple] = {}
    for family in ("items", "countries", "passports", "events", "special", "forbidden", "postcards",
                   "characters", "reference_cards"):
        for i, card in enumerate(getattr(game, family)):
            loc = (family, i, "id")
            if card.id in seen:
                first = at.of(seen[card.id])
                yield _finding(at, loc, f"id '{card.id}' is already used at line {first.line}", "duplicate-id")
            else:
                seen[card.id] = loc


def _countries(game: TravelGame, at: Located) -> Iterator[Diagnostic]:
    items = {item.id for item in game.items}
    codes: dict[str, tuple] = {}
    continents = set()
    per = game.rules_params.items_per_country
    for i, card in enumerate(game.countries):
        for n, need in enumerate(card.needs):
            if need not in items:
                yield _finding(at, ("countries", i, "needs", n),
                               f"country card '{card.id}' needs '{need}', which is not an item id "
                               f"(items: {', '.join(sorted(items))})", "missing-ref")
        if len(card.needs) != per:
            yield _finding(at, ("countries", i, "needs"),
                           f"country card '{card.id}' needs {len(card.needs)} items; expected {per}", "count")
        doubled = [need for need, n in Counter(card.needs).items() if n > 1]
        if doubled:
            yield _finding(at, ("countries", i, "needs"),
                           f"country card '{card.id}' lists '{doubled[0]}' twice", "duplicate-id")
        for s, side in enumerate(card.sides):
            continents.add(side.continent)
            loc = ("countries", i, "sides", s, "code")
            if side.code in codes:
                yield _finding(at, loc, f"country '{side.code}' is already on another card (line "
                                        f"{at.of(codes[side.code]).line})", "duplicate-id")
            else:
                codes[side.code] = loc
    missing = [c for c in INHABITED if c not in continents]
    if missing:
        yield _finding(at, ("countries",), "no country from: " + ", ".join(missing), "coverage")
    needed = Counter(need for card in game.countries for need in card.needs)
    for i, item in enumerate(game.items):
        if needed[item.id] == 0:
            yield Diagnostic(at.of(("items", i, "id")), f"item '{item.id}' is not needed by any country",
                             "unused", severity="warning", key_path=dotted(("items", i, "id")))


def _passports(game: TravelGame, at: Located) -> Iterator[Diagnostic]:
    seen: dict[str, int] = {}
    for i, passport in enumerate(game.passports):
        if passport.country in seen:
            yield _finding(at, ("passports", i, "country"),
                           f"two passports from '{passport.country}'; passports come from different countries",
                           "duplicate-id")
        seen.setdefault(passport.country, i)


def _deck_indexes(game: TravelGame) -> Iterator[tuple[tuple, str]]:
    for i, item in enumerate(game.items):
        for j, index in enumerate(item.index):
            yield ("items", i, "index", j), index
    for family in ("events", "special", "forbidden", "postcards"):
        for i, card in enumerate(getattr(game, family)):
            yield (family, i, "index"), card.index


def _indexes(game: TravelGame, at: Located) -> Iterator[Diagnostic]:
    """Every standard playing card exactly once across the deck; the rest are jokers."""
    first: dict[str, tuple] = {}
    for loc, index in _deck_indexes(game):
        if index == "JOKER":
            continue
        if index in first:
            yield _finding(at, loc, f"playing-card index '{index}' is already on another card (line "
                                    f"{at.of(first[index]).line})", "card-index")
        else:
            first[index] = loc
    missing = [index for index in STANDARD_INDEXES if index not in first]
    if missing:
        yield _finding(at, (), "playing-card indexes not on any card: " + ", ".join(missing), "card-index")


def _effects(game: TravelGame, at: Located) -> Iterator[Diagnostic]:
    for family, allowed in KINDS_BY_FAMILY.items():
        for i, card in enumerate(getattr(game, family)):
            effect = card.effect
            loc = (family, i, "effect", "kind")
            if effect.kind not in allowed:
                yield _finding(at, loc, f"effect '{effect.kind}' is not for {family} cards; use one of: "
                                        + ", ".join(sorted(allowed)), "effect")
            if effect.kind == "modify_rule":
                wants_bool = effect.rule in BOOL_RULES
                if wants_bool != isinstance(effect.value, bool):
                    kind = "true or false" if wants_bool else "a whole number"
                    yield _finding(at, (family, i, "effect", "value"),
                                   f"rule '{effect.rule}' takes {kind}; found {effect.value!r}", "effect")
    for family, kind, params, what in FAQ_REQUIRED:
        if not any(card.effect.kind == kind and all(getattr(card.effect, k, None) == v for k, v in params.items())
                   for card in getattr(game, family)):
            yield _finding(at, (family,), f"the rulebook's FAQ needs {what}: no card has effect '{kind}'"
                           + (f" with {params}" if params else ""), "effect")


def _rules(sections: list[str], rules, at: Located) -> Iterator[Diagnostic]:
    known = set()
    for i, section in enumerate(sections):
        if section in known:
            yield _finding(at, ("sections", i), f"section '{section}' is listed twice", "duplicate-id")
        known.add(section)
    seen: set[str] = set()
    for i, rule in enumerate(rules):
        if rule.id in seen:
            yield _finding(at, ("rules", i, "id"), f"rule id '{rule.id}' is used twice", "duplicate-id")
        seen.add(rule.id)
        if rule.section not in known:
            yield _finding(at, ("rules", i, "section"), f"rule {rule.id} is in section '{rule.section}', which "
                           f"is not in `sections`", "missing-ref")


def check_threesixteen(game: ThreeSixteenGame, located: Located) -> list[Diagnostic]:
    return sorted(_threesixteen(game, located), key=lambda d: (d.position, d.message))


def _threesixteen(game: ThreeSixteenGame, at: Located) -> Iterator[Diagnostic]:
    if len(game.colours) < game.players.max:
        yield _finding(at, ("colours",), f"{game.players.max} players need {game.players.max} colours, found "
                                         f"{len(game.colours)}", "count")
    ids = Counter(c.id for c in game.colours)
    for i, colour in enumerate(game.colours):
        if ids[colour.id] > 1 or colour.id == game.caller.id:
            yield _finding(at, ("colours", i, "id"), f"colour id '{colour.id}' is used twice", "duplicate-id")
    letters = Counter(game.columns)
    for i, letter in enumerate(game.columns):
        if letters[letter] > 1:
            yield _finding(at, ("columns", i), f"column '{letter}' is listed twice", "duplicate-id")
        if letter == "R":
            yield _finding(at, ("columns", i), "'R' is the notation for a new row; name columns with other "
                                               "letters", "notation")
    if game.players.min > game.players.max:
        yield _finding(at, ("players",), "players.min is larger than players.max", "count")
    yield from _rules(game.sections, game.rules, at)


CHECKS = {"travel": check_travel, "threesixteen": check_threesixteen}


def check_print(config: PrintConfig, at: Located) -> list[Diagnostic]:
    """Every paper holds the largest piece (a card) inside the printer margins, in one orientation or the other:
    on anything smaller no page can be laid out."""
    out = []
    piece = sorted((config.card.width_mm, config.card.height_mm))
    for name, paper in config.papers.items():
        inside = sorted((paper.width_mm - 2 * config.printer_margin_mm, paper.height_mm - 2 * config.printer_margin_mm))
        if inside[0] < piece[0] or inside[1] < piece[1]:
            out.append(_finding(at, ("papers", name), f"a paper of {paper.width_mm:g} x {paper.height_mm:g} mm leaves "
                                f"{max(inside[0], 0):g} x {max(inside[1], 0):g} mm inside the printer margins, too "
                                f"small for a card ({piece[0]:g} x {piece[1]:g} mm)", "layout"))
    return out
