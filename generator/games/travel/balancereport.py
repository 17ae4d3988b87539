"""The balance lab's results for people and tools: a text table, JSON, and a one-page HTML summary.

Configurations are laid side by side: with a sweep, the swept values of one player count and extension set;
without one, the player counts of one extension set. The flags come first, because they are what a designer
acts on.
"""
from __future__ import annotations

import html
import unicodedata
from itertools import groupby

import csv
import io

from ...stats import Estimate
from .balance import ROW_FIELDS, Balance, Cell, Flag, FlagKind, detectable, flat_rows, sweep_steps
from .cards import EXTENSIONS
from .texts import Words


def percent(e: Estimate) -> str:
    return f"{100 * e.value:.1f}% ({100 * e.low:.1f}–{100 * e.high:.1f})"


def turns(e: Estimate) -> str:
    return f"{e.value:.1f} ({e.low:.1f}–{e.high:.1f})"


def _value(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return f"{value:g}" if isinstance(value, (int, float)) else str(value)


def extension_names(extensions: frozenset[str]) -> list[str]:
    return [e for e in EXTENSIONS if e in extensions]


def _extensions(w: Words, extensions: frozenset[str]) -> str:
    if extensions == frozenset(EXTENSIONS):
        return w("balance.all")
    return w.texts.listed(w(f"extensions.{e}") for e in extension_names(extensions)) or w("balance.base")


def config_label(w: Words, b: Balance, cell: Cell) -> str:
    extensions = _extensions(w, cell.extensions)
    if b.sweep is None:
        return w("balance.config", players=cell.players, extensions=extensions)
    return w("balance.config_swept", players=cell.players, extensions=extensions, key=b.sweep.key,
             value=_value(cell.value))


def blocks(b: Balance) -> list[list[Cell]]:
    """The cells side by side, block by block: per extension set (and player count, with a sweep). The run
    plays extension sets, then player counts, then swept values, so each block is one stretch of cells."""
    return [list(group) for _, group in groupby(b.cells, key=lambda c: (c.extensions, c.players if b.sweep else 0))]


def block_title(w: Words, b: Balance, cells: list[Cell]) -> str:
    first = cells[0]
    extensions = _extensions(w, first.extensions)
    if b.sweep is None:
        return extensions
    return w("balance.config", players=first.players, extensions=extensions)


def column_title(w: Words, b: Balance, cell: Cell) -> str:
    if b.sweep is None:
        return w("balance.column_players", players=cell.players)
    title = w("balance.column_value", key=b.sweep.key, value=_value(cell.value))
    return title + " " + w("balance.now") if cell.value == b.current else title


def flag_line(w: Words, b: Balance, cell: Cell, flag: Flag) -> str:
    config = config_label(w, b, cell)
    fair = f"{100 * flag.fair:.1f}"
    if flag.kind is FlagKind.SEAT:
        return w("balance.flag_seat", config=config, seat=flag.subject, estimate=percent(flag.estimate), fair=fair)
    return w("balance.flag_character", config=config, name=w.texts.get(f"characters.{flag.subject}.name"),
             estimate=percent(flag.estimate), fair=fair)


def rows(w: Words, cells: list[Cell]) -> list[tuple[str, list[str]]]:
    """The figure rows of one block: a label and one text per cell ("" where a cell has no such figure)."""
    out = [(w("balance.games"), [str(c.summary.games) for c in cells]),
           (w("balance.unfinished"), [str(c.summary.unfinished) for c in cells]),
           (w("balance.length"), [turns(c.length) for c in cells])]
    for seat in range(max(c.players for c in cells)):
        out.append((w("balance.seat", seat=seat + 1),
                    [percent(c.seats[seat]) if seat < c.players else "" for c in cells]))
    for character in sorted({ch for c in cells for ch in c.characters}):
        out.append((w("balance.character", name=w.texts.get(f"characters.{character}.name")),
                    [percent(c.characters[character]) if character in c.characters else "" for c in cells]))
    return out


def card_rows(w: Words, cells: list[Cell]) -> list[tuple[str, list[str]]]:
    t = w.t
    ids = list(dict.fromkeys(card for c in cells for card in c.cards))
    return [(w.card(t.card_index[card]),
             [f"{100 * c.cards[card].in_winner_hand.value:.1f}% / {100 * c.cards[card].on_winning_turn.value:.1f}%"
              if card in c.cards else "" for c in cells]) for card in ids]


def head_to_head(w: Words, cell: Cell) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """A 2-player cell's head to head: one row per character, its win rate (%) against each other character."""
    names = sorted({a for a, _ in cell.head_to_head})
    name = {c: w.texts.get(f"characters.{c}.name") for c in names}

    def shown(e: Estimate | None) -> str:
        return "" if e is None else f"{100 * e.value:.0f} ({100 * e.low:.0f}–{100 * e.high:.0f})"
    return ([name[c] for c in names],
            [(name[a], [shown(cell.head_to_head.get((a, b))) for b in names]) for a in names])


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _width(text))


def _table(head: list[str], body: list[tuple[str, list[str]]]) -> list[str]:
    label_width = max(_width(label) for label, _ in [("", head)] + body)
    widths = [max(_width(row[i]) for row in [head] + [cells for _, cells in body]) for i in range(len(head))]
    lines = [("  " + _pad("", label_width) + "  " + "  ".join(_pad(h, x) for h, x in zip(head, widths))).rstrip()]
    for label, cells in body:
        lines.append(("  " + _pad(label, label_width) + "  " + "  ".join(_pad(v, x) for v, x in zip(cells, widths)))
                     .rstrip())
    return lines


def header_lines(w: Words, b: Balance) -> list[str]:
    lines = [w("balance.title", games=b.games, bot=b.bot, seed=b.seed)]
    if b.sweep:
        lines.append(w("balance.sweep", key=b.sweep.key, values=w.texts.listed(_value(v) for v in b.sweep.values)))
    lines.append(w("balance.rule", margin=f"{100 * b.margin:g}"))
    lines += input_lines(w, b)
    lines += detection_lines(w, b)
    lines += sweep_lines(w, b)
    return lines


def input_lines(w: Words, b: Balance) -> list[str]:
    """What the run measured: the content's fingerprint, pnp's version, the bot, the games, the seed; the base
    rules' values; every character's ability as played."""
    i = b.inputs
    if i is None:
        return []
    lines = [w("balance.inputs", fingerprint=i.fingerprint, version=i.version, bot=i.bot, games=i.games,
               seed=i.seed),
             w("balance.rules_used", rules=", ".join(f"{k} {_value(v)}" for k, v in i.rules.items()))]
    for c in i.characters:
        changes = ", ".join(f"{rule} {_value(value)}" for rule, value in c.changes.items())
        lines.append(w("balance.character_used", name=w.texts.get(f"characters.{c.id}.name"), min=c.players[0],
                       max=c.players[1], changes=changes))
    return lines


def detection_lines(w: Words, b: Balance) -> list[str]:
    """What the sample can see: per player count, the 95% half-width around the fair share."""
    characters = len(b.inputs.characters) if b.inputs else 0
    out = []
    for players in sorted({c.players for c in b.cells}):
        with_characters = any(c.characters for c in b.cells if c.players == players)
        seat, character = detectable(b.games, players, characters if with_characters else 0)
        key = "balance.detect" if with_characters else "balance.detect_seats"
        out.append(w(key, players=players, games=b.games, seat=f"{seat:.1f}", character=f"{character:.1f}"))
    return out


def sweep_lines(w: Words, b: Balance) -> list[str]:
    """One sentence per configuration of a sweep: what the swept number did from its first value to its last."""
    if b.sweep is None:
        return []
    return [w("balance.sweep_step", key=b.sweep.key, first=_value(s.first), last=_value(s.last),
              config=w("balance.config", players=s.players, extensions=_extensions(w, s.extensions)),
              length=f"{s.length[0]:.0f}", length2=f"{s.length[1]:.0f}", bias=f"{s.seat_bias[0]:.1f}",
              bias2=f"{s.seat_bias[1]:.1f}", flags=s.flags[0], flags2=s.flags[1]) for s in sweep_steps(b)]


def balance_text(w: Words, b: Balance) -> str:
    lines = header_lines(w, b)
    lines.append(w.texts.get("punctuation.label", label=w("balance.flags")) if b.flags else w("balance.no_flags"))
    lines += ["  " + flag_line(w, b, cell, flag) for cell, flag in b.flags]
    lines.append(w("balance.figures") + w.texts.get("punctuation.sentences") + w("balance.seat_note"))
    for cells in blocks(b):
        lines.append("")
        lines.append("== " + block_title(w, b, cells))
        head = [column_title(w, b, c) for c in cells]
        lines += _table(head, rows(w, cells))
        cards = card_rows(w, cells)
        if cards:
            lines.append("  " + w("balance.cards"))
            lines += _table(head, cards)
        for cell in cells:
            if cell.head_to_head:
                lines.append("  " + w("balance.head_to_head", config=config_label(w, b, cell)))
                lines += _table(*head_to_head(w, cell))
    return "\n".join(lines)


def _estimate(e: Estimate) -> dict[str, float]:
    return {"value": e.value, "low": e.low, "high": e.high}


def balance_csv(b: Balance) -> str:
    """One flat row per configuration and subject (seat, character, head-to-head pairing, card, game length):
    the rate, its 95% interval and the games it is measured over; the columns of the JSON's `rows`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(ROW_FIELDS)
    for row in flat_rows(b):
        writer.writerow(["" if v is None else v for v in row])
    return out.getvalue()


def balance_json(b: Balance) -> dict[str, object]:
    i = b.inputs
    return {
        "games": b.games, "bot": b.bot, "seed": b.seed, "margin": b.margin, "confidence": 0.95,
        "inputs": None if i is None else {
            "fingerprint": i.fingerprint, "version": i.version, "bot": i.bot, "games": i.games, "seed": i.seed,
            "rules": i.rules,
            "characters": [{"id": c.id, "changes": c.changes, "players": {"min": c.players[0], "max": c.players[1]}}
                           for c in i.characters]},
        "sweep": {"key": b.sweep.key, "values": list(b.sweep.values), "now": b.current} if b.sweep else None,
        "rows": [dict(zip(ROW_FIELDS, row)) for row in flat_rows(b)],
        "configurations": [{
            "players": c.players, "extensions": extension_names(c.extensions), "value": c.value,
            "games": c.summary.games, "unfinished": c.summary.unfinished,
            "length": _estimate(c.length),
            "win_rate_by_seat": [_estimate(e) for e in c.seats],
            "win_rate_by_character": {k: _estimate(e) for k, e in c.characters.items()},
            "cards": {k: {"in_winner_hand": _estimate(f.in_winner_hand), "on_winning_turn": _estimate(f.on_winning_turn)}
                      for k, f in c.cards.items()},
            "flags": [{"kind": f.kind.value, "subject": f.subject, "fair": f.fair, "win_rate": _estimate(f.estimate)}
                      for f in c.flags],
            "head_to_head": [{"character": a, "opponent": o, "games": c.summary.games_by_pair[(a, o)],
                              "win_rate": _estimate(e)} for (a, o), e in c.head_to_head.items()],
        } for c in b.cells],
    }


_STYLE = """body{font-family:sans-serif;max-width:1100px;margin:1em auto;font-size:13px;color:#222}
h1{font-size:18px}h2{font-size:15px;margin-top:1.4em}table{border-collapse:collapse;margin:.4em 0}
td,th{border:1px solid #ccc;padding:2px 6px;text-align:right;white-space:nowrap}td:first-child,th:first-child{text-align:left}
.flag{color:#a01010}img{max-width:49%;vertical-align:top}"""


def _html_table(head: list[str], body: list[tuple[str, list[str]]]) -> str:
    e = html.escape
    out = ["<table><tr><th></th>" + "".join(f"<th>{e(h)}</th>" for h in head) + "</tr>"]
    for label, cells in body:
        out.append(f"<tr><td>{e(label)}</td>" + "".join(f"<td>{e(v)}</td>" for v in cells) + "</tr>")
    return "".join(out) + "</table>"


def balance_html(w: Words, b: Balance, images: list[str]) -> str:
    """One page: settings, flags, the figures side by side, then the charts (PNG files in the same folder)."""
    e = html.escape
    head, *rest = header_lines(w, b)
    parts = [f"<!DOCTYPE html><html lang=\"{e(w.texts.lang)}\"><head><meta charset=\"utf-8\">",
             f"<title>{e(head)}</title><style>{_STYLE}</style></head><body>", f"<h1>{e(head)}</h1>"]
    parts += [f"<p>{e(line)}</p>" for line in rest]
    parts.append(f"<h2>{e(w('balance.flags'))}</h2>")
    if b.flags:
        parts.append("<ul>" + "".join(f"<li class=\"flag\">{e(flag_line(w, b, cell, flag))}</li>"
                                      for cell, flag in b.flags) + "</ul>")
    else:
        parts.append(f"<p>{e(w('balance.no_flags'))}</p>")
    parts.append(f"<h2>{e(w('balance.figures'))}</h2><p>{e(w('balance.seat_note'))}</p>")
    for cells in blocks(b):
        columns = [column_title(w, b, c) for c in cells]
        parts.append(f"<h2>{e(block_title(w, b, cells))}</h2>" + _html_table(columns, rows(w, cells)))
        cards = card_rows(w, cells)
        if cards:
            parts.append(f"<p>{e(w('balance.cards'))}</p>" + _html_table(columns, cards))
        for cell in cells:
            if cell.head_to_head:
                parts.append(f"<p>{e(w('balance.head_to_head', config=config_label(w, b, cell)))}</p>"
                             + _html_table(*head_to_head(w, cell)))
    parts += [f"<img src=\"{e(name)}\" alt=\"{e(name)}\">" for name in images]
    parts.append("</body></html>\n")
    return "".join(parts)
