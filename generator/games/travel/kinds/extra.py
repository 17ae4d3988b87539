"""`extra_action`: play it on your turn, besides your action, to take one more action this turn (the Express
Ticket)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar, Literal

from ..rules import Play
from .base import EffectModel, Kind

if TYPE_CHECKING:
    from ..engine import Game
    from ..state import GameState


class ExtraActionEffect(EffectModel):
    """Take one more action this turn."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("own_turn",)
    kind: Literal["extra_action"]


class ExtraActionKind(Kind[ExtraActionEffect]):
    name = "extra_action"
    family = "special"
    model = ExtraActionEffect
    playable = True
    before_action = True
    keep = 0.125

    def plays(self, game: GameState, who: int, card: int) -> Iterator[Play]:
        yield Play(card)

    def apply(self, game: Game, who: int, play: Play, taken: int = -1, padlock: int = -1) -> None:
        """Not an action: one more action this turn."""
        game.lose(who, play.card)
        game.discard.append(play.card)
        game.actions_left += 1


KIND = ExtraActionKind()
