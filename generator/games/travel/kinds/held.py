"""The cards that work while held: `substitute_item` stands in for an item when travelling (the "mom" card, and the
Messy Map for the transit country only), `hand_limit_bonus` raises its holder's hand limit (the Big Suitcase),
`forbidden` blocks travel (R28-R31), `postcard` wins when enough are held (R32)."""
from __future__ import annotations

from typing import ClassVar, Literal

from .base import Count, EffectModel, Kind


class SubstituteItemEffect(EffectModel):
    """Counts as any one item when travelling (never a passport or postcard). scope: any country or transit only."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("passive",)
    kind: Literal["substitute_item"]
    scope: Literal["any", "transit"] = "any"


class HandLimitBonusEffect(EffectModel):
    """While held, your hand limit is raised by `amount`."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("passive",)
    kind: Literal["hand_limit_bonus"]
    amount: Count = 2


class ForbiddenEffect(EffectModel):
    """A forbidden item: blocks travel while held; leaves the hand only with one other non-forbidden card."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("passive",)
    kind: Literal["forbidden"]


class PostcardEffect(EffectModel):
    """A postcard: holding `postcards_to_win` of them wins at once."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("passive",)
    kind: Literal["postcard"]


class StandIn(Kind[SubstituteItemEffect]):
    name = "substitute_item"
    family = "special"
    model = SubstituteItemEffect
    greedy_value = 40

    def standin(self, effect: SubstituteItemEffect) -> str:
        return effect.scope


class LimitBonus(Kind[HandLimitBonusEffect]):
    name = "hand_limit_bonus"
    family = "special"
    model = HandLimitBonusEffect
    greedy_value = 12
    keep = 0.1

    def limit_bonus(self, effect: HandLimitBonusEffect) -> int:
        return effect.amount


class Forbidden(Kind[ForbiddenEffect]):
    name = "forbidden"
    family = "forbidden"
    model = ForbiddenEffect


class Postcard(Kind[PostcardEffect]):
    name = "postcard"
    family = "postcards"
    model = PostcardEffect
    greedy_value = 30


STANDIN = StandIn()
LIMIT_BONUS = LimitBonus()
FORBIDDEN = Forbidden()
POSTCARD = Postcard()
