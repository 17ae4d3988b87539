"""`draw`: play it to draw `count` cards from the draw pile (the Lucky Coin)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar, Literal

from ..rules import Play, Rule
from .base import Count, EffectModel, Kind, Option, Stretch

if TYPE_CHECKING:
    from ..bots import GreedyBot
    from ..cards import Tables
    from ..engine import Game
    from ..notation import TurnParser
    from ..state import GameState
    from ..strong import Outlook, StrongBot
    from ..writer import Recorder
    from .base import PlayArgs


class DrawEffect(EffectModel):
    """Draw `count` cards from the draw pile."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("action", "own_turn")
    kind: Literal["draw"]
    count: Count = 2


class DrawKind(Kind[DrawEffect]):
    name = "draw"
    family = "special"
    model = DrawEffect
    playable = True
    keep = 0.15
    order = 4

    def plays(self, game: GameState, who: int, card: int) -> Iterator[Play]:
        yield Play(card)

    def apply(self, game: Game, who: int, play: Play, taken: int = -1, padlock: int = -1) -> None:
        game.start_special(who, play.card)
        game.draw_cards(who, self.effect(game.t, play.card).count)
        game.discard.append(play.card)

    def read(self, parser: TurnParser, tok: list[str], i: int, n: int) -> tuple[PlayArgs, int]:
        """Nothing follows the card, but an arrow may (`play lucky-coin -> coat map`)."""
        args, _ = super().read(parser, tok, i, n)
        return args, i + 1 if parser.is_arrow(tok, i, n) else i

    def words(self, play: Play, rec: Recorder) -> tuple[tuple[str, ...], bool]:
        return ("play", rec.name(play.card)), True

    def stretch(self, t: Tables, play: Play) -> Stretch:
        return Stretch(Rule.SPECIAL_ITEMS, self.effect(t, play.card).count)

    def greedy(self, bot: GreedyBot, g: Game, who: int, card: int, missing: list[int]) -> Play | None:
        return Play(card)

    def strong(self, bot: StrongBot, g: Game, who: int, o: Outlook, card: int, draw_value: float,
               others: list[int]) -> Option | None:
        return Option(self.effect(g.t, card).count * draw_value - self.keep + 0.3, self.order, lambda: Play(card))


KIND = DrawKind()
