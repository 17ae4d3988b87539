"""The simulator's histogram of tiles left, as a PNG (matplotlib, Agg; no pyplot, no global state).

Several strategies share one chart: for each number of tiles left, one bar per strategy side by side, in the
order given, each strategy in its own colour (named in the legend), so strategies played on the same deals
can be compared at a glance.
"""
from __future__ import annotations

import io
from pathlib import Path

from ... import files

#: bar colours, one per strategy in the order given (colour-blind safe, from the Okabe-Ito palette)
COLOURS = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00")


def histogram_png(series: dict[str, list[int]], path: Path, title: str, x_label: str, y_label: str,
                  fonts: list[str]) -> None:
    """Bars for each number of tiles left, from 0 to the largest seen, one colour per strategy, in the font families
    `fonts` (`chart_font_family`); written whole or not at all."""
    import matplotlib
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    with matplotlib.rc_context({"font.family": fonts}):
        figure = Figure(figsize=(7, 4), dpi=120)
        axes = figure.add_subplot()
        top = max((max(values, default=0) for values in series.values()), default=0)
        width = 0.8 / max(1, len(series))
        for k, (name, values) in enumerate(series.items()):
            counts = [0] * (top + 1)
            for value in values:
                counts[value] += 1
            offset = (k - (len(series) - 1) / 2) * width
            axes.bar([x + offset for x in range(top + 1)], counts, width=width, label=name,
                     color=COLOURS[k % len(COLOURS)], edgecolor="white", linewidth=0.5)
        axes.set_title(title)
        axes.set_xlabel(x_label)
        axes.set_ylabel(y_label)
        axes.set_xlim(-0.5, top + 0.5)
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        axes.yaxis.set_major_locator(MaxNLocator(integer=True))
        if len(series) > 1:
            axes.legend()
        figure.tight_layout()
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", metadata={"Software": None})
    files.write_file(path, buffer.getvalue())
