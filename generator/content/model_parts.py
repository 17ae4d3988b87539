"""What the game.yaml of every game is made of: ids, colours, the player count, rule references.

A game's own model (its spec's `model`) builds on these, so every game's rulebook and checks read them alike.
"""
from __future__ import annotations

from typing import Annotated

from pydantic import Field

from .validate import Strict, pattern

Slug = Annotated[str, pattern(r"^[a-z][a-z0-9_-]*$", "a lowercase ASCII id (a-z, 0-9, - and _)")]
Colour = Annotated[str, pattern(r"^#[0-9a-fA-F]{6}$", "a colour as #rrggbb")]


class Players(Strict):
    min: Annotated[int, Field(ge=1, le=10)]
    max: Annotated[int, Field(ge=1, le=10)]


class RuleRef(Strict):
    id: Annotated[str, pattern(r"^[A-Z]{1,2}[0-9]{1,3}$", "a rule id such as R12")]
    section: Slug


class NamedRuleRef(RuleRef):
    """A rule the checker may cite: its printed id, and the name the code cites it by (the game's rules module),
    so no rule id is written in the code."""

    name: Slug
