"""The studio as its users meet it: `pnp studio` started as a command on a copy of the content, and Debian's
Chromium driven by Playwright (never a browser Playwright downloads)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

CHROMIUM = "/usr/bin/chromium"
#: how long a page may take to load or show what a test waits for (a guard against a hang, far above the usual)
TIMEOUT_MS = 180_000
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PNP = Path(sys.executable).with_name("pnp")
ROOT = Path(__file__).resolve().parents[1]
ADDRESS = re.compile(r"pnp studio: (http://127\.0\.0\.1:(\d+)/\S*)")
SHARE = re.compile(r"On other phones at the table: (http://\S+)")


class Server:
    """A running `pnp studio --no-browser`: its address, its folders, its printed lines."""

    def __init__(self, content: Path, output: Path, *extra: str) -> None:
        self.content, self.output = content, output
        self.process = subprocess.Popen([str(PNP), "studio", "--no-browser", "--content", str(content), "--output",
                                         str(output), *extra], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        stdin=subprocess.DEVNULL, text=True, cwd=content.parent)
        self.lines: list[str] = []
        assert self.process.stdout is not None
        for line in self.process.stdout:  # the address comes first, before the server listens for pages
            self.lines.append(line.rstrip("\n"))
            found = ADDRESS.search(line)
            if found:
                self.url, self.port = found.group(1), int(found.group(2))
                break
        else:
            raise AssertionError(f"pnp studio printed no address: {self.process.stderr.read() if self.process.stderr else ''}")
        self.base = f"http://127.0.0.1:{self.port}"
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))
            if line.startswith("Ctrl-C"):
                break
        self.wait_until_up()

    @property
    def share_url(self) -> str:
        return next(SHARE.search(line).group(1) for line in self.lines if SHARE.search(line))

    def wait_until_up(self) -> None:
        for _ in range(200):  # bounded by count: the server answers once it listens
            try:
                urllib.request.urlopen(self.url, timeout=10).read()
                return
            except urllib.error.HTTPError:
                return
            except OSError:
                time.sleep(0.05)
        raise AssertionError("pnp studio did not answer")

    def stop(self) -> int:
        self.process.terminate()
        try:
            return self.process.wait(timeout=30)
        finally:
            for stream in (self.process.stdout, self.process.stderr):
                if stream is not None:
                    stream.close()


def request(url: str, data: bytes | None = None, headers: dict[str, str] | None = None,
            method: str | None = None) -> tuple[int, dict[str, str], bytes]:
    """(status, headers, body) of one request; a 4xx or 5xx is an answer too, not an exception."""
    req = urllib.request.Request(url, data=data, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(req, timeout=60) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def content_copy(where: Path) -> Path:
    target = where / "content"
    shutil.copytree(ROOT / "content", target, ignore=shutil.ignore_patterns("__pycache__"))
    return target


@contextmanager
def studio(tmp: Path, *extra: str) -> Iterator[Server]:
    server = Server(content_copy(tmp), tmp / "output", *extra)
    try:
        yield server
    finally:
        server.stop()


class Browser:
    """Debian's Chromium under Playwright: each `person()` is a browser of its own with a fresh profile folder
    (its own cookies), as a second phone at the table is."""

    def __init__(self, playwright: object) -> None:
        self.playwright = playwright
        self.contexts: list[object] = []
        self.profiles: list[str] = []

    def person(self, width: int = 1280, height: int = 900):  # -> playwright BrowserContext
        profile = tempfile.mkdtemp(prefix="pnp-chromium-")
        self.profiles.append(profile)
        context = self.playwright.chromium.launch_persistent_context(  # type: ignore[attr-defined]
            profile, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
            viewport={"width": width, "height": height})
        context.set_default_timeout(TIMEOUT_MS)  # a busy machine is slow, not wrong
        context.set_default_navigation_timeout(TIMEOUT_MS)
        self.contexts.append(context)
        return context

    def close(self) -> None:
        for context in self.contexts:
            context.close()  # type: ignore[attr-defined]
        for profile in self.profiles:
            shutil.rmtree(profile, ignore_errors=True)


@contextmanager
def chromium() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    if not os.access(CHROMIUM, os.X_OK):
        raise AssertionError(f"the browser tests need Chromium at {CHROMIUM}: `make test` installs it "
                             "(apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = Browser(playwright)
        try:
            yield browser
        finally:
            browser.close()
