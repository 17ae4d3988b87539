"""What `pnp studio` shows of 3x16: its caller (for a phone at the table) and a checked record call by call.

The caller is the terminal's (caller.py: the deal, next, undo, repeat) and writes the same record skeleton
(record_text.py). The step-through replays each player's tokens with the engine one call at a time (engine.step,
which asks the rules), so each step is every board after that call, as the checker's replay builds them; the
broken rule's step is the board the violation carries, the tile the move tried to take marked.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...studio.views import Caller, CallerWords, Panel, Row, Step, Walk
from .caller import CallerState, act, continue_deal
from .engine import step
from .model import threesixteen_game
from .record import Record, parse_record
from .record_text import record_text
from .rules import Board, Rules
from .verdict import judge

if TYPE_CHECKING:
    from ...content.load import Content
    from ...content.texts import Texts


def caller(content: Content, lang: str, columns: int | None = None) -> Caller:
    """The caller for a game of `columns` columns (the game's default when None), in `lang`'s words."""
    texts = content.texts("threesixteen", lang)
    rules = Rules.from_game(threesixteen_game(content.games["threesixteen"]), columns)

    def skeleton(players: list[str], calls: list[int], seed: int) -> str:
        comments = [texts.get("check.call.comment"), texts.get("check.call.seed", seed=seed)]
        return record_text(players, calls, None, rules.columns, comments)

    words = CallerWords(*(texts.get(f"check.call.screen_{name}") for name in ("count", "repeat", "start", "end",
                                                                               "left", "last")))
    return Caller(rules.high, rules.columns, lambda seed, calls: continue_deal(calls, seed, rules),
                  lambda order, called: CallerState(tuple(order), called), act, skeleton, words,
                  tuple(texts.get("check.call.player", n=n) for n in (1, 2)))


def steps(content: Content, lang: str, text: str, path: str) -> Walk:
    """Record `text` (named `path`) call by call: every player's board after each call, to the first broken rule.
    Malformed input raises InputError as `pnp check` does."""
    texts = content.texts("threesixteen", lang)
    record = parse_record(text, path, threesixteen_game(content.games["threesixteen"]), texts)
    verdict = judge(record)
    rules = record.rules
    stop = (verdict.broken.number or 0) if verdict.broken is not None else len(record.calls)
    boards = [Board.empty(rules) for _ in record.players]
    shown = [Step(texts.get("studio.step.setup"), 0, _panels(texts, rules, record, boards))]
    for i in range(stop):
        number = record.calls[i]
        for seat, player in enumerate(record.players):
            after = step(rules, boards[seat], number, player.parsed[i])
            assert isinstance(after, Board)  # the verdict found nothing broken before `stop`
            boards[seat] = after
        line = record.call_positions[i].line if i < len(record.call_positions) else 0
        shown.append(Step(texts.get("studio.step.call", n=i + 1, number=number), line,
                          _panels(texts, rules, record, boards)))
    if verdict.broken is None:
        return Walk(tuple(shown))
    broken = verdict.broken
    if broken.player is not None and broken.state is not None:
        seat = [p.name for p in record.players].index(broken.player)
        boards[seat] = broken.state
        marked = {seat: broken.part.column if broken.part is not None else None}
    else:
        seat, marked = -1, {}
    title = texts.get("studio.step.broken", rule=broken.rule, title=texts.get(f"rules.{broken.rule}.title"))
    last = Step(title, broken.position.line if broken.position else 0,
                _panels(texts, rules, record, boards, marked, seat), broken=True)
    return Walk((*shown, last), complete=False)


def _panels(texts: Texts, rules: Rules, record: Record, boards: list[Board], marked: dict[int, int | None] | None = None,
            current: int = -1) -> tuple[Panel, ...]:
    """Each player's board: the main rows (1 to their end), then the columns, bottom tile last."""
    out = []
    for seat, (player, board) in enumerate(zip(record.players, boards)):
        rows = [Row(texts.get("board.row", n=n), tuple(str(v) for v in range(1, end + 1)))
                for n, end in enumerate(board.ends, 1)]
        mark = (marked or {}).get(seat)
        for column, letter in enumerate(rules.column_letters):
            stack = board.columns[column]
            rows.append(Row(letter, tuple(map(str, stack)), len(stack) - 1 if mark == column else -1))
        out.append(Panel(player.name, tuple(rows), current=seat == current))
    return tuple(out)

