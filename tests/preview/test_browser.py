"""`pnpgen preview` in a real browser: headless Chromium (selenium) against the server run as `pnpgen preview`.

Without Chromium, chromedriver or selenium these tests are skipped with what to install (the `needs`
marker, tests/conftest.py); PNPGEN_REQUIRE_TOOLS=1 (set by .ci/run) makes that a failure. One browser
serves the session's browser tests (tests/conftest.py). Waits are bounded by generous budgets (a busy machine is slow, not wrong).
PNPGEN_SCREENSHOT=FILE keeps the page's screenshot (docs/preview.png is made this way).
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from tests.children import BUDGET, Child

from generator import paths

pytestmark = pytest.mark.needs("chromium", "chromedriver", "selenium")


def make_deck(folder: Path, copies: int = 1) -> tuple[Path, Path]:
    """The example deck copied into folder (pictures too), each qty multiplied by copies."""
    shutil.copytree(paths.card_data("example"), folder / "deck")
    data = folder / "deck" / "cards.yaml"
    if copies != 1:
        text = re.sub(r"qty: (\d+)", lambda m: f"qty: {int(m.group(1)) * copies}", data.read_text("utf-8"))
        data.write_text(text, "utf-8")
    template = folder / "layout.yaml"
    shutil.copy(paths.template("cards", "example.yaml"), template)
    return data, template


def save(path: Path, text: str) -> Callable[[], None]:
    """Write a file the way many editors do, a new file renamed over the old one; returns a function that
    saves it so again (a save the preview's watcher missed, being between two watches, is made again)."""
    def write() -> None:
        tmp = path.with_name(path.name + ".tmp~")
        tmp.write_text(text, "utf-8")
        os.replace(tmp, path)

    write()
    return write


class Server:
    """`pnpgen preview` in a subprocess; its address read from the first line it prints."""

    def __init__(self, data: Path, template: Path, cwd: Path) -> None:
        self.child = Child(["preview", str(data), str(template), "--no-open"], cwd)
        try:
            first = self.child.wait_line("pnpgen preview: ")
            match = re.search(r"http://127\.0\.0\.1:\d+/", first)
            assert match, f"preview did not start: {first!r}"
        except BaseException:
            self.child.close()
            raise
        self.url = match.group(0)

    @property
    def lines(self) -> list[str]:
        return self.child.out

    def stop(self) -> tuple[int, str]:
        """Ctrl-C (SIGINT); returns the exit status and what it printed on stderr."""
        code = self.child.stop()
        return code, self.child.stderr


def start_browser(chromium: str, chromedriver: str):
    """Headless Chromium through chromedriver, with a fresh profile."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    profile = tempfile.mkdtemp(prefix="pnpgen-chromium-")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1400,1000", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(chromedriver), options=options)
    driver.pnpgen_profile = profile
    return driver


def quit_browser(driver) -> None:
    driver.quit()
    shutil.rmtree(driver.pnpgen_profile, ignore_errors=True)


def wait_for(driver, condition, timeout: float = BUDGET, poll: float = 0.02, what: str = "",
             again: Callable[[], None] | None = None, every: float = 5.0):
    """Poll condition(driver) until it is truthy; AssertionError (with what) after the budget. `again`,
    when given, is called after each `every` seconds without success (saving the file again)."""
    end = time.monotonic() + timeout
    nudge = time.monotonic() + every
    while time.monotonic() < end:
        value = condition(driver)
        if value:
            return value
        if again is not None and time.monotonic() > nudge:
            again()
            nudge = time.monotonic() + every
        time.sleep(poll)
    raise AssertionError(f"timed out waiting for {what or condition}")


# --- the page ------------------------------------------------------------------------------------

def captions(driver) -> list[str]:
    return driver.execute_script("return [...document.querySelectorAll('#grid figcaption')].map(e => e.textContent)")


def card_errors(driver) -> list[str]:
    return driver.execute_script("return [...document.querySelectorAll('.card-error')].map(e => e.textContent)")


def loaded_images(driver) -> int:
    return driver.execute_script(
        "return [...document.querySelectorAll('#grid img')].filter(i => i.complete && i.naturalWidth > 0).length")


def svg_text(driver, number: int) -> str:
    """The SVG the page shows for a card's face, fetched by the page itself."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"fetch(document.querySelector('#card-{number} img').src).then(r => r.text()).then(done);")


@pytest.fixture
def browser(shared_browser):
    """The session's headless Chromium (tests/conftest.py); each test opens its own server's page."""
    yield shared_browser
    shared_browser.get("about:blank")


def test_preview_follows_edits_errors_and_fixes(tmp_path: Path, browser) -> None:
    data, template = make_deck(tmp_path)
    server = Server(data, template, tmp_path)
    try:
        browser.get(server.url)
        wait_for(browser, lambda d: len(captions(d)) == 18, what="18 cards")
        wait_for(browser, lambda d: loaded_images(d) == 36, what="18 faces and 18 backs loaded")
        assert "3 · Basilico genovese" in captions(browser)
        assert "Basilico genovese" in svg_text(browser, 3)
        assert browser.find_element("id", "deck-error").is_displayed() is False
        assert browser.find_element("id", "title").text == "deck (18 cards)"      # the deck's name, not the template's
        assert browser.title == "deck (18 cards): pnpgen preview"

        # an edit of the data: the card changes, in its caption and in its drawing
        original = data.read_text("utf-8")
        again = save(data, original.replace("Basilico genovese", "Basilico fresco"))
        wait_for(browser, lambda d: "3 · Basilico fresco" in captions(d), what="the renamed card", again=again)
        wait_for(browser, lambda d: "Basilico fresco" in svg_text(d, 3), what="the redrawn card")

        # one bad record: that card (and its copy) shows the CLI's message, the others keep their drawing
        again = save(data, original.replace("points: 1\n    picture: pictures/herbs.png",
                                            "points: lots\n    picture: pictures/herbs.png"))
        errors = wait_for(browser, lambda d: card_errors(d), what="a card error", again=again)
        assert len(errors) == 2 and all("cards.yaml:" in e and "lots" in e for e in errors), errors
        assert len(captions(browser)) == 18 and loaded_images(browser) == 32

        # a broken template: the banner shows the one-line error above the last good cards
        good_template = template.read_text("utf-8")
        restore = save(data, original)
        again = save(template, good_template.replace("front:\n", "front: [\n", 1))
        banner = wait_for(browser, lambda d: d.find_element("id", "deck-error").text, what="the error banner",
                          again=again)
        assert banner.startswith(f"{template}:") and "YAML" in banner, banner
        assert "the cards below are the last good drawing" in banner
        assert len(captions(browser)) == 18 and len(card_errors(browser)) <= 2     # the cards, not 18 errors

        # fixed: the cards come back
        fix = save(template, good_template)
        wait_for(browser, lambda d: not card_errors(d) and loaded_images(d) == 36, what="the cards again",
                 again=lambda: (restore(), fix()))
        assert "3 · Basilico genovese" in captions(browser)

        # filters
        browser.get(server.url + "?q=basilico")
        wait_for(browser, lambda d: captions(d) == ["3 · Basilico genovese", "4 · Basilico genovese"], what="?q")
        browser.get(server.url + "?card=12")
        wait_for(browser, lambda d: captions(d) == ["12 · Risotto ai funghi porcini"], what="?card")
        browser.get(server.url)
        wait_for(browser, lambda d: loaded_images(d) == 36, what="all cards")
        _screenshot(browser)
        _overlays_and_true_size(browser)

        # the print button writes the PDF under output/ and says where
        browser.find_element("id", "print").click()
        said = wait_for(browser, lambda d: d.find_element("id", "printed").text.startswith("written: ") and
                        d.find_element("id", "printed").text, what="the print answer")
        pdf = Path(said.removeprefix("written: "))
        assert pdf == tmp_path / "output" / "deck.pdf" and pdf.read_bytes().startswith(b"%PDF")
    finally:
        code, err = server.stop()
    assert code == 0, err
    assert "Traceback" not in err
    assert server.lines[-1].strip() == "pnpgen preview: stopped"


def _overlays_and_true_size(driver) -> None:
    """Element boxes: hovering one tells its id, kind and box in mm; 100% sizes a card in CSS mm."""
    from selenium.webdriver.common.action_chains import ActionChains

    driver.find_element("css selector", "[data-show=boxes]").click()
    box = driver.find_element("css selector", "#card-1 .face.front rect.box[data-id=title]")
    ActionChains(driver).move_to_element(box).perform()
    tip = wait_for(driver, lambda d: d.find_element("id", "tip").text, what="the tooltip")
    assert tip.splitlines() == ["title (text)", "x 6  y 4.5  w 42.5  h 10 mm"]
    driver.find_element("css selector", "[data-show=boxes]").click()
    width = lambda d: d.execute_script("return document.querySelector('#card-1 .face').getBoundingClientRect().width")  # noqa: E731
    before = width(driver)
    driver.find_element("id", "true-size").click()
    assert abs(width(driver) - 69.5 * 96 / 25.4) < 0.5 and abs(before - 240) < 0.5     # 63.5 mm + 2 x 3 mm bleed
    driver.find_element("id", "true-size").click()


def _screenshot(driver) -> None:
    target = os.environ.get("PNPGEN_SCREENSHOT")
    if target:
        driver.execute_script("document.querySelector('[data-show=boxes]').click();"
                              "document.querySelector('[data-show=safe]').click();")
        driver.save_screenshot(target)
        driver.execute_script("document.querySelector('[data-show=boxes]').click();"
                              "document.querySelector('[data-show=safe]').click();")
