"""The full-screen caller: its keys, its screen, and a real session in a pseudo-terminal that saves a skeleton,
is continued, and whose untouched skeleton says how many tokens each player still has to write."""
from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console

from generator.content.load import load_content
from generator.errors import InputError
from generator.games.threesixteen.caller import continue_deal, deal
from generator.games.threesixteen.caller_screen import CallerState, draw, press, remaining
from generator.games.threesixteen.rules import Rules
from generator.games.threesixteen.record import load_record, load_skeleton

CONTENT = load_content()
EN = CONTENT.texts("threesixteen", "en")
PNP = Path(sys.executable).with_name("pnp")


def test_keys_call_undo_repeat_and_quit_and_nothing_else():
    state = CallerState((5, 1, 16))
    for key in ("x", "u", "r", "\x1b[A", "1"):             # nothing to undo or repeat yet; other keys do nothing
        assert press(state, key) == state
    state = press(press(state, "\r"), " ")
    assert state.calls == [5, 1] and not state.repeated
    assert press(state, "r") == CallerState((5, 1, 16), 2, repeated=True)
    assert press(state, "u").calls == [5]
    state = press(press(state, "\n"), " ")                  # Enter after the last call changes nothing
    assert state.calls == [5, 1, 16]
    assert press(state, "q").done and press(state, "q").calls == [5, 1, 16]


def screen_text(state: CallerState, height: int = 40) -> str:
    console = Console(record=True, width=100, height=height, color_system=None)
    console.print(draw(state, EN, 16, height))
    return console.export_text()


def test_the_screen_shows_the_number_large_the_count_what_is_left_and_the_last_calls():
    order = tuple(deal(2))
    state = CallerState(order, 7)
    text = screen_text(state)
    assert "Call 7 of 48" in text
    digit_rows = [line for line in text.splitlines() if "█" in line]
    assert len(digit_rows) == 5 * 4                         # the 3x5 font, each cell 4 rows tall on 40 rows
    assert max(line.count("█") for line in digit_rows) >= 24
    left = remaining(state, 16)
    assert sum(left) == 41 and all(left[v - 1] == 3 - order[:7].count(v) for v in range(1, 17))
    assert " ".join(map(str, left)) in " ".join(text.split())
    assert "Last calls (newest first): " + "  ".join(map(str, reversed(order[1:7]))) in text
    assert "Call 7 of 48, once more" in screen_text(press(state, "r"))
    assert "Press Enter or Space for the first number" in screen_text(CallerState(order))
    assert "That was the last number." in screen_text(CallerState(order, 48))


def test_a_saved_game_continues_with_its_calls_first():
    rules = Rules()
    assert continue_deal(deal(9)[:5], 9, rules) == deal(9)
    other = continue_deal([16, 16, 16], 9, rules)
    assert other[:3] == [16, 16, 16] and sorted(other) == sorted(deal(9))


class Terminal:
    """`pnp` in a pseudo-terminal: keys in, the screen's text out."""

    def __init__(self, *args: str) -> None:
        self.master, slave = pty.openpty()
        env = {**os.environ, "TERM": "xterm", "COLUMNS": "100", "LINES": "40"}
        self.process = subprocess.Popen([str(PNP), *args], stdin=slave, stdout=slave, stderr=slave, env=env,
                                        close_fds=True)
        os.close(slave)
        self.seen = ""

    def wait_for(self, text: str, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while text not in self.seen:
            assert time.monotonic() < end, f"{text!r} never shown; the screen so far: {self.seen[-400:]!r}"
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    self.seen += os.read(self.master, 65536).decode("utf-8", "replace")
                except OSError:
                    pass

    def key(self, key: str, then: str) -> None:
        self.seen = ""
        os.write(self.master, key.encode())
        self.wait_for(then)

    def finish(self) -> int:
        self.wait_for("Record skeleton written")
        code = self.process.wait(timeout=60)
        os.close(self.master)
        return code


@pytest.mark.skipif(not PNP.exists(), reason="needs the installed pnp script")
def test_a_real_session_saves_a_skeleton_that_can_be_continued(tmp_path):
    out = tmp_path / "game.yaml"
    order = deal(5)
    term = Terminal("threesixteen", "call", "--seed", "5", "--players", "Mina,Joon", "--out", str(out))
    term.wait_for("Call 0 of 48")
    term.key(" ", "Call 1 of 48")
    term.key("\r", "Call 2 of 48")
    term.key("u", "Call 1 of 48")
    term.key("r", "Call 1 of 48, once more")
    term.key("x", "Call 1 of 48")                           # an unused key redraws the same call
    term.key(" ", "Call 2 of 48")
    term.key("q", "Saved after 2 of 48 calls.")
    assert term.finish() == 0
    saved = load_skeleton(out, CONTENT.games["threesixteen"], EN)
    assert (saved.players, saved.calls) == (["Mina", "Joon"], order[:2])

    term = Terminal("threesixteen", "call", "--seed", "5", "--continue", str(out))
    term.wait_for("Call 2 of 48")
    term.key("\r", "Call 3 of 48")
    term.key("q", "Saved after 3 of 48 calls.")
    assert term.finish() == 0
    assert load_skeleton(out, CONTENT.games["threesixteen"], EN).calls == order[:3]

    with pytest.raises(InputError) as caught:
        load_record(out, CONTENT.games["threesixteen"], EN)
    assert caught.value.diagnostics[0].message == (
        "Mina: 0 tokens for 3 calls; write one token per call. Still to write: Mina 3, Joon 3")


class Screen:
    """`pnp threesixteen call` behind a pty of `columns` x `rows`, its output fed to a terminal emulator (pyte): what
    a person at that terminal sees, cell by cell."""

    def __init__(self, columns: int, rows: int, *args: str) -> None:
        import fcntl
        import struct
        import termios

        import pyte

        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        env = {**os.environ, "TERM": "xterm", "COLUMNS": str(columns), "LINES": str(rows)}
        self.process = subprocess.Popen([str(PNP), "threesixteen", "call", *args], stdin=slave, stdout=slave,
                                        stderr=slave, env=env, close_fds=True)
        os.close(slave)

    def lines(self) -> list[str]:
        return list(self.screen.display)

    def wait_for(self, text: str, reads: int = 600) -> None:
        """Read until `text` is on the screen, at most `reads` waits of 0.1 s for output."""
        for _ in range(reads):
            if any(text in line for line in self.lines()):
                return
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    self.stream.feed(os.read(self.master, 65536))
                except OSError:
                    pass
        raise AssertionError(f"{text!r} never shown; the screen:\n" + "\n".join(self.lines()))

    def key(self, key: str, then: str) -> None:
        os.write(self.master, key.encode())
        self.wait_for(then)

    def close(self) -> None:
        os.write(self.master, b"q")
        for _ in range(600):  # read what it still draws, so it is never stuck writing to a full pty
            if self.process.poll() is not None:
                break
            if select.select([self.master], [], [], 0.1)[0]:
                try:
                    os.read(self.master, 65536)
                except OSError:
                    break
        self.process.wait(timeout=60)
        os.close(self.master)


def digit_block(lines: list[str]) -> list[str]:
    return [line for line in lines if "█" in line]


@pytest.mark.parametrize("columns, rows", [(80, 24), (200, 50)])
def test_the_terminal_shows_the_whole_number_each_line_at_its_place_and_saves_every_call(tmp_path, columns, rows):
    out = tmp_path / "game.yaml"
    order = deal(4)
    screen = Screen(columns, rows, "--seed", "4", "--players", "Mina", "--out", str(out))
    try:
        screen.wait_for("Call 0 of 48")
        screen.key(" ", "Call 1 of 48")
        screen.key(" ", "Call 2 of 48")
        screen.wait_for(f"Last calls (newest first): {order[1]}  {order[0]}")  # the new screen drawn to its foot
        lines = screen.lines()
        block = digit_block(lines)
        scale = max(1, min(4, (rows - 14) // 5))
        assert len(block) == 5 * scale, "\n".join(lines)          # every row of the big digits is on the screen
        starts = {line.index("█") for line in block}
        # each row of the digits starts in the same column, near the middle (not where the row above ended)
        assert all(abs(start - min(starts)) <= 2 * scale * 4 for start in starts), "\n".join(lines)
        assert min(starts) > columns // 4
        assert lines[0].startswith("╭") and lines[-1].startswith("╰"), "\n".join(lines)  # one screen, not scrolled
        top = next(i for i, line in enumerate(lines) if "█" in line)
        assert all("█" in lines[top + k] for k in range(5 * scale))  # in one piece, row under row
        assert any("Call 2 of 48" in line for line in lines[:top])
        assert any("Last calls (newest first):" in line for line in lines[top:])
        # the second call is already saved, before anyone quits
        assert load_skeleton(out, CONTENT.games["threesixteen"], EN).calls == order[:2]
        screen.key("u", "Call 1 of 48")
        assert load_skeleton(out, CONTENT.games["threesixteen"], EN).calls == order[:1]
    finally:
        screen.close()
