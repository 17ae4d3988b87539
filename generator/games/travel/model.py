"""Typed model of `content/travel/game.yaml`: every card, count, requirement and rule parameter."""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, ValidationError, model_validator

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
    """The base game's numbers; a character's ability changes one of them for its owner (`Ability`). No defaults:
    game.yaml declares every number once, and a missing one is an error at its place."""

    hand_limit: Annotated[int, Field(ge=3, le=20)]
    starting_hand: Annotated[int, Field(ge=0, le=10)]
    empty_hand_draw: Annotated[int, Field(ge=0, le=10)]
    #: at least 1: a free recycle takes back an extra-action card and plays it again, one turn without end
    recycle_cost: Annotated[int, Field(ge=1, le=5)]
    recycle_take: Annotated[int, Field(ge=1, le=5)]
    steal_cost: Annotated[int, Field(ge=0, le=5)]
    #: the thief chooses the card a steal takes, having seen the hand (the base game: false, taken at random)
    steal_chooses: bool
    #: the other players may steal from this player, by a steal or a card that steals (the base game: true)
    others_may_steal: bool
    trade_bonus_draw: Annotated[int, Field(ge=0, le=5)]
    travel_bonus_draw: Annotated[int, Field(ge=0, le=5)]
    postcards_to_win: Annotated[int, Field(ge=1, le=10)]
    travel_with_forbidden: bool
    items_per_country: Annotated[int, Field(ge=1, le=8)]

    def number(self, rule: RuleParam) -> int:
        """The value of the rule an ability names (true and false are 1 and 0)."""
        value: int = getattr(self, rule)
        return value


#: the base game's numbers a character's ability may change (every one but the items a country asks for, which
#: are printed on the country cards)
RuleParam = Literal[
    "hand_limit", "starting_hand", "empty_hand_draw", "recycle_cost", "recycle_take", "steal_cost", "steal_chooses",
    "others_may_steal", "trade_bonus_draw", "travel_bonus_draw", "postcards_to_win", "travel_with_forbidden",
]


def changed_rule_problem(rules: TravelRules, rule: str, value: int | bool) -> str | None:
    """Why the base `rules` with `rule` set to `value` (a character's ability) are not valid rules, or None: a
    character's number has the same bounds as the base rule's."""
    try:
        TravelRules.model_validate({**rules.model_dump(), rule: value})
    except ValidationError as exc:
        return error_message(exc.errors()[0])
    return None


class Change(Strict):
    """One rule number of the base game, set `to` a value or changed `by` an amount (exactly one of the two; a
    yes-or-no rule is set `to` true or false)."""

    rule: RuleParam
    to: int | bool | None = None
    by: int | None = None

    @model_validator(mode="after")
    def _one_change(self) -> Change:
        if (self.to is None) == (self.by is None):
            raise ValueError("an ability says `to` (the new value) or `by` (how much it changes), one of them")
        return self

    def value(self, rules: TravelRules) -> int | bool:
        """The rule's value for the character's owner."""
        if self.to is not None:
            return self.to
        return rules.number(self.rule) + (self.by or 0)


class Character(Strict):
    id: Slug
    icon: Icon
    #: what it changes, for its owner only (R34): one change of a rule number, or a list of them
    ability: Change | list[Change]
    #: the player counts it is dealt at, printed on its card (R33: the others go back in the box); none: every
    #: count the game is for
    players: Players | None = None

    @property
    def changes(self) -> list[Change]:
        return self.ability if isinstance(self.ability, list) else [self.ability]

    def rules(self, base: TravelRules) -> TravelRules:
        """Its owner's rules: the base rules with its changes."""
        return base.model_copy(update={change.rule: change.value(base) for change in self.changes})


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


def character_players(game: TravelGame, character: Character) -> Players:
    """The player counts `character` is dealt at (R33): its own, else every count of the game."""
    return character.players or game.players


def character_count_problems(game: TravelGame) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """R33, as (where in game.yaml, why): a character whose player counts are not the game's, and a player count
    that deals fewer characters than it has players (the content check and `--vary` both ask)."""
    players = game.players
    for i, character in enumerate(game.characters):
        own = character_players(game, character)
        if own.min > own.max or own.min < players.min or own.max > players.max:
            yield ("characters", i, "players"), (f"character '{character.id}' is dealt at {own.min} to {own.max} "
                                                 f"players; the game is for {players.min} to {players.max}")
    for n in range(players.min, players.max + 1):
        dealt = sum(1 for c in game.characters if character_players(game, c).min <= n <= character_players(game, c).max)
        if dealt < n:
            yield ("characters",), f"with {n} players only {dealt} characters are dealt; each player needs one"
