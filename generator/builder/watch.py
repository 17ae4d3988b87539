"""`pnp build --watch`: build, then build again each time a content file is saved, until Ctrl-C.

watchfiles waits on the file system's own change events (inotify, FSEvents; no polling loop of ours), and `build`
redoes only the outputs whose inputs changed, so a save rebuilds what it touched. A bad edit prints lint's
findings, as any build does, and the watch goes on; Ctrl-C ends it quietly.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

from .. import files

if TYPE_CHECKING:
    from watchfiles.main import AbstractEvent  # anything with is_set(), e.g. a threading.Event

#: quiet time (ms) after a change before building: an editor's save is often several writes
DEBOUNCE_MS = 150
#: how long (ms) watchfiles waits before it yields nothing: its first such yield says the watcher is running
READY_MS = 300
#: what a build reads from the content folder: texts and data, fonts and their licence files
WATCHED_SUFFIXES = (".yaml", ".yml", ".ttf", ".txt")


def watched(path: str) -> bool:
    """A file whose change can change an output (not an editor's swap file or backup)."""
    name = Path(path).name
    return name.endswith(WATCHED_SUFFIXES) and not name.startswith((".", "#"))


def changed_names(root: Path, paths: Iterable[str]) -> list[str]:
    """The changed files named as lint names them ("content/common/en.yaml"), sorted."""
    folder = files.content(root)
    return sorted({folder.display(os.path.abspath(path)) for path in paths})


def watch_builds(root: Path, build_once: Callable[[], object], echo: Callable[[str], None],
                 stop_event: AbstractEvent | None = None) -> None:
    """Build once, say what is watched, then build once for each batch of saved files, saying which they were.
    Returns on Ctrl-C (or when `stop_event` is set)."""
    from watchfiles import watch

    build_once()
    ready = False
    for changes in watch(files.content(root).real, watch_filter=lambda _, path: watched(path), debounce=DEBOUNCE_MS,
                         rust_timeout=READY_MS, yield_on_timeout=True, raise_interrupt=False, stop_event=stop_event):
        if not ready:  # the watcher runs from here on: a save made now is seen
            echo(f"Watching {root} for changes (Ctrl-C stops).")
            ready = True
        if changes:
            echo("Changed: " + ", ".join(changed_names(root, (path for _, path in changes))) + "; rebuilding")
            build_once()
