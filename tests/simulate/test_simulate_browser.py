"""The HTML report in a real browser: Playwright drives Debian's headless chromium on the file
itself (it loads nothing from anywhere), and each plot is an inline SVG with marks drawn at a
visible size. Without chromium, Playwright or matplotlib the test skips, except under CI."""
from __future__ import annotations

import os

import pytest

from harness import IN_CI, missing, needs, run_cli

CHROMIUM = os.environ.get("MAHJONG_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


def test_the_html_report_opens_and_its_plots_render(tmp_path):
    needs("matplotlib", "pip install -e '.[report]'")
    sync = needs("playwright.sync_api", "pip install -e '.[browser]'")
    if not os.access(CHROMIUM, os.X_OK):
        missing(f"chromium at {CHROMIUM}", "scripts/install-browser.sh")
    page_file = tmp_path / "report.html"
    rc, _, err = run_cli(["simulate", "--ruleset", "guobiao", "--vs", "guobiao-2014", "--hands", 3, "--seed", 4,
                          "--report", page_file])
    assert rc == 0, err
    errors, outside = [], []
    with sync.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("request", lambda r: None if r.url.startswith(("file:", "data:")) else outside.append(r.url))
        page.goto(page_file.as_uri())
        figures = page.locator("figure.plot svg")
        assert figures.count() == 3                             # values, win rate per seat, differences
        for i in range(figures.count()):
            box = figures.nth(i).bounding_box()
            assert box and box["width"] > 200 and box["height"] > 50
            assert figures.nth(i).locator("path").count() > 5   # axes, ticks and the data drawn
        assert page.locator("table").count() >= 3 and "Simulation report" in page.title()
        browser.close()
    assert not errors and not outside
