"""Colours as the renderers write them (hex strings, "#rrggbb"; ReportLab's canvas takes them as they are), and the
two blends every game's faces use."""
from __future__ import annotations

WHITE = "#ffffff"
INK = "#1c1c1c"  # the near-black of text and lines on the pages every game shares, the rulebook and 3x16's faces


def rgb(colour: str) -> tuple[float, float, float]:
    """`colour` as ReportLab's 0-1 channels."""
    colour = colour.lstrip("#")
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def mix(colour: str, other: str, t: float) -> str:
    """`colour` moved a fraction `t` of the way towards `other` (t=0 keeps it)."""
    a, b = rgb(colour), rgb(other)
    return "#" + "".join(f"{round((x + (y - x) * t) * 255):02x}" for x, y in zip(a, b))


def tint(colour: str, amount: float = 0.86) -> str:
    """A light wash of `colour`, for areas behind icons."""
    return mix(colour, WHITE, amount)
