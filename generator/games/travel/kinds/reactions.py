"""The cards played in answer to another player's action (R24): `cancel_action` stops any action as it is announced
(the Mousetrap); `block_steal` stops a steal aimed at its holder, whose cost stays paid (the Padlock). Which action
each answers, the rules ask its `reaction` (rules.answer_problem)."""
from __future__ import annotations

from typing import ClassVar, Literal

from .base import EffectModel, Kind, Reaction


class CancelActionEffect(EffectModel):
    """Stop another player's action as it is announced; it does not happen and their turn ends (mousetrap)."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("reaction",)
    kind: Literal["cancel_action"]


class BlockStealEffect(EffectModel):
    """Answer a steal aimed at you: it takes nothing; the thief's cost stays paid and their turn ends."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("reaction",)
    kind: Literal["block_steal"]


class CancelAction(Kind[CancelActionEffect]):
    name = "cancel_action"
    family = "special"
    model = CancelActionEffect
    reaction = Reaction.CANCEL
    greedy_value = 25
    keep = 0.375


class BlockSteal(Kind[BlockStealEffect]):
    name = "block_steal"
    family = "special"
    model = BlockStealEffect
    reaction = Reaction.BLOCK_STEAL
    greedy_value = 25
    keep = 0.15


CANCEL = CancelAction()
BLOCK = BlockSteal()
