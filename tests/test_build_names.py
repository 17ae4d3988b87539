"""The build speaks a player's words: what each job makes, and which files to print."""
from __future__ import annotations

import shutil
from pathlib import Path

from generator.builder.plan import BuildSummary, build, plan
from generator.builder.names import player_names
from generator.builder.units import Unit

ROOT = Path(__file__).resolve().parents[1]


def test_progress_labels_name_the_game_the_language_and_the_paper():
    names = player_names(ROOT / "content", plan(ROOT / "content", None, None, None, True))
    assert names.label(Unit("pdf", "travel", "ko", "letter")) == "Pack & Go (한국어), US Letter sheets"
    assert names.label(Unit("pod", "threesixteen", "en")) == "3x16 (English), print-on-demand cards"
    assert names.label(Unit("png", "travel", "en")) == "Pack & Go (English), card images"


def test_a_name_that_cannot_be_read_falls_back_to_its_id(tmp_path: Path):
    shutil.copytree(ROOT / "content", tmp_path / "content")
    (tmp_path / "content" / "common" / "ko.yaml").write_text("language: [\n", encoding="utf-8")
    names = player_names(tmp_path / "content", [Unit("pdf", "travel", "ko", "a4")])
    assert names.label(Unit("pdf", "travel", "ko", "a4")) == "Pack & Go (ko), A4 sheets"


def test_the_summary_names_the_files_to_print_even_when_nothing_was_built(tmp_path: Path):
    chosen = {"games": ["threesixteen"], "langs": ["ko"], "output_dir": tmp_path / "out", "pod": False}
    build(ROOT / "content", **chosen)
    again = build(ROOT / "content", **chosen)
    assert again.written == []
    out = str(tmp_path / "out")
    assert again.print_lines() == [
        "To play, print one file per game, in your language and on your paper (page 1 says how):",
        f"  3x16 (한국어): {out}/threesixteen-ko-a4.pdf (A4) or {out}/threesixteen-ko-letter.pdf (US Letter)"]
    assert BuildSummary().print_lines() == []
