"""What every chart the simulators save has in common: the fonts the language's PDFs use, so a chart draws every
character its labels have (Japanese in BIZ UDGothic, Hangul in NanumGothic)."""
from __future__ import annotations

from .content.font_files import families_for
from .content.load import Content

#: matplotlib's own font, last: it draws what no family of the content does
DEFAULT_FAMILY = "DejaVu Sans"


def chart_font_family(content: Content, lang: str) -> list[str]:
    """The font families (matplotlib's names) of `lang` as `content/print.yaml` lists them for the PDFs, its own
    family first, then matplotlib's default: matplotlib draws each character in the first family that has it."""
    from .extras import need

    font_manager = need("matplotlib.font_manager", "lab", "--out (the charts)")
    names = []
    for family in families_for(content.print.fonts, lang):
        path = str(content.fonts[family].regular)
        font_manager.fontManager.addfont(path)
        names.append(font_manager.FontProperties(fname=path).get_name())
    return list(dict.fromkeys([*names, DEFAULT_FAMILY]))
