"""Fuzzing the CLI's option parsing: command lines of every command with odd values (NaN, infinities, huge and
negative numbers, unwritable or missing paths, stray words). Each ends with exit 0, 1 (one message per problem,
file:line:col where there is a line) or 2 (usage), never a traceback.

Most values are ones a person means, so most lines get past the parser into the work; a few are odd. The options
that bound a command's work (a count of games, a solver's nodes) are always given, so no case runs long."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import NamedTuple

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from typer.testing import CliRunner

from generator.cli import app

from conftest import CONTENT, ROOT
from fuzz_support import fuzz_settings

runner = CliRunner()


class Values(NamedTuple):
    """An option's values: the ones a person means, and the odd ones a careless user or an attacker types."""

    good: list[str]
    odd: list[str]


ODD_NUMBERS = ["-1", "nan", "inf", "-inf", "1e400", "99999999999999999999", "x", "", "３", "0x10", "1_0"]
NUMBERS = Values(["0", "1", "2", "7"], ODD_NUMBERS)
SEED = Values(["0", "1", "12345"], ["-1", "99999999999999999999", "nan", "x", ""])
COLUMNS = Values(["1", "3", "5"], ["0", "6", "-1", "nan", "x", "", "99999999999999999999"])
#: a budget of work: small counts only, so no case runs long; the odd ones must be refused before any work
GAMES = Values(["1", "2", "3"], ["0", "-1", "nan", "x", "", "99999999999999999999", "1e3", "1000001"])
NODES = Values(["0", "1", "500"], ["-1", "x", "", "1e3", "99999999999999999999", "nan"])
SECONDS = Values(["0", "0.01", "1"], ["nan", "inf", "-1", "1e400", "x", "", "86401"])
MARGIN = Values(["0", "0.05", "1"], ["nan", "inf", "-0.1", "1.5", "x", ""])
LANGS = Values(["en", "ko", "ja"], ["zz", "", "../en", "EN", "en us", "common"])
FORMATS = Values(["text", "json"], ["xml", "", "JSON"])
PLAYERS_3X16 = Values(["A,B", "A", "Ann,Bo,Cy"], ["A,A", ",", "A,B,C,D,E,F,G,H,I", "", "\x00"])
TRAVEL_PLAYERS = Values(["2", "3", "4", "6"], ["0", "1", "7", "-1", "nan", "x", "", "99999999999999999999"])
EXTENSIONS = Values(["all", "none", "events", "events,characters"], ["x", "", "all,none", "events,x", ",,"])
BOTS = Values(["greedy", "random", "strong"], ["x", "", "GREEDY"])
STRATEGIES = Values(["naive", "strong"], ["x", ""])
WORKERS = Values(["1", "2"], ["0", "65", "x", "-1", ""])
VARY = Values(["hand_limit=6,7", "characters.pilot.ability.to=2,3"],
              ["hand_limit=nan", "hand_limit=", "x=1", "=", "hand_limit=1e400", "hand_limit=-5", "hand_limit=x",
               "rules_params=1", "characters.nobody.effect.value=1", "hand_limit=99999999999999999999"])
CALLS = Values(["1 2 3", "16 " * 48, "5 9 1 16"], ["1 17", "0", "x", "", "1,2,3", "1  2\t3", "-1 2", "9" * 5000])
OFFSETS = Values(["0,0", "0.5,-1"], ["nan,0", "1,inf", "1,2,3", "x", "", "1e400,0", "99,0"])
GAME = Values(["travel", "threesixteen"], ["x", ""])
DUPLEX = Values(["long", "short"], ["x", ""])
COPIED = Values(["content", "examples"], ["x", ""])
FLAG = Values([], [])
#: "message lines": `path: error: ...`, `path:line:col: error: ...`, or a report
MESSAGE = re.compile(r"^.+?(:\d+:\d+)?: (error|warning): .+$")


@pytest.fixture(scope="module")
def places(tmp_path_factory) -> dict[str, Values]:
    base = tmp_path_factory.mktemp("cli")
    content = base / "content"
    shutil.copytree(CONTENT, content)
    blocker = base / "a-file"
    blocker.write_text("x", encoding="utf-8")
    shutil.copytree(ROOT / "examples", base / "examples")  # `call --continue` saves to the record it continues
    records = [str(p) for p in sorted((base / "examples").glob("*.yaml"))]
    return {
        "content": Values([str(content)], [str(base / "missing"), str(blocker), str(base), "/dev/null"]),
        "out": Values([str(base / "out"), str(base / "more" / "out")],
                      [str(blocker / "inside"), "/proc/nope", str(blocker), "/dev/null"]),
        "record": Values(records, [str(base / "none.yaml"), str(blocker), str(base), "/dev/zero", "/dev/null"]),
    }


def says_where(report: str) -> bool:
    """A report on stdout that says where: a message line, `file.yaml:line:col` in a checker's text, or JSON with
    lint's findings or a line and column anywhere in it (a checker's violation)."""
    if any(MESSAGE.match(line) for line in report.splitlines()) or re.search(r"\.yaml:\d+:\d+", report):
        return True
    try:
        data = json.loads(report)
    except ValueError:
        return False
    return bool(isinstance(data, dict) and data.get("findings")) or has_line(data) or names_the_file(data)


def names_the_file(data) -> bool:
    """A checker's JSON for a file it could not read (missing, a folder, a device): each error names the file, which
    has no line to give (README, the checker's JSON: `file`, line 0)."""
    errors = data.get("errors") if isinstance(data, dict) else None
    return bool(errors) and all(isinstance(e, dict) and e.get("check") == "file" and e.get("path") and e.get("message")
                                and e.get("line") == 0 for e in errors)


def has_line(data) -> bool:
    if isinstance(data, dict):
        return (isinstance(data.get("line"), int) and data["line"] >= 1) or any(map(has_line, data.values()))
    return isinstance(data, list) and any(map(has_line, data))


@st.composite
def value(draw, values: Values) -> str:
    """Mostly a value a person means, now and then an odd one."""
    odd = values.odd and (not values.good or draw(st.integers(0, 3)) == 0)
    return draw(st.sampled_from(values.odd if odd else values.good))


@st.composite
def command_line(draw, places: dict[str, Values]) -> list[str]:
    #: per command: the options that bound its work (always given) and the ones it may get
    bounded: dict[str, list[tuple[str, Values]]] = {
        "check": [("--nodes", NODES)],
        "threesixteen solve": [("--nodes", NODES)],
        "threesixteen simulate": [("--games", GAMES)],
        "travel simulate": [("--games", GAMES)],
        "travel balance": [("--games", GAMES), ("--players", TRAVEL_PLAYERS)],
    }
    options: dict[str, list[tuple[str, Values]]] = {
        "check": [("--lang", LANGS), ("--format", FORMATS), ("--time-limit", SECONDS),
                  ("--content", places["content"])],
        "lint": [("--format", FORMATS), ("--content", places["content"])],
        "schema": [("--content", Values(places["content"].good, places["content"].odd[:-1]))],
        "copy": [("--output", places["out"])],
        "threesixteen call": [("--seed", SEED), ("--players", PLAYERS_3X16), ("--columns", COLUMNS),
                              ("--lang", LANGS), ("--out", places["out"]), ("--continue", places["record"]),
                              ("--content", places["content"])],
        "threesixteen solve": [("--calls", CALLS), ("--seed", SEED), ("--columns", COLUMNS),
                               ("--time-limit", SECONDS), ("--format", FORMATS), ("--lang", LANGS)],
        "threesixteen simulate": [("--strategy", STRATEGIES), ("--columns", COLUMNS), ("--seed", SEED),
                                  ("--records", places["out"]), ("--out", places["out"]), ("--format", FORMATS),
                                  ("--lang", LANGS), ("--content", places["content"])],
        "travel simulate": [("--players", TRAVEL_PLAYERS), ("--extensions", EXTENSIONS), ("--seed", SEED),
                            ("--bot", BOTS), ("--records", places["out"]), ("--out", places["out"]),
                            ("--workers", WORKERS), ("--lang", LANGS), ("--format", FORMATS),
                            ("--content", places["content"])],
        "travel balance": [("--extensions", EXTENSIONS), ("--vary", VARY), ("--margin", MARGIN), ("--seed", SEED),
                           ("--bot", BOTS), ("--out", places["out"]), ("--workers", WORKERS), ("--lang", LANGS),
                           ("--format", FORMATS), ("--content", places["content"])],
        # a build that would draw is cut short by an unknown paper: its options are what is fuzzed here
        "build": [("--game", GAME), ("--lang", LANGS), ("--back-offset-mm", OFFSETS), ("--duplex", DUPLEX),
                  ("--output", places["out"]), ("--content", places["content"]), ("--png", FLAG),
                  ("--no-pod", FLAG)],
    }
    name = draw(st.sampled_from(sorted(options)))
    args = name.split()
    if name == "check":
        args.append(draw(value(places["record"])))
    if name == "copy":
        args.append(draw(value(COPIED)))
    chosen = draw(st.lists(st.sampled_from(options[name]), max_size=5, unique_by=lambda o: o[0]))
    for option, values in bounded.get(name, []) + chosen:
        args += [option, draw(value(values))] if values.good or values.odd else [option]
    if name == "build":
        args += ["--paper", "zz"]
    if draw(st.integers(0, 4)) == 0:
        args.insert(draw(st.integers(0, len(args))), draw(st.sampled_from(["--nope", "-x", "extra", "--", "--help",
                                                                            "--version"])))
    return args


@fuzz_settings(quick=50)
@given(data=st.data())
def test_any_command_line_ends_with_a_documented_exit_code_and_no_traceback(places, data):
    args = data.draw(command_line(places), label="args")
    result = runner.invoke(app, args)
    event(f"{' '.join(a for a in args[:2] if not a.startswith('-') and '/' not in a)}: exit {result.exit_code}")
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2), result.output
    assert "Traceback" not in result.output
    if result.exit_code == 1:
        problems = [line for line in result.stderr.splitlines() if line.strip()]
        assert all(MESSAGE.match(line) for line in problems), result.stderr
        # lint's findings (text or JSON) and a broken rule's report are the command's output: they say where too
        assert problems or says_where(result.stdout), result.stdout
    if result.exit_code == 2:
        assert "Error" in result.output or "Usage" in result.output
