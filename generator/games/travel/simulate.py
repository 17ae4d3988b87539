"""Play whole games with bots: random setups, dice for every chance, reactions, and (optionally) a record.

The same `Game` as the checker runs the rules; here the oracle rolls the dice and asks the bots.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from .bots import GreedyBot, RandomBot
from .cards import EXTENSIONS, ITEM, PASSPORT, Tables
from .engine import Game, GameOver
from .kinds.base import Reaction as Answer
from .rules import (
    Action, Draw, Drop, EndTurn, Play, Recycle, Steal, Trade, Travel, check, check_offer, first_player,
    legal_reactions, nearest_seats, needs_empty_hand_draw, player_rules, travel_plan,
)
from .state import WIN_CENTRE, Setup
from .strong import StrongBot
from .writer import Recorder


class BotError(RuntimeError):
    """A bot chose an action the rules refuse: a bug in the bot, never the players' doing."""


class Bot(Protocol):
    """A player of simulated games: its turn's actions, and its answers to the engine's and the table's
    questions (bots.py, strong.py)."""

    def act(self, g: Game, p: int) -> Action: ...
    def limit_discard(self, g: Game, p: int) -> int: ...
    def event_discards(self, g: Game, p: int, count: int) -> list[int]: ...
    def event_passes(self, g: Game, p: int, count: int) -> list[int]: ...
    def accept_trade(self, g: Game, q: int, p: int, trade: Trade) -> bool: ...
    def use_cancel(self, g: Game, q: int, p: int, action: Action) -> bool: ...
    def use_block(self, g: Game, q: int, p: int, action: Action) -> bool: ...
    def offer_refused(self, g: Game, p: int, trade: Trade) -> None: ...
    def steal_announced(self, g: Game, q: int, p: int) -> None: ...
    def choose_stolen(self, g: Game, p: int, q: int) -> int: ...


#: every bot a game may seat, by name
BOTS: dict[str, Callable[[Tables, random.Random], Bot]] = {"greedy": GreedyBot, "random": RandomBot,
                                                           "strong": StrongBot}
DEFAULT_NAMES = ("Mina", "Joon", "Sora", "Hana", "Tae", "Yuri")
#: a game that runs this many turns without a winner is stopped and counted as unfinished
MAX_TURNS = 600
#: a turn that takes this many actions is a loop the rules allow and the bot will not leave (a designer's sweep
#: that lets a recycle cost 1 card and take 2 returns an Express Ticket, which gives the action back, for ever):
#: the game stops there and counts as unfinished
MAX_TURN_ACTIONS = 100


def random_setup(t: Tables, n: int, extensions: frozenset[str], rng: random.Random,
                 names: tuple[str, ...] = DEFAULT_NAMES) -> Setup:
    """Passports, countries (random side up), characters and starting hands as a shuffled deal gives them."""
    passports = rng.sample(t.by_family[PASSPORT], n)
    cards = rng.sample(range(len(t.country_card_ids)), n + 1)
    sides_of: dict[int, list[int]] = {}
    for side, card in enumerate(t.side_card):
        sides_of.setdefault(card, []).append(side)
    chosen = [rng.choice(sides_of[card]) for card in cards]
    dealt = [c for c, (fewest, most) in enumerate(t.character_players) if fewest <= n <= most]  # the rest: box (R33)
    characters = rng.sample(dealt, n) if "characters" in extensions else [-1] * n
    pile = [c for c in t.by_family[ITEM] for _ in range(t.copies[c])]
    rng.shuffle(pile)
    hands = [[pile.pop() for _ in range(rules.starting_hand)] for rules in player_rules(t, characters)]
    nearest = nearest_seats(t, chosen[:n], chosen[n])
    first = rng.choice(nearest) if len(nearest) > 1 else -1  # a tie: the tied players choose who starts
    return Setup(list(names[:n]), passports, chosen[:n], characters, chosen[n], extensions, hands, first)


class SimOracle:
    """Chance by the dice, choices by the bots; every answer is also written to the recorder, if any."""

    def __init__(self, rng: random.Random, bots: Sequence[Bot], rec: Recorder | None = None):
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

    def event_settle(self, g: Game, p: int) -> None:
        if self.rec is not None:
            self.rec.back_to_entry(p)


class Table:
    """What a bot's decision turns into: announcement, reactions by the others, the rules, the record."""

    def __init__(self, g: Game, bots: Sequence[Bot], rng: random.Random, rec: Recorder | None = None,
                 turn_cards: list[int] | None = None):
        self.g = g
        self.bots = bots
        self.rng = rng
        self.rec = rec
        self.traps = [c for c, k in enumerate(g.t.kind) if k.reaction is Answer.CANCEL]
        self.locks = [c for c, k in enumerate(g.t.kind) if k.reaction is Answer.BLOCK_STEAL]
        #: the event and special cards that came into play this turn (the oracle's list: events too)
        self.turn_cards: list[int] = turn_cards if turn_cards is not None else []
        #: the hand of the last player to announce a travel to the centre, as it was then
        self.winning_hand: list[int] = []

    def _reactions(self, q: int, p: int, action: Action, answer: Answer) -> list[int]:
        """The reaction cards that answer so that `q` may play against `p`'s announced `action` (rules.py says)."""
        g = self.g
        return [r.card for r in legal_reactions(g, q, action, p) if g.t.kind[r.card].reaction is answer]

    def cancelled(self, p: int, action: Action) -> bool:
        """Another player may answer the announced action with a mousetrap: it does not happen."""
        g = self.g
        if not self.traps:
            return False
        for q in g.clockwise[p][1:]:
            hand = g.hands[q]
            if any(trap in hand for trap in self.traps):
                traps = self._reactions(q, p, action, Answer.CANCEL)
                if traps and self.bots[q].use_cancel(g, q, p, action):
                    trap = traps[0]
                    if self.rec is not None:
                        self.rec.reaction(q, trap)
                    self.turn_cards.append(trap)
                    g.cancel(p, q, trap)
                    return True
        return False

    def padlock(self, p: int, q: int, action: Action) -> int:
        """The padlock `q` answers `p`'s steal with, or -1."""
        g = self.g
        hand = g.hands[q]
        if any(lock in hand for lock in self.locks):
            locks = self._reactions(q, p, action, Answer.BLOCK_STEAL)
            if locks and self.bots[q].use_block(g, q, p, action):
                self.turn_cards.append(locks[0])
                return locks[0]
        return -1

    def perform(self, p: int, action: Action) -> bool:
        """Announce `action` for `p`, let the others react, and apply it. An action `rules.check` refuses is a
        bot's bug (BotError). False only for a refused offer, which is not an action."""
        g = self.g
        if isinstance(action, Trade):
            return self.offer(p, action)
        violation = check(g, p, action)
        if violation is not None:
            raise BotError(f"{type(self.bots[p]).__name__} chose {action}, which breaks {violation.rule}: "
                           f"{violation.reason}")
        match action:
            case Draw():
                self.draw(p, action)
            case Recycle():
                self.recycle(p, action)
            case Steal():
                self.steal(p, action)
            case Travel():
                self.travel(p, action)
            case Drop():
                self.drop(p, action)
            case Play():
                self.play(p, action)
            case EndTurn():
                pass
            case _:
                raise BotError(f"{type(self.bots[p]).__name__} chose {action}, which is not a turn's action")
        return True

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

    def draw(self, p: int, action: Draw) -> None:
        rec = self.rec
        if rec is not None:
            rec.clause(("draw",), bare=True)
        if not self.cancelled(p, action):
            self.g.act_draw(p)

    def recycle(self, p: int, action: Recycle) -> None:
        """The card taken is chosen once the cost is paid: a record writes it only if no mousetrap stopped it."""
        rec = self.rec
        if rec is not None:
            rec.clause(("recycle", *rec.names(action.paid)))
        if not self.cancelled(p, action):
            if rec is not None:
                rec.extend(("->", *rec.names(action.taken)))
            self.g.act_recycle(p, list(action.paid), list(action.taken))

    def offer(self, p: int, action: Trade) -> bool:
        """The trade happens only if the other player accepts (and then it must pass `rules.check`); a refused
        offer is not an action."""
        g = self.g
        q = action.other
        violation = check_offer(g, p, q)
        if violation is not None:
            raise BotError(f"{type(self.bots[p]).__name__} offered {action}: {violation.reason}")
        accepted = self.bots[q].accept_trade(g, q, p, action)
        if self.rec is not None:
            head = ("trade", g.names[q], *self.rec.names(action.give), "for", *self.rec.names(action.get))
            self.rec.clause(head + (() if accepted else ("refused",)))
        if not accepted:
            self.bots[p].offer_refused(g, p, action)
            return False
        violation = check(g, p, action)
        if violation is not None:
            raise BotError(f"{type(self.bots[q]).__name__} accepted {action}, which breaks {violation.rule}: "
                           f"{violation.reason}")
        if not self.cancelled(p, action):
            g.act_trade(p, q, list(action.give), list(action.get))
        return True

    def steal(self, p: int, action: Steal) -> None:
        g = self.g
        rec = self.rec
        q = action.target
        paid = list(action.paid)
        if rec is not None:
            rec.clause(("steal", g.names[q]) + (("pay", *rec.names(paid)) if paid else ()))
        self.bots[q].steal_announced(g, q, p)
        if self.cancelled(p, action):
            return
        lock = self.padlock(p, q, action)
        if lock >= 0:
            if rec is not None:
                rec.reaction(q, lock)
            g.act_steal(p, q, paid, -1, lock)
            return
        hand = g.hands[q]
        if g.params[p].steal_chooses:  # the thief has seen the hand and chooses
            taken = self.bots[p].choose_stolen(g, p, q)
        else:
            taken = hand[int(self.rng.random() * len(hand))]
        if rec is not None:
            rec.extend(("->", rec.name(taken)))
        g.act_steal(p, q, paid, taken)

    def travel(self, p: int, action: Travel) -> None:
        g = self.g
        rec = self.rec
        if rec is not None:
            words = ["travel", g.t.side_codes[action.country]]
            for standin in action.standins:
                words += ["with", rec.name(standin.card)] + (["for", rec.name(standin.item)] if standin.item >= 0 else [])
            rec.clause(tuple(words))
        if g.visited[p]:
            self.winning_hand = list(g.hands[p])
        if not self.cancelled(p, action):
            g.act_travel(p, travel_plan(g, p, action.standins).used)

    def drop(self, p: int, action: Drop) -> None:
        if self.rec is not None:
            self.rec.clause(("drop", self.rec.name(action.forbidden), "with", self.rec.name(action.paired)))
        if not self.cancelled(p, action):
            self.g.act_drop(p, action.forbidden, action.paired)

    def play(self, p: int, action: Play) -> None:
        """A special item played, as its kind announces and performs it; only one played as the turn's action can
        be stopped by a mousetrap."""
        g = self.g
        c = action.card
        kind = g.t.kind[c]
        if self.rec is not None:
            words, bare = kind.words(action, self.rec)
            self.rec.clause(words, bare)
        self.turn_cards.append(c)
        if g.t.timing[c] == "action" and self.cancelled(p, action):
            return
        kind.perform(self, p, action)


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


def play(g: Game, bots: Sequence[Bot], table: Table, max_turns: int = MAX_TURNS) -> None:
    """Run turns until someone wins, `max_turns` have been played or a turn reaches `MAX_TURN_ACTIONS`."""
    rec = table.rec
    try:
        while g.turn < max_turns:
            p = g.active
            table.begin_turn(p)
            bot = bots[p]
            taken = 0
            while g.actions_left > 0 and not g.turn_over:
                if taken == MAX_TURN_ACTIONS:
                    if rec is not None:
                        rec.end_turn()
                    return
                action = bot.act(g, p)
                table.perform(p, action)
                taken += 1
                if isinstance(action, EndTurn):
                    break
            if rec is not None:
                rec.end_turn()
            g.end_turn()
    except GameOver:
        g.turn += 1
        if rec is not None:
            rec.end_turn()


def simulate_one(t: Tables, n: int, extensions: frozenset[str], seed: int, bot: str | tuple[str, ...] = "greedy",
                 recorder_factory: Callable[[Tables, Setup], Recorder] | None = None) -> tuple[Result, str | None]:
    """Play one game from `seed`; returns (Result, record text or None). `bot`: one bot name for every seat,
    or a lineup of names in turn order (the first plays first)."""
    rng = random.Random(seed)
    setup = random_setup(t, n, extensions, rng)
    lineup = (bot,) * n if isinstance(bot, str) else bot
    start = first_player(t, setup)
    bots = [BOTS[lineup[(seat - start) % n]](t, rng) for seat in range(n)]
    rec = recorder_factory(t, setup) if recorder_factory is not None else None
    oracle = SimOracle(rng, bots, rec)
    g = Game(t, setup, oracle)
    table = Table(g, bots, rng, rec, oracle.turn_cards)
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
