"""Text fitting stays linear in the length of a text: a word of 10,000 and of 100,000 characters, Latin and
Japanese, fitted into a card's text box (as lint's fit check does for a text that does not fit). Each is timed
alone (median of 3); the target is ten times the length in at most twenty times the time (near-linear), and the long
word well under a second."""
from __future__ import annotations

import statistics
import time

from ...bench import Row
from ...content.load import load_content
from . import textfit
from .fonts import fonts_for

CARD_TEXT_W, CARD_TEXT_H = 144.85, 80.0  # pt


def _seconds(text: str, font: str, lang: str) -> float:
    times = []
    for _ in range(3):
        textfit.unit_width.cache_clear()
        start = time.perf_counter()
        textfit.fit(text, font, CARD_TEXT_W, CARD_TEXT_H, 9, 7, lang=lang)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run() -> list[Row]:
    font = fonts_for(load_content(), "ja").regular
    rows: list[Row] = []
    for lang, letter in (("en", "a"), ("ja", "あ")):
        short, long = _seconds(letter * 10_000, font, lang), _seconds(letter * 100_000, font, lang)
        rows.append({"name": f"fit a 100,000-character word ({lang})", "value": round(long, 3), "unit": "s",
                     "target": "< 2 s and < 20x the 10,000-character word", "ok": long < 2 and long < 20 * short,
                     "detail": f"10,000 characters: {short:.3f} s; ratio {long / short:.1f}"})
    return rows
