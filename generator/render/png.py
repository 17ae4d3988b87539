"""PNG exports: every face at `png_dpi` including its full bleed, rasterised from our own print-on-demand pages.

PDFium (the PyPI package pypdfium2) draws the pages, so the PNGs show exactly what the PDFs print. A face that
many cards share (a common back) is rasterised and written once, under its face key.
"""
from __future__ import annotations

from .pod import DeckFile


def face_filename(face_key: str) -> str:
    """`travel/item/camera/1/front` -> `item-camera-1-front.png` (the game is already in the folder name)."""
    parts = face_key.split("/")
    return "-".join(parts[1:] if len(parts) > 1 else parts) + ".png"


def rasterise(deck: DeckFile, dpi: int) -> dict[str, object]:
    """Face key -> RGB image (PIL) of its page, `dpi` pixels per inch; each distinct face once."""
    import pypdfium2

    document = pypdfium2.PdfDocument(deck.data)
    images: dict[str, object] = {}
    try:
        for index, (_, face) in enumerate(deck.faces):
            if face in images:
                continue
            page = document[index]
            width_pt, height_pt = page.get_size()
            scale = dpi / 72
            image = page.render(scale=scale, may_draw_forms=True).to_pil()
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
