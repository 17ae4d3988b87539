"""An installed `pnp` works outside any checkout: the wheel carries the content and the examples.

The wheel is built from a copy of the sources (setuptools' in-tree `build/` could carry files deleted since) and
installed without its dependencies into a fresh virtualenv that sees this environment's packages, so the test
needs no network; every command then runs from an empty folder, far from the checkout. The wheel carries the travel
check path compiled (setup.py, generator/compiled.py), so the travel rule tests run again against that install.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.compiled import compiled_names

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "generator", "content", "examples")


#: the tests that replay records, play games, parse notation and report: run again on the compiled modules
COMPILED_TESTS = ("test_travel_rulebook.py", "test_travel_rules.py", "test_travel_engine.py", "test_travel_notation.py",
                  "test_travel_record_tree.py", "test_travel_properties.py", "test_travel_bots.py",
                  "test_fuzz_records.py", "test_travel_cli.py", "test_checking_json.py", "test_travel_balance.py")


def run(*args, cwd: Path, check: bool = True, **env: str) -> subprocess.CompletedProcess:
    env = {**{k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}, **env}
    result = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=600)
    if check and result.returncode != 0:
        pytest.fail(f"{' '.join(map(str, args))} exited {result.returncode}\n{result.stdout}\n{result.stderr}")
    return result


def install_wheel(tmp: Path, **env: str) -> Path:
    """Build the wheel (with `env` added to the environment), install it alone into a fresh virtualenv; returns the
    virtualenv's `bin/` folder."""
    src = tmp / "src"
    src.mkdir()
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            shutil.copy2(source, src / name)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
        "-w", tmp / "dist", src, cwd=tmp, **env)
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


def test_the_installed_wheel_lints_checks_and_builds_from_an_empty_folder_and_runs_the_travel_rules_compiled(
        tmp_path: Path):
    """One test, so the (compiled) wheel is built once whichever worker runs it."""
    bin_dir = install_wheel(tmp_path)
    works_from_an_empty_folder(bin_dir, tmp_path)
    runs_the_travel_rules_compiled(bin_dir)


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
    assert run(pnp, "copy", "examples", cwd=away).stdout == "copied pnp's examples to examples/\n"
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


def runs_the_travel_rules_compiled(bin_dir: Path) -> None:
    """The wheel's check path is the compiled one, and it gives the plain modules' answers: every travel rule,
    notation, engine and bot test passes against it (run from the checkout, which -P keeps off the import path)."""
    count = len(compiled_names())
    version = run(bin_dir / "pnp", "--version", cwd=bin_dir).stdout
    assert version.endswith(f"({count} of {count} modules compiled)\n"), \
        f"{version}: was there a C compiler to build the wheel with? (`.ci/run` installs gcc where there is none)"
    where = run(bin_dir / "python", "-P", "-c", "import generator.compiled as c, importlib.util as u; "
                "print(*c.compiled_modules()); print(*(u.find_spec(m).origin for m in c.compiled_names()))", cwd=ROOT)
    modules, origins = where.stdout.splitlines()
    assert modules.split() == compiled_names() and compiled_names()
    assert all(Path(origin).is_relative_to(bin_dir.parent) for origin in origins.split())
    tests = run(bin_dir / "python", "-P", "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=-q",
                *(ROOT / "tests" / name for name in COMPILED_TESTS), cwd=ROOT, check=False)
    assert tests.returncode == 0, tests.stdout[-4000:] + tests.stderr[-2000:]
    assert " passed" in tests.stdout.splitlines()[-1] and "skipped" not in tests.stdout.splitlines()[-1]


def test_a_wheel_built_without_a_c_compiler_is_plain_python_and_works(tmp_path: Path):
    """setup.py falls back to the plain modules when the compile fails, leaving no compiled module behind."""
    bin_dir = install_wheel(tmp_path, CC="false")
    wheel, = (tmp_path / "dist").glob("generator-*.whl")
    assert not [name for name in zipfile.ZipFile(wheel).namelist() if name.endswith(tuple(EXTENSION_SUFFIXES))]
    away = tmp_path / "away"
    away.mkdir()
    version = run(bin_dir / "pnp", "--version", cwd=away).stdout
    assert version.endswith(f"(0 of {len(compiled_names())} modules compiled)\n")
    run(bin_dir / "pnp", "copy", "examples", cwd=away)
    assert "valid" in run(bin_dir / "pnp", "check", "examples/travel-three-players.yaml", cwd=away).stdout
    broken = run(bin_dir / "pnp", "check", "examples/travel-broken.yaml", cwd=away, check=False)
    assert broken.returncode == 1 and "examples/travel-broken.yaml:" in broken.stdout
