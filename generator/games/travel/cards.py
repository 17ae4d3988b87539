"""The card tables of one game data (`content.games["travel"]`): every card a small int, every property of a card a
list indexed by it, and each card's effect kind's handler (kinds/), so the rules, the engine and the bots ask a
card what it does rather than naming kinds. Nothing here names a card: changing game.yaml changes the game.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, TypeVar

from .distances import printed_km
from .kinds import kind as kind_named
from .kinds.base import NO_EFFECT, EffectModel, Kind
from .model import TravelGame, TravelRules, character_players


class Family(IntEnum):
    """A card's family: the draw-pile families and the passports."""

    ITEM = 0
    PASSPORT = 1
    EVENT = 2
    SPECIAL = 3
    FORBIDDEN = 4
    POSTCARD = 5


ITEM, PASSPORT, EVENT, SPECIAL, FORBIDDEN, POSTCARD = Family
#: game.yaml's list of each family, in Family order
FAMILY_KEYS = ("items", "passports", "events", "special", "forbidden", "postcards")
#: the extensions a record may choose, in rulebook order
EXTENSIONS = ("events", "special", "forbidden", "postcards", "characters")
#: the extensions that add cards to the draw pile, and the family each adds
DECK_EXTENSIONS = {"events": EVENT, "special": SPECIAL, "forbidden": FORBIDDEN, "postcards": POSTCARD}


@dataclass
class Tables:
    """Everything the engine needs to know about cards and countries, indexed by small ints."""

    ids: list[str]
    family: list[Family]
    #: the handler of each card's effect kind (items and passports: NO_EFFECT, which does nothing)
    kind: list[Kind[Any]]
    #: each card's effect parameters (None for items and passports)
    effect: list[EffectModel | None]
    #: each card's effect timing ("" for items and passports)
    timing: list[str]
    copies: list[int]
    forbidden: list[bool]
    postcard: list[bool]
    #: how much each card raises its holder's hand limit while held
    limit_bonus: list[int]
    #: stand-in scope per card: "" (not a stand-in), "any" or "transit"
    standin: list[str]
    by_family: list[list[int]]
    # countries: one entry per side
    side_codes: list[str]
    side_card: list[int]
    side_needs: list[tuple[int, ...]]
    side_capital: list[tuple[float, float]]
    #: great-circle km between the capitals of two sides, rounded as the rulebook's distance table prints them
    #: (who starts compares these printed numbers)
    side_km: list[list[int]]
    country_card_ids: list[str]
    # characters
    character_ids: list[str]
    #: the fewest and the most players each character is dealt at (R33)
    character_players: list[tuple[int, int]]
    #: the base rules' numbers
    rules: TravelRules
    #: the rule numbers of each character's owner (the base rules as the character changes them)
    character_rules: list[TravelRules]
    #: the rules each character's ability changes
    character_changes: list[list[str]]
    players_min: int
    players_max: int
    #: the printed rule id (R17) of each rule name the code cites (rules.Rule), from game.yaml
    rule_ids: dict[str, str] = field(default_factory=dict)
    passports: frozenset[int] = frozenset()
    card_index: dict[str, int] = field(default_factory=dict)
    side_index: dict[str, int] = field(default_factory=dict)

    @property
    def n_cards(self) -> int:
        return len(self.ids)

    def cite(self, rule: str) -> str:
        """The id the rulebook prints for the rule the code names `rule`."""
        return self.rule_ids[rule]

    def cards_of(self, kind: Kind[Any]) -> list[int]:
        """The cards whose effect is of `kind`."""
        return [c for c, k in enumerate(self.kind) if k is kind]


def build_tables(game: TravelGame) -> Tables:
    """Compile the travel game data into flat per-card tables."""
    ids: list[str] = []
    family: list[Family] = []
    effects: list[EffectModel | None] = []
    copies: list[int] = []
    by_family: list[list[int]] = [[] for _ in FAMILY_KEYS]

    def add(card_id: str, fam: Family, effect: EffectModel | None, count: int) -> None:
        by_family[fam].append(len(ids))
        ids.append(card_id)
        family.append(fam)
        effects.append(effect)
        copies.append(count)

    for item in game.items:
        add(item.id, ITEM, None, len(item.index))
    for passport in game.passports:
        add(passport.id, PASSPORT, None, 1)
    for fam, cards in ((EVENT, game.events), (SPECIAL, game.special), (FORBIDDEN, game.forbidden),
                       (POSTCARD, game.postcards)):
        for card in cards:
            add(card.id, fam, card.effect, 1)
    kinds = [kind_named(effect.kind) if effect is not None else NO_EFFECT for effect in effects]

    card_index = {card_id: i for i, card_id in enumerate(ids)}
    side_codes, side_card, side_needs, side_capital = [], [], [], []
    for number, country in enumerate(game.countries):
        needs = tuple(card_index[item] for item in country.needs)
        for side in country.sides:
            side_codes.append(side.code)
            side_card.append(number)
            side_needs.append(needs)
            side_capital.append((side.capital[0], side.capital[1]))

    rules = game.rules_params
    return Tables(
        ids=ids, family=family, kind=kinds, effect=effects,
        timing=[e.timing if e is not None else "" for e in effects], copies=copies,
        forbidden=[f == FORBIDDEN for f in family], postcard=[f == POSTCARD for f in family],
        limit_bonus=[k.limit_bonus(e) if e is not None else 0 for k, e in zip(kinds, effects)],
        standin=[k.standin(e) if e is not None else "" for k, e in zip(kinds, effects)],
        by_family=by_family,
        side_codes=side_codes, side_card=side_card, side_needs=side_needs, side_capital=side_capital,
        side_km=printed_km(game),
        country_card_ids=[c.id for c in game.countries],
        character_ids=[c.id for c in game.characters],
        character_players=[(character_players(game, c).min, character_players(game, c).max) for c in game.characters],
        rules=rules,
        character_rules=[c.rules(rules) for c in game.characters],
        character_changes=[[change.rule for change in c.changes] for c in game.characters],
        players_min=game.players.min, players_max=game.players.max,
        rule_ids={rule.name: rule.id for rule in game.rules},
        passports=frozenset(by_family[PASSPORT]), card_index=card_index,
        side_index={code: i for i, code in enumerate(side_codes)},
    )


T = TypeVar("T")
O = TypeVar("O")
_CACHE: dict[int, tuple[TravelGame, Tables]] = {}


def once_per_object(cache: dict[int, tuple[O, T]], owner: O, build: Callable[[O], T]) -> T:
    """`build(owner)`, computed once per live object: keyed by id, checked by identity (ids are reused)."""
    hit = cache.get(id(owner))
    if hit is None or hit[0] is not owner:
        hit = (owner, build(owner))
        cache[id(owner)] = hit
    return hit[1]


def tables_for(game: TravelGame) -> Tables:
    """Tables for this game model, compiled once per model object."""
    return once_per_object(_CACHE, game, build_tables)
