"""The travel game's rules as state changes: one `Game`, changed only by actions that passed `rules.check`.

Chance and in-between choices (which card is drawn, what a player discards for the hand limit or for an event,
what they pass) are asked of an *oracle*: the simulator's oracle rolls dice and asks the bots, the checker's
oracle reads the record and verifies each answer. So simulated games and recorded games go through the very same
rule code. Cards are small ints (see cards.py); hands are plain lists in the order the cards arrived. What a card
of an effect kind does (an event drawn, a special item played) is its kind's (kinds/), which calls the changes
here.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from .cards import DECK_EXTENSIONS, EVENT, ITEM, POSTCARD, Tables
from .rules import Play, first_player, player_rules
from .state import WIN_CENTRE, WIN_POSTCARDS, GameState, Setup


class GameOver(Exception):
    """Raised the moment a player wins: the game stops wherever it was (R20, R32)."""


class Oracle(Protocol):
    """Answers the questions the rules leave to chance or to a player's choice."""

    def draw(self, game: Game, player: int) -> int:
        """Remove one card from `game.draw` (never empty here) and return it."""

    def reshuffled(self, game: Game) -> None:
        """The discard pile has just become the draw pile (R19)."""

    def limit_discard(self, game: Game, player: int) -> int:
        """A card `player` discards because they hold more than their hand limit (never a forbidden item)."""

    def event_begin(self, game: Game, player: int, card: int) -> None:
        """`player` drew event `card`; its resolution follows."""

    def event_player(self, game: Game, player: int) -> None:
        """The event now concerns `player` (clockwise from the drawer)."""

    def event_end(self, game: Game) -> None:
        """The event is resolved."""

    def event_discards(self, game: Game, player: int, count: int) -> list[int]:
        """`count` non-forbidden cards `player` discards for an everyone-discards event."""

    def event_passes(self, game: Game, player: int, count: int) -> list[int]:
        """`count` cards `player` passes to a neighbour for a pass-cards event."""

    def event_settle(self, game: Game, player: int) -> None:
        """The cards of a pass-cards event have all changed hands: `player`'s discards for the hand limit, if
        any, follow (they belong to that player's part of the event)."""


def draw_pile_for(tables: Tables, setup: Setup) -> list[int]:
    """R5, R6: the item cards not dealt, plus every card of the chosen deck extensions."""
    pile: list[int] = []
    dealt = [0] * tables.n_cards
    for hand in setup.hands:
        for card in hand:
            dealt[card] += 1
    for card in tables.by_family[ITEM]:
        pile.extend([card] * (tables.copies[card] - dealt[card]))  # (none when all are dealt)
    for name, fam in DECK_EXTENSIONS.items():
        if name in setup.extensions:
            pile.extend(tables.by_family[fam])
    return pile


class Game(GameState):
    """The table and its state changes: each action, chance and choice as the rules make it happen."""

    def __init__(self, tables: Tables, setup: Setup, oracle: Oracle, draw_pile: list[int] | None = None):
        super().__init__(tables, setup, player_rules(tables, setup.characters), first_player(tables, setup),
                         draw_pile if draw_pile is not None else draw_pile_for(tables, setup))
        self.oracle = oracle

    # -- what a player holds -------------------------------------------------------------------------------

    def gain(self, p: int, c: int) -> None:
        self.hands[p].append(c)
        self._count(p, c, 1)

    def lose(self, p: int, c: int) -> None:
        self.hands[p].remove(c)
        self._count(p, c, -1)

    def _count(self, p: int, c: int, step: int) -> None:
        """Keep the counts of what `p` holds that the rules ask about: forbidden items, postcards, limit bonus."""
        t = self.t
        if t.forbidden[c]:
            self.forbidden_held[p] += step
        elif t.postcard[c]:
            self.postcards_held[p] += step
        self.limit_bonus[p] += step * t.limit_bonus[c]

    def to_discard(self, p: int, c: int) -> None:
        self.lose(p, c)
        self.discard.append(c)

    def settle(self, p: int) -> None:
        """After `p`'s hand or limit changed: four postcards win at once; over the limit (which may have
        fallen), discard down at once (forbidden items are never discarded for it)."""
        self.postcard_win(p)
        hand = self.hands[p]
        while len(hand) > self.hand_limit(p) and len(hand) > self.forbidden_held[p]:
            self.to_discard(p, self.oracle.limit_discard(self, p))

    def settle_together(self, players: Iterable[int]) -> None:
        """After several hands changed at one moment (a trade, a swap): a fourth postcard wins before anyone
        discards for the limit (R32: at once, at any moment; nothing happens after the win)."""
        players = list(players)
        for p in players:
            self.postcard_win(p)
        for p in players:
            self.settle(p)

    def postcard_win(self, p: int) -> None:
        if self.postcards_held[p] >= self.params[p].postcards_to_win:
            self.win_card = next(c for c in reversed(self.hands[p]) if self.t.family[c] == POSTCARD)
            self._win(p, WIN_POSTCARDS)

    def _win(self, p: int, how: str) -> None:
        self.winner = p
        self.win_how = how
        self.turn_over = True
        raise GameOver

    # -- the piles -----------------------------------------------------------------------------------------

    def reshuffle(self) -> None:
        """R19: the discard pile becomes the new draw pile."""
        self.draw.extend(self.discard)
        self.discard.clear()
        self.reshuffles += 1
        self.pile_renewed = True
        self.oracle.reshuffled(self)

    def draw_cards(self, p: int, n: int) -> int:
        """`p` draws `n` cards; an event among them is resolved at once and not replaced: the rulebook says
        nothing of a replacement. Returns the cards drawn."""
        got = 0
        while got < n:
            if not self.draw:
                if not self.discard:
                    return got
                self.reshuffle()
            c = self.oracle.draw(self, p)
            if not self.draw and self.discard:
                self.reshuffle()
            got += 1
            if self.t.family[c] == EVENT:
                self._event(p, c)
            else:
                self.gain(p, c)
                self.settle(p)
        return got

    def _event(self, p: int, c: int) -> None:
        """An event drawn by `p`: resolved by its kind, clockwise from `p`, then discarded (R21)."""
        self.oracle.event_begin(self, p, c)
        self.t.kind[c].resolve(self, p, c)
        self.oracle.event_end(self)
        self.discard.append(c)

    # -- turns ---------------------------------------------------------------------------------------------

    def begin_turn(self) -> None:
        """One action to take (an empty hand first makes the empty-hand draw: `act_empty_hand_draw`)."""
        self.actions_left = 1
        self.actions_taken = 0
        self.started_empty = not self.hands[self.active]
        self.refilled = False
        self.travelled_this_turn = False
        self.dropped_this_turn = False
        self.turn_over = False

    def end_turn(self) -> None:
        self.turn += 1
        self.active = (self.active + 1) % self.n

    # -- actions (each passed rules.check) -------------------------------------------------------------------

    def take_action(self) -> None:
        """One of the turn's actions is used (a cancelled one too)."""
        self.actions_left -= 1
        self.actions_taken += 1
        self.actions += 1

    def act_empty_hand_draw(self, p: int) -> None:
        """Not an action."""
        self.refilled = True
        self.draw_cards(p, self.params[p].empty_hand_draw)

    def act_draw(self, p: int) -> None:
        """R9: one card from the draw pile."""
        self.take_action()
        self.draw_cards(p, 1)

    def act_recycle(self, p: int, paid: list[int], taken: list[int]) -> None:
        """R10: pay to the discard pile, then take cards of your choice from it."""
        self.pay_recycle(p, paid)
        self.take_recycled(p, taken)

    def pay_recycle(self, p: int, paid: list[int]) -> None:
        """R10's payment. R17 holds at every moment: a Big Suitcase paid lowers the limit at once, so the discard
        for it is made before anything is taken (and that card may be taken back)."""
        self.take_action()
        for c in paid:
            self.to_discard(p, c)
        if len(self.hands[p]) > self.hand_limit(p):
            self.settle(p)

    def take_recycled(self, p: int, taken: list[int]) -> None:
        for c in taken:
            self.discard.remove(c)
            self.gain(p, c)
        self.settle(p)

    def act_trade(self, p: int, q: int, give: list[int], get: list[int]) -> None:
        """R11, R12: exchange face up, then the active player alone draws the trade bonus."""
        self.take_action()
        self._hand_over(p, q, give)
        self._hand_over(q, p, get)
        self.settle_together((p, q))
        self.draw_cards(p, self.params[p].trade_bonus_draw)

    def _hand_over(self, giver: int, taker: int, cards: list[int]) -> None:
        """Cards pass from one hand to another (the limits are settled once the whole exchange is done)."""
        for c in cards:
            self.lose(giver, c)
            self.gain(taker, c)

    def take_from(self, p: int, q: int, paid: list[int], taken: int, padlock: int) -> None:
        """A steal's payment, then its take: `taken` from `q`'s hand, unless `padlock` (q's) stops it (R24)."""
        for c in paid:
            self.to_discard(p, c)
        if len(self.hands[p]) > self.hand_limit(p):  # a Big Suitcase paid as the cost lowered the thief's limit:
            self.settle(p)                            # it holds at every moment, before anything is taken
        if padlock >= 0:
            self.to_discard(q, padlock)
            self.turn_over = True
            return
        self.lose(q, taken)
        self.gain(p, taken)
        self.settle(p)
        self.settle(q)  # the card taken may have raised q's limit: the limit holds at every moment

    def act_steal(self, p: int, q: int, paid: list[int], taken: int, padlock: int = -1) -> None:
        """R13: pay, then take a random card from `q` (chosen by the caller); a padlock stops the take (R24)."""
        self.take_action()
        self.take_from(p, q, paid, taken, padlock)

    def act_travel(self, p: int, used: list[int]) -> None:
        """R15: discard the cards used, keep the rest, draw the travel bonus; the centre wins at once (R20)."""
        self.take_action()
        self.travelled_this_turn = True
        if self.visited[p]:
            hand = self.hands[p]
            self.win_card = max(used, key=hand.index)
            for c in used:
                self.to_discard(p, c)
            self._win(p, WIN_CENTRE)
        for c in used:
            self.to_discard(p, c)
        self.visited[p] = True
        self.draw_cards(p, self.params[p].travel_bonus_draw)

    def act_drop(self, p: int, forbidden: int, other: int) -> None:
        """R29: a forbidden item leaves with exactly one other, non-forbidden card, and that is the whole turn (an
        extra action left is lost)."""
        self.take_action()
        self.to_discard(p, forbidden)
        self.to_discard(p, other)
        self.settle(p)
        self.dropped_this_turn = True
        self.turn_over = True

    def act_play(self, p: int, play: Play, taken: int = -1, padlock: int = -1) -> None:
        """A special item played (R23), as its kind makes it happen; `taken` and `padlock` for one that steals."""
        self.t.kind[play.card].apply(self, p, play, taken, padlock)

    def cancel(self, p: int, q: int, trap: int) -> None:
        """`q` answers `p`'s announced action with `trap`: nothing happens, but the action was taken, and `p`'s
        turn ends."""
        self.take_action()
        self.to_discard(q, trap)
        self.turn_over = True

    # -- what every special item does when played (R23): it leaves the hand, and is discarded after use --------

    def start_special(self, p: int, c: int) -> None:
        """Card `c` leaves `p`'s hand as it is played; played as the action, it uses the turn's action."""
        self.lose(p, c)
        if self.t.timing[c] == "action":
            self.take_action()
