"""`pnp build --watch`, run as a translator runs it: a save rebuilds, a bad edit prints lint's finding and the
watch goes on, Ctrl-C stops it with exit code 0 and no traceback."""
from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

from generator.builder.watch import changed_names, watched

from conftest import ROOT, line_col, replace_in

#: generous, for a loaded machine: each wait ends as soon as its line arrives
WAIT_S = 120


class Lines:
    """The lines a running process prints (stdout and stderr together), read on a thread so a wait can time out."""

    def __init__(self, process: subprocess.Popen) -> None:
        self.seen: list[str] = []
        self._queue: queue.Queue[str] = queue.Queue()
        self._reader = threading.Thread(target=self._read, args=(process.stdout,), daemon=True)
        self._reader.start()

    def _read(self, stream) -> None:
        for line in stream:
            self._queue.put(line.rstrip("\n"))

    def until(self, wanted: str) -> list[str]:
        """The lines up to and including the first one holding `wanted` (fails after WAIT_S without it)."""
        got = []
        while True:
            try:
                line = self._queue.get(timeout=WAIT_S)
            except queue.Empty:
                raise AssertionError(f"no line with {wanted!r} after {WAIT_S} s; saw {self.seen[-12:]}") from None
            self.seen.append(line)
            got.append(line)
            if wanted in line:
                return got

    def rest(self) -> list[str]:
        """Every line seen, once the process has ended and its output is read to the end."""
        self._reader.join(timeout=WAIT_S)
        while not self._queue.empty():
            self.seen.append(self._queue.get())
        return self.seen


@contextmanager
def ctrl_c_as_in_a_terminal():
    """Tests run from a shell's background job (`make test &`) inherit SIGINT ignored, as POSIX shells without job
    control do, and an ignored signal stays ignored across exec: the watcher would never see Ctrl-C. A handled
    signal is reset to the default at exec, so with a handler here the watcher starts as it would in a terminal."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def test_a_save_rebuilds_a_bad_edit_is_reported_and_ctrl_c_stops(content_copy: Path, tmp_path: Path):
    out = tmp_path / "out"
    with ctrl_c_as_in_a_terminal():
        process = subprocess.Popen(
            [sys.executable, "-m", "generator", "build", "--watch", "--content", str(content_copy), "--output",
             str(out), "--game", "threesixteen", "--lang", "en", "--paper", "a4", "--no-pod"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding="utf-8",
            env={**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONFAULTHANDLER": "1"})
    lines = Lines(process)
    try:
        first = lines.until("Watching")
        assert any(line.startswith("Wrote 3 PDFs") for line in first), first
        common = content_copy / "common" / "en.yaml"
        replace_in(common, "  a4: A4", "  a4: A4 (edited)")
        assert lines.until("Changed:")[-1] == "Changed: content/common/en.yaml; rebuilding"
        assert lines.until("Wrote ")[-1].startswith("Wrote 3 PDFs")
        replace_in(common, '"{min}–{max} players"', '"{min}–{maxi} players"')
        line, col = line_col(common, '"{min}–{maxi} players"')  # the text's position, as lint gives it
        report = lines.until("error")
        assert f"content/common/en.yaml:{line}:{col}: error: rulebook.players: placeholder {{maxi}}" in report[-1]
        replace_in(common, '"{min}–{maxi} players"', '"{min}–{max} players"')  # back as last built
        assert lines.until("Nothing to build")[-1].startswith("Nothing to build")  # still watching
    except BaseException:
        process.kill()  # the step that failed is the report; a watcher left running would outlive the test
        process.wait()
        raise
    process.send_signal(signal.SIGINT)
    code = stopped(process, lines)
    assert code == 0 and not any("Traceback" in line for line in lines.seen), lines.seen[-12:]


def stopped(process: subprocess.Popen, lines: Lines) -> int:
    """The exit code after Ctrl-C; a watcher that does not stop is made to print where each thread is (Python's
    fault handler, on SIGABRT) and the test fails with that."""
    try:
        return process.wait(timeout=WAIT_S)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGABRT)
        process.wait()
        raise AssertionError(f"still running {WAIT_S} s after Ctrl-C; its threads: {lines.rest()[-40:]}") from None


def test_only_files_a_build_reads_are_watched(tmp_path: Path):
    assert watched("content/travel/ja.yaml") and watched("content/fonts/Font.ttf")
    assert not watched("content/travel/.ja.yaml.swp") and not watched("content/travel/ja.yaml~")
    assert not watched("content/schemas/travel-lang.schema.json")
    root = tmp_path / "content"
    assert changed_names(root, [str(root / "travel" / "ja.yaml"), str(root / "common" / "ja.yaml")]) == [
        "content/common/ja.yaml", "content/travel/ja.yaml"]
