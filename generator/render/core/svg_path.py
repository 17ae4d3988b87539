"""SVG path data (the `d` attribute) as absolute segments: the SVG 1.1 path grammar, with arcs made cubics.

Shared by the icon converter (svg_ops) and its tests; pure functions of text and numbers.
"""
from __future__ import annotations

import math
import re
from typing import NamedTuple

NUMBER = r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
#: a path command letter: any letter but e and E, which only occur inside numbers
_COMMAND = re.compile(r"([A-DF-Za-df-z])")
#: path data: command letters and numbers, with whitespace and/or commas around them (each number atomic, so a
#: failed match fails fast); and the tokens of path data that may not be
_PATH_DATA = re.compile(rf"[\s,]*+(?:(?:[A-DF-Za-df-z]|(?>{NUMBER}))[\s,]*+)*+")
_PATH_TOKEN = re.compile(rf"[A-Za-z]|{NUMBER}|[^\s,]")
_PATH_TOKEN_OK = re.compile(rf"[A-DF-Za-df-z]|{NUMBER}")
#: numbers each path command takes
PATH_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "A": 7, "Z": 0}
_NUMBER = re.compile(NUMBER)
_LIST_TOKEN = re.compile(rf"{NUMBER}|[^\s,]")


class PathDataError(ValueError):
    """Path data (the `d` attribute) that is malformed or uses a command outside the dialect."""


class PathData(NamedTuple):
    """Absolute path segments: `kinds` has one letter per segment, M (moveto), L (lineto), C (cubic) or Z
    (closepath), and `values` their points in order: x y for M and L, x1 y1 x2 y2 x y for C, nothing for Z. A plain
    rectangle is the one segment R, with values x y width height (PDF's `re`, which renderers fill exactly as they
    fill ReportLab's rectangles)."""

    kinds: str
    values: list[float]


def parse_path(d: str) -> PathData:
    """Path data as absolute segments. H and V become lines, S, Q and q cubics, arcs cubics of at most 90 degrees
    each (an arc with a zero radius a line, one that ends where it starts nothing), all per the SVG 1.1 path grammar
    and implementation notes (F.6). Raises PathDataError."""
    if not d.isascii():
        raise PathDataError("path data must be ASCII")
    if not _PATH_DATA.fullmatch(d):
        bad = next(token for token in _PATH_TOKEN.findall(d) if not _PATH_TOKEN_OK.fullmatch(token))
        raise PathDataError(f"malformed number or unexpected character '{bad}'")
    pieces = _COMMAND.split(d)  # text before the first command, then each command letter and its numbers
    if pieces[0].strip(" \t\r\n"):
        raise PathDataError(f"path data must start with a moveto (M or m), not '{pieces[0].strip()}'")
    kinds: list[str] = []
    out: list[float] = []
    x = y = start_x = start_y = 0.0
    reflect: tuple[float, float] | None = None  # the last cubic's second control point, for S
    for k in range(1, len(pieces), 2):
        letter = pieces[k]
        command = letter.upper()
        size = PATH_ARGS.get(command)
        if size is None:
            raise PathDataError(f"unsupported path command '{letter}'")
        if not kinds and command != "M":
            raise PathDataError(f"path data must start with a moveto (M or m), not '{letter}'")
        if command == "A":
            v = _arc_numbers(pieces[k + 1], letter)
        else:
            v = [float(token) for token in _NUMBER.findall(pieces[k + 1])]
        if command == "Z":
            if v:
                raise PathDataError(f"'{letter}' takes no numbers")
            kinds.append("Z")
            x, y, reflect = start_x, start_y, None
            continue
        if not v or len(v) % size:
            raise PathDataError(f"'{letter}' takes {size} numbers (or a multiple), found {len(v)}")
        relative = letter.islower()
        if command == "M":
            x, y = (x + v[0], y + v[1]) if relative else (v[0], v[1])
            start_x, start_y, reflect = x, y, None
            kinds.append("M")
            out += (x, y)
            if len(v) == 2:
                continue
            v, command = v[2:], "L"  # pairs after a moveto are implicit linetos
        elif kinds[-1] == "Z":  # drawing on after a closepath starts where the closed subpath began
            kinds.append("M")
            out += (x, y)
        it = iter(v)
        if command == "C":
            for x1, y1, x2, y2, ex, ey in zip(it, it, it, it, it, it):
                if relative:
                    x1, y1, x2, y2, ex, ey = x1 + x, y1 + y, x2 + x, y2 + y, ex + x, ey + y
                out += (x1, y1, x2, y2, ex, ey)
                x, y = ex, ey
            kinds.append("C" * (len(v) // 6))
            reflect = x2, y2
        elif command == "S":
            for x2, y2, ex, ey in zip(it, it, it, it):
                if relative:
                    x2, y2, ex, ey = x2 + x, y2 + y, ex + x, ey + y
                x1, y1 = (2 * x - reflect[0], 2 * y - reflect[1]) if reflect else (x, y)
                out += (x1, y1, x2, y2, ex, ey)
                x, y, reflect = ex, ey, (x2, y2)
            kinds.append("C" * (len(v) // 4))
        elif command == "L":
            for ex, ey in zip(it, it):
                x, y = (x + ex, y + ey) if relative else (ex, ey)
                out += (x, y)
            kinds.append("L" * (len(v) // 2))
            reflect = None
        elif command == "H":
            for value in v:
                x = x + value if relative else value
                out += (x, y)
            kinds.append("L" * len(v))
            reflect = None
        elif command == "V":
            for value in v:
                y = y + value if relative else value
                out += (x, y)
            kinds.append("L" * len(v))
            reflect = None
        elif command == "Q":
            for qx, qy, ex, ey in zip(it, it, it, it):
                if relative:
                    qx, qy, ex, ey = qx + x, qy + y, ex + x, ey + y
                out += (x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey),
                        ex, ey)
                x, y = ex, ey
            kinds.append("C" * (len(v) // 4))
            reflect = None
        else:  # "A"
            for rx, ry, angle, large, sweep, ex, ey in zip(it, it, it, it, it, it, it):
                if relative:
                    ex, ey = ex + x, ey + y
                arc = arc_curves(x, y, rx, ry, angle, large == 1.0, sweep == 1.0, ex, ey)
                kinds.append(arc.kinds)
                out += arc.values
                x, y = ex, ey
            reflect = None
    return PathData("".join(kinds), out)


def _arc_numbers(text: str, letter: str) -> list[float]:
    """An arc's numbers. Its two flags are single digits that may run into the next number ("011" is flag 0, flag 1,
    then 1), so a token where a flag is due is split."""
    tokens = _LIST_TOKEN.findall(text)
    values: list[float] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if len(values) % 7 in (3, 4):
            if token[0] not in "01":
                raise PathDataError(f"an arc flag must be 0 or 1, found '{token}' after '{letter}'")
            if len(token) > 1:
                tokens[i], token = token[1:], token[0]
            else:
                i += 1
        else:
            i += 1
        if not _NUMBER.fullmatch(token):
            raise PathDataError(f"malformed number '{token}' after '{letter}'")
        values.append(float(token))
    return values


def arc_curves(x1: float, y1: float, rx: float, ry: float, angle: float, large: bool, sweep: bool,
               x2: float, y2: float) -> PathData:
    """An elliptical arc from (x1, y1) as segments (SVG 1.1 implementation notes F.6.5 and F.6.6): endpoint to
    centre parametrisation, radii scaled up when too small, then one cubic per at most 90 degrees."""
    if x1 == x2 and y1 == y2:
        return PathData("", [])
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return PathData("L", [x2, y2])
    phi = math.radians(angle % 360)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cos * dx + sin * dy, -sin * dx + cos * dy
    too_small = (x1p / rx) ** 2 + (y1p / ry) ** 2
    if too_small > 1:
        rx, ry = rx * math.sqrt(too_small), ry * math.sqrt(too_small)
    rx2, ry2 = rx * rx, ry * ry
    numerator = rx2 * ry2 - rx2 * y1p * y1p - ry2 * x1p * x1p
    scale = math.sqrt(max(0.0, numerator / (rx2 * y1p * y1p + ry2 * x1p * x1p)))
    if large == sweep:
        scale = -scale
    cxp, cyp = scale * rx * y1p / ry, -scale * ry * x1p / rx
    cx, cy = cos * cxp - sin * cyp + (x1 + x2) / 2, sin * cxp + cos * cyp + (y1 + y2) / 2
    theta = math.atan2((y1p - cyp) / ry, (x1p - cxp) / rx)
    delta = math.atan2((-y1p - cyp) / ry, (-x1p - cxp) / rx) - theta
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    pieces = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / pieces
    k = 4 / 3 * math.tan(step / 4)
    a, b, c, d = rx * cos, -ry * sin, rx * sin, ry * cos  # unit circle -> the ellipse, around (cx, cy)
    values: list[float] = []
    u0, v0 = math.cos(theta), math.sin(theta)
    for n in range(1, pieces + 1):
        u1, v1 = math.cos(theta + n * step), math.sin(theta + n * step)
        p, q = u0 - k * v0, v0 + k * u0
        r, s = u1 + k * v1, v1 - k * u1
        end = (x2, y2) if n == pieces else (cx + a * u1 + b * v1, cy + c * u1 + d * v1)
        values += (cx + a * p + b * q, cy + c * p + d * q, cx + a * r + b * s, cy + c * r + d * s, *end)
        u0, v0 = u1, v1
    return PathData("C" * pieces, values)
