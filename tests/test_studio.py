"""`pnp studio` safe by default, and what it shows built from the library: bad requests get a 4xx with a clear
message, an upload obeys `pnp check`'s caps, only rendered pieces and packaged files are served, the content folder
is never written, the caller's saves are a skeleton `pnp check` reads, and each game's step-through is its
checker's replay."""
from __future__ import annotations

import hashlib
import html
import json
import subprocess
import sys
from pathlib import Path

import pytest

from generator.content.load import load_content
from generator.files import MAX_FILE_BYTES
from generator.games import registry
from generator.render.core.context import RenderContext
from generator.render.core.document import game_components
from generator.render.core.preview import face_picture
from studio_support import PNP, ROOT, request, studio

CONTENT = load_content()
SEND = {"X-PNP-Studio": "1"}


def tree_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(folder)).encode() + path.read_bytes())
    return digest.hexdigest()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with studio(tmp_path_factory.mktemp("studio")) as running:
        running.digest = tree_digest(running.content)
        yield running


@pytest.mark.parametrize("address, status, words", [
    ("/cards?game=chess", 404, "unknown game 'chess'; the content has: threesixteen, travel"),
    ("/cards?lang=xx", 404, "unknown language 'xx'; the content has: en, ja, ko"),
    ("/cards?game=travel&deck=jokers", 404, "unknown deck 'jokers'"),
    ("/tile/travel/en/no-such-card/front", 404, "no piece 'no-such-card' in this game"),
    ("/tile/travel/en/camera-1/inside", 404, "a piece has a front and a back, not 'inside'"),
    ("/picture/travel/en/..%2F..%2Fprint.yaml/front.png", 404, "Not Found"),
    ("/static/../content/print.yaml", 404, "Not Found"),
    ("/static/studio.py", 404, "Not Found"),
    ("/page/travel/en/99.png", 404, "no page 99 in this rulebook"),
    ("/table/travel/caller", 404, "'travel' has no caller"),
    ("/table/threesixteen/setup", 404, "'threesixteen' has no setup to deal"),
    ("/table/travel/setup?players=Solo", 400, "this game is for 2 to 6 players"),
    ("/table/travel/setup?seed=-4", 400, "a seed is a whole number"),
    ("/fonts/en/7-regular.ttf", 404, "no such font"),
    ("/qr.svg", 404, "the QR code is for a studio started with --lan"),
])
def test_a_bad_request_gets_a_4xx_with_a_clear_message_never_a_traceback(server, address, status, words):
    code, _, body = request(server.base + address)
    text = html.unescape(body.decode("utf-8"))
    assert code == status, text[-300:]
    assert words in text and "Traceback" not in text and 'File "' not in text


def test_requests_from_elsewhere_are_refused(server):
    code, _, body = request(server.base + "/cards", headers={"Host": "evil.example:80"})
    assert code == 400 and "answers only at the address it printed" in body.decode()
    code, _, body = request(server.base + "/api/caller/threesixteen/next", data=b"", method="POST")
    assert code == 403 and "Only the studio's own pages can change things here." in html.unescape(body.decode())
    code, _, body = request(server.base + "/api/caller/threesixteen/jump", data=b"", method="POST", headers=SEND)
    assert code == 404 and json.loads(body) == {"error": "unknown action 'jump'"}
    code, _, body = request(server.base + "/api/caller/threesixteen/new", data=b"[1, 2]", method="POST", headers=SEND)
    assert code == 400 and "players and seed were not sent" in json.loads(body)["error"]


def test_an_upload_obeys_the_caps_of_pnp_check(server):
    big = b"game: travel\n" + b"#" * MAX_FILE_BYTES
    code, _, body = request(server.base + "/check", data=big, method="POST", headers=SEND)
    assert code == 413 and "larger than 10 MB" in body.decode()
    code, _, body = request(server.base + "/check", data=b"game: travel\nplayers: [\xff]\n", method="POST",
                            headers=SEND)
    assert code == 400 and "record.yaml:2:11" in body.decode() and "not UTF-8" in body.decode()
    aliases = b"game: threesixteen\nplayers: &a [Mina]\ncalls: *a\nmoves: {}\n"
    code, _, body = request(server.base + "/check?name=bomb.yaml", data=aliases, method="POST", headers=SEND)
    assert code == 200 and "bomb.yaml:3:8</code> aliases (*a) are not supported" in body.decode()


def test_the_check_page_answers_with_the_checker_s_words(server):
    record = (ROOT / "examples" / "threesixteen-broken.yaml").read_bytes()
    code, _, body = request(server.base + "/check?lang=ko&name=threesixteen-broken.yaml", data=record, method="POST",
                            headers=SEND)
    page = body.decode()
    assert code == 200 and "R11" in page and 'id="line-11" class="marked"' in page
    assert CONTENT.texts("threesixteen", "ko").get("rules.R11.text") in page.replace("&#39;", "'")


def test_the_content_folder_is_never_written_and_the_caller_saves_a_skeleton_check_reads(server):
    for action in ("next", "next", "next", "undo"):
        code, _, body = request(server.base + f"/api/caller/threesixteen/{action}", data=b"", method="POST",
                                headers=SEND)
        assert code == 200
    state = json.loads(body)
    assert state["called"] == 2 and len(state["calls"]) == 2 and sum(state["left"]) == 46
    saved = server.output / "studio" / "threesixteen-caller.yaml"
    result = subprocess.run([str(PNP), "check", str(saved)], capture_output=True, text=True)
    assert result.returncode == 1 and "0 tokens for 2 calls" in result.stderr
    assert "calls: >-\n  " + " ".join(map(str, state["calls"])) in saved.read_text(encoding="utf-8")
    for address in ("/cards", "/card/travel/camera-1", "/rulebook/travel", "/progress", "/table/travel/setup"):
        assert request(server.base + address)[0] == 200
    assert tree_digest(server.content) == server.digest
    assert sorted(p.name for p in (server.output / "studio").iterdir()) == ["threesixteen-caller.json",
                                                                            "threesixteen-caller.yaml"]


def test_a_saved_caller_that_makes_no_sense_starts_a_new_game(tmp_path):
    (tmp_path / "output" / "studio").mkdir(parents=True)
    (tmp_path / "output" / "studio" / "threesixteen-caller.json").write_text(
        '{"players": ["Mina"], "seed": 3, "columns": 5, "calls": [16, 16, 16, 16]}')  # four 16s: no such deal
    with studio(tmp_path) as server:
        code, _, body = request(server.base + "/api/caller/threesixteen")
        assert code == 200 and json.loads(body)["called"] == 0


def test_every_game_s_step_through_is_its_checker_s_replay():
    travel = registry.spec("travel").part("steps")
    record = (ROOT / "examples" / "travel-three-players.yaml").read_text(encoding="utf-8")
    walk = travel(CONTENT, "en", record, "game.yaml")
    assert walk.complete and len(walk.steps) == 24 + 1 and walk.steps[0].title == "Setup"
    assert walk.steps[-1].title == "Turn 24: Sora" and walk.steps[-1].line > walk.steps[1].line
    broken = travel(CONTENT, "en", (ROOT / "examples" / "travel-broken.yaml").read_text(), "broken.yaml")
    assert not broken.complete and broken.steps[-1].broken and broken.steps[-1].line == 17
    assert len(broken.steps) == 6 + 1  # the setup and the five turns before the broken one, then the broken one
    mina = broken.steps[-1].panels[0]
    assert mina.title == "Mina" and mina.current and "Pocket Knife" in mina.rows[0].cells

    threesixteen = registry.spec("threesixteen").part("steps")
    walk = threesixteen(CONTENT, "en", (ROOT / "examples" / "threesixteen-broken.yaml").read_text(), "b.yaml")
    last = walk.steps[-1]
    assert not walk.complete and last.broken and "R11" in last.title and last.line == 11
    joon = next(panel for panel in last.panels if panel.title == "Joon")
    column_a = next(row for row in joon.rows if row.label == "A")
    assert column_a.cells == ("2", "4") and column_a.marked == 1  # the tile the move tried to take
    solo = threesixteen(CONTENT, "ja", (ROOT / "examples" / "threesixteen-solo.yaml").read_text(), "s.yaml")
    assert solo.complete and len(solo.steps) == 48 + 1
    assert [row.cells[-1] for row in solo.steps[-1].panels[0].rows[:3]] == ["16", "16", "16"]


def test_one_card_drawn_alone_notes_where_its_texts_are():
    ctx = RenderContext(CONTENT, "travel", "ja", "a4")
    camera = next(c for c in game_components(ctx) if c.id == "camera-1")
    picture = face_picture(ctx, camera, camera.front)
    assert (picture.width, picture.height) == (375, 525)  # 63.5 x 88.9 mm at 150 dpi
    keys = {spot.key: spot for spot in picture.spots}
    assert set(keys) == {"items.camera.name", "items.camera.text"}
    name, text = keys["items.camera.name"], keys["items.camera.text"]
    assert 0 < name.top < text.top < 1 and 0 < name.left and name.left + name.width < 1
    assert picture.png.startswith(b"\x89PNG")


def test_pnp_starts_without_the_web_libraries():
    code = ("import sys, generator.cli; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('starlette', 'uvicorn', 'jinja2', 'segno')))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
    assert "studio" in subprocess.run([str(PNP), "--help"], capture_output=True, text=True).stdout


def test_a_port_in_use_is_a_usage_error(server):
    result = subprocess.run([str(PNP), "studio", "--no-browser", "--port", str(server.port), "--content",
                             str(server.content)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and f"cannot listen on port {server.port}" in result.stderr


def test_the_travel_setup_deals_or_takes_what_the_table_dealt_and_says_who_starts():
    deal = registry.spec("travel").part("table_setup")
    taken = {"transit": ["VN", "gb"], "centre": ["KR"], "characters": ["pilot", "merchant"]}
    dealt = deal(CONTENT, "en", ["Mina", "Joon"], 3, taken)
    assert dict(dealt.shared) == {"Centre country": "South Korea (KR)"}
    mina = dict(dealt.seats[0].dealt)
    assert mina["Transit country"] == "Viet Nam (VN)" or mina["Transit country"].endswith("(VN)")
    assert mina["Character"] == CONTENT.texts("travel", "en").get("characters.pilot.name")
    assert dealt.first == "Mina" and "2,742 km" in dealt.why[0]  # Hanoi is nearer Seoul than London is
    with pytest.raises(ValueError, match="'XX' is not one of"):
        deal(CONTENT, "en", ["Mina", "Joon"], 3, {"transit": ["VN", "XX"]})
    with pytest.raises(ValueError, match="transit countries: 2 expected, 1 given"):
        deal(CONTENT, "en", ["Mina", "Joon"], 3, {"transit": ["VN"]})
    with pytest.raises(ValueError, match="different country cards"):
        deal(CONTENT, "en", ["Mina", "Joon"], 3, {"transit": ["VN", "KR"], "centre": ["KR"]})
    assert deal(CONTENT, "ko", ["A", "B", "C"], 11).seats[2].name == "C"  # all dealt with the seed
