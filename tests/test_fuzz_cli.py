"""Fuzzing the CLI's option parsing: command lines of every command with odd values (NaN, infinities, huge and
negative numbers, unwritable or missing paths, stray words). Each ends with exit 0, 1 (one message per problem,
file:line:col where there is a line) or 2 (usage), never a traceback."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from generator.cli import app

from conftest import CONTENT, ROOT
from fuzz_support import fuzz_settings

runner = CliRunner()
NUMBERS = ["0", "1", "2", "-1", "nan", "inf", "-inf", "1e400", "0.05", "99999999999999999999", "x", "", "３"]
SMALL = ["0", "1", "2", "-1", "nan", "x", "", "99999999999999999999", "1e3"]  # a count: never a long run
SECONDS = ["0", "0.01", "nan", "inf", "-1", "1e400", "x", ""]
LANGS = ["en", "ko", "zz", "", "../en", "EN"]
FORMATS = ["text", "json", "xml", ""]
CALLS = ["1 2 3", "16 " * 48, "1 17", "0", "x", "", "1,2,3", "1  2\t3", "-1 2"]
#: "message lines": `path: error: ...`, `path:line:col: error: ...`, or a report
MESSAGE = re.compile(r"^.+?(:\d+:\d+)?: (error|warning): .+$")


@pytest.fixture(scope="module")
def places(tmp_path_factory) -> dict[str, list[str]]:
    base = tmp_path_factory.mktemp("cli")
    content = base / "content"
    shutil.copytree(CONTENT, content)
    blocker = base / "a-file"
    blocker.write_text("x", encoding="utf-8")
    return {
        "content": [str(content), str(base / "missing"), str(blocker), str(base)],
        "out": [str(base / "out"), str(blocker / "inside"), "/proc/nope", str(blocker)],
        "record": [str(p) for p in sorted((ROOT / "examples").glob("*.yaml"))] + [str(base / "none.yaml"),
                                                                                  str(blocker), str(base)],
    }


@st.composite
def command_line(draw, places: dict[str, list[str]]) -> list[str]:
    pick = lambda values: draw(st.sampled_from(values))  # noqa: E731
    options: dict[str, list[tuple[str, list[str]]]] = {
        "check": [("--lang", LANGS), ("--format", FORMATS), ("--nodes", NUMBERS), ("--time-limit", SECONDS),
                  ("--content", places["content"])],
        "lint": [("--format", FORMATS), ("--content", places["content"])],
        "schema": [("--content", places["content"][1:])],
        "threesixteen call": [("--seed", NUMBERS), ("--players", ["A,B", "A,A", ",", "A,B,C,D,E", ""]),
                              ("--columns", NUMBERS), ("--lang", LANGS), ("--out", places["out"])],
        "threesixteen solve": [("--calls", CALLS), ("--seed", NUMBERS), ("--columns", NUMBERS),
                               ("--time-limit", SECONDS), ("--format", FORMATS), ("--lang", LANGS)],
        "threesixteen simulate": [("--games", SMALL), ("--strategy", ["naive", "strong", "x"]),
                                  ("--columns", NUMBERS), ("--seed", NUMBERS), ("--records", places["out"]),
                                  ("--plots", places["out"]), ("--format", FORMATS), ("--lang", LANGS)],
        "travel simulate": [("--players", NUMBERS), ("--games", SMALL), ("--extensions", ["all", "none", "x", ""]),
                            ("--seed", NUMBERS), ("--bot", ["greedy", "random", "x"]),
                            ("--records", places["out"]), ("--plots", places["out"]),
                            ("--workers", ["1", "0", "65", "x"]), ("--lang", LANGS), ("--format", FORMATS),
                            ("--content", places["content"])],
        # a build that would draw is cut short by an unknown paper: its options are what is fuzzed here
        "build": [("--game", ["travel", "x"]), ("--lang", LANGS), ("--back-offset-mm", NUMBERS + ["0,0", "nan,0",
                                                                                                 "1,inf", "1,2,3"]),
                  ("--duplex", ["long", "short", "x"]), ("--output", places["out"]),
                  ("--content", places["content"])],
    }
    name = pick(sorted(options))
    args = name.split()
    if name == "check":
        args.append(pick(places["record"]))
    chosen = draw(st.lists(st.sampled_from(options[name]), max_size=5, unique_by=lambda o: o[0]))
    for option, values in chosen:
        args += [option, pick(values)]
    if name == "build":
        args += ["--paper", "zz"]
    if draw(st.booleans()) and draw(st.booleans()):
        args.insert(draw(st.integers(0, len(args))), pick(["--nope", "-x", "extra", "--", "--help"]))
    return args


@fuzz_settings(quick=50)
@given(data=st.data())
def test_any_command_line_ends_with_a_documented_exit_code_and_no_traceback(places, data):
    args = data.draw(command_line(places), label="args")
    result = runner.invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2), result.output
    assert "Traceback" not in result.output
    if result.exit_code == 1:
        problems = [line for line in result.stderr.splitlines() if line.strip()]
        assert all(MESSAGE.match(line) for line in problems), result.stderr
        # lint's findings (text or JSON) and a broken rule's report are the command's output: they say where too
        assert problems or any(MESSAGE.match(line) for line in result.stdout.splitlines()) or re.search(
            r"\.yaml:\d+:\d+", result.stdout) or '"findings": [\n' in result.stdout, result.stdout
    if result.exit_code == 2:
        assert "Error" in result.output or "Usage" in result.output
