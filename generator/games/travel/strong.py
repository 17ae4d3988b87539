"""The strong bot: a tuned one-ply heuristic that weighs every action the rules offer in one unit.

The unit is a *step*: one needed card still missing (for the next country, then the centre), a missing
passport, or a forbidden item still to drop. Every action is valued by the steps it is expected to save, from
what the player may see: their own hand, the discard pile, hand sizes, the face-up countries and characters,
who has travelled, who announced a steal from them in the last round, and the deck's public make-up (so
"unknown" cards are the deck minus their hand minus the discard pile, wherever those cards are). Paid steals,
trades offered and accepted (spare items for needed ones, a forbidden item passed on), recycling, every special
item and both reactions are weighed; harm done to a player close to winning counts too, and so do the steps a
hand puts at risk while it is being stolen from. The weights were tuned against the greedy bot (bench.py).
"""
from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import partial

from .bots import may_let_go
from .cards import DECK_EXTENSIONS, EVENT, ITEM, PASSPORT, Tables
from .engine import Game
from .kinds.base import Option, Reaction as Answer
from .rules import (
    Action, Draw, Drop, Play, Recycle, Steal, Trade, Travel, check, check_asked, may_steal_from, recycle_cost,
    steal_cost,
)

# What a special card in hand is worth keeping is its kind's `keep` (kinds/): little, as a card played saves its
# steps now (a quarter of the first weights won 57-60% against greedy with every extension, not 51-53%; bench.py's
# strong vs greedy, seeds 101, 202 and 303).
#: how much a step taken from a player who has done their transit country (one travel from winning) is worth
#: while we have not; and when we have too
HARM_LEADER = 0.9
HARM_OTHER = 0.25
#: a trade that gives a card the other player needs helps them: this much per step given, times their threat
HELP_PENALTY = 0.8
#: a missing passport, in steps: more than an item, as no stand-in covers it
NO_PASSPORT = 1.3
#: a card needed only for the centre, while the transit country is still ahead, counts this much of a step
LATER = 0.7
#: how much more a trade must save us than the other's gain times their threat, before we accept
ACCEPT_CARE = 2.0
#: what a spare card is worth keeping all the same: it can pay a cost or sweeten a trade later
SPARE = 0.15
#: a postcard is worth this much of a step for every postcard held with it (the last one wins outright): little, as
#: four take long to gather (0.1 rather than 0.5, with LATER 0.7 rather than 0.5 and NO_PASSPORT 1.3 rather than 1.0:
#: 44-46% -> 51-53% against greedy with every extension, seeds 101, 202 and 303)
POSTCARD = 0.1
#: what room in a full hand is worth (a full hand throws away what it draws)
CROWDED = 0.6
#: offers made per turn at most (a refused offer costs nothing but time), and the least chance worth asking
OFFERS_PER_TURN = 4
MIN_CHANCE = 0.2
#: of two actions worth the same, the lower order is taken (draw 0, recycle 1, steal 2, drop 3, special items 4-7)
DROP_ORDER = 3


class Plan:
    """How far a hand is from winning: the steps it lacks. Built per decision; cheap to ask again."""

    def __init__(self, g: Game, p: int):
        t = g.t
        self.t = t
        self.first = t.side_needs[g.next_country(p)]
        self.later: tuple[int, ...] = () if g.visited[p] else t.side_needs[g.centre]
        self.twf = g.travels_with_forbidden[p]

    def steps(self, hand: list[int]) -> float:
        """Needed cards missing for the next country and then the centre, a missing passport, forbidden items."""
        t = self.t
        family = t.family
        counts: dict[int, int] = {}
        passport = False
        forbidden = 0
        transit_standins = any_standins = 0
        for c in hand:
            f = family[c]
            if f == ITEM:
                counts[c] = counts.get(c, 0) + 1
            elif f == PASSPORT:
                passport = True
            elif t.forbidden[c]:
                forbidden += 1
            else:
                scope = t.standin[c]
                if scope == "any":
                    any_standins += 1
                elif scope == "transit" and self.later:
                    transit_standins += 1
        missing_first = _uncovered(self.first, counts)
        missing_later = _uncovered(self.later, counts)
        cover = min(missing_first, transit_standins)
        missing_first -= cover
        cover = min(missing_first, any_standins)
        missing_first -= cover
        any_standins -= cover
        missing_later -= min(missing_later, any_standins)
        return missing_first + LATER * missing_later + NO_PASSPORT * (not passport) + (0 if self.twf else forbidden)


def _uncovered(items: Sequence[int], counts: dict[int, int]) -> int:
    """How many of the needed `items` the counted cards do not cover (the cards that cover one are used up)."""
    missing = 0
    for item in items:
        if counts.get(item, 0):
            counts[item] -= 1
        else:
            missing += 1
    return missing


class Outlook:
    """One decision's view of the table for player `p`: the plan, the value of each card to them, and the
    unknown cards (the deck's make-up less their hand and the discard pile)."""

    def __init__(self, g: Game, p: int, composition: list[int]):
        t = g.t
        self.g = g
        self.t = t
        self.p = p
        self.plan = Plan(g, p)
        hand = g.hands[p]
        self.hand = hand
        self.base = self.plan.steps(hand)
        unknown = list(composition)
        for c in hand:
            unknown[c] -= 1
        for c in g.discard:
            unknown[c] -= 1
        self.unknown = unknown
        self.unknown_total = max(1, sum(u for u in unknown if u > 0))
        self.gain_of: dict[int, float] = {}
        self.loss = [self.card_loss(i) for i in range(len(hand))]
        family = t.family
        #: (card, unknown copies, steps it saves) for every card that may still turn up (events save none)
        self.pool = [(c, u, 0.0 if family[c] == EVENT else self.gain(c)) for c, u in enumerate(unknown) if u > 0]

    def card_loss(self, index: int) -> float:
        """Steps lost if the card at `index` left the hand (negative: glad to be rid of it)."""
        hand = self.hand
        return self._worth(hand[index], self.plan.steps(hand[:index] + hand[index + 1:]) - self.base)

    def _worth(self, c: int, lost: float) -> float:
        """What letting card `c` go costs, when it takes `lost` steps with it."""
        t = self.t
        if t.family[c] in (ITEM, PASSPORT):
            return lost if lost else SPARE
        if t.postcard[c]:
            return lost + POSTCARD * self.g.postcards_held[self.p]
        return lost + t.kind[c].keep

    def gain(self, c: int) -> float:
        """Steps saved by getting one more card `c` (extension cards by their keep value)."""
        got = self.gain_of.get(c)
        if got is None:
            t = self.t
            family = t.family[c]
            if family == ITEM or family == PASSPORT or t.standin[c] or t.forbidden[c]:
                got = self.base - self.plan.steps(self.hand + [c])
            else:
                got = 0.0
            if t.postcard[c]:
                npost = self.g.postcards_held[self.p] + 1
                got += 10.0 if npost >= self.g.params[self.p].postcards_to_win else POSTCARD * npost
            elif t.family[c] not in (ITEM, PASSPORT):
                got += t.kind[c].keep
            self.gain_of[c] = got
        return got

    def random_gain(self, likely: tuple[int, ...] = (), later: tuple[int, ...] = ()) -> float:
        """The expected steps saved by a card taken at random from the unknown cards; from a particular hand,
        items that player needs (`likely`, then `later`) are likelier, spare items less likely (they go)."""
        total = 0.0
        mass = 0.0
        family = self.t.family
        for c, unknown, gain in self.pool:
            weight = float(unknown)
            if likely and family[c] == ITEM:
                weight *= 1.7 if c in likely else 1.2 if c in later else 0.6
            mass += weight
            total += weight * gain
        return total / mass if mass else 0.0

    def cheapest(self, count: int, skip: tuple[int, ...] = (), items_only: bool = False) -> tuple[list[int], float]:
        """The `count` cards the player minds losing least that may pay a cost (`items_only`: item cards), and
        what they are worth."""
        if count <= 0:
            return [], 0.0
        picked = []
        total = 0.0
        for c, worth in self._letting_go(skip, items_only):
            picked.append(c)
            total += worth
            if len(picked) == count:
                return picked, total
        return [], 99.0

    def spare(self, most: int, skip: tuple[int, ...] = ()) -> list[int]:
        """Up to `most` cards the player may let go at no loss of a step, taken together (a Souvenir Swap's)."""
        picked: list[int] = []
        for c, worth in self._letting_go(skip, False):
            if worth > SPARE or len(picked) == most:
                break
            picked.append(c)
        return picked

    def _letting_go(self, skip: tuple[int, ...], items_only: bool) -> Iterator[tuple[int, float]]:
        """The cards that may pay a cost, minded least first, each with its worth in the hand the cards before it
        left: two copies of a needed item each look spare while the other stays, but letting both go loses the
        step."""
        family = self.t.family
        hand = self.hand
        free = [i for i, c in enumerate(hand)
                if c not in skip and may_let_go(self.g, self.p, c) and (not items_only or family[c] == ITEM)]
        picked: set[int] = set()
        loss = dict(enumerate(self.loss))
        steps = self.plan.steps
        while free:
            worth, i = min((loss[i], i) for i in free)
            yield hand[i], worth
            picked.add(i)
            free.remove(i)
            if free:
                base = steps([c for k, c in enumerate(hand) if k not in picked])
                loss = {j: self._worth(hand[j], steps([c for k, c in enumerate(hand) if k != j and k not in picked])
                                       - base) for j in free}


def composition_of(g: Game) -> list[int]:
    """How many of each card the game holds in all (public: the item copies, the players' passports, the
    chosen extensions' cards)."""
    t = g.t
    counts = [0] * t.n_cards
    for c in t.by_family[ITEM]:
        counts[c] = t.copies[c]
    for name, family in DECK_EXTENSIONS.items():
        if name in g.extensions:
            for c in t.by_family[family]:
                counts[c] = 1
    return counts


def _mean(total: float, count: int) -> float:
    return total / count if count else 0.0


def threat(g: Game, q: int) -> float:
    """How close `q` looks to winning, from what everyone sees: the transit done, and cards in hand."""
    size = len(g.hands[q])
    return (1.0 if g.visited[q] else 0.35) * min(1.0, size / 5)


class StrongBot:
    """Weighs every action in steps saved and plays the best; see the module docstring."""

    name = "strong"

    def __init__(self, t: Tables, rng: random.Random):
        """`rng` is the game's dice, which every bot is handed; this one plays without chance."""
        self.t = t
        self.composition: list[int] | None = None
        self.seen: tuple[object, ...] = ()
        self.last: Outlook | None = None
        #: the cards that answer an action, by what they do to it
        self.answers = {answer: [c for c, k in enumerate(t.kind) if k.reaction is answer] for answer in Answer}
        self.refused: dict[tuple[int, tuple[int, ...], tuple[int, ...]], int] = {}
        self.offers_turn = -1
        self.offers = 0
        #: the turns on which another player announced a steal from us (public: steals are announced)
        self.robbed: list[int] = []

    def outlook(self, g: Game, p: int) -> Outlook:
        """The outlook, computed again only when what we see has changed (a refused offer changes nothing)."""
        if self.composition is None:
            self.composition = composition_of(g)
        key = (g.turn, tuple(g.hands[p]), len(g.discard), len(g.draw), g.visited[p])
        if key != self.seen or self.last is None:
            self.seen = key
            self.last = Outlook(g, p, self.composition)
        return self.last

    # -- the engine's questions --------------------------------------------------------------------------

    def limit_discard(self, g: Game, p: int) -> int:
        return self.outlook(g, p).cheapest(1)[0][0]

    def event_discards(self, g: Game, p: int, count: int) -> list[int]:
        return self.outlook(g, p).cheapest(count)[0] if count > 0 else []

    def event_passes(self, g: Game, p: int, count: int) -> list[int]:
        """Forbidden items first (they go to a neighbour), then the cards minded least."""
        if count <= 0:
            return []
        hand = g.hands[p]
        forbidden = [c for c in hand if g.t.forbidden[c]][:count]
        if g.travels_with_forbidden[p]:
            forbidden = []
        o = self.outlook(g, p)
        ranked = sorted((o.loss[i], i) for i, c in enumerate(hand) if c not in forbidden)
        rest = [hand[i] for _, i in ranked[:count - len(forbidden)]]
        return forbidden + rest

    def accept_trade(self, g: Game, q: int, p: int, trade: Trade) -> bool:
        """Accept when the trade saves us steps, and saves more than it is likely to give a player near winning."""
        if check_asked(g, trade) is not None:
            return False
        hand = list(g.hands[q])
        for c in trade.get:
            hand.remove(c)
        plan = Plan(g, q)
        before = plan.steps(g.hands[q])
        after = plan.steps(hand + list(trade.give))
        mine = before - after
        if mine <= 0:
            return False
        theirs = sum(1 for c in trade.get if c in g.t.side_needs[g.next_country(p)])
        return mine >= theirs * threat(g, p) * ACCEPT_CARE

    def use_cancel(self, g: Game, q: int, p: int, action: Action) -> bool:
        """The mousetrap is kept for a travel to the centre (it would win)."""
        return isinstance(action, Travel) and g.visited[p]

    def use_block(self, g: Game, q: int, p: int, action: Action) -> bool:
        return True

    # -- a turn --------------------------------------------------------------------------------------------

    def act(self, g: Game, p: int) -> Action:
        t = g.t
        hand = g.hands[p]
        if self.offers_turn != g.turn:
            self.offers_turn = g.turn
            self.offers = 0
        # An Express Ticket is played before the action it doubles, unless that action is a forbidden item's
        # drop, which is the whole turn (R29): then the ticket is kept for a later turn.
        ticket = next((c for c in hand if t.kind[c].before_action), -1) if g.actions_left == 1 else -1
        if check(g, p, Travel(g.next_country(p))) is None:
            return Play(ticket) if ticket >= 0 else Travel(g.next_country(p))
        o = self.outlook(g, p)
        return self._best(g, p, o, ticket)

    def _best(self, g: Game, p: int, o: Outlook, ticket: int = -1) -> Action:
        """The action worth most (the cards a special item picks are picked once it is chosen); with an Express
        Ticket `ticket` in hand, the ticket first unless that action is a drop."""
        t = g.t
        hand = g.hands[p]
        par = g.params[p]
        # A draw from two empty piles draws nothing: then only steals and trades move cards.
        draw_value = o.random_gain() if g.draw or g.discard else 0.0
        # A card is ours only until someone steals it. As many random cards as steals were aimed at us in the
        # last round (at most the whole hand) may go before our next turn, so each action is charged the steps it
        # puts at risk: a draw adds a card to share the risk, a paid steal or recycle gives spare cards (which
        # shield the needed ones) for needed ones. Without it, two players one travel from winning stole from each
        # other every turn, paying their spares, and each steal took a needed card back: 2-player games ran to the
        # turn cap.
        robbed = sum(1 for turn in self.robbed if turn > g.turn - g.n)
        held = sum(o.loss)
        size = len(hand)

        def at_risk(paid: float, got: float, after: int) -> float:
            if not robbed:
                return 0.0
            return min(robbed, after) * _mean(held - paid + got, after) - min(robbed, size) * _mean(held, size)

        options: list[Option] = [Option(draw_value - at_risk(0.0, draw_value, size + 1), 0, lambda: Draw())]
        add = options.append
        # Recycle: the best card of the discard pile for the cheapest cost.
        cost = recycle_cost(g, p)
        take = par.recycle_take
        if g.discard and take >= 1:
            paid, paid_loss = o.cheapest(cost)
            if paid or cost == 0:
                pool = sorted(set(c for c in g.discard if t.family[c] != EVENT), key=lambda c: -o.gain(c))
                if pool:
                    wanted = pool[:take]
                    if len(wanted) < take:  # R10 takes as many as it can, the cards just paid among them
                        wanted += list(paid)[:take - len(wanted)]
                    got = sum(o.gain(c) for c in wanted)
                    value = got - paid_loss - at_risk(paid_loss, got, size - len(paid) + len(wanted))
                    add(Option(value, 1, partial(Recycle, tuple(paid), tuple(wanted))))
        others = [q for q in g.clockwise[p][1:] if g.hands[q]]
        # Steal: a random card of another hand, which is likelier to hold what that player needs.
        others = [q for q in others if may_steal_from(g, q)]
        for q in others:
            cost = steal_cost(g, p, q)
            paid, paid_loss = o.cheapest(cost)
            if paid or cost == 0:
                got = self._steal_value(g, p, q, o)
                value = got - paid_loss - at_risk(paid_loss, got, size - len(paid) + 1)
                add(Option(value, 2, partial(Steal, q, tuple(paid))))
        # Drop a forbidden item with the card minded least: it blocks travel, and (never discarded for the hand
        # limit) it takes room even from a smuggler whose hand is full. It is the whole turn (R29): never after an
        # action.
        if g.forbidden_held[p] and not g.actions_taken:
            crowded = len(hand) >= g.hand_limit(p) - 1
            if not g.travels_with_forbidden[p] or crowded:
                forbidden = next(c for c in hand if t.forbidden[c])
                other, other_loss = o.cheapest(1)
                if other:
                    worth = (0.0 if g.travels_with_forbidden[p] else 1.0) + (CROWDED if crowded else 0.0)
                    add(Option(worth - other_loss - 0.2, DROP_ORDER, partial(Drop, forbidden, other[0])))
        # Special items played as actions, as each card's kind weighs them.
        for c in set(hand):
            if t.timing[c] == "action":
                option = t.kind[c].strong(self, g, p, o, c, draw_value, others)
                if option is not None:
                    add(option)
        _, order, perform = max(options, key=lambda option: (option.value, -option.order))
        if ticket >= 0 and order != DROP_ORDER:
            return Play(ticket)
        # A refused offer is not an action, so an offer that would beat the best action is worth a try first.
        if self.offers < OFFERS_PER_TURN:
            offer = self._offer(g, p, o, draw_value)
            if offer is not None:
                _, q, give, get = offer
                self.offers += 1
                return Trade(q, tuple(give), tuple(get))
        made = perform()
        assert isinstance(made, (Draw, Recycle, Steal, Drop, Play))
        return made

    # -- values --------------------------------------------------------------------------------------------

    def _risk(self, g: Game, o: Outlook, answer: Answer, holders: int) -> float:
        """The chance that one of `holders` hands of average size holds a (single) card that answers so."""
        left = sum(max(0, o.unknown[c]) for c in self.answers[answer])
        if not left:
            return 0.0
        share = sum(len(g.hands[q]) for q in range(g.n) if q != o.p) / o.unknown_total
        return min(1.0, left * share * holders / max(1, g.n - 1))

    @staticmethod
    def harm(g: Game, p: int, q: int) -> float:
        """What setting `q` back by a step is worth to `p`: much when `q` is a travel ahead, a little when
        level with us on the way to the centre, nothing otherwise (two players stealing from each other when
        neither is ahead would only trade cards back and forth)."""
        if not g.visited[q]:
            return 0.0
        return HARM_LEADER if not g.visited[p] else HARM_OTHER

    def _steal_value(self, g: Game, p: int, q: int, o: Outlook) -> float:
        """A steal's card: one at random (likelier what `q` needs), or the best of the hand when `p` chooses it."""
        t = g.t
        blocked = self._risk(g, o, Answer.BLOCK_STEAL, 1) + self._risk(g, o, Answer.CANCEL, g.n - 1) * 0.5
        if g.params[p].steal_chooses:
            return self.hand_guess(g, p, q, o) * (1 - min(0.9, blocked))
        needs_q = t.side_needs[g.next_country(q)]
        later_q: tuple[int, ...] = () if g.visited[q] else t.side_needs[g.centre]
        size = len(g.hands[q])
        passport = min(1.0, 1 / size)  # everyone starts with one, and mostly keeps it
        gain = passport * o.gain(t.by_family[PASSPORT][0]) + (1 - passport) * o.random_gain(needs_q, later_q)
        harm = self.harm(g, p, q) * min(1.0, 3 / max(1, len(g.hands[q])))
        return (gain + harm) * (1 - min(0.9, blocked))

    def hand_guess(self, g: Game, p: int, q: int, o: Outlook) -> float:
        """What the best card of `q`'s hand is likely worth to `p`, as far as it can be guessed, and the harm of
        taking it (a steal of the thief's choice, the Binoculars)."""
        t = g.t
        needs = t.side_needs[g.next_country(q)]
        share = min(1.0, len(g.hands[q]) / o.unknown_total)
        best = 0.0
        for c, unknown, gain in o.pool:
            if gain > 0 and t.family[c] == ITEM:
                chance = min(1.0, (1 - (1 - share) ** unknown) * (1.7 if c in needs else 0.6))
                best = max(best, gain * chance)
        return best + self.harm(g, p, q) * 0.5

    def choose_stolen(self, g: Game, p: int, q: int) -> int:
        """The card of `q`'s hand that saves us most (or hurts them most), once the hand is shown."""
        o = self.outlook(g, p)
        needs = g.t.side_needs[g.next_country(q)]
        return max(g.hands[q], key=lambda x: (o.gain(x) + (0.5 if x in needs else 0.0), -x))

    def _offer(self, g: Game, p: int, o: Outlook,
               draw_value: float) -> tuple[float, int, list[int], list[int]] | None:
        """The most promising trade to offer, as (value if accepted, player, cards given, cards asked): cards
        we mind least that the other wants (a forbidden item first, then what they need) for needed cards they
        do not need and likely hold, one for one, one for two (the other may take it for a card they need: 51% ->
        57% against greedy in the base game) or two for two; None if nothing is worth asking."""
        t = g.t
        hand = g.hands[p]
        wanted = sorted({c for c in t.by_family[ITEM] if o.gain(c) > 0 and o.unknown[c] > 0},
                        key=lambda c: (-o.gain(c), c))
        if not wanted:
            return None
        best: tuple[float, int, list[int], list[int]] | None = None
        best_score = 0.0
        for q in g.clockwise[p][1:]:
            size = len(g.hands[q])
            if not size:
                continue
            needs_q = t.side_needs[g.next_country(q)]
            later_q: tuple[int, ...] = () if g.visited[q] else t.side_needs[g.centre]
            asks = [c for c in wanted if c not in needs_q][:2]
            # Only a card the other wants makes an offer they would take: one they need, or something they
            # may well take for a good card (a forbidden item, a spare passport or special item).
            gives = sorted((i for i, c in enumerate(hand) if o.loss[i] <= SPARE
                            and (c in needs_q or c in later_q or t.family[c] != ITEM)),
                           key=lambda i: (not t.forbidden[hand[i]], hand[i] not in needs_q, o.loss[i], i))[:2]
            if not asks or not gives:
                continue
            helped = HELP_PENALTY * threat(g, q)
            shapes: list[tuple[list[int], list[int]]] = [([gives[0]], [asks[0]])]
            if len(asks) > 1:
                shapes.append(([gives[0]], [asks[1]]))
                shapes.append(([gives[0]], asks))
            if len(asks) > 1 and len(gives) > 1:
                shapes.append((gives, asks))
            for give_at, ask in shapes:
                give = [hand[i] for i in give_at]
                key = (q, tuple(give), tuple(ask))  # (as offer_refused keeps a refusal)
                if self.refused.get(key, -99) > g.turn - 4 * g.n:
                    continue
                chance = 1.0
                for c in ask:
                    chance *= min(1.0, o.unknown[c] * size / o.unknown_total)
                if chance < MIN_CHANCE:
                    continue
                value = (o.plan.steps(hand) - o.plan.steps([c for k, c in enumerate(hand) if k not in give_at] + ask)
                         + g.params[p].trade_bonus_draw * draw_value - helped * sum(c in needs_q for c in give))
                score = value * (0.5 + chance)
                if score > best_score:
                    best, best_score = (value, q, give, ask), score
        return best

    # -- performing ----------------------------------------------------------------------------------------

    def offer_refused(self, g: Game, p: int, trade: Trade) -> None:
        self.refused[(trade.other, trade.give, trade.get)] = g.turn

    def steal_announced(self, g: Game, q: int, p: int) -> None:
        """`p` announced a steal from us: remembered for a round (see `_best`)."""
        self.robbed = [turn for turn in self.robbed if turn > g.turn - g.n] + [g.turn]
