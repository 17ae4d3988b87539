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
    assert again.print_lines()[:2] == [
        "To play, print one file per game, in your language and on your paper (the standard edition, two-sided; "
        "page 1 says how):",
        f"  3x16 (한국어): {out}/threesixteen-ko-a4.pdf (A4) or {out}/threesixteen-ko-letter.pdf (US Letter)"]
    assert BuildSummary().print_lines() == []


def test_the_summary_names_every_edition_it_wrote_and_what_each_is_for_one_line_each(tmp_path: Path):
    """The closing summary named only the standard PDFs, while the ink-saver and gutterfold editions and the
    print-on-demand decks sat beside them: every file written now matches one line, which says what it is for."""
    import re

    out = tmp_path / "out"
    summary = build(ROOT / "content", games=["threesixteen"], langs=["en"], papers=["a4"], output_dir=out)
    lines = summary.print_lines()
    assert lines[2:] == [
        "Beside each of them, for another printer or another use:",
        f"  {out}/<game>-<lang>-<paper>-ink-saver.pdf: the ink-saver edition, two-sided: white backs and light "
        "colours, readable in black and white; a back printed off its front cannot mark a card",
        f"  {out}/<game>-<lang>-<paper>-gutterfold.pdf: the gutterfold edition, printed one-sided: each piece folds "
        "round its own back, for a printer without two-sided printing or whose backs drift",
        f"  {out}/pod/<game>-<lang>-<deck>.pdf: one card a page with 1/8 in bleed, for a print-on-demand service"]
    listed = {f"{out}/{name}" for line in lines[1:2] for name in ("threesixteen-en-a4.pdf",) if f"{out}/{name}" in line}
    patterns = [re.escape(line.strip().split(": ")[0]).replace("<game>", "[a-z0-9]+").replace("<lang>", "[a-z]+")
                .replace("<paper>", "[a-z0-9]+").replace("<deck>", "[a-z-]+") for line in lines[3:]]
    unnamed = [f for f in summary.written
               if f"{out}/{f}" not in listed and not any(re.fullmatch(p, f"{out}/{f}") for p in patterns)]
    assert listed and len(summary.written) > 3 and unnamed == []
