"""The frame system of the travel cards: a thin keyline on the safe-area line and a quiet pattern in the bleed band
that says what a card is before its word is read.

The band is the colour field from the bleed edge to just outside the keyline. Its pattern runs on past the trim
into the bleed, so a card cut a millimetre off still shows an even pattern at every edge: luggage-tag stripes for
items, a stamp's perforations on the trim for passports, hazard stripes for forbidden items and airmail stripes for
postcards. The keyline sits 3 mm inside the trim (the safe area), where no cutting error reaches it. Each pattern
is one path of many sub-paths in one ink (two for airmail), clipped to the band, so a face costs a few operators
more, not one per stripe. The ink-saver edition draws neither pattern nor keyline: its field is white and its
panel's coloured outline already frames the card (the keyline alone cost 2 points of page coverage there).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from reportlab.pdfgen.canvas import FILL_EVEN_ODD

from ..core.canvas import DrawingCanvas, mm
from ..core.colour import WHITE, mix

#: the inks of the patterns (and of the cards and backs that share them)
AIRMAIL_RED = "#d23c3c"
AIRMAIL_BLUE = "#2c5aa0"
WARNING_YELLOW = "#f6c915"
#: an airmail envelope's edge: red, white, blue, white
AIRMAIL_INKS = (AIRMAIL_RED, WHITE, AIRMAIL_BLUE, WHITE)

#: the keyline: on the safe-area line (3 mm inside the trim), thin, a lighter tone of the field
KEYLINE_INSET = 3.0 * mm
KEYLINE_WIDTH = 0.5
KEYLINE_RADIUS = 2.0 * mm
#: the pattern stops this far outside the keyline, so the keyline reads as a line of its own
BAND_AIR = 0.7 * mm
#: how far each pattern's ink leans from the field towards its own colour: quiet, a texture rather than a picture
QUIET = 0.16
STRIPE_PERIOD = 3.4 * mm
STRIPE_WIDTH = 1.3 * mm
PERFORATION_STEP = 2.4 * mm
PERFORATION_RADIUS = 0.75 * mm


class Pattern(Enum):
    """The bleed band's pattern of a card kind."""

    NONE = "none"
    LUGGAGE = "luggage"  # diagonal stripes, as on a luggage tag's edge
    PERFORATION = "perforation"  # half-discs on the trim, as a stamp's torn perforations
    HAZARD = "hazard"  # yellow diagonal stripes on the dark field, as the forbidden card's own band
    AIRMAIL = "airmail"  # red and blue diagonal stripes, as an airmail envelope's edge


#: each kind's pattern; a kind not named here has a plain band
PATTERNS = {"item": Pattern.LUGGAGE, "passport": Pattern.PERFORATION, "forbidden": Pattern.HAZARD,
            "postcard": Pattern.AIRMAIL}


def pattern_of(kind: str) -> Pattern:
    return PATTERNS.get(kind, Pattern.NONE)


@dataclass(frozen=True)
class Band:
    """The keyline and the band pattern of one card: drawn after the field, before the header and the panel."""

    field: str
    keyline: str | None
    pattern: Pattern

    def draw(self, canvas: DrawingCanvas, w: float, h: float, bleed: float) -> None:
        """Draw the band: defined once per PDF (per band, card size and bleed) as a Form XObject, then placed on
        every card that has it, so 32 item cards cost one pattern, not 32."""
        if self.keyline is None and self.pattern is Pattern.NONE:
            return
        name = (f"band-{self.pattern.value}-{self.field.lstrip('#')}-{(self.keyline or '').lstrip('#')}-"
                f"{round(w * 100)}x{round(h * 100)}-{round(bleed * 1000)}")
        if not canvas.hasForm(name):
            pad = bleed + 1  # a bounding box exactly on the art's edge clips a hairline off it in some viewers
            canvas.beginForm(name, -pad, -pad, w + pad, h + pad)
            self._paint(canvas, w, h, bleed)
            canvas.endForm()
        canvas.doForm(name)

    def _paint(self, canvas: DrawingCanvas, w: float, h: float, bleed: float) -> None:
        if self.pattern is not Pattern.NONE:
            canvas.saveState()
            clip = canvas.beginPath()
            clip.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed)
            inner = KEYLINE_INSET - BAND_AIR
            clip.roundRect(inner, inner, w - 2 * inner, h - 2 * inner, KEYLINE_RADIUS + BAND_AIR)
            canvas.clipPath(clip, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
            _PAINTERS[self.pattern](self, canvas, w, h, bleed)
            canvas.restoreState()
        if self.keyline is None:
            return
        canvas.setStrokeColor(self.keyline)
        canvas.setLineWidth(KEYLINE_WIDTH)
        k = KEYLINE_INSET
        canvas.roundRect(k, k, w - 2 * k, h - 2 * k, KEYLINE_RADIUS, stroke=1, fill=0)

def stripes(canvas: DrawingCanvas, field: str, w: float, h: float, bleed: float, inks: tuple[str, ...],
            quiet: float = QUIET) -> None:
    """Stripes at 45° across the whole card out to its bleed's edge, every `len(inks)`-th in each ink, each ink
    leaning `quiet` of the way from `field` towards itself (a band's clip keeps them to the band)."""
    reach = w + h + 4 * bleed
    edge = (-bleed, -bleed, w + bleed, h + bleed)
    for n, ink in enumerate(inks):
        path = canvas.beginPath()
        x = -bleed - h - 2 * bleed + n * STRIPE_PERIOD
        while x < w + bleed:
            stripe = [(x, -bleed), (x + STRIPE_WIDTH, -bleed), (x + STRIPE_WIDTH + reach, -bleed + reach),
                      (x + reach, -bleed + reach)]
            corners = _inside(stripe, edge)
            if corners:
                path.moveTo(*corners[0])
                for corner in corners[1:]:
                    path.lineTo(*corner)
                path.close()
            x += STRIPE_PERIOD * len(inks)
        canvas.setFillColor(mix(ink, field, 1 - quiet))
        canvas.drawPath(path, stroke=0, fill=1)


def _inside(polygon: list[tuple[float, float]], box: tuple[float, float, float, float]) -> list[tuple[float, float]]:
    """The part of a convex `polygon` inside `box` (x0, y0, x1, y1), by cutting it with each side in turn: a stripe
    ends at the bleed's edge itself, so a card drawn anywhere (a rulebook's fan) marks nothing beyond it."""
    x0, y0, x1, y1 = box
    sides = ((0, x0, 1.0), (0, x1, -1.0), (1, y0, 1.0), (1, y1, -1.0))  # (axis, line, which way is in)
    points = polygon
    for axis, line, way in sides:
        kept: list[tuple[float, float]] = []
        for k, here in enumerate(points):
            before = points[k - 1]
            here_in, before_in = (here[axis] - line) * way >= 0, (before[axis] - line) * way >= 0
            if here_in != before_in:
                t = (line - before[axis]) / (here[axis] - before[axis])
                kept.append((before[0] + t * (here[0] - before[0]), before[1] + t * (here[1] - before[1])))
            if here_in:
                kept.append(here)
        points = kept
        if not points:
            break
    return points


def _luggage(band: Band, canvas: DrawingCanvas, w: float, h: float, bleed: float) -> None:
    stripes(canvas, band.field, w, h, bleed, (WHITE,))


def _hazard(band: Band, canvas: DrawingCanvas, w: float, h: float, bleed: float) -> None:
    stripes(canvas, band.field, w, h, bleed, (WARNING_YELLOW,))


def _airmail(band: Band, canvas: DrawingCanvas, w: float, h: float, bleed: float) -> None:
    stripes(canvas, band.field, w, h, bleed, AIRMAIL_INKS)


def _perforation(band: Band, canvas: DrawingCanvas, w: float, h: float, bleed: float) -> None:
    """Discs centred on the trim line, evenly spaced along each edge from corner to corner (so the corners match):
    cut on the trim, each edge shows a row of half-discs."""
    path = canvas.beginPath()
    for length, edge in ((w, "h"), (h, "v")):
        count = max(1, round(length / PERFORATION_STEP))
        step = length / count
        for i in range(count + 1):
            t = i * step
            for fixed in (0.0, h if edge == "h" else w):
                x, y = (t, fixed) if edge == "h" else (fixed, t)
                path.circle(x, y, PERFORATION_RADIUS)
    canvas.setFillColor(mix(WHITE, band.field, 1 - 1.25 * QUIET))  # small marks: a little more than stripes
    canvas.drawPath(path, stroke=0, fill=1)


_PAINTERS = {Pattern.LUGGAGE: _luggage, Pattern.PERFORATION: _perforation, Pattern.HAZARD: _hazard,
             Pattern.AIRMAIL: _airmail}


def band(kind: str, colour: str, field: str, ink_saver: bool) -> Band:
    """The band of a card of `kind` (its colour `colour`) on a field of `field`: its pattern and the keyline, a
    lighter tone of the kind's colour, unless the edition saves ink."""
    keyline = None if ink_saver else mix(colour, WHITE, 0.4)
    return Band(field, keyline, Pattern.NONE if ink_saver else pattern_of(kind))
