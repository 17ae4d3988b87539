"""Replay a parsed record through the engine, checking every move, chance outcome and choice against the rules.

The engine asks its oracle for chance and choices; here the oracle reads them from the record and verifies
each one (a card can only be drawn if a copy is in the draw pile; a discard must be in the hand; ...). The first
broken rule stops the replay with a Violation: rule id, the offending word's offset, and the facts for the
message. The state shown with it is taken only then.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import (
    DECK_EXTENSIONS, EVENT, F_FORBIDDEN, FORBIDDEN, ITEM, K_BLOCK, K_CANCEL, K_DRAW, K_EV_RESHUFFLE, K_EXTRA,
    K_SEARCH, K_STEAL_CHOICE, K_SWAP, PASSPORT, POSTCARD, SPECIAL, Tables,
)
from .engine import WIN_CENTRE, Game, GameOver, Setup, player_rules
from .notation import (
    C_DRAW, C_DROP, C_EMPTY, C_PLAY, C_REACT, C_RECYCLE, C_STEAL, C_TAIL, C_TRADE, C_TRAVEL, E_DRAW, E_MINUS,
    E_PLUS, E_RESHUFFLE, Clause, tokenize,
)
from .record import Record


class Ref:
    """A value a message shows in the report's language: a card, cards, a player, a country, card places."""

    __slots__ = ("kind", "value")

    def __init__(self, kind: str, value):
        self.kind = kind
        self.value = value


def card(c: int) -> Ref:
    return Ref("card", c)


def cards(cs) -> Ref:
    return Ref("cards", list(cs))


def player(p: int) -> Ref:
    return Ref("player", p)


def country(side: int) -> Ref:
    return Ref("country", side)


class Violation(Exception):
    """A broken rule: `rule` id, message `key` (check.reason.<key>), where (`at`: a token index in the turn's
    line, or a Spot for words outside it), and the facts the message needs."""

    def __init__(self, rule: str, key: str, at: int | tuple, **args):
        super().__init__(rule, key)
        self.rule = rule
        self.key = key
        self.at = at
        self.facts = args
        self.turn = -1
        self.state: dict | None = None


class _EventFrame:
    __slots__ = ("outer", "entries", "ei", "card", "count", "pos", "drawer")

    def __init__(self, outer: tuple, entries: list, card: int, count: int, pos: int, drawer: int):
        self.outer = outer      # the stretch the event interrupted (CheckOracle.stretch)
        self.entries = entries
        self.ei = 0
        self.card = card
        self.count = count      # the event's card count for each player (0 when it has none)
        self.pos = pos
        self.drawer = drawer


class CheckOracle:
    """Answers the engine's questions from the record, verifying each answer.

    It reads one stretch of the record at a time (a clause's tail, or one player's part of an event): the words
    `els` from index `i` on, what they are for (`rule`, the rule parameter `param` and the `count` of cards to
    draw, for player `who`) and the token `anchor` where a missing word is reported. Plain fields rather than
    an object per stretch: a stretch begins for every clause."""

    def __init__(self, t: Tables):
        self.t = t
        self.start([], "R8", "", 0, -1, 0)
        self.frames: list[_EventFrame] = []
        self.last_event: tuple | None = None
        self.pile_renewed = False

    def start(self, els: list, rule: str, param: str, count: int, who: int, anchor: int) -> None:
        """A new stretch of the record begins."""
        self.els = els
        self.i = 0
        self.rule = rule
        self.param = param
        self.count = count
        self.who = who
        self.anchor = anchor

    @property
    def stretch(self) -> tuple:
        """The stretch being read, kept aside while an event interrupts it."""
        return self.els, self.i, self.rule, self.param, self.count, self.who, self.anchor

    @stretch.setter
    def stretch(self, saved: tuple) -> None:
        self.els, self.i, self.rule, self.param, self.count, self.who, self.anchor = saved

    # -- chance --------------------------------------------------------------------------------------------

    def draw(self, g: Game, p: int) -> int:
        els = self.els
        i = self.i
        if i < len(els):
            el = els[i]
            if el[0] <= E_PLUS:
                c = el[1]
                try:
                    g.draw.remove(c)
                except ValueError:
                    raise self._impossible(g, el) from None
                self.i = i + 1
                if self.t.family[c] == EVENT:
                    self.last_event = el
                return c
            if el[0] == E_RESHUFFLE:
                raise Violation("R19", "no_reshuffle", el[2], pile=len(g.draw))
            at = el[2]
        else:
            at = self.anchor
        raise self._count_problem(g, at, "missing_draw")

    def _impossible(self, g: Game, el) -> Violation:
        c = el[1]
        t = self.t
        if c < 0:
            return Violation("R33", "character_not_card", el[2], card=card(c))
        places = self._places(g, c)
        fam = t.family[c]
        ext = next((name for name, f in DECK_EXTENSIONS.items() if f == fam), "")
        if ext and ext not in g.extensions:
            return Violation("R6", "extension_not_chosen", el[2], card=card(c), extension=ext)
        if fam == PASSPORT and not self.pile_renewed:
            return Violation("R3", "passport_not_in_pile", el[2], card=card(c), places=places)
        if self.pile_renewed:
            return Violation("R19", "not_in_pile_reshuffled", el[2], card=card(c), places=places)
        return Violation("R5" if fam == ITEM else "R6", "not_in_pile", el[2], card=card(c), places=places)

    @staticmethod
    def _places(g: Game, c: int) -> Ref:
        spots = [(p, hand.count(c)) for p, hand in enumerate(g.hands) if c in hand]
        if c in g.discard:
            spots.append((-1, g.discard.count(c)))
        return Ref("places", spots)

    def reshuffled(self, g: Game) -> None:
        self.pile_renewed = True
        if self.i < len(self.els) and self.els[self.i][0] == E_RESHUFFLE:
            self.i += 1

    # -- choices -------------------------------------------------------------------------------------------

    def limit_discard(self, g: Game, p: int) -> int:
        els = self.els
        i = self.i
        hand = g.hands[p]
        if i < len(els) and els[i][0] == E_MINUS:
            c, at = els[i][1], els[i][2]
            if c < 0:
                raise Violation("R33", "character_not_card", at, card=card(c))
            if c not in hand:
                raise Violation("R17", "not_in_hand", at, player=player(p), card=card(c))
            if self.t.flag[c] == F_FORBIDDEN:
                raise Violation("R30", "forbidden_limit", at, player=player(p), card=card(c))
            self.i = i + 1
            return c
        if i < len(els) and els[i][0] == E_RESHUFFLE:
            raise Violation("R19", "no_reshuffle", els[i][2], pile=len(g.draw))
        # at the word that follows, or else at the card that brought the hand over the limit
        at = els[i][2] if i < len(els) else els[i - 1][2] if i else self.anchor
        raise Violation("R17", "over_limit", at, player=player(p), size=len(hand), limit=g.hand_limit(p))

    def event_begin(self, g: Game, p: int, c: int) -> None:
        el = self.last_event
        if self.t.kind[c] == K_EV_RESHUFFLE:
            self.pile_renewed = True
        self.frames.append(_EventFrame(self.stretch, el[3] or [], c, self.t.count[c], el[2], p))
        self.start([], "R21", "", 0, p, el[2])

    def event_player(self, g: Game, q: int) -> None:
        fr = self.frames[-1]
        self.finish(g)
        if fr.ei < len(fr.entries) and fr.entries[fr.ei][0] == q:
            _, off, els = fr.entries[fr.ei]
            fr.ei += 1
            self.start(els, "R21", "", fr.count, q, off)
        else:
            anchor = fr.entries[fr.ei][1] if fr.ei < len(fr.entries) else fr.pos
            self.start([], "R21", "", fr.count, q, anchor)

    def event_end(self, g: Game) -> None:
        fr = self.frames.pop()
        self.finish(g)
        if fr.ei < len(fr.entries):
            q, off, _ = fr.entries[fr.ei]
            raise Violation("R21", "event_entry", off, player=player(q), event=card(fr.card),
                            drawer=player(fr.drawer))
        self.stretch = fr.outer

    def _take_cards(self, types: tuple[int, ...]) -> list[tuple]:
        els = self.els
        out = []
        while self.i < len(els) and els[self.i][0] in types:
            out.append(els[self.i])
            self.i += 1
        return out

    def event_discards(self, g: Game, q: int, count: int) -> list[int]:
        chosen = self._take_cards((E_DRAW, E_MINUS))
        hand = list(g.hands[q])
        for el in chosen:
            self._from_hand(hand, q, el, "R21")
            if self.t.flag[el[1]] == F_FORBIDDEN:
                raise Violation("R30", "forbidden_event_discard", el[2], player=player(q), card=card(el[1]))
        if len(chosen) != count:
            at = chosen[count][2] if len(chosen) > count else self.anchor
            raise Violation("R21", "event_discard_count", at, player=player(q), count=count, shown=len(chosen))
        return [el[1] for el in chosen]

    def event_passes(self, g: Game, q: int, count: int) -> list[int]:
        chosen = self._take_cards((E_DRAW,))
        hand = list(g.hands[q])
        for el in chosen:
            self._from_hand(hand, q, el, "R21")
        if len(chosen) != count:
            at = chosen[count][2] if len(chosen) > count else self.anchor
            raise Violation("R21", "event_pass_count", at, player=player(q), count=count, shown=len(chosen))
        return [el[1] for el in chosen]

    @staticmethod
    def _from_hand(hand: list[int], p: int, el, rule: str) -> None:
        c = el[1]
        if c < 0:
            raise Violation("R33", "character_not_card", el[2], card=card(c))
        if c not in hand:
            raise Violation(rule, "not_in_hand", el[2], player=player(p), card=card(c))
        hand.remove(c)

    # -- bookkeeping ---------------------------------------------------------------------------------------

    def finish(self, g: Game) -> None:
        """Everything written for this stretch must have happened."""
        if self.i >= len(self.els):
            return
        el = self.els[self.i]
        if el[0] == E_RESHUFFLE:
            raise Violation("R19", "no_reshuffle", el[2], pile=len(g.draw))
        if el[0] == E_MINUS:
            raise Violation("R17", "no_discard_due", el[2], card=card(el[1]))
        if not g.draw and not g.discard:
            raise Violation("R19", "piles_empty", el[2], card=card(el[1]))
        raise self._count_problem(g, el[2], "extra_draw" if self.count else "no_draw_here", card=card(el[1]))

    def _count_problem(self, g: Game, at: int, key: str, **args) -> Violation:
        """Too few or too many draws; R34 when the count shown is another player's character ability."""
        family = self.t.family
        shown = sum(1 for e in self.els if e[0] <= E_PLUS and (e[1] < 0 or family[e[1]] != EVENT))
        rule = self.rule
        who = self.who
        if self.param and who >= 0:
            others = [q for q in range(g.n) if q != who and g.par[q][self.param] == shown]
            if others and g.par[who][self.param] != shown:
                rule = "R34"
        return Violation(rule, key, at, player=player(who), count=self.count, shown=shown, **args)

    def first_leftover(self) -> int | None:
        """The first word of the record that was never played (the game ended before it)."""
        if self.i < len(self.els):
            return self.els[self.i][2]
        for fr in reversed(self.frames):
            if fr.ei < len(fr.entries):
                return fr.entries[fr.ei][1]
            els, i = fr.outer[:2]
            if i < len(els):
                return els[i][2]
        return None


@dataclass
class Outcome:
    """The end of a replay: the final game, and the first violation if any."""

    game: Game
    violation: Violation | None
    turns: int
    actions: int


def check_setup(t: Tables, setup: Setup, at: dict[tuple, tuple]) -> None:
    """R3, R4, R5, R33: passports, countries, starting hands and characters as the setup rules say."""
    seen: dict[int, int] = {}
    for seat, passport in enumerate(setup.passports):
        if passport < 0 or t.family[passport] != PASSPORT:
            raise Violation("R3", "not_passport", at[("passport", seat)], player=player(seat), card=card(passport))
        if passport in seen:
            raise Violation("R3", "passport_twice", at[("passport", seat)], player=player(seat),
                            other=player(seen[passport]), card=card(passport))
        seen[passport] = seat
    cards_used: dict[int, tuple] = {}
    for key, side in [(("transit", s), side) for s, side in enumerate(setup.transits)] + [(("centre",), setup.centre)]:
        number = t.side_card[side]
        if number in cards_used:
            raise Violation("R4", "country_card_twice", at[key], country=country(side),
                            other=country(cards_used[number][1]))
        cards_used[number] = (key, side)
    rules = player_rules(t, setup.characters)
    copies = [0] * t.n_cards
    for seat, hand in enumerate(setup.hands):
        size = int(rules[seat]["starting_hand"])
        if len(hand) != size:
            raise Violation("R5", "hand_size", at[("hand", seat)], player=player(seat), count=size, shown=len(hand))
        for k, c in enumerate(hand):
            where = at[("hand", seat, k)]
            if c < 0 or t.family[c] != ITEM:
                raise Violation("R5", "hand_not_item", where, player=player(seat), card=card(c))
            copies[c] += 1
            if copies[c] > t.copies[c]:
                raise Violation("R5", "too_many_copies", where, card=card(c), count=t.copies[c])
    with_characters = "characters" in setup.extensions
    owner: dict[int, int] = {}
    for seat, character in enumerate(setup.characters):
        if character >= 0 and not with_characters:
            raise Violation("R33", "character_without_extension", at[("character", seat)], player=player(seat))
        if with_characters and character < 0:
            raise Violation("R33", "character_missing", at[("player", seat)], player=player(seat))
        if character >= 0 and character in owner:
            raise Violation("R33", "character_twice", at[("character", seat)], player=player(seat),
                            other=player(owner[character]))
        owner[character] = seat


class Replay:
    """Plays a record's turns through the engine with a CheckOracle."""

    def __init__(self, t: Tables, record: Record):
        self.t = t
        self.record = record
        self.oracle = CheckOracle(t)
        self.actions = 0
        self.turn_actions = 0

    def run(self) -> Outcome:
        t = self.t
        setup = self.record.setup
        try:
            check_setup(t, setup, self.record.setup_at)
        except Violation as v:
            return Outcome(Game(t, setup, self.oracle, []), v, 0, 0)
        g = Game(t, setup, self.oracle)
        for turn_no, turn in enumerate(self.record.turns):
            try:
                self._turn(g, turn_no, turn)
            except Violation as v:
                v.turn = turn_no
                v.state = snapshot(g)
                return Outcome(g, v, turn_no, self.actions)
        return Outcome(g, None, len(self.record.turns), self.actions)

    # -- one turn ------------------------------------------------------------------------------------------

    def _turn(self, g: Game, turn_no: int, turn) -> None:
        p = turn.player
        if g.winner >= 0:
            raise Violation(self._win_rule(g), "game_over", turn.player_at, player=player(g.winner))
        if p != g.active:
            raise Violation("R7", "not_your_turn", turn.player_at, player=player(p), expected=player(g.active))
        clauses = turn.clauses
        oracle = self.oracle
        self.turn_actions = 0
        k = 0
        try:
            first = clauses[0]
            if not g.hands[p]:
                if first.kind != C_EMPTY:
                    raise Violation("R18", "empty_hand_missing", first.pos, player=player(p),
                                    count=g.par[p]["empty_hand_draw"])
                oracle.start(first.tail, "R18", "empty_hand_draw", g.par[p]["empty_hand_draw"], p, first.pos)
                g.begin_turn()
                oracle.finish(g)
                k = 1
            else:
                if first.kind == C_EMPTY:
                    raise Violation("R18", "empty_hand_not_empty", first.pos, player=player(p),
                                    size=len(g.hands[p]))
                g.begin_turn()
            handlers = self._HANDLERS
            while k < len(clauses):
                cl = clauses[k]
                if g.turn_over:
                    raise Violation("R24", "turn_ended", cl.pos, player=player(p))
                k = handlers[cl.kind](self, g, p, clauses, k, cl)
                if oracle.i < len(oracle.els):
                    oracle.finish(g)  # a word written for the clause that did not happen
            if self.turn_actions == 0 and not g.turn_over:
                raise Violation("R8", "no_action", _last_word(turn), player=player(p))
        except GameOver:
            self.actions += self.turn_actions
            at = oracle.first_leftover()
            if at is None and k + 1 < len(clauses):
                at = clauses[k + 1].pos
            if at is not None:
                raise Violation(self._win_rule(g), "game_over", at, player=player(g.winner)) from None
            g.end_turn()
            return
        self.actions += self.turn_actions
        g.end_turn()

    @staticmethod
    def _win_rule(g: Game) -> str:
        return "R20" if g.win_how == WIN_CENTRE else "R32"

    def _announce(self, g: Game, p: int, clauses: list[Clause], k: int, cl: Clause) -> bool:
        """Clause `k` announces an action: it must be the turn's one action (R8). True when the next clause is a
        mousetrap that cancels it (R24)."""
        if g.actions_left <= 0:
            raise Violation("R8", "one_action", cl.pos, player=player(p))
        self.turn_actions += 1
        return k + 1 < len(clauses) and clauses[k + 1].kind == C_REACT and self._cancelled(g, p, clauses, k, cl)

    def _cancelled(self, g: Game, p: int, clauses: list[Clause], k: int, cl: Clause) -> bool:
        """R24: the reaction right after the action (clause `k + 1`) is a mousetrap played by another player:
        nothing of the action happens."""
        r = clauses[k + 1]
        if r.card < 0 or self.t.kind[r.card] != K_CANCEL:
            return False
        if r.who == p:
            raise Violation("R24", "own_reaction", r.who_pos, player=player(p), card=card(r.card))
        if r.card not in g.hands[r.who]:
            raise Violation("R24", "reaction_not_held", r.card_pos, player=player(r.who), card=card(r.card))
        happened = cl.tail or (cl.kind in (C_STEAL, C_PLAY) and cl.b)
        if happened:
            at = cl.tail[0][2] if cl.tail else cl.b[0][1]
            raise Violation("R24", "cancelled_nothing_happens", at, player=player(r.who), card=card(r.card))
        g.cancel(p, r.who, r.card)
        return True

    # -- clause handlers: each returns the index of the next clause (then _turn checks every word was used) ---

    def _draw(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        if self._announce(g, p, clauses, k, cl):
            return k + 2
        self.oracle.start(cl.tail, "R9", "", 1, p, cl.pos)
        g.act_draw(p)
        return k + 1

    def _hand_has(self, g: Game, p: int, picked: list[tuple[int, int]], rule: str,
                  hand: list[int] | None = None) -> list[int]:
        """The picked cards, checked to be in `p`'s hand (copies counted); characters are never cards."""
        pool = list(g.hands[p]) if hand is None else hand
        out = []
        for c, at in picked:
            if c < 0:
                raise Violation("R33", "character_not_card", at, card=card(c))
            if c not in pool:
                raise Violation(rule, "not_in_hand", at, player=player(p), card=card(c))
            pool.remove(c)
            out.append(c)
        return out

    def _no_forbidden(self, p: int, picked: list[tuple[int, int]], key: str) -> None:
        flag = self.t.flag
        for c, at in picked:
            if flag[c] == F_FORBIDDEN:
                raise Violation("R30", key, at, player=player(p), card=card(c))

    def _cost(self, g: Game, p: int, picked, rule: str, param: str, cost: int, at: int) -> None:
        if len(picked) != cost:
            where = picked[cost][1] if len(picked) > cost else at
            others = [q for q in range(g.n) if q != p and g.par[q].get(param) == len(picked)] if param else []
            raise Violation("R34" if others else rule, "cost", where, player=player(p), count=cost,
                            shown=len(picked))

    def _recycle(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        if self._announce(g, p, clauses, k, cl):
            return k + 2
        par = g.par[p]
        paid = self._hand_has(g, p, cl.a, "R10")
        self._no_forbidden(p, cl.a, "forbidden_cost")
        self._cost(g, p, cl.a, "R10", "recycle_cost", int(par["recycle_cost"]), cl.arrow)
        pool = g.discard + paid
        events = sum(map(pool.count, self.t.by_family[EVENT]))
        take = min(int(par["recycle_take"]), len(pool) - events)
        taken = []
        for c, at in cl.b:
            if c < 0:
                raise Violation("R33", "character_not_card", at, card=card(c))
            if self.t.family[c] == EVENT:
                raise Violation("R22", "event_from_discard", at, card=card(c))
            if c not in pool:
                raise Violation("R10", "not_in_discard", at, card=card(c))
            pool.remove(c)
            taken.append(c)
        if len(taken) != take:
            at = cl.b[take][1] if len(cl.b) > take else cl.arrow
            raise Violation("R10", "recycle_take", at, player=player(p), count=take, shown=len(taken))
        self.oracle.start(cl.tail, "R10", "", 0, p, cl.pos)
        g.act_recycle(p, paid, taken)
        return k + 1

    def _trade(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        q = cl.who
        if q == p:
            raise Violation("R11", "trade_self", cl.who_pos, player=player(p))
        if cl.refused:
            self.oracle.start(cl.tail, "R12", "", 0, p, cl.pos)
            for el in cl.tail:
                if el[0] <= E_PLUS:
                    raise Violation("R12", "bonus_refused", el[2], player=player(p))
            return k + 1
        if self._announce(g, p, clauses, k, cl):
            return k + 2
        if not cl.a or not cl.b:
            raise Violation("R11", "trade_side_empty", cl.arrow if not cl.b else cl.pos, player=player(p),
                            other=player(q))
        give = self._hand_has(g, p, cl.a, "R11")
        get = self._hand_has(g, q, cl.b, "R11")
        bonus = int(g.par[p]["trade_bonus_draw"])
        self.oracle.start(cl.tail, "R12", "trade_bonus_draw", bonus, p, cl.pos)
        g.act_trade(p, q, give, get)
        return k + 1

    def _steal_common(self, g: Game, p: int, clauses, k: int, cl: Clause, cost: int, param: str,
                      rule: str, exclude: int = -1) -> tuple[list[int], int, int]:
        """Target, payment, padlock and the card taken, for a steal or binoculars: (paid, taken, padlock)."""
        q = cl.who
        if q == p:
            raise Violation("R13", "steal_self", cl.who_pos, player=player(p))
        if not g.hands[q]:
            raise Violation("R13", "steal_empty", cl.who_pos, other=player(q))
        hand = list(g.hands[p])
        if exclude >= 0:
            hand.remove(exclude)
        paid = self._hand_has(g, p, cl.a, rule, hand)
        self._no_forbidden(p, cl.a, "forbidden_cost")
        self._cost(g, p, cl.a, rule, param, cost, cl.arrow if cl.arrow >= 0 else cl.who_pos)
        nxt = clauses[k + 1] if k + 1 < len(clauses) else None
        if nxt is not None and nxt.kind == C_REACT and nxt.card >= 0 and self.t.kind[nxt.card] == K_BLOCK:
            if nxt.who != q:
                raise Violation("R24", "padlock_not_target", nxt.who_pos, player=player(nxt.who), other=player(q))
            if nxt.card not in g.hands[q]:
                raise Violation("R24", "reaction_not_held", nxt.card_pos, player=player(q), card=card(nxt.card))
            if cl.b:
                raise Violation("R24", "padlock_takes_nothing", cl.b[0][1], player=player(q))
            return paid, -1, nxt.card
        if len(cl.b) != 1:
            at = cl.b[1][1] if len(cl.b) > 1 else (cl.arrow if cl.arrow >= 0 else cl.who_pos)
            raise Violation(rule, "steal_one", at, player=player(p), shown=len(cl.b))
        c, at = cl.b[0]
        if c < 0:
            raise Violation("R33", "character_not_card", at, card=card(c))
        if c not in g.hands[q]:
            raise Violation(rule, "not_in_hand", at, player=player(q), card=card(c))
        return paid, c, -1

    def _steal(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        if self._announce(g, p, clauses, k, cl):
            return k + 2
        paid, taken, lock = self._steal_common(g, p, clauses, k, cl, int(g.par[p]["steal_cost"]), "steal_cost",
                                               "R13")
        self.oracle.start(cl.tail, "R13", "", 0, p, cl.pos)
        g.act_steal(p, cl.who, paid, taken, lock)
        return k + 2 if lock >= 0 else k + 1

    def _travel(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        t = self.t
        if self._announce(g, p, clauses, k, cl):
            return k + 2
        dest = g.dest(p)
        if cl.side != dest:
            if cl.side == g.centre and not g.visited[p]:
                raise Violation("R16", "transit_first", cl.card_pos, player=player(p), country=country(g.transit[p]))
            if cl.side == g.transit[p]:
                raise Violation("R16", "transit_done", cl.card_pos, player=player(p), country=country(dest))
            raise Violation("R1", "not_your_country", cl.card_pos, player=player(p), country=country(cl.side),
                            expected=country(dest))
        hand = g.hands[p]
        if t.passports.isdisjoint(hand):
            standin = next((c for c in hand if t.standin[c]), -1)
            if standin >= 0:
                raise Violation("R25", "standin_passport", cl.pos, player=player(p), card=card(standin))
            raise Violation("R14", "no_passport", cl.pos, player=player(p))
        if g.nforb[p] and not g.twf[p]:
            forbidden = next(c for c in hand if t.flag[c] == F_FORBIDDEN)
            raise Violation("R28", "travel_forbidden", cl.pos, player=player(p), card=card(forbidden))
        chosen = []
        needs = t.side_needs[dest]
        for standin, item, at in cl.standins:
            if standin < -1 or item < -1:
                raise Violation("R33", "character_not_card", at, card=card(min(standin, item)))
            if not t.standin[standin]:
                raise Violation("R23", "not_standin", at, card=card(standin))
            if standin not in hand:
                raise Violation("R2", "not_in_hand", at, player=player(p), card=card(standin))
            if t.standin[standin] == "transit" and g.visited[p]:
                raise Violation("R27", "standin_centre", at, card=card(standin))
            if item >= 0 and t.family[item] in (PASSPORT, POSTCARD):
                raise Violation("R25", "standin_not_item", at, card=card(standin), item=card(item))
            if item >= 0 and item not in needs:
                raise Violation("R2", "standin_not_needed", at, item=card(item), country=country(dest))
            chosen.append((standin, item))
        used, missing = g.travel_cards(p, chosen)
        if missing:
            transit_only = next((c for c in hand if t.standin[c] == "transit"), -1)
            if g.visited[p] and transit_only >= 0:
                raise Violation("R27", "standin_centre", cl.card_pos, card=card(transit_only))
            raise Violation("R2", "missing_items", cl.card_pos, player=player(p), country=country(dest),
                            items=cards(missing))
        if g.visited[p]:
            self.oracle.start(cl.tail, "R20", "", 0, p, cl.pos)
        else:
            self.oracle.start(cl.tail, "R15", "travel_bonus_draw", int(g.par[p]["travel_bonus_draw"]), p, cl.pos)
        g.act_travel(p, used)
        return k + 1

    def _drop(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        if self._announce(g, p, clauses, k, cl):
            return k + 2
        t = self.t
        f = cl.card
        hand = list(g.hands[p])
        if f < 0 or t.family[f] != FORBIDDEN:
            raise Violation("R29", "drop_not_forbidden", cl.card_pos, card=card(f))
        if f not in hand:
            raise Violation("R29", "not_in_hand", cl.card_pos, player=player(p), card=card(f))
        hand.remove(f)
        other, at = cl.a[0]
        if other >= 0 and t.flag[other] == F_FORBIDDEN:
            raise Violation("R29", "drop_pair_forbidden", at, card=card(other))
        self._hand_has(g, p, cl.a, "R29", hand)
        self.oracle.start(cl.tail, "R29", "", 0, p, cl.pos)
        g.act_drop(p, f, other)
        return k + 1

    def _play(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        t = self.t
        c = cl.card
        if c < 0 or t.family[c] != SPECIAL:
            raise Violation("R23", "not_special", cl.card_pos, card=card(c))
        if c not in g.hands[p]:
            raise Violation("R23", "not_in_hand", cl.card_pos, player=player(p), card=card(c))
        timing = t.timing[c]
        kind = t.kind[c]
        if timing == "action":
            if self._announce(g, p, clauses, k, cl):
                return k + 2
        elif timing != "own_turn":
            raise Violation("R23", "cannot_play", cl.card_pos, card=card(c), timing=timing)
        eff = t.effect[c]
        if kind == K_DRAW:
            self.oracle.start(cl.tail, "R23", "", eff.count, p, cl.pos)
            g.play_draw(p, c)
        elif kind == K_SEARCH:
            pile = list(g.draw)
            eligible = sum(1 for x in pile if not eff.only_items or t.family[x] == ITEM)
            take = min(eff.take, eligible)
            chosen = []
            for x, at in cl.b:
                if x < 0:
                    raise Violation("R33", "character_not_card", at, card=card(x))
                if eff.only_items and t.family[x] != ITEM:
                    raise Violation("R23", "search_items_only", at, card=card(x))
                if x not in pile:
                    key = "search_in_discard" if x in g.discard else "search_not_in_pile"
                    raise Violation("R26", key, at, card=card(x))
                pile.remove(x)
                chosen.append(x)
            if len(chosen) != take:
                at = cl.b[take][1] if len(cl.b) > take else cl.arrow
                raise Violation("R23", "search_take", at, card=card(c), count=take, shown=len(chosen))
            self.oracle.start(cl.tail, "R26", "", 0, p, cl.pos)
            g.play_search(p, c, chosen)
        elif kind == K_SWAP:
            hand = list(g.hands[p])
            hand.remove(c)
            swapped = self._hand_has(g, p, cl.a, "R23", hand)
            self._no_forbidden(p, cl.a, "forbidden_cost")
            if not 1 <= len(swapped) <= eff.max:
                raise Violation("R23", "swap_count", cl.arrow, card=card(c), max=eff.max, shown=len(swapped))
            self.oracle.start(cl.tail, "R23", "", len(swapped), p, cl.pos)
            g.play_swap(p, c, swapped)
        elif kind == K_STEAL_CHOICE:
            paid, taken, lock = self._steal_common(g, p, clauses, k, cl, eff.cost, "", "R23", exclude=c)
            self.oracle.start(cl.tail, "R23", "", 0, p, cl.pos)
            g.play_steal_choice(p, c, cl.who, paid, taken, lock)
            return k + 2 if lock >= 0 else k + 1
        elif kind == K_EXTRA:
            self.oracle.start(cl.tail, "R23", "", 0, p, cl.pos)
            g.play_extra(p, c)
        else:
            raise Violation("R23", "cannot_play", cl.card_pos, card=card(c), timing=timing)
        return k + 1

    def _react_alone(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        c = cl.card
        if c >= 0 and self.t.kind[c] == K_BLOCK:
            raise Violation("R24", "padlock_only_steal", cl.pos, card=card(c))
        if c >= 0 and self.t.kind[c] == K_CANCEL:
            raise Violation("R24", "reaction_out_of_place", cl.pos, card=card(c))
        raise Violation("R23", "not_reaction", cl.card_pos, card=card(c))

    def _empty_late(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        raise Violation("R18", "empty_not_first", cl.pos, player=player(p))

    def _tail_alone(self, g: Game, p: int, clauses, k: int, cl: Clause) -> int:
        self.oracle.start(cl.tail, "R8", "", 0, p, cl.pos)
        return k + 1

    _HANDLERS = {
        C_DRAW: _draw, C_RECYCLE: _recycle, C_TRADE: _trade, C_STEAL: _steal, C_TRAVEL: _travel, C_DROP: _drop,
        C_PLAY: _play, C_REACT: _react_alone, C_EMPTY: _empty_late, C_TAIL: _tail_alone,
    }


def _last_word(turn) -> int:
    """The token index of the turn line's last word (where a missing action would have been written)."""
    return max(0, len(tokenize(turn.text[turn.base:])) - 1)


def snapshot(g: Game) -> dict:
    """The state a violation message shows: hands, countries travelled, both piles."""
    return {
        "active": g.active,
        "hands": [list(h) for h in g.hands],
        "visited": list(g.visited),
        "draw_pile": len(g.draw),
        "discard_pile": list(g.discard),
        "limits": [g.hand_limit(p) for p in range(g.n)],
        "dest": [g.dest(p) for p in range(g.n)],
    }
