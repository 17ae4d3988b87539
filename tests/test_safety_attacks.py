"""What a shared content folder, output folder or record can do to the person who uses it, tried as an attacker
would, through the real console script: nothing runs, nothing outside the content and output folders is read or
written, nothing blocks, and the CPU and memory a file costs stay within the caps. Each attack ends in one message
and a documented exit code, never a traceback.

The commands run in a child process measured by `os.wait4` (its own CPU seconds and peak memory). The time limit on
each run is a hang guard far above what the command needs, not a speed target (those are in `make bench`).
"""
from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path
from typing import NamedTuple

import pytest

from generator.content.yamlsrc import MAX_VALUES

from conftest import ROOT, line_col

PNP = Path(sys.executable).with_name("pnp")
#: a command that does not end within this many seconds is hung (a FIFO read, an endless device)
HANG_GUARD = 300
#: memory a command may take beyond its base, per byte of the file it reads (issue 30: at most 50x the input)
BYTES_PER_INPUT_BYTE = 50
#: CPU seconds an 8 MB file that is refused may cost: refusing it is a parse up to the cap, well under a second
REFUSAL_CPU = 5.0
EIGHT_MB = 8 * 1024 * 1024

_MEASURE = """
import json, os, subprocess, sys
child = subprocess.Popen(sys.argv[2:])
_, status, usage = os.wait4(child.pid, 0)
with open(sys.argv[1], "w") as out:
    json.dump({"code": os.waitstatus_to_exitcode(status), "cpu": usage.ru_utime + usage.ru_stime,
               "rss_mb": usage.ru_maxrss / 1024}, out)
"""


class Run(NamedTuple):
    code: int
    stdout: str
    stderr: str
    cpu: float
    rss_mb: float


def pnp(tmp_path: Path, *args: str, cwd: Path | None = None) -> Run:
    """`pnp ARGS` in a child process, with its exit code, output, CPU seconds and peak memory."""
    usage = tmp_path / f"usage-{os.getpid()}-{len(list(tmp_path.glob('usage-*')))}.json"
    done = subprocess.run([sys.executable, "-c", _MEASURE, str(usage), str(PNP), *args], capture_output=True,
                          text=True, timeout=HANG_GUARD, cwd=cwd or tmp_path)
    measured = json.loads(usage.read_text(encoding="utf-8"))
    assert "Traceback" not in done.stderr + done.stdout, done.stderr
    return Run(measured["code"], done.stdout, done.stderr, measured["cpu"], measured["rss_mb"])


def build(tmp_path: Path, content: Path, out: Path, *extra: str) -> Run:
    return pnp(tmp_path, "build", "--content", str(content), "--output", str(out), "--game", "threesixteen",
               "--paper", "a4", "--no-pod", *extra)


def everything_in(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


# ---- the build's cache ----------------------------------------------------------------------------------------


class Canary:
    """Unpickled, this writes a file: the proof that a cache file ran code."""

    def __init__(self, path: Path) -> None:
        self.path = str(path)

    def __reduce__(self):
        return (os.system, (f"touch {self.path}",))


def test_a_pickle_planted_in_the_cache_never_runs(tmp_path: Path, content_copy: Path):
    """A planted pickle in output/.cache/fonts/ ran arbitrary code on the next build (remote code execution for
    anyone who can drop a file in a shared output folder). Every kept file is replaced by a pickle, under its own
    name and under the name the old cache used; the next build neither runs nor trusts any of them."""
    out = tmp_path / "out"
    assert build(tmp_path, content_copy, out, "--lang", "en").code == 0
    kept = [p for p in (out / ".cache").rglob("*") if p.is_file()]
    assert any(p.suffix == ".font" for p in kept)
    canary = tmp_path / "canary"
    bomb = pickle.dumps(Canary(canary))
    for path in kept:
        path.write_bytes(bomb)
        path.with_suffix(".pickle").write_bytes(bomb)
    for pdf in out.glob("*.pdf"):
        pdf.unlink()
    run = build(tmp_path, content_copy, out, "--lang", "en")
    assert run.code == 0 and not canary.exists()
    assert (out / "threesixteen-en-a4.pdf").is_file()


def test_a_linked_cache_folder_is_neither_read_nor_written(tmp_path: Path, content_copy: Path):
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (elsewhere / "planted.font").write_bytes(b"x")
    (out / ".cache").symlink_to(elsewhere)
    run = build(tmp_path, content_copy, out, "--lang", "en")
    assert run.code == 0, run.stderr
    assert everything_in(elsewhere) == ["planted.font"]
    assert (out / "threesixteen-en-a4.pdf").is_file()


# ---- content that is not a file, or leaves the folder ----------------------------------------------------------


@pytest.mark.parametrize("how", ["fifo", "link to a fifo"])
def test_a_fifo_as_a_language_file_is_one_message_and_never_blocks(tmp_path: Path, content_copy: Path, how: str):
    """The build's input hashing read a FIFO with a plain read and waited forever."""
    language = content_copy / "threesixteen" / "ko.yaml"
    language.unlink()
    if how == "fifo":
        os.mkfifo(language)
    else:
        os.mkfifo(content_copy / "threesixteen" / "pipe")
        language.symlink_to("pipe")
    out = tmp_path / "out"
    run = build(tmp_path, content_copy, out, "--lang", "ko")
    assert run.code == 1
    assert run.stderr.splitlines() == ["content/threesixteen/ko.yaml: error: not a regular file [file]"]
    assert not out.exists() or not list(out.glob("*.pdf"))
    lint = pnp(tmp_path, "lint", "--content", str(content_copy))
    assert lint.code == 1 and "content/threesixteen/ko.yaml: error: not a regular file [file]" in lint.stdout


def test_a_link_to_an_endless_device_is_refused_without_reading(tmp_path: Path, content_copy: Path):
    language = content_copy / "common" / "ko.yaml"
    language.unlink()
    language.symlink_to("/dev/zero")
    run = build(tmp_path, content_copy, tmp_path / "out", "--lang", "ko")
    assert run.code == 1
    assert run.stderr.splitlines() == ["content/common/ko.yaml: error: a link to a file outside the content folder; "
                                       "content files must be inside it [file]"]
    assert run.cpu < REFUSAL_CPU


def test_a_linked_schemas_folder_is_not_written_through(tmp_path: Path, content_copy: Path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.rmtree(content_copy / "schemas")
    (content_copy / "schemas").symlink_to(elsewhere)
    run = pnp(tmp_path, "schema", "--content", str(content_copy))
    assert run.code == 1
    assert run.stderr.splitlines() == [f"{content_copy / 'schemas'}: error: a link out of the content folder; pnp "
                                       "writes only inside it (remove the link) [output]"]
    assert everything_in(elsewhere) == []


def test_a_fonts_folder_linked_out_of_the_content_folder_is_no_font_boundary(tmp_path: Path, content_copy: Path):
    """A linked content/fonts made any folder (even /) the place font values may name."""
    elsewhere = tmp_path / "elsewhere"
    shutil.move(content_copy / "fonts", elsewhere)
    (content_copy / "fonts").symlink_to(elsewhere)
    line, col = line_col(content_copy / "print.yaml", "    bizud:\n")
    run = pnp(tmp_path, "lint", "--content", str(content_copy))
    assert run.code == 1
    assert f"content/print.yaml:{line}:{col + 4}: error: bizud: fonts/ is a link out of the content folder; keep " \
           "the fonts inside it [font]" in run.stdout.splitlines()
    assert build(tmp_path, content_copy, tmp_path / "out", "--lang", "ja").code == 1


# ---- files that would take minutes and gigabytes --------------------------------------------------------------


def _anchored(head: str, key: str) -> str:
    """`head`, then `key:` holding one anchored list of about 8 MB of short items: one `&a` switched the value cap
    off (22 s of CPU and 1.6 GB before the error)."""
    items = EIGHT_MB // 4
    return head + f"{key}: &a [" + ", ".join(["x"] * items) + "]\n"


def _first_too_many(text: str, head: str, key: str, values_before: int) -> tuple[int, int]:
    """line:col of the first value past MAX_VALUES, `values_before` of them counted before the anchored list."""
    line = head.count("\n") + 1
    return line, len(f"{key}: &a [") + 3 * (MAX_VALUES - values_before - 2) + 1  # the key and the list come first


def _base_rss(tmp_path: Path) -> float:
    """The memory of a command that reads a small file: the interpreter, its imports and the content."""
    return pnp(tmp_path, "check", str(ROOT / "examples" / "travel-three-players.yaml")).rss_mb


def test_an_anchored_8_mb_content_file_is_refused_at_the_value_past_the_cap(tmp_path: Path, content_copy: Path):
    path = content_copy / "travel" / "en.yaml"
    head = path.read_text(encoding="utf-8")
    values_before = _values_in(head)
    path.write_text(_anchored(head, "zz_padding"), encoding="utf-8")
    line, col = _first_too_many(path.read_text(encoding="utf-8"), head, "zz_padding", values_before)
    run = pnp(tmp_path, "lint", "--content", str(content_copy))
    assert run.code == 1
    assert f"content/travel/en.yaml:{line}:{col}: error: more than {MAX_VALUES:,} values (texts, lists and " \
           "mappings); this is not a content or record file [yaml]" in run.stdout.splitlines()
    assert run.cpu < REFUSAL_CPU
    assert run.rss_mb <= _base_rss(tmp_path) + BYTES_PER_INPUT_BYTE * path.stat().st_size / 2**20


@pytest.mark.parametrize("example, key", [("threesixteen-game.yaml", "date"), ("travel-three-players.yaml", "notes")])
def test_an_anchored_8_mb_record_is_refused_at_the_value_past_the_cap(tmp_path: Path, example: str, key: str):
    """A travel record had no value cap at all (26 s of CPU and 1.85 GB to report an unknown key at line 2); a 3x16
    record's was switched off by one anchor."""
    head = (ROOT / "examples" / example).read_text(encoding="utf-8")
    record = tmp_path / "record.yaml"
    record.write_text(_anchored(head, key), encoding="utf-8")
    line, col = _first_too_many(record.read_text(encoding="utf-8"), head, key, _values_in(head))
    run = pnp(tmp_path, "check", str(record))
    assert run.code == 1
    assert run.stderr == f"{record}:{line}:{col}: error: more than {MAX_VALUES:,} values (texts, lists and " \
                         "mappings); this is not a content or record file [yaml]\n"
    assert run.cpu < REFUSAL_CPU
    assert run.rss_mb <= _base_rss(tmp_path) + BYTES_PER_INPUT_BYTE * record.stat().st_size / 2**20


def _values_in(text: str) -> int:
    """How many values (scalars, lists, mappings) libyaml reads in `text`."""
    import yaml

    return sum(isinstance(e, (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent))
               for e in yaml.parse(text, Loader=yaml.SafeLoader))


# ---- names ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("example, old, new_at", [
    ("threesixteen-game.yaml", "players: [Mina, Joon, Sora]", "players: [Mi\u202ena, Joon, Sora]"),
    ("travel-three-players.yaml", "{name: Joon,", "{name: Jo\u200bon,"),
])
def test_a_name_with_a_character_that_does_not_show_is_refused_at_it(tmp_path: Path, example: str, old: str,
                                                                     new_at: str):
    """A direction override reached the terminal unchanged: the name shown was not the name checked. It is refused
    at its own column, and the message shows it escaped."""
    text = (ROOT / "examples" / example).read_text(encoding="utf-8")
    assert old in text
    record = tmp_path / "record.yaml"
    record.write_text(text.replace(old, new_at, 1), encoding="utf-8")
    hidden = next(ch for ch in new_at if unicodedata.category(ch) == "Cf")
    line, col = line_col(record, hidden)
    run = pnp(tmp_path, "check", str(record))
    shown = new_at.split("[")[-1].split(",")[0].removeprefix("{name: ").replace(hidden, f"\\u{ord(hidden):04x}")
    assert (run.code, run.stderr) == (1, f"{record}:{line}:{col}: error: '{shown}' holds U+{ord(hidden):04X} "
                                         f"{unicodedata.name(hidden)}, a character that does not show (a control, a "
                                         "direction mark or a zero-width character): write the name without it "
                                         "[record]\n")
    assert all(unicodedata.category(ch) != "Cf" for ch in run.stdout + run.stderr)


@pytest.mark.parametrize("example, first, second, message", [
    ("threesixteen-game.yaml", "players: [Mina, Joon, Sora]", "players: [{nfc}, {nfd}, Sora]",
     "'{nfc}' is listed twice among the players"),
    ("travel-three-players.yaml", "{name: Mina,", None, "two players are called '{nfc}'"),
])
def test_the_nfc_and_nfd_spellings_of_a_name_are_one_player(tmp_path: Path, example: str, first: str,
                                                            second: str | None, message: str):
    nfc, nfd = unicodedata.normalize("NFC", "한별"), unicodedata.normalize("NFD", "한별")
    assert nfc != nfd
    text = (ROOT / "examples" / example).read_text(encoding="utf-8")
    if second is not None:
        text = text.replace(first, second.format(nfc=nfc, nfd=nfd), 1)
    else:
        text = text.replace("{name: Mina,", "{name: " + nfc + ",", 1).replace("{name: Joon,", "{name: " + nfd + ",", 1)
    record = tmp_path / "record.yaml"
    record.write_text(text, encoding="utf-8")
    run = pnp(tmp_path, "check", str(record))
    assert run.code == 1 and message.format(nfc=nfc) in run.stderr
