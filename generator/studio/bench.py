"""`make bench` (studio): one piece drawn alone, and a saved edit reaching the page in a real browser.

- Render: every piece of every deck of every game, in every language, drawn on its own as the studio draws it
  (a fresh context and fresh pieces, as after a save, then the face and its picture), CPU time of this process
  once it has drawn one piece of each game (its renderer imported, its fonts registered, as in a running studio);
  the target is the slowest one (one card of any deck in any language, at most 100 ms).
- Preview latency: `pnp studio` on a copy of the content, Debian's Chromium on a card's page (Playwright); the
  card's name is changed in its language file, and the time from the save to the new picture shown on the page is
  measured, EDITS times; the target is the 95th percentile (at most 1 s).
"""
from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path, PurePosixPath
from typing import Any

from .. import files
from ..content.folders import shipped

TARGET_CARD_CPU = 0.100
TARGET_P95 = 1.0
EDITS = 20
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def render_times() -> tuple[dict[str, float], int]:
    """The CPU seconds of the slowest piece per game and language, and how many pieces were drawn."""
    from ..content.load import load_content
    from ..render.core.context import RenderContext
    from ..render.core.document import game_components
    from ..render.core.fonts import fonts_for
    from ..render.core.preview import face_picture

    content = load_content(shipped("content"))
    for lang in content.languages:  # fonts are registered once per process, as in the studio
        fonts_for(content, lang)
    slowest: dict[str, float] = {}
    count = 0
    for game in content.games:  # the game's renderer imported, its icons converted: once per process
        warm = RenderContext(content, game, content.languages[0], "a4")
        first = game_components(warm)[0]
        face_picture(warm, first, first.front)
    for game in content.games:
        for lang in content.languages:
            ids = [c.id for c in game_components(RenderContext(content, game, lang, "a4"))]
            for piece in ids:
                started = time.process_time()
                ctx = RenderContext(content, game, lang, "a4")
                component = next(c for c in game_components(ctx) if c.id == piece)
                face_picture(ctx, component, component.front)
                spent = time.process_time() - started
                label = f"{game}/{lang}"
                slowest[label] = max(slowest.get(label, 0.0), spent)
                count += 1
    return slowest, count


def preview_latency() -> list[float]:
    """Seconds from each saved edit to its picture on the page, EDITS of them."""
    from playwright.sync_api import sync_playwright

    with files.scratch() as tmp, files.scratch() as profile:
        content = tmp.path / "content"
        files.copy_tree(files.content(shipped("content")), content, skip=lambda name: name == "__pycache__")
        folder = files.content(content)
        server = subprocess.Popen([sys.executable, "-m", "generator", "studio", "--no-browser", "--content",
                                   str(content), "--output", str(tmp.path / "output")], stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, text=True)
        try:
            assert server.stdout is not None
            found = re.search(r"http://127\.0\.0\.1:\d+", server.stdout.readline())
            assert found, "pnp studio printed no address"
            base = found.group(0)
            address, language, line, value = _edited_text(content)
            original = folder.text_of(language)
            lines = original.splitlines(keepends=True)
            with sync_playwright() as playwright:
                context = playwright.chromium.launch_persistent_context(str(profile.path), executable_path=CHROMIUM,
                                                                        headless=True, args=ARGS)
                try:
                    page = context.new_page()
                    for _ in range(100):  # the server answers once it listens
                        try:
                            page.goto(base + address)
                            break
                        except Exception:  # noqa: BLE001 (connection refused while it starts)
                            time.sleep(0.1)
                    front = '.tile[data-side="front"]'
                    page.wait_for_selector(f"{front} img")
                    spent = []
                    for n in range(EDITS):
                        stamp = page.locator(front).get_attribute("data-stamp")
                        changed = lines[line - 1].replace(value, f"{value} {n}", 1)
                        folder.write(language, "".join(lines[:line - 1] + [changed] + lines[line:]).encode())
                        saved = time.perf_counter()
                        page.wait_for_function(
                            f"(() => {{ const t = document.querySelector('{front}'); const i = t.querySelector('img');"
                            f" return t.dataset.stamp !== '{stamp}' && i && i.complete && i.naturalWidth > 0; }})()",
                            timeout=30_000, polling="raf")
                        spent.append(time.perf_counter() - saved)
                        time.sleep(0.3)  # the next save is a new edit, not the same one again
                finally:
                    context.close()
            return spent
        finally:
            server.terminate()
            server.wait(timeout=30)


def _edited_text(content: Path) -> tuple[str, PurePosixPath, int, str]:
    """The first piece of the first game whose front shows a text of its own: its page's address, its reference
    language file, the line of the text there and the text as written (the benchmark adds a number to it)."""
    from ..content.folders import REFERENCE_LANG
    from ..content.load import load_content
    from ..render.core.context import RenderContext
    from ..render.core.document import game_components
    from ..render.core.preview import face_keys

    loaded = load_content(content)
    for game in loaded.games:
        ctx = RenderContext(loaded, game, REFERENCE_LANG, next(iter(loaded.print.papers)))
        for component in game_components(ctx):
            keys = face_keys(component, component.front)
            if keys:
                where = ctx.texts.position(keys[0])
                node: Any = ctx.texts.tree
                for part in keys[0].split("."):
                    node = node[part]
                return (f"/card/{game}/{component.id}?lang={REFERENCE_LANG}",
                        PurePosixPath(*PurePosixPath(where.path).parts[1:]), where.line, str(node))
    raise LookupError("no piece shows a text")


def run() -> list[dict[str, Any]]:
    slowest, count = render_times()
    worst_label = max(slowest, key=lambda label: slowest[label])
    worst = slowest[worst_label]
    rows: list[dict[str, Any]] = [{
        "name": "one piece drawn alone (slowest of every piece, game and language)", "value": round(worst * 1000, 1),
        "unit": "ms CPU", "target": f"<= {TARGET_CARD_CPU * 1000:g} ms", "ok": worst <= TARGET_CARD_CPU,
        "detail": f"{count} pieces, a fresh context each, as after a save; slowest per game and language: "
                  + ", ".join(f"{label} {value * 1000:.0f} ms" for label, value in sorted(slowest.items()))}]
    if not Path(CHROMIUM).exists():
        rows.append({"name": "preview latency (save to picture, p95)", "value": "-", "unit": "s",
                     "target": f"<= {TARGET_P95:g} s", "ok": False, "detail": f"no Chromium at {CHROMIUM}"})
        return rows
    spent = sorted(preview_latency())
    p95 = spent[min(len(spent) - 1, round(0.95 * len(spent)) - 1)]
    rows.append({"name": "preview latency: a saved edit to its new picture in the browser (p95)",
                 "value": round(p95, 3), "unit": "s", "target": f"<= {TARGET_P95:g} s", "ok": p95 <= TARGET_P95,
                 "detail": f"{len(spent)} edits of a card's name, Chromium on its page; median "
                           f"{statistics.median(spent):.3f} s, slowest {spent[-1]:.3f} s; load average "
                           f"{os.getloadavg()[0]:.2f}"})
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
