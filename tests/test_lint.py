"""`pnp lint` as a translator meets it: each way of breaking a language file gives one exact finding."""
from __future__ import annotations

import json
import shutil

from typer.testing import CliRunner

from generator.cli import app
from generator.content.lint import lint
from generator.render.fitcheck import fit_findings
from generator.render.fonts import glyphs_missing_for

from conftest import line_col, replace_in

runner = CliRunner()


def findings(root, fit=False):
    return [str(f) for f in lint(root, fit_check=fit_findings if fit else None, glyph_check=glyphs_missing_for).findings]


def add_language(root, lang="ja"):
    for folder in ("common", "threesixteen", "travel"):
        shutil.copy(root / folder / "en.yaml", root / folder / f"{lang}.yaml")


def test_shipped_content_has_no_findings():
    report = lint(None, fit_check=fit_findings, glyph_check=glyphs_missing_for)
    assert [str(f) for f in report.findings] == []


def test_a_new_language_missing_one_key_reports_exactly_that_key(content_copy):
    add_language(content_copy)
    path = content_copy / "travel" / "ja.yaml"
    replace_in(path, '    name: "Camera"\n', "")
    line, col = line_col(path, "camera:")
    ref_line, _ = line_col(content_copy / "travel" / "en.yaml", 'name: "Camera"')
    assert findings(content_copy) == [
        f"content/travel/ja.yaml:{line}:{col}: error: items.camera.name: missing text "
        f"'items.camera.name' (in en: line {ref_line}) [missing-key]"]


def test_a_language_without_all_its_files(content_copy):
    shutil.copy(content_copy / "travel" / "en.yaml", content_copy / "travel" / "ja.yaml")
    assert findings(content_copy) == [
        "content/common/ja.yaml: error: language 'ja' has text files elsewhere but not this one; copy "
        "common/en.yaml to start [missing-file]",
        "content/threesixteen/ja.yaml: error: language 'ja' has text files elsewhere but not this one; copy "
        "threesixteen/en.yaml to start [missing-file]"]


def test_extra_key(content_copy):
    path = content_copy / "travel" / "ko.yaml"
    replace_in(path, '    name: "카메라"\n', '    name: "카메라"\n    nmae: "카메라"\n')
    line, col = line_col(path, '"카메라"', 2)
    assert findings(content_copy) == [
        f"content/travel/ko.yaml:{line}:{col}: error: items.camera.nmae: 'items.camera.nmae' is not in the "
        f"reference language (en); check the spelling or remove it [extra-key]"]


def test_empty_text(content_copy):
    path = content_copy / "travel" / "ko.yaml"
    replace_in(path, 'name: "카메라"', 'name: ""')
    line, col = line_col(path, 'name: ""')
    assert findings(content_copy) == [
        f"content/travel/ko.yaml:{line}:{col + 6}: error: items.camera.name: empty text 'items.camera.name' "
        f"[empty]"]


def test_placeholder_sets_differ(content_copy):
    path = content_copy / "travel" / "ko.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("{hand_limit}")
    path.write_text(text[:start] + "{hand_limt}" + text[start + len("{hand_limit}"):], encoding="utf-8")
    line = text.count("\n", 0, start) + 1
    found = findings(content_copy)
    assert len(found) == 1
    assert found[0].startswith(f"content/travel/ko.yaml:{line}:")
    assert found[0].endswith("placeholders differ from the reference: lacks {hand_limit}; has {hand_limt} not "
                             "in en [placeholder]")


def test_unknown_placeholder_in_the_reference(content_copy):
    for lang in ("en", "ko"):
        path = content_copy / "travel" / f"{lang}.yaml"
        text = path.read_text(encoding="utf-8")
        start = text.index("{hand_limit}")
        path.write_text(text[:start] + "{hand_size}" + text[start + len("{hand_limit}"):], encoding="utf-8")
    found = findings(content_copy)
    assert len(found) == 1
    assert found[0].startswith("content/travel/en.yaml:")
    assert "placeholder {hand_size} cannot be filled here; use one of: " in found[0]


def test_broken_brace(content_copy):
    path = content_copy / "travel" / "ko.yaml"
    replace_in(path, 'name: "카메라"', 'name: "카메라 {"')
    line, col = line_col(path, 'name: "카메라 {"')
    found = findings(content_copy)
    assert found == [f"content/travel/ko.yaml:{line}:{col + 6}: error: items.camera.name: unbalanced braces: "
                     f"Single '{{' encountered in format string [placeholder]"]


def test_character_the_font_cannot_draw(content_copy):
    path = content_copy / "travel" / "ko.yaml"
    replace_in(path, 'name: "카메라"', 'name: "카메라 📷"')
    line, col = line_col(path, 'name: "카메라 📷"')
    assert findings(content_copy) == [
        f"content/travel/ko.yaml:{line}:{col + 6}: error: items.camera.name: the font 'nanum' cannot draw "
        f"'📷' (U+1F4F7); it would print as a blank [glyph]"]


def test_malformed_language_file(content_copy):
    path = content_copy / "travel" / "ko.yaml"
    replace_in(path, 'name: "카메라"', 'name: "카메라')
    found = findings(content_copy)
    assert len(found) == 1 and found[0].startswith("content/travel/ko.yaml:") and found[0].endswith("[yaml]")


def test_a_list_where_text_belongs(content_copy):
    path = content_copy / "travel" / "ko.yaml"
    replace_in(path, 'name: "카메라"', 'name: ["카메라"]')
    line, col = line_col(path, '["카메라"]')
    assert findings(content_copy) == [
        f"content/travel/ko.yaml:{line}:{col}: error: items.camera.name: expected text or a mapping; found a "
        f"list [schema]"]


def test_text_too_long_for_its_box(content_copy):
    path = content_copy / "travel" / "ko.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("text:", text.index("  mousetrap:"))
    end = text.index("\n", start)
    path.write_text(text[:start] + 'text: "' + "아주 긴 설명이 계속 이어집니다. " * 30 + '"' + text[end:],
                    encoding="utf-8")
    line = text.count("\n", 0, start) + 1
    found = findings(content_copy, fit=True)
    assert len(found) == 1
    assert found[0].startswith(f"content/travel/ko.yaml:{line}:")
    assert "special.mousetrap.text: text does not fit its box on " in found[0]
    assert found[0].endswith("; shorten it [fit]")


def test_cli_json_and_exit_code(content_copy):
    path = content_copy / "travel" / "ko.yaml"
    replace_in(path, 'name: "카메라"', 'name: ""')
    result = runner.invoke(app, ["lint", "--format", "json", "--content", str(content_copy)])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["errors"] == 1 and data["findings"][0]["check"] == "empty"
    assert data["findings"][0]["path"] == "content/travel/ko.yaml"


def test_cli_text_summary_and_success(content_copy):
    result = runner.invoke(app, ["lint", "--content", str(content_copy)])
    assert result.exit_code == 0, result.stdout
    assert result.stdout.strip().splitlines()[-1].startswith("0 error(s), 0 warning(s) in ")
