"""`steal_choice`: pay `cost` cards to look at another player's hand and take the card you choose (the
Binoculars). A steal, which a Padlock answers (R24)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, ClassVar, Literal

from pydantic import Field

from ..cards import ITEM
from ..rules import (
    Part, Play, Rule, TravelViolation, check_stolen, free_cards, itself_paid, may_steal_from, multisets, steal_target,
)
from .base import EffectModel, Kind, Option, PlayArgs

if TYPE_CHECKING:
    from ..bots import GreedyBot
    from ..engine import Game
    from ..notation import Clause, TurnParser
    from ..replay import Replay
    from ..simulate import Table
    from ..state import GameState
    from ..strong import Outlook, StrongBot
    from ..writer import Recorder


class StealChoiceEffect(EffectModel):
    """Pay `cost` cards, look at one player's hand and take the card you choose."""

    ALLOWED: ClassVar[tuple[str, ...]] = ("action",)
    kind: Literal["steal_choice"]
    cost: Annotated[int, Field(ge=0, le=5)] = 1


class StealChoiceKind(Kind[StealChoiceEffect]):
    name = "steal_choice"
    family = "special"
    model = StealChoiceEffect
    playable = True
    keep = 0.075
    order = 7

    def plays(self, game: GameState, who: int, card: int) -> Iterator[Play]:
        for q in game.clockwise[who][1:]:
            for paid in multisets(free_cards(game, who, card), self.effect(game.t, card).cost):
                for taken in sorted(set(game.hands[q])):
                    yield Play(card, q, paid, (taken,))

    def check(self, game: GameState, who: int, play: Play, announced: bool) -> TravelViolation | None:
        """A steal's target and payment (its own cost, never the card itself), then the card taken, which is known
        only once the hand is shown."""
        t = game.t
        hand = list(game.hands[who])
        hand.remove(play.card)
        v = itself_paid(t, play.card, play.paid) or steal_target(
            game, who, play.other, "other", play.paid, Rule.SPECIAL_ITEMS, None, self.effect(t, play.card).cost, hand,
            play.card)
        if v or announced:
            return v
        v = check_stolen(game, play.other, play.chosen, Rule.SPECIAL_ITEMS)
        if v is not None and v.part is not None:
            v.part = Part("chosen", v.part.nth)
        return v

    def steal_target(self, play: Play) -> int:
        return play.other

    def apply(self, game: Game, who: int, play: Play, taken: int = -1, padlock: int = -1) -> None:
        game.start_special(who, play.card)
        game.discard.append(play.card)
        game.take_from(who, play.other, list(play.paid), taken, padlock)

    def read(self, parser: TurnParser, tok: list[str], i: int, n: int) -> tuple[PlayArgs, int]:
        """`PLAYER [pay cards] [-> card]`, as a steal."""
        return parser.steal_args(tok, i, n)

    def action(self, clause: Clause) -> Play:
        return Play(clause.card, clause.who, clause.a, clause.b)

    def words(self, play: Play, rec: Recorder) -> tuple[tuple[str, ...], bool]:
        paid = ("pay", *rec.names(play.paid)) if play.paid else ()
        return ("play", rec.name(play.card), rec.setup.names[play.other], *paid), False

    def replay(self, replay: Replay, g: Game, who: int, clause: Clause, reaction: Clause | None, play: Play) -> int:
        """The card taken, or the Padlock that stopped the take (then the Padlock's clause is this play's too)."""
        taken, lock = replay.taken(g, clause, reaction, Rule.SPECIAL_ITEMS)
        replay.oracle.start(replay.after_steal(clause, reaction), Rule.SPECIAL_ITEMS, None, 0, who,
                            clause.b_at[0] if clause.b else clause.pos)
        self.apply(g, who, play, taken, lock)
        return 2 if lock >= 0 else 1

    def perform(self, table: Table, who: int, play: Play) -> None:
        rec = table.rec
        lock = table.padlock(who, play.other, play)
        if lock >= 0:
            if rec is not None:
                rec.reaction(play.other, lock)
            self.apply(table.g, who, play, -1, lock)
            return
        if rec is not None:
            rec.extend(("->", rec.name(play.chosen[0])))
        self.apply(table.g, who, play, play.chosen[0])

    def greedy(self, bot: GreedyBot, g: Game, who: int, card: int, missing: list[int]) -> Play | None:
        """An item it misses, from the first player (clockwise) who holds one."""
        if not missing:
            return None
        cost = self.effect(g.t, card).cost
        junk = bot.junk(g, who, cost)
        if len(junk) < cost:
            return None
        for q in g.clockwise[who][1:]:
            take = next((x for x in missing if x in g.hands[q]), -1)
            if take >= 0 and may_steal_from(g, q):
                return Play(card, q, tuple(junk), (take,))
        return None

    def strong(self, bot: StrongBot, g: Game, who: int, o: Outlook, card: int, draw_value: float,
               others: list[int]) -> Option | None:
        """The best card of the likeliest hand, as far as it can be guessed; once the hand is shown, the card
        that saves most (or hurts its holder most) is taken."""
        if not others:
            return None
        cost = self.effect(g.t, card).cost
        paid, paid_loss = o.cheapest(cost, (card,))
        if not paid and cost:
            return None
        target = max(others, key=lambda q: (bot.hand_guess(g, who, q, o), -q))

        def pick() -> Play:
            needs = g.t.side_needs[g.next_country(target)]
            taken = max(g.hands[target], key=lambda x: (o.gain(x) + (0.5 if x in needs else 0.0), -x))
            return Play(card, target, tuple(paid), (taken,))
        return Option(bot.hand_guess(g, who, target, o) - paid_loss - self.keep, self.order, pick)


KIND = StealChoiceKind()
