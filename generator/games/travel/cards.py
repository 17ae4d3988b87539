"""Card tables compiled once from `content.games["travel"]`: every card type is a small int, every property a flat list.

Why: the engine and the bots run hundreds of thousands of steps per second; looking a card's family, effect kind
or parameter up in a list by int is the cheapest thing Python does. Nothing here hard-codes a card: the effect
kinds and their parameters come from game.yaml, so changing a number there changes the game.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .distances import printed_km
from .model import TravelGame, fewest_players

# Card families (the draw-pile families plus passports).
ITEM, PASSPORT, EVENT, SPECIAL, FORBIDDEN, POSTCARD = range(6)
FAMILY_KEYS = ("items", "passports", "events", "special", "forbidden", "postcards")
#: the extensions a record may choose, in rulebook order
EXTENSIONS = ("events", "special", "forbidden", "postcards", "characters")
DECK_EXTENSIONS = {"events": EVENT, "special": SPECIAL, "forbidden": FORBIDDEN, "postcards": POSTCARD}

# Effect kinds as small ints (0: the card has no effect, e.g. an item or a passport).
KINDS = (
    "", "draw", "search_draw_pile", "swap_with_draw_pile", "cancel_action", "block_steal", "substitute_item",
    "steal_choice", "extra_action", "hand_limit_bonus", "everyone_draws", "everyone_discards", "pass_cards",
    "discard_forbidden", "reshuffle_discard", "forbidden", "postcard",
)
(K_NONE, K_DRAW, K_SEARCH, K_SWAP, K_CANCEL, K_BLOCK, K_SUBSTITUTE, K_STEAL_CHOICE, K_EXTRA, K_LIMIT_BONUS,
 K_EV_DRAWS, K_EV_DISCARDS, K_EV_PASS, K_EV_FORBIDDEN, K_EV_RESHUFFLE, K_FORBIDDEN, K_POSTCARD) = range(len(KINDS))
KIND_CODE = {name: code for code, name in enumerate(KINDS)}

# Per-card hand counters the engine keeps up to date (see Game.gain).
F_PLAIN, F_FORBIDDEN, F_POSTCARD, F_LIMIT_BONUS = range(4)


@dataclass
class Tables:
    """Everything the engine needs to know about cards and countries, indexed by small ints."""

    ids: list[str]
    family: list[int]
    kind: list[int]
    timing: list[str]
    effect: list[object | None]  # the pydantic effect model (parameters by name), None for items/passports
    #: the effect's `count` parameter, 0 without one (read for every event; asking a pydantic model for a
    #: parameter it lacks costs an exception)
    count: list[int]
    copies: list[int]
    flag: list[int]
    limit_bonus: list[int]
    by_family: list[list[int]]
    #: stand-in scope per card: "" (not a stand-in), "any" or "transit"
    standin: list[str]
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
    character_mods: list[dict[str, object]]
    #: the fewest players each character is dealt to (R33)
    character_min_players: list[int]
    rules: dict[str, object]
    #: the rule parameters of a character's owner (the base rules changed by its mods), shared: never changed
    character_rules: list[dict[str, object]]
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


def build_tables(game: TravelGame) -> Tables:
    """Compile the travel game data into flat per-card tables."""
    ids: list[str] = []
    family: list[int] = []
    kind: list[int] = []
    timing: list[str] = []
    effect: list[object | None] = []
    copies: list[int] = []
    by_family: list[list[int]] = [[] for _ in FAMILY_KEYS]

    def add(card_id: str, fam: int, eff, count: int) -> None:
        by_family[fam].append(len(ids))
        ids.append(card_id)
        family.append(fam)
        kind.append(KIND_CODE[eff.kind] if eff is not None else K_NONE)
        timing.append(eff.timing if eff is not None else "")
        effect.append(eff)
        copies.append(count)

    for item in game.items:
        add(item.id, ITEM, None, len(item.index))
    for passport in game.passports:
        add(passport.id, PASSPORT, None, 1)
    for fam, cards in ((EVENT, game.events), (SPECIAL, game.special), (FORBIDDEN, game.forbidden),
                       (POSTCARD, game.postcards)):
        for card in cards:
            add(card.id, fam, card.effect, 1)

    flag, limit_bonus, standin = [], [], []
    for code, eff in zip(kind, effect):
        flag.append(F_FORBIDDEN if code == K_FORBIDDEN else F_POSTCARD if code == K_POSTCARD
                    else F_LIMIT_BONUS if code == K_LIMIT_BONUS else F_PLAIN)
        limit_bonus.append(eff.amount if code == K_LIMIT_BONUS else 0)
        standin.append(eff.scope if code == K_SUBSTITUTE else "")

    card_index = {card_id: i for i, card_id in enumerate(ids)}
    side_codes, side_card, side_needs, side_capital = [], [], [], []
    for number, country in enumerate(game.countries):
        needs = tuple(card_index[item] for item in country.needs)
        for side in country.sides:
            side_codes.append(side.code)
            side_card.append(number)
            side_needs.append(needs)
            side_capital.append(tuple(side.capital))

    character_mods = [{c.effect.rule: c.effect.value} if c.effect.kind == "modify_rule" else {}
                      for c in game.characters]
    rules = game.rules_params.model_dump()
    return Tables(
        ids=ids, family=family, kind=kind, timing=timing, effect=effect,
        count=[getattr(eff, "count", 0) if eff is not None else 0 for eff in effect], copies=copies, flag=flag,
        limit_bonus=limit_bonus, by_family=by_family, standin=standin,
        side_codes=side_codes, side_card=side_card, side_needs=side_needs, side_capital=side_capital,
        side_km=printed_km(game),
        country_card_ids=[c.id for c in game.countries],
        character_ids=[c.id for c in game.characters], character_mods=character_mods, rules=rules,
        character_min_players=[fewest_players(game, c) for c in game.characters],
        character_rules=[{**rules, **mods} for mods in character_mods],
        players_min=game.players.min, players_max=game.players.max,
        rule_ids={rule.name: rule.id for rule in game.rules},
        passports=frozenset(by_family[PASSPORT]), card_index=card_index,
        side_index={code: i for i, code in enumerate(side_codes)},
    )


_CACHE: dict[int, tuple[TravelGame, Tables]] = {}


def once_per_object(cache: dict, owner, build):
    """`build(owner)`, computed once per live object: keyed by id, checked by identity (ids are reused)."""
    hit = cache.get(id(owner))
    if hit is None or hit[0] is not owner:
        hit = (owner, build(owner))
        cache[id(owner)] = hit
    return hit[1]


def tables_for(game: TravelGame) -> Tables:
    """Tables for this game model, compiled once per model object."""
    return once_per_object(_CACHE, game, build_tables)
