"""`pnp lint` and `pnp build` agree: each check broken in the Korean files gives the same errors at the same
file:line:col from both, the build exits 1 and writes nothing for Korean, and English still builds."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import replace_in

#: check -> (file under content/, text to replace, replacement)
BREAKS = {
    "missing-key": ("threesixteen/ko.yaml", "  red: 빨강\n", ""),
    "placeholder": ("common/ko.yaml", 'number: "{n} / {total}"', 'number: "{n} / {totl}"'),
    "glyph": ("threesixteen/ko.yaml", "blue: 파랑", "blue: 파랑 📷"),
    "fit": ("threesixteen/ko.yaml", "green: 초록", "green: " + "초록색 타일 " * 60),
}


def pnp(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, text=True)


def error_lines(text: str) -> list[str]:
    return sorted(line for line in text.splitlines() if ": error: " in line)


@pytest.mark.parametrize("check", BREAKS)
def test_build_refuses_what_lint_refuses_with_the_same_message(content_copy, tmp_path, check):
    path, old, new = BREAKS[check]
    replace_in(content_copy / path, old, new)
    linted = pnp("lint", "--content", str(content_copy))
    out = tmp_path / "out"
    built = pnp("build", "--content", str(content_copy), "--game", "threesixteen", "--paper", "a4", "--no-pod",
                "--lang", "en", "--lang", "ko", "--output", str(out))
    errors = error_lines(linted.stdout + linted.stderr)
    assert linted.returncode == 1 and built.returncode == 1, (linted.stdout, built.stderr)
    assert errors and all(f"[{check}]" in line for line in errors), errors
    assert all(line.startswith(f"content/{path}:") for line in errors), errors
    assert error_lines(built.stderr) == errors
    written = sorted(p.name for p in out.glob("*.pdf"))
    assert written and all("-en-" in name for name in written), written
