"""The words of a travel check: a replayed record as text in the chosen language, or as the JSON envelope of
generator/checking.py (the result of a valid record, or the first broken rule with the table at that moment).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...checking import Moment, Report as CheckReport, RuleWords, violation_json
from .cards import Tables
from .record import Record
from .replay import Outcome
from .rules import CardRef, CardsRef, CountryRef, PlacesRef, PlayerRef, PlayersRef, TravelViolation
from .state import WIN_CENTRE, Snapshot
from .texts import Words


@dataclass
class Report(CheckReport):
    """What `pnp check` prints for a travel record: `.ok`, `.to_text()`, `.to_json()`."""

    record: Record
    outcome: Outcome
    words: Words
    t: Tables
    game: str = field(default="travel", init=False)
    path: str = field(default="", init=False)
    language: str = field(default="", init=False)

    def __post_init__(self) -> None:
        self.path = self.record.path
        self.language = self.words.texts.lang

    @property
    def ok(self) -> bool:
        return self.outcome.violation is None  # without building the violation's words

    # -- pieces shared by text and JSON ----------------------------------------------------------------------

    def _show(self, value: object) -> str:
        """A fact in the report's words: a card or a country by its name, a player by name."""
        w = self.words
        names = self.record.setup.names
        match value:
            case CardRef(c):
                return w.card(c)
            case CardsRef(cs):
                return w.cards(cs)
            case PlayerRef(seat):
                return names[seat]
            case PlayersRef(seats):
                return w.texts.listed(names[p] for p in seats)
            case CountryRef(side):
                return w.country(side)
            case PlacesRef(places):
                spots = [f"{names[p] if p >= 0 else w('discard_pile')} ×{n}" for p, n in places]
                return w.texts.listed(spots) if spots else w("nowhere")
        return str(value)

    def _plain(self, value: object) -> object:
        """A fact for a script: cards by id, countries by code, players by name."""
        t = self.t
        names = self.record.setup.names
        match value:
            case CardRef(c):
                return _card_id(t, c)
            case CardsRef(cs):
                return [_card_id(t, c) for c in cs]
            case PlayerRef(seat):
                return names[seat]
            case PlayersRef(seats):
                return [names[p] for p in seats]
            case CountryRef(side):
                return t.side_codes[side]
            case PlacesRef(places):
                return [{"where": names[p] if p >= 0 else "discard", "count": n} for p, n in places]
        return value

    def _reason(self, v: TravelViolation) -> str:
        args = {k: self._show(x) for k, x in v.facts.items()}
        if "extension" in v.facts:
            args["extension"] = self.words(f"extensions.{v.facts['extension']}")
        if "timing" in v.facts:
            args["timing"] = self.words.texts.get(f"timing.{v.facts['timing']}")
        return self.words(f"reason.{v.reason}", **args)

    # -- text ----------------------------------------------------------------------------------------------

    def to_text(self) -> str:
        return self._violation_text() if not self.ok else self._result_text()

    def _violation_text(self) -> str:
        w = self.words
        v = self.outcome.violation
        assert v is not None
        where = v.position
        rule = v.rule
        if v.number is not None:
            head = w("violation_turn", where=str(where), turn=v.number + 1, player=v.player or "", rule=rule,
                     title=w.rule_title(rule))
        else:
            head = w("violation_setup", where=str(where), rule=rule, title=w.rule_title(rule))
        lines = [head, "  " + self._reason(v), "  " + w("rule_says", rule=rule, text=w.rule_text(rule))]
        if v.state is not None:
            lines.append("  " + w("state_at"))
            lines.extend("    " + line for line in self._state_lines(v.state))
        return "\n".join(lines)

    def _state_lines(self, state: Snapshot) -> list[str]:
        w = self.words
        names = self.record.setup.names
        out = []
        for p, hand in enumerate(state.hands):
            mark = w("active_mark") if p == state.active else ""
            out.append(w("state_hand", player=names[p] + mark, limit=state.limits[p],
                         next=w.country(state.dest[p]), cards=w.cards(hand), count=len(hand)))
        out.append(w("state_piles", draw=state.draw_pile, count=len(state.discard_pile),
                     discard=w.cards(state.discard_pile)))
        return out

    def _result_text(self) -> str:
        w = self.words
        g = self.outcome.game
        names = self.record.setup.names
        lines = [w("valid", path=self.record.path, turns=self.outcome.turns, actions=self.outcome.actions)]
        if g.winner >= 0:
            key = "won_centre" if g.win_how == WIN_CENTRE else "won_postcards"
            lines.append(w(key, player=names[g.winner], country=w.country(g.centre), turn=self.outcome.turns,
                           count=g.postcards_held[g.winner]))
            lines.append(w("deciding_card", card=w.card(g.win_card)))
            return "\n".join(lines)
        nxt = names[g.active]
        lines.append(w("unfinished", player=nxt))
        for p in range(g.n):
            needs = self.t.side_needs[g.next_country(p)]
            have = sum(1 for c in set(needs) if c in g.hands[p])
            key = "standing_centre" if g.visited[p] else "standing_transit"
            lines.append("  " + w(key, player=names[p], country=w.country(g.next_country(p)), have=have, need=len(needs),
                                  postcards=g.postcards_held[p], count=len(g.hands[p])))
        lines.append("  " + w("state_piles", draw=len(g.draw), count=len(g.discard), discard=w.cards(g.discard)))
        return "\n".join(lines)

    # -- JSON ----------------------------------------------------------------------------------------------

    def violation(self) -> TravelViolation | None:
        return self.outcome.violation

    def violation_json(self, v: TravelViolation) -> dict[str, object]:
        words = RuleWords(self.words.rule_title(v.rule), self.words.rule_text(v.rule), self._reason(v))
        state = None if v.state is None else self._state_json(v.state)
        return violation_json(v, Moment.turn, words, {k: self._plain(x) for k, x in v.facts.items()}, state)

    def _state_json(self, state: Snapshot) -> dict[str, object]:
        t, names = self.t, self.record.setup.names
        return {
            "active": names[state.active],
            "hands": {names[p]: [_card_id(t, c) for c in h] for p, h in enumerate(state.hands)},
            "travelled": {names[p]: state.visited[p] for p in range(len(names))},
            "draw_pile": state.draw_pile,
            "discard_pile": [_card_id(t, c) for c in state.discard_pile],
        }

    def result(self) -> dict[str, object]:
        t = self.t
        g = self.outcome.game
        names = self.record.setup.names
        out: dict[str, object] = {"turns": self.outcome.turns, "actions": self.outcome.actions}
        if g.winner >= 0:
            out["winner"] = {"player": names[g.winner], "how": g.win_how, "turn": self.outcome.turns,
                             "card": _card_id(t, g.win_card)}
        else:
            out["winner"] = None
            out["next"] = names[g.active]
            out["standing"] = [
                {"player": names[p], "travelled_transit": g.visited[p], "next_country": t.side_codes[g.next_country(p)],
                 "items_held": sum(1 for c in set(t.side_needs[g.next_country(p)]) if c in g.hands[p]),
                 "postcards": g.postcards_held[p], "hand": [_card_id(t, c) for c in g.hands[p]]}
                for p in range(g.n)
            ]
        out["draw_pile"] = len(g.draw)
        out["discard_pile"] = [_card_id(t, c) for c in g.discard]
        out["reshuffles"] = g.reshuffles
        return out


def _card_id(t: Tables, c: int) -> str:
    return t.ids[c] if c >= 0 else t.character_ids[-c - 2]
