"""The words of a 3x16 check: a Verdict (and the solver's best) as text in the chosen language, or as JSON."""
from __future__ import annotations

from ...checking import Moment, Report as CheckReport, Violation
from ...content.texts import Texts
from ...errors import InputError
from .board_text import board_json, board_lines
from .notation import letters_span
from .solver_budget import TIME
from .verdict import WIN_FINISHED, Broken, Verdict


class Report(CheckReport):
    """What `pnp check threesixteen` prints: `.ok`, `.to_text()`, `.to_json()` (generator/checking.py)."""

    game = "threesixteen"

    def __init__(self, verdict: Verdict, texts: Texts, rule_values: dict, best=None) -> None:
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
        lines = self._broken_text(self.verdict.broken) if not self.ok else self._valid_text()
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
                lines.append("      " + self._best_text())
        lines.append("  " + self._winner_text(solo))
        return lines

    def _best_text(self) -> str:
        t, best = self.t.get, self.best
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
                return t("check.solo_win", rule="R14")
            return t("check.solo_score", tiles=result.tiles_left, rule="R14")
        reason = t("check.reason_finished" if verdict.win == WIN_FINISHED else "check.reason_fewest")
        names = self.t.listed(verdict.winners)
        key = "check.winner" if len(verdict.winners) == 1 else "check.winners"
        return t(key, names=names, reason=reason, rule="R13")

    def _broken_text(self, broken: Broken) -> list[str]:
        t = self.t.get
        record = self.verdict.record
        v = broken.violation
        number = record.calls[v.call]
        if broken.player is None:
            head = t("check.violation_call", call=v.call + 1, number=number, rule=v.rule)
        else:
            head = t("check.violation", call=v.call + 1, number=number, player=broken.player,
                     token=broken.token, rule=v.rule)
        lines = [t("check.invalid", path=record.path), f"{v.position}: {head}", "  " + self.explanation(broken)]
        title, text = self._rule(v.rule)
        lines.append("  " + t("check.rule_line", rule=v.rule, title=title, text=text))
        if v.board is not None:
            lines.append("  " + t("check.board_at_move" if v.part else "check.board_before", player=broken.player,
                                  n=v.part))
            lines += board_lines(v.board, record.rules, self.t, indent="    ", marked=v.marked)
        return lines

    def _rule(self, rule: str) -> tuple[str, str]:
        """The rule's title and text as the rulebook prints them."""
        values = self.rule_values
        return self.t.get(f"rules.{rule}.title", **values), self.t.get(f"rules.{rule}.text", **values)

    def slip_error(self, broken: Broken) -> InputError:
        """A written number that does not match, at its position: the record needs correcting, no rule is broken."""
        v = broken.violation
        message = self.t.get("check.slip", call=v.call + 1, number=self.verdict.record.calls[v.call],
                             player=broken.player, token=broken.token, explanation=self.explanation(broken))
        return InputError.at(v.position, message, "slip")

    def explanation(self, broken: Broken) -> str:
        """The facts of a violation in words, e.g. which tile was at the bottom and where the rows end."""
        v = broken.violation
        facts = dict(v.facts)
        if "ends" in facts:
            facts["ends"] = self.t.listed(str(end) if end else self.t.get("check.empty_row") for end in facts["ends"])
        if "letters" in facts:
            facts["letters"] = letters_span(facts["letters"])
        text = self.t.get(f"check.explain.{v.reason}", **facts)
        if v.part:
            text = self.t.get("check.explain.part_move", n=v.part) + text
        return text

    # ---- JSON

    def result(self) -> dict:
        verdict = self.verdict
        record = verdict.record
        rules = record.rules
        out = {
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
        out["win"] = ("solo_" if solo else "") + verdict.win
        out["rule"] = "R14" if solo else "R13"
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

    def _result_json(self, result) -> dict:
        out = {
            "name": result.name,
            "tiles_left": result.tiles_left,
            "tiles_on_rows": result.on_rows,
            "finished_at": result.finished_at,
        }
        if self.best is not None:
            out["best_possible"] = {"tiles_left": self.best.min_tiles_left, "proven": self.best.proven,
                                    "lower_bound": self.best.lower_bound}
        return out

    def violation(self) -> Violation | None:
        broken = self.verdict.broken
        if broken is None:
            return None
        v = broken.violation
        record = self.verdict.record
        title, text = self._rule(v.rule)
        board = board_json(v.board, record.rules, v.marked) if v.board is not None else None
        return Violation(v.rule, title, text, self.explanation(broken), v.reason, v.position, Moment.call,
                         v.call + 1, broken.player, v.facts,
                         {"number": record.calls[v.call], "token": broken.token, "part": v.part, "board": board})
