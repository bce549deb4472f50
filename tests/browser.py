"""What the browser tests share: Debian's Chromium driven by Playwright, pages that gather
JavaScript errors and Content-Security-Policy violations (a test fails on any), a real
`savanna serve` to test against, screenshots kept as artifacts (SAVANNA_ARTIFACTS, default
test-artifacts/), and the REST calls the tests make beside the page.

Importing this module skips the importing test module when Playwright or Chromium is missing,
unless SAVANNA_REQUIRE_BROWSER=1 (CI), which makes that an error."""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from web_remote import ServerProcess

CHROMIUM = os.environ.get("SAVANNA_CHROMIUM", "/usr/bin/chromium")
REQUIRED = os.environ.get("SAVANNA_REQUIRE_BROWSER") == "1"
ARTIFACTS = Path(os.environ.get("SAVANNA_ARTIFACTS", Path(__file__).resolve().parent.parent / "test-artifacts"))
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
DESK = dict(viewport={"width": 1280, "height": 800})
PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)

try:
    from playwright.sync_api import Page, sync_playwright
except ImportError:  # pragma: no cover - the test extra installs it
    sync_playwright = None

if sync_playwright is None or not os.path.exists(CHROMIUM):
    reason = "playwright is not installed" if sync_playwright is None else f"no Chromium at {CHROMIUM}"
    if REQUIRED:
        raise RuntimeError(f"browser tests are required (SAVANNA_REQUIRE_BROWSER=1) but {reason}")
    pytest.skip(f"browser tests skipped: {reason} (apt-get install chromium)", allow_module_level=True)


class Pages:
    """Browser pages in contexts of their own (each its own localStorage), with their
    JavaScript errors and CSP violations gathered in `errors`: `check()` fails on any."""

    def __init__(self, browser: Any):
        self.browser, self.contexts, self.errors = browser, [], []

    def new(self, **options: Any) -> Page:
        ctx = self.browser.new_context(**{**DESK, **options})
        self.contexts.append(ctx)
        pg = ctx.new_page()
        pg.on("pageerror", lambda e: self.errors.append(str(e)))
        # what the server's Content-Security-Policy blocks, Chromium says in the console
        pg.on("console", lambda m: self.errors.append(m.text) if "Content Security Policy" in m.text else None)
        return pg

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()
        self.contexts = []

    def check(self) -> None:
        assert not self.errors, f"JavaScript errors or CSP violations on the page: {self.errors}"


# The pages are ES modules and set no globals; the tests read a page's object (`page` on the
# game page, `lobby`, `gallery` on the tiles' page) from its entry module's exports, which this
# script, run in every page before its own, makes window.page and the like: once the page's
# module has run, it imports the entry again (the same module, not a second copy).
REACH = """
(() => {
  let entry = null;
  for (const name of ["page", "lobby", "gallery"])
    Object.defineProperty(window, name, { get: () => (entry ? entry[name] : undefined), configurable: true });
  addEventListener("DOMContentLoaded", () => {
    const script = document.querySelector('script[type="module"][src]');
    if (script) import(script.src).then(m => { entry = m; });
  });
})();
"""


def reaching(browser: Any) -> Any:
    """`browser` whose new contexts and pages run REACH in every page."""
    new_context, new_page = browser.new_context, browser.new_page

    def context(**options: Any) -> Any:
        ctx = new_context(**options)
        ctx.add_init_script(REACH)
        return ctx

    def page(**options: Any) -> Any:
        pg = new_page(**options)
        pg.add_init_script(REACH)
        return pg

    browser.new_context, browser.new_page = context, page
    return browser


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = reaching(p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS))
        yield b
        b.close()


@pytest.fixture
def pages(browser):
    p = Pages(browser)
    yield p
    p.close()
    p.check()


@pytest.fixture
def page(pages):
    """One desktop-sized page (downloads accepted)."""
    return pages.new(accept_downloads=True)


def serve(tmp_path_factory: Any, name: str, *options: str, create_limit: str = "none") -> ServerProcess:
    """A started `savanna serve` on a fresh SQLite file, with `options`; its log beside it."""
    where = tmp_path_factory.mktemp(name)
    server = ServerProcess(str(where / "games.db"), log=where / "server.log", create_limit=create_limit,
                           options=list(options))
    server.start()
    return server


def served(name: str, *options: str, create_limit: str = "none") -> Any:
    """A module's fixture of a `savanna serve` started for the module (see `serve`): its base URL."""

    @pytest.fixture(scope="module")
    def server(tmp_path_factory: Any) -> Any:
        s = serve(tmp_path_factory, name, *options, create_limit=create_limit)
        yield s.base
        s.stop()

    return server


def shot(pg: Page, name: str, taken: set | None = None) -> None:
    """Keep a screenshot of what the page shows (once per name when `taken` is given)."""
    if taken is not None:
        if name in taken:
            return
        taken.add(name)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / name))


def api(base: str, path: str) -> Any:
    with urllib.request.urlopen(base + path, timeout=10) as r:
        return json.load(r)


# Whether any of an element's box shows inside the board (the SVG clips what its view box leaves out).
SHOWN = """e => { const r = e.getBoundingClientRect(), svg = e.closest('svg');
  if (!svg) return true;
  const b = svg.getBoundingClientRect();
  return Math.min(r.right, b.right) > Math.max(r.left, b.left) && Math.min(r.bottom, b.bottom) > Math.max(r.top, b.top); }"""


def click(mark: Any, timeout: float = 3000) -> None:
    """Click `mark` (a locator) as a person does; one the board shows nowhere (outside its view box, or
    under another mark, so that Playwright's click keeps retrying until its timeout) gets its click
    event dispatched instead, at once for one off the board, rather than after seconds of retrying."""
    if mark.evaluate(SHOWN):
        try:
            mark.click(timeout=timeout)
            return
        except Exception:  # under another mark: click it where it is
            pass
    mark.dispatch_event("click")
