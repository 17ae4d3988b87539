"""The words of a 3x16 check: a Verdict (and the solver's best) as text in the chosen language, or as JSON."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...checking import Moment, Report as CheckReport, RuleWords, violation_json
from ...content.texts import Texts
from ...errors import InputError
from .board_text import board_json, board_lines
from .notation import letters_span
from .rules import Rule, TokenViolation
from .solver_budget import TIME
from .verdict import WIN_FINISHED, PlayerResult, Verdict

if TYPE_CHECKING:
    from .solver import SolveResult


class Report(CheckReport):
    """What `pnp check threesixteen` prints: `.ok`, `.to_text()`, `.to_json()` (generator/checking.py)."""

    game = "threesixteen"

    def __init__(self, verdict: Verdict, texts: Texts, rule_values: dict[str, object],
                 best: SolveResult | None = None) -> None:
        """`rule_values` fill the placeholders of the rule texts (the game's numbers, the record's columns);
        `best` is the solver's SolveResult, or None when it was not asked."""
        self.verdict = verdict
        self.t = texts
        self.rule_values = rule_values
        self.best = best
        self.path = verdict.record.path
        self.language = texts.lang

    @property
    def ok(self) -> bool:
        return self.verdict.ok  # without building the violation's words

    # ---- text

    def to_text(self) -> str:
        broken = self.verdict.broken
        lines = self._broken_text(broken) if broken is not None else self._valid_text()
        return "\n".join(lines)

    def _valid_text(self) -> list[str]:
        t, verdict = self.t.get, self.verdict
        record = verdict.record
        rules = record.rules
        lines = [t("check.valid", path=record.path)]
        solo = len(record.players) == 1
        if solo:
            lines.append("  " + t("check.summary_solo", calls=len(record.calls), columns=rules.columns))
        else:
            lines.append("  " + t("check.summary", calls=len(record.calls), columns=rules.columns,
                                  players=len(record.players)))
        if len(record.calls) < rules.tiles:
            lines.append("  " + t("check.stopped", calls=len(record.calls), total=rules.tiles))
        for result in verdict.results:
            line = "  " + t("check.player", name=result.name, tiles=result.tiles_left)
            if result.finished_at is not None:
                line += t("punctuation.aside", text=t("check.finished", call=result.finished_at))
            lines.append(line)
            if self.best is not None:
                lines.append("      " + self._best_text(self.best))
        lines.append("  " + self._winner_text(solo))
        return lines

    def _best_text(self, best: SolveResult) -> str:
        t = self.t.get
        text = t("check.best", tiles=best.min_tiles_left)
        if best.proven:
            note = t("check.best_proven")
        elif best.stopped == TIME:
            note = t("check.best_bounds_time", low=best.lower_bound, seconds=f"{best.time_limit:g}")
        else:
            note = t("check.best_bounds", low=best.lower_bound, nodes=best.node_budget)
        return text + t("punctuation.aside", text=note)

    def _winner_text(self, solo: bool) -> str:
        t, verdict = self.t.get, self.verdict
        if solo:
            result = verdict.results[0]
            if result.finished_at is not None:
                return t("check.solo_win", rule=self._cite(Rule.SOLO))
            return t("check.solo_score", tiles=result.tiles_left, rule=self._cite(Rule.SOLO))
        reason = t("check.reason_finished" if verdict.win == WIN_FINISHED else "check.reason_fewest")
        names = self.t.listed(verdict.winners)
        key = "check.winner" if len(verdict.winners) == 1 else "check.winners"
        return t(key, names=names, reason=reason, rule=self._cite(Rule.WINNER))

    def _cite(self, rule: Rule) -> str:
        return self.verdict.record.rules.cite(rule)

    def _call(self, v: TokenViolation) -> int:
        """The 0-based call of a violation (every 3x16 violation has one)."""
        assert v.number is not None
        return v.number

    def _token(self, v: TokenViolation) -> str | None:
        """The token as the player wrote it (None: the call itself breaks the rule)."""
        player = next((p for p in self.verdict.record.players if p.name == v.player), None)
        return player.written[self._call(v)] if player is not None else None

    def _broken_text(self, v: TokenViolation) -> list[str]:
        t = self.t.get
        record = self.verdict.record
        call = self._call(v)
        number = record.calls[call]
        if v.player is None:
            head = t("check.violation_call", call=call + 1, number=number, rule=v.rule)
        else:
            head = t("check.violation", call=call + 1, number=number, player=v.player, token=self._token(v),
                     rule=v.rule)
        lines = [t("check.invalid", path=record.path), f"{v.position}: {head}", "  " + self.explanation(v)]
        title, text = self._rule(v.rule)
        lines.append("  " + t("check.rule_line", rule=v.rule, title=title, text=text))
        if v.state is not None:
            move = v.part.move if v.part is not None else 0
            lines.append("  " + t("check.board_at_move" if move else "check.board_before", player=v.player, n=move))
            lines += board_lines(v.state, record.rules, self.t, indent="    ",
                                 marked=v.part.column if v.part is not None else None)
        return lines

    def _rule(self, rule: str) -> tuple[str, str]:
        """The rule's title and text as the rulebook prints them."""
        values = self.rule_values
        return self.t.get(f"rules.{rule}.title", **values), self.t.get(f"rules.{rule}.text", **values)

    def slip_error(self, v: TokenViolation) -> InputError:
        """A written number that does not match, at its position: the record needs correcting, no rule is broken."""
        call = self._call(v)
        message = self.t.get("check.slip", call=call + 1, number=self.verdict.record.calls[call], player=v.player,
                             token=self._token(v), explanation=self.explanation(v))
        assert v.position is not None
        return InputError.at(v.position, message, "slip")

    def explanation(self, v: TokenViolation) -> str:
        """The facts of a violation in words, e.g. which tile was at the bottom and where the rows end."""
        facts = dict(v.facts)
        if isinstance(ends := facts.get("ends"), list):    # the row ends (rules.py's no_fit)
            facts["ends"] = self.t.listed(str(end) if end else self.t.get("check.empty_row") for end in ends)
        if isinstance(letters := facts.get("letters"), str):   # the game's column letters (no_column)
            facts["letters"] = letters_span(letters)
        text = self.t.get(f"check.explain.{v.reason}", **facts)
        if v.part is not None and v.part.move:
            text = self.t.get("check.explain.part_move", n=v.part.move) + text
        return text

    # ---- JSON

    def result(self) -> dict[str, object]:
        verdict = self.verdict
        record = verdict.record
        rules = record.rules
        out: dict[str, object] = {
            "columns": rules.columns,
            "calls": len(record.calls),
            "total_calls": rules.tiles,
            "players": [p.name for p in record.players],
        }
        if record.date is not None:
            out["date"] = record.date
        out["results"] = [self._result_json(r) for r in verdict.results]
        out["winners"] = verdict.winners
        solo = len(record.players) == 1
        out["win"] = ("solo_" if solo else "") + (verdict.win or "")
        out["rule"] = self._cite(Rule.SOLO if solo else Rule.WINNER)
        out["text"] = self._winner_text(solo)
        if self.best is not None:
            out["best"] = {
                "min_tiles_left": self.best.min_tiles_left,
                "proven": self.best.proven,
                "lower_bound": self.best.lower_bound,
                "plan": " ".join(self.best.plan),
                "nodes": self.best.nodes,
                "node_budget": self.best.node_budget,
                "time_limit": self.best.time_limit,
                "stopped": self.best.stopped,
            }
        return out

    def _result_json(self, result: PlayerResult) -> dict[str, object]:
        out: dict[str, object] = {
            "name": result.name,
            "tiles_left": result.tiles_left,
            "tiles_on_rows": result.on_rows,
            "finished_at": result.finished_at,
        }
        if self.best is not None:
            out["best_possible"] = {"tiles_left": self.best.min_tiles_left, "proven": self.best.proven,
                                    "lower_bound": self.best.lower_bound}
        return out

    def violation(self) -> TokenViolation | None:
        return self.verdict.broken

    def violation_json(self, v: TokenViolation) -> dict[str, object]:
        record = self.verdict.record
        title, text = self._rule(v.rule)
        marked = v.part.column if v.part is not None else None
        board = board_json(v.state, record.rules, marked) if v.state is not None else None
        state: dict[str, object] = {"number": record.calls[self._call(v)], "token": self._token(v),
                                    "part": v.part.move if v.part is not None else 0, "board": board}
        return violation_json(v, Moment.call, RuleWords(title, text, self.explanation(v)), v.facts, state)
