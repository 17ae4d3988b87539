"""Tabletop Simulator decks: each deck's faces on a grid image (at most 10 x 7 cards, at most `max_px` a side),
with the back image alongside (one image when every card shares a back, else a grid of backs in the same order).

Cards are cut to their trim (no bleed) and scaled down evenly so the grid fits; of the grids that hold a deck, the
one that leaves the cards largest wins (32 poker cards: 7 x 5, not 10 x 4). A deck of more than 70 cards is split
over several sheets.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import Image

MAX_COLUMNS = 10
MAX_ROWS = 7


@dataclass(frozen=True)
class TtsSheet:
    name: str  # file stem, e.g. "travel-en-items" or "travel-en-items-2"
    faces: Image.Image  # the grid of fronts
    back: Image.Image  # one back, or a grid of backs matching `faces`
    columns: int
    rows: int
    count: int


def _trimmed(image: Image.Image, bleed_px: float, size: tuple[int, int]) -> Image.Image:
    from PIL import Image

    w, h = image.size
    cut = round(bleed_px)
    trimmed = image.crop((cut, cut, w - cut, h - cut)).resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)
    trimmed.info.pop("dpi", None)  # scaled to fit the sheet: the face's print resolution no longer holds
    return trimmed


def _grid(images: list[Image.Image], columns: int, rows: int, cell: tuple[int, int]) -> Image.Image:
    from PIL import Image

    sheet = Image.new("RGB", (columns * cell[0], rows * cell[1]), "white")
    for i, image in enumerate(images):
        sheet.paste(image, ((i % columns) * cell[0], (i // columns) * cell[1]))
    return sheet


def cell_size(trim_w: float, trim_h: float, columns: int, rows: int, max_px: int) -> tuple[int, int]:
    """The largest cell (at most the image's own trim size) that keeps the grid within `max_px` on both sides."""
    scale = min(1.0, max_px / (columns * trim_w), max_px / (rows * trim_h))
    return max(1, int(trim_w * scale)), max(1, int(trim_h * scale))


def best_grid(count: int, trim_w: float, trim_h: float, max_px: int) -> tuple[int, int]:
    """Columns and rows for `count` cards that make each card largest within MAX_COLUMNS x MAX_ROWS and `max_px`;
    among equals, the grid with fewest empty cells, then the widest."""

    def merit(grid: tuple[int, int]) -> tuple[int, int, int]:
        columns, rows = grid
        w, h = cell_size(trim_w, trim_h, columns, rows, max_px)
        return -(w * h), columns * rows, rows

    grids = [(columns, -(-count // columns)) for columns in range(1, MAX_COLUMNS + 1)]
    return min((g for g in grids if g[1] <= MAX_ROWS), key=merit)


def tts_sheets(stem: str, images: dict[str, Image.Image], faces: list[tuple[str, str | None]], bleed_px: float,
               max_px: int) -> list[TtsSheet]:
    """Sheets for one deck: `faces` holds (front key, back key or None) per card, `images` the image of each key."""
    per_sheet = MAX_COLUMNS * MAX_ROWS
    chunks = [faces[start:start + per_sheet] for start in range(0, len(faces), per_sheet)]
    sheets = []
    for n, chunk in enumerate(chunks, start=1):
        count = len(chunk)
        w, h = images[chunk[0][0]].size
        columns, rows = best_grid(count, w - 2 * bleed_px, h - 2 * bleed_px, max_px)
        cell = cell_size(w - 2 * bleed_px, h - 2 * bleed_px, columns, rows, max_px)
        blank = _blank(cell)
        trimmed: dict[str, Image.Image] = {}

        def cut(key: str | None) -> Image.Image:
            if key is None:
                return blank
            if key not in trimmed:
                trimmed[key] = _trimmed(images[key], bleed_px, cell)
            return trimmed[key]

        fronts = _grid([cut(front) for front, _ in chunk], columns, rows, cell)
        backs = {back for _, back in chunk}
        if len(backs) == 1 and None not in backs:
            back_image = cut(chunk[0][1])
        else:
            back_image = _grid([cut(back) for _, back in chunk], columns, rows, cell)
        name = stem if len(chunks) == 1 else f"{stem}-{n}"
        sheets.append(TtsSheet(name, fronts, back_image, columns, rows, count))
    return sheets


def _blank(cell: tuple[int, int]) -> Image.Image:
    from PIL import Image

    return Image.new("RGB", cell, "white")
