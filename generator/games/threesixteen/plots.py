"""The simulator's histogram of tiles left, as a PNG (matplotlib, Agg; no pyplot, no global state)."""
from __future__ import annotations

import io
from pathlib import Path

from ...atomic import write_atomic
from ...charts import chart_font_family


def histogram_png(values: list[int], path: Path, title: str, x_label: str, y_label: str) -> None:
    """One bar per number of tiles left, from 0 to the largest seen; written whole or not at all."""
    import matplotlib
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    with matplotlib.rc_context({"font.family": chart_font_family()}):
        figure = Figure(figsize=(7, 4), dpi=120)
        axes = figure.add_subplot()
        top = max(values, default=0)
        axes.hist(values, bins=[b - 0.5 for b in range(top + 2)], color="#1f5fa8", edgecolor="white")
        axes.set_title(title)
        axes.set_xlabel(x_label)
        axes.set_ylabel(y_label)
        axes.set_xlim(-0.5, top + 0.5)
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        axes.yaxis.set_major_locator(MaxNLocator(integer=True))
        figure.tight_layout()
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", metadata={"Software": None})
    write_atomic(Path(path), buffer.getvalue())
