"""What `pnp lint` keeps between runs in the user's cache folder (render/core/fit_kept.py, fonts.py, disk_cache):
the findings of drawing each game and language, and which characters a font's glyph names put elsewhere. Kept work
says exactly what doing it again says; an edited file is a miss for what reads it alone; a kept file that is not
what was written is done again, never trusted."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.builder.plan import drawing_digest
from generator.cli import app
from generator.content.load import load_content
from generator.render.core import disk_cache, fit_kept, fitcheck, fonts

from conftest import replace_in

runner = CliRunner()


CLEAN = (0, "0 errors, 0 warnings in 12 files")


def lint(*args: str) -> tuple[int, str]:
    """The exit code and the findings with their summary (the translation progress after them left out)."""
    result = runner.invoke(app, ["lint", *args])
    assert "Traceback" not in result.output
    lines = result.stdout.splitlines()
    summary = next(n for n, line in enumerate(lines) if line.startswith(("0 errors", "1 error")) or " errors, " in line)
    return result.exit_code, "\n".join(lines[:summary + 1])


def kept_fits(cache: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in (cache / "render" / "fit").rglob("*.json")}


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder of this test's own (the suite's is shared, and copies of the content share kept findings)."""
    monkeypatch.setenv("PNP_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_kept_findings_are_the_drawn_ones_and_an_edit_redraws_only_its_language(content_copy, cache, monkeypatch):
    replace_in(content_copy / "travel" / "ko.yaml", "카메라", "아주아주 " * 40 + "카메라")  # does not fit
    first = lint("--content", str(content_copy))
    assert first[0] == 1 and "[fit]" in first[1]
    assert len(kept_fits(cache)) == 6  # two games, three languages

    drawn: list[tuple[str, str]] = []
    draw = fitcheck.fit_findings
    monkeypatch.setattr(fitcheck, "fit_findings", lambda c, g, l: drawn.append((g, l)) or draw(c, g, l))
    assert lint("--content", str(content_copy)) == first and drawn == []  # all kept, the same findings
    replace_in(content_copy / "travel" / "ko.yaml", "아주아주 " * 40 + "카메라", "카메라")
    assert lint("--content", str(content_copy)) == CLEAN
    assert drawn == [("travel", "ko")]
    replace_in(content_copy / "common" / "ja.yaml", "# yaml", "# an edit a translator makes\n# yaml")
    planted = cache / "render" / "fit" / str(fit_kept.FORMAT) / \
        f"{drawing_digest(content_copy, 'threesixteen', 'en')}-{fit_kept.shown_as(content_copy)}.json"
    planted.write_bytes(b'[["content/x.yaml", 1, 1, "planted", "fit", "error", ""]')  # not whole: a miss
    drawn.clear()
    assert lint("--content", str(content_copy)) == CLEAN
    assert sorted(drawn) == [("threesixteen", "en"), ("threesixteen", "ja"), ("travel", "ja")]
    drawn.clear()
    twin = content_copy.parent / "twin" / "content"
    shutil.copytree(content_copy, twin)  # a copy of the folder, under the same name: the same findings, kept
    assert lint("--content", str(twin)) == CLEAN and drawn == []


@pytest.mark.parametrize("planted", [b"not json", b'{"rows": []}', b'[["content/x.yaml", "1", 1, "m", "c", "error", ""]]',
                                     b'[["content/x.yaml", 1, 1, "m", "c", "error"]]', b"[" * 100_000 + b"]" * 100_000])
def test_a_kept_file_of_findings_that_is_not_one_is_not_believed(planted):
    assert fit_kept._read(planted) is None
    assert [str(d) for d in fit_kept._read(b'[["content/x.yaml", 3, 4, "m", "fit", "error", "k.e.y"]]')] == [
        "content/x.yaml:3:4: error: k.e.y: m [fit]"]


def test_every_file_drawing_reads_is_in_the_digest_and_nothing_else(content_copy):
    """The kept findings are named after this digest: a changed icon, font, language file or print.yaml is a miss
    for the drawings that read it; another language's file is not."""
    def digests() -> dict[tuple[str, str], str]:
        return {(game, lang): drawing_digest(content_copy, game, lang)
                for game in ("travel", "threesixteen") for lang in ("en", "ko")}

    before = digests()
    replace_in(content_copy / "travel" / "en.yaml", "# yaml", "# edited\n# yaml")
    after = digests()
    assert [key for key in before if before[key] != after[key]] == [("travel", "en")]
    for path in (content_copy / "icons" / "1F4F7.svg", content_copy / "fonts" / "dejavu" / "DejaVuSans.ttf",
                 content_copy / "print.yaml"):
        before = digests()
        path.write_bytes(path.read_bytes() + b"\n")
        after = digests()
        assert all(before[key] != after[key] for key in before), path


def test_the_kept_findings_stay_few(tmp_path, monkeypatch):
    monkeypatch.setattr(fit_kept, "MOST_KEPT", 6)
    content = load_content()
    monkeypatch.setattr(fit_kept, "_drawn", lambda c, g, l: [])
    digests = iter(f"{n:064x}" for n in range(20))
    monkeypatch.setattr("generator.builder.plan.drawing_digest", lambda root, game, lang: next(digests))
    with disk_cache.kept_in(tmp_path / "cache"):
        for _ in range(20):
            fit_kept.fit_findings(content, "travel", "en")
    kept = sorted(path.name[:64] for path in (tmp_path / "cache" / "fit").rglob("*.json"))
    assert 3 <= len(kept) <= 6 and kept[-1] == f"{19:064x}"  # the oldest go, never the newest


def test_the_characters_a_fonts_glyph_names_misplace_are_kept_and_checked(tmp_path):
    nanum = load_content().fonts["nanum"]
    fonts._misnamed.cache_clear()
    fonts._MISNAMED.clear()
    with disk_cache.kept_in(tmp_path / "cache"):
        found = fonts._misnamed(str(nanum.regular), nanum.folder)
        assert 0x2013 in found  # the en dash, drawn as the soft hyphen
        [kept] = (tmp_path / "cache" / "fonts").rglob("*.json")
        for planted in (b"[1, 2, 3]", b'["x"]', b"[-1]", b"{}", b"nonsense"):
            kept.write_bytes(planted)
            fonts._misnamed.cache_clear()
            fonts._MISNAMED.clear()
            again = fonts._misnamed(str(nanum.regular), nanum.folder)
            assert (again == found) == (planted != b"[1, 2, 3]"), planted  # a list of code points is believed
    fonts._misnamed.cache_clear()
