"""Typed model of `content/travel/game.yaml`: every card, count, requirement and rule parameter."""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, ValidationError

from ...content.model_parts import Colour, NamedRuleRef, Players, Slug
from ...content.validate import Strict, error_message, pattern
from .kinds import AnyEffect
from .kinds.base import EffectModel

if TYPE_CHECKING:
    from ...content.load import Content

#: the effect of a card or character in game.yaml: validated by the model of the kind it names (kinds/)
Effect = Annotated[EffectModel, AnyEffect()]

Iso = Annotated[str, pattern(r"^[A-Z]{2}$", "an ISO 3166-1 alpha-2 country code such as KR")]
CardIndex = Annotated[str, pattern(r"^((A|[2-9]|10|J|Q|K)[SHDC]|JOKER)$",
                                   "a playing-card index: rank A 2-10 J Q K and suit S H D C (e.g. 10H), or JOKER")]
Icon = Annotated[str, pattern(r"^[0-9A-F]{4,5}(-[0-9A-F]{4,5})*$",
                              "an OpenMoji code such as 1F4F7 or 1F9D1-200D-2708-FE0F")]


class TravelRules(Strict):
    """Numbers of the base rules; characters may override some per player (effect `modify_rule`). No defaults:
    game.yaml declares every number once, and a missing one is an error at its place."""

    hand_limit: Annotated[int, Field(ge=3, le=20)]
    starting_hand: Annotated[int, Field(ge=0, le=10)]
    empty_hand_draw: Annotated[int, Field(ge=0, le=10)]
    #: at least 1: a free recycle takes back an extra-action card and plays it again, one turn without end
    recycle_cost: Annotated[int, Field(ge=1, le=5)]
    recycle_take: Annotated[int, Field(ge=1, le=5)]
    steal_cost: Annotated[int, Field(ge=0, le=5)]
    #: how much less a steal costs when the target is richer than the thief (the pickpocket's ability)
    richer_steal_discount: Annotated[int, Field(ge=0, le=5)]
    #: how many more cards than the thief a target holds to count as richer
    richer_steal_margin: Annotated[int, Field(ge=1, le=10)]
    #: that margin with 2 players
    richer_steal_margin_two_players: Annotated[int, Field(ge=1, le=10)]
    #: up to this many players, that cheaper steal also asks that no player hold fewer cards than the thief
    richer_steal_poorest_players: Annotated[int, Field(ge=1, le=7)]
    #: up to this many players, it asks instead that every other player hold more cards than the thief
    richer_steal_strictly_poorest_players: Annotated[int, Field(ge=1, le=7)]
    #: up to this many players, a recycle cheaper than the base rule's (the collector's) asks that no player hold
    #: fewer cards than its player
    cheap_recycle_poorest_players: Annotated[int, Field(ge=1, le=7)]
    trade_bonus_draw: Annotated[int, Field(ge=0, le=5)]
    #: how many cards a player may sell (discard) together before drawing as their action (the merchant's)
    draw_sell: Annotated[int, Field(ge=0, le=5)]
    #: how many cards that draw takes after a sale, instead of 1
    sale_draw: Annotated[int, Field(ge=1, le=10)]
    #: from this many players up, a sale only while the cards it draws keep the hand within its limit
    sale_limit_players: Annotated[int, Field(ge=2, le=7)]
    travel_bonus_draw: Annotated[int, Field(ge=0, le=5)]
    postcards_to_win: Annotated[int, Field(ge=1, le=10)]
    travel_with_forbidden: bool
    items_per_country: Annotated[int, Field(ge=1, le=8)]

    def number(self, rule: RuleParam) -> int:
        """The value of the rule parameter a character's ability names (true and false are 1 and 0)."""
        value: int = getattr(self, rule)
        return value


# Rule parameters a character (or the base game) may set; see `TravelRules`.
RuleParam = Literal[
    "hand_limit", "starting_hand", "empty_hand_draw", "recycle_cost", "recycle_take", "steal_cost",
    "richer_steal_discount", "trade_bonus_draw", "draw_sell", "travel_bonus_draw", "postcards_to_win",
    "travel_with_forbidden",
]


def changed_rule_problem(rules: TravelRules, rule: str, value: int | bool) -> str | None:
    """Why the base `rules` with `rule` set to `value` (a character's `modify_rule`) are not valid rules, or None:
    a character's number has the same bounds as the base rule's."""
    try:
        TravelRules.model_validate({**rules.model_dump(), rule: value})
    except ValidationError as exc:
        return error_message(exc.errors()[0])
    return None


class Item(Strict):
    id: Slug
    icon: Icon
    colour: Colour
    index: list[CardIndex] = Field(description="one playing-card index per copy; the copy count is its length")


Continent = Literal["africa", "asia", "europe", "north-america", "south-america", "oceania"]


class CountrySide(Strict):
    code: Iso
    continent: Continent
    capital: tuple[Annotated[float, Field(ge=-90, le=90)], Annotated[float, Field(ge=-180, le=180)]] = Field(
        description="latitude, longitude of the capital in degrees"
    )


class CountryCard(Strict):
    """One double-sided card: both countries ask for the same items (so `needs` belongs to the card)."""

    id: Slug
    sides: Annotated[list[CountrySide], Field(min_length=2, max_length=2)]
    needs: list[Slug]


class Passport(Strict):
    id: Slug
    country: Iso


class DeckCard(Strict):
    """An extension card that is shuffled into the draw pile (event, special, forbidden, postcard)."""

    id: Slug
    icon: Icon
    index: CardIndex
    effect: Effect


class Character(Strict):
    id: Slug
    icon: Icon
    effect: Effect
    #: with fewer players this character is set aside before the deal (R33); none: dealt at every count
    min_players: Annotated[int, Field(ge=2, le=20)] | None = None


class ReferenceCard(Strict):
    """A double-sided reference card; each side lists text keys under `reference.<side>` in the language files."""

    id: Slug
    sides: Annotated[list[Slug], Field(min_length=2, max_length=2)]


class TravelRuleRef(NamedRuleRef):
    """A travel rule (generator/games/travel/rules.py cites it by name). `permits`: the rule only allows something
    (no record can break it; a record that uses it must pass)."""

    permits: bool = False


class KindStyle(Strict):
    colour: Colour
    ink: Colour = "#ffffff"


class TravelGame(Strict):
    game: Slug
    players: Players
    rules_params: TravelRules
    kinds: dict[Slug, KindStyle] = Field(description="colour per card kind")
    items: list[Item]
    countries: list[CountryCard]
    passports: list[Passport]
    events: list[DeckCard]
    special: list[DeckCard]
    forbidden: list[DeckCard]
    postcards: list[DeckCard]
    characters: list[Character]
    reference_cards: list[ReferenceCard]
    sections: list[Slug]
    rules: list[TravelRuleRef]
    faq: list[Slug]


def travel_game(content: Content) -> TravelGame:
    """The travel game data of the content."""
    game = content.games["travel"]
    if not isinstance(game, TravelGame):
        raise TypeError("the content's travel game is not travel game data")
    return game


def fewest_players(game: TravelGame, character: Character) -> int:
    """The fewest players `character` is dealt to (R33): its own `min_players`, else the game's."""
    return character.min_players or game.players.min


def character_count_problems(game: TravelGame) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """R33, as (where in game.yaml, why): a character that no player count deals, and a player count that deals
    fewer characters than it has players (the content check and `--vary` both ask)."""
    players = game.players
    for i, character in enumerate(game.characters):
        if fewest_players(game, character) > players.max:
            yield ("characters", i, "min_players"), (f"character '{character.id}' needs {character.min_players} "
                                                     f"players; the game is for at most {players.max}")
    for n in range(players.min, players.max + 1):
        dealt = sum(1 for character in game.characters if fewest_players(game, character) <= n)
        if dealt < n:
            yield ("characters",), f"with {n} players only {dealt} characters are dealt; each player needs one"
