"""The simulation's charts as PNG files (matplotlib Figure, Agg; no pyplot, no global settings changed)."""
from __future__ import annotations

import io
from pathlib import Path

from ...atomic import write_atomic
from ...charts import chart_font_family
from .stats import Summary
from .texts import Words

BLUE = "#1f5fa8"


def _save(figure, path: Path) -> None:
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", metadata={"Software": None})
    write_atomic(path, buffer.getvalue())


def _bars(path: Path, labels: list[str], values: list[float], title: str, y_label: str,
          horizontal: bool = False) -> None:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7, 4.2), dpi=120)
    axes = figure.add_subplot()
    if horizontal:
        axes.barh(labels[::-1], values[::-1], color=BLUE)
        axes.set_xlabel(y_label)
    else:
        axes.bar(labels, values, color=BLUE)
        axes.set_ylabel(y_label)
    axes.set_title(title)
    _save(figure, path)


def save_plots(summary: Summary, words: Words, folder: Path) -> list[Path]:
    """Game length, win rate by seat and by character, deciding cards; returns the files written."""
    import matplotlib
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    folder = Path(folder)
    written = []
    with matplotlib.rc_context({"font.family": chart_font_family()}):
        figure = Figure(figsize=(7, 4.2), dpi=120)
        axes = figure.add_subplot()
        top = max(summary.lengths, default=1)
        axes.hist(summary.lengths, bins=min(60, max(1, top)), color=BLUE, edgecolor="white")
        axes.set_title(words("simulate.plot_length"))
        axes.set_xlabel(words("simulate.axis_turns"))
        axes.set_ylabel(words("simulate.axis_games"))
        axes.yaxis.set_major_locator(MaxNLocator(integer=True))
        path = folder / "travel-length.png"
        _save(figure, path)
        written.append(path)

        finished = max(1, summary.games - summary.unfinished)
        seats = [str(i + 1) for i in range(summary.players)]
        path = folder / "travel-seats.png"
        _bars(path, seats, [100 * w / finished for w in summary.wins_by_seat], words("simulate.plot_seats"),
              words("simulate.axis_win_rate"))
        written.append(path)

        if summary.games_by_character:
            ids = sorted(summary.games_by_character)
            rates = [100 * summary.wins_by_character[c] / summary.games_by_character[c] for c in ids]
            path = folder / "travel-characters.png"
            _bars(path, [words.texts.get(f"characters.{c}.name") for c in ids], rates,
                  words("simulate.plot_characters"), words("simulate.axis_win_rate"), horizontal=True)
            written.append(path)

        top_cards = summary.deciding.most_common(15)
        if top_cards:
            t = words.t
            path = folder / "travel-deciding.png"
            _bars(path, [words.card(t.card_index[c]) for c, _ in top_cards],
                  [100 * n / finished for _, n in top_cards], words("simulate.plot_deciding"),
                  words("simulate.axis_share"), horizontal=True)
            written.append(path)
    return written
