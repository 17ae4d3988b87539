"""OpenMoji icons as svg_ops draws them: every icon the cards use looks as svglib drew it and covers the same box,
path data is read by SVG's grammar and rules, and SVG outside the dialect is refused naming file, line and element.

svglib (a test dependency only) is the reference the icons were drawn with before svg_ops; both versions are drawn
into one PDF and rasterised with pypdfium2.
"""
from __future__ import annotations

import io
import math

import numpy as np
import pypdfium2
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Line
from reportlab.pdfgen.canvas import Canvas
from svglib.svglib import svg2rlg

from generator.content.load import load_content
from generator.render.core import disk_cache, icons, svg_ops
from generator.render.core.svg_ops import UnsupportedSvg
from generator.render.core.svg_path import PathData, PathDataError, arc_curves, parse_path
from generator.render.travel.cards import icon_codes

#: svglib draws an SVG user unit as 0.75 pt (px to pt); svg_ops draws it as 1 unit of the form
SVGLIB_PT_PER_UNIT = 0.75
GRID = 72.0
MARGIN = 8.0  # pt of page around the 72 pt grid: some artwork reaches past it
DPI = 200  # 245 x 245 pixels a page
#: a pixel differs when one of its channels differs by more than this (of 255): more than anti-aliasing changes
#: along an edge that moved by a small fraction of a pixel (arcs split into cubics a little differently, a fill's
#: edge under a stroke), less than a colour 10 % off (52 of the 65 used icons come out identical)
CHANNEL_TOLERANCE = 16
#: differing pixels allowed per icon. The smallest thing an icon draws, a dot 2 units wide, covers ~25 pixels at
#: this resolution, a 2-unit stroke ~6 pixels per unit of length: a missing, misplaced (by half a unit) or
#: miscoloured shape, or a stroke width 10 % off, changes hundreds. The worst used icon differs in 4 pixels.
MAX_DIFFERING_PIXELS = 10
#: how far the boxes may be apart, in grid units
BOUNDS_TOLERANCE = 0.5


@pytest.fixture(scope="module")
def used_codes() -> list[str]:
    return icon_codes(load_content().games["travel"])


# ---- every used icon against svglib ----------------------------------------------------------------------------


def _svglib_reference(code: str):
    """svglib's drawing of the icon, with its dots made lines 1/1000 unit long as svg_ops draws them.

    OpenMoji draws dots as lines of length zero; svglib nudges them by 1e-7 of their x, which rounds away when the
    operators are written, and pdfium draws a zero-length round-capped line shifted and too large."""
    drawing = svg2rlg(str(icons.icon_path(code)))

    def fix_dots(node) -> None:
        for child in getattr(node, "contents", ()):
            if isinstance(child, Line) and abs(child.x1 - child.x2) < 1e-4 and child.y1 == child.y2:
                child.x2 = child.x1 + svg_ops.DOT_LENGTH
            fix_dots(child)

    fix_dots(drawing)
    return drawing


def _rendered_pairs(codes: list[str]) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Each icon drawn by svglib and by svg_ops, on consecutive pages, as pixels.

    Both are drawn under the same chain of transforms (svglib's own 0.75 scale written out for svg_ops): pdfium
    rounds some edges to whole pixels after transforming, so chains that differ in the last bit of a float can move
    a flag's stripe by a whole pixel row at some resolutions."""
    side = GRID + 2 * MARGIN
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(side, side), invariant=1)
    for code in codes:
        drawing = _svglib_reference(code)
        for ours in (False, True):
            canvas.saveState()
            canvas.translate(MARGIN, MARGIN)
            canvas.scale(GRID / drawing.width, GRID / drawing.height)
            if ours:
                canvas.addLiteral(f"{SVGLIB_PT_PER_UNIT} 0 0 {SVGLIB_PT_PER_UNIT} 0 0 cm")
                canvas.addLiteral(icons.art(code).code)
            else:
                renderPDF.draw(drawing, canvas, 0, 0)
            canvas.restoreState()
            canvas.showPage()
    canvas.save()
    pdf = pypdfium2.PdfDocument(out.getvalue())
    pixels = [pdf[n].render(scale=DPI / 72).to_numpy()[:, :, :3].astype(int) for n in range(len(pdf))]
    return {code: (pixels[2 * n], pixels[2 * n + 1]) for n, code in enumerate(codes)}


def test_every_used_icon_looks_as_svglib_drew_it(used_codes):
    assert len(used_codes) == 65
    differing = {}
    for code, (reference, ours) in _rendered_pairs(used_codes).items():
        assert (reference < 250).any(), (code, "the reference draws nothing")
        differing[code] = int((np.abs(reference - ours).max(axis=2) > CHANNEL_TOLERANCE).sum())
    worst = sorted(differing.items(), key=lambda item: -item[1])[:5]
    assert worst[0][1] <= MAX_DIFFERING_PIXELS, worst


def test_every_used_icon_covers_the_box_svglib_measured(used_codes, monkeypatch):
    # ReportLab's Line.getBounds returns (x1, y1, x2, y2) unsorted, so svglib's box misses lines drawn right to left
    # or upwards (three used icons); the reference sorts them
    monkeypatch.setattr(Line, "getBounds", lambda line: (min(line.x1, line.x2), min(line.y1, line.y2),
                                                         max(line.x1, line.x2), max(line.y1, line.y2)))
    apart = {}
    for code in used_codes:
        art = icons.art(code)
        reference = [value / SVGLIB_PT_PER_UNIT for value in svg2rlg(str(icons.icon_path(code))).getBounds()]
        assert (art.width, art.height) == (GRID, GRID)
        apart[code] = max(abs(a - b) for a, b in zip((art.left, art.bottom, art.right, art.top), reference))
    assert max(apart.values()) <= BOUNDS_TOLERANCE, sorted(apart.items(), key=lambda item: -item[1])[:5]


# ---- whole documents -------------------------------------------------------------------------------------------


def write_svg(folder, body: str, name: str = "icon.svg"):
    """An SVG file whose first element inside <svg> starts at line 2, column 3."""
    path = folder / name
    path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 72">\n  {body}\n</svg>\n',
                    encoding="utf-8")
    return path


def test_inherited_paint_transforms_and_open_paths_as_operators(tmp_path):
    path = write_svg(tmp_path, """<g fill="#f00" stroke="#000" stroke-width="2" stroke-linecap="round">
    <rect x="1" y="2" width="3" height="4"/>
    <polyline fill="none" points="0 0 10 0"/>
    <path transform="translate(10 20) rotate(90)" stroke="none" d="M0 0 h5 v5"/>
    <path d="M30 30 l5 0 0 5"/>
  </g>""")
    icon = svg_ops.convert(path)
    assert icon["code"].split("\n") == [
        "q", "1 0 0 -1 0 72 cm", "[] 0 d",  # y flipped with the viewBox height; no dash whatever the caller set
        "1 0 0 rg", "0 0 0 RG", "2 w", "1 J", "0 j", "4 M",  # every setting once, miter limit 4 for miter joins
        "1 2 3 4 re", "B",  # filled, then stroked
        "0 0 m 10 0 l", "S",  # fill="none": stroked only
        "q", "0 1 -1 0 10 20 cm", "0 0 m 5 0 l 5 5 l h", "f", "Q",  # translate then rotate; stroke="none"
        "30 30 m 35 30 l 35 35 l h", "f", "30 30 m 35 30 l 35 35 l", "S",  # filled closed, stroked open
        "Q"]
    assert (icon["width"], icon["height"]) == (72.0, 72.0)
    # x from the polyline's 0 to the open path's 35; y from the rotated path's 25 (72 - 25 = 47) to the polyline's 0
    assert icon["bounds"] == [0.0, 37.0, 35.0, 72.0]


def test_defaults_colours_and_shapes(tmp_path):
    path = write_svg(tmp_path, """<circle cx="10" cy="10" r="2"/>
  <ellipse cx="0" cy="0" rx="2" ry="1" fill="#AbC" stroke="#123456"/>
  <line x1="5" y1="5" x2="5" y2="5" stroke="#000" stroke-linecap="round"/>
  <rect x="0" y="0" width="10" height="4" rx="1" fill="none" stroke="#000" stroke-linejoin="bevel"/>""")
    code = svg_ops.convert(path)["code"].split("\n")
    assert code[3:] == [
        "0 0 0 rg",  # fill defaults to black, stroke to none
        "12 10 m 12 11.10457 11.10457 12 10 12 c 8.895431 12 8 11.10457 8 10 c "
        "8 8.895431 8.895431 8 10 8 c 11.10457 8 12 8.895431 12 10 c h", "f",
        ".666667 .733333 .8 rg", ".070588 .203922 .337255 RG", "1 w", "0 J", "0 j", "4 M",  # #abc is #aabbcc
        "2 0 m 2 .552285 1.104569 1 0 1 c -1.104569 1 -2 .552285 -2 0 c -2 -0.552285 -1.104569 -1 0 -1 c "
        "1.104569 -1 2 -0.552285 2 0 c h", "B",
        "0 0 0 RG", "1 J", "5 5 m 5.001 5 l", "S",  # a dot: a line of length zero drawn 1/1000 long
        "0 J", "2 j", "1 0 m 9 0 l 9.552285 0 10 .447715 10 1 c 10 3 l 10 3.552285 9.552285 4 9 4 c 1 4 l "
        ".447715 4 0 3.552285 0 3 c 0 1 l 0 .447715 .447715 0 1 0 c h", "S",  # rx alone rounds both ways
        "Q"]


@pytest.mark.parametrize("body, message", [
    ('<path style="fill:red" d="M0 0 h1"/>', "<path>: attribute 'style' is not supported"),
    ('<g id="color" opacity=".5"/>', '<g id="color">: attribute \'opacity\' is not supported'),
    ('<path fill-opacity=".5" d="M0 0 h1"/>', "<path>: attribute 'fill-opacity' is not supported"),
    ('<linearGradient id="a"/>', '<linearGradient id="a">: this element is not supported'),
    ('<text x="1" y="2">A</text>', "<text>: text content is not supported"),
    ('<text x="1" y="2"/>', "<text>: this element is not supported"),
    ("<g>A</g>", "<g>: text content is not supported"),
    ('<path d="M0 0 T1 1"/>', "<path>: d: unsupported path command 'T'"),
    ('<path d="M0 0 L1 2.5e"/>', "<path>: d: malformed number or unexpected character 'e'"),
    ('<circle cx="1.2.3" cy="0" r="1"/>', '<circle>: cx="1.2.3" is not a number (units are not supported)'),
    ('<rect width="10px" height="5"/>', '<rect>: width="10px" is not a number (units are not supported)'),
    ('<rect x="1" height="5"/>', "<rect>: attribute 'width' is required"),
    ('<path fill="red" d="M0 0 h1"/>', '<path>: colour "red": only #rgb, #rrggbb and none are supported'),
    ('<path stroke-linejoin="arcs" d="M0 0 h1"/>', '<path>: stroke-linejoin="arcs" is not supported'),
    ('<g transform="skew(3)"/>', "<g>: transform skew with 1 numbers is not supported"),
    ('<g transform="scale(2) oops"/>', '<g>: transform="scale(2) oops" is malformed'),
    ('<polygon points="1 2 3"/>', "<polygon>: points needs pairs of numbers, got 3 numbers"),
    ('<circle cx="1" cy="1" r="-1"/>', "<circle>: a negative radius is an error"),
])
def test_svg_outside_the_dialect_is_refused_naming_file_line_and_element(tmp_path, body, message):
    path = write_svg(tmp_path, body)
    with pytest.raises(UnsupportedSvg) as caught:
        svg_ops.convert(path)
    assert str(caught.value) == f"{path}:2:3: {message}"


def test_malformed_xml_is_refused_at_its_position(tmp_path):
    path = write_svg(tmp_path, "<g><path d='M0 0'></g>")
    with pytest.raises(UnsupportedSvg) as caught:
        svg_ops.convert(path)
    assert str(caught.value) == f"{path}:2:23: not well-formed XML (mismatched tag)"


def test_an_icon_in_another_namespace_is_refused(tmp_path):
    path = tmp_path / "icon.svg"
    path.write_text('<svg viewBox="0 0 72 72"><path d="M0 0 h1"/></svg>', encoding="utf-8")
    with pytest.raises(UnsupportedSvg) as caught:
        svg_ops.convert(path)
    assert str(caught.value) == f"{path}:1:1: <svg>: the root element must be <svg> in the SVG namespace"


# ---- path data -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("d, kinds, values", [
    ("M1 2 L3 4 l1 1 H10 h-2 V0 v5 z", "MLLLLLLZ", [1, 2, 3, 4, 4, 5, 10, 5, 8, 5, 8, 0, 8, 5]),
    ("M1 2 3 4 5 6", "MLL", [1, 2, 3, 4, 5, 6]),  # pairs after a moveto are linetos
    ("m1 2 3 4 5 6", "MLL", [1, 2, 4, 6, 9, 12]),  # ... relative after a relative moveto
    ("M1 1 l2 0 z l0 2", "MLZML", [1, 1, 3, 1, 1, 1, 1, 3]),  # drawing on after z starts at the subpath's start
    ("M1 1 l2 0 z m1 1", "MLZM", [1, 1, 3, 1, 2, 2]),  # a relative moveto after z too
    ("M1e1-2.5L.5.5-1E-1,+2", "MLL", [10, -2.5, .5, .5, -.1, 2]),  # exponents, signs and dots separate numbers
    ("M0 0 C1 1 2 1 3 0 S5 -1 6 0", "MCC", [0, 0, 1, 1, 2, 1, 3, 0, 4, -1, 5, -1, 6, 0]),  # S reflects
    ("M0 0 L1 1 s1 1 2 0", "MLC", [0, 0, 1, 1, 1, 1, 2, 2, 3, 1]),  # ... the current point after no curve
    ("M0 0 c1 1 2 1 3 0 1 -1 2 -1 3 0", "MCC", [0, 0, 1, 1, 2, 1, 3, 0, 4, -1, 5, -1, 6, 0]),  # repeats, relative
    ("M0 0 Q3 3 6 0 q3 3 6 0", "MCC", [0, 0, 2, 2, 4, 2, 6, 0, 8, 2, 10, 2, 12, 0]),
    ("M0 0 A0 5 0 0 1 3 4", "ML", [0, 0, 3, 4]),  # a zero radius: a straight line
    ("M1 1 a5 5 0 0 1 0 0", "M", [1, 1]),  # an arc ending where it starts: nothing
    ("", "", []),
])
def test_path_data(d, kinds, values):
    assert parse_path(d) == (kinds, pytest.approx(values))


def _on_ellipse(data: PathData, cx: float, cy: float, rx: float, ry: float, degrees: float) -> bool:
    """Every on-curve point, and each cubic's midpoint, lies on the ellipse (within 1/1000 of its size)."""
    cos, sin = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    v = data.values
    points = [(v[0], v[1])]
    for i in range(2, len(v), 6):
        (x0, y0), (x1, y1, x2, y2, x3, y3) = points[-1], v[i:i + 6]
        points += [((x0 + 3 * x1 + 3 * x2 + x3) / 8, (y0 + 3 * y1 + 3 * y2 + y3) / 8), (x3, y3)]
    return all(abs(math.hypot((cos * (x - cx) + sin * (y - cy)) / rx, (-sin * (x - cx) + cos * (y - cy)) / ry) - 1)
               < 1e-3 for x, y in points)


@pytest.mark.parametrize("d, kinds, end, ellipse", [
    ("M0 0 A1 1 0 0 1 2 0", "MCC", (2, 0), (1, 0, 1, 1, 0)),  # half a circle: two quarters
    ("M0 0 A.5 .5 0 0 1 2 0", "MCC", (2, 0), (1, 0, 1, 1, 0)),  # radii too small for the endpoints are scaled up
    ("M0 0 A1 1 0 0 0 1 1", "MC", (1, 1), (1, 0, 1, 1, 0)),  # small arc, negative-angle direction
    ("M0 0 A1 1 0 0 1 1 1", "MC", (1, 1), (0, 1, 1, 1, 0)),  # small arc, positive-angle direction: other centre
    ("M0 0 A1 1 0 1 0 1 1", "MCCC", (1, 1), (0, 1, 1, 1, 0)),  # large arc: three quarters
    ("M0 0 A1 1 0 1 1 1 1", "MCCC", (1, 1), (1, 0, 1, 1, 0)),
    ("M0 0a1 1 0 111 1", "MCCC", (1, 1), (1, 0, 1, 1, 0)),  # flags run into the next number
    ("M0 0 A2 1 90 0 1 0 4", "MCC", (0, 4), (0, 2, 2, 1, 90)),  # rotated: the x radius lies along y
])
def test_arcs(d, kinds, end, ellipse):
    data = parse_path(d)
    assert data.kinds == kinds
    assert data.values[-2:] == list(end)
    assert _on_ellipse(data, *ellipse)


@pytest.mark.parametrize("d, message", [
    ("L1 2", "path data must start with a moveto (M or m), not 'L'"),
    ("10 M1 2", "path data must start with a moveto (M or m), not '10'"),
    ("M1", "'M' takes 2 numbers (or a multiple), found 1"),
    ("M1 2 L3 4 5", "'L' takes 2 numbers (or a multiple), found 3"),
    ("M1 2 z 3", "'z' takes no numbers"),
    ("M1 2 T3 4", "unsupported path command 'T'"),
    ("M1 2 L3 # 4", "malformed number or unexpected character '#'"),
    ("M1 2 L3 4e", "malformed number or unexpected character 'e'"),
    ("M1 2 L3 +", "malformed number or unexpected character '+'"),
    ("M0 0 a1 1 0 2 1 1 1", "an arc flag must be 0 or 1, found '2' after 'a'"),
    ("M0 0 a1 1 0 1e1 1 1", "an arc flag must be 0 or 1, found 'e1' after 'a'"),
    ("M0 0 h١", "path data must be ASCII"),
])
def test_malformed_path_data(d, message):
    with pytest.raises(PathDataError) as caught:
        parse_path(d)
    assert str(caught.value) == message


# ---- properties ------------------------------------------------------------------------------------------------

PATH_ALPHABET = "MmLlHhVvCcSsQqAaZzTte0123456789.,-+ "


@settings(max_examples=300)
@given(st.text(alphabet=PATH_ALPHABET, max_size=40))
def test_any_text_is_parsed_or_refused_never_crashes(d):
    try:
        data = parse_path(d)
    except PathDataError:
        return
    assert len(data.values) == sum({"M": 2, "L": 2, "C": 6, "Z": 0}[kind] for kind in data.kinds)


coordinate = st.integers(-200, 400).map(lambda n: n / 4)  # quarters: exact in binary, so relative forms are exact


@st.composite
def paths(draw):
    """A path as (its absolute segments, path data writing them in any of SVG's forms).

    The segments are M, L and C, and Z; the data uses absolute and relative commands, H and V for level lines, S
    for curves whose first control point mirrors the last one's, Q for cubics that are raised quadratics, implicit
    repeats and every way SVG allows of writing and separating numbers."""
    kinds, values, words = [], [], []
    x = y = start_x = start_y = 0.0  # the current point: relative commands count from it
    for _ in range(draw(st.integers(1, 3))):  # subpaths
        nx, ny = draw(coordinate), draw(coordinate)
        words.append(("m", [nx - x, ny - y]) if draw(st.booleans()) else ("M", [nx, ny]))
        kinds.append("M")
        values += [nx, ny]
        x, y = start_x, start_y = nx, ny
        mirror = None  # the last curve's second control point
        for _ in range(draw(st.integers(1, 4))):
            form = draw(st.sampled_from(["L", "H", "V", "C", "S", "Q"]))
            relative = draw(st.booleans())
            ox, oy = (x, y) if relative else (0.0, 0.0)
            if form in "LHV":
                nx = x if form == "V" else draw(coordinate)
                ny = y if form == "H" else draw(coordinate)
                numbers = {"L": [nx - ox, ny - oy], "H": [nx - ox], "V": [ny - oy]}[form]
                kinds.append("L")
                values += [nx, ny]
                mirror = None
            elif form == "Q":
                qx, qy, nx, ny = (draw(coordinate) for _ in range(4))
                numbers = [qx - ox, qy - oy, nx - ox, ny - oy]
                kinds.append("C")
                values += [x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), nx + 2 / 3 * (qx - nx),
                           ny + 2 / 3 * (qy - ny), nx, ny]
                mirror = None
            else:
                if form == "S":
                    x1, y1 = (2 * x - mirror[0], 2 * y - mirror[1]) if mirror else (x, y)
                else:
                    x1, y1 = draw(coordinate), draw(coordinate)
                x2, y2, nx, ny = (draw(coordinate) for _ in range(4))
                numbers = ([] if form == "S" else [x1 - ox, y1 - oy]) + [x2 - ox, y2 - oy, nx - ox, ny - oy]
                kinds.append("C")
                values += [x1, y1, x2, y2, nx, ny]
                mirror = (x2, y2)
            words.append((form.lower() if relative else form, numbers))
            x, y = nx, ny
        if draw(st.booleans()):
            words.append((draw(st.sampled_from("Zz")), []))
            kinds.append("Z")
            x, y = start_x, start_y
    return PathData("".join(kinds), values), _write(draw, words)


def _number_text(draw, value: float) -> str:
    text = f"{value:g}" if value == int(value) else repr(value)
    form = draw(st.sampled_from(["plain", "plus", "exponent", "dot"]))
    if form == "plus" and value >= 0:
        return "+" + text
    if form == "exponent":
        return f"{value * 100:g}e-2"
    if form == "dot" and 0 < abs(value) < 1:
        return text.replace("0.", ".", 1)
    return text


def _write(draw, words: list[tuple[str, list[float]]]) -> str:
    """Path data for the words: a letter left out where SVG repeats the last command (linetos after a moveto),
    numbers separated by spaces or commas, or by nothing where a sign or a second dot separates them."""
    out = ""
    previous = ""  # the command an implicit repeat would be
    for letter, numbers in words:
        if letter == previous and letter not in "Zz" and draw(st.booleans()):
            out += draw(st.sampled_from([" ", ","]))
        else:
            out += draw(st.sampled_from(["", " "])) + letter + draw(st.sampled_from(["", " "]))
        last = ""
        for number in numbers:
            text = _number_text(draw, number)
            if last:
                tight = text[0] in "+-" or text[0] == "." and ("." in last or "e" in last)
                out += draw(st.sampled_from(["", " ", ","] if tight else [" ", ",", ", "]))
            out += text
            last = text
        previous = {"M": "L", "m": "l"}.get(letter, letter)
    return out


@settings(max_examples=300)
@given(paths())
def test_path_data_in_any_form_reads_as_its_segments(case):
    expected, d = case
    data = parse_path(d)
    assert data.kinds == expected.kinds, d
    assert data.values == pytest.approx(expected.values, abs=1e-9), d


@settings(max_examples=30)
@given(paths())
def test_a_filled_path_covers_its_points_through_pdfium(tmp_path_factory, case):
    """Written as operators, filled in a PDF and read back, a path's box (pdfium: every point, control points
    included) is its segments' points, y flipped by the viewBox."""
    expected, d = case
    folder = tmp_path_factory.mktemp("path")
    path = folder / "icon.svg"
    path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-100 -100 600 600"><path d="{d}"/></svg>',
                    encoding="utf-8")
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(600, 600), invariant=1)
    canvas.addLiteral(svg_ops.convert(path)["code"])
    canvas.showPage()
    canvas.save()
    page = pypdfium2.PdfDocument(out.getvalue())[0]
    boxes = [obj.get_bounds() for obj in page.get_objects()]
    xs, ys = expected.values[0::2], expected.values[1::2]
    left, bottom, right, top = min(box[0] for box in boxes), min(box[1] for box in boxes), \
        max(box[2] for box in boxes), max(box[3] for box in boxes)
    assert [left, bottom, right, top] == pytest.approx(
        [min(xs) + 100, 500 - max(ys), max(xs) + 100, 500 - min(ys)], abs=1e-3), d


@settings(max_examples=300)
@given(st.tuples(coordinate, coordinate, coordinate, coordinate), st.floats(0.25, 100), st.floats(0.25, 100),
       st.floats(-360, 360), st.booleans(), st.booleans())
def test_arcs_follow_their_ellipse_in_the_flagged_direction(ends, rx, ry, angle, large, sweep):
    """The centre is found geometrically, not by the spec's formulas that svg_ops uses: where the ellipse is a circle
    (rotated by -angle, y stretched by rx / ry), the centre lies on the endpoints' bisector, left of start -> end
    when the arc turns the positive way (sweep) and is the small one, right otherwise."""
    x1, y1, x2, y2 = ends
    data = arc_curves(x1, y1, rx, ry, angle, large, sweep, x2, y2)
    if (x1, y1) == (x2, y2):
        assert data == ("", [])
        return
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))

    def to_circle(x: float, y: float) -> tuple[float, float]:
        return cos * x + sin * y, (-sin * x + cos * y) * rx / ry

    (ax, ay), (bx, by) = to_circle(x1, y1), to_circle(x2, y2)
    chord = math.hypot(bx - ax, by - ay)
    r = max(rx, chord / 2)  # radii too small for the endpoints are scaled up until the arc is half an ellipse
    off = math.sqrt(max(0.0, r * r - chord * chord / 4)) * (1 if sweep != large else -1)
    cx, cy = (ax + bx) / 2 - off * (by - ay) / chord, (ay + by) / 2 + off * (bx - ax) / chord
    points = [(x1, y1)]
    v = data.values
    for i in range(0, len(v), 6):
        (x0, y0), (p1, q1, p2, q2, p3, q3) = points[-1], v[i:i + 6]
        points += [((x0 + 3 * p1 + 3 * p2 + p3) / 8, (y0 + 3 * q1 + 3 * q2 + q3) / 8), (p3, q3)]
    assert data.kinds == "C" * len(data.kinds) and 1 <= len(data.kinds) <= 4
    assert points[-1] == (x2, y2)
    on_circle = [to_circle(x, y) for x, y in points]
    assert all(abs(math.hypot(x - cx, y - cy) - r) < 1e-3 * r for x, y in on_circle)
    turn = sum(math.remainder(math.atan2(b[1] - cy, b[0] - cx) - math.atan2(a[1] - cy, a[0] - cx), 2 * math.pi)
               for a, b in zip(on_circle, on_circle[1:]))
    assert (turn > 0) == sweep
    assert abs(abs(turn) - math.pi) < 1e-6 or (abs(turn) > math.pi) == large
    assert abs(turn) / len(data.kinds) <= math.pi / 2 + 1e-6  # a half ellipse (radii scaled up) is 2 x 90° give or take rounding


# ---- the build's cache of converted icons ----------------------------------------------------------------------


def test_a_build_keeps_each_icon_and_reads_back_exactly_what_converting_gives(tmp_path):
    path = icons.icon_path("1F4F7")
    with disk_cache.kept_in(tmp_path):
        first = icons._converted(*icons.icon_file("1F4F7"))
        [kept] = (tmp_path / "icons").rglob("1F4F7-*.json")
        again = icons._converted(*icons.icon_file("1F4F7"))
    assert first == again == svg_ops.convert(path)


@pytest.mark.parametrize("broken", [b"{not json", b'{"code": "q Q"}', b"[" * 100_000 + b"]" * 100_000,
                                    b'{"code": "q Q", "width": 72, "height": 72, "bounds": [0, 0, 1e999, 1]}',
                                    b'{"code": 1, "width": 72, "height": 72, "bounds": [0, 0, 1, 1]}'])
def test_a_kept_icon_that_does_not_load_is_converted_again(tmp_path, broken):
    """A kept icon is data from a shared folder: anything but the shape converting makes is converted again."""
    path = icons.icon_path("1F4F7")
    with disk_cache.kept_in(tmp_path):
        icons._converted(*icons.icon_file("1F4F7"))
        [kept] = (tmp_path / "icons").rglob("1F4F7-*.json")
        kept.write_bytes(broken)
        assert icons._converted(*icons.icon_file("1F4F7")) == svg_ops.convert(path)


# ---- no card icon is a picture on a square sky ------------------------------------------------------------------


def _square_backgrounds(code: str) -> list[str]:
    """The filled rectangles of an icon that cover nearly its whole 72-unit grid (OpenMoji's 1F304 and 1F306 paint
    their sky as one 64 x 64 square, which looks pasted in beside icons drawn on nothing)."""
    import xml.etree.ElementTree as ET

    found = []
    for element in ET.parse(icons.icon_path(code)).iter():
        if element.tag.rsplit("}", 1)[-1] == "rect" and element.get("fill", "none") != "none":
            if float(element.get("width", 0)) >= 56 and float(element.get("height", 0)) >= 56:
                found.append(element.get("fill"))
    return found


def test_no_card_icon_but_a_flag_is_drawn_on_a_square_background(used_codes):
    """Flags are rectangles and fill their boxes; every other icon stands on the card as OpenMoji draws its objects.
    The sunrise and city postcards use the kit's own drawings (E901, E902: 1F304 and 1F307 without their skies)."""
    def flag(code: str) -> bool:  # a pair of regional indicators
        return all(icons.REGIONAL_A <= int(part, 16) <= icons.REGIONAL_A + 25 for part in code.split("-"))

    squares = {code: found for code in used_codes if not flag(code) and (found := _square_backgrounds(code))}
    assert squares == {}
    assert all(map(_square_backgrounds, ("1F304", "1F306", "1F307")))  # the check sees what it is for
    postcards = {card.id: card.icon for card in load_content().games["travel"].postcards}
    assert postcards["postcard-sunrise"] == "E901" and postcards["postcard-city"] == "E902"
