"""Bounded work: aliases, nesting, file kinds and file sizes can never make a read grow, loop or block; each is one
error at its position, the same for content and for records of both games."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.content.load import load_content
from generator.games.travel.check import check_file as travel_check_file
from generator.content.yamlsrc import MAX_DEPTH, MAX_VALUES, parse_yaml
from generator.files import MAX_FILE_BYTES, bytes_of
from generator.errors import InputError

from conftest import ROOT, line_col, replace_in

runner = CliRunner()
RECORDS = {"travel": ROOT / "examples" / "travel-three-players.yaml",
           "threesixteen": ROOT / "examples" / "threesixteen-game.yaml"}
LAUGHS = "lol: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"l{k}: &{chr(98 + k)} [{', '.join(['*' + chr(97 + k)] * 9)}]\n" for k in range(9))


def check(path: Path, *extra: str):
    result = runner.invoke(app, ["check", str(path), "--nodes", "0", *extra])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def pnp(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """The console script in a process of its own, so a read that blocks fails the test instead of hanging it."""
    return subprocess.run([sys.executable, "-c", "from generator.cli import main; main()", *args],
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT)


@pytest.mark.parametrize("text, line, col", [
    (LAUGHS, 2, 9),
    ("a: &x [*x]\n", 1, 8),
    ("a: &x {b: *x}\n", 1, 11),
    ("a: &v 1\nb: *v\n", 2, 4),
])
def test_aliases_are_refused_at_the_alias(text, line, col):
    with pytest.raises(InputError) as caught:
        parse_yaml(text, "x.yaml")
    (diagnostic,) = caught.value.diagnostics
    assert (diagnostic.position.line, diagnostic.position.col) == (line, col)
    assert diagnostic.message.startswith("aliases (*") and diagnostic.check == "yaml"


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_an_alias_bomb_in_a_record_is_one_error_at_its_first_alias(tmp_path: Path, game: str):
    record = tmp_path / "bomb.yaml"
    record.write_text(RECORDS[game].read_text(encoding="utf-8").replace("\nplayers:", f"\n{LAUGHS}players:", 1),
                      encoding="utf-8")
    line = record.read_text(encoding="utf-8").splitlines().index(LAUGHS.splitlines()[1]) + 1
    result = check(record)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{record}:{line}:9: error: aliases (*a) are not supported")


def test_an_alias_in_content_is_a_lint_error_at_the_alias(content_copy: Path):
    path = content_copy / "print.yaml"
    replace_in(path, "a4:     {width_mm: 210,", "a4:     &a4 {width_mm: 210,")
    replace_in(path, "letter: {width_mm: 215.9, height_mm: 279.4, margin_mm: 6.35}", "letter: *a4")
    result = runner.invoke(app, ["lint", "--content", str(content_copy)])
    assert result.exit_code == 1
    line, column = line_col(path, "*a4")
    assert f"content/print.yaml:{line}:{column}: error: aliases (*a4) are not supported" in result.stdout


def test_nesting_deeper_than_the_limit_is_refused_at_the_first_level_too_deep():
    text = "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5)
    with pytest.raises(InputError) as caught:
        parse_yaml(text, "x.yaml")
    assert str(caught.value) == f"x.yaml:1:{MAX_DEPTH + 1}: error: nested more than {MAX_DEPTH} levels deep [yaml]"
    assert parse_yaml("[" * MAX_DEPTH + "]" * MAX_DEPTH, "x.yaml")[0] is not None


def test_a_fifo_is_refused_without_blocking(tmp_path: Path):
    fifo = tmp_path / "record.yaml"
    os.mkfifo(fifo)
    result = pnp("check", str(fifo))
    assert (result.returncode, result.stderr.strip()) == (1, f"{fifo}: error: not a regular file [file]")


def test_a_link_to_an_endless_device_is_refused_without_reading(tmp_path: Path, content_copy: Path):
    record = tmp_path / "record.yaml"
    record.symlink_to("/dev/zero")
    result = pnp("check", str(record))
    assert (result.returncode, result.stderr.strip()) == (1, f"{record}: error: not a regular file [file]")
    (content_copy / "travel" / "ko.yaml").unlink()
    (content_copy / "travel" / "ko.yaml").symlink_to("/dev/zero")
    result = pnp("lint", "--content", str(content_copy))
    assert result.returncode == 1
    assert "content/travel/ko.yaml: error: a link to a file outside the content folder" in result.stdout


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path):
    record = tmp_path / "huge.yaml"
    with open(record, "wb") as handle:
        handle.write(b"game: travel\n")
        handle.truncate(MAX_FILE_BYTES + 1)
    message = f"{record}: error: larger than 10 MB; this is not a record file [file]"
    assert (check(record).exit_code, check(record).stderr.strip()) == (1, message)
    with pytest.raises(InputError) as caught:
        travel_check_file(str(record), load_content(), "ko")  # the travel checker says it in the report's language
    assert str(caught.value) == f"{record}: error: 10 MB보다 큰 파일은 기록 파일이 아닙니다 [file]"


def test_a_file_longer_than_its_size_says_is_read_whole():
    """A regular file whose size fstat gives as 0 (as Linux's /proc files do) is still read to its end."""
    path = Path("/proc/self/status")
    if not path.exists():
        pytest.skip("no /proc here")
    data = bytes_of(path)
    assert path.stat().st_size == 0 and data.startswith(b"Name:") and data.endswith(b"\n") and len(data) > 200


def test_a_folder_given_as_a_record_is_not_a_regular_file(tmp_path: Path):
    result = check(tmp_path)
    assert (result.exit_code, result.stderr.strip()) == (1, f"{tmp_path}: error: not a regular file [file]")


@pytest.mark.parametrize("extra, message", [
    ("notes: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n", f"nested more than {MAX_DEPTH} levels deep"),
    ("---\ngame: travel\n", "malformed YAML: a record is one document; remove the second `---`"),
])
def test_a_travel_record_read_from_libyamls_events_refuses_depth_and_a_second_document(tmp_path: Path, extra,
                                                                                      message):
    record = tmp_path / "record.yaml"
    text = "# written by hand\n" + RECORDS["travel"].read_text(encoding="utf-8")
    record.write_text(text + extra, encoding="utf-8")
    line = text.count("\n") + 1
    col = len("notes: ") + MAX_DEPTH if extra.startswith("notes") else 1  # the mapping is the first level
    result = check(record)
    assert result.exit_code == 1
    assert result.stderr == f"{record}:{line}:{col}: error: {message} [yaml]\n"


def test_a_file_of_more_values_than_the_limit_is_refused_at_the_first_too_many(tmp_path: Path):
    """A 3x16 record's tokens as a list of a million one-letter items: refused at the first value past the limit
    (the game line, the list and MAX_VALUES - 2 items come before it), before libyaml composes a node."""
    record = tmp_path / "long.yaml"
    head = "game: threesixteen\nplayers: [Mina]\ncalls: 1 2 3\nmoves:\n  Mina: ["
    record.write_text(head + ", ".join(["R"] * 1_000_000) + "]\n", encoding="utf-8")
    items_before = MAX_VALUES - len(["{game: ...}", "game", "threesixteen", "players", "[Mina]", "Mina", "calls",
                                     "1 2 3", "moves", "{Mina: ...}", "Mina", "[...]"])
    col = len("  Mina: [") + 3 * items_before + 1
    result = check(record)
    assert (result.exit_code, result.stderr) == (1, f"{record}:5:{col}: error: more than {MAX_VALUES:,} values "
                                                 "(texts, lists and mappings); this is not a content or record "
                                                 "file [yaml]\n")


def test_the_limits_hold_the_largest_real_inputs(tmp_path: Path):
    """The caps are far above any real game or content: a 600-turn travel game, a 48-call 3x16 game of 4 players,
    and content 20 times today's each read without reaching them."""
    from generator.content.yamlsrc import compose, events
    from generator.games.travel.recordtree import read_tree

    travel = RECORDS["travel"].read_text(encoding="utf-8")
    head, _, turns = travel.partition("\nturns:\n")
    lines = [line for line in turns.splitlines(keepends=True) if line.lstrip().startswith("- ")]
    long_game = head + "\nturns:\n" + "".join(lines[k % len(lines)] for k in range(600))
    assert len(long_game.encode()) < MAX_FILE_BYTES and read_tree(long_game, "long.yaml") is not None
    tokens = " ".join(["A>ABDCD"] * 48)
    big_3x16 = ("game: threesixteen\nplayers: [Mina, Joon, Sora, Hana]\ncalls: " + " ".join(["1"] * 48) + "\nmoves:\n"
                + "".join(f"  {name}: [{', '.join(tokens.split())}]\n" for name in ("Mina", "Joon", "Sora", "Hana")))
    assert compose(big_3x16, "big.yaml") is not None
    largest = max((ROOT / "content").rglob("*.yaml"), key=lambda p: p.stat().st_size).read_text(encoding="utf-8")
    twenty = "".join(f"copy{k}:\n" + "".join(f"  {line}\n" for line in largest.splitlines()) for k in range(20))
    assert len(twenty.encode()) < MAX_FILE_BYTES
    assert sum(1 for _ in events(twenty, "twenty.yaml")) > 20 * 1000 and compose(twenty, "twenty.yaml") is not None
