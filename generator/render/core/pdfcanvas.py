"""The canvas every PDF of the build is drawn on: ReportLab's, with colour strings resolved once per process and
binary streams.

The renderers name colours as hex strings ("#1f3b5a"). ReportLab resolves a string on every `setFillColor` call by
trying CSS syntax, named colours, a regular expression, `literal_eval` and a safe evaluator before `HexColor`: about
50 µs a call, tens of thousands of calls a build. The result for a given string is always the same colour, so it is
looked up once and the canvas receives the `Color` object, which writes exactly the same PDF operators.

ReportLab also wraps every compressed stream in ASCII85 by default (`rl_config.useA85`), a text encoding for 7-bit
channels that PDFs no longer travel through; without it the files are about a tenth smaller and written faster.
"""
from __future__ import annotations

from functools import lru_cache

from reportlab import rl_config
from reportlab.lib.colors import Color, toColor
from reportlab.pdfgen.canvas import Canvas

from .canvas import Colour


@lru_cache(maxsize=None)
def colour(name: str) -> Color:
    """The ReportLab colour a colour string stands for (what `setFillColor(name)` would resolve it to)."""
    return toColor(name)


class PdfCanvas(Canvas):  # type: ignore[misc]  # ReportLab ships no types: Canvas is Any to mypy
    """A ReportLab canvas that resolves each colour string once and writes binary streams (see the module
    docstring)."""

    def setFillColor(self, aColor: Colour, alpha: float | None = None) -> None:  # noqa: N802, N803
        super().setFillColor(colour(aColor) if isinstance(aColor, str) else aColor, alpha)

    def setStrokeColor(self, aColor: Colour, alpha: float | None = None) -> None:  # noqa: N802, N803
        super().setStrokeColor(colour(aColor) if isinstance(aColor, str) else aColor, alpha)

    def save(self) -> None:
        """Write the PDF with binary (not ASCII85) streams; ReportLab's global setting is left as it was."""
        ascii85 = rl_config.useA85
        rl_config.useA85 = 0
        try:
            super().save()
        finally:
            rl_config.useA85 = ascii85
