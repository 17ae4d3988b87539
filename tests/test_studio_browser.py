"""`pnp studio` in a real browser (Playwright driving Debian's Chromium): a saved edit redraws the card, a bad edit
shows lint's finding on the card and the picture comes back when it is fixed, the caller on a phone, LAN mode's
token, checking a broken record step by step, and a picture of every page (kept by `make screenshots`)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from studio_support import ROOT, TIMEOUT_MS, chromium, request, studio

#: each wait for the page waits at most this long (the page follows the files within about a second; lint, which
#: marks findings, takes some seconds): a guard against a hang, never a measure of speed (`make bench` measures)
WAIT_MS = TIMEOUT_MS


@pytest.fixture(scope="module")
def browser():
    with chromium() as found:
        yield found


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def tile_stamp(page, selector: str) -> str:
    return page.locator(selector).get_attribute("data-stamp") or ""


def picture_bytes(page, selector: str) -> bytes:
    src = page.locator(f"{selector} img").evaluate("img => img.src")  # the address the page loaded it from
    return page.request.get(src).body()


def test_a_saved_edit_redraws_the_card_and_a_bad_edit_shows_the_finding_on_it(tmp_path, browser):
    with studio(tmp_path) as server:
        page = browser.person().new_page()
        page.goto(f"{server.base}/card/travel/camera-1?lang=en")
        front = '.tile[data-side="front"]'
        page.wait_for_selector(f"{front} img")
        name = page.locator(f'{front} .spot[data-key="items.camera.name"]')
        assert name.count() == 1 and name.get_attribute("data-where").startswith("content/travel/en.yaml:")
        before, stamp = picture_bytes(page, front), tile_stamp(page, front)

        edit(server.content / "travel" / "en.yaml", 'name: "Camera"', 'name: "Pinhole"')
        page.wait_for_function(f"document.querySelector('{front}').dataset.stamp !== '{stamp}'", timeout=WAIT_MS)
        page.wait_for_selector(f"{front} img")
        assert picture_bytes(page, front) != before

        edit(server.content / "travel" / "en.yaml", 'name: "Pinhole"', 'name: "' + "Pinhole camera " * 12 + '"')
        page.wait_for_selector(f"{front} .problems", timeout=WAIT_MS)
        problem = page.locator(f"{front} .problems li").first.inner_text()
        assert "content/travel/en.yaml:" in problem and "does not fit its box" in problem

        edit(server.content / "travel" / "en.yaml", "Pinhole camera " * 12, "Camera")
        page.wait_for_selector(f"{front} img", timeout=WAIT_MS)
        assert page.locator(f"{front} .problems").count() == 0

        edit(server.content / "travel" / "en.yaml", 'name: "Camera"', 'name: [Camera')  # YAML that does not parse
        page.wait_for_selector(f"{front} .problems", timeout=WAIT_MS)
        line = next(n for n, text in enumerate((server.content / "travel" / "en.yaml").read_text().splitlines(), 1)
                    if "[Camera" in text)
        assert f"content/travel/en.yaml:{line + 1}:" in page.locator(f"{front} .problems").inner_text() or \
            f"content/travel/en.yaml:{line}:" in page.locator(f"{front} .problems").inner_text()
        edit(server.content / "travel" / "en.yaml", 'name: [Camera', 'name: "Camera"')
        page.wait_for_selector(f"{front} img", timeout=WAIT_MS)
        assert picture_bytes(page, front) == before


def test_lint_findings_are_marked_on_the_cards_they_concern(tmp_path, browser):
    with studio(tmp_path) as server:
        edit(server.content / "travel" / "ko.yaml", 'name: "카메라"', 'name: "Camera"')  # left as in English
        page = browser.person().new_page()
        page.goto(f"{server.base}/cards?game=travel&deck=items&lang=ko")
        flagged = page.locator('.tile[data-piece="camera-1"] .findings li')
        flagged.first.wait_for(timeout=WAIT_MS)
        text = flagged.first.inner_text()
        assert "content/travel/ko.yaml:" in text and "untranslated" in text
        assert page.locator('.tile[data-piece="map-1"] .findings').count() == 0


def test_the_caller_on_a_phone_big_number_undo_and_a_reload_resumes(tmp_path, browser):
    with studio(tmp_path) as server:
        page = browser.person(390, 844).new_page()
        page.goto(f"{server.base}/table/threesixteen/caller?lang=en")
        for _ in range(3):
            page.click("#next")
        page.wait_for_function("document.getElementById('caller').dataset.called === '3'")
        third = page.inner_text("#number")
        box = page.locator("#number").bounding_box()
        assert box["height"] >= 844 / 3, box
        page.click("#undo")
        page.wait_for_function("document.getElementById('caller').dataset.called === '2'")
        second = page.inner_text("#number")
        assert second != "" and "Call 2 of 48" in page.inner_text("#count")
        page.reload()
        page.wait_for_function("document.getElementById('caller').dataset.called === '2'")
        assert page.inner_text("#number") == second
        page.click("#next")
        page.wait_for_function("document.getElementById('caller').dataset.called === '3'")
        assert page.inner_text("#number") == third  # undo took the call back, not the order
        saved = (server.output / "studio" / "threesixteen-caller.yaml").read_text(encoding="utf-8")
        assert "game: threesixteen" in saved and saved.split("calls: >-\n", 1)[1].split()[:3][2] == third


def test_lan_mode_needs_the_token_and_a_second_phone_follows_the_calls(tmp_path, browser):
    with studio(tmp_path, "--lan") as server:
        token = server.share_url.split("token=", 1)[1]
        assert any("█" in line or "▀" in line or "▄" in line for line in server.lines)  # the QR code, printed
        stranger = browser.person(390, 844).new_page()
        response = stranger.goto(f"{server.base}/table/threesixteen/caller")
        assert response.status == 403 and "token" in stranger.inner_text("body")
        status, _, _ = request(f"{server.base}/picture/travel/en/camera-1/front.png")
        assert status == 403

        caller = browser.person(390, 844).new_page()
        caller.goto(f"{server.base}/table/threesixteen/caller?token={token}&lang=en")
        follower = browser.person(390, 844).new_page()
        follower.goto(f"{server.base}/table/threesixteen/caller?token={token}&lang=ko")
        assert "token=" not in follower.url  # the token became a cookie
        follower.wait_for_function("document.getElementById('live').classList.contains('on')", timeout=WAIT_MS)
        caller.click("#next")
        caller.wait_for_function("document.getElementById('caller').dataset.called === '1'")
        follower.wait_for_function("document.getElementById('caller').dataset.called === '1'", timeout=WAIT_MS)
        assert follower.inner_text("#number") == caller.inner_text("#number") != ""
        wrong = browser.person().new_page().goto(f"{server.base}/?token=not-the-token")
        assert wrong.status == 403


def test_checking_a_broken_record_marks_its_line_names_its_rule_and_steps_to_the_last_turn(tmp_path, browser):
    record = (ROOT / "examples" / "travel-broken.yaml").read_text(encoding="utf-8")
    with studio(tmp_path) as server:
        page = browser.person().new_page()
        page.goto(f"{server.base}/check?lang=en")
        page.fill("#record", record)
        page.click("#check-form button[type=submit]")
        page.wait_for_selector(".verdict")
        assert "R28" in page.inner_text(".verdict h2")
        assert "You cannot travel while you hold a forbidden item" in page.inner_text("#rule-text")
        assert page.locator(".lines li.marked").get_attribute("id") == "line-17"
        steps = int(page.get_attribute("#steps", "data-count"))
        page.click('[data-step="last"]')
        assert page.get_attribute("#steps", "data-at") == str(steps - 1)
        last = page.locator(".step:not([hidden])")
        assert "broken" in last.get_attribute("class") and "R28" in last.locator("h3").inner_text()
        assert "Pocket Knife" in last.inner_text()
        assert page.locator(".lines li.current").get_attribute("id") == "line-17"
        page.click('[data-step="first"]')
        assert page.locator(".step:not([hidden]) h3").inner_text() == "Setup"


def started_in_french(content: Path) -> None:
    """A French translation just begun (a few texts of the travel game), so the progress page has work to show."""
    for folder in ("common", "travel", "threesixteen"):
        (content / folder / "fr.yaml").write_text((content / folder / "en.yaml").read_text(encoding="utf-8"),
                                                  encoding="utf-8")
    for old, new in (('name: "Camera"', 'name: "Appareil photo"'), ('name: "Map"', 'name: "Carte"'),
                     ('name: "Umbrella"', 'name: "Parapluie"')):
        edit(content / "travel" / "fr.yaml", old, new)


def keep_small(png: bytes, path: Path) -> None:
    """A screenshot for the README, its colours cut to a palette of 128 so it stays well under 150 kB."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT)
    image.save(path, format="PNG", optimize=True)
    assert path.stat().st_size < 150_000, (path, path.stat().st_size)


PAGES = [  # (name, address, language): every page of the studio
    ("cards", "/cards?game=travel&deck=items&with=ja", "ko"),
    ("card", "/card/travel/mousetrap?with=en", "ja"),
    ("rulebook", "/rulebook/threesixteen", "en"),
    ("progress", "/progress?of=fr", "ko"),
    ("table", "/table", "en"),
    ("caller", "/table/threesixteen/caller", "ja"),
    ("setup", "/table/travel/setup?players=Mina,Joon,Sora&seed=7", "ko"),
    ("check", "/check", "en"),
]
SIZES = {"phone": (390, 844), "desktop": (1280, 860)}


def test_screenshots_of_every_page_in_each_language_at_phone_and_desktop_size(tmp_path, browser):
    """Every page in ko, en and ja at a phone's and a desktop's size; `make screenshots` keeps one of each page for
    the README (docs/studio/<page>.png), the rest stay in a temporary folder."""
    kept = os.environ.get("STUDIO_SCREENSHOTS")
    out = tmp_path / "shots"
    out.mkdir()
    if kept:
        Path(kept).mkdir(parents=True, exist_ok=True)
    record = (ROOT / "examples" / "travel-broken.yaml").read_text(encoding="utf-8")
    with studio(tmp_path) as server:
        started_in_french(server.content)
        for size, (width, height) in SIZES.items():
            person = browser.person(width, height)
            for name, address, readme_lang in PAGES:
                for lang in ("ko", "en", "ja"):
                    page = person.new_page()
                    join = "&" if "?" in address else "?"
                    response = page.goto(f"{server.base}{address}{join}lang={lang}")
                    assert response.status == 200, (name, lang)
                    if name == "caller":
                        page.click("#next")
                        page.wait_for_function("document.getElementById('caller').dataset.called !== '0'")
                    if name == "check":
                        page.fill("#record", record)
                        page.click("#check-form button[type=submit]")
                        page.wait_for_selector(".verdict")
                        page.click('[data-step="last"]')
                    page.wait_for_load_state("networkidle")
                    page.wait_for_function("[...document.querySelectorAll('.tile')].every(t => t.dataset.loaded)")
                    page.wait_for_function("[...document.images].every(i => i.complete)")
                    page.evaluate("document.fonts.ready")
                    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1, (name, lang, size)
                    shot = page.screenshot(path=str(out / f"{name}-{lang}-{size}.png"))
                    assert len(shot) > 5_000, (name, lang, size)  # a page, not an empty screen
                    if kept and lang == readme_lang and size == "desktop":
                        keep_small(shot, Path(kept) / f"{name}.png")
                    page.close()
