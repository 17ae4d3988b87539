"""What the game.yaml of every game is made of: ids, colours, the player count, rule references.

A game's own model (its spec's `model`) builds on these, so every game's rulebook and checks read them alike.
"""
from __future__ import annotations

from typing import Annotated, Protocol, Sequence, runtime_checkable

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


@runtime_checkable
class GameData(Protocol):
    """What shared code reads of any game's validated game.yaml (its spec's `model`): the player count and the
    rulebook's sections and rules. Each game's model has these fields; the rest is the game's own."""

    @property
    def players(self) -> Players: ...
    @property
    def sections(self) -> Sequence[str]: ...
    @property
    def rules(self) -> Sequence[RuleRef]: ...
