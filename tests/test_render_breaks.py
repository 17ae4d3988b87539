"""Line breaks read back from the PDF. Names stay whole: a card, country or character name with a space in it
("Pocket Knife", "특별 물건") never has its words on two lines, in a card's text or title or in the rulebook's
running text, unless the name alone is wider than its box (then it breaks at its spaces rather than overflow). And
no line of the rulebook ends on a word that goes with the next ("never a | forbidden item", "그 | 플레이어")."""
from __future__ import annotations

import io
from collections import defaultdict
from functools import lru_cache
from typing import NamedTuple

import pdfplumber
import pytest

from generator.content.load import load_content
from generator.render.core import linebreak, textfit
from generator.render.core.context import Page, RenderContext
from generator.render.core.document import render_document
from generator.render.core.sheets import MM


@lru_cache(maxsize=None)
def content():
    return load_content()


def segments(page) -> list[tuple[str, float, float, float, float]]:
    """The page's runs of text as drawn: words on one baseline with less than half an em between them, as (text,
    x0, x1, top, size); runs on one baseline further apart are separate (two cards side by side)."""
    words = sorted(page.extract_words(extra_attrs=["size"], keep_blank_chars=False),
                   key=lambda w: (round(w["bottom"], 1), w["x0"]))
    runs: list[list] = []
    for word in words:
        last = runs[-1] if runs else None
        if (last is not None and abs(last[-1]["bottom"] - word["bottom"]) < 0.2
                and word["x0"] - last[-1]["x1"] < 0.5 * word["size"]):
            last.append(word)
        else:
            runs.append([word])
    return [(" ".join(w["text"] for w in run), run[0]["x0"], run[-1]["x1"], run[0]["top"], run[0]["size"])
            for run in runs]


def split_names(page, names: list[str]) -> list[tuple[str, str, str]]:
    """(name, the run that ends with its first words, the run under it that starts with the rest) for every spaced
    name whose words a line break parts: the lower run starts one or two lines under the upper one and overlaps it
    across."""
    found = []
    runs = segments(page)
    for upper in runs:
        for lower in runs:
            text, x0, x1, top, size = upper
            below = lower[3] - top
            if not (0.8 * size < below < 2.2 * size and lower[1] < x1 and lower[2] > x0):
                continue
            for name in names:
                words = name.split()
                for k in range(1, len(words)):
                    head, tail = " ".join(words[:k]), " ".join(words[k:])
                    if (text == head or text.endswith(" " + head)) and lower[0].startswith(tail):
                        found.append((name, text, lower[0]))
    return found


def spaced_names(game: str, lang: str) -> list[str]:
    return [name for name in content().texts(game, lang).names() if len(name.split()) > 1]


@lru_cache(maxsize=None)
def document(game: str, lang: str) -> bytes:
    return render_document(RenderContext(content(), game, lang, "a4")).data


@lru_cache(maxsize=None)
def pages(game: str, lang: str) -> list:
    """The pages of the real A4 file as pdfplumber reads them, kept open for the module: reading a travel file's
    characters takes three times as long as drawing it, and several tests read the same file."""
    return pdfplumber.open(io.BytesIO(document(game, lang))).pages


@pytest.mark.parametrize("game,lang", [("travel", "en"), ("travel", "ko"), ("threesixteen", "en"),
                                       ("threesixteen", "ko")])
def test_no_name_of_the_language_file_is_parted_across_lines_on_any_page(game, lang):
    """Every page of the real A4 file: card texts and titles, the rulebook (the Korean rule on setting up once split
    "특별 | 물건"), page one's list of decks."""
    names = spaced_names(game, lang)
    assert names
    parted = [(n + 1, *split) for n, page in enumerate(pages(game, lang)) for split in split_names(page, names)]
    assert parted == []


def lines_of(page) -> list[tuple[str, float, float, float, float, str]]:
    """The page's upright runs (`segments`), each with the face of its first letter ("NanumGothic",
    "NanumGothicExtraBold"; the subset prefix dropped: ReportLab splits one face into subsets of 256 glyphs)."""
    page = page.filter(lambda obj: obj.get("object_type") != "char" or (obj["matrix"][1] == 0 and obj["size"] >= 6))
    # (not the glyphs of a piece drawn small or turned: the cards and tiles of a rulebook's cover and diagrams)
    faces = {(round(c["x0"], 2), round(c["top"], 2)): c["fontname"].split("+")[-1] for c in page.chars
             if c["upright"]}
    return [(*run, faces[(round(run[1], 2), round(run[3], 2))]) for run in segments(page)
            if (round(run[1], 2), round(run[3], 2)) in faces]


def line_pairs(page) -> list[tuple[str, str]]:
    """(a line, the line under it) for every two lines of one paragraph: two runs in the same face and size, one
    line apart (a paragraph's gap is more), aligned left or centred alike."""
    runs = lines_of(page)
    pairs = []
    for text, x0, x1, top, size, face in runs:
        for lower, lx0, lx1, ltop, lsize, lface in runs:
            if not (lface == face and abs(lsize - size) < 0.01 and 0.8 * size < ltop - top < 1.4 * size):
                continue
            if abs(lx0 - x0) < 0.5 or abs((lx0 + lx1) - (x0 + x1)) < 1:
                pairs.append((text, lower))
    return pairs


def poor_breaks(page, ctx: RenderContext) -> list[tuple[str, str]]:
    """(the end of a line, the start of the line under it) wherever the break between two lines of one paragraph
    is `_poor_break`; the end of the line cut into pieces as the renderer cuts it (a Korean dependent noun one piece
    with the word before it: "할 수", by the language's `typography`)."""
    poor = []
    for text, lower in line_pairs(page):
        words = [*linebreak.pieces(" ".join(text.split()[-3:]), ctx.lang, bound=ctx.bound),
                 linebreak.Piece(lower.split()[0])]
        if len(words) > 1 and textfit._poor_break(words, len(words) - 1):
            poor.append((text[-20:], lower[:20]))
    return poor


@pytest.mark.parametrize("game,lang", [("travel", "en"), ("travel", "ko"), ("threesixteen", "en"),
                                       ("threesixteen", "ko")])
def test_no_line_on_any_page_ends_on_a_word_that_goes_with_the_next(game, lang):
    """Rulebook, cards, sheets: every line with a line of its paragraph under it (ReportLab's word wrap left "never
    a" / "forbidden item", "그" / "플레이어"; the reference card's setup list "무작위로, 아무" / "면이나 위로")."""
    ctx = RenderContext(content(), game, lang, "a4")
    poor = [(n + 1, *pair) for n, page in enumerate(pages(game, lang)) for pair in poor_breaks(page, ctx)]
    assert poor == []


@pytest.mark.parametrize("game", ["travel", "threesixteen"])
def test_no_korean_line_ends_before_a_dependent_noun_on_any_page(game):
    """Rulebook, cards, sheets of the Korean A4 file: no line of a paragraph ends on a word whose dependent noun
    (`typography.keep_with_previous` in content/common/ko.yaml, alone or with its particles) starts the line under
    it: "대신할 | 수는", "되찾을 | 수도", "교환할 | 수도" and "않았을 | 때만" were so parted in the rulebook."""
    ctx = RenderContext(content(), game, "ko", "a4")
    assert {"수", "것", "줄", "데", "바", "뿐", "때", "만큼", "듯"} <= set(ctx.bound.words)
    follows = linebreak._bound_pattern(ctx.bound)
    pairs = [(n + 1, text, lower) for n, page in enumerate(pages(game, "ko")) for text, lower in line_pairs(page)]
    parted = [(n, text[-20:], lower[:20]) for n, text, lower in pairs if follows.fullmatch(lower.split()[0])]
    assert len(pairs) > 50  # the check saw the pages' paragraphs (travel 238, 3x16 85)
    assert parted == []


STEP = 30 * MM  # from one box's top to the next one's


def _page_of_boxes(ctx: RenderContext, boxes: list[tuple[str, float]], size: float) -> Page:
    """A page that fits each text into a box `width` pt wide, one under the other, as the cards do."""

    def draw(canvas, w: float, h: float) -> None:
        for n, (text, width) in enumerate(boxes):
            fitted = ctx.fit("test page", "test", text, width, STEP / 2, size, 7.0)
            textfit.draw(canvas, fitted, STEP, h - STEP * (n + 1), width)

    return Page("names", False, draw, "names")


def _drawn(ctx: RenderContext, boxes: list[tuple[str, float]], size: float) -> list[list[tuple[str, float]]]:
    """Each box's lines as (text, size), read from the PDF, top to bottom."""
    doc = render_document(ctx, components=[], rule_pages=[], full_pages=[_page_of_boxes(ctx, boxes, size)])
    with pdfplumber.open(io.BytesIO(doc.data)) as pdf:
        page = next(p for p in pdf.pages if p.extract_text().startswith(boxes[0][0].split()[0]))
        runs = sorted(segments(page), key=lambda run: run[3])
    return [[(text, size) for text, _, _, top, size in runs if STEP * (n + 1) - 1 < top < STEP * (n + 1) + STEP / 2]
            for n in range(len(boxes))]


def test_a_name_stays_on_one_line_then_shrinks_then_breaks_at_its_space_only_when_nothing_else_fits():
    ctx = RenderContext(content(), "travel", "en", "a4")
    assert "Pocket Knife" in ctx.names
    size = 10.0
    knife = textfit.unit_width("Pocket Knife", ctx.fonts.regular)
    discard = textfit.unit_width("Discard your Pocket", ctx.fonts.regular)
    boxes = [("Discard your Pocket Knife now.", discard * size + 1),  # the break would fall inside the name
             ("Pocket Knife", knife * 8.5),  # fits one line only below the wanted size
             ("Pocket Knife", knife * 6.5)]  # fits no line even at the minimum size
    running, shrunk, parted = _drawn(ctx, boxes, size)
    assert [text for text, _ in running] == ["Discard your", "Pocket Knife now."]
    assert [text for text, _ in shrunk] == ["Pocket Knife"] and shrunk[0][1] < size
    assert [text for text, _ in parted] == ["Pocket", "Knife"]


class Drawn(NamedTuple):
    """One line of text as drawn: its characters (pdfplumber's), on one baseline, in one size."""

    chars: tuple
    baseline: float
    size: float

    @property
    def text(self) -> str:
        return "".join(c["text"] for c in self.chars)

    @property
    def x0(self) -> float:
        return self.chars[0]["x0"]

    @property
    def x1(self) -> float:
        return self.chars[-1]["x1"]

    @property
    def bold(self) -> bool:
        return "Bold" in self.chars[0]["fontname"]


def drawn_lines(page) -> list[Drawn]:
    """The page's upright lines: characters on one baseline in one size (faces mixed: kana in BIZ UDGothic, digits
    in NanumGothic), cut where a gap wider than an em parts two texts side by side (two cards)."""
    rows: dict[tuple[float, float], list] = defaultdict(list)
    for c in page.chars:
        if c["upright"]:
            rows[(round(c["matrix"][5], 1), round(c["size"], 2))].append(c)
    lines = []
    for (baseline, size), chars in rows.items():
        chars.sort(key=lambda c: c["x0"])
        run = [chars[0]]
        for c in chars[1:]:
            if c["x0"] - run[-1]["x1"] > size:
                lines.append(Drawn(tuple(run), baseline, size))
                run = []
            run.append(c)
        lines.append(Drawn(tuple(run), baseline, size))
    return [line for line in lines if line.text.strip()]


def short_lines(page, lang: str, names: tuple[str, ...]) -> list[tuple[str, str]]:
    """(a line, the line under it) wherever a line of a fitted paragraph (its lines one `textfit.LEADING` apart,
    aligned left or centred) is very short (under `textfit.SHORT_LINE` of the paragraph's mean line) though the
    first unit a Japanese line may break after (`linebreak.filling`: a phrase's part, never inside a name, a katakana
    word or a number with its counter) of the line under it would have fit there within the paragraph's widest
    line. A space counts as a no-break one (the deck list binds "×12" to its deck so)."""
    lines = drawn_lines(page)
    below: dict[int, int] = {}
    for n, upper in enumerate(lines):
        for m, lower in enumerate(lines):
            if (lower.size == upper.size and lower.bold == upper.bold
                    and abs(upper.baseline - lower.baseline - upper.size * textfit.LEADING) < 0.15
                    and (abs(lower.x0 - upper.x0) < 0.5 or abs(lower.x0 + lower.x1 - upper.x0 - upper.x1) < 1)):
                below[n] = m
    short = []
    for start in set(range(len(lines))) - set(below.values()):
        chain = [start]
        while chain[-1] in below and len(chain) <= len(lines):
            chain.append(below[chain[-1]])
        widths = [lines[n].x1 - lines[n].x0 for n in chain]
        widest, mean = max(widths), sum(widths) / len(widths)
        for upper, lower in ((lines[n], lines[m]) for n, m in zip(chain, chain[1:])):
            text = lower.text.replace(" ", linebreak.NO_BREAK_SPACE)
            first = linebreak.filling(linebreak.pieces(text, lang, names)[0], lang, names)[0].text
            unit = lower.chars[len(first) - 1]["x1"] - lower.x0
            if upper.x1 - upper.x0 < textfit.SHORT_LINE * mean and upper.x1 - upper.x0 + unit <= widest:
                short.append((upper.text, lower.text))
    return short


@pytest.mark.parametrize("game", ["travel", "threesixteen"])
def test_no_japanese_line_ends_far_short_where_part_of_the_next_would_fit(game):
    """Every page of the real A4 file: card texts, centred or listed, page one, the sheets. A Japanese line may
    break between characters (kinsoku aside), so a very short line is wasted room wherever the next line's first
    unit would fit beside it (the Lost Luggage card read "このカードを引いた
    プレイヤーから" / "時計回りに、全員が" / "禁止アイテム以外のカードを", the Padlock "ほかのプレイヤーに" /
    "盗まれそうになったとき")."""
    names = tuple(content().texts(game, "ja").names())
    short = [(n + 1, *pair) for n, page in enumerate(pages(game, "ja")) for pair in short_lines(page, "ja", names)]
    assert short == []
