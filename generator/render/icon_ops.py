"""An icon as PDF drawing operators: written once from svglib's drawing, kept as text, pasted into any canvas's form.

Drawing an svglib `Drawing` means walking its node tree with ReportLab's renderPDF, which works out each node's state
and makes a couple of hundred canvas calls per icon; that walk, and parsing the SVG before it, is most of the cost of
an icon. `record` lets renderPDF draw the icon once into a form on a scratch canvas and keeps what it wrote there:
the operators (paths, fills, colours, line styles, transforms) and the transparency states they name. `paste` puts
them into a form on a real canvas, which then holds exactly what renderPDF would have written, without svglib or
renderPDF. What a form's operators come out as depends only on the drawing: ReportLab starts every form from a fresh
graphics state and writes every colour and line setting it is given.
"""
from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

#: transparency states a recorded icon may use, with the canvas call that sets each
ALPHA_SETTERS = {"ca": "setFillAlpha", "CA": "setStrokeAlpha"}


class RecordingError(ValueError):
    """The icon needs something a pasted form cannot carry: text, or a graphics state other than transparency."""


class _ScratchCanvas(Canvas):
    """Where an icon is recorded. renderPDF sets a font before drawing any drawing; an icon has no text, so the font
    would only put a font name in the operators (on the build's canvases it writes nothing either)."""

    def setFont(self, psfontname, size, leading=None):  # noqa: N802, N803 (ReportLab's names)
        """Nothing to write: an icon draws no text."""

    def drawString(self, *args, **kwargs):  # noqa: N802
        raise RecordingError("an icon with text cannot be recorded")


def record(drawing) -> tuple[str, list[list]]:
    """The operators renderPDF writes for `drawing` inside a form, and the [state, value] pairs they name, in the
    order ReportLab named them (gRLs0, gRLs1, ...)."""
    from reportlab.graphics import renderPDF

    canvas = _ScratchCanvas(io.BytesIO())
    canvas.beginForm("icon")
    renderPDF.draw(drawing, canvas, 0, 0)
    # ReportLab has no public reader for what a form holds so far: its operators and its graphics states
    code = "\n".join(canvas._code)
    states = [[key, value] for key, value in canvas._extgstate._c]
    unknown = sorted({key for key, _ in states} - ALPHA_SETTERS.keys())
    if unknown:
        raise RecordingError(f"an icon using the graphics state {', '.join(unknown)} cannot be recorded")
    return code, states


def paste(canvas, code: str, states: list[list]) -> None:
    """Write a recorded icon into the form `canvas` is drawing.

    The states are set first, in their recorded order, inside a saved state so nothing else changes: the form then
    names them as the recording did, which is what the operators refer to.
    """
    if states:
        canvas.saveState()
        for key, value in states:
            getattr(canvas, ALPHA_SETTERS[key])(value)
        canvas.restoreState()
    canvas.addLiteral(code)
