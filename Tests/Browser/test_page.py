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
# The flows of issue 15 run (and leave screenshots) at a common phone and a laptop.
FLOW_SIZES = [(390, 844), (1280, 900)]


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
    # and every request it makes (the performance log has the DevTools network events).
    opts.set_capability("goog:loggingPrefs", {"browser": "SEVERE", "performance": "ALL"})
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


@pytest.fixture(params=FLOW_SIZES, ids=["phone390", "desktop1280"])
def page(request):
    d = make_driver(*request.param)
    try:
        yield Page(d, request.param)
        errors = js_errors(d)
        assert errors == [], errors
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
        """Everything the page loaded since the last navigation came from our server, pictures included."""
        entries = self.d.execute_script(
            "return performance.getEntriesByType('resource').map(e => [e.name, e.initiatorType])"
        )
        foreign = [name for name, kind in entries if not name.startswith(base_url + "/")]
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


def call_api(driver, method, path, body=None):
    """A request to the server from inside the page, with the token the page keeps: [status, json or None]."""
    return driver.execute_async_script(
        """
        const [method, path, body, done] = arguments;
        const headers = {Accept: 'application/json', Authorization: 'Bearer ' + localStorage.getItem('larder.token')};
        if (body !== null) headers['Content-Type'] = 'application/json';
        fetch(path, {method, headers, body: body === null ? undefined : JSON.stringify(body)})
          .then(async (r) => done([r.status, r.status === 204 ? null : await r.json()]))
          .catch((e) => done([0, String(e)]));""",
        method,
        path,
        body,
    )


def set_pantry(driver, names):
    """Makes the profile's pantry exactly `names` (through the API)."""
    status, data = call_api(driver, "GET", "/v1/me/pantry")
    assert status == 200, data
    for name in data["pantry"]:
        assert call_api(driver, "DELETE", "/v1/me/pantry/" + quote(name, safe=""))[0] == 204
    if not names:
        return []
    status, data = call_api(driver, "POST", "/v1/me/pantry", {"names": names})
    assert status == 200, data
    return data["pantry"]


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


def test_sign_in_and_forget(page, start_url, base_url):
    """No key stored: the front door is the sign-in screen. A wrong key is refused there and not saved; the
    right one signs in; the profile screen forgets it; a stored key the server refuses brings the screen back."""
    p, d = page, page.d
    token = start_url.split("#token=", 1)[1]
    stored = lambda: d.execute_script("return localStorage.getItem('larder.token')")
    d.get(base_url + "/")
    p.view_ready("signin")
    assert stored() is None
    assert d.find_element(By.ID, "nav-account").text == "Sign in"
    p.shot("signin")
    box = d.find_element(By.ID, "token-input")
    box.send_keys("lt_not_a_key", Keys.ENTER)
    assert "profile token" in p.one("#token-error").text
    assert stored() is None
    box.clear()
    box.send_keys(token, Keys.ENTER)
    p.view_ready("search")
    assert stored() == token
    p.wait.until(lambda _: d.find_element(By.ID, "nav-account").text not in ("", "Sign in"))
    name = d.find_element(By.ID, "nav-account").text
    p.nav("account")
    p.view_ready("signin")
    assert p.one("[data-testid=profile-name]").text == name
    p.shot("profile")
    p.click("#forget-token")
    p.one("#token-input")
    assert stored() is None
    assert d.find_element(By.ID, "nav-account").text == "Sign in"
    # A revoked or replaced key: user views and the front door say it was refused, and take a new one.
    d.execute_script("localStorage.setItem('larder.token', 'lt_revoked_key')")
    d.get("about:blank")
    d.get(base_url + "/")
    p.view_ready("signin")
    assert p.one("[data-testid=token-rejected]").text
    assert d.find_element(By.ID, "nav-account").get_attribute("data-state") == "rejected"
    d.get(base_url + "/#/favorites")
    p.view_ready("favorites")
    assert "not accepted" in p.one("[data-testid=token-note]").text
    p.shot("token-refused")
    d.find_element(By.ID, "token-input").send_keys(token, Keys.ENTER)
    p.wait.until(lambda _: d.find_element(By.ID, "view").get_attribute("data-view") == "favorites" and not p.css("[data-testid=token-note]"))
    assert stored() == token


PANTRY = ["milk", "egg", "flour", "butter", "sugar", "onion", "garlic", "rice", "chicken", "tomato"]


def test_what_can_i_cook(page, start_url, base_url):
    """The pantry's matches: fewest missing first, within the slider's limit; the staples toggle; "buy one
    thing"; "add missing" fills the grocery list; the recipe page's "I have this" follows the family rule."""
    p, d = page, page.d
    d.get(start_url)
    p.view_ready("search")
    set_pantry(d, PANTRY)
    p.nav("match")
    p.view_ready("match")
    p.wait.until(lambda _: p.css("#matches [data-testid=match]"))
    missing = lambda: [int(c.get_attribute("data-missing")) for c in p.css("#matches [data-testid=match]")]
    assert missing() == sorted(missing()), missing()
    assert max(missing()) <= 2
    assert "missing=2" in d.current_url
    # The page shows what the API says, in its order.
    status, expected = call_api(d, "POST", "/v1/pantry/match", {"maxMissing": 2, "staples": True, "limit": 30})
    assert status == 200
    assert [c.get_attribute("data-id") for c in p.css("#matches [data-testid=match]")] == [r["id"] for r in expected["recipes"]]
    if expected["buyOneThing"]:
        shown = [li.get_attribute("data-name") for li in p.css("#buy-one [data-testid=buy]")]
        assert shown == [b["ingredient"] for b in expected["buyOneThing"][:6]]
    p.shot("what-can-i-cook")

    # The slider: nothing missing.
    slider = d.find_element(By.ID, "max-missing")
    slider.click()
    slider.send_keys(Keys.HOME)
    p.wait.until(lambda _: "missing=0" in d.current_url)
    p.wait.until(lambda _: (p.css("#matches") and set(missing()) == {0}) or p.css("[data-testid=match-empty]"))
    count0 = call_api(d, "POST", "/v1/pantry/match", {"maxMissing": 0, "staples": True, "limit": 30})[1]["count"]
    p.wait.until(lambda _: d.find_element(By.ID, "match-heading").text.startswith(str(count0) + " "))
    # Staples off: salt and water count as missing again, so fewer or as many recipes fit.
    p.click("#staples")
    p.wait.until(lambda _: "staples=no" in d.current_url)
    without = call_api(d, "POST", "/v1/pantry/match", {"maxMissing": 0, "staples": False, "limit": 30})[1]["count"]
    assert without <= count0
    p.wait.until(lambda _: d.find_element(By.ID, "match-heading").text.startswith(str(without) + " "))
    p.click("#staples")
    for _ in range(3):
        slider.send_keys(Keys.ARROW_RIGHT)
    count3 = call_api(d, "POST", "/v1/pantry/match", {"maxMissing": 3, "staples": True, "limit": 30})[1]["count"]
    p.wait.until(lambda _: "missing=3" in d.current_url and d.find_element(By.ID, "match-heading").text.startswith(str(count3) + " "))

    # "Add missing" on a card puts exactly its missing lines on the grocery list.
    call_api(d, "DELETE", "/v1/me/grocery?scope=all")
    card = next(c for c in p.css("#matches [data-testid=match]") if int(c.get_attribute("data-missing")) > 0)
    rid = card.get_attribute("data-id")
    buy = card.find_element(By.CSS_SELECTOR, "[data-testid=missing]").text.removeprefix("Buy: ").split(", ")
    p.click(card.find_element(By.CSS_SELECTOR, "[data-testid=add-missing]"))
    p.wait.until(lambda _: "grocery list" in d.find_element(By.ID, "toast").get_attribute("textContent"))
    items = call_api(d, "GET", "/v1/me/grocery")[1]["items"]
    assert set(buy) <= {i["name"] for i in items}, (buy, items)
    assert all(rid in i["recipeIds"] for i in items if i["name"] in buy)

    # The family rule on the recipe page: milk in the pantry covers a "whole milk" line, and says so.
    status, fam = call_api(d, "POST", "/v1/pantry/match", {"must": ["whole milk"], "maxMissing": 30, "limit": 5})
    assert status == 200 and fam["recipes"], fam
    hit = fam["recipes"][0]
    assert "whole milk: you have milk" in [f["note"] for f in hit["familyMatches"]]
    d.get(f"{base_url}/#/recipe/{quote(hit['id'])}?tab=ingredients")
    p.view_ready("recipe")
    line = "#panel-ingredients [data-testid=ingredient][data-name='whole milk']"
    p.wait.until(lambda _: d.find_element(By.CSS_SELECTOR, line).get_attribute("data-covered") == "family")
    button = d.find_element(By.CSS_SELECTOR, line + " [data-testid=have]")
    assert button.text == "You have milk" and not button.is_enabled()
    covered = {li.get_attribute("data-name") for li in p.css("#panel-ingredients [data-testid=ingredient][data-covered]")}
    assert covered.isdisjoint(hit["missing"]), (covered, hit["missing"])
    p.shot("recipe-family-rule", "#recipe-tabs")


def test_enter_takes_the_first_suggestion(page, start_url, base_url):
    """Enter right after typing takes the first suggestion (as the list shows it highlighted), never the
    letters typed; letters no ingredient starts with add nothing, in the search box and the pantry box."""
    p, d = page, page.d
    d.get(start_url)
    p.view_ready("search")
    first = lambda typed: call_api(d, "GET", f"/v1/suggest?q={quote(typed)}&kind=ingredient&limit=8")[1]["suggestions"][0]["name"]
    box = d.find_element(By.ID, "ingredient-input")
    box.click()
    box.send_keys("lemo", Keys.ENTER)  # no wait: the page waits for the list itself
    p.wait.until(lambda _: p.chips())
    assert p.chips() == [first("lemo")] and p.chips() != ["lemo"]
    box.send_keys("gar")
    option = p.one("#ingredient-input-listbox [role=option]")
    assert option.get_attribute("aria-selected") == "true"
    assert box.get_attribute("aria-activedescendant") == option.get_attribute("id")
    box.send_keys(Keys.ENTER)
    p.wait.until(lambda _: len(p.chips()) == 2)
    assert p.chips()[1] == first("gar")
    box.send_keys("qqzx", Keys.ENTER)
    p.one("#ingredient-input-listbox .opt-empty")
    assert p.chips() == [first("lemo"), first("gar")]
    assert box.get_attribute("value") == "qqzx"
    p.shot("enter-nothing-matches")

    set_pantry(d, [])
    p.nav("pantry")
    p.view_ready("pantry")
    pantry_box = d.find_element(By.ID, "pantry-input")
    pantry_box.click()
    pantry_box.send_keys("qqzx", Keys.ENTER)
    p.one("#pantry-input-listbox .opt-empty")
    assert not p.css("#pantry-list [data-testid=pantry-item]")
    pantry_box.clear()
    pantry_box.send_keys("ric", Keys.ENTER)
    p.one("#pantry-list [data-testid=pantry-item]")
    assert [li.get_attribute("data-name") for li in p.css("#pantry-list [data-testid=pantry-item]")] == [first("ric")]


def heading_count(d):
    """The count the results heading gives (0 for the no-results box)."""
    m = re.match(r"(\d+)", d.find_element(By.ID, "results-heading").text)
    return int(m.group(1)) if m else 0


def test_cuisines_and_filters(page, start_url, base_url):
    """Cuisines beside categories; the time and diet filters narrow the ingredient search (and time the
    word search) exactly as the API does, and live in the address."""
    from selenium.webdriver.support.ui import Select

    p, d = page, page.d
    d.get(start_url)
    p.view_ready("search")
    p.nav("category")
    p.view_ready("category")
    p.click("#browse-area")
    p.view_ready("area")
    areas = call_api(d, "GET", "/v1/areas")[1]["areas"]
    current = p.one("#areas [aria-current=page]")
    assert current.text.startswith(areas[0]["name"])
    pick = areas[min(2, len(areas) - 1)]
    p.click(f"#areas a[href='#/area/{quote(pick['name'])}']")
    p.view_ready("area")
    p.wait.until(lambda _: p.css("#results [data-testid=result]"))
    assert d.find_element(By.ID, "category-heading").text.startswith(pick["name"] + ": ")
    cats = [c.text for c in p.css("#results [data-testid=result] [data-testid=result-category]")]
    assert cats and all(c.endswith(pick["name"]) for c in cats), cats
    p.shot("cuisines")

    # Ingredient search with both filters, from the address.
    d.get(f"{base_url}/#/search?with=garlic&diet=vegetarian&time=60")
    p.view_ready("search")
    p.wait.until(lambda _: p.css("#results-heading"))
    expected = call_api(d, "GET", "/v1/recipes?with=garlic&diet=vegetarian&maxMinutes=60&limit=1")[1]["count"]
    unfiltered = call_api(d, "GET", "/v1/recipes?with=garlic&limit=1")[1]["count"]
    assert expected < unfiltered
    assert heading_count(d) == expected
    assert "vegetarian" in d.find_element(By.ID, "results-heading").text
    assert Select(d.find_element(By.ID, "filter-diet")).first_selected_option.get_attribute("value") == "vegetarian"
    p.shot("filters", "#results-heading")
    Select(d.find_element(By.ID, "filter-diet")).select_by_value("vegan")
    vegan = call_api(d, "GET", "/v1/recipes?with=garlic&diet=vegan&maxMinutes=60&limit=1")[1]["count"]
    p.wait.until(lambda _: "diet=vegan" in d.current_url and heading_count(d) == vegan)
    Select(d.find_element(By.ID, "filter-diet")).select_by_value("")
    p.wait.until(lambda _: "diet=" not in d.current_url)

    # Word search honours the time filter.
    d.find_element(By.ID, "text-query").send_keys("chicken", Keys.ENTER)
    timed = call_api(d, "GET", "/v1/search?q=chicken&maxMinutes=60&limit=1")[1]["count"]
    p.wait.until(lambda _: "q=chicken" in d.current_url and "time=60" in d.current_url)
    p.wait.until(lambda _: heading_count(d) == timed)
    assert timed < call_api(d, "GET", "/v1/search?q=chicken&limit=1")[1]["count"]

    # ... and the diet filter, as the API decides it.
    Select(d.find_element(By.ID, "filter-diet")).select_by_value("dairy-free")
    dairy_free = call_api(d, "GET", "/v1/search?q=chicken&maxMinutes=60&diet=dairy-free&limit=1")[1]["count"]
    p.wait.until(lambda _: "diet=dairy-free" in d.current_url and heading_count(d) == dairy_free)
    assert 0 < dairy_free < timed
    assert "dairy-free" in d.find_element(By.CSS_SELECTOR, "[data-testid=results-count]").text


HEART_OVERLAPS = """
    // Every text box inside a card that the card's heart button overlaps, as [card id, text].
    const hits = [];
    for (const card of document.querySelectorAll('.card')) {
      const heart = card.querySelector(':scope > .heart');
      if (!heart) continue;
      const hr = heart.getBoundingClientRect();
      const walker = document.createTreeWalker(card.querySelector('.card-body'), NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of range.getClientRects()) {
          if (r.left < hr.right && r.right > hr.left && r.top < hr.bottom && r.bottom > hr.top) hits.push([card.dataset.id, n.textContent]);
        }
      }
    }
    return hits;"""


def test_favorite_cards_toasts_and_did_you_mean(page, start_url, base_url):
    """Favorites are recipe cards (title, time, category, picture); no heart covers card text at any width;
    a toast does not follow to the next view; "did you mean" is said once and its suggestion works."""
    p, d = page, page.d
    d.get(start_url)
    p.view_ready("search")
    picks = call_api(d, "GET", "/v1/random?count=4&seed=15")[1]["recipes"]
    for r in call_api(d, "GET", "/v1/me/favorites")[1]["favorites"]:
        call_api(d, "DELETE", "/v1/me/favorites/" + quote(r["recipeId"], safe=""))
    for r in picks:
        assert call_api(d, "POST", "/v1/me/favorites", {"recipeId": r["id"]})[0] == 201
    d.refresh()
    p.view_ready("search")
    p.nav("favorites")
    p.view_ready("favorites")
    cards = p.css("#favorites [data-testid=favorite]")
    assert {c.get_attribute("data-id") for c in cards} == {r["id"] for r in picks}
    for card in cards:
        r = next(x for x in picks if x["id"] == card.get_attribute("data-id"))
        assert card.find_element(By.CSS_SELECTOR, ".card-title a").text == r["title"]
        assert card.find_elements(By.CSS_SELECTOR, ".thumb")  # a picture or its drawn placeholder
        meta = card.find_element(By.CSS_SELECTOR, ".meta").text
        if r["category"]:
            assert r["category"] in meta, (meta, r)
        if r["minutes"]:
            assert "min" in meta or " h" in meta, (meta, r)
        assert card.find_element(By.CSS_SELECTOR, "[data-testid=favorite-toggle]").get_attribute("aria-pressed") == "true"
    p.shot("favorites-cards")

    # No heart over text, from the narrowest phone to a wide screen, on favorites and on search results.
    width, height = p.size
    try:
        for where in (None, f"{base_url}/#/search?with=garlic&with=lemon"):
            if where:
                d.get(where)
                p.view_ready("search")
                p.wait.until(lambda _: p.css("#results [data-testid=result]"))
            for w in (320, 360, 390, 480, 600, 700, 800, 1024, 1280, 1600):
                d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": w, "height": 900, "deviceScaleFactor": 1, "mobile": w < 600})
                overlaps = d.execute_script(HEART_OVERLAPS)
                assert overlaps == [], (w, overlaps)
    finally:
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})

    # A toast belongs to its view.
    heart = p.css("#results [data-testid=favorite-toggle]")[0]
    p.click(heart)
    toast = d.find_element(By.ID, "toast")
    p.wait.until(lambda _: "show" in toast.get_attribute("class") and toast.get_attribute("textContent"))
    p.nav("random")
    p.view_ready("random")
    assert "show" not in toast.get_attribute("class")
    assert toast.get_attribute("textContent") == ""

    # "Did you mean" once, with the suggestions as buttons that replace the unknown ingredient.
    status, err = call_api(d, "GET", "/v1/recipes?with=garlick&with=lemon")
    assert status == 422 or status == 400, (status, err)
    suggestions = err["error"].get("suggestions") or []
    assert suggestions, err
    d.get(f"{base_url}/#/search?with=garlick&with=lemon")
    p.view_ready("search")
    box = p.one("#results-section [data-testid=error]")
    assert box.text.lower().count("did you mean") == 1, box.text
    p.shot("did-you-mean", "#results-section")
    p.click(box.find_element(By.CSS_SELECTOR, ".did-you-mean button"))
    p.wait.until(lambda _: p.chips() == ["lemon", suggestions[0]] or p.chips() == [suggestions[0], "lemon"])


def requested_urls(driver):
    """Every URL the browser asked for since the last call (DevTools network events, drained)."""
    import json

    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def test_offline_no_request_leaves_the_origin(page, start_url, base_url):
    """Through every kind of view, the browser requests nothing from another origin: recipe pictures from
    other hosts are drawn as placeholders, never fetched."""
    p, d = page, page.d
    d.get(start_url)
    p.view_ready("search")
    # What the first load of the page itself costs (HTML, CSS, modules; API answers aside).
    files = d.execute_script(
        "return [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]"
        ".filter(e => !e.name.includes('/v1/')).map(e => [e.name, e.transferSize, e.encodedBodySize, e.decodedBodySize])"
    )
    print(
        f"page transfer: {sum(f[1] for f in files)} bytes on the wire, {sum(f[2] for f in files)} bytes of bodies"
        f" as sent ({sum(f[3] for f in files)} decoded), {len(files)} files"
    )
    requested_urls(d)
    foreign_images = call_api(d, "GET", "/v1/random?count=100&seed=6")[1]["recipes"]
    foreign_images = [r for r in foreign_images if r["image"] and not r["image"].startswith("/")]
    visits = [
        ("search", "/#/search?with=garlic&with=lemon", "#results [data-testid=result]"),
        ("random", "/#/random", "#results [data-testid=result]"),
        ("category", "/#/category/Beef", "#results [data-testid=result]"),
        ("favorites", "/#/favorites", "#view h1"),
        ("match", "/#/what", "#view h1"),
    ]
    if foreign_images:
        visits.append(("recipe", "/#/recipe/" + quote(foreign_images[0]["id"]), "[data-testid=recipe]"))
    seen = []
    for name, path, ready in visits:
        d.get(base_url + path)
        p.view_ready(name)
        p.one(ready)
        d.execute_script("window.scrollTo(0, document.body.scrollHeight)")  # lazy pictures too
        seen += requested_urls(d)
        sources = d.execute_script("return [...document.images].map(i => i.src)")
        assert all(src.startswith(base_url + "/") for src in sources), sources
    assert any(u.startswith(base_url + "/v1/") for u in seen), seen[:5]
    foreign = [u for u in seen if not u.startswith(base_url + "/") and not u.startswith("data:")]
    assert foreign == [], foreign
    if foreign_images:
        assert p.css("[data-testid=recipe] [data-testid=placeholder]")
    # Pictures on other hosts (TheMealDB's, say) become drawn tiles; our own server's are loaded.
    drawn = d.execute_async_script(
        """
        const done = arguments[0];
        import('/assets/picture.js').then((m) => done([
          m.picture({image: 'https://www.themealdb.com/images/media/meals/x.jpg', title: 'Apple pie'}).outerHTML,
          m.picture({image: '//cdn.example.com/y.jpg', title: 'Bun'}).tagName,
          m.picture({image: '/pictures/z.jpg', title: 'Cake'}).tagName,
        ])).catch((e) => done(String(e)));"""
    )
    assert 'data-testid="placeholder"' in drawn[0] and ">A<" in drawn[0], drawn
    assert drawn[1:] == ["DIV", "IMG"], drawn
    assert [u for u in requested_urls(d) if "example.com" in u or "themealdb" in u] == []
    p.shot("offline-placeholders")


def test_servings_scaler(page, start_url, base_url):
    """The recipe page scales amounts with the servings, in kitchen measures (no long decimals), and goes back."""
    p, d = page, page.d
    d.get(start_url)
    p.view_ready("search")
    found = d.execute_async_script(
        """
        const done = arguments[0];
        (async () => {
          const picks = (await (await fetch('/v1/random?count=100&seed=7')).json()).recipes;
          for (const s of picks) {
            const r = (await (await fetch('/v1/recipes/' + encodeURIComponent(s.id))).json()).recipe;
            if (!r.servings) continue;
            for (const [i, l] of r.ingredients.entries()) {
              const q = l.quantity && l.quantity.low;
              if (!q || l.quantity.high) continue;
              if (l.unit === 'g' && (2 * q) % 10 === 0 && 2 * q < 995) return done([r.id, r.servings, i, `${2 * q} g`]);
              if (!l.unit && Number.isInteger(q) && q <= 4) return done([r.id, r.servings, i, `${2 * q}`]);
            }
          }
          done(null);
        })();"""
    )
    assert found, "no recipe with servings and a gram or counted line among 100 random ones"
    rid, servings, position, doubled = found
    d.get(f"{base_url}/#/recipe/{quote(rid)}?tab=ingredients")
    p.view_ready("recipe")
    value = p.one("#servings-value")
    assert value.text == f"Serves {servings}"
    line = lambda: p.css("#panel-ingredients [data-testid=ingredient]")[position]
    written = line().text
    shown = lambda n: p.wait.until(
        lambda d: d.execute_script(
            "const u = document.querySelector('#panel-ingredients [data-testid=ingredients]'); return u && u.dataset.servings === arguments[0]",
            str(n),
        )
    )
    # Quick clicks: only the answer to the last one is shown.
    for _ in range(servings):
        p.click("#servings-up")
    assert value.text == f"Serves {2 * servings}"
    shown(2 * servings)
    assert line().find_element(By.CSS_SELECTOR, "[data-testid=amount]").text == doubled
    # The page shows the amounts the API serves for those servings (kitchen rounding lives there).
    served = d.execute_async_script(
        """
        const done = arguments[2];
        fetch('/v1/recipes/' + encodeURIComponent(arguments[0]) + '?servings=' + arguments[1])
          .then((r) => r.json()).then((b) => done(b.recipe.ingredients.map((l) => l.amount)));""",
        rid,
        2 * servings - 1,
    )
    p.click("#servings-down")
    shown(2 * servings - 1)
    amounts = [
        (li.find_elements(By.CSS_SELECTOR, "[data-testid=amount]") or [None])[0]
        for li in p.css("#panel-ingredients [data-testid=ingredient]")
    ]
    assert [a.text if a else None for a in amounts] == served, served
    listed = d.find_element(By.ID, "panel-ingredients").text
    assert not re.search(r"\d\.\d{2,}", listed), listed
    p.shot("servings-scaled", "#recipe-tabs")
    p.click("#servings-reset")
    assert value.text == f"Serves {servings}"
    shown(servings)
    assert line().text == written
def test_grocery_aisles(driver, request, start_url, base_url):
    """The grocery view groups the list by aisle (the server's order), reads typed amounts
    ("2 carrots") like recipe lines, and links each item back to the recipes it came from."""
    size = request.node.callspec.params["driver"]
    p = Page(driver, size)
    d = driver
    try:
        d.get(start_url)
        p.view_ready("search")
        # A cleared list with one recipe on it (staples skipped by the server's default).
        recipe = d.execute_async_script(
            """
            const done = arguments[0];
            const auth = { Authorization: 'Bearer ' + localStorage.getItem('larder.token') };
            (async () => {
              await fetch('/v1/me/grocery?scope=all', { method: 'DELETE', headers: auth });
              const found = await (await fetch('/v1/recipes?with=onion&with=milk&limit=1')).json();
              const hit = found.recipes[0];
              const r = await fetch('/v1/me/grocery', { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' },
                body: JSON.stringify({ recipeId: hit.id, only: 'all' }) });
              done(r.status === 201 ? [hit.id, hit.title] : null);
            })();"""
        )
        assert recipe, "could not put a recipe on the list"
        recipe_id, title = recipe
        p.nav("grocery")
        p.view_ready("grocery")
        p.one("#grocery-list [data-testid=grocery-aisle]")
        for typed, name in (("2 carrots", "carrot"), ("glorpberry", "glorpberry")):
            d.find_element(By.ID, "grocery-input").send_keys(typed, Keys.ENTER)
            p.wait.until(lambda _: p.css(f"#grocery-list [data-testid=grocery-item][data-name='{name}']"))
            p.wait.until(lambda _: d.find_element(By.ID, "grocery-input").get_attribute("value") == "")
        # The page shows the aisles the server sent, in its order, each heading once, each item under its own.
        page = d.execute_script(
            "return [...document.querySelectorAll('#grocery-list [data-testid=grocery-aisle]')].map(s =>"
            " [s.dataset.aisle, s.querySelector('h2').textContent, [...s.querySelectorAll('[data-testid=grocery-item]')].map(li => li.dataset.name)])"
        )
        api = d.execute_async_script(
            """
            const done = arguments[0];
            fetch('/v1/me/grocery', { headers: { Authorization: 'Bearer ' + localStorage.getItem('larder.token') } })
              .then(r => r.json()).then(done);"""
        )
        expected, start = [], 0
        for aisle in api["aisles"]:
            names = [it["name"] for it in api["items"][start : start + aisle["count"]]]
            assert all(it["aisle"] == aisle["name"] for it in api["items"][start : start + aisle["count"]])
            expected.append([aisle["name"], aisle["name"], names])
            start += aisle["count"]
        assert page == expected, page
        headings = [a for a, _, _ in page]
        assert len(headings) == len(set(headings)) > 1, headings
        assert headings[-1] == "Other" and "glorpberry" in page[-1][2]
        vegetables = next(names for a, _, names in page if a == "Vegetables")
        assert "carrot" in vegetables, vegetables
        carrot = p.one("#grocery-list [data-testid=grocery-item][data-name='carrot']")
        assert re.search(r"\d", carrot.text), carrot.text
        # Staples stay off; the recipe's items link back to it.
        assert "salt" not in [n for _, _, names in page for n in names]
        link = p.one("#grocery-list [data-testid=grocery-recipes] a")
        assert link.text == title
        assert link.get_attribute("href").endswith("#/recipe/" + quote(recipe_id, safe=""))
        p.shot("grocery-aisles")
        p.click(link)
        p.view_ready("recipe")
    finally:
        errors = js_errors(d)
    assert errors == [], errors
