"""The full-screen caller (Rich): the current number in large digits that can be read across a table, the call
count, how many of each number are still to come, and the last few calls.

Keys: Enter or Space calls the next number, `u` undoes the last call, `r` shows the last call again, `q` (or
Esc, Ctrl-C, end of input) saves and quits; every other key is ignored. `press` is the pure key handler;
`draw` builds the screen for a state; `run` joins them to a key source and a screen; `raw_keys` reads keys
from a terminal kept in raw mode for the whole session, so keys pressed quickly are never dropped between two
reads (switching modes per key would flush them).
"""
from __future__ import annotations

import os
import termios
import tty
from contextlib import contextmanager
from dataclasses import replace
from typing import Callable, Iterator

from rich.align import Align
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...content.texts import Texts
from .caller import NEXT, REPEAT, UNDO, CallerState, act, remaining

NEXT_KEYS = {"\r", "\n", " "}
UNDO_KEYS = {"u", "U"}
REPEAT_KEYS = {"r", "R"}
QUIT_KEYS = {"q", "Q", "\x1b", "\x03", "\x04"}
LAST_SHOWN = 6
# each digit is 3 cells wide and 5 tall; a cell is drawn `scale` rows tall and 2 * `scale` characters wide
FONT = {
    "0": ("###", "#.#", "#.#", "#.#", "###"), "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"), "3": ("###", "..#", ".##", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"), "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"), "7": ("###", "..#", "..#", ".#.", ".#."),
    "8": ("###", "#.#", "###", "#.#", "###"), "9": ("###", "#.#", "###", "..#", "###"),
}


def press(state: CallerState, key: str) -> CallerState:
    """The state after one key; keys that do nothing (and Enter after the last call) leave it unchanged."""
    if key in QUIT_KEYS:
        return replace(state, done=True)
    action = NEXT if key in NEXT_KEYS else UNDO if key in UNDO_KEYS else REPEAT if key in REPEAT_KEYS else ""
    return act(state, action)


def big_digits(number: int, scale: int) -> Text:
    """`number` in block digits, `scale` times the 3x5 font."""
    rows = []
    for row in range(5):
        cells = "  ".join(FONT[digit][row] for digit in str(number))
        line = "".join(("█" if cell == "#" else " ") * (2 * scale) for cell in cells)
        rows += [line] * scale
    return Text("\n".join(rows), style="bold")


def draw(state: CallerState, texts: Texts, high: int, height: int) -> RenderableType:
    """The screen for a state, sized for a terminal `height` rows tall."""
    t = texts.get
    total = len(state.order)
    scale = max(1, min(4, (height - 14) // 5))
    if state.called:
        number = state.order[state.called - 1]
        head = Text(t("check.call.screen_repeat" if state.repeated else "check.call.screen_count",
                      n=state.called, total=total), style="bold yellow" if state.repeated else "bold")
        middle: RenderableType = big_digits(number, scale)
    else:
        head = Text(t("check.call.screen_count", n=0, total=total), style="bold")
        middle = Text(t("check.call.screen_start"), style="bold")
    left = remaining(state, high)
    counts = Table.grid(padding=(0, 1))
    for _ in range(high):
        counts.add_column(justify="center")
    counts.add_row(*[Text(str(v), style="bold") for v in range(1, high + 1)])
    counts.add_row(*[Text(str(n), style="dim" if not n else "") for n in left])
    last = state.calls[-LAST_SHOWN:]
    lines: list[RenderableType] = [Align.center(head), Text(""), Align.center(middle), Text(""),
             Align.center(Text(t("check.call.screen_left"))), Align.center(counts), Text(""),
             Align.center(Text(t("check.call.screen_last", numbers="  ".join(map(str, reversed(last))) or "-"))),
             Align.center(Text(t("check.call.screen_keys"), style="dim"))]
    if state.called == total:
        lines.insert(4, Align.center(Text(t("check.call.screen_end"), style="bold green")))
    return Panel(Group(*lines), title="3x16")


def run(state: CallerState, read_key: Callable[[], str], show: Callable[[CallerState], None],
        calls_changed: Callable[[CallerState], None] | None = None) -> CallerState:
    """Show the state, then one key at a time until a quit key (or Ctrl-C, or the end of input);
    `calls_changed` is told every state whose calls differ from the last (each call and each undo), so the game
    can be saved at once, before it is shown."""
    show(state)
    while not state.done:
        try:
            key = read_key()
        except (KeyboardInterrupt, EOFError):
            key = "q"
        before = state.called
        state = press(state, key)
        if calls_changed is not None and state.called != before:
            calls_changed(state)
        show(state)
    return state



@contextmanager
def raw_keys(fd: int) -> Iterator[Callable[[], str]]:
    """Read one key press at a time from terminal `fd` (raw input until the block ends; input already typed is
    kept). Output processing stays on: raw mode switches it off, and then every line Rich draws would start where
    the last one ended instead of at the left edge. End of input reads as EOFError."""
    saved = termios.tcgetattr(fd)
    tty.setraw(fd, termios.TCSANOW)
    mode = termios.tcgetattr(fd)
    mode[1] = mode[1] | termios.OPOST | termios.ONLCR  # the output flags: "\n" is a new line at the left edge
    termios.tcsetattr(fd, termios.TCSANOW, mode)

    def read_key() -> str:
        data = os.read(fd, 32)
        if not data:
            raise EOFError
        return data.decode("utf-8", "replace")

    try:
        yield read_key
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
