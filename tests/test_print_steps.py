"""Page 2's print steps against the file they are printed in, read from the PDF: every page a step names exists
and holds what the step says, the steps point at each other rightly, and every edition takes as few sheets of card
stock as its pieces allow."""
from __future__ import annotations

import io
import re
from functools import lru_cache

import pdfplumber
import pytest

from generator.content.load import load_content
from generator.render.core.context import RenderContext
from generator.render.core.document import game_components, render_document
from generator.render.core.pages import MARGIN, instruction_steps

from conftest import PRINT_CASES



@lru_cache(maxsize=None)
def content():
    return load_content()


@lru_cache(maxsize=None)
def document(game: str, lang: str, paper: str, edition: str):
    ctx = RenderContext(content(), game, lang, paper, ink_saver=edition == "ink-saver")
    return ctx, render_document(ctx, gutterfold=edition == "gutterfold")


def printed_steps(data: bytes) -> list[str]:
    """The numbered steps of page 2 as printed: a step starts on a line whose first word is its number, at the
    left edge of the column (the step's own lines are indented)."""
    steps: list[str] = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for line in pdf.pages[1].extract_text_lines():
            number = re.match(r"(\d+)\.\s*", line["text"])
            if line["x0"] < MARGIN + 2 and number:
                assert int(number.group(1)) == len(steps) + 1, line["text"]
                steps.append(line["text"][number.end():])
            elif steps:
                steps[-1] += ("" if re.match(r"[\u3000-\u9fff\uff00-\uffef]", line["text"][:1]) else " ") + line["text"]
    return steps


def page_refs(ctx: RenderContext, text: str) -> tuple[set[int], str]:
    """The page numbers `text` names in the language's own words for pages ("p. 7", "pp. 5, 11–13", "7쪽",
    "9～10ページ"), and the text without them."""
    t = ctx.texts.get
    sep, dash = re.escape(t("punctuation.list").strip()), re.escape(t("punctuation.range", first="", last=""))
    run = rf"\d+(?:\s*{dash}\s*\d+)?"
    many = rf"{run}(?:\s*{sep}\s*{run})*"
    forms = [t("checklist.pages_list", pages="\0"), t("checklist.pages_range", first="\0", last="\1"),
             t("checklist.pages_one", first="\0")]
    patterns = [re.escape(form).replace("\0", "(?P<pages>" + many + ")").replace("\1", "") for form in forms]
    patterns[1] = re.escape(forms[1]).replace("\0", r"(?P<pages>\d+\s*" + dash + r"\s*\d+)").replace("\1", "")
    found: set[int] = set()

    def take(match: re.Match) -> str:
        for part in re.split(sep, match.group("pages")):
            ends = [int(n) for n in re.findall(r"\d+", part)]
            found.update(range(ends[0], ends[-1] + 1))
        return " "

    for pattern in patterns:
        text = re.sub(pattern, take, text)
    return found, text


def pieces_on(doc, n: int) -> list[str]:
    return [placement.component for placement in doc.pages[n - 1].placements]


@pytest.mark.parametrize("game, lang, paper, edition", PRINT_CASES)
def test_every_page_a_print_step_names_exists_and_holds_what_the_step_says(game, lang, paper, edition):
    """3x16's steps said each player colour had a page of its own, to print only the colours played with, while
    all 192 tiles share one page; a step pointed to "(next step)" for the duplex test, two steps before it; the
    last step said to print every other page one-sided while page 1 and the duplex test are two-sided."""
    ctx, doc = document(game, lang, paper, edition)
    kinds = {n: plan.kind for n, plan in enumerate(doc.pages, start=1)}
    steps = printed_steps(doc.data)
    names = instruction_steps(doc.sections, edition)
    assert len(steps) == len(names)
    sheets = [s for s in doc.sections if s.kind == "sheets"]
    sheet_pages = set(range(sheets[0].first, sheets[-1].last + 1))
    pieces = {piece.id: piece for piece in game_components(ctx)}
    for name, text in zip(names, steps):
        refs, rest = page_refs(ctx, text)
        assert refs <= set(kinds), (name, refs)                     # every page named exists
        if name == "test":
            assert refs == {3, 4} and {kinds[3], kinds[4]} == {"test"}
        elif name in ("duplex", "no_duplex", "fold"):
            assert sheet_pages <= refs and {kinds[n] for n in sheet_pages} <= {"fronts", "backs", "blank"}, name
        elif name == "rest":
            others = {n for s in doc.sections if s.kind not in ("front", "sheets") for n in s.printed}
            assert refs - {1} == others and {kinds[n] for n in others} <= {"rulebook", "page", "credits"}
            assert kinds[1] == "checklist"                          # "as page 1 lists it"
        elif not (name == "paper" and game == "threesixteen"):
            assert refs == set(), (name, refs)
        if name == "no_duplex":                                      # it sends you to the duplex test's step
            assert str(names.index("test") + 1) in re.sub(r"\d+\s*[-–~～]\s*\d+", " ", rest)
        if game == "threesixteen" and name in ("paper", "duplex"):
            # the players' tiles: one page, fronts alone (an empty page or nothing behind it), all four colours
            one_sided = {n for n in refs if kinds[n] == "fronts" and kinds.get(n + 1) != "backs"}
            assert len(one_sided) == 1, (name, refs)
            page = one_sided.pop()
            decks = {pieces[p].deck for p in pieces_on(doc, page)}
            assert decks == {"tiles-red", "tiles-blue", "tiles-green", "tiles-yellow"}
            assert len(pieces_on(doc, page)) == 192
            if name == "paper":
                assert refs == {page}
            else:                                                    # the caller tiles: fronts, then their backs
                backed = {n for n in refs if kinds[n] == "fronts" and kinds.get(n + 1) == "backs"}
                assert backed and refs >= {n + 1 for n in backed}
                assert {pieces[p].deck for n in backed for p in pieces_on(doc, n)} == {"tiles-caller"}


#: the fewest sheets of card stock each edition's pieces allow, per game and paper: face-up pieces may share a
#: sheet whatever their backs, pieces drawn face down only with pieces of the same back (Component.hidden)
FEWEST_CARD_SHEETS = {("travel", "a4"): 11, ("travel", "letter"): 12, ("threesixteen", "a4"): 2,
                      ("threesixteen", "letter"): 2}


@pytest.mark.parametrize("game, paper", sorted(FEWEST_CARD_SHEETS))
@pytest.mark.parametrize("edition", ["standard", "ink-saver"])
def test_every_edition_takes_the_fewest_sheets_of_card_stock_its_pieces_allow(game, paper, edition):
    """US Letter travel took 13 sheets where 12 do: one reference card had a sheet of its own while the country
    sheet had four empty slots. Face-up sheets are filled before a new one is opened; page 1 says the count."""
    ctx, doc = document(game, "en", paper, edition)
    per_page = {}
    for plan in doc.pages:
        if plan.kind == "fronts":
            size = (round(plan.layout.item_w), round(plan.layout.item_h))
            per_page[size] = max(per_page.get(size, 0), plan.layout.per_page)
    fewest = 0
    for size, capacity in per_page.items():
        group = [p for p in game_components(ctx) if (round(p.width), round(p.height)) in (size, size[::-1])]
        face_up = sum(1 for p in group if not p.hidden)
        hidden: dict[str, int] = {}
        for piece in group:
            if piece.hidden:
                hidden[piece.back.key] = hidden.get(piece.back.key, 0) + 1
        fewest += -(-face_up // capacity) + sum(-(-n // capacity) for n in hidden.values())
    card = sum(s.sheets for s in doc.sections if s.card_stock)
    assert card == fewest == FEWEST_CARD_SHEETS[game, paper]
    with pdfplumber.open(io.BytesIO(doc.data)) as pdf:
        first = " ".join(pdf.pages[0].extract_text().split())
    assert f"{card} sheets of card stock" in first
