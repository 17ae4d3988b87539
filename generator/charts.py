"""What every chart the simulators save has in common: a font that has Hangul."""
from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path


def chart_font_family() -> list[str]:
    """NanumGothic from koreanize-matplotlib first (it has Hangul), then matplotlib's default.

    The font file is found without importing the package, whose import changes matplotlib's global settings.
    """
    from matplotlib import font_manager

    package = find_spec("koreanize_matplotlib")
    regular = Path(next(iter(package.submodule_search_locations))) / "fonts" / "NanumGothic.ttf"
    font_manager.fontManager.addfont(str(regular))
    return [font_manager.FontProperties(fname=str(regular)).get_name(), "DejaVu Sans"]
