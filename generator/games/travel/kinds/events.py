"""The events (R21): resolved the moment they are drawn, for every player clockwise from the one who drew it, then
discarded. `everyone_draws`, `everyone_discards`, `pass_cards` ask each player for cards (a record writes each
player's part in brackets); `discard_forbidden` and `reshuffle_discard` happen by themselves."""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from .base import Count, EffectModel, Kind

if TYPE_CHECKING:
    from ..cards import Tables
    from ..engine import Game
    from ..state import GameState


class EveryoneDrawsEffect(EffectModel):
    """Every player draws `count` cards, starting with the player who drew the event."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("on_draw",)
    kind: Literal["everyone_draws"]
    count: Count = 1


class EveryoneDiscardsEffect(EffectModel):
    """Every player discards `count` cards of their choice (never a forbidden item)."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("on_draw",)
    kind: Literal["everyone_discards"]
    count: Count = 1


class PassCardsEffect(EffectModel):
    """Every player passes `count` cards of their choice to a neighbour, all at once."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("on_draw",)
    kind: Literal["pass_cards"]
    count: Count = 1
    direction: Literal["left", "right"] = "left"


class DiscardForbiddenEffect(EffectModel):
    """Every player discards every forbidden item they hold."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("on_draw",)
    kind: Literal["discard_forbidden"]


class ReshuffleDiscardEffect(EffectModel):
    """The discard pile is shuffled into the draw pile."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("on_draw",)
    kind: Literal["reshuffle_discard"]


class EveryoneDraws(Kind[EveryoneDrawsEffect]):
    name = "everyone_draws"
    family = "events"
    model = EveryoneDrawsEffect
    asks_players = True

    def count(self, t: Tables, card: int) -> int:
        return self.effect(t, card).count

    def resolve(self, game: Game, drawer: int, card: int) -> None:
        for q in game.clockwise[drawer]:
            game.oracle.event_player(game, q)
            game.draw_cards(q, self.effect(game.t, card).count)


class EveryoneDiscards(Kind[EveryoneDiscardsEffect]):
    name = "everyone_discards"
    family = "events"
    model = EveryoneDiscardsEffect
    asks_players = True

    def count(self, t: Tables, card: int) -> int:
        return self.effect(t, card).count

    def asks(self, game: GameState, player: int, card: int) -> int:
        """Forbidden items are never discarded this way (R30)."""
        return min(self.count(game.t, card), len(game.hands[player]) - game.forbidden_held[player])

    def resolve(self, game: Game, drawer: int, card: int) -> None:
        for q in game.clockwise[drawer]:
            game.oracle.event_player(game, q)
            for x in game.oracle.event_discards(game, q, self.asks(game, q, card)):
                game.to_discard(q, x)
            game.settle(q)


class PassCards(Kind[PassCardsEffect]):
    name = "pass_cards"
    family = "events"
    model = PassCardsEffect
    asks_players = True

    def count(self, t: Tables, card: int) -> int:
        return self.effect(t, card).count

    def asks(self, game: GameState, player: int, card: int) -> int:
        return min(self.count(game.t, card), len(game.hands[player]))

    def resolve(self, game: Game, drawer: int, card: int) -> None:
        """Every player picks, then all the cards change hands at once; a fourth postcard wins before anyone
        discards for the hand limit (R32)."""
        order = game.clockwise[drawer]
        picks = []
        for q in order:
            game.oracle.event_player(game, q)
            picks.append(game.oracle.event_passes(game, q, self.asks(game, q, card)))
        step = 1 if self.effect(game.t, card).direction == "left" else game.n - 1
        for q, cards in zip(order, picks):
            for x in cards:
                game.lose(q, x)
        for q, cards in zip(order, picks):
            for x in cards:
                game.gain((q + step) % game.n, x)
        for q in order:
            game.postcard_win(q)
        for q in order:
            game.oracle.event_settle(game, q)
            game.settle(q)


class DiscardForbidden(Kind[DiscardForbiddenEffect]):
    name = "discard_forbidden"
    family = "events"
    model = DiscardForbiddenEffect

    def resolve(self, game: Game, drawer: int, card: int) -> None:
        """Everyone, the Smuggler too (whose card lets them travel with forbidden items, not keep them here)."""
        for q in game.clockwise[drawer]:
            for x in [x for x in game.hands[q] if game.t.forbidden[x]]:
                game.to_discard(q, x)


class ReshuffleDiscard(Kind[ReshuffleDiscardEffect]):
    name = "reshuffle_discard"
    family = "events"
    model = ReshuffleDiscardEffect

    def resolve(self, game: Game, drawer: int, card: int) -> None:
        game.draw.extend(game.discard)
        game.discard.clear()
        game.pile_renewed = True


EVERYONE_DRAWS = EveryoneDraws()
EVERYONE_DISCARDS = EveryoneDiscards()
PASS_CARDS = PassCards()
DISCARD_FORBIDDEN = DiscardForbidden()
RESHUFFLE_DISCARD = ReshuffleDiscard()
