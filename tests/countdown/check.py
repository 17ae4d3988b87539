"""`pnp check` for countdown records: one line of takes, the players in turn.

    game: countdown
    players: [Ann, Ben]
    moves: 2 1 2 2 1 2
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from generator.checking import Moment, Report, RuleWords, Violation, violation_json
from generator.content.yamlsrc import parse_yaml
from generator.files import text_of
from generator.errors import InputError, Position

TOKEN = re.compile(r"\S+")


@dataclass
class CountdownReport(Report):
    game: str
    path: str
    language: str
    texts: object
    players: list[str]
    left: int
    taken: int
    broken: Violation | None
    rules_values: dict

    def violation(self) -> Violation | None:
        return self.broken

    def violation_json(self, v: Violation) -> dict:
        values = {"most": self.rules_values["most"], "start": self.rules_values["start"]}
        words = RuleWords(self.texts.get(f"rules.{v.rule}.title"), self.texts.get(f"rules.{v.rule}.text", **values),
                          self.texts.get("check.reason", name=v.player, **v.facts))
        return violation_json(v, Moment.turn, words, v.facts, None)

    def result(self) -> dict:
        return {"left": self.left, "winner": self._winner()}

    def _winner(self) -> str | None:
        return self.players[(self.taken - 1) % 2] if self.left == 0 else None

    def to_text(self) -> str:
        t = self.texts.get
        if self.broken is not None:
            b = self.broken
            return t("check.invalid", path=b.position.path, line=b.position.line, col=b.position.col,
                     name=b.player, rule=b.rule, text=t(f"rules.{b.rule}.text", **self.rules_values))
        if self.left == 0:
            return t("check.valid", path=self.path) + "\n" + t("check.won", name=self._winner())
        return t("check.valid", path=self.path) + "\n" + t("check.stands", left=self.left,
                                                         name=self.players[self.taken % 2])


def check_file(path: str, content, lang: str) -> CountdownReport:
    game = content.games["countdown"]
    texts = content.texts("countdown", lang)
    data, located = parse_yaml(text_of(path), path)
    players = data.get("players") if isinstance(data, dict) else None
    moves = data.get("moves") if isinstance(data, dict) else None
    if not isinstance(players, list) or len(players) != 2 or not isinstance(moves, str):
        raise InputError.at(located.of(()), "a countdown record has `players` (two names) and `moves` (one line)",
                            "record")
    at = located.of(("moves",))
    left, taken = game.start, 0
    values = {"most": game.most, "start": game.start}
    for match in TOKEN.finditer(moves):
        where = Position(path, at.line, at.col + match.start())
        if not match.group().isdigit():
            raise InputError.at(where, texts.get("check.number", token=match.group()), "notation")
        take, player = int(match.group()), players[taken % 2]
        rule = "R2" if left == 0 or take > left else "R1" if not 1 <= take <= game.most else None
        if rule is not None:
            broken = Violation(rule, "take", {"take": take, "left": left}, None, where, taken, player)
            return CountdownReport("countdown", path, lang, texts, players, left, taken, broken, values)
        left, taken = left - take, taken + 1
    return CountdownReport("countdown", path, lang, texts, players, left, taken, None, values)
