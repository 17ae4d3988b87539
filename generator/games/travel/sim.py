"""Play whole games with bots: random setups, dice for every chance, reactions, and (optionally) a record.

The same `Game` as the checker runs the rules; here the oracle rolls the dice and asks the bots. The hot loop
allocates nothing per action beyond what the rules move (cards are ints, piles are lists).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from .bots import BOTS
from .cards import EXTENSIONS, ITEM, K_BLOCK, K_CANCEL, PASSPORT, Tables
from .engine import WIN_CENTRE, Game, GameOver, Setup
from .rules import needs_empty_hand_draw

DEFAULT_NAMES = ("Mina", "Joon", "Sora", "Hana", "Tae", "Yuri")
#: a game that runs this many turns without a winner is stopped and counted as unfinished
MAX_TURNS = 600


def random_setup(t: Tables, n: int, extensions: frozenset[str], rng: random.Random,
                 names: tuple[str, ...] = DEFAULT_NAMES) -> Setup:
    """Passports, countries (random side up), characters and starting hands as a shuffled deal gives them."""
    passports = rng.sample(t.by_family[PASSPORT], n)
    cards = rng.sample(range(len(t.country_card_ids)), n + 1)
    sides_of = {}
    for side, card in enumerate(t.side_card):
        sides_of.setdefault(card, []).append(side)
    chosen = [rng.choice(sides_of[card]) for card in cards]
    characters = rng.sample(range(len(t.character_ids)), n) if "characters" in extensions else [-1] * n
    pile = [c for c in t.by_family[ITEM] for _ in range(t.copies[c])]
    rng.shuffle(pile)
    hands = []
    for p in range(n):
        size = t.character_mods[characters[p]].get("starting_hand", t.rules["starting_hand"]) \
            if characters[p] >= 0 else t.rules["starting_hand"]
        hands.append([pile.pop() for _ in range(int(size))])
    return Setup(list(names[:n]), passports, chosen[:n], characters, chosen[n], extensions, hands)


class SimOracle:
    """Chance by the dice, choices by the bots; every answer is also written to the recorder, if any."""

    __slots__ = ("random", "bots", "rec", "turn_cards")

    def __init__(self, rng: random.Random, bots, rec=None):
        self.random = rng.random
        self.bots = bots
        self.rec = rec
        #: the event and special cards that came into play this turn (for the statistics)
        self.turn_cards: list[int] = []

    def draw(self, g: Game, p: int) -> int:
        pile = g.draw
        i = int(self.random() * len(pile))
        c = pile[i]
        pile[i] = pile[-1]
        pile.pop()
        if self.rec is not None:
            self.rec.drawn(c)
        return c

    def reshuffled(self, g: Game) -> None:
        if self.rec is not None:
            self.rec.reshuffle()

    def limit_discard(self, g: Game, p: int) -> int:
        c = self.bots[p].limit_discard(g, p)
        if self.rec is not None:
            self.rec.limit_discard(c)
        return c

    def event_begin(self, g: Game, p: int, c: int) -> None:
        self.turn_cards.append(c)
        if self.rec is not None:
            self.rec.open_event(c)

    def event_player(self, g: Game, p: int) -> None:
        if self.rec is not None:
            self.rec.entry(p)

    def event_end(self, g: Game) -> None:
        if self.rec is not None:
            self.rec.close_event()

    def event_discards(self, g: Game, p: int, count: int) -> list[int]:
        cards = self.bots[p].event_discards(g, p, count)
        if self.rec is not None:
            self.rec.cards(cards)
        return cards

    def event_passes(self, g: Game, p: int, count: int) -> list[int]:
        cards = self.bots[p].event_passes(g, p, count)
        if self.rec is not None:
            self.rec.cards(cards)
        return cards


class Table:
    """What a bot's decision turns into: announcement, reactions by the others, the rules, the record."""

    __slots__ = ("g", "bots", "rng", "rec", "traps", "locks", "turn_cards", "winning_hand")

    def __init__(self, g: Game, bots, rng: random.Random, rec=None):
        self.g = g
        self.bots = bots
        self.rng = rng
        self.rec = rec
        self.traps = [c for c, k in enumerate(g.t.kind) if k == K_CANCEL]
        self.locks = [c for c, k in enumerate(g.t.kind) if k == K_BLOCK]
        self.turn_cards: list[int] = g.oracle.turn_cards
        #: the hand of the last player to announce a travel to the centre, as it was then
        self.winning_hand: list[int] = []

    def _cancelled(self, p: int, travel: bool = False, target: int = -1) -> bool:
        """R24: another player may answer the announced action with a mousetrap."""
        g = self.g
        for trap in self.traps:
            for q in g.clockwise[p][1:]:
                if trap in g.hands[q] and self.bots[q].use_cancel(g, q, p, travel, target):
                    if self.rec is not None:
                        self.rec.reaction(q, trap)
                    self.turn_cards.append(trap)
                    g.cancel(p, q, trap)
                    return True
        return False

    def _padlock(self, p: int, q: int) -> int:
        g = self.g
        for lock in self.locks:
            if lock in g.hands[q] and self.bots[q].use_block(g, q, p):
                self.turn_cards.append(lock)
                return lock
        return -1

    def begin_turn(self, p: int) -> None:
        self.turn_cards.clear()
        g = self.g
        g.begin_turn()
        refill = needs_empty_hand_draw(g, p)
        if self.rec is not None:
            self.rec.begin_turn(p)
            if refill:
                self.rec.clause(("empty",), bare=True)
        if refill:
            g.act_empty_hand_draw(p)

    def draw(self, p: int) -> None:
        if self.rec is not None:
            self.rec.clause(("draw",), bare=True)
        if not (self.traps and self._cancelled(p)):
            self.g.act_draw(p)

    def recycle(self, p: int, paid: list[int], taken: list[int]) -> None:
        if self.rec is not None:
            self.rec.clause(("recycle", *self.rec.names(paid), "->", *self.rec.names(taken)))
        if not (self.traps and self._cancelled(p)):
            self.g.act_recycle(p, paid, taken)

    def offer(self, p: int, q: int, give: list[int], get: list[int]) -> bool:
        """R11: the trade happens only if `q` accepts; a refused offer is not an action."""
        g = self.g
        accepted = self.bots[q].accept_trade(g, q, p, give, get)
        if self.rec is not None:
            head = ("trade", g.names[q], *self.rec.names(give), "for", *self.rec.names(get))
            self.rec.clause(head + (() if accepted else ("refused",)))
        if accepted and not (self.traps and self._cancelled(p, target=q)):
            g.act_trade(p, q, give, get)
        return accepted

    def steal(self, p: int, q: int, paid: list[int]) -> None:
        g = self.g
        rec = self.rec
        if rec is not None:
            rec.clause(("steal", g.names[q]) + (("pay", *rec.names(paid)) if paid else ()))
        if self.traps and self._cancelled(p, target=q):
            return
        lock = self._padlock(p, q)
        if lock >= 0:
            if rec is not None:
                rec.reaction(q, lock)
            g.act_steal(p, q, paid, -1, lock)
            return
        hand = g.hands[q]
        taken = hand[int(self.rng.random() * len(hand))]
        if rec is not None:
            rec.extend(("->", rec.name(taken)))
        g.act_steal(p, q, paid, taken)

    def travel(self, p: int, used: list[int]) -> None:
        g = self.g
        if self.rec is not None:
            self.rec.clause(("travel", g.t.side_codes[g.next_country(p)]))
        if g.visited[p]:
            self.winning_hand = list(g.hands[p])
        if not (self.traps and self._cancelled(p, travel=True)):
            g.act_travel(p, used)

    def drop(self, p: int, forbidden: int, other: int) -> None:
        if self.rec is not None:
            self.rec.clause(("drop", self.rec.name(forbidden), "with", self.rec.name(other)))
        if not (self.traps and self._cancelled(p)):
            self.g.act_drop(p, forbidden, other)

    def _play(self, p: int, c: int, words: tuple[str, ...], bare: bool = False, target: int = -1) -> bool:
        """Record a `play` clause; False if a mousetrap stopped it (only actions can be stopped)."""
        if self.rec is not None:
            self.rec.clause(("play", self.rec.name(c), *words), bare=bare)
        self.turn_cards.append(c)
        return not (self.g.t.timing[c] == "action" and self.traps and self._cancelled(p, target=target))

    def play_draw(self, p: int, c: int) -> None:
        if self._play(p, c, (), bare=True):
            self.g.play_draw(p, c)

    def play_search(self, p: int, c: int, taken: list[int]) -> None:
        if self._play(p, c, ()):
            if self.rec is not None:
                self.rec.extend(("->", *self.rec.names(taken)))
            self.g.play_search(p, c, taken)

    def play_swap(self, p: int, c: int, cards: list[int]) -> None:
        if self._play(p, c, (*(self.rec.names(cards) if self.rec else ()), "->"), bare=True):
            self.g.play_swap(p, c, cards)

    def play_steal_choice(self, p: int, c: int, q: int, paid: list[int], taken: int) -> None:
        g = self.g
        rec = self.rec
        words = (g.names[q], "pay", *rec.names(paid)) if rec is not None and paid else (g.names[q],)
        if not self._play(p, c, words, target=q):
            return
        lock = self._padlock(p, q)
        if lock >= 0:
            if rec is not None:
                rec.reaction(q, lock)
            g.play_steal_choice(p, c, q, paid, -1, lock)
            return
        if rec is not None:
            rec.extend(("->", rec.name(taken)))
        g.play_steal_choice(p, c, q, paid, taken)

    def play_extra(self, p: int, c: int) -> None:
        self._play(p, c, ())
        self.g.play_extra(p, c)


@dataclass
class Result:
    """One simulated game, as the statistics need it."""

    winner: int            # seat index, -1 if unfinished
    position: int          # the winner's place in turn order (0 = started), -1 if unfinished
    character: str         # the winner's character id, "" if none
    characters: tuple[str, ...]  # every character in play
    how: str               # "centre" or "postcards" or ""
    turns: int
    reshuffles: int
    deciding_card: str     # the card that completed the winning set, "" if unfinished
    #: the winner's event, special, forbidden and postcard cards at the moment of winning
    winner_cards: tuple[str, ...] = ()
    #: the extension cards that came into play on the winning turn (played, resolved, reacted with), and the
    #: deciding card if it is one of them
    winning_turn_cards: tuple[str, ...] = ()


def play(g: Game, bots, table: Table, max_turns: int = MAX_TURNS) -> None:
    """Run turns until someone wins or `max_turns` have been played."""
    rec = table.rec
    try:
        while g.turn < max_turns:
            p = g.active
            table.begin_turn(p)
            bot = bots[p]
            while g.actions_left > 0 and not g.turn_over:
                bot.act(table, g, p)
            if rec is not None:
                rec.end_turn()
            g.end_turn()
    except GameOver:
        g.turn += 1
        if rec is not None:
            rec.end_turn()


def simulate_one(t: Tables, n: int, extensions: frozenset[str], seed: int, bot: str = "greedy",
                 recorder_factory=None):
    """Play one game from `seed`; returns (Result, record text or None)."""
    rng = random.Random(seed)
    setup = random_setup(t, n, extensions, rng)
    bots = [BOTS[bot](t, rng) for _ in range(n)]
    rec = recorder_factory(t, setup) if recorder_factory is not None else None
    oracle = SimOracle(rng, bots, rec)
    g = Game(t, setup, oracle)
    table = Table(g, bots, rng, rec)
    play(g, bots, table)
    won = g.winner >= 0
    winner_cards: tuple[str, ...] = ()
    turn_cards: tuple[str, ...] = ()
    if won:
        hand = table.winning_hand if g.win_how == WIN_CENTRE else g.hands[g.winner]
        extension = [c for c in hand if t.family[c] not in (ITEM, PASSPORT)]
        winner_cards = tuple(t.ids[c] for c in sorted(set(extension)))
        decided = set(table.turn_cards)
        if t.family[g.win_card] not in (ITEM, PASSPORT):
            decided.add(g.win_card)
        turn_cards = tuple(t.ids[c] for c in sorted(decided))
    result = Result(
        winner=g.winner,
        position=(g.winner - g.start) % n if won else -1,
        character=t.character_ids[g.characters[g.winner]] if won and g.characters[g.winner] >= 0 else "",
        characters=tuple(t.character_ids[c] for c in g.characters if c >= 0),
        how=g.win_how,
        turns=g.turn,
        reshuffles=g.reshuffles,
        deciding_card=t.ids[g.win_card] if won else "",
        winner_cards=winner_cards,
        winning_turn_cards=turn_cards,
    )
    return result, (rec.text() if rec is not None else None)


def parse_extensions(values: list[str] | None) -> frozenset[str]:
    """`all`, `none`, or names from EXTENSIONS (comma or space separated)."""
    if not values:
        return frozenset(EXTENSIONS)
    words = [w for v in values for w in v.replace(",", " ").split()]
    if words == ["all"]:
        return frozenset(EXTENSIONS)
    if words == ["none"]:
        return frozenset()
    unknown = [w for w in words if w not in EXTENSIONS]
    if unknown:
        raise ValueError(unknown[0])
    return frozenset(words)
