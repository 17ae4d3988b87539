"""The caller's game at the table: every call saved at once, so a reload or a dropped phone resumes it.

The studio writes only here, and only under its own folder of the output folder (never the content folder): per
game with a caller, `<game>-caller.yaml`, the record skeleton of the calls made (the file `pnp check` and the
game's solver read), and `<game>-caller.json`, what resuming needs (the seed, the players, the columns, how many
calls were made). Both are written whole through the file boundary by `keep_file`, the studio's one writer.
"""
from __future__ import annotations

import json
import secrets
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import files
from ..errors import InputError
from .views import Caller

#: what the studio's game keeps of a caller's game, at most this many players, names this long
MOST_PLAYERS = 8
LONGEST_NAME = 40


def keep_file(folder: Path, name: str, data: bytes) -> None:
    """Write one of the studio's files whole into its folder (the one place the studio writes)."""
    files.output(folder).write(name, data)


@dataclass
class CallerGame:
    """One game being called: who plays, how it was dealt, and the game's caller state."""

    players: list[str]
    seed: int
    columns: int
    state: Any
    #: counts every change, so a page that follows the game knows it is behind
    version: int = 0

    def as_json(self, caller: Caller) -> dict[str, Any]:
        state = self.state
        left = [0] * caller.high
        for number in state.order[state.called:]:
            left[number - 1] += 1
        return {"players": self.players, "seed": self.seed, "columns": self.columns, "called": state.called,
                "total": len(state.order), "calls": list(state.order[: state.called]),
                "repeated": state.repeated, "left": left, "version": self.version}


@dataclass
class CallerTable:
    """The caller's game of each game that has a caller, resumed from the output folder when it was saved."""

    folder: Path
    lock: threading.Lock = field(default_factory=threading.Lock)
    games: dict[str, CallerGame] = field(default_factory=dict)

    def current(self, game: str, caller: Caller) -> CallerGame:
        """The game being called, resumed from its saved file, else a new one."""
        with self.lock:
            if game not in self.games:
                self.games[game] = self._resumed(game, caller) or self._new(caller, [], None, None)
            return self.games[game]

    def start(self, game: str, caller: Caller, players: list[str], seed: int | None) -> CallerGame:
        """A new game (the one before stays in its saved skeleton until this one's first save)."""
        with self.lock:
            self.games[game] = self._new(caller, players, seed, self.games.get(game))
            self._save(game, caller, self.games[game])
            return self.games[game]

    def act(self, game: str, caller: Caller, action: str) -> CallerGame:
        """Next, undo or repeat; saved before the answer is sent."""
        current = self.current(game, caller)
        with self.lock:
            current.state = caller.act(current.state, action)
            current.version += 1
            self._save(game, caller, current)
            return current

    def _new(self, caller: Caller, players: list[str], seed: int | None, before: CallerGame | None) -> CallerGame:
        seed = secrets.randbelow(1_000_000) if seed is None else seed
        names = players or list(caller.players)
        version = before.version + 1 if before is not None else 0
        return CallerGame(names, seed, caller.columns, caller.start(tuple(caller.order(seed, [])), 0), version)

    def _save(self, game: str, caller: Caller, current: CallerGame) -> None:
        calls = list(current.state.order[: current.state.called])
        keep_file(self.folder, f"{game}-caller.yaml",
                  caller.skeleton(current.players, calls, current.seed).encode("utf-8"))
        state = {"players": current.players, "seed": current.seed, "columns": current.columns, "called": len(calls),
                 "calls": calls}
        keep_file(self.folder, f"{game}-caller.json", json.dumps(state, ensure_ascii=False, indent=1).encode("utf-8"))

    def _resumed(self, game: str, caller: Caller) -> CallerGame | None:
        """The saved game, when its file is there and makes sense for this caller; anything else starts anew."""
        try:
            data = json.loads(files.output(self.folder).bytes_of(f"{game}-caller.json"))
        except (InputError, ValueError, RecursionError):
            return None
        if not isinstance(data, dict):
            return None
        players, seed, calls = data.get("players"), data.get("seed"), data.get("calls")
        if not (isinstance(players, list) and 0 < len(players) <= MOST_PLAYERS
                and all(isinstance(p, str) and 0 < len(p) <= LONGEST_NAME for p in players)
                and isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2 ** 63
                and isinstance(calls, list) and all(isinstance(c, int) and not isinstance(c, bool) for c in calls)
                and data.get("columns") == caller.columns):
            return None
        try:
            order = caller.order(seed, calls)
        except ValueError:  # calls this game's tiles cannot make (more of a number than there are)
            return None
        if len(calls) > len(order) or order[: len(calls)] != calls:
            return None
        return CallerGame(list(players), seed, caller.columns, caller.start(tuple(order), len(calls)))


def parse_players(text: str) -> list[str]:
    """Player names from a form field: separated by commas, blanks dropped, each kept to LONGEST_NAME."""
    names = [name.strip()[:LONGEST_NAME] for name in text.split(",")]
    return [name for name in names if name][:MOST_PLAYERS]
