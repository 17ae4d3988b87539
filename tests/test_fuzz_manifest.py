"""Fuzzing the build manifest (`output/.build-manifest.json`), which anyone who can write the output folder can
edit: a mutated, truncated, binary, endlessly nested or not-a-file manifest is read as some manifest or as none,
never a traceback or a hang, and the files it may make the build delete or trust are only the job's own."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.builder.plan import MANIFEST, _fresh, _owned_files, read_manifest
from generator.builder.units import Unit
from generator.files import MAX_FILE_BYTES

from fuzz_support import fuzz_settings, mutated

UNITS = [Unit("pdf", "threesixteen", "en", "a4"), Unit("pod", "travel", "ko"), Unit("png", "travel", "ja")]
FILES = {UNITS[0]: list(UNITS[0].pdf_files), UNITS[1]: ["pod/travel-ko-countries.pdf"],
         UNITS[2]: ["png/travel/ja/cards/camera.png", "tts/travel-ja-deck.png"]}
#: a manifest as the build writes it, one entry per unit
WRITTEN = json.dumps({"version": 2, "units": {unit.name: {"digest": "d" * 64, "files": files,
                                                          "stat": {f: [1000, 1] for f in files}}
                                             for unit, files in FILES.items()}}, indent=1, sort_keys=True)


def assert_believed_only_as_its_own(out: Path) -> None:
    units = read_manifest(out)
    assert isinstance(units, dict)
    for unit in UNITS:
        entry = units.get(unit.name)
        assert _fresh(unit, entry, "d" * 64, out) in (True, False)
        for name in _owned_files(unit, entry):
            assert unit.owns(name) and (out / name).resolve().is_relative_to(out.resolve()), name


@fuzz_settings(quick=60)
@given(data=st.data())
def test_a_mutated_manifest_is_read_as_some_manifest_or_none(tmp_path_factory, data):
    out = tmp_path_factory.mktemp("out")
    (out / MANIFEST).write_bytes(data.draw(mutated(WRITTEN.encode("utf-8")), label="manifest"))
    assert_believed_only_as_its_own(out)


@pytest.mark.parametrize("kind", ["fifo", "device", "folder", "nested", "huge", "binary", "entries"])
def test_a_manifest_that_is_not_a_small_json_file_is_none(tmp_path: Path, kind: str):
    manifest = tmp_path / MANIFEST
    if kind == "fifo":
        os.mkfifo(manifest)
    elif kind == "device":
        manifest.symlink_to("/dev/zero")
    elif kind == "folder":
        manifest.mkdir()
    elif kind == "nested":
        manifest.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    elif kind == "huge":
        with open(manifest, "wb") as handle:
            handle.truncate(MAX_FILE_BYTES + 1)
    elif kind == "binary":
        manifest.write_bytes(b"\xff\xfe\x00{\x80")
    else:  # entries of every wrong shape
        manifest.write_text(json.dumps({"version": 2, "units": {UNITS[0].name: {"files": "x", "stat": []},
                                                                UNITS[1].name: [1], UNITS[2].name: None}}))
    if kind == "entries":
        assert_believed_only_as_its_own(tmp_path)
    else:
        assert read_manifest(tmp_path) == {}
