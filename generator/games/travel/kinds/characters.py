"""`modify_rule`: a character's ability, one rule parameter that takes another value for its owner (R34)."""
from __future__ import annotations

from typing import ClassVar, Literal

from ..model import RuleParam
from .base import EffectModel, Kind


class ModifyRuleEffect(EffectModel):
    """Character ability: one rule parameter takes another value for this player."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("setup",)
    kind: Literal["modify_rule"]
    rule: RuleParam
    value: int | bool


class ModifyRule(Kind[ModifyRuleEffect]):
    name = "modify_rule"
    family = "characters"
    model = ModifyRuleEffect


MODIFY_RULE = ModifyRule()
