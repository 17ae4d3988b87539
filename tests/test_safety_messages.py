"""Every error a person can cause is one message with a documented exit code (1 invalid input, 2 usage) and a
file:line:col wherever there is a line; lint and build apply the same checks."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app

from conftest import ROOT, line_col, replace_in

runner = CliRunner()
RECORDS = {"travel": ROOT / "examples" / "travel-three-players.yaml",
           "threesixteen": ROOT / "examples" / "threesixteen-game.yaml"}


def run(*args: str):
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def errors_of(content: Path) -> list[dict]:
    """Lint's error findings as JSON (which lint prints whatever went wrong)."""
    result = run("lint", "--format", "json", "--content", str(content))
    report = json.loads(result.stdout)
    assert result.exit_code == (1 if report["errors"] else 0)
    return [f for f in report["findings"] if f["severity"] == "error"]


# -- characters and bytes, at their line and column ------------------------------------------------------------

BAD = {"NUL": "\x00", "a bell": "\x07", "DEL": "\x7f", "a C1 control": "\x9b"}


@pytest.mark.parametrize("name", sorted(BAD))
@pytest.mark.parametrize("game", sorted(RECORDS))
def test_a_forbidden_character_in_a_record_is_reported_at_its_line_and_column(tmp_path: Path, game: str, name: str):
    text = RECORDS[game].read_text(encoding="utf-8")
    where = text.index("players:") + len("players:") - 3  # inside the key, where no quoting helps
    record = tmp_path / "r.yaml"
    record.write_text(text[:where] + BAD[name] + text[where:], encoding="utf-8")
    line = text.count("\n", 0, where) + 1
    result = run("check", str(record), "--nodes", "0")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{record}:{line}:6: error: character U+{ord(BAD[name]):04X} is not allowed")


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_a_byte_that_is_not_utf8_is_reported_at_its_line_and_column(tmp_path: Path, game: str):
    data = RECORDS[game].read_bytes()
    where = data.index(b"\nplayers:") + 1
    record = tmp_path / "r.yaml"
    record.write_bytes(data[:where] + "플".encode() + b"\xff" + data[where:])
    line = data.count(b"\n", 0, where) + 1
    result = run("check", str(record))
    assert (result.exit_code, result.stderr.strip()) == (1, f"{record}:{line}:2: error: not UTF-8 text (at byte "
                                                            f"{where + 3}) [file]")


def test_forbidden_characters_and_bytes_in_content_are_lint_and_build_errors_at_their_place(content_copy: Path,
                                                                                          tmp_path: Path):
    path = content_copy / "travel" / "ko.yaml"
    line, col = line_col(path, "name: ")
    data = path.read_bytes()
    index = data.index(b"name: ")
    path.write_bytes(data[:index] + b"\xc3(" + data[index:])
    finding = {"path": "content/travel/ko.yaml", "line": line, "col": col, "severity": "error", "key": "",
               "message": f"not UTF-8 text (at byte {index})", "check": "file"}
    assert errors_of(content_copy) == [finding]
    result = run("build", "--content", str(content_copy), "--output", str(tmp_path / "out"), "--game", "travel",
                 "--lang", "ko", "--paper", "a4", "--no-pod")
    assert result.exit_code == 1 and f"content/travel/ko.yaml:{line}:{col}: error: not UTF-8" in result.stderr
    path.write_bytes(data[:index] + b"\x00" + data[index:])
    (finding,) = errors_of(content_copy)
    assert (finding["line"], finding["col"], finding["check"]) == (line, col, "yaml")
    assert finding["message"].startswith("character U+0000 is not allowed")


# -- unwritable outputs and folders that are not what they should be ------------------------------------------

def test_unwritable_targets_are_one_message_and_exit_1(tmp_path: Path, content_copy: Path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    target = blocker / "inside"
    commands = [
        ["threesixteen", "call", "--seed", "1", "--out", str(target / "r.yaml")],
        ["threesixteen", "simulate", "--games", "2", "--records", str(target)],
        ["threesixteen", "simulate", "--games", "2", "--out", str(target)],
        ["travel", "simulate", "--games", "2", "--records", str(target)],
        ["travel", "simulate", "--games", "2", "--out", str(target)],
        ["build", "--output", str(target), "--game", "threesixteen", "--lang", "en", "--paper", "a4", "--no-pod"],
    ]
    for args in commands:
        result = run(*args)
        assert result.exit_code == 1, args
        assert result.stderr.strip().endswith("error: cannot write here: Not a directory [output]"), args
        assert len(result.stderr.strip().splitlines()) == 1, args
    for schema in (content_copy / "schemas").iterdir():
        schema.unlink()
    (content_copy / "schemas").rmdir()
    (content_copy / "schemas").write_text("a file where the folder goes", encoding="utf-8")
    result = run("schema", "--content", str(content_copy))
    assert result.stderr.strip() == f"{content_copy / 'schemas'}: error: cannot write here: not a folder [output]"
    assert result.exit_code == 1


@pytest.mark.parametrize("make", ["an empty folder", "a missing folder", "a broken print.yaml",
                                  "papers that are not a mapping"])
def test_build_of_a_folder_that_is_not_valid_content_exits_1(tmp_path: Path, content_copy: Path, make: str):
    if make == "an empty folder":
        content = tmp_path / "empty"
        content.mkdir()
    elif make == "a missing folder":
        content = tmp_path / "missing"
    else:
        content = content_copy
        (content / "print.yaml").write_text("papers: [\n" if make == "a broken print.yaml" else "papers: 3\n",
                                            encoding="utf-8")
    for extra in ([], ["--paper", "a4"]):
        result = run("build", "--content", str(content), "--output", str(tmp_path / "out"), *extra)
        assert result.exit_code == 1, (make, extra)
        assert "error:" in result.stderr and "Nothing to build" not in result.stdout


@pytest.mark.parametrize("command", ["build", "lint"])
@pytest.mark.parametrize("folder", ["missing", "empty"])
def test_a_folder_without_print_yaml_is_not_a_content_folder_for_build_and_lint(tmp_path: Path, command: str,
                                                                                 folder: str):
    content = tmp_path / folder
    if folder == "empty":
        content.mkdir()
    result = run(command, "--content", str(content), *(["--output", str(tmp_path / "out")] if command == "build"
                                                       else []))
    assert f"{content}: error: not a content folder: it has no print.yaml (--content names the folder holding " \
           "print.yaml, common/ and a folder per game) [file]" in result.output
    assert "file not found" not in result.output and result.exit_code == 1


@pytest.mark.parametrize("offset", ["nan,0", "0,inf", "-inf,1", "1e400,0", "21,0", "0", "a,b"])
def test_a_back_offset_that_is_not_a_small_finite_number_is_a_usage_error(tmp_path: Path, offset: str):
    result = run("build", "--back-offset-mm", offset, "--output", str(tmp_path / "out"))
    assert result.exit_code == 2 and "--back-offset-mm" in result.output
    assert not (tmp_path / "out").exists()


# -- lint passes only what builds -------------------------------------------------------------------------------

@pytest.mark.parametrize("edit, path, check", [
    (("print.yaml", "  a4:     {width_mm: 210,", "  a4:     {width_mm: 20,"), "content/print.yaml", "layout"),
    (("print.yaml", "  body: 9", "  body: 72"), "content/travel/en.yaml", "fit"),
    (("common/en.yaml", "  letter: US Letter", "  lettr: US Letter"), "content/common/en.yaml", "missing-key"),
])
def test_what_fails_the_build_fails_lint_first(content_copy: Path, tmp_path: Path, edit, path, check):
    file, old, new = edit
    replace_in(content_copy / file, old, new)
    findings = errors_of(content_copy)
    assert findings and any(f["path"] == path and f["check"] == check and f["line"] > 0 for f in findings)
    result = run("build", "--content", str(content_copy), "--output", str(tmp_path / "out"), "--lang", "en",
                 "--no-pod")
    assert result.exit_code == 1 and f"{path}:" in result.stderr


def test_what_a_terminal_would_not_show_is_exactly_unicodes_controls_formats_and_separators():
    """Every message is printed through `visible`: its ranges are the characters of categories Cc (but line break
    and tab), Cf, Zl and Zp in the Unicode of this Python, no more and no fewer."""
    import unicodedata

    from generator.errors import UNSHOWN_RANGES

    wanted = {code for code in range(0x110000) if unicodedata.category(chr(code)) in {"Cc", "Cf", "Zl", "Zp"}
              and chr(code) not in "\t\n"}
    assert {code for low, high in UNSHOWN_RANGES for code in range(low, high + 1)} == wanted
