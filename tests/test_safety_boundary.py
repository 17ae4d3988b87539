"""The boundary: content names files only inside the content folder, names that become file names are slugs, the
build writes and deletes only its own files inside the output folder. Each escape is one positioned error."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.builder.plan import MANIFEST, BuildFailed, build
from generator.cli import app

from conftest import line_col, replace_in

runner = CliRunner()


def run(*args: str):
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def lint_json(content: Path) -> dict:
    result = run("lint", "--format", "json", "--content", str(content))
    assert result.exit_code == 1
    return json.loads(result.stdout)


@pytest.mark.parametrize("paper", ["t/../../../../x", "../x", "/tmp/x", "..", "A4 paper", "Letter", "a4.", "x" * 40,
                                   "-a4", "a4\\x"])
def test_a_paper_name_that_is_not_a_slug_is_a_lint_and_build_error_at_its_key(content_copy: Path, tmp_path: Path,
                                                                              paper: str):
    replace_in(content_copy / "print.yaml", "  letter: {", f"  {json.dumps(paper)}: {{")
    for path in (content_copy / "common").glob("*.yaml"):  # with its text in every language, as translators would
        replace_in(path, "  letter: ", f"  {json.dumps(paper)}: ")
    line, col = line_col(content_copy / "print.yaml", json.dumps(paper))
    findings = [f for f in lint_json(content_copy)["findings"] if f["severity"] == "error"]
    assert [(f["path"], f["line"], f["col"], f["check"]) for f in findings] == [("content/print.yaml", line, col,
                                                                                 "schema")]
    assert "paper name" in findings[0]["message"]
    out = tmp_path / "deep" / "out"
    result = run("build", "--content", str(content_copy), "--output", str(out))
    assert result.exit_code == 1
    assert f"content/print.yaml:{line}:{col}: error:" in result.stderr
    assert not any(tmp_path.rglob("*.pdf")), "nothing is written, inside or outside the output folder"


def test_a_content_file_linked_to_a_file_outside_the_content_folder_is_refused(content_copy: Path, tmp_path: Path):
    outside = tmp_path / "elsewhere.yaml"
    outside.write_bytes((content_copy / "common" / "ko.yaml").read_bytes())
    (content_copy / "common" / "ko.yaml").unlink()
    (content_copy / "common" / "ko.yaml").symlink_to(outside)
    findings = lint_json(content_copy)["findings"]
    assert {"path": "content/common/ko.yaml", "line": 0, "col": 0, "severity": "error", "key": "",
            "message": "a link to a file outside the content folder; content files must be inside it",
            "check": "file"} in findings
    result = run("build", "--content", str(content_copy), "--output", str(tmp_path / "out"), "--lang", "ko")
    assert result.exit_code == 1 and "content/common/ko.yaml: error: a link to a file outside" in result.stderr


def test_a_link_inside_the_content_folder_is_followed(content_copy: Path):
    real = content_copy / "common" / "ko-real.yml"
    (content_copy / "common" / "ko.yaml").rename(real)
    (content_copy / "common" / "ko.yaml").symlink_to(real.name)
    assert run("lint", "--content", str(content_copy)).exit_code == 0


def test_a_crafted_manifest_never_deletes_or_trusts_a_file_outside_the_output_folder(content_copy: Path,
                                                                                    tmp_path: Path):
    out = tmp_path / "out"
    chosen = {"games": ["threesixteen"], "langs": ["en"], "papers": ["a4"], "output_dir": out, "pod": False}
    build(content_copy, **chosen)
    victims = [tmp_path / "victim.txt", tmp_path / "out" / "keep.txt"]
    for victim in victims:
        victim.write_text("mine", encoding="utf-8")
    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    entry = manifest["units"]["pdf:threesixteen-en-a4"]
    entry["files"] += ["../victim.txt", str(victims[0]), "keep.txt", "pod/../../victim.txt"]
    (out / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    again = build(content_copy, **chosen)
    assert again.written == ["threesixteen-en-a4-gutterfold.pdf", "threesixteen-en-a4-ink-saver.pdf",
                             "threesixteen-en-a4.pdf"], "a manifest naming other files is not believed"
    replace_in(content_copy / "common" / "en.yaml", "  a4: A4", "  a4: A4 paper")
    build(content_copy, **chosen)  # an old entry's files that the new build did not write are removed...
    assert all(victim.read_text(encoding="utf-8") == "mine" for victim in victims)  # ...only its own ones


def test_an_output_folder_link_out_of_the_output_folder_is_not_written_through(content_copy: Path, tmp_path: Path):
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / "pod").symlink_to(elsewhere)
    result = run("build", "--content", str(content_copy), "--output", str(out), "--game", "threesixteen",
                 "--lang", "en", "--paper", "a4")
    assert result.exit_code == 1
    assert "a link out of the output folder" in result.stderr
    assert list(elsewhere.iterdir()) == []


def test_content_is_never_imported_or_evaluated(content_copy: Path, tmp_path: Path):
    marker = tmp_path / "ran"
    payload = f"!!python/object/apply:os.system ['touch {marker}']"
    replace_in(content_copy / "travel" / "en.yaml", 'name: "Camera"', f"name: {payload}")
    lint_json(content_copy)
    assert not marker.exists()
    with pytest.raises(BuildFailed):
        build(content_copy, games=["travel"], langs=["en"], papers=["a4"], output_dir=tmp_path / "out", pod=False)
    assert not marker.exists() and not os.path.exists(tmp_path / "out" / "travel-en-a4.pdf")


@pytest.mark.parametrize("folder, name", [("common", "EN.yaml"), ("travel", "en us.yaml"), ("threesixteen", "..yaml"),
                                          ("common", "en_US.yaml"), ("travel", "-x.yaml")])
def test_a_language_file_not_named_by_a_language_code_is_one_lint_and_build_error_with_its_path(
        content_copy: Path, tmp_path: Path, folder: str, name: str):
    (content_copy / folder / name).write_bytes((content_copy / folder / "en.yaml").read_bytes())
    expected = (f"content/{folder}/{name}: error: '{name}' is not named by a language code: a language file is "
                "<code>.yaml with a lowercase code (en.yaml, ko.yaml, pt-br.yaml); rename it [language-name]")
    lint = run("lint", "--content", str(content_copy))
    assert lint.exit_code == 1
    assert [line for line in lint.stdout.splitlines() if ": error: " in line] == [expected]
    out = tmp_path / "out"
    build = run("build", "--content", str(content_copy), "--output", str(out), "--game", "travel", "--no-pod")
    assert (build.exit_code, build.stderr) == (1, expected + "\n")
    assert not any(tmp_path.rglob("*.pdf"))
    check = run("check", str(Path(__file__).parents[1] / "examples" / "travel-korean.yaml"), "--content",
                str(content_copy))
    assert (check.exit_code, check.stderr) == (1, expected + "\n")
