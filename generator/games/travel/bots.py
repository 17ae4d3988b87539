"""Players for simulated games: a random-legal bot and a greedy bot (the strong bot is in strong.py).

A bot's turn is `act(game, player) -> Action`: an action record of rules.py that `rules.check` accepts (the
table refuses any other), like a move taken from python-chess's `legal_moves`. Bots see what a player at the
table sees: their own hand, the discard pile, hand sizes, everyone's countries (face up) and who has
travelled; they also answer the engine's questions (discards, passes, trade offers, reactions).
"""
from __future__ import annotations

from .cards import (
    F_FORBIDDEN, ITEM, K_BLOCK, K_CANCEL, K_DRAW, K_EXTRA, K_LIMIT_BONUS, K_POSTCARD, K_SEARCH,
    K_STEAL_CHOICE, K_SUBSTITUTE, K_SWAP, PASSPORT, Tables, once_per_object,
)
from .rules import (
    Draw, Drop, LimitDiscard, Play, Recycle, Steal, Trade, Travel, check, check_asked, check_choice, legal_actions,
    recycle_cost, steal_cost, steal_target_of,
)

# What a special item in hand is for, from the bot's point of view.
ROLE_NONE, ROLE_DRAW, ROLE_SEARCH, ROLE_SWAP, ROLE_STEAL_CHOICE, ROLE_EXTRA = range(6)
_ROLE_OF_KIND = {K_DRAW: ROLE_DRAW, K_SEARCH: ROLE_SEARCH, K_SWAP: ROLE_SWAP, K_STEAL_CHOICE: ROLE_STEAL_CHOICE,
                 K_EXTRA: ROLE_EXTRA}


class BotTables:
    """Per-card numbers the bots use, computed once per content."""

    def __init__(self, t: Tables):
        self.role = [_ROLE_OF_KIND.get(k, ROLE_NONE) for k in t.kind]
        value = []
        for fam, kind in zip(t.family, t.kind):
            if fam == ITEM:
                value.append(1)
            elif fam == PASSPORT:
                value.append(100)
            elif kind == K_SUBSTITUTE:
                value.append(40)
            elif kind in (K_CANCEL, K_BLOCK):
                value.append(25)
            elif kind == K_POSTCARD:
                value.append(30)
            elif kind == K_LIMIT_BONUS:
                value.append(12)
            else:
                value.append(15)
        self.value = value


def card_value(g, p: int, c: int, index: int, hand: list[int], bt: BotTables) -> int:
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
    if t.kind[c] == K_POSTCARD:
        return 10 + 10 * g.postcards_held[p]
    return bt.value[c]


def may_let_go(g, p: int, c: int) -> bool:
    """Whether `p` may let card `c` go as a cost or a discard (never a forbidden item): the rules' answer for a
    hand-limit discard, asked of rules.py rather than known here."""
    return check_choice(g, p, LimitDiscard(c)) is None


def least_useful(g, p: int, bt: BotTables, skip: tuple[int, ...] = ()) -> int:
    """The card `p` may let go and minds losing least (-1 if none)."""
    hand = g.hands[p]
    best, best_value = -1, 1 << 30
    for i, c in enumerate(hand):
        if c in skip or not may_let_go(g, p, c):
            continue
        v = card_value(g, p, c, i, hand, bt)
        if v < best_value:
            best, best_value = c, v
    return best


def junk_cards(g, p: int, bt: BotTables, limit: int = 2) -> list[int]:
    """Up to `limit` cards worth (almost) nothing to `p` (the cards `card_value` rates 2 or less): items beyond
    what its next countries need, a transit-only stand-in once the transit is done. Never forbidden items."""
    t = g.t
    hand = g.hands[p]
    need = t.side_needs[g.next_country(p)]
    later = () if g.visited[p] else t.side_needs[g.centre]
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


_BOT_TABLES: dict[int, tuple[Tables, BotTables]] = {}


def bot_tables(t: Tables) -> BotTables:
    """The bot's tables for these card tables, built once per Tables object."""
    return once_per_object(_BOT_TABLES, t, BotTables)


class GreedyBot:
    """Collects what its next country needs, steals when it pays, clears forbidden items, uses specials."""

    name = "greedy"

    def __init__(self, t: Tables, rng):
        self.bt = bot_tables(t)
        self.rng = rng
        self.refused: set[tuple[int, int, int]] = set()
        self.offered_turn = -1

    # -- the engine's questions --------------------------------------------------------------------------

    def limit_discard(self, g, p: int) -> int:
        return least_useful(g, p, self.bt)

    def event_discards(self, g, p: int, count: int) -> list[int]:
        return _least_useful_n(g, p, self.bt, count)

    def event_passes(self, g, p: int, count: int) -> list[int]:
        """Pass forbidden items first (a cheap way to be rid of them), then the least useful cards."""
        forbidden = [c for c in g.hands[p] if g.t.flag[c] == F_FORBIDDEN][:count]
        return forbidden + _least_useful_n(g, p, self.bt, count - len(forbidden))

    def accept_trade(self, g, q: int, p: int, trade: Trade) -> bool:
        """`q` accepts when what it gets is worth more to it than what it gives."""
        gain = sum(_item_worth(g, q, c) for c in trade.give)
        loss = sum(_item_worth(g, q, c) for c in trade.get)
        return check_asked(g, trade) is None and gain > loss

    def use_cancel(self, g, q: int, p: int, action) -> bool:
        """Spring the mousetrap on a winning travel, or on a steal aimed at us."""
        return (type(action) is Travel and g.visited[p]) or steal_target_of(g.t, action) == q

    def use_block(self, g, q: int, p: int, action) -> bool:
        return True

    def offer_refused(self, g, p: int, trade: Trade) -> None:
        self.refused.add((trade.other, trade.give[0], trade.get[0]))

    def steal_announced(self, g, q: int, p: int) -> None:
        """`p` announced a steal from us: nothing to learn (the strong bot remembers it)."""

    # -- a turn --------------------------------------------------------------------------------------------

    def act(self, g, p: int):
        t = g.t
        bt = self.bt
        hand = g.hands[p]
        role = bt.role
        special = -1
        standins = False
        for c in hand:
            r = role[c]
            if r:
                if r == ROLE_EXTRA and g.actions_left == 1 and t.timing[c] == "own_turn":
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
            other = least_useful(g, p, bt)
            if other >= 0 and card_value(g, p, other, hand.index(other), hand, bt) < 100:
                forbidden = next(c for c in hand if t.flag[c] == F_FORBIDDEN)
                return Drop(forbidden, other)
        if special >= 0:
            action = self._play_special(g, p, special, missing)
            if action is not None:
                return action
        if missing:
            junk = junk_cards(g, p, bt, 3)
            par = g.params[p]
            wanted = next((x for x in missing if x in g.discard), -1)
            cost = recycle_cost(g, p)
            if wanted >= 0 and par["recycle_take"] == 1 and len(junk) >= cost:
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

    def _offer(self, g, p: int, missing: list[int], junk: list[int]) -> Trade | None:
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

    def _play_special(self, g, p: int, c: int, missing: list[int]) -> Play | None:
        t = g.t
        r = self.bt.role[c]
        if r == ROLE_DRAW:
            return Play(c)
        if r == ROLE_SEARCH and missing and g.draw:
            eff = t.effect[c]
            pool = [x for x in g.draw if not eff.only_items or t.family[x] == ITEM]
            chosen = [x for x in missing if x in pool][:eff.take]
            for x in pool:
                if len(chosen) >= min(eff.take, len(pool)):
                    break
                if chosen.count(x) < pool.count(x):
                    chosen.append(x)
            return Play(c, chosen=tuple(chosen)) if chosen else None
        if r == ROLE_SWAP:
            junk = junk_cards(g, p, self.bt, t.effect[c].max)
            return Play(c, paid=tuple(junk)) if junk else None
        if r == ROLE_STEAL_CHOICE and missing:
            cost = t.effect[c].cost
            junk = junk_cards(g, p, self.bt, cost)
            if len(junk) < cost:
                return None
            for q in g.clockwise[p][1:]:
                take = next((x for x in missing if x in g.hands[q]), -1)
                if take >= 0:
                    return Play(c, q, tuple(junk), (take,))
        return None


class RandomBot:
    """Takes an action drawn at random from `legal_actions`, one kind of action first (so the many ways to
    recycle do not crowd out a travel), and answers every question at random: 'no strategy at all'."""

    name = "random"

    def __init__(self, t: Tables, rng):
        self.bt = bot_tables(t)
        self.rng = rng

    def _pick(self, cards: list[int], count: int) -> list[int]:
        return self.rng.sample(cards, count) if count <= len(cards) else []

    def _discardable(self, g, p: int) -> list[int]:
        return [c for c in g.hands[p] if may_let_go(g, p, c)]

    def limit_discard(self, g, p: int) -> int:
        return self.rng.choice(self._discardable(g, p))

    def event_discards(self, g, p: int, count: int) -> list[int]:
        return self._pick(self._discardable(g, p), count)

    def event_passes(self, g, p: int, count: int) -> list[int]:
        return self._pick(list(g.hands[p]), count)

    def accept_trade(self, g, q: int, p: int, trade: Trade) -> bool:
        return check_asked(g, trade) is None and self.rng.random() < 0.5

    def use_cancel(self, g, q: int, p: int, action) -> bool:
        return self.rng.random() < 0.5

    def use_block(self, g, q: int, p: int, action) -> bool:
        return self.rng.random() < 0.5

    def offer_refused(self, g, p: int, trade: Trade) -> None:
        """Nothing to learn."""

    def steal_announced(self, g, q: int, p: int) -> None:
        """`p` announced a steal from us: nothing to learn (the strong bot remembers it)."""

    def act(self, g, p: int):
        """Trades are listed last and multiply fast, so at most `TRADES` of them are looked at."""
        by_kind: dict[type, list] = {}
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


def _item_worth(g, p: int, c: int) -> int:
    t = g.t
    if t.family[c] == ITEM:
        if c in t.side_needs[g.next_country(p)]:
            return 50
        if not g.visited[p] and c in t.side_needs[g.centre]:
            return 20
        return 1
    return 30


def _richest(g, p: int) -> int:
    best, size = -1, 0
    for q in g.clockwise[p][1:]:
        if len(g.hands[q]) > size:
            best, size = q, len(g.hands[q])
    return best


def _least_useful_n(g, p: int, bt: BotTables, count: int) -> list[int]:
    """The `count` cards of `p`'s hand that they may let go and that are worth least to them."""
    hand = g.hands[p]
    ranked = sorted((card_value(g, p, c, i, hand, bt), i) for i, c in enumerate(hand) if may_let_go(g, p, c))
    return [hand[i] for _, i in ranked[:max(0, count)]]

