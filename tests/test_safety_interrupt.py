"""Builds are safe to interrupt: what is out of date is judged from the files on disk, not from what a build that
died meant to write. Ctrl-C stops a command and its worker processes with exit 130 and no traceback."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from generator.builder.plan import MANIFEST, build

from conftest import ROOT, replace_in

CHOSEN = {"games": ["threesixteen"], "langs": ["en", "ko"], "papers": ["a4"], "pod": False}
PDFS = tuple(sorted(f"threesixteen-{lang}-a4{edition}.pdf" for lang in ("en", "ko")
                   for edition in ("", "-ink-saver", "-gutterfold")))  # every edition
EDITS = [("common/en.yaml", "  a4: A4", "  a4: A4 (edited)"), ("common/ko.yaml", "  a4: A4", "  a4: A4 (edited)")]


def edit(content: Path, undo: bool = False) -> None:
    for file, old, new in EDITS:
        replace_in(content / file, *((new, old) if undo else (old, new)))


def outputs(out: Path) -> dict[str, bytes]:
    return {name: (out / name).read_bytes() for name in PDFS}


def test_files_written_but_never_recorded_are_rebuilt(content_copy: Path, tmp_path: Path):
    """A build killed after writing its PDFs and before recording them: the manifest still describes the
    earlier build. Undoing the edit must not make the edited PDFs look up to date."""
    out = tmp_path / "out"
    build(content_copy, output_dir=out, **CHOSEN)
    original, recorded = outputs(out), (out / MANIFEST).read_bytes()
    edit(content_copy)
    build(content_copy, output_dir=out, **CHOSEN)
    assert outputs(out) != original
    (out / MANIFEST).write_bytes(recorded)  # as the killed build left it
    edit(content_copy, undo=True)
    again = build(content_copy, output_dir=out, **CHOSEN)
    assert sorted(again.written) == list(PDFS)
    assert outputs(out) == original


def test_a_build_killed_mid_way_then_undone_rebuilds_the_right_files(content_copy: Path, tmp_path: Path):
    out = tmp_path / "out"
    build(content_copy, output_dir=out, **CHOSEN)
    original = outputs(out)
    before = {name: os.stat(out / name).st_mtime_ns for name in PDFS}
    edit(content_copy)
    args = ["build", "--content", str(content_copy), "--output", str(out), "--game", "threesixteen", "--lang", "en",
            "--lang", "ko", "--paper", "a4", "--no-pod"]
    process = subprocess.Popen([sys.executable, "-c", "from generator.cli import main; main()", *args], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 120
    while process.poll() is None and time.monotonic() < deadline:
        if any(os.stat(out / name).st_mtime_ns != before[name] for name in PDFS):
            os.killpg(process.pid, signal.SIGKILL)  # the first PDF is written: kill the build and its workers
            break
        time.sleep(0.005)
    process.wait(timeout=60)
    edit(content_copy, undo=True)
    build(content_copy, output_dir=out, **CHOSEN)
    assert outputs(out) == original
    assert build(content_copy, output_dir=out, **CHOSEN).written == []


def ctrl_c(args: list[str], cwd: Path, started) -> tuple[int, str]:
    """Run `pnp args` as a terminal would, wait until `started()`, press Ctrl-C (SIGINT to the whole process
    group, the workers too): (exit code, what it wrote to stderr)."""
    process = subprocess.Popen([sys.executable, "-c", "from generator.cli import main; main()", *args], cwd=cwd,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 120
    while process.poll() is None and not started() and time.monotonic() < deadline:
        time.sleep(0.02)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=60)
    return process.returncode, err.decode("utf-8", "replace")


def test_ctrl_c_stops_a_simulation_on_two_workers_quietly(tmp_path: Path):
    """Once the workers have written their first records, Ctrl-C: exit 130, nothing on stderr (each worker used to
    print its own KeyboardInterrupt traceback), and every record written is whole."""
    records = tmp_path / "records"
    code, err = ctrl_c(["travel", "simulate", "--games", "100000", "--workers", "2", "--records", str(records)],
                       tmp_path, lambda: len(list(records.glob("*.yaml"))) >= 4)
    assert (code, err) == (130, "")
    written = sorted(records.glob("*.yaml"))
    assert len(written) >= 4 and all(path.read_text(encoding="utf-8").endswith("\n") for path in written)
    assert not list(records.glob(".*"))  # no half-written temporary file left
