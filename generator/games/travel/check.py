"""`pnp check` for travel records: read, replay, and say either who won (or how things stand) or the first
broken rule, where, why, and what the table looked like just before.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...content.texts import file_words
from ...content.yamlsrc import decode, read_bytes
from ...errors import Position
from .cards import Tables, tables_for
from .engine import WIN_CENTRE
from .names import NameIndex
from .notation import Vocabulary
from .record import Record, RecordReader
from .replay import Outcome, Replay
from .rules import Ref, Violation
from .texts import Words, languages, load_words

class Checker:
    """What checking needs from the content, prepared once per content and language."""

    def __init__(self, content, lang: str):
        self.t = tables_for(content.travel)
        self.words = Words(load_words(content.root, lang), self.t)
        self.names = NameIndex(self.t, [load_words(content.root, other) for other in languages(content.root)], lang)
        self.vocabulary = Vocabulary(self.names)
        self.file_words = file_words(content.texts("common", lang))

    def check_text(self, text: str, path: str) -> "Report":
        """Check record `text` (named `path` in messages); malformed input raises InputError."""
        words = self.words
        reader = RecordReader(self.t, self.names, self.vocabulary, lambda name, /, **v: words(f"errors.{name}", **v))
        record = reader.read(text, path)
        outcome = Replay(self.t, record).run()
        record.read_rest(outcome.turns)
        return Report(record, outcome, words, self.t)


_CHECKERS: dict[tuple[int, str], tuple[object, Checker]] = {}


def checker_for(content, lang: str) -> Checker:
    """The Checker for this content object and language (kept while the content object is the same)."""
    key = (id(content), lang)
    hit = _CHECKERS.get(key)
    if hit is None or hit[0] is not content:
        if len(_CHECKERS) > 8:
            _CHECKERS.clear()
        hit = (content, Checker(content, lang))
        _CHECKERS[key] = hit
    return hit[1]


def read_text(path: str, say) -> str:
    """The record file's text with `\n` line ends; a missing, unreadable, oversized or non-UTF-8 file, or one
    that is not a regular file, is an InputError (messages from `say`: the report's language)."""
    text = decode(read_bytes(path, path, say), path, say)
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def check_text(text: str, path: str, content, lang: str) -> "Report":
    """Check record `text` (named `path` in messages); malformed input raises InputError."""
    return checker_for(content, lang).check_text(text, path)


def check_file(path: str, content, lang: str) -> "Report":
    """The checker's entry point for `pnp check`: a Report with `.ok`, `.to_text()`, `.to_json()`.

    Malformed input (a file that cannot be read, bad YAML, a word that is not notation) raises InputError."""
    checker = checker_for(content, lang)
    return checker.check_text(read_text(path, checker.file_words), path)


@dataclass
class Report:
    record: Record
    outcome: Outcome
    words: Words
    t: Tables

    @property
    def ok(self) -> bool:
        return self.outcome.violation is None

    # -- pieces shared by text and JSON ----------------------------------------------------------------------

    def rule_id(self, v: Violation) -> str:
        """The id the rulebook prints for the broken rule."""
        return self.t.rule_ids[v.rule]

    def _where(self, v: Violation) -> Position:
        if isinstance(v.position, tuple):
            return self.record.position(v.position)
        return self.record.position(self.record.turns[v.turn].spot(v.position))

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
            return ", ".join(self.record.setup.names[p] for p in value.value)
        if value.kind == "country":
            return w.country(value.value)
        spots = [f"{self.record.setup.names[p] if p >= 0 else w('discard_pile')} ×{n}" for p, n in value.value]
        return ", ".join(spots) if spots else w("nowhere")

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

    def _reason(self, v: Violation) -> str:
        args = {k: self._show(x) for k, x in v.facts.items()}
        if "extension" in v.facts:
            args["extension"] = self.words(f"extensions.{v.facts['extension']}")
        if "timing" in v.facts:
            args["timing"] = self.words.texts.get(f"timing.{v.facts['timing']}")
        return self.words(f"reason.{v.reason}", **args)

    def _player_name(self, v: Violation) -> str:
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
            lines.append("  " + w("state_before"))
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

    def to_json(self) -> dict:
        t = self.t
        g = self.outcome.game
        names = self.record.setup.names
        out: dict = {"path": self.record.path, "ok": self.ok, "turns": self.outcome.turns,
                     "actions": self.outcome.actions}
        v = self.outcome.violation
        if v is not None:
            where = self._where(v)
            out["violation"] = {
                "rule": self.rule_id(v),
                "rule_title": self.words.rule_title(self.rule_id(v)),
                "rule_text": self.words.rule_text(self.rule_id(v)),
                "reason": v.reason,
                "message": self._reason(v),
                "facts": {k: self._plain(x) for k, x in v.facts.items()},
                "turn": v.turn + 1 if v.turn >= 0 else None,
                "player": self._player_name(v) or None,
                "path": where.path, "line": where.line, "col": where.col,
                "state": None if v.state is None else {
                    "active": names[v.state["active"]],
                    "hands": {names[p]: [_card_id(t, c) for c in h] for p, h in enumerate(v.state["hands"])},
                    "travelled": {names[p]: v.state["visited"][p] for p in range(len(names))},
                    "draw_pile": v.state["draw_pile"],
                    "discard_pile": [_card_id(t, c) for c in v.state["discard_pile"]],
                },
            }
            return out
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
