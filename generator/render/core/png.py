"""PNG exports: every face at `png_dpi` including its full bleed, rasterised from our own print-on-demand pages.

PDFium (the PyPI package pypdfium2) draws the pages, so the PNGs show exactly what the PDFs print. A face that
many cards share (a common back) is rasterised and written once.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .pod import DeckFile

if TYPE_CHECKING:
    from PIL import Image


def face_filenames(deck: DeckFile) -> dict[str, str]:
    """Face key -> file name in the deck's folder: `<component id>-front.png` and `<component id>-back.png`
    (`camera-1-front.png`, `kr-mx-back.png`), and `back.png` for the back the deck's cards share, written once
    (`back-2.png` and on for a further shared back). The folder names the game, language and deck."""
    users = Counter(back for _, _, back in deck.cards)  # cards showing each back
    names: dict[str, str] = {}
    shared = 0
    for card, front, back in deck.cards:
        names.setdefault(front, f"{card}-front.png")
        if back is None or back in names:
            continue
        if users[back] > 1:
            shared += 1
            names[back] = "back.png" if shared == 1 else f"back-{shared}.png"
        else:
            names[back] = f"{card}-back.png"
    return names


def rasterise(deck: DeckFile, dpi: int) -> dict[str, Image.Image]:
    """Face key -> RGB image (PIL) of its page, `dpi` pixels per inch; each distinct face once."""
    import pypdfium2

    document = pypdfium2.PdfDocument(deck.data)
    images: dict[str, Image.Image] = {}
    try:
        for index, (_, face) in enumerate(deck.faces):
            if face in images:
                continue
            page = document[index]
            width_pt, height_pt = page.get_size()
            scale = dpi / 72
            image: Image.Image = page.render(scale=scale, may_draw_forms=True).to_pil()
            # PDFium rounds the pixel size up (198 pt at 300 dpi gives 826 px); keep the exact size: 825 px
            expected = (round(width_pt * scale), round(height_pt * scale))
            if image.size != expected:
                image = image.crop((0, 0, *expected))
            images[face] = image.convert("RGB")
            images[face].info["dpi"] = (dpi, dpi)  # written into the PNG, so it prints at the card's real size
            page.close()
        return images
    finally:
        document.close()
