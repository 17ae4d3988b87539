"""Live updates: the content folder is watched, each change reloads the workspace and is told to every open page
(server-sent events); lint runs after each change, as `pnp lint` runs (the same command, in its own process, so a
long lint never holds up a picture), and its findings are told to the pages when it is done.
"""
from __future__ import annotations

import asyncio
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, AsyncIterator

from ..errors import Diagnostic, Position
from .workspace import Workspace

#: a comment line every so often keeps a quiet stream open through proxies and tells a closed page from a live one
KEEP_ALIVE_SECONDS = 15.0


class Hub:
    """Hands every published event to every page listening."""

    def __init__(self) -> None:
        self.listeners: set[asyncio.Queue[dict[str, Any] | None]] = set()
        self.last_lint: dict[str, Any] | None = None

    def publish(self, event: dict[str, Any]) -> None:
        if event["kind"] == "lint":
            self.last_lint = event
        for queue in list(self.listeners):
            queue.put_nowait(event)

    def close(self) -> None:
        """Ends every stream (the server is stopping)."""
        for queue in list(self.listeners):
            queue.put_nowait(None)

    async def stream(self) -> AsyncIterator[str]:
        """One page's stream: `event: NAME` and `data: JSON` per event."""
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        if self.last_lint is not None:  # a page drawn before lint's findings came and listening only after them
            queue.put_nowait(self.last_lint)  # (a busy machine) would otherwise never show them on its cards
        self.listeners.add(queue)
        try:
            yield "retry: 1000\n\n"
            while True:
                try:
                    event = await asyncio.wait_for(queue.get(), KEEP_ALIVE_SECONDS)
                except asyncio.TimeoutError:
                    yield ": still here\n\n"
                    continue
                if event is None:
                    return
                yield f"event: {event['kind']}\ndata: {json.dumps(event, ensure_ascii=False)}\n\n"
        finally:
            self.listeners.discard(queue)


@dataclass
class Findings:
    """Lint's findings for one generation of the content (empty until the first lint is done)."""

    generation: int = -1
    findings: tuple[Diagnostic, ...] = ()
    running: bool = False
    by_key: dict[tuple[str, str], list[Diagnostic]] = field(default_factory=dict)

    def of(self, lang_file: str, key: str) -> list[Diagnostic]:
        """The findings about text `key` in a language's file (`travel/ko.yaml`)."""
        return self.by_key.get((lang_file, key), [])


def stamps_json(workspace: Workspace) -> dict[str, str]:
    return {f"{game}/{lang}": stamp for (game, lang), stamp in workspace.stamps.items()}


async def watch(workspace: Workspace, hub: Hub, findings: Findings, stop: asyncio.Event) -> None:
    """Reload on every change under the content folder until `stop`; lint after each."""
    from starlette.concurrency import run_in_threadpool
    from watchfiles import awatch

    linting: asyncio.Task[None] | None = asyncio.create_task(lint(workspace, hub, findings))
    async for _ in awatch(workspace.root, stop_event=stop, debounce=400, step=20, recursive=True):
        await run_in_threadpool(workspace.reload)
        hub.publish({"kind": "content", "generation": workspace.generation, "stamps": stamps_json(workspace)})
        if linting is not None and not linting.done():
            linting.cancel()
        linting = asyncio.create_task(lint(workspace, hub, findings))
    if linting is not None:
        linting.cancel()


async def lint(workspace: Workspace, hub: Hub, findings: Findings) -> None:
    """`pnp lint --format json` on the workspace's folder, in a process of its own; its findings replace the
    last ones. A lint that cannot run leaves the last findings as they were."""
    generation = workspace.generation
    findings.running = True
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "generator", "lint", "--format", "json", "--content", str(workspace.root),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL, stdin=asyncio.subprocess.DEVNULL)
    try:
        out, _ = await process.communicate()
    except asyncio.CancelledError:
        if process.returncode is None:
            process.kill()
            await process.wait()
        raise
    finally:
        findings.running = False
    try:
        data = json.loads(out)
        found = tuple(Diagnostic(Position(f["path"], f["line"], f["col"]), f["message"], f["check"], f["severity"],
                                 f["key"]) for f in data["findings"])
    except (ValueError, KeyError, TypeError):
        return
    by_key: dict[tuple[str, str], list[Diagnostic]] = {}
    for finding in found:
        where = "/".join(Path(finding.position.path).parts[-2:])
        by_key.setdefault((where, finding.key_path), []).append(finding)
    findings.generation, findings.findings, findings.by_key = generation, found, by_key
    hub.publish({"kind": "lint", "generation": generation, "errors": sum(f.severity == "error" for f in found),
                 "warnings": sum(f.severity == "warning" for f in found)})
