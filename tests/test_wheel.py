"""An installed `pnp` works outside any checkout: the wheel carries the content and the examples.

The wheel is built from a copy of the sources (so nothing left in the checkout can slip in) and
installed without its dependencies into a fresh virtualenv that sees this environment's packages, so the test
needs no network; every command then runs from an empty folder, far from the checkout. The wheel is pure Python: one
wheel for every platform.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", ".gitignore", "README.md", "generator", "content", "examples")


def run(*args, cwd: Path, check: bool = True, **env: str) -> subprocess.CompletedProcess:
    env = {**{k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}, **env}
    result = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True)
    if check and result.returncode != 0:
        pytest.fail(f"{' '.join(map(str, args))} exited {result.returncode}\n{result.stdout}\n{result.stderr}")
    return result


def install_wheel(tmp: Path) -> Path:
    """Build the wheel, install it alone into a fresh virtualenv; returns the virtualenv's `bin/` folder."""
    src = tmp / "src"
    src.mkdir()
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, src / name)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
        "-w", tmp / "dist", src, cwd=tmp)
    wheel, = (tmp / "dist").glob("generator-*.whl")
    venv = tmp / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp)
    site = Path(run(venv / "bin" / "python", "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])",
                    cwd=tmp).stdout.strip())
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "dependencies.pth").write_text("\n".join(sorted(ours)) + "\n", encoding="utf-8")
    run(sys.executable, "-m", "pip", "--python", venv / "bin" / "python", "install", "--quiet", "--no-deps",
        "--no-index", "--no-compile", wheel, cwd=tmp)
    return venv / "bin"


def test_the_installed_wheel_is_pure_python_and_lints_checks_and_builds_from_an_empty_folder(tmp_path: Path):
    """One test, so the wheel is built once whichever worker runs it."""
    bin_dir = install_wheel(tmp_path)
    is_pure_python(tmp_path / "dist")
    works_from_an_empty_folder(bin_dir, tmp_path)


def is_pure_python(dist: Path) -> None:
    """One wheel for every platform and Python 3: no compiled module, nothing that exists only to make one."""
    wheel, = dist.glob("generator-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    names = zipfile.ZipFile(wheel).namelist()
    assert not [name for name in names if name.endswith((".so", ".pyd", ".c", ".pxd", ".pyx"))]
    assert "generator/shipped/content/print.yaml" in names and "generator/checking.schema.json" in names
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]


def works_from_an_empty_folder(bin_dir: Path, tmp_path: Path) -> None:
    away = tmp_path / "away"
    away.mkdir()
    where = run(bin_dir / "python", "-c", "import generator.content.folders as f; "
                "print(f.__file__); print(f.default_root()); print(f.shipped('examples'))", cwd=away)
    module, content, examples = (Path(line) for line in where.stdout.split())
    assert all(path.is_relative_to(bin_dir.parent) for path in (module, content, examples)), where.stdout
    assert (content / "travel" / "game.yaml").is_file() and (content / "common" / "ko.yaml").is_file()
    shipped = sorted(p.name for p in examples.glob("*.yaml"))
    assert shipped == sorted(p.name for p in (ROOT / "examples").glob("*.yaml"))

    pnp = bin_dir / "pnp"
    assert run(pnp, "lint", cwd=away).stdout.splitlines()[-2].startswith("0 errors")  # then the progress line
    assert run(pnp, "copy", "examples", cwd=away).stdout.startswith("copied pnp's examples to examples/\nNext: ")
    assert sorted(p.name for p in (away / "examples").iterdir()) == shipped
    for name in ("threesixteen-game.yaml", "threesixteen-solo.yaml", "travel-three-players.yaml"):
        assert "valid" in run(pnp, "check", f"examples/{name}", cwd=away).stdout
    assert "올바른 기록" in run(pnp, "check", "examples/travel-korean.yaml", "--lang", "ko", cwd=away).stdout
    broken = run(pnp, "check", "examples/travel-broken.yaml", cwd=away, check=False)
    assert broken.returncode == 1 and "examples/travel-broken.yaml:" in broken.stdout

    out = tmp_path / "printed"
    run(pnp, "build", "--game", "threesixteen", "--lang", "en", "--paper", "a4", "--output", out, cwd=away)
    assert sorted(p.name for p in out.glob("*.pdf")) == [
        "threesixteen-en-a4-gutterfold.pdf", "threesixteen-en-a4-ink-saver.pdf", "threesixteen-en-a4.pdf"]
    assert len(PdfReader(out / "threesixteen-en-a4.pdf").pages) > 3
    assert not (away / "output").exists()
    # without --output, the PDFs go to ./output
    run(pnp, "build", "--game", "threesixteen", "--lang", "ko", "--paper", "letter", "--no-pod", cwd=away)
    assert sorted(p.name for p in (away / "output").glob("*.pdf")) == [
        "threesixteen-ko-letter-gutterfold.pdf", "threesixteen-ko-letter-ink-saver.pdf", "threesixteen-ko-letter.pdf"]
