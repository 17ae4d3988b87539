"""`search_draw_pile`: play it to look through the draw pile and take `take` cards of your choice, items only when
`only_items` (the Local Guide; R26: the draw pile only)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar, Literal

from ..cards import ITEM
from ..rules import NO_PLAYER, Part, Play, Rule, TravelViolation, broke, card, character_not_card, multisets
from .base import Count, EffectModel, Kind, Option, PlayArgs, Stretch

if TYPE_CHECKING:
    from ..bots import GreedyBot
    from ..cards import Tables
    from ..engine import Game
    from ..notation import Clause, TurnParser
    from ..simulate import Table
    from ..state import GameState
    from ..strong import Outlook, StrongBot


class SearchEffect(EffectModel):
    """Look through the draw pile, take `take` cards of your choice, shuffle the pile."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("action",)
    kind: Literal["search_draw_pile"]
    take: Count = 1
    only_items: bool = True


class SearchKind(Kind[SearchEffect]):
    name = "search_draw_pile"
    family = "special"
    model = SearchEffect
    playable = True
    keep = 0.15
    order = 5

    def _pool(self, game: GameState, card: int) -> list[int]:
        """The cards of the draw pile it may take."""
        effect = self.effect(game.t, card)
        return [x for x in game.draw if not effect.only_items or game.t.family[x] == ITEM]

    def plays(self, game: GameState, who: int, card: int) -> Iterator[Play]:
        pool = self._pool(game, card)
        for chosen in multisets(pool, min(self.effect(game.t, card).take, len(pool))):
            yield Play(card, chosen=chosen)

    def check(self, game: GameState, who: int, play: Play, announced: bool) -> TravelViolation | None:
        """The cards taken come from the draw pile (R26), items only if so, as many as it says (fewer when the
        pile holds fewer)."""
        if announced:
            return None
        t = game.t
        effect = self.effect(t, play.card)
        pile = list(game.draw)
        for i, x in enumerate(play.chosen):
            part = Part("chosen", i)
            if x < 0:
                return character_not_card(t, x, part)
            if effect.only_items and t.family[x] != ITEM:
                return broke(t, Rule.SPECIAL_ITEMS, "search_items_only", {"card": card(x)}, part)
            if x not in pile:
                key = "search_in_discard" if x in game.discard else "search_not_in_pile"
                return broke(t, Rule.DRAW_PILE_ONLY, key, {"card": card(x)}, part)
            pile.remove(x)
        take = min(effect.take, len(self._pool(game, play.card)))
        if len(play.chosen) != effect.take and len(play.chosen) != take:
            return broke(t, Rule.SPECIAL_ITEMS, "search_take", {"card": card(play.card), "count": take,
                                                                "shown": len(play.chosen)}, Part("chosen", take))
        return None

    def apply(self, game: Game, who: int, play: Play, taken: int = -1, padlock: int = -1) -> None:
        """Take the cards from the draw pile, which is then shuffled; taking its last card renews it at once from
        the discard pile, as drawing it would (R19), before the card played is discarded."""
        game.start_special(who, play.card)
        for x in play.chosen:
            game.draw.remove(x)
            game.gain(who, x)
            if not game.draw and game.discard:
                game.reshuffle()
        game.discard.append(play.card)
        game.settle(who)

    def read(self, parser: TurnParser, tok: list[str], i: int, n: int) -> tuple[PlayArgs, int]:
        """`-> cards`; the arrow may be left out, as after a Lucky Coin: the cards are those taken."""
        arrow = i if parser.is_arrow(tok, i, n) else -1
        taken, taken_at, i = parser.cards(tok, i + (arrow >= 0), n)
        return PlayArgs(arrow=arrow, b=taken, b_at=taken_at), i

    def action(self, clause: Clause) -> Play:
        return Play(clause.card, NO_PLAYER, (), clause.b)

    def stretch(self, t: Tables, play: Play) -> Stretch:
        return Stretch(Rule.DRAW_PILE_ONLY)

    def perform(self, table: Table, who: int, play: Play) -> None:
        if table.rec is not None:
            table.rec.extend(("->", *table.rec.names(play.chosen)))
        self.apply(table.g, who, play)

    def greedy(self, bot: GreedyBot, g: Game, who: int, card: int, missing: list[int]) -> Play | None:
        """The items it misses, if the pile holds them; else whatever the pile holds."""
        if not missing or not g.draw:
            return None
        take = self.effect(g.t, card).take
        pool = self._pool(g, card)
        chosen = [x for x in missing if x in pool][:take]
        for x in pool:
            if len(chosen) >= min(take, len(pool)):
                break
            if chosen.count(x) < pool.count(x):
                chosen.append(x)
        return Play(card, chosen=tuple(chosen)) if chosen else None

    def strong(self, bot: StrongBot, g: Game, who: int, o: Outlook, card: int, draw_value: float,
               others: list[int]) -> Option | None:
        """The best missing item, times the chance a copy is in the draw pile; once played, the pile is ours to
        look through, and the cards that save most are taken."""
        if not g.draw:
            return None
        share = min(1.0, len(g.draw) / o.unknown_total)
        best = max((gain * (1 - (1 - share) ** unknown) for c, unknown, gain in o.pool
                    if gain > 0 and g.t.family[c] == ITEM), default=0.0)

        def pick() -> Play:
            seen = bot.outlook(g, who)
            pool = sorted(set(self._pool(g, card)), key=lambda x: (-seen.gain(x), x))
            return Play(card, chosen=tuple(pool[:min(self.effect(g.t, card).take, len(pool))]))
        return Option(best - self.keep, self.order, pick)


KIND = SearchKind()
