"""The vocabulary of card effects: each kind, its parameters and when it may be played.

Cards in `content/travel/game.yaml` say `effect: {kind: ..., timing: ..., <params>}`. The rules engine interprets
these kinds; a designer changes a number here in the data, never in code. Texts stay in the language files.

Timings:
  action    uses the player's one action for the turn
  own_turn  played during your own turn, not an action
  any_time  played at any moment, also on other players' turns, not an action
  reaction  played in answer to another player's action (which it may cancel)
  on_draw   resolved at once when drawn (events), affects every player
  passive   works while held, or when travelling; never "played" on its own
  setup     chosen at setup and kept face up in front of its player (characters)
"""
from __future__ import annotations

from typing import Annotated, ClassVar, Literal, Union

from pydantic import Field, model_validator

from ...content.validate import Strict

Timing = Literal["action", "own_turn", "any_time", "reaction", "on_draw", "passive", "setup"]
Count = Annotated[int, Field(ge=1, le=10)]

# Rule parameters a character (or the base game) may set; see `TravelRules`.
RuleParam = Literal[
    "hand_limit", "starting_hand", "empty_hand_draw", "recycle_cost", "recycle_take", "steal_cost",
    "richer_steal_discount", "trade_bonus_draw", "draw_sell", "travel_bonus_draw", "postcards_to_win",
    "travel_with_forbidden",
]


class _Effect(Strict):
    #: which timings this kind accepts
    ALLOWED: ClassVar[tuple[str, ...]] = ()
    timing: Timing

    @model_validator(mode="after")
    def _timing_allowed(self):
        if self.timing not in self.ALLOWED:
            raise ValueError(
                f"timing '{self.timing}' is not allowed for effect '{self.kind}'; use one of: "
                + ", ".join(self.ALLOWED)
            )
        return self


class Draw(_Effect):
    """Draw `count` cards from the draw pile."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("action", "own_turn")
    kind: Literal["draw"]
    count: Count = 2


class SearchDrawPile(_Effect):
    """Look through the draw pile, take `take` cards of your choice, shuffle the pile (local guide)."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("action",)
    kind: Literal["search_draw_pile"]
    take: Count = 1
    only_items: bool = True


class SwapWithDrawPile(_Effect):
    """Discard up to `max` cards and draw as many from the draw pile, never the discard pile (trading post)."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("action", "own_turn")
    kind: Literal["swap_with_draw_pile"]
    max: Count = 2


class CancelAction(_Effect):
    """Stop another player's action as it is announced; it does not happen and their turn ends (mousetrap)."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("reaction",)
    kind: Literal["cancel_action"]


class BlockSteal(_Effect):
    """Answer a steal aimed at you: it takes nothing; the thief's cost stays paid and their turn ends."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("reaction",)
    kind: Literal["block_steal"]


class SubstituteItem(_Effect):
    """Counts as any one item when travelling (never a passport or postcard). scope: any country or transit only."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("passive",)
    kind: Literal["substitute_item"]
    scope: Literal["any", "transit"] = "any"


class StealChoice(_Effect):
    """Pay `cost` cards, look at one player's hand and take the card you choose."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("action",)
    kind: Literal["steal_choice"]
    cost: Annotated[int, Field(ge=0, le=5)] = 1


class ExtraAction(_Effect):
    """Take one more action this turn."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("own_turn",)
    kind: Literal["extra_action"]


class HandLimitBonus(_Effect):
    """While held, your hand limit is raised by `amount`."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("passive",)
    kind: Literal["hand_limit_bonus"]
    amount: Count = 2


class EveryoneDraws(_Effect):
    """Event: every player draws `count` cards, starting with the player who drew the event."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("on_draw",)
    kind: Literal["everyone_draws"]
    count: Count = 1


class EveryoneDiscards(_Effect):
    """Event: every player discards `count` cards of their choice (never a forbidden item)."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("on_draw",)
    kind: Literal["everyone_discards"]
    count: Count = 1


class PassCards(_Effect):
    """Event: every player passes `count` cards of their choice to a neighbour, all at once."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("on_draw",)
    kind: Literal["pass_cards"]
    count: Count = 1
    direction: Literal["left", "right"] = "left"


class DiscardForbidden(_Effect):
    """Event: every player discards every forbidden item they hold (unless their character may carry them)."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("on_draw",)
    kind: Literal["discard_forbidden"]


class ReshuffleDiscard(_Effect):
    """Event: the discard pile is shuffled into the draw pile."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("on_draw",)
    kind: Literal["reshuffle_discard"]


class Forbidden(_Effect):
    """A forbidden item: blocks travel while held; leaves the hand only with one other non-forbidden card."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("passive",)
    kind: Literal["forbidden"]


class Postcard(_Effect):
    """A postcard: holding `postcards_to_win` of them wins at once."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("passive",)
    kind: Literal["postcard"]


class ModifyRule(_Effect):
    """Character ability: one rule parameter takes another value for this player."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("setup",)
    kind: Literal["modify_rule"]
    rule: RuleParam
    value: int | bool


Effect = Annotated[
    Union[
        Draw, SearchDrawPile, SwapWithDrawPile, CancelAction, BlockSteal, SubstituteItem, StealChoice,
        ExtraAction, HandLimitBonus, EveryoneDraws, EveryoneDiscards, PassCards, DiscardForbidden,
        ReshuffleDiscard, Forbidden, Postcard, ModifyRule,
    ],
    Field(discriminator="kind"),
]

#: which effect kinds each card family may carry
KINDS_BY_FAMILY = {
    "events": {"everyone_draws", "everyone_discards", "pass_cards", "discard_forbidden", "reshuffle_discard"},
    "special": {"draw", "search_draw_pile", "swap_with_draw_pile", "cancel_action", "block_steal",
                "substitute_item", "steal_choice", "extra_action", "hand_limit_bonus"},
    "forbidden": {"forbidden"},
    "postcards": {"postcard"},
    "characters": {"modify_rule"},
}
