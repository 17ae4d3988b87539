"""The words of a travel check: a replayed record as text in the chosen language, or as the JSON envelope of
generator/checking.py (the result of a valid record, or the first broken rule with the table at that moment).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...checking import Moment, Report as CheckReport, Violation
from ...errors import Position
from .cards import Tables
from .record import Record
from .replay import Outcome
from .rules import Ref, Violation as Broken
from .state import WIN_CENTRE
from .texts import Words


@dataclass
class Report(CheckReport):
    """What `pnp check` prints for a travel record: `.ok`, `.to_text()`, `.to_json()`."""

    record: Record
    outcome: Outcome
    words: Words
    t: Tables
    game = "travel"

    @property
    def path(self) -> str:
        return self.record.path

    @property
    def language(self) -> str:
        return self.words.texts.lang

    @property
    def ok(self) -> bool:
        return self.outcome.violation is None  # without building the violation's words

    # -- pieces shared by text and JSON ----------------------------------------------------------------------

    def rule_id(self, v: Broken) -> str:
        """The id the rulebook prints for the broken rule."""
        return self.t.rule_ids[v.rule]

    def _where(self, v: Broken) -> Position:
        if isinstance(v.position, tuple):
            return self.record.position(v.position)
        return self.record.position(self.record.turn(v.turn).spot(v.position))

    def _show(self, value) -> str:
        w = self.words
        if not isinstance(value, Ref):
            return str(value)
        if value.kind == "card":
            return w.card(value.value)
        if value.kind == "cards":
            return w.cards(value.value)
        if value.kind == "player":
            return self.record.setup.names[value.value]
        if value.kind == "players":
            return w.texts.listed(self.record.setup.names[p] for p in value.value)
        if value.kind == "country":
            return w.country(value.value)
        spots = [f"{self.record.setup.names[p] if p >= 0 else w('discard_pile')} ×{n}" for p, n in value.value]
        return w.texts.listed(spots) if spots else w("nowhere")

    def _plain(self, value):
        t = self.t
        if not isinstance(value, Ref):
            return value
        if value.kind == "card":
            return _card_id(t, value.value)
        if value.kind == "cards":
            return [_card_id(t, c) for c in value.value]
        if value.kind == "player":
            return self.record.setup.names[value.value]
        if value.kind == "players":
            return [self.record.setup.names[p] for p in value.value]
        if value.kind == "country":
            return t.side_codes[value.value]
        return [{"where": self.record.setup.names[p] if p >= 0 else "discard", "count": n} for p, n in value.value]

    def _reason(self, v: Broken) -> str:
        args = {k: self._show(x) for k, x in v.facts.items()}
        if "extension" in v.facts:
            args["extension"] = self.words(f"extensions.{v.facts['extension']}")
        if "timing" in v.facts:
            args["timing"] = self.words.texts.get(f"timing.{v.facts['timing']}")
        return self.words(f"reason.{v.reason}", **args)

    def _player_name(self, v: Broken) -> str:
        if v.player < 0:
            return ""
        return self.record.setup.names[v.player]

    # -- text ----------------------------------------------------------------------------------------------

    def to_text(self) -> str:
        return self._violation_text() if not self.ok else self._result_text()

    def _violation_text(self) -> str:
        w = self.words
        v = self.outcome.violation
        where = self._where(v)
        rule = self.rule_id(v)
        if v.turn >= 0:
            head = w("violation_turn", where=str(where), turn=v.turn + 1, player=self._player_name(v), rule=rule,
                     title=w.rule_title(rule))
        else:
            head = w("violation_setup", where=str(where), rule=rule, title=w.rule_title(rule))
        lines = [head, "  " + self._reason(v), "  " + w("rule_says", rule=rule, text=w.rule_text(rule))]
        if v.state is not None:
            lines.append("  " + w("state_at"))
            lines.extend("    " + line for line in self._state_lines(v.state))
        return "\n".join(lines)

    def _state_lines(self, state: dict) -> list[str]:
        w = self.words
        names = self.record.setup.names
        out = []
        for p, hand in enumerate(state["hands"]):
            mark = w("active_mark") if p == state["active"] else ""
            out.append(w("state_hand", player=names[p] + mark, limit=state["limits"][p],
                         next=w.country(state["dest"][p]), cards=w.cards(hand), count=len(hand)))
        out.append(w("state_piles", draw=state["draw_pile"], count=len(state["discard_pile"]),
                     discard=w.cards(state["discard_pile"])))
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

    def violation(self) -> Violation | None:
        v = self.outcome.violation
        if v is None:
            return None
        rule = self.rule_id(v)
        return Violation(rule, self.words.rule_title(rule), self.words.rule_text(rule), self._reason(v), v.reason,
                         self._where(v), Moment.turn, v.turn + 1 if v.turn >= 0 else None,
                         self._player_name(v) or None, {k: self._plain(x) for k, x in v.facts.items()},
                         None if v.state is None else self._state_json(v.state))

    def _state_json(self, state: dict) -> dict:
        t, names = self.t, self.record.setup.names
        return {
            "active": names[state["active"]],
            "hands": {names[p]: [_card_id(t, c) for c in h] for p, h in enumerate(state["hands"])},
            "travelled": {names[p]: state["visited"][p] for p in range(len(names))},
            "draw_pile": state["draw_pile"],
            "discard_pile": [_card_id(t, c) for c in state["discard_pile"]],
        }

    def result(self) -> dict:
        t = self.t
        g = self.outcome.game
        names = self.record.setup.names
        out: dict = {"turns": self.outcome.turns, "actions": self.outcome.actions}
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
