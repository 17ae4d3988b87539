"""Replay a parsed record through the engine: each clause becomes an action that `rules.check` must pass, and
each chance outcome or choice the record writes is asked of the rules too.

The engine asks its oracle for chance and choices; here the oracle reads them from the record and has the rules
verify each one (a card can only be drawn if a copy is in the draw pile; a discard must be in the hand; ...).
The replay itself decides nothing: it turns words into action records, turns the part of an action a violation
names into the word's place, and checks that the record writes what the rules made happen (the cards drawn, the
discards due). The first broken rule stops the replay; the state shown with it is taken only then.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, NamedTuple, Sequence

from .cards import K_BLOCK, K_CANCEL, K_DRAW, K_SEARCH, K_STEAL_CHOICE, K_SWAP, Tables
from .engine import Game, GameOver
from .notation import (
    C_DRAW, C_DROP, C_EMPTY, C_PLAY, C_REACT, C_RECYCLE, C_STEAL, C_TAIL, C_TRADE, C_TRAVEL, E_DRAW, E_MINUS,
    E_PLUS, E_RESHUFFLE, Clause, EventPart, Written,
)
from .record import Record
from .rules import (
    NO_PLAYER, Broken, Draw, Drop, EmptyHandDraw, EventDiscard, EventPass, LimitDiscard, Part, Play, Reaction, Recycle,
    Rule, StandIn, Steal, Trade, Travel, Violation, bonus_after_refusal, check_choice, check_draw, check_drawn,
    check_drop, check_empty_hand_draw, check_offer, check_play, check_reaction, check_recycle_cost, check_recycle_take,
    check_setup, check_steal, check_stolen, check_trade, check_travel, check_turn_end, check_turn_going,
    check_turn_start, draw_not_due, event_part_not_due, game_over, limit_discard_missing, limit_discard_not_due,
    miscount, outcome_after_cancel, outcome_after_padlock, reshuffle_not_due, travel_plan, winning_draws,
)

DRAW = Draw()
EMPTY_HAND_DRAW = EmptyHandDraw()
#: makes an action record from all its fields in one C call, as the parser makes its clauses (notation._new):
#: `_new(Recycle, (paid, taken))` is `Recycle(paid, taken)` without the NamedTuple's Python `__new__`, a fifth of
#: replaying a short turn
_new = tuple.__new__


class Stretch(NamedTuple):
    """A stretch of the record kept aside while an event interrupts it (CheckOracle's fields of that name)."""

    els: Sequence[Written]
    i: int
    rule: str
    param: str
    count: int
    who: int
    anchor: int
    pile_only: bool


class _EventFrame:
    __slots__ = ("outer", "entries", "ei", "card", "count", "pos", "drawer", "rest")

    def __init__(self, outer: Stretch, entries: list[EventPart], card: int, count: int, pos: int, drawer: int):
        self.outer = outer      # the stretch the event interrupted (CheckOracle.stretch)
        self.entries = entries
        self.ei = 0
        self.card = card
        self.count = count      # the event's card count for each player (0 when it has none)
        self.pos = pos
        self.drawer = drawer
        self.rest: dict[int, tuple] = {}  # a pass-cards event: each part's words after its passes (els, i, at)


class CheckOracle:
    """Answers the engine's questions from the record, each answer checked by the rules.

    It reads one stretch of the record at a time (a clause's tail, or one player's part of an event): the words
    `els` from index `i` on, what they are for (`rule`, the rule parameter `param` and the `count` of cards to
    draw, for player `who`) and the token `anchor` where a missing word is reported. Plain fields rather than
    an object per stretch: a stretch begins for every clause."""

    __slots__ = ("t", "els", "i", "rule", "param", "count", "who", "anchor", "pile_only", "frames", "last_drawn")

    def __init__(self, t: Tables):
        self.t = t
        self.start([], Rule.ONE_ACTION, "", 0, -1, 0)
        self.frames: list[_EventFrame] = []
        self.last_drawn: Written | None = None  # the word of the card drawn last

    def start(self, els: list, rule: str, param: str, count: int, who: int, anchor: int,
              pile_only: bool = False) -> None:
        """A new stretch of the record begins; `pile_only`: its cards are drawn by a Trading Post (check_drawn)."""
        self.els = els
        self.i = 0
        self.rule = rule
        self.param = param
        self.count = count
        self.who = who
        self.anchor = anchor
        self.pile_only = pile_only

    @property
    def stretch(self) -> Stretch:
        """The stretch being read, kept aside while an event interrupts it."""
        return _new(Stretch, (self.els, self.i, self.rule, self.param, self.count, self.who, self.anchor,
                              self.pile_only))

    @stretch.setter
    def stretch(self, saved: Stretch) -> None:
        self.els, self.i, self.rule, self.param, self.count, self.who, self.anchor, self.pile_only = saved

    @staticmethod
    def _raise_at(v: Violation, at: int):
        v.position = at
        raise Broken(v)

    # -- chance --------------------------------------------------------------------------------------------

    def draw(self, g: Game, p: int) -> int:
        els = self.els
        i = self.i
        if i < len(els):
            el = els[i]
            if el.kind <= E_PLUS:
                c = el.card
                try:
                    g.draw.remove(c)
                except ValueError:
                    self._raise_at(check_drawn(g, c, self.pile_only), el.at)
                self.i = i + 1
                self.last_drawn = el  # an event's parts, if it is one (event_begin)
                return c
            if el.kind == E_RESHUFFLE:
                raise self._no_reshuffle(g, el.at)
            if el.kind == E_MINUS:  # a discard where a card is drawn: nobody is over the limit here
                self._raise_at(limit_discard_not_due(el.card), el.at)
            at = el.at
        else:
            at = self.anchor
        self._raise_at(miscount(g, self.who, self.rule, self.param, self.count, self._shown(), "missing_draw"), at)

    @staticmethod
    def _no_reshuffle(g: Game, at: int) -> Broken:
        v = reshuffle_not_due(g)
        v.position = at
        return Broken(v)

    def reshuffled(self, g: Game) -> None:
        if self.i < len(self.els) and self.els[self.i].kind == E_RESHUFFLE:
            self.i += 1

    # -- choices -------------------------------------------------------------------------------------------

    def limit_discard(self, g: Game, p: int) -> int:
        els = self.els
        i = self.i
        if i < len(els) and els[i].kind == E_MINUS:
            c, at = els[i].card, els[i].at
            v = check_choice(g, p, _new(LimitDiscard, (c,)))
            if v:
                self._raise_at(v, at)
            self.i = i + 1
            return c
        if i < len(els) and els[i].kind == E_RESHUFFLE:
            raise self._no_reshuffle(g, els[i].at)
        # at the word that follows, or else at the card that brought the hand over the limit
        at = els[i].at if i < len(els) else els[i - 1].at if i else self.anchor
        self._raise_at(limit_discard_missing(g, p), at)

    def event_begin(self, g: Game, p: int, c: int) -> None:
        el = self.last_drawn
        self.frames.append(_EventFrame(self.stretch, el.event or [], c, self.t.count[c], el.at, p))
        self.start([], Rule.EVENTS, "", 0, p, el.at)

    def event_player(self, g: Game, q: int) -> None:
        fr = self.frames[-1]
        self.finish(g)
        if fr.ei < len(fr.entries) and fr.entries[fr.ei].player == q:
            part = fr.entries[fr.ei]
            fr.ei += 1
            self.start(part.tail, Rule.EVENTS, "", fr.count, q, part.at)
        else:
            if any(part.player == q for part in fr.entries[fr.ei + 1:]):  # q's part is written after another's
                part = fr.entries[fr.ei]
                self._raise_at(event_part_not_due(g.t, part.player, fr.card, fr.drawer), part.at)
            anchor = fr.entries[fr.ei].at if fr.ei < len(fr.entries) else fr.pos
            self.start([], Rule.EVENTS, "", fr.count, q, anchor)

    def event_end(self, g: Game) -> None:
        fr = self.frames.pop()
        self.finish(g)
        if fr.ei < len(fr.entries):
            part = fr.entries[fr.ei]
            self._raise_at(event_part_not_due(g.t, part.player, fr.card, fr.drawer), part.at)
        self.stretch = fr.outer

    def _take_cards(self, types: tuple[int, ...], count: int) -> list[tuple]:
        """The cards written for an event choice of `count` cards: bare ones (any number, so that a wrong count
        is reported as one), `-card` ones only up to `count` (more are discards for the hand limit)."""
        els = self.els
        out = []
        while self.i < len(els) and els[self.i].kind in types and (els[self.i].kind == E_DRAW or len(out) < count):
            out.append(els[self.i])
            self.i += 1
        return out

    def _event_choice(self, g: Game, q: int, kind, types: tuple[int, ...], count: int) -> list[int]:
        chosen = self._take_cards(types, count)
        picked = [el.card for el in chosen]
        v = check_choice(g, q, _new(kind, (self.frames[-1].card, tuple(picked))))
        if v:
            index = v.part.index
            self._raise_at(v, chosen[index].at if index < len(chosen) else self.anchor)
        return picked

    def event_discards(self, g: Game, q: int, count: int) -> list[int]:
        return self._event_choice(g, q, EventDiscard, (E_DRAW, E_MINUS), count)

    def event_passes(self, g: Game, q: int, count: int) -> list[int]:
        """The cards `q` passes; what their part writes after them (discards for the limit) is read once every
        card has changed hands (`event_settle`)."""
        picked = self._event_choice(g, q, EventPass, (E_DRAW,), count)
        self.frames[-1].rest[q] = (self.els, self.i, self.anchor)
        self.els = ()
        self.i = 0
        return picked

    def event_settle(self, g: Game, q: int) -> None:
        self.finish(g)
        els, i, anchor = self.frames[-1].rest.pop(q)
        self.start(els, Rule.EVENTS, "", 0, q, anchor)
        self.i = i

    # -- bookkeeping ---------------------------------------------------------------------------------------

    def finish(self, g: Game) -> None:
        """Everything written for this stretch must have happened."""
        if self.i >= len(self.els):
            return
        el = self.els[self.i]
        if el.kind == E_RESHUFFLE:
            raise self._no_reshuffle(g, el.at)
        if el.kind == E_MINUS:
            self._raise_at(limit_discard_not_due(el.card), el.at)
        self._raise_at(draw_not_due(g, self.who, el.card, self.rule, self.param, self.count, self._shown(),
                                    "extra_draw" if self.count else "no_draw_here"), el.at)

    def _shown(self) -> int:
        """How many cards the stretch writes as drawn."""
        return sum(1 for e in self.els if e.kind <= E_PLUS)

    def first_leftover(self) -> int | None:
        """The first word of the record that was never played (the game ended before it)."""
        if self.i < len(self.els):
            return self.els[self.i].at
        for fr in reversed(self.frames):
            left = [els[i].at for els, i, _ in fr.rest.values() if i < len(els)]
            if left:
                return min(left)
            if fr.ei < len(fr.entries):
                return fr.entries[fr.ei].at
            outer = fr.outer
            if outer.i < len(outer.els):
                return outer.els[outer.i].at
        return None


@dataclass(slots=True)
class Outcome:
    """The end of a replay: the final game, and the first violation if any."""

    game: Game
    violation: Violation | None
    turns: int
    actions: int


def _setup_spot(part: Part) -> tuple:
    """The key of `Record.setup_spot` for a part of the setup."""
    if part.seat < 0:
        return (part.field,)
    if part.index < 0:
        return (part.field, part.seat)
    return (part.field, part.seat, part.index)


class Replay:
    """Plays a record's turns through the engine with a CheckOracle."""

    __slots__ = ("t", "record", "oracle")

    def __init__(self, t: Tables, record: Record):
        self.t = t
        self.record = record
        self.oracle = CheckOracle(t)

    def run(self, after_turn: Callable[[int, Game], None] | None = None) -> Outcome:
        """Replay every turn to the first broken rule; `after_turn(turn_no, game)` is called after each turn
        that passed, and once with -1 before the first (the studio's step-through shows the table then)."""
        t = self.t
        setup = self.record.setup
        v = check_setup(t, setup)
        if v is not None:
            v.position = self.record.setup_spot(_setup_spot(v.part))
            return Outcome(Game(t, setup, self.oracle, []), v, 0, 0)
        g = Game(t, setup, self.oracle)
        if after_turn is not None:
            after_turn(-1, g)
        seats = self.record.seats
        for turn_no, p in enumerate(seats):
            try:
                self._turn(g, turn_no, p)
            except Broken as problem:
                v = problem.violation
                v.turn = turn_no
                v.player = p
                v.state = snapshot(g)
                return Outcome(g, v, turn_no, g.actions)
            if after_turn is not None:
                after_turn(turn_no, g)
        return Outcome(g, None, len(seats), g.actions)

    # -- one turn ------------------------------------------------------------------------------------------

    def _turn(self, g: Game, turn_no: int, p: int) -> None:
        v = check_turn_start(g, p)
        if v is not None:
            v.position = self.record.turn(turn_no).player_at
            raise Broken(v)
        clauses = self.record.clauses(turn_no)
        oracle = self.oracle
        g.begin_turn()
        k = 0
        count = len(clauses)
        try:
            while k < count:
                cl = clauses[k]
                k = _HANDLERS[cl.kind](self, g, p, clauses, k, cl)
                if oracle.i < len(oracle.els):
                    oracle.finish(g)  # a word written for the clause that did not happen
            v = check_turn_end(g, p)
            if v is not None:
                v.position = max(0, len(self.record.tokens(turn_no)) - 1)  # the last word: no action after it
                raise Broken(v)
        except GameOver:
            at = oracle.first_leftover()
            if at is None and k + 1 < count:
                at = clauses[k + 1].pos
            if at is not None:
                v = game_over(g)
                v.position = at
                raise Broken(v) from None
        g.end_turn()

    # -- from an action's part to the word ---------------------------------------------------------------------

    @staticmethod
    def _word(cl: Clause, part: Part | None) -> int:
        """The token of clause `cl` that `part` names."""
        if part is None:
            return cl.pos
        name = part.field
        if name in _LIST_A or name in _LIST_B:
            written_at = cl.a_at if name in _LIST_A else cl.b_at
            if part.index < len(written_at):
                return written_at[part.index]
            return cl.arrow if cl.arrow >= 0 else cl.who_pos
        if name in ("other", "target", "reactor"):
            return cl.who_pos
        if name in ("card", "country", "forbidden"):
            return cl.card_pos
        if name == "paired":
            return cl.a_at[0]
        if name == "standins":
            return cl.standins[part.index].at
        return cl.pos

    def _refuse(self, v: Violation, cl: Clause, reaction: Clause | None = None):
        """Raise `v` at its word: in the reaction clause, or in the action clause."""
        part = v.part
        if reaction is not None and (part is None or not part.answered):
            v.position = self._word(reaction, part)
        else:
            v.position = self._word(cl, part)
        raise Broken(v)

    def _checked(self, g: Game, p: int, clauses: list[Clause], k: int, cl: Clause, action,
                 check_kind) -> Clause | None:
        """Check clause `k`'s action with `check_kind` (the rules' check for its kind), or the mousetrap or
        padlock written right after it (which checks the action as announced); returns that reaction's clause,
        if any."""
        if k + 1 < len(clauses):
            nxt = clauses[k + 1]
            if nxt.kind == C_REACT and nxt.card >= 0 and self.t.kind[nxt.card] in (K_CANCEL, K_BLOCK):
                v = check_reaction(g, nxt.who, _new(Reaction, (nxt.card, action, p)))
                if v is not None:
                    self._refuse(v, cl, nxt)
                return nxt
        v = check_kind(g, p, action)
        if v is not None:
            self._refuse(v, cl)
        return None

    def _cancelled(self, g: Game, p: int, cl: Clause, reaction: Clause) -> bool:
        """The reaction was a mousetrap: nothing of the action happens, and nothing may be written for it."""
        if self.t.kind[reaction.card] != K_CANCEL:
            return False
        if cl.tail or (cl.kind in _TAKES and cl.b) or reaction.tail:
            at = cl.tail[0].at if cl.tail else cl.b_at[0] if cl.kind in _TAKES and cl.b \
                else reaction.tail[0].at
            v = outcome_after_cancel(reaction.who, reaction.card)
            v.position = at
            raise Broken(v)
        g.cancel(p, reaction.who, reaction.card)
        return True

    # -- clause handlers: each returns the index of the next clause (then _turn checks every word was used) ---

    def _empty(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        v = check_empty_hand_draw(g, p, EMPTY_HAND_DRAW)
        if v is not None:
            self._refuse(v, cl)
        self.oracle.start(cl.tail, Rule.EMPTY_HAND, "empty_hand_draw", g.params[p]["empty_hand_draw"], p, cl.pos)
        g.act_empty_hand_draw(p)
        self.oracle.finish(g)
        return k + 1

    def _draw(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        action = _new(Draw, (cl.a,)) if cl.a else DRAW
        reaction = self._checked(g, p, clauses, k, cl, action, check_draw)
        if reaction is not None and self._cancelled(g, p, cl, reaction):
            return k + 2
        if action.sold:
            self.oracle.start(cl.tail, Rule.SELL_BEFORE_DRAW, "", int(g.params[p]["sale_draw"]), p, cl.pos)
            g.act_draw(p, action.sold)
        else:
            self.oracle.start(cl.tail, Rule.DRAW, "", 1, p, cl.pos)
            g.act_draw(p)
        return k + 1

    def _recycle(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        action = _new(Recycle, (cl.a, cl.b))
        reaction = self._checked(g, p, clauses, k, cl, action, check_recycle_cost)
        if reaction is not None and self._cancelled(g, p, cl, reaction):
            return k + 2
        self.oracle.start(cl.tail, Rule.RECYCLE, "", 0, p, cl.pos)
        g.pay_recycle(p, list(action.paid))
        v = check_recycle_take(g, p, action.taken)  # after the payment: a card it sent for the hand limit may be taken
        if v is not None:
            self._refuse(v, cl)
        g.take_recycled(p, list(action.taken))
        return k + 1

    def _trade(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        q = cl.who
        if cl.refused:
            v = check_turn_going(g, p) or check_offer(g, p, q, cl.a, cl.b)
            if v is not None:
                self._refuse(v, cl)
            self.oracle.start(cl.tail, Rule.TRADE_BONUS, "", 0, p, cl.pos)
            for el in cl.tail:
                if el.kind <= E_PLUS:
                    v = bonus_after_refusal(p)
                    v.position = el.at
                    raise Broken(v)
            return k + 1
        action = _new(Trade, (q, cl.a, cl.b))
        reaction = self._checked(g, p, clauses, k, cl, action, check_trade)
        if reaction is not None and self._cancelled(g, p, cl, reaction):
            return k + 2
        bonus = int(g.params[p]["trade_bonus_draw"])
        self.oracle.start(cl.tail, Rule.TRADE_BONUS, "trade_bonus_draw", bonus, p, cl.pos)
        g.act_trade(p, q, list(action.give), list(action.get))
        return k + 1

    def _taken(self, g: Game, cl: Clause, reaction: Clause | None, rule: str) -> tuple[int, int]:
        """After a steal's checks: (card taken, padlock that stopped it or -1). A card written as taken, in the
        steal or after the padlock, was not; a discard after the padlock is the thief's (`_stretch`)."""
        if reaction is not None:
            taken_at = cl.b_at or [el.at for el in reaction.tail if el.kind <= E_PLUS]
            if taken_at:
                v = outcome_after_padlock(reaction.who)
                v.position = taken_at[0]
                raise Broken(v)
            return -1, reaction.card
        v = check_stolen(g, cl.who, cl.b, rule)
        if v is not None:
            self._refuse(v, cl)
        return cl.b[0], -1

    def _steal(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        action = _new(Steal, (cl.who, cl.a))
        reaction = self._checked(g, p, clauses, k, cl, action, check_steal)
        if reaction is not None and self._cancelled(g, p, cl, reaction):
            return k + 2
        taken, lock = self._taken(g, cl, reaction, Rule.STEAL)
        self.oracle.start(_stretch(cl, reaction), Rule.STEAL, "", 0, p, cl.b_at[0] if cl.b else cl.pos)
        g.act_steal(p, cl.who, list(action.paid), taken, lock)
        return k + 2 if lock >= 0 else k + 1

    def _travel(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        standins = tuple([_new(StandIn, (standin, item)) for standin, item, _ in cl.standins]) if cl.standins else ()
        action = _new(Travel, (cl.side, standins))
        reaction = self._checked(g, p, clauses, k, cl, action, check_travel)
        if reaction is not None and self._cancelled(g, p, cl, reaction):
            return k + 2
        used = travel_plan(g, p, action.standins).used
        if g.visited[p]:
            tail = cl.tail
            lead = []
            for el in tail:
                if el.kind == E_RESHUFFLE:
                    lead.append(None)
                    continue
                # an event with parts would be played after the end; `customs-check[]` is only shown, as the bare card
                if el.kind > E_PLUS or el.event:
                    break
                lead.append(el.card)
            shown, v = winning_draws(g, p, lead, used)
            if v is not None:
                v.position = tail[shown].at
                raise Broken(v)
            self.oracle.start(tail[shown:], Rule.CENTRE_WINS, "", 0, p, cl.pos)
        else:
            self.oracle.start(cl.tail, Rule.TRAVEL_STEPS, "travel_bonus_draw", int(g.params[p]["travel_bonus_draw"]),
                              p, cl.pos)
        g.act_travel(p, used)
        return k + 1

    def _drop(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        action = _new(Drop, (cl.card, cl.a[0]))
        reaction = self._checked(g, p, clauses, k, cl, action, check_drop)
        if reaction is not None and self._cancelled(g, p, cl, reaction):
            return k + 2
        self.oracle.start(cl.tail, Rule.FORBIDDEN_DROP, "", 0, p, cl.pos)
        g.act_drop(p, action.forbidden, action.paired)
        return k + 1

    def _play(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        t = self.t
        c = cl.card
        kind = t.kind[c] if c >= 0 else 0
        if kind == K_SEARCH:
            action = _new(Play, (c, NO_PLAYER, (), cl.b))
        elif kind == K_SWAP:
            action = _new(Play, (c, NO_PLAYER, cl.a, ()))
        elif kind == K_STEAL_CHOICE:
            action = _new(Play, (c, cl.who, cl.a, cl.b))
        else:
            action = _new(Play, (c, NO_PLAYER, (), ()))
        reaction = self._checked(g, p, clauses, k, cl, action, check_play)
        if reaction is not None and self._cancelled(g, p, cl, reaction):
            return k + 2
        oracle = self.oracle
        if kind == K_SEARCH:
            oracle.start(cl.tail, Rule.DRAW_PILE_ONLY, "", 0, p, cl.pos)
            g.play_search(p, c, list(action.chosen))
        elif kind == K_SWAP:
            oracle.start(cl.tail, Rule.SPECIAL_ITEMS, "", len(action.paid), p, cl.pos, pile_only=True)
            g.play_swap(p, c, list(action.paid))
        elif kind == K_STEAL_CHOICE:
            taken, lock = self._taken(g, cl, reaction, Rule.SPECIAL_ITEMS)
            oracle.start(_stretch(cl, reaction), Rule.SPECIAL_ITEMS, "", 0, p, cl.b_at[0] if cl.b else cl.pos)
            g.play_steal_choice(p, c, cl.who, list(action.paid), taken, lock)
            return k + 2 if lock >= 0 else k + 1
        elif kind == K_DRAW:
            oracle.start(cl.tail, Rule.SPECIAL_ITEMS, "", t.count[c], p, cl.pos)
            g.play_draw(p, c)
        else:
            oracle.start(cl.tail, Rule.SPECIAL_ITEMS, "", 0, p, cl.pos)
            g.play_extra(p, c)
        return k + 1

    def _react_alone(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        """A reaction that answers no action of this turn."""
        v = check_turn_going(g, p) or check_reaction(g, cl.who, Reaction(cl.card, None, p))
        self._refuse(v, cl)

    def _tail_alone(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        v = check_turn_going(g, p)
        if v is not None:
            self._refuse(v, cl)
        self.oracle.start(cl.tail, Rule.ONE_ACTION, "", 0, p, cl.pos)
        return k + 1



#: per clause kind, the Replay method replaying it
_HANDLERS = {
    C_DRAW: Replay._draw, C_RECYCLE: Replay._recycle, C_TRADE: Replay._trade, C_STEAL: Replay._steal,
    C_TRAVEL: Replay._travel, C_DROP: Replay._drop, C_PLAY: Replay._play, C_REACT: Replay._react_alone,
    C_EMPTY: Replay._empty, C_TAIL: Replay._tail_alone,
}


#: the clauses whose second card list is what the action takes once it happens (after '->'): never written for
#: an action a mousetrap stopped
_TAKES = frozenset((C_STEAL, C_PLAY, C_RECYCLE))

#: the clause's card lists an action's list parts come from
_LIST_A = frozenset(("paid", "give", "sold"))
_LIST_B = frozenset(("taken", "get", "chosen"))


def _stretch(cl: Clause, reaction: Clause | None) -> list:
    """What a steal's record writes after it: its own tail, then the padlock's that stopped it (the thief's
    discards for a limit that fell with the cost paid may follow either)."""
    return cl.tail + reaction.tail if reaction is not None and reaction.tail else cl.tail


def snapshot(g: Game) -> dict:
    """The state a violation message shows: hands, countries travelled, both piles."""
    return {
        "active": g.active,
        "hands": [list(h) for h in g.hands],
        "visited": list(g.visited),
        "draw_pile": len(g.draw),
        "discard_pile": list(g.discard),
        "limits": [g.hand_limit(p) for p in range(g.n)],
        "dest": [g.next_country(p) for p in range(g.n)],
    }
