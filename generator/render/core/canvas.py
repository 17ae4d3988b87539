"""What the renderers call on a ReportLab canvas, as a Protocol: ReportLab ships no types, so this is where mypy
learns the calls we make (names, arguments, results) and checks every drawing function against them.

The canvases themselves are ReportLab's (`pdfcanvas.PdfCanvas`, fitcheck's measuring Canvas), which mypy sees as
`Any` and so accepts wherever a `DrawingCanvas` is asked for; a call this protocol does not list is an error in the
code that makes it, until it is listed here with ReportLab's own signature.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, Sequence, Union

from reportlab.lib import units

if TYPE_CHECKING:
    from reportlab.lib.colors import Color
    from reportlab.pdfbase.pdfdoc import PDFDocument

#: ReportLab's millimetre in points, typed (its own value, not 72 / 25.4, which differs in the last bit)
mm: float = units.mm

#: a colour as the renderers name it: a hex string ("#1f3b5a"), or a ReportLab Color
Colour = Union[str, "Color"]


class PathPen(Protocol):
    """A path being built (`DrawingCanvas.beginPath()`: ReportLab's PDFPathObject)."""

    def moveTo(self, x: float, y: float, /) -> None: ...  # noqa: N802 (ReportLab's names)
    def lineTo(self, x: float, y: float, /) -> None: ...  # noqa: N802
    def curveTo(self, x1: float, y1: float, x2: float, y2: float, x3: float, y3: float, /) -> None: ...  # noqa: N802
    def rect(self, x: float, y: float, width: float, height: float, /) -> None: ...
    def roundRect(self, x: float, y: float, width: float, height: float, radius: float, /) -> None: ...  # noqa: N802
    def circle(self, x_cen: float, y_cen: float, r: float, /) -> None: ...
    def close(self) -> None: ...


class DrawingCanvas(Protocol):
    """The calls the renderers make on a ReportLab canvas, with ReportLab's parameter names (stroke=, fill= ...)."""

    # the document, for what ReportLab keeps per document (font subsets, form XObjects)
    _doc: PDFDocument

    # state and coordinates
    def saveState(self) -> None: ...  # noqa: N802
    def restoreState(self) -> None: ...  # noqa: N802
    def translate(self, dx: float, dy: float, /) -> None: ...
    def rotate(self, theta: float, /) -> None: ...
    def scale(self, x: float, y: float, /) -> None: ...
    def transform(self, a: float, b: float, c: float, d: float, e: float, f: float, /) -> None: ...

    # colours and lines
    def setFillColor(self, aColor: Colour, /, alpha: float | None = None) -> None: ...  # noqa: N802, N803
    def setStrokeColor(self, aColor: Colour, /, alpha: float | None = None) -> None: ...  # noqa: N802, N803
    def setFillGray(self, gray: float, /, alpha: float | None = None) -> None: ...  # noqa: N802
    def setStrokeGray(self, gray: float, /, alpha: float | None = None) -> None: ...  # noqa: N802
    def setLineWidth(self, width: float, /) -> None: ...  # noqa: N802
    def setLineCap(self, mode: int, /) -> None: ...  # noqa: N802
    def setDash(self, array: Sequence[float] | float = ..., phase: float = 0) -> None: ...  # noqa: N802

    # shapes and paths
    def line(self, x1: float, y1: float, x2: float, y2: float, /) -> None: ...
    def lines(self, linelist: Sequence[tuple[float, float, float, float]], /) -> None: ...
    def rect(self, x: float, y: float, width: float, height: float, /, stroke: int = 1, fill: int = 0) -> None: ...
    def roundRect(self, x: float, y: float, width: float, height: float, radius: float, /,  # noqa: N802
                  stroke: int = 1, fill: int = 0) -> None: ...
    def circle(self, x_cen: float, y_cen: float, r: float, /, stroke: int = 1, fill: int = 0) -> None: ...
    def ellipse(self, x1: float, y1: float, x2: float, y2: float, /, stroke: int = 1, fill: int = 0) -> None: ...
    def beginPath(self) -> PathPen: ...  # noqa: N802
    def drawPath(self, aPath: PathPen, /, stroke: int = 1, fill: int = 0,  # noqa: N802, N803
                 fillMode: int | None = None) -> None: ...  # noqa: N803
    def clipPath(self, aPath: PathPen, /, stroke: int = 1, fill: int = 0,  # noqa: N802, N803
                 fillMode: int | None = None) -> None: ...  # noqa: N803

    # text
    def setFont(self, psfontname: str, size: float, /, leading: float | None = None) -> None: ...  # noqa: N802
    def drawString(self, x: float, y: float, text: str, /, mode: int | None = None,  # noqa: N802
                   charSpace: float = 0) -> None: ...  # noqa: N803
    def drawCentredString(self, x: float, y: float, text: str, /, mode: int | None = None,  # noqa: N802
                          charSpace: float = 0) -> None: ...  # noqa: N803
    def drawRightString(self, x: float, y: float, text: str, /, mode: int | None = None,  # noqa: N802
                        charSpace: float = 0) -> None: ...  # noqa: N803
    def stringWidth(self, text: str, /, fontName: str | None = None,  # noqa: N802, N803
                    fontSize: float | None = None) -> float: ...  # noqa: N803

    # form XObjects (an icon drawn once per document, placed many times)
    def beginForm(self, name: str, /, lowerx: float = 0, lowery: float = 0, upperx: float | None = None,  # noqa: N802
                  uppery: float | None = None) -> None: ...
    def endForm(self) -> None: ...  # noqa: N802
    def hasForm(self, name: str, /) -> bool: ...  # noqa: N802
    def doForm(self, name: str, /) -> None: ...  # noqa: N802
    def addLiteral(self, s: str, /, escaped: int = 1) -> None: ...  # noqa: N802

    # pages and the document
    def setPageSize(self, size: tuple[float, float], /) -> None: ...  # noqa: N802
    def setTrimBox(self, size: tuple[float, float, float, float] | None, /) -> None: ...  # noqa: N802
    def setBleedBox(self, size: tuple[float, float, float, float] | None, /) -> None: ...  # noqa: N802
    def setTitle(self, title: str, /) -> None: ...  # noqa: N802
    def setViewerPreference(self, pref: str, value: str, /) -> None: ...  # noqa: N802
    def bookmarkPage(self, key: str, /) -> None: ...  # noqa: N802
    def addOutlineEntry(self, title: str, key: str, /, level: int = 0, closed: bool | None = None) -> None: ...  # noqa: N802
    def showPage(self) -> None: ...  # noqa: N802
    def save(self) -> None: ...
