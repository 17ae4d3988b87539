"""Players for simulated games: a random-legal bot and a greedy bot (the strong bot is in strong.py).

A bot's turn is `act(game, player) -> Action`: an action record of rules.py that `rules.check` accepts (the
table refuses any other), like a move taken from python-chess's `legal_moves`. Bots see what a player at the
table sees: their own hand, the discard pile, hand sizes, everyone's countries (face up) and who has
travelled; they also answer the engine's questions (discards, passes, trade offers, reactions).
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import ITEM, PASSPORT, Tables
from .engine import Game
from .rules import (
    Action, Draw, Drop, LimitDiscard, Play, Recycle, Steal, Trade, Travel, check, check_asked, check_choice,
    legal_actions, may_steal_from, recycle_cost, steal_cost, steal_target_of,
)


def base_value(t: Tables, c: int) -> int:
    """What the greedy bot minds losing card `c` before it looks at its own needs: an item 1, a passport 100, an
    extension card what its kind says."""
    fam = t.family[c]
    if fam == ITEM:
        return 1
    if fam == PASSPORT:
        return 100
    return t.kind[c].greedy_value


def card_value(g: Game, p: int, c: int, index: int, hand: list[int]) -> int:
    """How much `p` wants to keep the card at `index` of their hand (duplicates beyond need are junk)."""
    t = g.t
    fam = t.family[c]
    if fam == ITEM:
        need = t.side_needs[g.next_country(p)]
        later = t.side_needs[g.centre] if not g.visited[p] else ()
        want_now = need.count(c)
        want = want_now + later.count(c)
        if not want:
            return 1
        seen = hand[:index].count(c)
        return 50 if seen < want_now else 20 if seen < want else 2
    if fam == PASSPORT:
        return 100 if not any(t.family[x] == PASSPORT for x in hand[:index]) else 3
    if t.standin[c] == "transit" and g.visited[p]:
        return 1
    if t.postcard[c]:
        return 10 + 10 * g.postcards_held[p]
    return base_value(t, c)


def may_let_go(g: Game, p: int, c: int) -> bool:
    """Whether `p` may let card `c` go as a cost or a discard (never a forbidden item): the rules' answer for a
    hand-limit discard, asked of rules.py rather than known here."""
    return check_choice(g, p, LimitDiscard(c)) is None


def least_useful(g: Game, p: int, skip: tuple[int, ...] = ()) -> int:
    """The card `p` may let go and minds losing least (-1 if none)."""
    hand = g.hands[p]
    best, best_value = -1, 1 << 30
    for i, c in enumerate(hand):
        if c in skip or not may_let_go(g, p, c):
            continue
        v = card_value(g, p, c, i, hand)
        if v < best_value:
            best, best_value = c, v
    return best


def junk_cards(g: Game, p: int, limit: int = 2) -> list[int]:
    """Up to `limit` cards worth (almost) nothing to `p` (the cards `card_value` rates 2 or less): items beyond
    what its next countries need, a transit-only stand-in once the transit is done. Never forbidden items."""
    t = g.t
    hand = g.hands[p]
    need = t.side_needs[g.next_country(p)]
    later: tuple[int, ...] = () if g.visited[p] else t.side_needs[g.centre]
    family = t.family
    out: list[int] = []
    if limit <= 0:
        return out
    for i, c in enumerate(hand):
        if family[c] == ITEM:
            if (c in need or c in later) and hand[:i].count(c) < need.count(c) + later.count(c):
                continue
        elif not (t.standin[c] == "transit" and g.visited[p]):
            continue
        out.append(c)
        if len(out) == limit:
            break
    return out


class GreedyBot:
    """Collects what its next country needs, steals when it pays, clears forbidden items, uses specials."""

    name = "greedy"

    def __init__(self, t: Tables, rng: random.Random):
        self.rng = rng
        self.refused: set[tuple[int, int, int]] = set()
        self.offered_turn = -1

    def junk(self, g: Game, p: int, limit: int) -> list[int]:
        """Up to `limit` cards worth (almost) nothing to `p` (`junk_cards`), to pay a special item's cost with."""
        return junk_cards(g, p, limit)

    # -- the engine's questions --------------------------------------------------------------------------

    def limit_discard(self, g: Game, p: int) -> int:
        return least_useful(g, p)

    def event_discards(self, g: Game, p: int, count: int) -> list[int]:
        return _least_useful_n(g, p, count)

    def event_passes(self, g: Game, p: int, count: int) -> list[int]:
        """Pass forbidden items first (a cheap way to be rid of them), then the least useful cards."""
        forbidden = [c for c in g.hands[p] if g.t.forbidden[c]][:count]
        return forbidden + _least_useful_n(g, p, count - len(forbidden))

    def accept_trade(self, g: Game, q: int, p: int, trade: Trade) -> bool:
        """`q` accepts when what it gets is worth more to it than what it gives."""
        gain = sum(_item_worth(g, q, c) for c in trade.give)
        loss = sum(_item_worth(g, q, c) for c in trade.get)
        return check_asked(g, trade) is None and gain > loss

    def use_cancel(self, g: Game, q: int, p: int, action: Action) -> bool:
        """Spring the mousetrap on a winning travel, or on a steal aimed at us."""
        return (isinstance(action, Travel) and g.visited[p]) or steal_target_of(g.t, action) == q

    def use_block(self, g: Game, q: int, p: int, action: Action) -> bool:
        return True

    def offer_refused(self, g: Game, p: int, trade: Trade) -> None:
        self.refused.add((trade.other, trade.give[0], trade.get[0]))

    def steal_announced(self, g: Game, q: int, p: int) -> None:
        """`p` announced a steal from us: nothing to learn (the strong bot remembers it)."""

    def choose_stolen(self, g: Game, p: int, q: int) -> int:
        """A steal that takes the card of our choice: an item we miss, else the card `q` needs most."""
        hand = g.hands[q]
        missing = [x for x in g.t.side_needs[g.next_country(p)] if x not in g.hands[p]]
        return next((x for x in missing if x in hand), max(hand, key=lambda x: (_item_worth(g, q, x), -x)))

    # -- a turn --------------------------------------------------------------------------------------------

    def act(self, g: Game, p: int) -> Action:
        t = g.t
        hand = g.hands[p]
        special = -1
        standins = False
        for c in hand:
            kind = t.kind[c]
            if kind.playable:
                if kind.before_action and g.actions_left == 1 and t.timing[c] == "own_turn":
                    return Play(c)
                if t.timing[c] == "action":
                    special = c
            elif t.standin[c]:
                standins = True
        need = t.side_needs[g.next_country(p)]
        missing = [x for x in need if x not in hand]
        if g.forbidden_held[p] == 0 or g.travels_with_forbidden[p]:
            if (not missing or standins) and check(g, p, Travel(g.next_country(p))) is None:
                return Travel(g.next_country(p))
        elif not g.actions_taken:  # a drop is the whole turn (R29): never after an action
            other = least_useful(g, p)
            if other >= 0 and card_value(g, p, other, hand.index(other), hand) < 100:
                forbidden = next(c for c in hand if t.forbidden[c])
                return Drop(forbidden, other)
        if special >= 0:
            action = t.kind[special].greedy(self, g, p, special, missing)
            if action is not None:
                return action
        if missing:
            junk = junk_cards(g, p, 3)
            wanted = next((x for x in missing if x in g.discard), -1)
            cost = recycle_cost(g, p)
            if wanted >= 0 and g.params[p].recycle_take == 1 and len(junk) >= cost:
                return Recycle(tuple(junk[:cost]), (wanted,))
            if self.offered_turn != g.turn:
                offer = self._offer(g, p, missing, junk)
                if offer is not None:
                    self.offered_turn = g.turn
                    return offer
            target = _richest(g, p)
            if target >= 0 and len(g.hands[target]) >= 3:
                cost = steal_cost(g, p, target)
                if (cost == 0 or g.actions_left > 1) and len(junk) >= cost:
                    return Steal(target, tuple(junk[:cost]))
        return Draw()

    def _offer(self, g: Game, p: int, missing: list[int], junk: list[int]) -> Trade | None:
        """Offer a card another player needs for one we miss (never an offer already refused), one a turn."""
        t = g.t
        items = [c for c in junk if t.family[c] == ITEM]
        if not items:
            return None
        for q in g.clockwise[p][1:]:
            their_need = t.side_needs[g.next_country(q)]
            give = next((c for c in items if c in their_need), -1)
            if give >= 0 and len(g.hands[q]) >= 2:
                ask = next((m for m in missing if m not in their_need), -1)
                if ask >= 0 and (q, give, ask) not in self.refused:
                    return Trade(q, (give,), (ask,))
                return None
        return None


class RandomBot:
    """Takes an action drawn at random from `legal_actions`, one kind of action first (so the many ways to
    recycle do not crowd out a travel), and answers every question at random: 'no strategy at all'."""

    name = "random"

    def __init__(self, t: Tables, rng: random.Random):
        self.rng = rng

    def _pick(self, cards: list[int], count: int) -> list[int]:
        return self.rng.sample(cards, count) if count <= len(cards) else []

    def _discardable(self, g: Game, p: int) -> list[int]:
        return [c for c in g.hands[p] if may_let_go(g, p, c)]

    def limit_discard(self, g: Game, p: int) -> int:
        return self.rng.choice(self._discardable(g, p))

    def event_discards(self, g: Game, p: int, count: int) -> list[int]:
        return self._pick(self._discardable(g, p), count)

    def event_passes(self, g: Game, p: int, count: int) -> list[int]:
        return self._pick(list(g.hands[p]), count)

    def accept_trade(self, g: Game, q: int, p: int, trade: Trade) -> bool:
        return check_asked(g, trade) is None and self.rng.random() < 0.5

    def use_cancel(self, g: Game, q: int, p: int, action: Action) -> bool:
        return self.rng.random() < 0.5

    def use_block(self, g: Game, q: int, p: int, action: Action) -> bool:
        return self.rng.random() < 0.5

    def offer_refused(self, g: Game, p: int, trade: Trade) -> None:
        """Nothing to learn."""

    def steal_announced(self, g: Game, q: int, p: int) -> None:
        """`p` announced a steal from us: nothing to learn (the strong bot remembers it)."""

    def choose_stolen(self, g: Game, p: int, q: int) -> int:
        return self.rng.choice(g.hands[q])

    def act(self, g: Game, p: int) -> Action:
        """Trades are listed last and multiply fast, so at most `RANDOM_TRADES` of them are looked at."""
        by_kind: dict[type, list[Action]] = {}
        trades = 0
        for action in legal_actions(g, p):
            kind = type(action)
            if kind is Trade:
                trades += 1
                if trades > RANDOM_TRADES:
                    break
            by_kind.setdefault(kind, []).append(action)
        rng = self.rng
        options = by_kind[rng.choice(sorted(by_kind, key=lambda k: k.__name__))]
        return options[int(rng.random() * len(options))]


#: how many of the legal trades the random bot looks at
RANDOM_TRADES = 30


def _item_worth(g: Game, p: int, c: int) -> int:
    t = g.t
    if t.family[c] == ITEM:
        if c in t.side_needs[g.next_country(p)]:
            return 50
        if not g.visited[p] and c in t.side_needs[g.centre]:
            return 20
        return 1
    return 30


def _richest(g: Game, p: int) -> int:
    best, size = -1, 0
    for q in g.clockwise[p][1:]:
        if len(g.hands[q]) > size and may_steal_from(g, q):
            best, size = q, len(g.hands[q])
    return best


def _least_useful_n(g: Game, p: int, count: int) -> list[int]:
    """The `count` cards of `p`'s hand that they may let go and that are worth least to them."""
    hand = g.hands[p]
    ranked = sorted((card_value(g, p, c, i, hand), i) for i, c in enumerate(hand) if may_let_go(g, p, c))
    return [hand[i] for _, i in ranked[:max(0, count)]]

