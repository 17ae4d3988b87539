"""`pnp lint` as a translator meets it: each way of breaking a language file gives one exact finding."""
from __future__ import annotations

import json
import re
import shutil

import pytest

from typer.testing import CliRunner

from generator.cli import app
from generator.content.lint import lint, translation_progress
from generator.render.core.fitcheck import fit_findings
from generator.render.core.fonts import glyphs_missing_for

from conftest import line_col, replace_in

runner = CliRunner()


def findings(root, fit=False):
    """Every finding but the warnings about texts left as in English (tested on their own)."""
    report = lint(root, fit_check=fit_findings if fit else None, glyph_check=glyphs_missing_for)
    return [str(f) for f in report.findings if f.check != "untranslated"]


def add_language(root, lang="xx"):
    for folder in ("common", "threesixteen", "travel"):
        shutil.copy(root / folder / "en.yaml", root / folder / f"{lang}.yaml")


def test_shipped_content_has_no_findings():
    report = lint(None, fit_check=fit_findings, glyph_check=glyphs_missing_for)
    assert [str(f) for f in report.findings] == []


def test_a_new_language_missing_one_key_reports_exactly_that_key(content_copy):
    add_language(content_copy)
    path = content_copy / "travel" / "xx.yaml"
    replace_in(path, '    name: "Camera"\n', "")
    line, col = line_col(path, "camera:")
    ref_line, _ = line_col(content_copy / "travel" / "en.yaml", 'name: "Camera"')
    assert findings(content_copy) == [
        f"content/travel/xx.yaml:{line}:{col}: error: items.camera.name: missing text "
        f"'items.camera.name' (in en: line {ref_line}) [missing-key]"]


def test_a_language_without_all_its_files(content_copy):
    shutil.copy(content_copy / "travel" / "en.yaml", content_copy / "travel" / "xx.yaml")
    assert findings(content_copy) == [
        "content/common/xx.yaml: error: language 'xx' has text files elsewhere but not this one; copy "
        "common/en.yaml to start [missing-file]",
        "content/threesixteen/xx.yaml: error: language 'xx' has text files elsewhere but not this one; copy "
        "threesixteen/en.yaml to start [missing-file]"]


def test_extra_key(content_copy):
    path = content_copy / "travel" / "ko.yaml"
    replace_in(path, '    name: "카메라"\n', '    name: "카메라"\n    nmae: "카메라"\n')
    line, col = line_col(path, '"카메라"', 2)
    assert findings(content_copy) == [
        f"content/travel/ko.yaml:{line}:{col}: error: items.camera.nmae: 'items.camera.nmae' is not in the "
        f"reference language (en); check the spelling or remove it [extra-key]"]


def test_typography_is_checked_like_game_data(content_copy):
    """The line-breaking data in common/<lang>.yaml: each entry one word, unknown keys rejected, at their place."""
    path = content_copy / "common" / "ko.yaml"
    replace_in(path, "  keep_with_previous: [수, 것,", "  keep_with_prevous: [수, 것,")
    line, col = line_col(path, "keep_with_prevous")
    assert findings(content_copy) == [
        f"content/common/ko.yaml:{line}:{col}: error: typography.keep_with_prevous: unknown key "
        "'keep_with_prevous' [schema]"]
    replace_in(path, "  keep_with_prevous: [수, 것,", "  keep_with_previous: [할 수, 것,")
    line, col = line_col(path, "[할 수")
    assert findings(content_copy) == [
        f"content/common/ko.yaml:{line}:{col + 1}: error: typography.keep_with_previous[0]: expected one word without "
        "spaces; found '할 수' [schema]"]


def test_a_language_without_typography_breaks_by_its_script_alone(content_copy):
    """The section is optional, and only English's keys are text keys: ko's `typography` is no extra key."""
    from generator.content.load import load_texts

    assert load_texts(content_copy, "travel", "en").typography.keep_with_previous == ()
    assert "수" in load_texts(content_copy, "travel", "ko").typography.keep_with_previous
    assert not any(key.startswith("typography") for key, _ in load_texts(content_copy, "travel", "ko").leaves())


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
    for path in (content_copy / "travel").glob("*.yaml"):  # the same placeholder in every language
        if path.name == "game.yaml":
            continue
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
        f"content/travel/ko.yaml:{line}:{col + 6}: error: items.camera.name: no font for 'ko' (noto, nanum, dejavu) "
        f"draws '📷' (U+1F4F7); it would print as a blank [glyph]"]


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
    assert "special.mousetrap.text: text does not fit its box at the minimum size on mousetrap " in found[0]
    assert re.search(r"\(over by [\d.]+ pt\); cut about \d+ words \[fit\]$", found[0]), found[0]


def test_cli_json_and_exit_code(content_copy):
    path = content_copy / "travel" / "ko.yaml"
    replace_in(path, 'name: "카메라"', 'name: ""')
    result = runner.invoke(app, ["lint", "--format", "json", "--content", str(content_copy)])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    [error] = [f for f in data["findings"] if f["severity"] == "error"]
    assert data["errors"] == 1 and error["check"] == "empty" and error["path"] == "content/travel/ko.yaml"


def test_a_language_family_without_a_bold_face_is_a_warning_at_the_family(content_copy):
    replace_in(content_copy / "print.yaml", "      bold: bizud/BIZUDGothic-Bold.ttf\n", "")
    line, col = line_col(content_copy / "print.yaml", "bizud:")
    assert [str(f) for f in lint(content_copy).findings] == [
        f"content/print.yaml:{line}:{col}: warning: fonts.families.bizud: font family 'bizud' has no bold face: bold "
        "text in ja is drawn in its regular face [font-bold]"]


def test_cli_text_summary_and_success(content_copy):
    result = runner.invoke(app, ["lint", "--content", str(content_copy)])
    assert result.exit_code == 0, result.stdout
    lines = result.stdout.strip().splitlines()
    total = translation_progress(content_copy, "ko").total
    assert lines[0].startswith("0 errors, 0 warnings in ") and len(lines) == 2
    assert lines[-1] == f"ja: {total} of {total} texts translated, 100%; ko: {total} of {total} texts translated, 100%"


def test_a_new_language_lints_alone_and_its_progress_is_the_last_line(content_copy):
    for folder in ("common", "travel", "threesixteen"):
        shutil.copy(content_copy / folder / "en.yaml", content_copy / folder / "fr.yaml")
    path = content_copy / "travel" / "fr.yaml"
    replace_in(path, 'name: "Camera"', 'name: "Appareil photo"')
    replace_in(path, 'name: "Umbrella"', 'name: ""')
    progress = translation_progress(content_copy, "fr")
    total = translation_progress(content_copy, "ko").total
    assert (progress.translated, progress.total) == (1, total)
    whys = {left.key: left.why for left in progress.left}
    assert whys["items.umbrella.name"] == "empty" and whys["items.camera.text"] == "untranslated"
    assert "items.camera.name" not in whys
    result = runner.invoke(app, ["lint", "--lang", "fr", "--content", str(content_copy)])
    lines = result.stdout.strip().splitlines()
    assert result.exit_code == 1
    assert lines[-1] == f"fr: 1 of {total} texts translated, {100 // total}%"
    assert all("/fr.yaml:" in line for line in lines[:-2]), [l for l in lines if "/fr.yaml:" not in l][:3]
    assert f"{total - 2} warnings" in lines[-2] and "1 error," in lines[-2]
    data = json.loads(runner.invoke(app, ["lint", "--lang", "fr", "--format", "json", "--content",
                                          str(content_copy)]).stdout)
    assert data["progress"] == [{"language": "fr", "translated": 1, "total": total}]
    unknown = runner.invoke(app, ["lint", "--lang", "xx", "--content", str(content_copy)])
    assert unknown.exit_code == 2
    assert "Invalid value for '--lang': 'xx' is not one of 'en', 'fr', 'ja', 'ko'." in unknown.output


# -- the travel record's words (check.words): one word each, unlike every name and every other word ----------

@pytest.mark.parametrize("key, word, problem", [
    ("for", "우산", "it is also the name '우산' (items.umbrella.name in ko)"),
    ("trade", "Map", "it is also the id 'map'"),
    ("draw", "coat", "it is also the id 'coat'"),
    ("empty", "CallMum", "it is also the name 'Call Mum' (special.call-mom.name in en)"),
    ("play", "멀티", "it is also the first word of the name '멀티 어댑터' (items.adapter.name in ko)"),
    ("with", "뽑기", "it is also the word for 'draw' in ko"),
    ("refused", "For", "it is the notation's own word for 'for'"),
    ("pay", "비 용", "it has a space; a notation word is one word"),
    ("drop", "버-리기", "'-' is a mark of the notation ([ ] ; , + - > →)"),
    ("steal", "훔치기;", "';' is a mark of the notation ([ ] ; , + - > →)"),
])
def test_a_notation_word_that_records_could_not_tell_apart(content_copy, key, word, problem):
    path = content_copy / "travel" / "ko.yaml"
    old = path.read_text(encoding="utf-8").split(f"\n    {key}: ", 1)[1].split("\n", 1)[0]
    replace_in(path, f"    {key}: {old}\n", f'    {key}: "{word}"\n')
    line, col = line_col(path, f'    {key}: "{word}"')
    assert findings(content_copy) == [
        f"content/travel/ko.yaml:{line}:{col + len(key) + 6}: error: check.words.{key}: '{word}' cannot be the "
        f"notation word for '{key}': {problem} [notation-word]"]


def test_an_empty_notation_word_is_one_finding(content_copy):
    path = content_copy / "travel" / "ko.yaml"
    replace_in(path, '    draw: "뽑기"', '    draw: " "')
    line, col = line_col(path, '    draw: " "')
    assert findings(content_copy) == [
        f"content/travel/ko.yaml:{line}:{col + 10}: error: check.words.draw: empty text 'check.words.draw' [empty]"]


def test_a_missing_notation_word(content_copy):
    path = content_copy / "travel" / "ko.yaml"
    replace_in(path, '    empty: "빈핸드"\n', "")
    line, col = line_col(path, "  words:")
    ref_line, _ = line_col(content_copy / "travel" / "en.yaml", '    empty: "empty"')
    assert findings(content_copy) == [
        f"content/travel/ko.yaml:{line}:{col + 2}: error: check.words.empty: missing text 'check.words.empty' "
        f"(in en: line {ref_line}) [missing-key]"]


def test_every_notation_word_is_required_of_the_reference_language(content_copy):
    path = content_copy / "travel" / "en.yaml"
    replace_in(path, '    reshuffle: "reshuffle"\n', "")
    line, col = line_col(path, "  words:")
    found = findings(content_copy)
    assert found[0] == (f"content/travel/en.yaml:{line}:{col + 2}: error: check.words.reshuffle: missing text "
                        f"'check.words.reshuffle' (the game data needs it) [missing-key]")
    others = [p for p in sorted((content_copy / "travel").glob("*.yaml")) if p.stem not in ("en", "game")]
    assert len(found) == 1 + len(others)
    for path, finding in zip(others, found[1:]):
        at_line = next(n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                       if text.startswith("    reshuffle: "))
        assert finding.startswith(f"content/travel/{path.name}:{at_line}:")
        assert finding.endswith("error: check.words.reshuffle: 'check.words.reshuffle' is not in the reference "
                                "language (en); check the spelling or remove it [extra-key]")


def all_findings(root) -> list[str]:
    return [str(f) for f in lint(root, glyph_check=glyphs_missing_for).findings]


def test_a_text_left_as_in_english_is_a_warning_unless_marked_the_same(content_copy):
    path = content_copy / "travel" / "ko.yaml"
    replace_in(path, 'name: "카메라"', 'name: "Camera"')
    line, col = line_col(path, 'name: "Camera"')
    assert all_findings(content_copy) == [
        f"content/travel/ko.yaml:{line}:{col + 6}: warning: items.camera.name: untranslated: the same text as in "
        "en; translate it, or end its line with '# same' if it is meant to read the same (a name, a code) "
        "[untranslated]"]
    replace_in(path, 'name: "Camera"', 'name: "Camera"   # same: the brand on the card')
    assert all_findings(content_copy) == []


def test_a_text_of_only_placeholders_and_signs_is_not_untranslated(content_copy):
    path = content_copy / "common" / "ko.yaml"
    replace_in(path, 'number: "{n} / {total}"', 'number: "{n} / {total}"')
    assert all_findings(content_copy) == []


def test_an_extra_key_one_edit_from_a_missing_one_gets_a_suggestion(content_copy):
    path = content_copy / "common" / "ko.yaml"
    replace_in(path, 'number: "{n} / {total}"', 'nubmer: "{n} / {total}"')
    line, col = line_col(path, 'nubmer:')
    found = all_findings(content_copy)
    assert f"content/common/ko.yaml:{line}:{col + 8}: error: page.nubmer: 'page.nubmer' is not in the reference " \
           "language (en); did you mean 'number'? [extra-key]" in found


def test_a_language_schema_requires_every_key_and_shows_the_english_text():
    import json

    from conftest import ROOT

    schema = json.loads((ROOT / "content" / "schemas" / "travel-lang.schema.json").read_text(encoding="utf-8"))
    assert "items" in schema["required"]
    camera = schema["properties"]["items"]["properties"]["camera"]
    assert camera["required"] == ["name", "text"]
    assert camera["properties"]["name"] == {"type": "string", "minLength": 1, "description": "Camera"}


def test_english_copied_and_not_translated_is_a_warning_per_text(content_copy):
    add_language(content_copy)
    report = lint(content_copy, glyph_check=glyphs_missing_for)
    untranslated = [f for f in report.findings if f.check == "untranslated"]
    assert report.errors == 0 and len(untranslated) > 500
    assert all(f.position.path.endswith("/xx.yaml") and f.severity == "warning" for f in untranslated)


def test_a_particle_written_in_one_form_after_a_placeholder_asks_for_both(content_copy):
    """"기호에는 {written}이라고" read "5이라고" when the number was 5: a particle that changes with the word before it
    is written as a pair after a placeholder, and lint says which pair; after a bracket the particle belongs to
    the word before the bracket, so it may stay single."""
    path = content_copy / "threesixteen" / "ko.yaml"
    replace_in(path, "{written}(이)라고", "{written}이라고")
    replace_in(content_copy / "common" / "ko.yaml", "빈 페이지({blanks})는", "빈 페이지({blanks})는")
    line, col = line_col(path, 'wrong_number: "')
    assert findings(content_copy) == [
        f"content/threesixteen/ko.yaml:{line}:{col + 14}: error: check.explain.wrong_number: the particle '이라고' "
        "after {written} changes with how the value is read aloud (5라고, 3이라고): write both forms, "
        "'{written}(이)라고' [particle]"]
