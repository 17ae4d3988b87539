"""Replay a parsed record through the engine: each clause becomes an action that `rules.check` must pass, and
each chance outcome or choice the record writes is asked of the rules too.

The engine asks its oracle for chance and choices; here the oracle reads them from the record and has the rules
verify each one (a card can only be drawn if a copy is in the draw pile; a discard must be in the hand; ...).
The replay itself decides nothing: it turns words into action records, turns the part of an action a violation
names into the word's place, and checks that the record writes what the rules made happen (the cards drawn, the
discards due). The first broken rule stops the replay; the state shown with it is taken only then.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, NoReturn, TypeVar

from ...checking import RuleBroken
from .cards import EVENT, Tables
from .engine import Game, GameOver
from .kinds.base import Reaction as Answer
from .model import RuleParam
from .notation import Clause, ClauseKind, EventPart, Mark, Written
from .record import Record, Spot
from .rules import (
    Action, Draw, Drop, EventDiscard, EventPass, LimitDiscard, Part, Play, Reaction, Recycle, Rule,
    StandIn, Steal, Trade, Travel, TravelViolation, bonus_after_refusal, check_choice, check_draw, check_drawn,
    check_drop, check_empty_hand_draw, check_offer, check_play, check_reaction, check_recycle_cost,
    check_recycle_take, check_setup, check_steal, check_stolen, check_trade, check_travel, check_turn_end,
    check_turn_going, check_turn_start, draw_not_due, event_part_not_due, game_over, limit_discard_missing,
    limit_discard_not_due, miscount, outcome_after_cancel, outcome_after_padlock, reshuffle_not_due, travel_plan,
    winning_draws,
)

A = TypeVar("A", bound=Action)


class Stretch(NamedTuple):
    """A stretch of the record being read: the words `els` from index `i` on, what they are for (`rule`, the rule
    parameter `param` and the `count` of cards to draw, for player `who`), the token `anchor` where a missing word
    is reported, and whether its cards are drawn by a Trading Post (`pile_only`, see check_drawn)."""

    els: Sequence[Written]
    i: int
    rule: Rule
    param: RuleParam | None
    draws: int
    who: int
    anchor: int
    pile_only: bool


@dataclass
class _EventFrame:
    """An event being resolved: the stretch it interrupted, its parts as written and the next to read, its card,
    its card count for each player (0 when it has none), where it is written, who drew it, and (a pass-cards
    event) each part's words after its passes (els, index, anchor)."""

    outer: Stretch
    entries: list[EventPart]
    card: int
    count: int
    pos: int
    drawer: int
    ei: int = 0
    rest: dict[int, tuple[Sequence[Written], int, int]] = field(default_factory=dict)


def _raise_at(v: TravelViolation, at: int) -> NoReturn:
    raise RuleBroken(v, at)


class CheckOracle:
    """Answers the engine's questions from the record, each answer checked by the rules.

    It reads one stretch of the record at a time (a clause's tail, or one player's part of an event)."""

    def __init__(self, t: Tables):
        self.t = t
        self.start([], Rule.ONE_ACTION, None, 0, -1, 0)
        self.frames: list[_EventFrame] = []
        self.last_drawn: Written | None = None  # the word of the card drawn last

    def start(self, els: Sequence[Written], rule: Rule, param: RuleParam | None, count: int, who: int, anchor: int,
              pile_only: bool = False) -> None:
        """A new stretch of the record begins; `pile_only`: its cards are drawn by a Trading Post (check_drawn)."""
        self.stretch = Stretch(els, 0, rule, param, count, who, anchor, pile_only)

    @property
    def els(self) -> Sequence[Written]:
        return self.stretch.els

    @property
    def i(self) -> int:
        return self.stretch.i

    def _advance(self, to: int) -> None:
        self.stretch = self.stretch._replace(i=to)

    # -- chance --------------------------------------------------------------------------------------------

    def draw(self, g: Game, p: int) -> int:
        s = self.stretch
        if s.i < len(s.els):
            el = s.els[s.i]
            if el.drawn:
                if el.card not in g.draw:
                    v = check_drawn(g, el.card, s.pile_only)
                    assert v is not None  # (a card not in the draw pile is always refused)
                    _raise_at(v, el.at)
                g.draw.remove(el.card)
                self._advance(s.i + 1)
                self.last_drawn = el  # an event's parts, if it is one (event_begin)
                return el.card
            if el.kind == Mark.RESHUFFLE:
                _raise_at(reshuffle_not_due(g), el.at)
            _raise_at(limit_discard_not_due(g, s.who, el.card), el.at)  # a discard where a card is drawn
        _raise_at(miscount(g, s.who, s.rule, s.param, s.draws, self._shown(), "missing_draw"), s.anchor)

    def reshuffled(self, g: Game) -> None:
        if self.i < len(self.els) and self.els[self.i].kind == Mark.RESHUFFLE:
            self._advance(self.i + 1)

    # -- choices -------------------------------------------------------------------------------------------

    def limit_discard(self, g: Game, p: int) -> int:
        els, i = self.els, self.i
        if i < len(els) and els[i].kind == Mark.MINUS:
            c, at = els[i].card, els[i].at
            v = check_choice(g, p, LimitDiscard(c))
            if v:
                _raise_at(v, at)
            self._advance(i + 1)
            return c
        if i < len(els) and els[i].kind == Mark.RESHUFFLE:
            _raise_at(reshuffle_not_due(g), els[i].at)
        # at the word that follows, or else at the card that brought the hand over the limit
        at = els[i].at if i < len(els) else els[i - 1].at if i else self.stretch.anchor
        _raise_at(limit_discard_missing(g, p), at)

    def event_begin(self, g: Game, p: int, c: int) -> None:
        el = self.last_drawn
        assert el is not None  # (an event is drawn, and so written, before it begins)
        self.frames.append(_EventFrame(self.stretch, el.event or [], c, self.t.kind[c].count(self.t, c), el.at, p))
        self.start([], Rule.EVENTS, None, 0, p, el.at)

    def event_player(self, g: Game, q: int) -> None:
        fr = self.frames[-1]
        self.finish(g)
        if fr.ei < len(fr.entries) and fr.entries[fr.ei].player == q:
            part = fr.entries[fr.ei]
            fr.ei += 1
            self.start(part.tail, Rule.EVENTS, None, fr.count, q, part.at)
        else:
            if any(part.player == q for part in fr.entries[fr.ei + 1:]):  # q's part is written after another's
                part = fr.entries[fr.ei]
                _raise_at(event_part_not_due(g.t, part.player, fr.card, fr.drawer), part.at)
            anchor = fr.entries[fr.ei].at if fr.ei < len(fr.entries) else fr.pos
            self.start([], Rule.EVENTS, None, fr.count, q, anchor)

    def event_end(self, g: Game) -> None:
        fr = self.frames.pop()
        self.finish(g)
        if fr.ei < len(fr.entries):
            part = fr.entries[fr.ei]
            _raise_at(event_part_not_due(g.t, part.player, fr.card, fr.drawer), part.at)
        self.stretch = fr.outer

    def _take_cards(self, kinds: tuple[Mark, ...], count: int) -> list[Written]:
        """The cards written for an event choice of `count` cards: bare ones (any number, so that a wrong count
        is reported as one), `-card` ones only up to `count` (more are discards for the hand limit)."""
        els = self.els
        out: list[Written] = []
        i = self.i
        while i < len(els) and els[i].kind in kinds and (els[i].kind == Mark.DRAW or len(out) < count):
            out.append(els[i])
            i += 1
        self._advance(i)
        return out

    def _event_choice(self, g: Game, q: int, choice: Callable[[int, tuple[int, ...]], EventDiscard | EventPass],
                      kinds: tuple[Mark, ...], count: int) -> list[int]:
        chosen = self._take_cards(kinds, count)
        picked = [el.card for el in chosen]
        v = check_choice(g, q, choice(self.frames[-1].card, tuple(picked)))
        if v:
            index = v.part.nth if v.part is not None else 0
            _raise_at(v, chosen[index].at if index < len(chosen) else self.stretch.anchor)
        return picked

    def event_discards(self, g: Game, q: int, count: int) -> list[int]:
        return self._event_choice(g, q, EventDiscard, (Mark.DRAW, Mark.MINUS), count)

    def event_passes(self, g: Game, q: int, count: int) -> list[int]:
        """The cards `q` passes; what their part writes after them (discards for the limit) is read once every
        card has changed hands (`event_settle`)."""
        picked = self._event_choice(g, q, EventPass, (Mark.DRAW,), count)
        self.frames[-1].rest[q] = (self.els, self.i, self.stretch.anchor)
        self.stretch = self.stretch._replace(els=(), i=0)
        return picked

    def event_settle(self, g: Game, q: int) -> None:
        self.finish(g)
        els, i, anchor = self.frames[-1].rest.pop(q)
        self.start(els, Rule.EVENTS, None, 0, q, anchor)
        self._advance(i)

    # -- bookkeeping ---------------------------------------------------------------------------------------

    def finish(self, g: Game) -> None:
        """Everything written for this stretch must have happened."""
        s = self.stretch
        if s.i >= len(s.els):
            return
        el = s.els[s.i]
        if el.kind == Mark.RESHUFFLE:
            _raise_at(reshuffle_not_due(g), el.at)
        if el.kind == Mark.MINUS:
            _raise_at(limit_discard_not_due(g, s.who, el.card), el.at)
        events = [e.card for e in s.els[:s.i] if e.drawn and e.card >= 0 and g.t.family[e.card] == EVENT]
        _raise_at(draw_not_due(g, s.who, el.card, s.rule, s.param, s.draws, self._shown(),
                               "extra_draw" if s.draws else "no_draw_here", events), el.at)

    def _shown(self) -> int:
        """How many cards the stretch writes as drawn."""
        return sum(1 for e in self.els if e.drawn)

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


@dataclass
class Outcome:
    """The end of a replay: the final game, and the first violation if any (with its place in the record, its
    turn, its player and the table then)."""

    game: Game
    violation: TravelViolation | None
    turns: int
    actions: int


def _setup_spot(part: Part | None) -> tuple[object, ...]:
    """The key of `Record.setup_spot` for a part of the setup."""
    assert part is not None  # (every setup violation names its part)
    if part.seat < 0:
        return (part.field,)
    if part.nth < 0:
        return (part.field, part.seat)
    return (part.field, part.seat, part.nth)


#: the clauses whose second card list is what the action takes once it happens (after '->'): never written for
#: an action a mousetrap stopped
_TAKES = frozenset((ClauseKind.STEAL, ClauseKind.PLAY, ClauseKind.RECYCLE))
#: the clause's card lists an action's list parts come from
_LIST_A = frozenset(("paid", "give"))
_LIST_B = frozenset(("taken", "get", "chosen"))


class Replay:
    """Plays a record's turns through the engine with a CheckOracle."""

    def __init__(self, t: Tables, record: Record):
        self.t = t
        self.record = record
        self.oracle = CheckOracle(t)

    def run(self, after_turn: Callable[[int, Game], None] | None = None) -> Outcome:
        """Replay every turn to the first broken rule; `after_turn(turn_no, game)` is called after each turn
        that passed, and once with -1 before the first (the studio's step-through shows the table then)."""
        t = self.t
        record = self.record
        setup = record.setup
        v = check_setup(t, setup)
        if v is not None:
            v.position = record.position(record.setup_spot(_setup_spot(v.part)))
            return Outcome(Game(t, setup, self.oracle, []), v, 0, 0)
        g = Game(t, setup, self.oracle)
        if after_turn is not None:
            after_turn(-1, g)
        for turn_no, p in enumerate(record.seats):
            try:
                self._turn(g, turn_no, p)
            except RuleBroken as problem:
                v = problem.violation
                at = problem.at
                spot = at if isinstance(at, Spot) else record.turn(turn_no).spot(at if isinstance(at, int) else 0)
                v.position = record.position(spot)
                v.number = turn_no
                v.player = setup.names[p]
                v.state = g.snapshot()
                return Outcome(g, v, turn_no, g.actions)
            if after_turn is not None:
                after_turn(turn_no, g)
        return Outcome(g, None, len(record.seats), g.actions)

    # -- one turn ------------------------------------------------------------------------------------------

    def _turn(self, g: Game, turn_no: int, p: int) -> None:
        v = check_turn_start(g, p)
        if v is not None:
            raise RuleBroken(v, self.record.turn(turn_no).player_at)
        clauses = self.record.clauses(turn_no)
        oracle = self.oracle
        g.begin_turn()
        k = 0
        try:
            while k < len(clauses):
                k = self._clause(g, p, clauses, k)
                oracle.finish(g)  # a word written for the clause that did not happen
            v = check_turn_end(g, p)
            if v is not None:
                _raise_at(v, max(0, len(self.record.tokens(turn_no)) - 1))  # the last word: no action after it
        except GameOver:
            at = oracle.first_leftover()
            if at is None and k + 1 < len(clauses):
                at = clauses[k + 1].pos
            if at is not None:
                _raise_at(game_over(g), at)
        g.end_turn()

    def _clause(self, g: Game, p: int, clauses: list[Clause], k: int) -> int:
        """Replay clause `k` (and the reaction written after it, if any); the index of the next clause."""
        cl = clauses[k]
        match cl.kind:
            case ClauseKind.EMPTY:
                return self._empty(g, p, k, cl)
            case ClauseKind.DRAW:
                return self._draw(g, p, clauses, k, cl)
            case ClauseKind.RECYCLE:
                return self._recycle(g, p, clauses, k, cl)
            case ClauseKind.TRADE:
                return self._trade(g, p, clauses, k, cl)
            case ClauseKind.STEAL:
                return self._steal(g, p, clauses, k, cl)
            case ClauseKind.TRAVEL:
                return self._travel(g, p, clauses, k, cl)
            case ClauseKind.DROP:
                return self._drop(g, p, clauses, k, cl)
            case ClauseKind.PLAY:
                return self._play(g, p, clauses, k, cl)
            case ClauseKind.REACT:
                return self._react_alone(g, p, cl)
            case ClauseKind.TAIL:
                return self._tail_alone(g, p, k, cl)
        raise TypeError(f"not a clause: {cl!r}")

    # -- from an action's part to the word ---------------------------------------------------------------------

    @staticmethod
    def _word(cl: Clause, part: Part | None) -> int:
        """The token of clause `cl` that `part` names."""
        if part is None:
            return cl.pos
        name = part.field
        if name in _LIST_A or name in _LIST_B:
            written_at = cl.a_at if name in _LIST_A else cl.b_at
            if part.nth < len(written_at):
                return written_at[part.nth]
            return cl.arrow if cl.arrow >= 0 else cl.who_pos
        if name in ("other", "target", "reactor"):
            return cl.who_pos
        if name in ("card", "country", "forbidden"):
            return cl.card_pos
        if name == "paired":
            return cl.a_at[0]
        if name == "standins":
            return cl.standins[part.nth].at
        return cl.pos

    def _refuse(self, v: TravelViolation, cl: Clause, reaction: Clause | None = None) -> NoReturn:
        """Raise `v` at its word: in the reaction clause, or in the action clause."""
        part = v.part
        if reaction is not None and (part is None or not part.answered):
            _raise_at(v, self._word(reaction, part))
        _raise_at(v, self._word(cl, part))

    def _checked(self, g: Game, p: int, clauses: list[Clause], k: int, cl: Clause, action: A,
                 check_kind: Callable[[Game, int, A], TravelViolation | None]) -> Clause | None:
        """Check clause `k`'s action with `check_kind` (the rules' check for its kind), or the mousetrap or
        padlock written right after it (which checks the action as announced); returns that reaction's clause,
        if any."""
        if k + 1 < len(clauses):
            nxt = clauses[k + 1]
            if nxt.kind == ClauseKind.REACT and nxt.card >= 0 and self.t.kind[nxt.card].reaction is not None:
                v = check_reaction(g, nxt.who, Reaction(nxt.card, action, p))
                if v is not None:
                    self._refuse(v, cl, nxt)
                return nxt
        v = check_kind(g, p, action)
        if v is not None:
            self._refuse(v, cl)
        return None

    def _cancelled(self, g: Game, p: int, cl: Clause, reaction: Clause) -> bool:
        """The reaction was a mousetrap: nothing of the action happens, and nothing may be written for it."""
        if self.t.kind[reaction.card].reaction is not Answer.CANCEL:
            return False
        if cl.tail or (cl.kind in _TAKES and cl.b) or reaction.tail:
            at = cl.tail[0].at if cl.tail else cl.b_at[0] if cl.kind in _TAKES and cl.b else reaction.tail[0].at
            _raise_at(outcome_after_cancel(self.t, reaction.who, reaction.card), at)
        g.cancel(p, reaction.who, reaction.card)
        return True

    def taken(self, g: Game, cl: Clause, reaction: Clause | None, rule: Rule) -> tuple[int, int]:
        """After a steal's checks: (card taken, padlock that stopped it or -1). A card written as taken, in the
        steal or after the padlock, was not; a discard after the padlock is the thief's (`after_steal`)."""
        if reaction is not None:
            taken_at = cl.b_at or [el.at for el in reaction.tail if el.drawn]
            if taken_at:
                _raise_at(outcome_after_padlock(self.t, reaction.who), taken_at[0])
            return -1, reaction.card
        v = check_stolen(g, cl.who, cl.b, rule)
        if v is not None:
            self._refuse(v, cl)
        return cl.b[0], -1

    @staticmethod
    def after_steal(cl: Clause, reaction: Clause | None) -> list[Written]:
        """What a steal's record writes after it: its own tail, then the padlock's that stopped it (the thief's
        discards for a limit that fell with the cost paid may follow either)."""
        return list(cl.tail) + (list(reaction.tail) if reaction is not None else [])

    # -- clause handlers: each returns the index of the next clause (then _turn checks every word was used) ---

    def _empty(self, g: Game, p: int, k: int, cl: Clause) -> int:
        v = check_empty_hand_draw(g, p)
        if v is not None:
            self._refuse(v, cl)
        self.oracle.start(cl.tail, Rule.EMPTY_HAND, "empty_hand_draw", g.params[p].empty_hand_draw, p, cl.pos)
        g.act_empty_hand_draw(p)
        self.oracle.finish(g)
        return k + 1

    def _draw(self, g: Game, p: int, clauses: list[Clause], k: int, cl: Clause) -> int:
        action = Draw()
        reaction = self._checked(g, p, clauses, k, cl, action, check_draw)
        if reaction is not None and self._cancelled(g, p, cl, reaction):
            return k + 2
        self.oracle.start(cl.tail, Rule.DRAW, None, 1, p, cl.pos)
        g.act_draw(p)
        return k + 1

    def _recycle(self, g: Game, p: int, clauses: list[Clause], k: int, cl: Clause) -> int:
        action = Recycle(cl.a, cl.b)
        reaction = self._checked(g, p, clauses, k, cl, action, check_recycle_cost)
        if reaction is not None and self._cancelled(g, p, cl, reaction):
            return k + 2
        self.oracle.start(cl.tail, Rule.RECYCLE, None, 0, p, cl.pos)
        g.pay_recycle(p, list(action.paid))
        v = check_recycle_take(g, p, action.taken)  # after the payment: a card it sent for the hand limit may be taken
        if v is not None:
            self._refuse(v, cl)
        g.take_recycled(p, list(action.taken))
        return k + 1

    def _trade(self, g: Game, p: int, clauses: list[Clause], k: int, cl: Clause) -> int:
        q = cl.who
        if cl.refused:
            v = check_turn_going(g, p) or check_offer(g, p, q, cl.a, cl.b)
            if v is not None:
                self._refuse(v, cl)
            self.oracle.start(cl.tail, Rule.TRADE_BONUS, None, 0, p, cl.pos)
            for el in cl.tail:
                if el.drawn:
                    _raise_at(bonus_after_refusal(self.t, p), el.at)
            return k + 1
        action = Trade(q, cl.a, cl.b)
        reaction = self._checked(g, p, clauses, k, cl, action, check_trade)
        if reaction is not None and self._cancelled(g, p, cl, reaction):
            return k + 2
        self.oracle.start(cl.tail, Rule.TRADE_BONUS, "trade_bonus_draw", g.params[p].trade_bonus_draw, p, cl.pos)
        g.act_trade(p, q, list(action.give), list(action.get))
        return k + 1

    def _steal(self, g: Game, p: int, clauses: list[Clause], k: int, cl: Clause) -> int:
        action = Steal(cl.who, cl.a)
        reaction = self._checked(g, p, clauses, k, cl, action, check_steal)
        if reaction is not None and self._cancelled(g, p, cl, reaction):
            return k + 2
        taken, lock = self.taken(g, cl, reaction, Rule.STEAL)
        self.oracle.start(self.after_steal(cl, reaction), Rule.STEAL, None, 0, p, cl.b_at[0] if cl.b else cl.pos)
        g.act_steal(p, cl.who, list(action.paid), taken, lock)
        return k + 2 if lock >= 0 else k + 1

    def _travel(self, g: Game, p: int, clauses: list[Clause], k: int, cl: Clause) -> int:
        action = Travel(cl.side, tuple(StandIn(standin, item) for standin, item, _ in cl.standins))
        reaction = self._checked(g, p, clauses, k, cl, action, check_travel)
        if reaction is not None and self._cancelled(g, p, cl, reaction):
            return k + 2
        used = travel_plan(g, p, action.standins).used
        if g.visited[p]:
            tail = cl.tail
            lead: list[int | None] = []
            for el in tail:
                if el.kind == Mark.RESHUFFLE:
                    lead.append(None)
                    continue
                # an event with parts would be played after the end; `customs-check[]` is only shown, as the bare card
                if not el.drawn or el.event:
                    break
                lead.append(el.card)
            shown, v = winning_draws(g, p, lead, used)
            if v is not None:
                _raise_at(v, tail[shown].at)
            self.oracle.start(tail[shown:], Rule.CENTRE_WINS, None, 0, p, cl.pos)
        else:
            self.oracle.start(cl.tail, Rule.TRAVEL_STEPS, "travel_bonus_draw", g.params[p].travel_bonus_draw, p,
                              cl.pos)
        g.act_travel(p, used)
        return k + 1

    def _drop(self, g: Game, p: int, clauses: list[Clause], k: int, cl: Clause) -> int:
        action = Drop(cl.card, cl.a[0])
        reaction = self._checked(g, p, clauses, k, cl, action, check_drop)
        if reaction is not None and self._cancelled(g, p, cl, reaction):
            return k + 2
        self.oracle.start(cl.tail, Rule.FORBIDDEN_DROP, None, 0, p, cl.pos)
        g.act_drop(p, action.forbidden, action.paired)
        return k + 1

    def _play(self, g: Game, p: int, clauses: list[Clause], k: int, cl: Clause) -> int:
        """A special item: its kind makes the action of the clause, and replays it once allowed."""
        kind = self.t.kind[cl.card] if cl.card >= 0 else None
        action = kind.action(cl) if kind is not None else Play(cl.card)
        reaction = self._checked(g, p, clauses, k, cl, action, check_play)
        if reaction is not None and self._cancelled(g, p, cl, reaction):
            return k + 2
        assert kind is not None  # (check_play refuses a character)
        return k + kind.replay(self, g, p, cl, reaction, action)

    def _react_alone(self, g: Game, p: int, cl: Clause) -> int:
        """A reaction that answers no action of this turn."""
        v = check_turn_going(g, p) or check_reaction(g, cl.who, Reaction(cl.card, None, p))
        assert v is not None  # (a reaction always answers an action)
        self._refuse(v, cl)

    def _tail_alone(self, g: Game, p: int, k: int, cl: Clause) -> int:
        v = check_turn_going(g, p)
        if v is not None:
            self._refuse(v, cl)
        self.oracle.start(cl.tail, Rule.ONE_ACTION, None, 0, p, cl.pos)
        return k + 1
