"""The simulation's results in words (one language) or as JSON."""
from __future__ import annotations

import statistics

from .stats import Summary
from .texts import Words


def summary_json(s: Summary, bot: str, extensions: list[str], seed: int) -> dict[str, object]:
    finished = s.games - s.unfinished
    return {
        "games": s.games, "players": s.players, "bot": bot, "extensions": extensions, "seed": seed,
        "length": _length(s),
        "unfinished": s.unfinished,
        "how": dict(s.how),
        "win_rate_by_seat": [w / finished if finished else 0.0 for w in s.wins_by_seat],
        "win_rate_by_character": {c: s.wins_by_character[c] / n for c, n in sorted(s.games_by_character.items())},
        "reshuffles_per_game": s.reshuffles / s.games if s.games else 0.0,
        "games_reshuffled": s.games_reshuffled / s.games if s.games else 0.0,
        "deciding_card": {c: n / finished for c, n in s.deciding.most_common()} if finished else {},
    }


def _length(s: Summary) -> dict[str, float]:
    if not s.lengths:
        return {"mean": 0, "median": 0, "min": 0, "max": 0}
    return {"mean": statistics.fmean(s.lengths), "median": statistics.median(s.lengths),
            "min": min(s.lengths), "max": max(s.lengths)}


def summary_text(s: Summary, words: Words, bot: str, extensions: list[str], rate: float) -> str:
    w = words
    finished = max(1, s.games - s.unfinished)
    length = _length(s)
    chosen = w.texts.listed(w(f"extensions.{e}") for e in extensions) or w("nothing")
    lines = [
        w("simulate.title", games=s.games, players=s.players, bot=bot, extensions=chosen),
        w("simulate.length", mean=f"{length['mean']:.1f}", median=f"{length['median']:g}", min=length["min"],
          max=length["max"]),
        w("simulate.how", centre=s.how.get("centre", 0), postcards=s.how.get("postcards", 0),
          unfinished=s.unfinished),
        w("simulate.by_seat"),
    ]
    for seat, wins in enumerate(s.wins_by_seat):
        lines.append("  " + w("simulate.seat", seat=seat + 1, rate=f"{100 * wins / finished:.1f}", wins=wins))
    if s.games_by_character:
        lines.append(w("simulate.by_character"))
        ranked = sorted(s.games_by_character, key=lambda c: -s.wins_by_character[c] / s.games_by_character[c])
        for c in ranked:
            played = s.games_by_character[c]
            lines.append("  " + w("simulate.character", name=w.texts.get(f"characters.{c}.name"),
                                  rate=f"{100 * s.wins_by_character[c] / played:.1f}",
                                  wins=s.wins_by_character[c], played=played))
    lines.append(w("simulate.reshuffles", mean=f"{s.reshuffles / max(1, s.games):.2f}",
                   share=f"{100 * s.games_reshuffled / max(1, s.games):.1f}"))
    lines.append(w("simulate.deciding"))
    t = words.t
    for card_id, n in s.deciding.most_common(8):
        lines.append("  " + w("simulate.deciding_card", card=words.card(t.card_index[card_id]), count=n,
                              share=f"{100 * n / finished:.1f}"))
    lines.append(w("simulate.speed", rate=f"{rate:.0f}"))
    return "\n".join(lines)
