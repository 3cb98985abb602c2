"""Drives Larder's web page in headless Chromium against a running `larder serve`.

`Tests/Browser/run.sh` builds and starts the server and sets LARDER_URL to the address it printed
(`http://127.0.0.1:PORT/#token=...`). Screenshots of each view go to Tests/Browser/screenshots/.
Offline recipe: shared/design/browser-testing.md (explicit driver path, resolver rule, pinned viewport).
"""

import os
import re
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

SHOTS = Path(os.environ.get("LARDER_SCREENSHOTS", Path(__file__).parent / "screenshots"))
SIZES = [(360, 740), (1280, 800)]  # the narrowest phone we support, and a laptop


@pytest.fixture(scope="session")
def start_url():
    url = os.environ.get("LARDER_URL", "")
    if "#token=" not in url:
        pytest.fail("LARDER_URL must be the address `larder serve` printed (with #token=...); use Tests/Browser/run.sh")
    return url


@pytest.fixture(scope="session")
def base_url(start_url):
    parts = urlsplit(start_url)
    return f"{parts.scheme}://{parts.netloc}"


def make_driver(width, height):
    opts = webdriver.ChromeOptions()
    opts.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        f"--window-size={width},{height}",
        "--lang=en-US",
        "--disable-extensions",
        "--disable-component-update",
        # Every host name fails inside the browser except our server: the page must need nothing else.
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
    ):
        opts.add_argument(arg)
    # Collect the page's console errors: the test fails on any uncaught JavaScript error.
    opts.set_capability("goog:loggingPrefs", {"browser": "SEVERE"})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=opts)
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(20)
    return driver


@pytest.fixture(params=SIZES, ids=["phone", "desktop"])
def driver(request):
    d = make_driver(*request.param)
    try:
        yield d
    finally:
        d.quit()


class Page:
    """Small helpers over the page's stable ids and data-testid attributes."""

    def __init__(self, driver, size):
        self.d = driver
        self.size = size
        self.wait = WebDriverWait(driver, 15)
        self.shots = []

    def css(self, selector):
        return self.d.find_elements(By.CSS_SELECTOR, selector)

    def one(self, selector):
        return self.wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, selector)))

    def view_ready(self, name):
        self.wait.until(
            lambda d: d.execute_script(
                "const v = document.getElementById('view'); return v.dataset.view === arguments[0] && v.getAttribute('aria-busy') === 'false'",
                name,
            )
        )

    def click(self, target):
        """Clicks an element (or CSS selector) after scrolling it to the middle, away from the sticky header."""
        el = self.d.find_element(By.CSS_SELECTOR, target) if isinstance(target, str) else target
        self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
        el.click()

    def nav(self, name):
        self.d.find_element(By.ID, "nav-" + name).click()

    def shot(self, name, show=None):
        """Saves a screenshot, scrolled to the top or to the element `show` (a CSS selector)."""
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{self.size[0]}x{self.size[1]}-{len(self.shots) + 1:02d}-{name}.png"
        if show:
            self.d.execute_script("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", show)
        else:
            self.d.execute_script("window.scrollTo(0, 0)")
        # Nothing sticks out sideways at this width.
        overflow = self.d.execute_script("return document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, f"{name}: page is {overflow}px wider than the viewport"
        assert self.d.save_screenshot(str(path))
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        self.shots.append(path)
        print("screenshot:", path)

    def assert_same_origin(self, base_url):
        """Everything the page loaded since the last navigation came from our server (recipe images aside:
        their URLs are data)."""
        entries = self.d.execute_script(
            "return performance.getEntriesByType('resource').map(e => [e.name, e.initiatorType])"
        )
        foreign = [name for name, kind in entries if not name.startswith(base_url + "/") and kind != "img"]
        assert foreign == [], foreign

    def chips(self):
        return [c.get_attribute("data-name") for c in self.css("#chips [data-testid=chip]")]

    def pick_ingredient(self, typed, wanted, box_id="ingredient-input"):
        """Types into an ingredient combobox, then moves with ArrowDown to `wanted` and presses Enter."""
        box = self.d.find_element(By.ID, box_id)
        box.send_keys(typed)
        self.one(f"#{box_id}-listbox [role=option][data-name='{wanted}']")
        assert box.get_attribute("aria-expanded") == "true"
        count = len(self.css(f"#{box_id}-listbox [role=option]"))
        for _ in range(count):
            box.send_keys(Keys.ARROW_DOWN)
            active = box.get_attribute("aria-activedescendant")
            if active and self.d.find_element(By.ID, active).get_attribute("data-name") == wanted:
                break
        else:
            pytest.fail(f"ArrowDown never reached {wanted!r}")
        assert self.d.find_element(By.ID, active).get_attribute("aria-selected") == "true"
        box.send_keys(Keys.ENTER)
        if box_id == "ingredient-input":
            self.wait.until(lambda d: wanted in self.chips())
        assert box.get_attribute("value") == ""
        assert box.get_attribute("aria-expanded") == "false"


def js_errors(driver):
    """Uncaught errors from the page's console (failed loads, e.g. an expected 400, are not errors here)."""
    return [e["message"] for e in driver.get_log("browser") if "Failed to load resource" not in e["message"]]


def assert_modules_loaded(driver, base_url):
    """The first load logged nothing at all (not even a failed load), and the page's ES modules all came
    back 200: every module it loaded, and every module those import (`from "./x.js"`), is among them."""
    logged = [e["message"] for e in driver.get_log("browser")]
    assert logged == [], logged
    loaded = driver.execute_script(
        "return performance.getEntriesByType('resource')"
        ".filter(e => /\\/assets\\/[^/]+\\.js$/.test(e.name)).map(e => [e.name, e.responseStatus])"
    )
    assert len(loaded) > 10, loaded  # the entry and the modules it imports
    assert all(status == 200 for _, status in loaded), loaded
    names = {url.rsplit("/", 1)[1] for url, _ in loaded}
    imported = driver.execute_async_script(
        """
        const [urls, done] = arguments;
        Promise.all(urls.map((u) => fetch(u).then((r) => r.text())))
          .then((texts) => done(texts.flatMap((t) => [...t.matchAll(/^import .* from "\\.\\/([^"]+)";$/gm)].map((m) => m[1]))))
          .catch((e) => done(String(e)));""",
        [url for url, _ in loaded],
    )
    assert isinstance(imported, list) and imported, imported
    assert set(imported) <= names, set(imported) - names
    assert "app.js" in names and base_url + "/assets/app.js" in {url for url, _ in loaded}


def test_page_flow(driver, request, start_url, base_url):
    size = request.node.callspec.params["driver"]
    p = Page(driver, size)
    d = driver
    try:
        run_flow(p, d, size, start_url, base_url)
    finally:
        errors = js_errors(d)
    assert errors == [], errors


def run_flow(p, d, size, start_url, base_url):
    # Token pick-up: the page stores the token and clears it from the address bar.
    d.get(start_url)
    p.view_ready("search")
    assert_modules_loaded(d, base_url)
    assert d.execute_script("return [innerWidth, innerHeight]") == list(size)
    token = start_url.split("#token=", 1)[1]
    assert d.execute_script("return localStorage.getItem('larder.token')") == token
    assert "token=" not in d.current_url
    p.shot("search")

    # Suggestions, keyboard picking, Escape and Backspace.
    box = d.find_element(By.ID, "ingredient-input")
    box.click()
    box.send_keys("gar")
    p.one("#ingredient-input-listbox [role=option][data-name='garlic']")
    assert box.get_attribute("role") == "combobox"
    assert d.find_element(By.ID, "ingredient-input-listbox").get_attribute("role") == "listbox"
    p.shot("suggestions")
    box.send_keys(Keys.ESCAPE)
    p.wait.until(lambda _: box.get_attribute("aria-expanded") == "false")
    assert not d.find_element(By.ID, "ingredient-input-listbox").is_displayed()
    box.send_keys(Keys.ESCAPE)  # a second Escape empties the box
    assert box.get_attribute("value") == ""
    p.pick_ingredient("gar", "garlic")
    assert p.chips() == ["garlic"]
    box.send_keys(Keys.BACKSPACE)
    p.wait.until(lambda _: p.chips() == [])
    p.pick_ingredient("gar", "garlic")
    p.pick_ingredient("lemo", "lemon")
    assert p.chips() == ["garlic", "lemon"]

    # Results with both ingredients; open one whose matches list both.
    p.wait.until(lambda _: p.css("#results [data-testid=result]"))
    assert "with=garlic" in d.current_url and "with=lemon" in d.current_url
    p.shot("ingredient-results", "#results-heading")
    # A reload keeps the view: chips and results come back from the address.
    d.refresh()
    p.view_ready("search")
    p.wait.until(lambda _: p.chips() == ["garlic", "lemon"] and p.css("#results [data-testid=result]"))
    p.assert_same_origin(base_url)
    # "Show more" follows the API's `next` cursor.
    shown = len(p.css("#results [data-testid=result]"))
    total = int(re.match(r"(\d+)", d.find_element(By.ID, "results-heading").text).group(1))
    if total > shown:
        p.click("#more")
        p.wait.until(lambda _: len(p.css("#results [data-testid=result]")) > shown)
    chosen = None
    for card in p.css("#results [data-testid=result]"):
        matched = {s.text.strip() for s in card.find_elements(By.CSS_SELECTOR, ".matches strong")}
        if {"garlic", "lemon"} <= matched:
            chosen = card
            break
    assert chosen is not None, "no result lists matches for both garlic and lemon"
    recipe_id = chosen.get_attribute("data-id")
    p.click(chosen.find_element(By.CSS_SELECTOR, "a.card-link"))
    p.view_ready("recipe")
    assert p.one("[data-testid=recipe]").get_attribute("data-id") == recipe_id
    assert d.find_element(By.ID, "tab-general").get_attribute("aria-selected") == "true"
    p.shot("recipe-general")

    # Tabs work with the keyboard: ArrowRight from General selects Ingredients.
    assert p.one("#panel-general").text.strip()
    d.find_element(By.ID, "tab-general").click()
    d.find_element(By.ID, "tab-general").send_keys(Keys.ARROW_RIGHT)
    p.wait.until(lambda _: d.find_element(By.ID, "tab-ingredients").get_attribute("aria-selected") == "true")
    assert d.switch_to.active_element.get_attribute("id") == "tab-ingredients"
    lines = [li.text.lower() for li in p.css("#panel-ingredients [data-testid=ingredient]")]
    assert any("garlic" in t for t in lines), lines
    assert any("lemon" in t for t in lines), lines
    # "I have this" marks a line as at home; a new pantry item earns a point.
    have = [b for b in p.css("#panel-ingredients [data-testid=have]") if b.is_enabled()]
    if have:
        p.click(have[0])
        p.wait.until(lambda _: "pantry" in d.find_element(By.ID, "toast").get_attribute("textContent"))
        assert re.search(r"\d+ points?|point", d.find_element(By.ID, "toast").get_attribute("textContent"))
        assert p.one("#points").text
    p.shot("recipe-ingredients", "#recipe-tabs")
    for key in ("summary", "nutrition", "diets"):
        d.find_element(By.ID, "tab-" + key).click()
        assert p.one("#panel-" + key).text.strip(), f"the {key} tab is empty"
    assert len(p.css("#panel-diets [data-testid^=diet-]")) == 6
    p.shot("recipe-diets", "#recipe-tabs")

    # Favorite it; it is listed on the Favorites view, also after a reload.
    heart = d.find_element(By.CSS_SELECTOR, ".recipe-intro [data-testid=favorite-toggle]")
    if heart.get_attribute("aria-pressed") == "true":  # left over from an earlier run on the same server
        heart.click()
        p.wait.until(lambda _: heart.get_attribute("aria-pressed") == "false")
    heart.click()
    p.wait.until(lambda _: heart.get_attribute("aria-pressed") == "true")
    d.find_element(By.ID, "add-missing").click()
    p.wait.until(lambda _: re.search("grocery list|Nothing to add", d.find_element(By.ID, "toast").get_attribute("textContent")))

    # Cooking mode: one step at a time, arrow keys move.
    d.find_element(By.ID, "cook").click()
    p.view_ready("cook")
    heading = p.one("#step-heading")
    total = int(re.match(r"Step 1 of (\d+)", heading.get_attribute("textContent")).group(1))
    assert d.find_element(By.ID, "step-prev").get_attribute("disabled") is not None
    if total > 1:
        d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        p.wait.until(lambda _: heading.get_attribute("textContent").startswith("Step 2 of"))
        assert "/cook/2" in d.current_url
    p.shot("cooking-mode")

    p.nav("favorites")
    p.view_ready("favorites")
    p.one(f"[data-testid=favorite][data-id='{recipe_id}']")
    d.refresh()
    p.view_ready("favorites")
    p.one(f"[data-testid=favorite][data-id='{recipe_id}'] a")
    p.assert_same_origin(base_url)
    p.shot("favorites")

    # Grocery list: the recipe's missing lines are there; add, check off, clear checked, remove.
    p.nav("grocery")
    p.view_ready("grocery")
    # The list is redrawn after each change, so read it in one script call (no stale elements).
    rows = lambda: d.execute_script(
        "return [...document.querySelectorAll('#grocery-list [data-testid=grocery-item]')]"
        ".map(li => [li.dataset.name, li.classList.contains('checked')])"
    )
    p.wait.until(lambda _: rows())
    # Amounts read as a shopper reads them: no long decimals ("336.58824 ml"), no "piece".
    listed = d.find_element(By.ID, "grocery-list").text
    assert not re.search(r"\d\.\d{2,}|\bpiece\b", listed), listed
    d.find_element(By.ID, "grocery-input").send_keys("milk", Keys.ENTER)
    milk = "#grocery-list [data-testid=grocery-item][data-name='milk']"
    p.wait.until(lambda _: ["milk", False] in rows())
    before = len(rows())
    p.click(milk + " input[type=checkbox]")
    p.wait.until(lambda _: ["milk", True] in rows())
    p.shot("grocery")
    p.click("#clear-checked")
    p.wait.until(lambda _: "milk" not in [n for n, _ in rows()])
    if rows():
        name = rows()[0][0]
        p.click("#grocery-list [data-testid=grocery-item] button.icon-button")
        p.wait.until(lambda _: name not in [n for n, _ in rows()])
        assert len(rows()) == before - 2

    # Pantry: add through the suggestions, then remove.
    p.nav("pantry")
    p.view_ready("pantry")
    rice = "#pantry-list [data-testid=pantry-item][data-name='rice']"
    if p.css(rice):  # left over from an earlier run
        d.find_element(By.CSS_SELECTOR, rice + " button").click()
        p.wait.until(lambda _: not d.execute_script("return document.querySelector(arguments[0])", rice))
    d.find_element(By.ID, "pantry-input").click()
    p.pick_ingredient("ric", "rice", box_id="pantry-input")
    p.one(rice)
    p.shot("pantry")
    d.find_element(By.CSS_SELECTOR, rice + " button").click()
    p.wait.until(lambda _: not d.execute_script("return document.querySelector(arguments[0])", rice))

    # Categories: Beef is selected by default and its recipes are Beef.
    p.nav("category")
    p.view_ready("category")
    current = p.one("#categories [aria-current=page]")
    assert current.text.startswith("Beef")
    cats = p.css("#results [data-testid=result] [data-testid=result-category]")
    assert cats and all(c.text.startswith("Beef") for c in cats)
    p.shot("category-beef")

    p.nav("random")
    p.view_ready("random")
    p.wait.until(lambda _: len(p.css("#results [data-testid=result]")) == 20)
    p.shot("random")

    # No recipe has all three: the API's relaxation message, and a button that runs the relaxed search.
    # The third ingredient is one that exists but never meets garlic + lemon in the corpus.
    found = d.execute_async_script(
        """
        const done = arguments[0];
        (async () => {
          for (const x of ['chocolate', 'cocoa powder', 'banana', 'vanilla extract', 'strawberry']) {
            const r = await fetch('/v1/recipes?with=garlic&with=lemon&with=' + encodeURIComponent(x));
            if (!r.ok) continue;
            const j = await r.json();
            if (j.count === 0 && j.relaxation) return done([x, j.relaxation.message, j.relaxation.with]);
          }
          done(null);
        })();"""
    )
    assert found, "no candidate third ingredient gave zero results with a relaxation"
    third, message, relaxed = found
    d.get(f"{base_url}/#/search?with=garlic&with=lemon&with={quote(third)}")
    p.wait.until(lambda _: p.css("[data-testid=relaxation-message]"))
    assert p.one("[data-testid=relaxation-message]").text == message
    assert p.chips() == ["garlic", "lemon", third]
    p.shot("no-results", "#no-results")
    d.find_element(By.ID, "run-relaxed").click()
    p.wait.until(lambda _: p.chips() == relaxed and p.css("#results [data-testid=result]"))

    # Text search: a blank query shows the API's own 400 message.
    d.find_element(By.ID, "text-query").clear()
    expected = d.execute_async_script(
        "const done = arguments[0]; fetch('/v1/search?q=').then(r => r.json()).then(j => done(j.error.message))"
    )
    d.find_element(By.ID, "text-search").click()
    err = p.one("#text-error")
    assert err.text == expected and expected
    p.shot("empty-query")
    d.find_element(By.ID, "text-query").send_keys("corn", Keys.ENTER)
    # Wait for the text results themselves: the all-of results above are still listed until then.
    p.wait.until(lambda _: p.css("#results .snippet mark"))
    assert not err.is_displayed()
    assert "corn" in " ".join(m.text.lower() for m in p.css("#results .snippet mark"))
    p.shot("text-results", "#results-heading")

    # No token: user views explain what is missing.
    d.execute_script("localStorage.removeItem('larder.token')")
    d.get(base_url + "/#/favorites")
    p.view_ready("favorites")
    assert p.one("[data-testid=token-note]").text
    assert not d.find_element(By.ID, "points").is_displayed()
    p.shot("no-token")
