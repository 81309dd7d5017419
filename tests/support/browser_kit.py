"""The browser tests' kit: Playwright driving Debian's headless chromium (no browser download)
against `mahjong serve`'s app on a loopback port; each page opened in a fresh context that fails
the test on any JavaScript error and on any request leaving the server. Screenshots go to
tests/artifacts/ (git-ignored). Without chromium or Playwright the tests skip, except under CI
(CI=true), where they fail."""
from __future__ import annotations

import os
import socket
import threading
import time

import pytest

from testpaths import TESTS

CHROMIUM = os.environ.get("MAHJONG_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = TESTS / "artifacts"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def _missing(why: str):
    if IN_CI:
        pytest.fail(f"browser tests cannot run in CI: {why} (scripts/install-browser.sh installs chromium)")
    pytest.skip(why)


try:
    from playwright.sync_api import expect, sync_playwright
    # an assertion waits as long as an action (15 s): the API's workers answer slowly on a loaded machine
    expect.set_options(timeout=15_000)
except ImportError:          # the 'browser' extra is not installed
    expect = sync_playwright = None


def serve(**options):
    """Serve ``create_app(**options)`` under uvicorn in a thread on a free loopback port: yields
    its address, then stops it."""
    uvicorn = pytest.importorskip("uvicorn")
    from mahjong_core.frontends.web.app import create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(**options), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):                    # a hang guard, not a timing assertion
        if srv.started:
            break
        time.sleep(0.05)
    assert srv.started, "uvicorn did not start"
    yield f"http://127.0.0.1:{port}/"
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser():
    if sync_playwright is None:
        _missing("Playwright is not installed (pip install -e '.[browser]')")
    if not os.access(CHROMIUM, os.X_OK):
        _missing(f"no chromium at {CHROMIUM}")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def open_page(browser, server):
    """open_page(path, width, height): a fresh context (empty localStorage) on one of the pages;
    the test fails on any JavaScript error the page raises and on any request that leaves the
    server (every asset ships in the package)."""
    contexts, errors, outside = [], [], []

    def opener(path: str = "", width: int = 1280, height: int = 900, context=None):
        if context is None:
            context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
            contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15000)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("request", lambda r: None if r.url.startswith((server, "data:", "blob:")) else outside.append(r.url))
        page.goto(server + path)
        page.wait_for_selector("body[data-ready='1']")
        return page

    yield opener
    for c in contexts:
        c.close()
    assert not errors, errors
    assert not outside, outside


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")          # the sticky header at the top of the picture
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
