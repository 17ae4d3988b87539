"""OpenMoji SVG icons as PDF drawing operators, read with the standard library alone.

OpenMoji's SVGs use a small, regular part of SVG: groups, paths and the basic shapes, painted with solid colours and
plain strokes, sometimes transformed. `convert` turns exactly that part into the operators that draw the icon inside
a Form XObject, in ReportLab's coordinates (origin bottom-left, y up, one unit per SVG user unit of the viewBox), in
under a millisecond per icon, without svglib or lxml (path data is read by svg_path). Anything outside that part
(another element or attribute, opacity, gradients, text, a malformed number) raises `UnsupportedSvg` naming the
file, line and element: an icon we cannot draw exactly is refused, never drawn wrongly.
"""
from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path
from typing import Callable, NamedTuple, TypedDict
from xml.parsers import expat

from reportlab.lib.rl_accel import fp_str

from ... import files
from .svg_path import NUMBER, PathData, PathDataError, parse_path

SVG_NS = "http://www.w3.org/2000/svg"
#: presentation attributes, inherited from <svg> and <g> down to the shapes
PAINT_ATTRS = frozenset({"fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit"})
#: the attributes each element may carry
ELEMENT_ATTRS = {tag: PAINT_ATTRS | {"id"} | attrs for tag, attrs in {
    "svg": {"viewBox", "version"},
    "g": {"transform"},
    "path": {"transform", "d"},
    "rect": {"transform", "x", "y", "width", "height", "rx", "ry"},
    "circle": {"transform", "cx", "cy", "r"},
    "ellipse": {"transform", "cx", "cy", "rx", "ry"},
    "line": {"transform", "x1", "y1", "x2", "y2"},
    "polyline": {"transform", "points"},
    "polygon": {"transform", "points"},
}.items()}
LINE_CAPS = {"butt": 0, "round": 1, "square": 2}
LINE_JOINS = {"miter": 0, "round": 1, "bevel": 2}
#: length of the line drawn for a line whose points coincide
DOT_LENGTH = 1e-3
#: distance of a cubic's control points from its ends for a quarter circle of radius 1
KAPPA = 4 / 3 * (math.sqrt(2) - 1)
_NUMBER = re.compile(NUMBER)
_LIST_TOKEN = re.compile(rf"{NUMBER}|[^\s,]")
_TRANSFORM = re.compile(r"\s*,?\s*([A-Za-z]+)\s*\(([^()]*)\)")
_HEX_COLOUR = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
#: an affine transform (a, b, c, d, e, f), as PDF's `cm` takes it
Matrix = tuple[float, float, float, float, float, float]
#: a colour's red, green and blue, each 0 to 1
Rgb = tuple[float, float, float]
#: a graphics state setting the operators write: a colour, or a width, cap, join or miter limit
Setting = Rgb | float | int
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


class ConvertedIcon(TypedDict):
    """What `convert` gives (and the icon cache keeps as JSON): the viewBox's size, the box the shapes cover, and
    the operators that draw them."""

    width: float
    height: float
    bounds: list[float]
    code: str


class Paint(NamedTuple):
    """The presentation attributes in force, parsed; the defaults are SVG's initial values."""

    fill: Rgb | None = (0.0, 0.0, 0.0)
    stroke: Rgb | None = None
    stroke_width: float = 1.0
    stroke_linecap: int = 0
    stroke_linejoin: int = 0
    stroke_miterlimit: float = 4.0


class UnsupportedSvg(ValueError):
    """The SVG uses something outside the dialect `convert` draws exactly, or is malformed."""


# ---- the document ----------------------------------------------------------------------------------------------


class _Node:
    __slots__ = ("tag", "attrs", "line", "col", "children")

    def __init__(self, tag: str, attrs: dict[str, str], line: int, col: int) -> None:
        self.tag, self.attrs, self.line, self.col = tag, attrs, line, col
        self.children: list[_Node] = []


def _read_tree(path: Path, data: bytes) -> _Node:
    """The file's elements with their positions (expat directly: ElementTree keeps no line numbers)."""
    parser = expat.ParserCreate(namespace_separator=" ")
    stack: list[_Node] = []
    found: list[_Node] = []

    def start(name: str, attrs: dict[str, str]) -> None:
        node = _Node(name, attrs, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        if stack:
            stack[-1].children.append(node)
        else:
            found.append(node)
        stack.append(node)

    def text(data: str) -> None:
        if data.strip():
            raise _problem(path, stack[-1], "text content is not supported")

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda name: stack.pop()
    parser.CharacterDataHandler = text
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        problem = expat.ErrorString(exc.code)
        raise UnsupportedSvg(f"{path}:{exc.lineno}:{exc.offset + 1}: not well-formed XML ({problem})") from None
    return found[0]


def _problem(path: Path, node: _Node, what: str) -> UnsupportedSvg:
    tag = node.tag.removeprefix(SVG_NS + " ")
    name = f"<{tag} id=\"{node.attrs['id']}\">" if "id" in node.attrs else f"<{tag}>"
    return UnsupportedSvg(f"{path}:{node.line}:{node.col}: {name}: {what}")


def convert(path: Path | str, data: bytes | None = None) -> ConvertedIcon:
    """The icon at `path` (its bytes `data`, when the caller has read them through the file boundary) as {"width", "height", "bounds": [left, bottom, right, top], "code"}.

    `code` draws the icon with (0, 0) at the bottom-left corner of its viewBox; `bounds` is the box its shapes'
    outlines cover (without stroke widths), each shape's box carried through each transform as the box of its
    transformed corners, as svglib's `Drawing.getBounds` measures (but for its lines drawn right to left or
    upwards, which it misses: ReportLab does not sort a Line's ends). Raises UnsupportedSvg (opacity, for one, is
    refused, so the code never needs a graphics state of its form's own).
    """
    path = Path(path)
    root = _read_tree(path, files.bytes_of(path) if data is None else data)
    if root.tag != f"{SVG_NS} svg":
        raise _problem(path, root, "the root element must be <svg> in the SVG namespace")
    _check_attrs(path, root)
    if "viewBox" not in root.attrs:
        raise _problem(path, root, "a viewBox is required")
    view = _numbers(path, root, "viewBox")
    if len(view) != 4 or view[2] <= 0 or view[3] <= 0:
        raise _problem(path, root, f"viewBox=\"{root.attrs['viewBox']}\" must be four numbers, positive size")
    vx, vy, width, height = view
    writer = _Writer()
    writer.ops.append(f"q\n1 0 0 -1 {fp_str(-vx, vy + height)} cm\n[] 0 d")
    box = _draw_children(path, root, _paint(path, root, Paint()), writer)
    writer.ops.append("Q")
    if box is None:
        raise _problem(path, root, "the icon draws nothing")
    left, top, right, bottom = box
    return {"width": width, "height": height,
            "bounds": [left - vx, vy + height - bottom, right - vx, vy + height - top],
            "code": "\n".join(writer.ops)}


def _draw_children(path: Path, node: _Node, paint: Paint, writer: _Writer) -> list[float] | None:
    """Draw `node`'s children; return the box (x0, y0, x1, y1) they cover in `node`'s coordinates, or None."""
    box = None
    for child in node.children:
        tag = child.tag.removeprefix(SVG_NS + " ")
        if tag == child.tag or tag not in ELEMENT_ATTRS or tag == "svg":
            raise _problem(path, child, "this element is not supported")
        _check_attrs(path, child)
        child_paint = _paint(path, child, paint)
        matrix = _transform(path, child)
        if matrix is not None:
            writer.push(matrix)
        if tag == "g":
            child_box = _draw_children(path, child, child_paint, writer)
        else:
            child_box = _draw_shape(path, child, tag, child_paint, writer)
        if matrix is not None:
            writer.pop()
            if child_box is not None:
                child_box = _transformed_box(matrix, child_box)
        if child_box is not None:
            box = child_box if box is None else [min(box[0], child_box[0]), min(box[1], child_box[1]),
                                                 max(box[2], child_box[2]), max(box[3], child_box[3])]
    return box


def _check_attrs(path: Path, node: _Node) -> None:
    allowed = ELEMENT_ATTRS[node.tag.removeprefix(SVG_NS + " ")]
    if not node.attrs.keys() <= allowed:
        name = next(name for name in node.attrs if name not in allowed)
        raise _problem(path, node, f"attribute '{name.replace(' ', ':')}' is not supported")


def _paint(path: Path, node: _Node, inherited: Paint) -> Paint:
    """The presentation attributes in force on `node`: its own over its parent's."""
    own = tuple((name, value) for name, value in node.attrs.items() if name in PAINT_ATTRS)
    if not own:
        return inherited
    try:
        return _painted(inherited, own)
    except ValueError as exc:
        raise _problem(path, node, str(exc)) from None


@lru_cache(maxsize=None)
def _painted(inherited: Paint, own: tuple[tuple[str, str], ...]) -> Paint:
    """`inherited` with the attributes `own` set (icons repeat the same few combinations: parsed once)."""
    paint = inherited._asdict()
    for name, value in own:
        key = name.replace("-", "_")
        if name in ("fill", "stroke"):
            paint[key] = _colour_value(value.strip())
        elif name in ("stroke-linecap", "stroke-linejoin"):
            names = LINE_CAPS if name == "stroke-linecap" else LINE_JOINS
            if value not in names:
                raise ValueError(f"{name}=\"{value}\" is not supported")
            paint[key] = names[value]
        else:
            least = 0.0 if name == "stroke-width" else 1.0
            if not _NUMBER.fullmatch(value.strip()) or float(value) < least:
                raise ValueError(f"{name}=\"{value}\" must be a number of at least {least:g}")
            paint[key] = float(value)
    return Paint(**paint)


@lru_cache(maxsize=None)
def _colour_value(text: str) -> Rgb | None:
    if text == "none":
        return None
    found = _HEX_COLOUR.fullmatch(text)
    if not found:
        raise ValueError(f"colour \"{text}\": only #rgb, #rrggbb and none are supported")
    digits = found.group(1)
    if len(digits) == 3:
        digits = "".join(2 * digit for digit in digits)
    red, green, blue = (int(digits[k:k + 2], 16) / 255 for k in (0, 2, 4))
    return red, green, blue


def _number(path: Path, node: _Node, name: str, default: float | None = None) -> float:
    if name not in node.attrs:
        if default is None:
            raise _problem(path, node, f"attribute '{name}' is required")
        return default
    value = node.attrs[name].strip()
    if not _NUMBER.fullmatch(value):
        raise _problem(path, node, f"{name}=\"{value}\" is not a number (units are not supported)")
    return float(value)


def _numbers(path: Path, node: _Node, name: str) -> list[float]:
    """A list of numbers separated by whitespace and/or commas."""
    tokens = _LIST_TOKEN.findall(node.attrs[name])
    bad = next((token for token in tokens if not _NUMBER.fullmatch(token)), None)
    if bad is not None:
        raise _problem(path, node, f"{name}: malformed number '{bad}'")
    return [float(token) for token in tokens]


def _transform(path: Path, node: _Node) -> Matrix | None:
    """The node's transform attribute as one matrix (a, b, c, d, e, f), or None without one."""
    text = node.attrs.get("transform")
    if text is None:
        return None
    matrix = IDENTITY
    end = 0
    for found in _TRANSFORM.finditer(text):
        if found.start() != end:
            break
        end = found.end()
        name, args = found.group(1), _LIST_TOKEN.findall(found.group(2))
        if any(not _NUMBER.fullmatch(arg) for arg in args):
            raise _problem(path, node, f"transform: malformed number in '{found.group(0).strip()}'")
        matrix = _multiply(matrix, _transform_matrix(path, node, name, [float(arg) for arg in args]))
    if text[end:].strip():
        raise _problem(path, node, f"transform=\"{text}\" is malformed")
    return matrix


def _transform_matrix(path: Path, node: _Node, name: str, v: list[float]) -> Matrix:
    n = len(v)
    if name == "matrix" and n == 6:
        return v[0], v[1], v[2], v[3], v[4], v[5]
    if name == "translate" and n in (1, 2):
        return (1.0, 0.0, 0.0, 1.0, v[0], v[1] if n == 2 else 0.0)
    if name == "scale" and n in (1, 2):
        return (v[0], 0.0, 0.0, v[1] if n == 2 else v[0], 0.0, 0.0)
    if name == "rotate" and n in (1, 3):
        a = math.radians(v[0])
        cos, sin = math.cos(a), math.sin(a)
        rotation = (cos, sin, -sin, cos, 0.0, 0.0)
        if n == 1:
            return rotation
        return _multiply(_multiply((1.0, 0.0, 0.0, 1.0, v[1], v[2]), rotation), (1.0, 0.0, 0.0, 1.0, -v[1], -v[2]))
    if name == "skewX" and n == 1:
        return (1.0, 0.0, math.tan(math.radians(v[0])), 1.0, 0.0, 0.0)
    if name == "skewY" and n == 1:
        return (1.0, math.tan(math.radians(v[0])), 0.0, 1.0, 0.0, 0.0)
    raise _problem(path, node, f"transform {name} with {n} numbers is not supported")


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n applied inside it: the matrix of x -> m(n(x))."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f)


def _transformed_box(m: Matrix, box: list[float]) -> list[float]:
    a, b, c, d, e, f = m
    xs = [a * x + c * y + e for x in (box[0], box[2]) for y in (box[1], box[3])]
    ys = [b * x + d * y + f for x in (box[0], box[2]) for y in (box[1], box[3])]
    return [min(xs), min(ys), max(xs), max(ys)]


# ---- shapes ----------------------------------------------------------------------------------------------------


def _draw_shape(path: Path, node: _Node, tag: str, paint: Paint, writer: _Writer) -> list[float] | None:
    """Draw one shape (fill, then stroke); return the box its outline covers, or None for a shape SVG does not
    render (a zero size)."""
    shape = _SHAPES[tag](path, node)
    if not shape.kinds:
        return None
    fill = None if tag == "line" else paint.fill
    stroke = paint.stroke if paint.stroke_width > 0 else None
    if fill is None and stroke is None:
        return _outline_box(shape)
    writer.paint(fill, stroke, paint)
    closed = _closed(shape.kinds) if fill is not None else shape.kinds
    if closed == shape.kinds:
        writer.ops.append(_path_ops(shape))
        writer.ops.append("S" if fill is None else "f" if stroke is None else "B")
    else:  # filled with its subpaths closed, stroked as they are
        writer.ops.append(_path_ops(PathData(closed, shape.values)))
        writer.ops.append("f")
        if stroke is not None:
            writer.ops.append(_path_ops(shape))
            writer.ops.append("S")
    return _outline_box(shape)


def _closed(kinds: str) -> str:
    """`kinds` with every subpath closed. Filling closes open subpaths anyway, but renderers draw an edge they close
    themselves differently (pdfium's anti-aliasing), so it is written out."""
    if "M" not in kinds:
        return kinds
    closed = kinds.replace("M", "ZM").replace("ZZ", "Z").removeprefix("Z")
    return closed if closed.endswith("Z") else closed + "Z"


def _path_shape(path: Path, node: _Node) -> PathData:
    try:
        return parse_path(node.attrs.get("d", ""))
    except PathDataError as exc:
        raise _problem(path, node, f"d: {exc}") from None


def _rect_shape(path: Path, node: _Node) -> PathData:
    x, y = _number(path, node, "x", 0.0), _number(path, node, "y", 0.0)
    w, h = _number(path, node, "width"), _number(path, node, "height")
    rx = _number(path, node, "rx") if "rx" in node.attrs else None
    ry = _number(path, node, "ry") if "ry" in node.attrs else None
    if min(w, h, rx or 0.0, ry or 0.0) < 0:
        raise _problem(path, node, "a negative size or radius is an error")
    if w == 0 or h == 0:
        return PathData("", [])
    rx, ry = (rx if rx is not None else ry or 0.0), (ry if ry is not None else rx or 0.0)  # one given: both
    rx, ry = min(rx, w / 2), min(ry, h / 2)
    r, b = x + w, y + h
    if rx == 0 or ry == 0:
        return PathData("R", [x, y, w, h])
    kx, ky = KAPPA * rx, KAPPA * ry
    return PathData("MLCLCLCLCZ", [x + rx, y, r - rx, y, r - rx + kx, y, r, y + ry - ky, r, y + ry,
                                   r, b - ry, r, b - ry + ky, r - rx + kx, b, r - rx, b,
                                   x + rx, b, x + rx - kx, b, x, b - ry + ky, x, b - ry,
                                   x, y + ry, x, y + ry - ky, x + rx - kx, y, x + rx, y])


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> PathData:
    kx, ky = KAPPA * rx, KAPPA * ry
    return PathData("MCCCCZ", [cx + rx, cy, cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry,
                               cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy,
                               cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry,
                               cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy])


def _circle_shape(path: Path, node: _Node) -> PathData:
    r = _number(path, node, "r")
    if r < 0:
        raise _problem(path, node, "a negative radius is an error")
    cx, cy = _number(path, node, "cx", 0.0), _number(path, node, "cy", 0.0)
    return _ellipse(cx, cy, r, r) if r > 0 else PathData("", [])


def _ellipse_shape(path: Path, node: _Node) -> PathData:
    rx, ry = _number(path, node, "rx"), _number(path, node, "ry")
    if rx < 0 or ry < 0:
        raise _problem(path, node, "a negative radius is an error")
    cx, cy = _number(path, node, "cx", 0.0), _number(path, node, "cy", 0.0)
    return _ellipse(cx, cy, rx, ry) if rx > 0 and ry > 0 else PathData("", [])


def _line_shape(path: Path, node: _Node) -> PathData:
    return _poly(_number(path, node, "x1", 0.0), _number(path, node, "y1", 0.0),
                 _number(path, node, "x2", 0.0), _number(path, node, "y2", 0.0))


def _poly_shape(path: Path, node: _Node, closed: bool) -> PathData:
    v = _numbers(path, node, "points") if "points" in node.attrs else []
    if len(v) < 2 or len(v) % 2:
        raise _problem(path, node, f"points needs pairs of numbers, got {len(v)} numbers")
    line = _poly(*v)
    return PathData(line.kinds + "Z", line.values) if closed else line


def _poly(*v: float) -> PathData:
    """Straight lines through the points. When they are all one point (OpenMoji draws dots as lines of length
    zero), the last is moved DOT_LENGTH along x: SVG then draws a dot for round and square caps, and renderers draw
    the dot of a tiny line where they misplace that of a zero-length one (pdfium)."""
    if len(v) >= 4 and all(v[k] == v[k % 2] for k in range(2, len(v))):
        v = (*v[:-2], v[-2] + DOT_LENGTH, v[-1])
    return PathData("M" + "L" * (len(v) // 2 - 1), list(v))


_SHAPES: dict[str, Callable[[Path, _Node], PathData]] = {"path": _path_shape, "rect": _rect_shape, "circle": _circle_shape, "ellipse": _ellipse_shape,
           "line": _line_shape, "polyline": lambda path, node: _poly_shape(path, node, False),
           "polygon": lambda path, node: _poly_shape(path, node, True)}
_SEGMENT_OPS = {"M": "{} {} m", "L": "{} {} l", "C": "{} {} {} {} {} {} c", "Z": "h", "R": "{} {} {} {} re"}


def _path_ops(shape: PathData) -> str:
    """The segments as PDF path operators."""
    template = " ".join(map(_SEGMENT_OPS.__getitem__, shape.kinds))
    return template.format(*fp_str(*shape.values).split(" "))


def _outline_box(shape: PathData) -> list[float]:
    """The box a path's outline covers: its points and its curves' extremes (control points count only where they
    pull a curve out, as in ReportLab's Path.getBounds)."""
    values = shape.values
    if shape.kinds == "R":
        return [values[0], values[1], values[0] + values[2], values[1] + values[3]]
    xs, ys = values[0::2], values[1::2]
    hull = [min(xs), min(ys), max(xs), max(ys)]  # of every point, control points included
    if "C" not in shape.kinds:
        return hull
    ends, curves = [], []  # on-curve points; where each cubic's numbers start
    i = 0
    for kind in shape.kinds:
        if kind == "C":
            curves.append(i)
            i += 6
        elif kind != "Z":
            i += 2
        ends += values[i - 2:i]
    xs, ys = ends[0::2], ends[1::2]
    box = [min(xs), min(ys), max(xs), max(ys)]
    if box == hull:
        return box
    for i in curves:
        x1, y1, x2, y2, x3, y3 = values[i:i + 6]
        x0, y0 = values[i - 2], values[i - 1]
        if not (box[0] <= x1 <= box[2] and box[0] <= x2 <= box[2]):
            for value in _cubic_extremes(x0, x1, x2, x3):
                box[0], box[2] = min(box[0], value), max(box[2], value)
        if not (box[1] <= y1 <= box[3] and box[1] <= y2 <= box[3]):
            for value in _cubic_extremes(y0, y1, y2, y3):
                box[1], box[3] = min(box[1], value), max(box[3], value)
    return box


def _cubic_extremes(p0: float, p1: float, p2: float, p3: float) -> list[float]:
    """The values of one coordinate of a cubic at its turning points inside (0, 1)."""
    a = -p0 + 3 * p1 - 3 * p2 + p3
    b = 2 * (p0 - 2 * p1 + p2)
    c = p1 - p0
    if abs(a) < 1e-12:
        roots = [-c / b] if abs(b) > 1e-12 else []
    else:
        disc = b * b - 4 * a * c
        roots = [] if disc < 0 else [(-b + sign * math.sqrt(disc)) / (2 * a) for sign in (1, -1)]
    return [(1 - t) ** 3 * p0 + 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t * t * p2 + t ** 3 * p3
            for t in roots if 0 < t < 1]


class _Writer:
    """The operators written so far, and the graphics state they leave, so each setting is written only when it
    changes (a form starts from its caller's graphics state, so the first use of each is always written)."""

    def __init__(self) -> None:
        self.ops: list[str] = []
        self.state: dict[str, Setting] = {}
        self.saved: list[dict[str, Setting]] = []

    def push(self, matrix: Matrix) -> None:
        self.ops.append(f"q\n{fp_str(*matrix)} cm")
        self.saved.append(dict(self.state))

    def pop(self) -> None:
        self.ops.append("Q")
        self.state = self.saved.pop()

    def paint(self, fill: Rgb | None, stroke: Rgb | None, paint: Paint) -> None:
        """Set the fill colour, and the stroke's colour, width, cap, join and (for miter joins) miter limit."""
        wanted: list[tuple[str, Setting]] = [("rg", fill)] if fill is not None else []
        if stroke is not None:
            wanted += [("RG", stroke), ("w", paint.stroke_width), ("J", paint.stroke_linecap),
                       ("j", paint.stroke_linejoin)]
            if paint.stroke_linejoin == LINE_JOINS["miter"]:
                wanted.append(("M", paint.stroke_miterlimit))
        state = self.state
        for operator, value in wanted:
            if state.get(operator) != value:
                state[operator] = value
                self.ops.append(_setting(operator, value))


@lru_cache(maxsize=None)
def _setting(operator: str, value: Setting) -> str:
    return f"{fp_str(*value) if isinstance(value, tuple) else fp_str(value)} {operator}"
