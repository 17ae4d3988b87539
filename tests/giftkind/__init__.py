"""A special-item kind that exists only in the tests: `give_and_draw`, "give `give` cards to another player, then
draw `draw` cards". Its parameters, its checks, what it does, how a record writes it and how both bots weigh it
are all here: adding it to the travel game is this module, a card in game.yaml and the card's texts."""
from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar, Literal

from generator.games.travel.kinds.base import Count, EffectModel, Kind, Option, PlayArgs, Stretch
from generator.games.travel.rules import (
    NO_PLAYER, Part, Play, Rule, broke, card, free_cards, from_hand, itself_paid, multisets, no_forbidden, player,
)


class GiveAndDrawEffect(EffectModel):
    """Give `give` cards of your hand to another player, then draw `draw` cards."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("action",)
    kind: Literal["give_and_draw"]
    give: Count = 1
    draw: Count = 2


class GiveAndDraw(Kind[GiveAndDrawEffect]):
    name = "give_and_draw"
    family = "special"
    model = GiveAndDrawEffect
    playable = True
    keep = 0.05
    order = 8

    def plays(self, game, who: int, c: int) -> Iterator[Play]:
        for q in game.clockwise[who][1:]:
            for given in multisets(free_cards(game, who, c), self.effect(game.t, c).give):
                yield Play(c, q, given)

    def check(self, game, who: int, play: Play, announced: bool):
        """Another player; cards held (never the gift itself, never a forbidden item), exactly `give` of them."""
        t = game.t
        if play.other == who or play.other == NO_PLAYER:
            return broke(t, Rule.SPECIAL_ITEMS, "gift_self", {"player": player(who)}, Part("other"))
        hand = list(game.hands[who])
        hand.remove(play.card)
        v = (itself_paid(t, play.card, play.paid) or from_hand(t, hand, who, play.paid, Rule.SPECIAL_ITEMS, "paid")
             or no_forbidden(t, who, play.paid, "forbidden_cost", "paid"))
        if v is not None:
            return v
        give = self.effect(t, play.card).give
        if len(play.paid) != give:
            return broke(t, Rule.SPECIAL_ITEMS, "gift_count", {"card": card(play.card), "count": give,
                                                              "shown": len(play.paid)}, Part("paid", give))
        return None

    def apply(self, game, who: int, play: Play, taken: int = -1, padlock: int = -1) -> None:
        game.start_special(who, play.card)
        for x in play.paid:
            game.lose(who, x)
            game.gain(play.other, x)
        game.settle_together((who, play.other))
        game.draw_cards(who, self.effect(game.t, play.card).draw)
        game.discard.append(play.card)

    def read(self, parser, tok, i, n):
        """`PLAYER cards`: who gets which cards."""
        who = parser.player(tok, i, n)
        given, given_at, j = parser.cards(tok, i + 1, n)
        return PlayArgs(who, i, given, given_at), j

    def action(self, clause) -> Play:
        return Play(clause.card, clause.who, clause.a)

    def words(self, play: Play, rec):
        return ("play", rec.name(play.card), rec.setup.names[play.other], *rec.names(play.paid)), False

    def stretch(self, t, play: Play) -> Stretch:
        return Stretch(Rule.SPECIAL_ITEMS, self.effect(t, play.card).draw)

    def greedy(self, bot, g, who: int, c: int, missing: list[int]):
        give = self.effect(g.t, c).give
        junk = bot.junk(g, who, give)
        if len(junk) < give:
            return None
        return Play(c, g.clockwise[who][1], tuple(junk))

    def strong(self, bot, g, who: int, o, c: int, draw_value: float, others: list[int]):
        effect = self.effect(g.t, c)
        given, loss = o.cheapest(effect.give, (c,))
        if len(given) < effect.give:
            return None
        target = min(g.clockwise[who][1:], key=lambda q: (g.visited[q], len(g.hands[q]), q))  # the furthest behind
        return Option(effect.draw * draw_value - loss - self.keep, self.order, lambda: Play(c, target, tuple(given)))


KIND = GiveAndDraw()

#: the card, as game.yaml lists it among the special items
CARD = ("  - {id: gift-box, icon: 1F4E6, index: JOKER, "  # a parcel: an icon the content ships
        "effect: {kind: give_and_draw, timing: action, give: 1, draw: 2}}\n")
#: its words, and the reasons its checks give, in every language
TEXTS = {
    "en": {"name": "Gift Box", "text": "Action: give {give} card(s) to another player, then draw {draw}.",
           "gift_self": "{player} gives the Gift Box's cards to another player, not to themselves.",
           "gift_count": "{card} gives exactly {count} card(s); the record shows {shown}."},
    "ko": {"name": "선물 상자", "text": "행동: 다른 플레이어에게 카드 {give}장을 주고 {draw}장을 뽑습니다.",
           "gift_self": "{player}은(는) 선물 상자의 카드를 자신이 아닌 다른 플레이어에게 줍니다.",
           "gift_count": "{card}(으)로는 카드를 정확히 {count}장 줍니다. 기록에는 {shown}장입니다."},
    "ja": {"name": "ギフトボックス", "text": "アクション：ほかのプレイヤー1人にカード{give}枚を渡し、{draw}枚引く。",
           "gift_self": "{player}はギフトボックスのカードを自分ではなくほかのプレイヤーに渡します。",
           "gift_count": "{card}で渡すのはちょうど{count}枚です。記録では{shown}枚です。"},
}
