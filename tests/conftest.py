"""Shared fixtures: a scratch copy of the real content that a test may break in one place; and the hypothesis
profile every property test runs under."""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
import types
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
#: (game, language, paper, edition) a printed page is measured in: every edition on both papers in English, the
#: standard edition in the other languages (their words differ)
PRINT_CASES = [(game, "en", paper, edition) for game in ("threesixteen", "travel") for paper in ("a4", "letter")
               for edition in ("standard", "ink-saver", "gutterfold")]
PRINT_CASES += [(game, lang, paper, "standard") for game in ("threesixteen", "travel") for lang in ("ko", "ja")
                for paper in ("a4", "letter")]

#: the suite keeps parsed content (generator/content/parse_cache.py) in a folder of its own, never the user's
os.environ.setdefault("PNP_CACHE", tempfile.mkdtemp(prefix="pnp-test-cache-"))

#: No property test has a deadline: a case's work is bounded by its count (max_examples, the sizes it draws), never
#: by the clock, so a loaded machine never fails a test. A case that never ends is stopped by pytest-timeout
#: (`timeout` in pyproject.toml), a hang guard far above any test. Speed targets are in `make bench`.
settings.register_profile("pnp", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("pnp")


#: modules whose tests share work done once per process (a module-scoped build, documents and pages kept in an
#: lru_cache): with `--dist loadgroup` (Makefile), all of a module's tests run on one worker, so that work is done
#: once, not once per worker that happens to get one of them
SHARED_WORK = {"test_build.py", "test_render_breaks.py", "test_render_core.py", "test_render_icons.py",
               "test_render_pages_justified.py", "test_render_print.py", "test_render_rulebook.py",
               "test_render_rulebook_justified.py", "test_render_threesixteen.py", "test_render_travel.py"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name in SHARED_WORK:
            item.add_marker(pytest.mark.xdist_group(item.path.name))


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    """A copy of content/ under tmp_path/content (paths in messages read `content/...`)."""
    target = tmp_path / "content"
    shutil.copytree(CONTENT, target)
    return target


def replace_in(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def use_columns_v_to_z(content_copy: Path) -> None:
    """Content whose columns are V-Z (the log sheet's worked example and the rulebook's next move in those letters
    too: lint replays them)."""
    path = content_copy / "threesixteen" / "game.yaml"
    replace_in(path, "columns: [A, B, C, D, E]", "columns: [V, W, X, Y, Z]")
    replace_in(path, "moves: [R, A, B>B, A, C>C, B], next: {call: 4, move: B>B}",
               "moves: [R, V, W>W, V, X>X, W], next: {call: 4, move: W>W}")


def line_col(path: Path, needle: str, occurrence: int = 1) -> tuple[int, int]:
    """1-based line and column of the n-th occurrence of `needle` in a file."""
    text = path.read_text(encoding="utf-8")
    index = -1
    for _ in range(occurrence):
        index = text.index(needle, index + 1)
    line = text.count("\n", 0, index) + 1
    col = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, col


@pytest.fixture
def solver_reports_nothing(monkeypatch):
    """`pnp check` of a 3x16 record without the hindsight solver's answer (a stand-in that finds nothing), for
    tests of the replay alone; the solver is tested in test_threesixteen_solver.py."""
    monkeypatch.setitem(sys.modules, "generator.games.threesixteen.solver",
                        types.SimpleNamespace(solve=lambda *args, **kwargs: None, NODES=1, TIME_LIMIT=1.0))
