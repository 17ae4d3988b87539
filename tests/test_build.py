"""`pnp build` end to end on the real content: every PDF, fonts, determinism, incremental builds, failures."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer import Typer
from typer.testing import CliRunner

from generator.builder.plan import MANIFEST, BuildFailed, BuildUsageError, build
from generator.builder.cli import build_cmd

from conftest import ROOT, line_col, replace_in

PAGE_SIZES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
EDITIONS = ("", "-ink-saver", "-gutterfold")  # standard, ink-saver, gutterfold
PDFS = [f"{game}-{lang}-{paper}{edition}.pdf" for game in ("threesixteen", "travel") for lang in ("en", "ja", "ko")
        for paper in ("a4", "letter") for edition in EDITIONS]


def editions(name: str) -> list[str]:
    """The three files of one game, language and paper."""
    return sorted(name.replace(".pdf", f"{edition}.pdf") for edition in EDITIONS)


def fonts_of(reader: PdfReader) -> list[tuple[str, object]]:
    """(BaseFont, font dict) of every font used by any page or form XObject."""
    found, seen = [], set()

    def walk(resources) -> None:
        if not resources:
            return
        resources = resources.get_object()
        for ref in (resources.get("/Font") or {}).values():
            font = ref.get_object()
            if id(font) not in seen:
                seen.add(id(font))
                found.append((str(font["/BaseFont"]), font))
        for ref in (resources.get("/XObject") or {}).values():
            xobject = ref.get_object()
            if id(xobject) not in seen and xobject.get("/Subtype") == "/Form":
                seen.add(id(xobject))
                walk(xobject.get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return found


@pytest.fixture(scope="module")
def full_build(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    summary = build(ROOT / "content", output_dir=out)
    return out, summary


def test_every_pdf_is_written_with_exact_pages_embedded_fonts_and_print_preferences(full_build):
    out, summary = full_build
    assert sorted(f for f in summary.written if "/" not in f) == sorted(PDFS)
    assert summary.up_to_date == 0
    for name in PDFS:
        reader = PdfReader(out / name)
        portrait = PAGE_SIZES[name.split("-")[2].removesuffix(".pdf")]
        for page in reader.pages:
            size = (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2))
            assert size in (portrait, portrait[::-1]), name
        prefs = reader.trailer["/Root"]["/ViewerPreferences"]
        duplex = "/Simplex" if name.endswith("-gutterfold.pdf") else "/DuplexFlipLongEdge"
        assert prefs["/PrintScaling"] == "/None" and prefs["/Duplex"] == duplex
        fonts = fonts_of(reader)
        assert fonts
        for base, font in fonts:
            assert base[7:8] == "+" and base[:6].isupper(), f"{name}: font {base} is not a subset"
            descriptor = font["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, f"{name}: font {base} is not embedded"


def test_print_on_demand_decks_have_trim_and_bleed_boxes(full_build):
    out, summary = full_build
    pods = [f for f in summary.written if f.startswith("pod/")]
    assert "pod/travel-ko-items.pdf" in pods and "pod/threesixteen-en-tiles-caller.pdf" in pods
    reader = PdfReader(out / "pod/travel-en-items.pdf")
    bleed = 3.175 * 72 / 25.4
    for page in reader.pages:
        media = [float(v) for v in page.mediabox]
        assert [float(v) for v in page.bleedbox] == pytest.approx(media, abs=0.01)
        assert [float(v) for v in page.trimbox] == pytest.approx(
            [bleed, bleed, media[2] - bleed, media[3] - bleed], abs=0.01)
        assert media[2] - 2 * bleed == pytest.approx(63.5 * 72 / 25.4, abs=0.01)


def test_two_clean_builds_are_byte_identical(full_build, tmp_path):
    out, summary = full_build
    again = build(ROOT / "content", output_dir=tmp_path)
    assert again.written == summary.written
    for name in summary.written:
        assert (tmp_path / name).read_bytes() == (out / name).read_bytes(), name


def test_incremental_builds_redo_only_what_changed(content_copy: Path, tmp_path: Path):
    out = tmp_path / "out"
    chosen = {"games": ["threesixteen"], "papers": ["a4"], "output_dir": out}
    first = build(content_copy, **chosen)
    assert "threesixteen-ko-a4.pdf" in first.written and "pod/threesixteen-en-tiles-red.pdf" in first.written
    again = build(content_copy, **chosen)
    assert again.written == [] and again.up_to_date == 6  # 3 PDFs + 3 print-on-demand sets (en, ja, ko)
    # nothing heavy is imported to find out there is nothing to do
    probe = ("import sys; from generator.builder.plan import build; "
             f"s = build({str(content_copy)!r}, games=['threesixteen'], papers=['a4'], output_dir={str(out)!r}); "
             "print(len(s.written), sorted(m for m in ('reportlab', 'pydantic', 'PIL') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.split("\n")[0] == "0 []"
    with open(content_copy / "threesixteen" / "ko.yaml", "a", encoding="utf-8") as handle:
        handle.write("\n# a translator's note\n")
    changed = build(content_copy, **chosen)
    assert changed.written and all(f.startswith(("threesixteen-ko-", "pod/threesixteen-ko-")) for f in changed.written)
    assert "threesixteen-ko-a4.pdf" in changed.written and changed.up_to_date == 4
    # another option is another output: the backs move, so the PDFs are rebuilt
    shifted = build(content_copy, langs=["en"], back_offset_mm=(0.5, 0), **chosen)
    assert shifted.written == editions("threesixteen-en-a4.pdf")
    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    assert sorted(manifest["units"]["pdf:threesixteen-en-a4"]["files"]) == editions("threesixteen-en-a4.pdf")


def test_a_build_with_nothing_to_do_reads_no_font_again(content_copy: Path, tmp_path: Path, monkeypatch):
    """The SHA-256 of each input file is kept in output/.cache by its size and modification time: a later build
    (a new process, its own memory empty) with nothing to do reads none of the fonts; a font touched since is read
    again, and the same bytes still build nothing."""
    from generator import files
    from generator.builder import hashes

    settled = time.time() - 3600
    fonts = sorted((content_copy / "fonts").rglob("*.ttf"))
    for font in fonts:
        os.utime(font, (settled, settled))
    chosen = {"games": ["threesixteen"], "langs": ["en"], "papers": ["a4"], "pod": False, "output_dir": tmp_path}
    assert build(content_copy, **chosen).written
    assert (tmp_path / ".cache" / "hashes.json").is_file()
    read: list[str] = []
    bytes_of = files.Root.bytes_of

    def spied(self, target, *args, **kw):
        read.append(Path(target).name)
        return bytes_of(self, target, *args, **kw)

    monkeypatch.setattr(files.Root, "bytes_of", spied)
    monkeypatch.setattr(hashes, "_HASHED", {})
    assert build(content_copy, **chosen).written == []
    assert not [name for name in read if name.endswith(".ttf")]
    os.utime(fonts[0], (settled + 60, settled + 60))
    monkeypatch.setattr(hashes, "_HASHED", {})
    assert build(content_copy, **chosen).written == []
    assert [name for name in read if name.endswith(".ttf")] == [fonts[0].name]


def test_a_clean_build_refits_no_text_an_earlier_build_kept(tmp_path: Path, monkeypatch):
    """The texts fitted are kept in output/.cache per game and language (named after everything fitting reads):
    after `make clean` nothing is fitted again and the PDFs are the same bytes; a kept file that is not one the
    build wrote is a miss, fitted afresh."""
    from generator.render.core import textfit

    chosen = {"games": ["threesixteen"], "langs": ["ko"], "papers": ["a4"], "pod": False, "workers": 1,
              "output_dir": tmp_path}
    first = build(ROOT / "content", **chosen)
    made = {name: (tmp_path / name).read_bytes() for name in first.written}
    kept = sorted((tmp_path / ".cache" / "fitted").rglob("*.json"))
    assert len(kept) == 1
    fitted: list[str] = []
    fit = textfit.fit

    def counted(text, *args, **kw):
        fitted.append(text)
        return fit(text, *args, **kw)

    monkeypatch.setattr(textfit, "fit", counted)

    def clean_build() -> None:
        for name in made:
            (tmp_path / name).unlink()
        (tmp_path / MANIFEST).unlink()
        assert build(ROOT / "content", **chosen).written == first.written
        assert {name: (tmp_path / name).read_bytes() for name in made} == made

    clean_build()
    assert fitted == []
    kept[0].write_text('[["not", "a", "row"]]', encoding="utf-8")
    clean_build()
    assert len(fitted) > 100


def test_a_second_build_in_one_process_shows_edited_words(content_copy: Path, tmp_path: Path):
    """Layouts cached inside a build never leak into the next one."""
    out = tmp_path / "out"
    chosen = {"games": ["travel"], "langs": ["en"], "papers": ["a4"], "output_dir": out, "pod": False}
    build(content_copy, **chosen)
    replace_in(content_copy / "travel" / "en.yaml", 'name: "Camera"', 'name: "Pinhole Camera"')
    assert build(content_copy, **chosen).written == editions("travel-en-a4.pdf")
    text = "".join(page.extract_text() for page in PdfReader(out / "travel-en-a4.pdf").pages)
    assert "Pinhole Camera" in text


def test_a_text_that_does_not_fit_fails_with_one_clear_message_and_writes_nothing(content_copy: Path,
                                                                                  tmp_path: Path):
    common = content_copy / "common" / "en.yaml"
    long_intro = "Everything you need to play, ready to print. " * 300
    replace_in(common, "  intro: \"Everything you need to play, ready to print on {paper} paper.",
               f"  intro: \"{long_intro}")
    line, col = line_col(common, long_intro[:20])
    out = tmp_path / "out"
    with pytest.raises(BuildFailed) as failed:
        build(content_copy, games=["travel"], langs=["en"], papers=["a4"], output_dir=out)
    [message] = [str(d) for d in failed.value.diagnostics]
    prefix = (f"content/common/en.yaml:{line}:{col - 1}: error: checklist page: text 'checklist.intro' in 'en' "
              "does not fit its box at the minimum size (over by ")
    over, advice = message[len(prefix):].split(" pt); ")
    assert message.startswith(prefix) and float(over) > 0
    assert re.fullmatch(r"cut about \d+ words \[fit\]", advice)
    assert not (out / "travel-en-a4.pdf").exists()
    assert not [p for p in out.rglob("*") if p.name.endswith(".tmp")]

    app = Typer()
    app.command("build")(build_cmd)
    app.command("noop")(lambda: None)
    result = CliRunner().invoke(app, ["build", "--content", str(content_copy), "--output", str(out),
                                      "--game", "travel", "--lang", "en", "--paper", "a4"])
    assert result.exit_code == 1
    assert result.output.strip() == message


def test_usage_errors_name_what_exists():
    with pytest.raises(BuildUsageError, match=r"'a3' is not one of 'a4', 'letter'\."):
        build(ROOT / "content", papers=["a3"], output_dir="/nonexistent")
    app = Typer()
    app.command("build")(build_cmd)
    app.command("noop")(lambda: None)
    result = CliRunner().invoke(app, ["build", "--back-offset-mm", "1;2"])
    assert result.exit_code == 2 and "X,Y" in result.output


def test_png_faces_at_300_dpi_with_bleed_and_tabletop_simulator_sheets(tmp_path: Path):
    from PIL import Image

    summary = build(ROOT / "content", games=["travel"], langs=["en"], papers=["a4"], png=True, output_dir=tmp_path)
    pngs = [f for f in summary.written if f.startswith("png/travel/en/")]
    for name in ("items/camera-1-front.png", "items/back.png", "passports/passport-au-front.png",
                 "countries/kr-mx-front.png", "countries/kr-mx-back.png", "reference/ref-1-back.png"):
        assert f"png/travel/en/{name}" in pngs, name
    for name in pngs:
        with Image.open(tmp_path / name) as image:
            assert image.size == (825, 1125), name
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01), name  # prints at the card's size
    sheets = [f for f in summary.written if f.startswith("tts/") and not f.endswith("-back.png")]
    assert "tts/travel-en-items.png" in sheets
    for name in sheets:
        assert name.replace(".png", "-back.png") in summary.written
        with Image.open(tmp_path / name) as image:
            assert max(image.size) <= 4096
    with Image.open(tmp_path / "tts/travel-en-items.png") as image:
        # 32 item cards: 7 x 5 leaves each card 585 px wide; 10 x 4, the first grid that holds them, only 409 px
        columns, rows = 7, 5
        assert image.size[0] % columns == 0 and image.size[1] % rows == 0
        cell_w, cell_h = image.size[0] // columns, image.size[1] // rows
        assert (cell_w, cell_h) == (585, 819)
        assert cell_h / cell_w == pytest.approx(88.9 / 63.5, abs=0.01)


def test_png_names_are_the_card_id_and_side_and_a_shared_back_is_written_once():
    from generator.render.core.png import face_filenames
    from generator.render.core.pod import DeckFile

    cards = (("passport-au", "travel/passport/passport-au/front", "travel/back/deck"),
             ("passport-br", "travel/passport/passport-br/front", "travel/back/deck"))
    assert face_filenames(DeckFile("passports", b"", cards, 0.0)) == {
        "travel/passport/passport-au/front": "passport-au-front.png", "travel/back/deck": "back.png",
        "travel/passport/passport-br/front": "passport-br-front.png"}
    sides = (("kr-mx", "travel/country/kr-mx/KR", "travel/country/kr-mx/MX"), ("solo", "t/solo", None))
    assert face_filenames(DeckFile("countries", b"", sides, 0.0)) == {
        "travel/country/kr-mx/KR": "kr-mx-front.png", "travel/country/kr-mx/MX": "kr-mx-back.png",
        "t/solo": "solo-front.png"}


def test_the_tabletop_simulator_grid_makes_the_cards_largest():
    from generator.render.core.tts import MAX_COLUMNS, MAX_ROWS, best_grid, cell_size

    card = (750, 1050)  # a poker card's trim at 300 dpi
    for count in range(1, MAX_COLUMNS * MAX_ROWS + 1):
        columns, rows = best_grid(count, *card, 4096)
        assert columns <= MAX_COLUMNS and rows <= MAX_ROWS and columns * rows >= count
        best = cell_size(*card, columns, rows, 4096)
        for c in range(1, MAX_COLUMNS + 1):
            for r in range(1, MAX_ROWS + 1):
                if c * r >= count:
                    w, h = cell_size(*card, c, r, 4096)
                    assert w * h <= best[0] * best[1], (count, (c, r))
    assert best_grid(12, *card, 4096) == (4, 3)  # every card at full size, no empty cell
    assert best_grid(5, *card, 4096) == (5, 1)


def test_the_editions_and_papers_share_their_fitted_texts_and_rulebook(tmp_path: Path, monkeypatch):
    """Issue 33: every text of a game is fitted once per language (not once per edition or paper: a card, a board
    or a page of the same size on A4 and Letter), and the rulebook is laid out once per language and paper (a
    second time, tighter, only to save a page), not once per edition."""
    from generator.render.core import rulebook, textfit

    fitted: list[tuple[object, ...]] = []
    laid_out: list[tuple[str, str, bool]] = []
    fit, lay_out = textfit.fit, rulebook.lay_out

    def counted_fit(text, font, *args, **kw):
        fitted.append((kw.get("lang"), text, font, args, sorted((k, v) for k, v in kw.items() if k != "bound")))
        return fit(text, font, *args, **kw)

    def counted_lay_out(ctx, tight):
        laid_out.append((ctx.lang, ctx.paper, tight))
        return lay_out(ctx, tight)

    monkeypatch.setattr(textfit, "fit", counted_fit)
    monkeypatch.setattr(rulebook, "lay_out", counted_lay_out)
    summary = build(ROOT / "content", games=["travel"], langs=["en"], output_dir=tmp_path, workers=1, pod=False)
    assert len(summary.written) == 6  # three editions on each of two papers
    assert len(fitted) > 300 and len(set(map(repr, fitted))) == len(fitted)
    assert sorted(set(laid_out)) == sorted(laid_out) and {paper for _, paper, _ in laid_out} == {"a4", "letter"}


def test_jobs_are_dealt_to_workers_by_language_with_similar_cost():
    from generator.builder.plan import plan
    from generator.builder.work import deal

    units = plan(ROOT / "content", None, None, None, False)
    batches = deal(units, 3)
    assert [sorted({u.lang for u in batch}) for batch in batches] == [["en"], ["ja"], ["ko"]]
    assert sorted(u for batch in batches for u in batch) == sorted(units)
    one_language = deal([u for u in units if u.lang == "ko"], 2)
    assert [{u.game for u in batch} for batch in one_language] == [{"travel"}, {"threesixteen"}]
    assert sum(u.cost for u in one_language[0]) >= sum(u.cost for u in one_language[1])


def test_page_numbers_count_over_the_whole_pdf(full_build):
    """The checklist, rulebook and credits pages carry `n / total` with n the PDF page number."""
    out, _ = full_build
    reader = PdfReader(out / "travel-en-a4.pdf")
    total = len(reader.pages)
    numbered = [n for n, page in enumerate(reader.pages, start=1) if f"{n} / {total}" in page.extract_text()]
    assert numbered[:4] == [1, 2, 3, 4]  # the checklist, then the three rulebook pages
    assert numbered[-1] == total  # credits


def test_package_versions_are_the_ones_importlib_metadata_reports():
    from importlib import metadata

    from generator.builder.plan import DRAWING_PACKAGES, RASTER_PACKAGES, package_versions

    names = DRAWING_PACKAGES + RASTER_PACKAGES + ("no-such-distribution",)
    expected = {name: metadata.version(name) for name in DRAWING_PACKAGES + RASTER_PACKAGES}
    assert package_versions(names) == {**expected, "no-such-distribution": "missing"}


def test_the_summary_line_names_only_what_was_written():
    from generator.builder.plan import BuildSummary

    pdfs = BuildSummary(written=["travel-en-a4.pdf", "pod/travel-en-items.pdf"], pages=25, seconds=0.91)
    assert pdfs.line() == "Wrote 1 PDF (25 pages), 1 print-on-demand deck to output/ in 0.9 s"
    images = BuildSummary(written=["png/travel/en/items/back.png", "tts/travel-en-items.png",
                                   "tts/travel-en-items-back.png"], up_to_date=12, seconds=6.8)
    assert images.line() == "Wrote 1 PNG, 1 Tabletop Simulator sheet to output/ in 6.8 s; 12 already up to date"
    assert BuildSummary(up_to_date=12, seconds=0.02).line() == "Nothing to build: 12 outputs up to date in output/ (0.02 s)"
