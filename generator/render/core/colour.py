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


def luminance(colour: str) -> float:
    """`colour`'s relative luminance (WCAG 2): 0 for black, 1 for white."""
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb(colour)]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """The WCAG 2 contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable(colour: str, against: str, ratio: float = 4.5) -> str:
    """`colour`, deepened towards black in small steps only as far as it must be for a contrast of at least `ratio`
    with `against` (4.5 is WCAG's AA for text of any size); unchanged when it already has it."""
    step = 0
    deepened = colour
    while contrast(deepened, against) < ratio and step < 100:
        step += 1
        deepened = mix(colour, "#000000", step / 100)
    return deepened
