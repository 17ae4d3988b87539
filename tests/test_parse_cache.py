"""Parsed content kept between runs (generator/content/parse_cache.py): a kept parse gives exactly what parsing
gives, and a cache file that is not whole, not of its shape, or not there is only a parse again."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.content import parse_cache
from generator.content.yamlsrc import load_yaml

ROOT = Path(__file__).resolve().parents[1]
TEXT = "# a comment\nnames:\n  camera: Camera\n  empty:\nlist:\n  - one\n  - {k: v}\n"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("PNP_CACHE", str(tmp_path / "cache"))
    parse_cache.folder.cache_clear()
    yield tmp_path / "cache" / "parsed"
    parse_cache.folder.cache_clear()


def as_tables(located) -> tuple[dict, dict]:
    return dict(located.values), dict(located.keys)


@pytest.mark.parametrize("name", ["travel/en.yaml", "common/ko.yaml", "threesixteen/game.yaml", "print.yaml"])
def test_a_kept_parse_is_the_parse(cache: Path, name: str):
    parsed = load_yaml(ROOT / "content", name)
    first = load_yaml(ROOT / "content", name, cached=True)
    assert len(list(cache.iterdir())) == 1
    kept = load_yaml(ROOT / "content", name, cached=True)
    assert first[0] == kept[0] == parsed[0]
    assert as_tables(first[1]) == as_tables(kept[1]) == as_tables(parsed[1])
    assert kept[1].of(("no", "such"), key=True) == parsed[1].of(("no", "such"), key=True)


def test_an_edited_file_is_parsed_again(cache: Path, tmp_path: Path):
    path = tmp_path / "en.yaml"
    path.write_text(TEXT, encoding="utf-8")
    assert load_yaml(path.parent, path.name, cached=True)[0]["names"]["camera"] == "Camera"
    path.write_text(TEXT.replace("Camera", "Kamera"), encoding="utf-8")
    assert load_yaml(path.parent, path.name, cached=True)[0]["names"]["camera"] == "Kamera"
    assert len(list(cache.iterdir())) == 2


@pytest.mark.parametrize("spoil", [
    lambda kept: b"{\"format\": 1, ",
    lambda kept: b"\xff\xfe",
    lambda kept: json.dumps({**kept, "format": 99}).encode(),
    lambda kept: json.dumps({**kept, "size": 1}).encode(),
    lambda kept: json.dumps({**kept, "tree": {"names": {"camera": 12}}}).encode(),
    lambda kept: json.dumps({**kept, "tree": {"names": [True]}}).encode(),
    lambda kept: json.dumps({k: v for k, v in kept.items() if k != "keys"}).encode(),
    lambda kept: json.dumps([kept]).encode(),
])
def test_a_spoilt_cache_file_is_a_miss(cache: Path, tmp_path: Path, spoil):
    path = tmp_path / "en.yaml"
    path.write_text(TEXT, encoding="utf-8")
    parsed = load_yaml(path.parent, path.name, cached=True)
    kept_file, = cache.iterdir()
    kept_file.write_bytes(spoil(json.loads(kept_file.read_bytes())))
    again = load_yaml(path.parent, path.name, cached=True)
    assert again[0] == parsed[0] and as_tables(again[1]) == as_tables(parsed[1])


def test_positions_that_are_not_positions_are_parsed_again(cache: Path, tmp_path: Path):
    path = tmp_path / "en.yaml"
    path.write_text(TEXT, encoding="utf-8")
    parsed = load_yaml(path.parent, path.name, cached=True)
    kept_file, = cache.iterdir()
    kept = json.loads(kept_file.read_bytes())
    kept["values"][0] = ["names", "x", 3]
    kept_file.write_text(json.dumps(kept), encoding="utf-8")
    again = load_yaml(path.parent, path.name, cached=True)
    assert again[0] == parsed[0] and as_tables(again[1]) == as_tables(parsed[1])


def test_off_and_unwritable(tmp_path: Path, monkeypatch):
    path = tmp_path / "en.yaml"
    path.write_text(TEXT, encoding="utf-8")
    monkeypatch.setenv("PNP_CACHE", "off")
    parse_cache.folder.cache_clear()
    assert parse_cache.folder() is None
    assert load_yaml(path.parent, path.name, cached=True)[0]["list"][0] == "one"
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("PNP_CACHE", str(blocker))  # a folder cannot be made there
    parse_cache.folder.cache_clear()
    assert load_yaml(path.parent, path.name, cached=True)[0]["list"][0] == "one"
    parse_cache.folder.cache_clear()


def test_the_folder_keeps_at_most_its_count(cache: Path, tmp_path: Path, monkeypatch):
    monkeypatch.setattr(parse_cache, "MOST_FILES", 6)
    for n in range(20):
        path = tmp_path / f"f{n}.yaml"
        path.write_text(f"key: value {n}\n", encoding="utf-8")
        load_yaml(path.parent, path.name, cached=True)
    assert 3 <= len(list(cache.iterdir())) <= 6
