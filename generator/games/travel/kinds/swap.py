"""`swap_with_draw_pile`: play it to discard 1 to `max` cards and draw as many from the draw pile, never from the
discard pile (the Trading Post; R26)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar, Literal

from ..rules import (
    NO_PLAYER, Part, Play, Rule, TravelViolation, broke, card, free_cards, from_hand, itself_paid, no_forbidden,
    sub_multisets,
)
from .base import Count, EffectModel, Kind, Option, PlayArgs, Stretch

if TYPE_CHECKING:
    from ..bots import GreedyBot
    from ..cards import Tables
    from ..engine import Game
    from ..notation import Clause, TurnParser
    from ..state import GameState
    from ..strong import Outlook, StrongBot
    from ..writer import Recorder


class SwapEffect(EffectModel):
    """Discard up to `max` cards and draw as many from the draw pile, never the discard pile."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("action", "own_turn")
    kind: Literal["swap_with_draw_pile"]
    max: Count = 2


class SwapKind(Kind[SwapEffect]):
    name = "swap_with_draw_pile"
    family = "special"
    model = SwapEffect
    playable = True
    keep = 0.05
    order = 6

    def plays(self, game: GameState, who: int, card: int) -> Iterator[Play]:
        for paid in sub_multisets(free_cards(game, who, card), 1, self.effect(game.t, card).max):
            yield Play(card, paid=paid)

    def check(self, game: GameState, who: int, play: Play, announced: bool) -> TravelViolation | None:
        """The cards swapped away are held (never the card itself, never a forbidden item), 1 to `max` of them."""
        t = game.t
        c = play.card
        hand = list(game.hands[who])
        hand.remove(c)
        v = (itself_paid(t, c, play.paid) or from_hand(t, hand, who, play.paid, Rule.SPECIAL_ITEMS, "paid")
             or no_forbidden(t, who, play.paid, "forbidden_cost", "paid"))
        if v:
            return v
        most = self.effect(t, c).max
        if not 1 <= len(play.paid) <= most:
            return broke(t, Rule.SPECIAL_ITEMS, "swap_count", {"card": card(c), "max": most, "shown": len(play.paid)},
                         Part("paid", len(play.paid)))
        return None

    def apply(self, game: Game, who: int, play: Play, taken: int = -1, padlock: int = -1) -> None:
        game.start_special(who, play.card)
        for x in play.paid:
            game.to_discard(who, x)
        game.settle(who)
        game.draw_cards(who, len(play.paid))
        game.discard.append(play.card)

    def read(self, parser: TurnParser, tok: list[str], i: int, n: int) -> tuple[PlayArgs, int]:
        """`cards ->`, then the cards drawn; the arrow may be left out where the clause ends (a Mousetrap)."""
        paid, paid_at, i = parser.cards(tok, i, n)
        arrow = parser.arrow_or_end(tok, i, n)
        return PlayArgs(a=paid, a_at=paid_at, arrow=arrow), i + (arrow >= 0)

    def action(self, clause: Clause) -> Play:
        return Play(clause.card, NO_PLAYER, clause.a, ())

    def words(self, play: Play, rec: Recorder) -> tuple[tuple[str, ...], bool]:
        return ("play", rec.name(play.card), *rec.names(play.paid), "->"), True

    def stretch(self, t: Tables, play: Play) -> Stretch:
        return Stretch(Rule.SPECIAL_ITEMS, len(play.paid), pile_only=True)

    def greedy(self, bot: GreedyBot, g: Game, who: int, card: int, missing: list[int]) -> Play | None:
        junk = bot.junk(g, who, self.effect(g.t, card).max)
        return Play(card, paid=tuple(junk)) if junk else None

    def strong(self, bot: StrongBot, g: Game, who: int, o: Outlook, card: int, draw_value: float,
               others: list[int]) -> Option | None:
        """Spare cards swapped away are worth nothing here; each brings a draw."""
        junk = o.spare(self.effect(g.t, card).max, (card,))
        if not junk:
            return None
        return Option(len(junk) * draw_value - self.keep, self.order, lambda: Play(card, paid=tuple(junk)))


KIND = SwapKind()
