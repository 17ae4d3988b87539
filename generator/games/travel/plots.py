"""The simulation's charts as PNG files (matplotlib Figure, Agg; no pyplot, no global settings changed)."""
from __future__ import annotations

import io
from pathlib import Path

from typing import TYPE_CHECKING

from ... import files
from ...stats import Estimate
from .stats import Summary
from .texts import Words

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from .balance import Balance

BLUE = "#1f5fa8"
#: one colour per configuration shown side by side
PALETTE = (BLUE, "#d9822b", "#3f7f4f", "#8e44ad", "#c0392b", "#7f8c8d")


def _save(figure: Figure, path: Path) -> None:
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", metadata={"Software": None})
    files.write_file(path, buffer.getvalue())


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


def save_plots(summary: Summary, words: Words, folder: Path, fonts: list[str]) -> list[Path]:
    """Game length, win rate by seat and by character, deciding cards, in the font families `fonts`
    (`chart_font_family`); returns the files written."""
    import matplotlib
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    folder = Path(folder)
    written = []
    with matplotlib.rc_context({"font.family": fonts}):
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


def _grouped(axes: Axes, groups: list[str], series: list[tuple[str, list[Estimate | None], list[float | None]]],
             percent: bool) -> None:
    """Bars grouped by `groups`, one bar per series (label, estimates or None, fair share per bar or None),
    with 95% error bars and, where given, the fair share as a dashed mark across the bar."""
    count = max(1, len(series))
    width = 0.8 / count
    scale = 100 if percent else 1
    for k, (label, estimates, fair) in enumerate(series):
        xs = [g + (k - (count - 1) / 2) * width for g in range(len(groups))]
        shown = [(x, e, f) for x, e, f in zip(xs, estimates, fair) if e is not None]
        if not shown:
            continue
        values = [scale * e.value for _, e, _ in shown]
        errors = [[scale * (e.value - e.low) for _, e, _ in shown], [scale * (e.high - e.value) for _, e, _ in shown]]
        axes.bar([x for x, _, _ in shown], values, width * 0.9, yerr=errors, capsize=2, label=label,
                 color=PALETTE[k % len(PALETTE)])
        for x, _, f in shown:
            if f is not None:
                axes.hlines(scale * f, x - width / 2, x + width / 2, colors="black", linestyles="dashed", linewidth=1)
    axes.set_xticks(range(len(groups)), groups)


def save_balance_plots(balance: Balance, words: Words, folder: Path, fonts: list[str]) -> list[Path]:
    """One PNG per block of the balance report: win rate by seat and by character, mean length, and how often
    each extension card is in the winner's hand, in the font families `fonts`; returns the files written."""
    import matplotlib
    from matplotlib.figure import Figure

    from .balancereport import block_title, blocks, column_title

    w = words
    folder = Path(folder)
    written = []
    with matplotlib.rc_context({"font.family": fonts}):
        for number, cells in enumerate(blocks(balance), 1):
            labels = [column_title(w, balance, c) for c in cells]
            characters = sorted({ch for c in cells for ch in c.characters})
            cards = list(dict.fromkeys(card for c in cells for card in c.cards))
            # a panel only for what the block measured (the base game has no characters and no extension cards)
            panels = 2 + bool(characters) + bool(cards)
            figure = Figure(figsize=(12, 4 if panels == 2 else 8), dpi=100)
            figure.suptitle(block_title(w, balance, cells))
            grid = list(figure.subplots(1 if panels == 2 else 2, 2).flat)
            seats_axes, length_axes = grid[0], grid[1]
            characters_axes = grid.pop(2) if characters else None
            cards_axes = grid.pop(2) if cards else None
            for unused in grid[2:]:
                figure.delaxes(unused)
            seats = [str(s + 1) for s in range(max(c.players for c in cells))]
            _grouped(seats_axes, seats, [(label, [c.seats[s] if s < c.players else None for s in range(len(seats))],
                                          [1 / c.players] * len(seats)) for label, c in zip(labels, cells)], True)
            seats_axes.set_title(w("balance.plot_seats"), fontsize=10)
            seats_axes.set_xlabel(w("balance.axis_seat"))
            seats_axes.set_ylabel(w("balance.axis_win_rate"))
            seats_axes.legend(fontsize=7)
            if characters_axes is not None:
                _grouped(characters_axes, [w.texts.get(f"characters.{ch}.name") for ch in characters],
                         [(label, [c.characters.get(ch) for ch in characters], [1 / c.players] * len(characters))
                          for label, c in zip(labels, cells)], True)
                characters_axes.tick_params(axis="x", labelrotation=30, labelsize=8)
                characters_axes.set_ylabel(w("balance.axis_win_rate"))
                characters_axes.set_title(w("balance.plot_characters"), fontsize=10)
            _grouped(length_axes, labels, [("", [c.length for c in cells], [None] * len(cells))], False)
            length_axes.set_title(w("balance.plot_length"), fontsize=10)
            length_axes.set_ylabel(w("balance.axis_turns"))
            if cards_axes is not None:
                t = w.t
                _grouped(cards_axes, [w.card(t.card_index[card]) for card in cards],
                         [(label, [c.cards[card].in_winner_hand if card in c.cards else None for card in cards],
                           [None] * len(cards)) for label, c in zip(labels, cells)], True)
                cards_axes.tick_params(axis="x", labelrotation=90, labelsize=7)
                cards_axes.set_ylabel(w("balance.axis_share"))
                cards_axes.set_title(w("balance.plot_cards"), fontsize=10)
            path = folder / f"balance-{number}.png"
            _save(figure, path)
            written.append(path)
    return written
