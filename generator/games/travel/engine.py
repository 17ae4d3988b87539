"""The travel game's rules as state changes: one `Game`, mutated by actions whose legality the caller checked.

Chance and in-between choices (which card is drawn, what a player discards for the hand limit or for an event,
what they pass) are asked of an *oracle*: the simulator's oracle rolls dice and asks the bots, the checker's
oracle reads the record and verifies each answer. So simulated games and recorded games go through the very same
rule code. Cards are small ints (see cards.py); hands are plain lists in the order the cards arrived.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .cards import (
    DECK_EXTENSIONS, EVENT, F_FORBIDDEN, F_POSTCARD, ITEM, K_EV_DISCARDS, K_EV_DRAWS, K_EV_FORBIDDEN, K_EV_PASS,
    K_EV_RESHUFFLE, POSTCARD, Tables,
)

WIN_CENTRE = "centre"
WIN_POSTCARDS = "postcards"


class GameOver(Exception):
    """Raised the moment a player wins: the game stops wherever it was (R20, R32)."""


class Oracle(Protocol):
    """Answers the questions the rules leave to chance or to a player's choice."""

    def draw(self, game: "Game", player: int) -> int:
        """Remove one card from `game.draw` (never empty here) and return it."""

    def reshuffled(self, game: "Game") -> None:
        """The discard pile has just become the draw pile (R19)."""

    def limit_discard(self, game: "Game", player: int) -> int:
        """A card `player` discards because they hold more than their hand limit (never a forbidden item)."""

    def event_begin(self, game: "Game", player: int, card: int) -> None:
        """`player` drew event `card`; its resolution follows."""

    def event_player(self, game: "Game", player: int) -> None:
        """The event now concerns `player` (clockwise from the drawer)."""

    def event_end(self, game: "Game") -> None:
        """The event is resolved."""

    def event_discards(self, game: "Game", player: int, count: int) -> list[int]:
        """`count` non-forbidden cards `player` discards for an everyone-discards event."""

    def event_passes(self, game: "Game", player: int, count: int) -> list[int]:
        """`count` cards `player` passes to a neighbour for a pass-cards event."""


@dataclass
class Setup:
    """Who sits where with what: the part of a game fixed before the first turn."""

    names: list[str]
    passports: list[int]
    transits: list[int]         # country side per player
    characters: list[int]       # character index per player, -1 without the characters extension
    centre: int                 # country side
    extensions: frozenset[str]
    hands: list[list[int]]      # the dealt item cards (the passport is added to the hand by the game)


def first_player(tables: Tables, transits: list[int], centre: int) -> int:
    """R7: the transit capital closest to the centre capital starts. Distances within `start_tie_km` of the
    nearest count as a tie (no map at a table tells 1,250 km from 1,251 km), and a tie goes to the earlier seat."""
    distances = [tables.side_distance[side][centre] for side in transits]
    nearest = min(distances)
    return next(seat for seat, km in enumerate(distances) if km <= nearest + tables.rules["start_tie_km"])


def player_rules(tables: Tables, characters: list[int]) -> list[dict[str, object]]:
    """Each player's rule parameters: the base rules, changed by their own character only (R34). The dicts
    are the tables' own, shared by every game: read them, never change them."""
    return [tables.character_rules[c] if c >= 0 else tables.rules for c in characters]


_ROTATIONS: dict[int, list[list[int]]] = {}


def rotations(n: int) -> list[list[int]]:
    """Per player, every seat clockwise starting with theirs (shared lists: never change them)."""
    rot = _ROTATIONS.get(n)
    if rot is None:
        rot = _ROTATIONS[n] = [[(p + k) % n for k in range(n)] for p in range(n)]
    return rot


def draw_pile_for(tables: Tables, setup: Setup) -> list[int]:
    """R5, R6: the item cards not dealt, plus every card of the chosen deck extensions."""
    pile: list[int] = []
    dealt = [0] * tables.n_cards
    for hand in setup.hands:
        for card in hand:
            dealt[card] += 1
    for card in tables.by_family[ITEM]:
        pile.extend([card] * max(0, tables.copies[card] - dealt[card]))
    for name, fam in DECK_EXTENSIONS.items():
        if name in setup.extensions:
            pile.extend(tables.by_family[fam])
    return pile


class Game:
    """The whole table: hands, piles, who has travelled where, whose turn it is, who won."""

    __slots__ = (
        "t", "n", "names", "oracle", "hands", "draw", "discard", "visited", "transit", "centre", "characters",
        "extensions", "par", "limit", "bonus", "nforb", "npost", "twf", "to_win", "rot", "start", "active",
        "turn", "actions_left", "turn_over", "winner", "win_how", "win_card", "reshuffles",
    )

    def __init__(self, tables: Tables, setup: Setup, oracle: Oracle, draw_pile: list[int] | None = None):
        n = len(setup.names)
        self.t = tables
        self.n = n
        self.names = setup.names
        self.oracle = oracle
        self.hands = [[passport] + list(hand) for passport, hand in zip(setup.passports, setup.hands)]
        self.draw = draw_pile if draw_pile is not None else draw_pile_for(tables, setup)
        self.discard: list[int] = []
        self.visited = [False] * n
        self.transit = list(setup.transits)
        self.centre = setup.centre
        self.characters = list(setup.characters)
        self.extensions = setup.extensions
        self.par = player_rules(tables, setup.characters)
        self.limit = [int(p["hand_limit"]) for p in self.par]
        self.twf = [bool(p["travel_with_forbidden"]) for p in self.par]
        self.to_win = [int(p["postcards_to_win"]) for p in self.par]
        self.bonus = [0] * n
        self.nforb = [0] * n
        self.npost = [0] * n
        self.rot = rotations(n)
        self.start = first_player(tables, setup.transits, setup.centre)
        self.active = self.start
        self.turn = 0
        self.actions_left = 0
        self.turn_over = False
        self.winner = -1
        self.win_how = ""
        self.win_card = -1
        self.reshuffles = 0

    # -- what a player holds -------------------------------------------------------------------------------

    def dest(self, p: int) -> int:
        """The country side `p` travels to next: the transit country, then the centre (R16)."""
        return self.centre if self.visited[p] else self.transit[p]

    def hand_limit(self, p: int) -> int:
        return self.limit[p] + self.bonus[p]

    def gain(self, p: int, c: int) -> None:
        self.hands[p].append(c)
        f = self.t.flag[c]
        if f:
            if f == F_FORBIDDEN:
                self.nforb[p] += 1
            elif f == F_POSTCARD:
                self.npost[p] += 1
            else:
                self.bonus[p] += self.t.limit_bonus[c]

    def lose(self, p: int, c: int) -> None:
        self.hands[p].remove(c)
        f = self.t.flag[c]
        if f:
            if f == F_FORBIDDEN:
                self.nforb[p] -= 1
            elif f == F_POSTCARD:
                self.npost[p] -= 1
            else:
                self.bonus[p] -= self.t.limit_bonus[c]

    def to_discard(self, p: int, c: int) -> None:
        self.lose(p, c)
        self.discard.append(c)

    def settle(self, p: int) -> None:
        """After `p` gained cards: four postcards win at once (R32); over the limit, discard down (R17)."""
        if self.npost[p] >= self.to_win[p]:
            hand = self.hands[p]
            self.win_card = next(c for c in reversed(hand) if self.t.family[c] == POSTCARD)
            self._win(p, WIN_POSTCARDS)
        hand = self.hands[p]
        while len(hand) > self.limit[p] + self.bonus[p] and len(hand) > self.nforb[p]:
            self.to_discard(p, self.oracle.limit_discard(self, p))

    def _win(self, p: int, how: str) -> None:
        self.winner = p
        self.win_how = how
        self.turn_over = True
        raise GameOver

    # -- the piles -----------------------------------------------------------------------------------------

    def _reshuffle(self) -> None:
        """R19: the discard pile becomes the new draw pile."""
        self.draw.extend(self.discard)
        self.discard.clear()
        self.reshuffles += 1
        self.oracle.reshuffled(self)

    def draw_n(self, p: int, n: int) -> int:
        """`p` draws `n` cards; an event resolves at once and is replaced (R21). Returns the cards gained."""
        got = 0
        t = self.t
        family = t.family
        flag = t.flag
        oracle = self.oracle
        pile = self.draw
        hand = self.hands[p]
        while got < n:
            if not pile:
                if not self.discard:
                    return got
                self._reshuffle()
            c = oracle.draw(self, p)
            if not pile and self.discard:
                self._reshuffle()
            if family[c] == EVENT:
                self._event(p, c)
                continue
            got += 1
            if flag[c]:
                self.gain(p, c)
                self.settle(p)
            else:
                hand.append(c)
                if len(hand) > self.limit[p] + self.bonus[p]:
                    self.settle(p)
        return got

    def _event(self, p: int, c: int) -> None:
        t = self.t
        kind = t.kind[c]
        eff = t.effect[c]
        oracle = self.oracle
        oracle.event_begin(self, p, c)
        order = self.rot[p]
        if kind == K_EV_DRAWS:
            for q in order:
                oracle.event_player(self, q)
                self.draw_n(q, eff.count)
        elif kind == K_EV_DISCARDS:
            for q in order:
                oracle.event_player(self, q)
                count = min(eff.count, len(self.hands[q]) - self.nforb[q])
                for x in oracle.event_discards(self, q, count):
                    self.to_discard(q, x)
        elif kind == K_EV_PASS:
            picks = []
            for q in order:
                oracle.event_player(self, q)
                picks.append(oracle.event_passes(self, q, min(eff.count, len(self.hands[q]))))
            step = 1 if eff.direction == "left" else self.n - 1
            for q, cards in zip(order, picks):
                for x in cards:
                    self.lose(q, x)
            for q, cards in zip(order, picks):
                for x in cards:
                    self.gain((q + step) % self.n, x)
            for q in order:
                self.settle(q)
        elif kind == K_EV_FORBIDDEN:
            for q in order:
                if self.nforb[q] and not self.twf[q]:
                    for x in [x for x in self.hands[q] if t.flag[x] == F_FORBIDDEN]:
                        self.to_discard(q, x)
        elif kind == K_EV_RESHUFFLE:
            self.draw.extend(self.discard)
            self.discard.clear()
        oracle.event_end(self)
        self.discard.append(c)

    # -- turns ---------------------------------------------------------------------------------------------

    def begin_turn(self) -> None:
        """One action to take; an empty hand first draws `empty_hand_draw` cards, not an action (R18)."""
        self.actions_left = 1
        self.turn_over = False
        p = self.active
        if not self.hands[p]:
            self.draw_n(p, self.par[p]["empty_hand_draw"])

    def end_turn(self) -> None:
        self.turn += 1
        self.active = (self.active + 1) % self.n

    # -- actions (the caller has checked they are legal) ----------------------------------------------------

    def act_draw(self, p: int) -> None:
        """R9."""
        self.actions_left -= 1
        self.draw_n(p, 1)

    def act_recycle(self, p: int, paid: list[int], taken: list[int]) -> None:
        """R10: pay to the discard pile, then take cards of your choice from it."""
        self.actions_left -= 1
        for c in paid:
            self.to_discard(p, c)
        for c in taken:
            self.discard.remove(c)
            self.gain(p, c)
        self.settle(p)

    def act_trade(self, p: int, q: int, give: list[int], get: list[int]) -> None:
        """R11, R12: exchange face up, then the active player alone draws the trade bonus."""
        self.actions_left -= 1
        for c in give:
            self.lose(p, c)
        for c in get:
            self.lose(q, c)
        for c in give:
            self.gain(q, c)
        for c in get:
            self.gain(p, c)
        self.settle(p)
        self.settle(q)
        self.draw_n(p, self.par[p]["trade_bonus_draw"])

    def _take_from(self, p: int, q: int, paid: list[int], taken: int, padlock: int) -> None:
        for c in paid:
            self.to_discard(p, c)
        if padlock >= 0:
            self.to_discard(q, padlock)
            self.turn_over = True
            return
        self.lose(q, taken)
        self.gain(p, taken)
        self.settle(p)

    def act_steal(self, p: int, q: int, paid: list[int], taken: int, padlock: int = -1) -> None:
        """R13: pay, then take a random card from `q` (chosen by the caller); a padlock stops the take (R24)."""
        self.actions_left -= 1
        self._take_from(p, q, paid, taken, padlock)

    def travel_cards(self, p: int, chosen: list[tuple[int, int]] = ()) -> tuple[list[int], list[int]]:
        """The cards a travel uses and the needed items still missing.

        `chosen`: stand-ins the player names, each with the item it replaces (-1: whichever is missing); the
        caller has checked them. Then real items are used, then any stand-in allowed here (R25, R27), the
        transit-only ones first.
        """
        t = self.t
        hand = list(self.hands[p])
        missing = list(t.side_needs[self.dest(p)])
        used: list[int] = []
        for standin, item in chosen:
            if item < 0:
                item = next((m for m in missing if m not in hand), missing[-1] if missing else -1)
            if item in missing and standin in hand:
                missing.remove(item)
                hand.remove(standin)
                used.append(standin)
        for item in list(missing):
            if item in hand:
                hand.remove(item)
                missing.remove(item)
                used.append(item)
        if missing:
            scopes = ("transit", "any") if not self.visited[p] else ("any",)
            for scope in scopes:
                for c in [c for c in hand if t.standin[c] == scope]:
                    if missing:
                        missing.pop()
                        used.append(c)
        return used, missing

    def act_travel(self, p: int, used: list[int]) -> None:
        """R15: discard the cards used, keep the rest, draw the travel bonus; the centre wins at once (R20)."""
        self.actions_left -= 1
        if self.visited[p]:
            hand = self.hands[p]
            self.win_card = max(used, key=hand.index)
            for c in used:
                self.to_discard(p, c)
            self._win(p, WIN_CENTRE)
        for c in used:
            self.to_discard(p, c)
        self.visited[p] = True
        self.draw_n(p, self.par[p]["travel_bonus_draw"])

    def act_drop(self, p: int, forbidden: int, other: int) -> None:
        """R29: a forbidden item leaves with exactly one other, non-forbidden card."""
        self.actions_left -= 1
        self.to_discard(p, forbidden)
        self.to_discard(p, other)

    def cancel(self, p: int, q: int, trap: int) -> None:
        """R24: `q` answers `p`'s announced action with `trap`: nothing happens and `p`'s turn ends."""
        self.to_discard(q, trap)
        self.turn_over = True

    # -- special items (R23); each leaves the hand when played and is discarded after use --------------------

    def _start_special(self, p: int, c: int) -> None:
        self.lose(p, c)
        if self.t.timing[c] == "action":
            self.actions_left -= 1

    def play_draw(self, p: int, c: int) -> None:
        self._start_special(p, c)
        self.draw_n(p, self.t.effect[c].count)
        self.discard.append(c)

    def play_search(self, p: int, c: int, taken: list[int]) -> None:
        """Take cards of your choice from the draw pile (R26), which is then shuffled."""
        self._start_special(p, c)
        for x in taken:
            self.draw.remove(x)
            self.gain(p, x)
        self.discard.append(c)
        self.settle(p)

    def play_swap(self, p: int, c: int, cards: list[int]) -> None:
        """Discard some cards and draw as many from the draw pile (R26)."""
        self._start_special(p, c)
        for x in cards:
            self.to_discard(p, x)
        self.draw_n(p, len(cards))
        self.discard.append(c)

    def play_steal_choice(self, p: int, c: int, q: int, paid: list[int], taken: int, padlock: int = -1) -> None:
        self._start_special(p, c)
        self.discard.append(c)
        self._take_from(p, q, paid, taken, padlock)

    def play_extra(self, p: int, c: int) -> None:
        """Not an action: one more action this turn."""
        self.lose(p, c)
        self.discard.append(c)
        self.actions_left += 1
