"""Fuzzing the content loader and lint with mutations of the shipped content files: whatever a file holds, lint
reports findings with positions (or none), `pnp lint --format json` prints JSON, and nothing else escapes."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from generator.cli import app
from generator.content.lint import lint
from generator.content.folders import text_folders
from generator.content.load import load_content
from generator.errors import InputError
from generator.render.core.fitcheck import fit_findings
from generator.render.core.fonts import glyphs_missing_for

from conftest import CONTENT
from fuzz_support import assert_positioned, fuzz_settings, mutated

#: every shipped content file: print settings, game data and each language's texts
FILES = ("print.yaml",) + tuple(sorted(str(path.relative_to(CONTENT)) for folder in text_folders(CONTENT)
                                       for path in (CONTENT / folder).glob("*.yaml")))
ORIGINALS = {name: (CONTENT / name).read_bytes() for name in FILES}
runner = CliRunner()


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> Path:
    """One copy of the content for the module; each example edits one file and puts it back."""
    root = tmp_path_factory.mktemp("fuzz") / "content"
    shutil.copytree(CONTENT, root)
    return root


def _mutate(scratch: Path, data, files=FILES) -> str:
    name = data.draw(st.sampled_from(files), label="file")
    (scratch / name).write_bytes(data.draw(mutated(ORIGINALS[name]), label="content"))
    return name


def _restore(scratch: Path, name: str) -> None:
    (scratch / name).write_bytes(ORIGINALS[name])


@fuzz_settings(quick=40)
@given(data=st.data())
def test_lint_of_mutated_content_reports_positioned_findings(scratch: Path, data):
    name = _mutate(scratch, data)
    try:
        report = lint(scratch, glyph_check=glyphs_missing_for)
        for finding in report.findings:
            assert_positioned([finding])
        try:
            load_content(scratch)
        except InputError as exc:
            assert_positioned(exc.diagnostics)
            assert report.errors, "what the loader refuses, lint reports as an error"
    finally:
        _restore(scratch, name)


@fuzz_settings(quick=6, share=0.05)
@given(data=st.data())
def test_lint_with_the_fit_check_and_json_output_of_mutated_print_settings(scratch: Path, data):
    name = _mutate(scratch, data, ("print.yaml", "common/en.yaml", "threesixteen/ko.yaml"))
    try:
        result = runner.invoke(app, ["lint", "--format", "json", "--content", str(scratch)])
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        report = json.loads(result.stdout)
        assert result.exit_code == (1 if report["errors"] else 0)
        for finding in report["findings"]:
            if finding["check"] not in ("file", "missing-file", "output", "usage"):
                assert finding["line"] >= 1 and finding["col"] >= 1, finding
    finally:
        _restore(scratch, name)


def test_the_shipped_content_lints_clean_with_every_check(scratch: Path):
    """The fuzzing's baseline: unmutated, the copy has no error."""
    report = lint(scratch, fit_check=fit_findings, glyph_check=glyphs_missing_for)
    assert [f for f in report.findings if f.severity == "error"] == []


#: what a file name may hold: letters in both cases, digits, YAML's and the shell's marks, dots, other scripts
_NAME = st.text(st.sampled_from("enkoja-_. AZxé한\\$*?[]'\"0"), min_size=1, max_size=8)


@fuzz_settings(quick=30)
@given(folder=st.sampled_from(text_folders(CONTENT)), stem=_NAME)
def test_a_language_file_of_any_name_is_a_language_or_one_error_with_its_path(scratch: Path, folder: str, stem: str):
    path = scratch / folder / f"{stem}.yaml"
    if "/" in stem or path.exists():
        return
    path.write_bytes(ORIGINALS[f"{folder}/en.yaml"])
    try:
        report = lint(scratch)
        for finding in report.findings:
            assert_positioned([finding])
        try:
            content = load_content(scratch)
        except InputError as exc:
            assert_positioned(exc.diagnostics)
            assert [d.check for d in exc.diagnostics] == ["language-name"]
            assert exc.diagnostics[0].position.path == f"content/{folder}/{stem}.yaml"
        else:
            assert stem in content.languages or folder != "common"
    finally:
        path.unlink()
