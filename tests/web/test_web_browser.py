"""The web pages in a real browser: Playwright drives Debian's headless chromium (no browser download)
against `mahjong serve`'s app on a loopback port. A hand picked by clicks, typed notation, errors
beside their field, a table's settlement and running total, the rules page, the phone layout and
the language switch. Screenshots go to tests/artifacts/ (git-ignored).

Without chromium or Playwright the tests skip, except under CI (CI=true), where they fail.
"""
from __future__ import annotations

import os
import re

import pytest

from mahjong_core import Engine

from browser_kit import ARTIFACTS, browser, expect, open_page, serve, shot  # noqa: F401 (fixtures)

WIN = "[111z,1]123456789m9m 9m"
WIN_SITUATION = {"hand": "123456789m9m", "win_tile": "9m",
                 "melds": [{"type": "pung", "tiles": "111z", "from": "left"}]}


@pytest.fixture(scope="module")
def server():
    """The app under uvicorn in a thread, on a free loopback port."""
    yield from serve()


def picker(page, tile: str):
    return page.locator(f"#picker [data-tile='{tile}']")


@pytest.fixture(scope="module")
def engine():
    return Engine()


# ------------------------------------------------------------------ score page
def test_a_hand_picked_by_clicks_is_scored_with_its_fans(open_page, engine):
    page = open_page()
    page.click("#modes [data-mode='pung']")
    page.select_option("#from", "left")
    picker(page, "1z").click()
    for tile in [f"{n}m" for n in range(1, 10)] + ["9m", "9m"]:
        picker(page, tile).click()
    expect(page.locator("#notation")).to_have_value("[111z,1]1234567899m 9m")      # sorted, as output is
    expect(page.locator("#hand .tile")).to_have_count(10)
    expect(page.locator("#win .tile")).to_have_attribute("data-tile", "9m")
    page.click("#score")
    expected = engine.load_ruleset("guobiao").score(WIN_SITUATION).to_dict()
    expect(page.locator("#total")).to_have_text(str(expected["total"]))
    expect(page.locator("#value")).to_have_text(str(expected["value"]))
    rows = page.locator("#fans tbody tr")
    expect(rows).to_have_count(len(expected["fans"]))
    for i, fan in enumerate(expected["fans"]):
        row = rows.nth(i)
        expect(row).to_have_attribute("data-fan", fan["id"])
        expect(row).to_contain_text(fan["en"])
        expect(row).to_contain_text(fan["zh"])
        expect(row.locator("td.num").first).to_have_text(str(fan["points"]))
        expect(row.locator("td.num").last).to_have_text(str(fan["count"]))
    groups = page.locator("#reading .group")
    expect(groups).to_have_count(len(expected["decomposition"]))
    expect(groups.first).to_have_class("group declared")          # the claimed 東 pung
    expect(groups.first.locator(".tile")).to_have_count(3)
    shot(page, "score")


def test_chows_concealed_kongs_and_flowers_from_the_picker(open_page, engine):
    page = open_page()
    page.click("#modes [data-mode='chow']")
    picker(page, "1p").click()                                      # 123p, claimed from the left
    page.click("#modes [data-mode='ckong']")
    picker(page, "5s").click()
    expect(page.locator("#hand-count")).to_have_text("0 of 7 tiles")
    for tile in ["7m", "8m", "9m", "1z", "1z", "1z", "2z", "2z"]:
        picker(page, tile).click()
    picker(page, "1f").click()
    expect(page.locator("#notation")).to_have_value("[123p,1][5555s]789m1112z 2z")
    expect(page.locator("#flowers .tile")).to_have_count(1)
    expect(picker(page, "5s")).to_have_class("tile used-up")        # all four copies are in the kong
    situation = {"hand": "789m111z2z", "win_tile": "2z", "flowers": "1f",
                 "melds": [{"type": "chow", "tiles": "123p", "from": "left"},
                           {"type": "kong", "tiles": "5555s", "concealed": True}]}
    expected = engine.load_ruleset("guobiao").score(situation).to_dict()
    expect(page.locator("#total")).to_have_text(str(expected["total"]))
    expect(page.locator("#fans tbody tr")).to_have_count(len(expected["fans"]))
    expect(page.locator("#fans tbody tr[data-fan='flower_tiles']")).to_have_count(1)
    expect(page.locator("#reading .group.declared")).to_have_count(2)


def test_the_picker_refuses_a_fifth_copy_and_a_meld_with_no_room(open_page):
    page = open_page()
    page.fill("#notation", "1111m234p567s789s")                  # 13 standing tiles, no winning tile
    expect(page.locator("#hand .tile")).to_have_count(13)
    picker(page, "1m").click()
    expect(page.locator("#status")).to_have_text("All four 1 characters are already used.")
    expect(page.locator("#win .tile")).to_have_count(0)
    page.click("#modes [data-mode='pung']")
    picker(page, "5z").click()
    expect(page.locator("#status")).to_have_text("No room for a meld: take 3 tiles out of the hand first.")
    expect(page.locator("#melds .meld")).to_have_count(0)
    expect(page.locator("#notation")).to_have_value("1111m234p567s789s")


def test_a_hand_below_the_minimum_still_shows_its_breakdown(open_page):
    page = open_page()
    page.fill("#notation", "234m345p567s678m9s 9s")
    expect(page.locator("#below")).to_contain_text("below the minimum of 8")
    expect(page.locator("#total")).to_have_text("5")
    expect(page.locator("#fans tbody tr")).to_have_count(3)


def test_excluded_fans_are_shown_with_what_excluded_them(open_page, engine):
    page = open_page()
    page.fill("#notation", "123m456p789s2345m 5m")
    rules = engine.load_ruleset("guobiao")
    expected = rules.explain(rules.score({"hand": "123m456p789s2345m", "win_tile": "5m"}))
    assert expected["excluded"], "the example must exclude a fan"
    fans = {r.id: r for r in rules.fan_rules}
    expect(page.locator("#total")).to_have_text(str(expected["total"]))
    items = page.locator("#excluded li")
    expect(items).to_have_count(len(expected["excluded"]) + len(expected.get("dropped", [])))
    for i, item in enumerate(expected["excluded"]):
        expect(items.nth(i)).to_have_attribute("data-fan", item["id"])
        expect(items.nth(i)).to_contain_text(fans[item["id"]].en)
        for by in item["by"]:
            expect(items.nth(i)).to_contain_text(fans[by].en)


def test_typed_notation_updates_the_picker_and_back(open_page):
    page = open_page()
    page.fill("#notation", WIN)
    expect(page.locator("#hand .tile")).to_have_count(10)
    expect(page.locator("#melds .meld")).to_have_count(1)
    expect(page.locator("#win .tile")).to_have_attribute("data-tile", "9m")
    expect(page.locator("#total")).to_have_text("26")
    page.locator("#hand [data-tile='1m']").click()                  # remove a tile: the box follows
    expect(page.locator("#notation")).to_have_value("[111z,1]234567899m 9m")
    expect(page.locator("#melds .meld .group-label")).to_have_text("Pung · left")
    page.fill("#notation", "[111z]123456789m9m 9m")                # a pung claimed from nobody in particular
    expect(page.locator("#melds .meld .group-label")).to_have_text("Pung")
    page.locator("#hand [data-tile='1m']").click()
    expect(page.locator("#notation")).to_have_value("[111z]234567899m 9m")
    page.locator("#melds .meld").click()                            # remove the meld
    expect(page.locator("#notation")).to_have_value("234567899m 9m")
    expect(page.locator("#picker [data-tile='4z']")).to_be_visible()
    expect(page.locator("#short")).to_have_text("Pick 4 more tiles.")  # 9 + the 9m: 4 short of 14
    page.fill("#notation", "[🀀🀀🀀,1]🀇🀈🀉🀊🀋🀌🀍🀎🀏🀏 🀏")            # the Unicode tiles read as notation
    expect(page.locator("#notation")).to_have_value("[🀀🀀🀀,1]🀇🀈🀉🀊🀋🀌🀍🀎🀏🀏 🀏")
    expect(page.locator("#melds .meld .tile")).to_have_count(3)
    expect(page.locator("#melds .meld .tile").first).to_have_attribute("data-tile", "1z")
    expect(page.locator("#total")).to_have_text("26")


def test_a_hand_one_tile_short_shows_its_waits_on_a_discard_and_a_self_draw(open_page, engine):
    page = open_page()
    page.fill("#notation", "2344m567p789s111z")
    expected = engine.load_ruleset("guobiao").waits("2344m567p789s111z").to_dict()["waits"]
    rows = page.locator("#waits tbody tr")
    expect(rows).to_have_count(len(expected))
    for i, w in enumerate(expected):
        expect(rows.nth(i)).to_have_attribute("data-tile", w["tile"])
        cells = rows.nth(i).locator("td.num")
        expect(cells.nth(0).locator("strong")).to_have_text(str(w["discard"]["value"]))
        expect(cells.nth(1).locator("strong")).to_have_text(str(w["self_drawn"]["value"]))
    expect(page.locator("#win .tile")).to_have_count(0)
    rows.nth(0).locator(".tile").click()                             # a wait becomes the winning tile
    expect(page.locator("#win .tile")).to_have_attribute("data-tile", expected[0]["tile"])


def test_wilds_show_what_they_stood_for(open_page, engine):
    page = open_page()
    page.select_option("#ruleset", "popular")
    expect(page.locator("#mode-wild")).to_be_visible()
    page.fill("#notation", "123m456p789s5m11z2z 2z")
    page.click("#mode-wild")
    picker(page, "5m").click()
    page.check("[data-flag='self_drawn']")
    rules = engine.load_ruleset("popular")
    situation = {"hand": "123m456p789s5m11z2z", "win_tile": "2z", "wilds": "5m", "self_drawn": True}
    expected = rules.explain(rules.score(situation))
    expect(page.locator("#total")).to_have_text(str(expected["total"]))
    expect(page.locator("#wilds-as .tile")).to_have_count(len(expected["wilds_as"]) // 2)
    expect(page.locator("#hand [data-tile='5m']")).to_have_class("tile wild")
    page.select_option("#ruleset", "guobiao")                        # no wilds there: the control goes
    expect(page.locator("#mode-wild")).to_be_hidden()


def test_a_rulesets_own_facts_are_offered_as_checkboxes(open_page, engine):
    page = open_page()
    page.select_option("#ruleset", "popular-lianzhong")
    extra = page.locator("#extras [data-extra='eighth_flower_held_by_other']")
    expect(extra).to_have_count(1)
    page.fill("#notation", "123m456p789s1133z 3z")
    for n in range(1, 8):
        picker(page, f"{n}f").click()
    page.check("[data-flag='self_drawn']")
    extra.check()
    situation = {"hand": "123m456p789s1133z", "win_tile": "3z", "flowers": "1f2f3f4f5f6f7f", "self_drawn": True,
                 "extras": {"eighth_flower_held_by_other": True}}
    expected = engine.load_ruleset("popular-lianzhong").score(situation).to_dict()
    expect(page.locator("#total")).to_have_text(str(expected["total"]))
    expect(page.locator("#fans tbody tr[data-fan='seven_robs_one']")).to_have_count(1)
    page.select_option("#ruleset", "guobiao")
    expect(page.locator("#extras [data-extra]")).to_have_count(0)


def test_a_house_rule_overlay_loaded_from_a_file_changes_the_score(open_page):
    page = open_page()
    page.fill("#notation", WIN)
    expect(page.locator("#total")).to_have_text("26")
    page.locator("#overlay-box summary").click()
    page.set_input_files("#overlay-file", files=[{"name": "club.yaml", "mimeType": "text/yaml",
                                                  "buffer": b"extends: guobiao\nfans:\n  pure_straight: {points: 20}\n"}])
    expect(page.locator("#overlay")).to_have_value("extends: guobiao\nfans:\n  pure_straight: {points: 20}\n")
    expect(page.locator("#total")).to_have_text("30")
    expect(page.locator("#fans tr[data-fan='pure_straight'] td.num").first).to_have_text("20")
    page.click("#overlay-clear")
    expect(page.locator("#total")).to_have_text("26")


def test_typing_while_the_ruleset_loads_is_kept(open_page, engine):
    """Choosing a ruleset and typing at once: the typed hand is read, never overwritten."""
    page = open_page()
    held = {}                                   # requests answered only when the test says
    page.route("**/api/rulesets/sichuan", lambda route: held.setdefault("ruleset", route))
    page.route("**/api/parse", lambda route: held.setdefault("parse", route))
    page.select_option("#ruleset", "sichuan")
    page.fill("#notation", "1122334455667p 7p")
    for _ in range(100):                        # a bound, not a timing: the parse comes after the debounce
        if "parse" in held:
            break
        page.wait_for_timeout(50)
    held["ruleset"].continue_()                 # the ruleset arrives while the typed hand is being read
    expect(page.locator("#void-box")).to_be_visible()
    held["parse"].continue_()
    expected = engine.load_ruleset("sichuan").score({"hand": "1122334455667p", "win_tile": "7p"}).to_dict()
    expect(page.locator("#total")).to_have_text(str(expected["total"]))
    expect(page.locator("#notation")).to_have_value("1122334455667p 7p")
    expect(page.locator("#picker .tile")).to_have_count(27)            # 万 筒 条 only
    expect(page.locator("#flowers-field")).to_be_hidden()


def test_errors_appear_beside_the_field_that_caused_them(open_page):
    page = open_page()
    page.fill("#notation", "123x")
    notation_error = page.locator("[data-error-for='notation']")
    expect(notation_error).to_be_visible()
    expect(notation_error).to_contain_text("invalid_tile")
    expect(notation_error).to_contain_text("'x'")

    page.fill("#notation", "[124m]456p789s234m5p 5p")                # not a chow: the melds say so
    meld_error = page.locator("[data-error-for='melds']")
    expect(meld_error).to_be_visible()
    expect(meld_error).to_contain_text("melds[0]")
    expect(page.locator("#melds .meld").first).to_have_class("meld bad")
    expect(notation_error).to_be_hidden()
    expect(page.locator("[data-error-for='general']")).to_be_hidden()

    page.fill("#notation", WIN)
    page.locator("#overlay-box summary").click()
    page.fill("#overlay", "extends: guobiao\nfans:\n  nope: 3\n")
    page.locator("#overlay").dispatch_event("change")
    overlay_error = page.locator("[data-error-for='overlay']")
    expect(overlay_error).to_be_visible()
    expect(overlay_error).to_contain_text("overlay:3")
    shot(page, "score-errors")


# ------------------------------------------------------------------ table page
def test_a_settlement_built_on_the_table_page(open_page, engine):
    page = open_page("table.html")
    for i, name in enumerate(["Ann", "Bo", "Cy", "Di"]):
        page.fill(f"#seat-{i}", name)
    page.select_option("#ev-type", "win")
    page.select_option("#ev-seat", "1")
    page.select_option("#ev-from", "2")
    page.fill("#ev-hand", WIN)
    page.click("#ev-add")
    expect(page.locator("#events li[data-event]")).to_have_count(1)
    expect(page.locator("#events li").first).to_contain_text("Bo")
    page.click("#settle")
    record = {"seats": 4, "dealer": 0, "round_wind": "E",
              "events": [{"type": "win", "seat": 1, "from": 2, "situation": WIN_SITUATION}]}
    expected = engine.load_ruleset("guobiao").settle(record).to_dict(why=True)
    deltas = page.locator("#deltas .delta strong")
    expect(deltas).to_have_text([f"+{d}" if d > 0 else str(d) for d in expected["deltas"]])
    rows = page.locator("#payments tbody tr")
    expect(rows).to_have_count(len(expected["payments"]))
    names = ["Ann", "Bo", "Cy", "Di"]
    for i, p in enumerate(expected["payments"]):
        expect(rows.nth(i).locator("td")).to_have_text([names[p["from"]], names[p["to"]], str(p["amount"]), said(p, names)])
    expect(rows.first.locator("td.reason")).to_contain_text("Bo")             # the winner by name, not "seat 1"

    page.click("#running-add")
    expect(page.locator("#running-add")).to_be_disabled()           # a hand is counted once
    shot(page, "table")
    page.reload()                                                   # the running total is kept in the browser
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#seat-1")).to_have_value("Bo")
    expect(page.locator("#events li[data-event]")).to_have_count(1)
    page.click("#settle")
    page.click("#running-add")
    twice = [2 * d for d in expected["deltas"]]
    expect(page.locator("#running-total .delta strong")).to_have_text([f"+{d}" if d > 0 else str(d) for d in twice])
    expect(page.locator("#running")).to_contain_text("Hands counted: 2")
    page.click("#running-clear")
    expect(page.locator("#running")).to_contain_text("Hands counted: 0")
    page.click("#new-hand")                                         # the next hand starts empty
    expect(page.locator("#events li[data-event]")).to_have_count(0)
    expect(page.locator("#deltas")).to_have_count(0)
    expect(page.locator("#seat-3")).to_have_value("Di")


def test_a_pasted_record_is_settled_and_an_event_error_shows_on_its_line(open_page, engine):
    page = open_page("table.html")
    record = {"ruleset": "sichuan", "seats": 4, "dealer": 0, "events": [
        {"type": "void", "seat": 0, "suit": "m"}, {"type": "void", "seat": 1, "suit": "s"},
        {"type": "void", "seat": 2, "suit": "p"}, {"type": "void", "seat": 3, "suit": "m"},
        {"type": "kong", "seat": 2, "kind": "concealed", "tile": "5m"},
        {"type": "win", "seat": 1, "from": 3, "situation": {"hand": "1122334455667p", "win_tile": "7p"}}]}
    page.select_option("#ruleset", "sichuan")
    expect(page.locator("#ev-type")).to_have_attribute("data-ruleset", "sichuan")   # its form redrawn
    page.locator("#json-box summary").click()
    import json
    page.fill("#record-json", json.dumps(record))
    page.click("#record-load")
    expect(page.locator("#events li[data-event]")).to_have_count(6)
    page.click("#settle")
    expected = engine.load_ruleset("sichuan").settle(record).to_dict()
    expect_deltas(page, expected["deltas"])

    page.select_option("#ev-type", "kong")                          # a kong of a bad tile, built by hand
    page.select_option("#ev-kong-seat", "0")
    page.fill("#ev-kong-tile", "5x")
    page.click("#ev-add")
    page.click("#settle")
    line = page.locator("#events li[data-event='6']")
    expect(line.locator(".error")).to_be_visible()
    expect(line.locator(".error")).to_contain_text("events[6] (kong)")
    expect(page.locator("[data-error-for='general']")).to_be_hidden()


def said(payment: dict, names: list[str], lang: str = "en") -> str:
    """A payment's reason as the table page says it: its data's sentences, players by name."""
    parts = []
    for w in payment["why"]:
        def fill(m):
            key = m.group(1)
            return names[w["seats"][key]] if key in w["seats"] else str(w["values"][key])
        parts.append(re.sub(r"\{([a-z_]+)\}", fill, w[lang]))
    return ("；" if lang == "zh" else "; ").join(parts)


def expect_deltas(page, deltas: list[int]):
    """The ledger shows these deltas, signed as the page writes them."""
    expect(page.locator("#deltas .delta strong")).to_have_text([f"+{d}" if d > 0 else str(d) for d in deltas])


def _add(page, kind: str, **fields):
    """One event through the builder: select its type, fill its fields, add it."""
    page.select_option("#ev-type", kind)
    for field, value in fields.items():
        target = page.locator(f"#{field}")
        if target.evaluate("e => e.tagName") == "SELECT":
            target.select_option(value)
        else:
            target.fill(value)
    page.click("#ev-add")


SICHUAN_RECORD = {"ruleset": "sichuan", "seats": 4, "dealer": 0, "round_wind": "E", "events": [
    {"type": "void", "seat": 0, "suit": "m"}, {"type": "void", "seat": 1, "suit": "s"},
    {"type": "void", "seat": 2, "suit": "p"}, {"type": "void", "seat": 3, "suit": "m"},
    {"type": "kong", "seat": 2, "kind": "concealed", "tile": "5m"},
    {"type": "win", "seat": 1, "from": 3, "situation": {"hand": "1122334466778m", "win_tile": "8m"}},
    {"type": "end", "hands": {
        "0": {"hand": "1112345678999p"},
        "2": {"hand": "13799m67899s", "melds": [{"type": "kong", "tiles": "5555m", "concealed": True}]},
        "3": {"hand": "1112223334445s"}}}]}


def _build_sichuan_record(page, before_the_end=lambda: None):
    """SICHUAN_RECORD through the builder, event by event; before_the_end runs after the win's add."""
    page.select_option("#ruleset", "sichuan")
    expect(page.locator("#ev-type")).to_have_attribute("data-ruleset", "sichuan")   # its form redrawn
    for seat, suit in enumerate("mspm"):
        _add(page, "void", **{"ev-void-seat": str(seat), "ev-void-suit": suit})
    _add(page, "kong", **{"ev-kong-seat": "2", "ev-kong-kind": "concealed", "ev-kong-tile": "5m"})
    _add(page, "win", **{"ev-seat": "1", "ev-from": "3", "ev-hand": "1122334466778m 8m"})
    before_the_end()
    _add(page, "end", **{"end-0": "1112345678999p", "end-2": "[5555m]13799m67899s", "end-3": "1112223334445s"})


def test_voids_kongs_a_win_and_the_end_of_the_wall_built_event_by_event(open_page, engine):
    page = open_page("table.html")
    _build_sichuan_record(page)
    expect(page.locator("#events li[data-event]")).to_have_count(7)
    page.click("#settle")
    expected = engine.load_ruleset("sichuan").settle(SICHUAN_RECORD).to_dict(why=True)
    expect_deltas(page, expected["deltas"])
    expect(page.locator("#payments tbody tr")).to_have_count(len(expected["payments"]))
    names = [f"Seat {i}" for i in range(4)]                          # no names typed
    expect(page.locator("#payments tbody tr td.reason")).to_have_text([said(p, names) for p in expected["payments"]])


def _held(page, pattern: str) -> list:
    """Hold the requests to `pattern` until the test continues them; the list fills as they are made."""
    held = []
    page.route(pattern, lambda route: held.append(route))
    return held


def _first_held(page, held: list):
    for _ in range(100):                        # a bound, not a timing: the request is made on the click
        if held:
            return held[0]
        page.wait_for_timeout(50)
    raise AssertionError("the request was never made")


def test_events_added_while_a_win_is_parsed_keep_their_order_and_are_settled(open_page, engine):
    """A win's notation is parsed by the server: the end of the wall added and settle clicked while
    that answer is on its way wait for it, so the record keeps the order clicked and settles whole."""
    page = open_page("table.html")
    parses = _held(page, "**/api/parse")
    _build_sichuan_record(page, before_the_end=lambda: _first_held(page, parses))
    page.click("#settle")
    expect(page.locator("#events li[data-event]")).to_have_count(5)     # the voids and the kong only
    parses[0].continue_()
    lines = page.locator("#events li[data-event] .what strong")
    expect(lines).to_have_text([re.compile(r"^Void suit: ")] * 4 + [re.compile(f"^{kind}: ") for kind in ("Kong", "Win", "End of the wall")])
    expected = engine.load_ruleset("sichuan").settle(SICHUAN_RECORD).to_dict()
    expect_deltas(page, expected["deltas"])


def test_a_win_still_being_parsed_when_a_new_hand_starts_is_not_added_to_it(open_page, engine):
    page = open_page("table.html")
    expect(page.locator("#ev-type")).to_have_attribute("data-ruleset", "guobiao")     # the default's form drawn
    parses = _held(page, "**/api/parse")
    _add(page, "win", **{"ev-seat": "1", "ev-from": "", "ev-hand": WIN})
    page.click("#new-hand")
    _first_held(page, parses).continue_()
    _add(page, "kong", **{"ev-kong-seat": "1", "ev-kong-kind": "concealed", "ev-kong-tile": "1z"})   # after the win's answer
    expect(page.locator("#events li[data-event] .what strong")).to_have_text([re.compile(r"^Kong: ")])


def test_a_field_that_is_not_json_is_refused_beside_the_add_and_the_next_event_still_settles(open_page, engine):
    """An event type of a plugin's own with an object field (none of the built-ins has one, so the
    ruleset's detail is given one here): bad JSON is said beside Add, and the page goes on."""
    page = open_page()                          # a page of the app first, so the detail can be fetched

    def with_a_side_bet(route):
        detail = route.fetch().json()
        detail["settlement"]["events"].append(
            {"type": "side_bet", "fields": {"stakes": {"kind": "object", "required": True}}})
        route.fulfill(json=detail)

    page.route("**/api/rulesets/guobiao", with_a_side_bet)
    page.goto(page.url.rsplit("/", 1)[0] + "/table.html")
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#ev-type option[value='side_bet']")).to_have_count(1)
    _add(page, "side_bet", **{"ev-side_bet-stakes": "{not json"})
    error = page.locator("[data-error-for='builder']")
    expect(error).to_be_visible()
    expect(error).to_contain_text("field 'stakes': not valid JSON")
    _add(page, "win", **{"ev-seat": "1", "ev-from": "2", "ev-hand": WIN})
    page.click("#settle")
    expect(page.locator("#events li[data-event]")).to_have_count(1)
    expected = engine.load_ruleset("guobiao").settle(
        {"events": [{"type": "win", "seat": 1, "from": 2, "situation": WIN_SITUATION}]}).to_dict()
    expect_deltas(page, expected["deltas"])
    expect(page.locator("[data-error-for='general']")).to_be_hidden()


def test_a_wild_indicator_and_a_self_drawn_win(open_page, engine):
    page = open_page("table.html")
    page.select_option("#ruleset", "popular")
    expect(page.locator("#ev-type")).to_have_attribute("data-ruleset", "popular")   # its form redrawn
    _add(page, "wild", **{"ev-wild-indicator": "4m"})
    _add(page, "win", **{"ev-seat": "2", "ev-from": "", "ev-hand": "123m456p789s5m11z2z 2z"})
    page.click("#settle")
    record = {"seats": 4, "dealer": 0, "events": [
        {"type": "wild", "indicator": "4m"},
        {"type": "win", "seat": 2, "situation": {"hand": "123m456p789s5m11z2z", "win_tile": "2z"}}]}
    expected = engine.load_ruleset("popular").settle(record).to_dict()
    expect_deltas(page, expected["deltas"])


def test_a_self_drawn_win_on_a_kong_replacement(open_page, engine):
    page = open_page("table.html")
    expect(page.locator("#ev-type")).to_have_attribute("data-ruleset", "guobiao")     # the default's form drawn
    _add(page, "kong", **{"ev-kong-seat": "1", "ev-kong-kind": "concealed", "ev-kong-tile": "1z"})   # the kong it follows
    page.select_option("#ev-type", "win")
    page.select_option("#ev-seat", "1")
    page.select_option("#ev-from", "")
    page.fill("#ev-hand", "[1111z]123456789m9m 9m")
    page.check("#ev-flags [data-flag='after_kong']")
    page.click("#ev-add")
    page.click("#settle")
    record = {"events": [{"type": "kong", "seat": 1, "kind": "concealed", "tile": "1z"},
                         {"type": "win", "seat": 1, "situation": {
        "hand": "123456789m9m", "win_tile": "9m", "after_kong": True,
        "melds": [{"type": "kong", "tiles": "1111z", "concealed": True}]}}]}
    expected = engine.load_ruleset("guobiao").settle(record).to_dict()
    expect_deltas(page, expected["deltas"])


# ------------------------------------------------------------------ rules page
def test_the_rules_page_lists_fans_options_and_a_diff(open_page, engine):
    page = open_page("rules.html")
    page.select_option("#ruleset", "sichuan")
    rules = engine.load_ruleset("sichuan")
    expect(page.locator("#fan-table tbody tr")).to_have_count(len(rules.fan_rules))
    expect(page.locator("#fingerprint")).to_have_text(rules.fingerprint)
    expect(page.locator("#option-table tbody tr")).to_have_count(len(rules.options))
    page.select_option("#diff-a", "guobiao")
    page.select_option("#diff-b", "popular")
    page.click("#diff-run")
    added = page.locator("[data-part='diff.added'] li")
    expect(added.first).to_be_visible()
    expect(page.locator("[data-part='diff.added']")).to_contain_text("无混")


# ------------------------------------------------------------------ phone and language
def test_the_pages_fit_a_phone_screen(open_page):
    for path in ("", "table.html", "rules.html"):
        page = open_page(path, 390, 844)
        if path == "":
            page.fill("#notation", "123m456p789s2345m 5m")
            expect(page.locator("#total")).to_be_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{path or 'score page'} scrolls sideways on a phone: {width}px"
        if path == "":
            # a suit's nine tiles on one row, each wide enough to tap; the 13 standing tiles on one line
            first, last = picker(page, "1m").bounding_box(), picker(page, "9m").bounding_box()
            assert first["y"] == last["y"] and first["width"] >= 30
            hand = [t.bounding_box()["y"] for t in page.locator("#hand .tile").all()]
            assert len(hand) == 13 and len(set(hand)) == 1
            shot(page, "score-phone")
        else:
            shot(page, f"{path.split('.')[0]}-phone")


def test_the_language_switch_is_remembered(open_page):
    page = open_page()
    page.fill("#notation", WIN)
    expect(page.locator("#fans")).to_contain_text("Pure Straight")
    expect(page.locator("#nav-score")).to_have_text("Score")
    page.click("#lang")
    expect(page.locator("#nav-score")).to_have_text("算番")
    expect(page.locator("#fans tbody tr").first.locator(".primary")).to_have_text("清龙")
    expect(page.locator("#score")).to_have_text("计算")
    shot(page, "score-zh")
    other = open_page("table.html", context=page.context)            # the next page opens in Chinese
    expect(other.locator("#nav-table")).to_have_text("牌桌结算")
    expect(other.locator("[data-i18n='settle']")).to_have_text("结算")
    other.click("#lang")
    expect(other.locator("#nav-table")).to_have_text("Table")


@pytest.mark.parametrize("ci,outcome", [("true", "1 error"), ("", "1 skipped")])
def test_a_missing_browser_fails_under_ci_and_skips_elsewhere(ci, outcome):
    import subprocess
    import sys
    env = {**os.environ, "MAHJONG_CHROMIUM": "/nonexistent/chromium", "CI": ci}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", __file__,
                          "-k", "rules_page"], env=env, capture_output=True, text=True, timeout=300)
    assert outcome in run.stdout.splitlines()[-1], run.stdout[-2000:]


def test_honours_set_aside_as_bonus_tiles_and_fans_in_their_units(open_page, engine):
    page = open_page()
    page.select_option("#ruleset", "fuzhou")
    expect(page.locator("#picker .suit-z")).to_have_count(0)        # no honour stands in a Fuzhou hand
    for tile in ["1z", "1z", "5z", "1f"]:
        picker(page, tile).click()                                   # bonus tiles: into 'flowers'
    expect(page.locator("#flowers .tile")).to_have_count(4)
    expect(picker(page, "1f")).to_have_class("tile used-up")        # one copy of each flower
    expect(picker(page, "1z")).not_to_have_class("tile used-up")    # four of each honour
    page.fill("#notation", "123456789m234p678p5m 5m")
    page.click("#mode-wild")
    picker(page, "5m").click()
    page.check("[data-flag='self_drawn']")
    situation = {"hand": "123456789m234p678p5m", "win_tile": "5m", "wilds": "5m", "flowers": "1f1z1z5z",
                 "self_drawn": True}
    expected = engine.load_ruleset("fuzhou").score(situation).to_dict()
    expect(page.locator("#total")).to_have_text(str(expected["total"]))
    expect(page.locator("#fans tr[data-fan='jinque'] td.num").first).to_have_text("+30")       # a bonus
    expect(page.locator("#fans tr[data-fan='self_draw'] td.num").first).to_have_text("×2^1")   # a doubling
    expect(page.locator("#fans tr[data-fan='flowers'] td.num").first).to_have_text("1")        # points
    page.select_option("#ruleset", "guobiao")                        # honours are no bonus tiles there
    expect(page.locator("#flowers .tile")).to_have_count(1)


# ------------------------------------------------------------------ a player's phone, analysis, the family's words
def test_on_a_phone_the_total_comes_into_view_after_the_last_tile_and_after_score(open_page, engine):
    page = open_page("", 390, 844)
    # Score sits right under the picker, not below the situation panel
    picker_box, score_box = page.locator("#picker").bounding_box(), page.locator("#score").bounding_box()
    assert 0 <= score_box["y"] - (picker_box["y"] + picker_box["height"]) < 80, (picker_box, score_box)
    page.click("#modes [data-mode='pung']")
    picker(page, "1z").click()
    for tile in [f"{n}m" for n in range(1, 10)] + ["9m", "9m"]:       # the last click is the winning tile
        picker(page, tile).click()
    expected = engine.load_ruleset("guobiao").score(WIN_SITUATION).to_dict()
    expect(page.locator("#total")).to_have_text(str(expected["total"]))
    expect(page.locator("#total")).to_be_in_viewport()              # scrolled to, no hand on the screen
    shot_here(page, "score-phone-after-last-tile")
    page.evaluate("window.scrollTo(0, 0)")                          # back up to the picker, as a player would
    expect(page.locator("#total-bar")).to_be_in_viewport()          # the total stays in sight at the foot
    expect(page.locator("#total-bar")).to_contain_text(str(expected["total"]))
    shot_here(page, "score-phone-total-bar")
    page.click("#score")
    expect(page.locator("#total")).to_be_in_viewport()


def test_the_picker_keeps_its_height_while_the_tile_pictures_load(browser, server):
    """A phone on a slow line: the rows are as tall before the pictures arrive as after, so Score
    does not jump down under the player's thumb."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    try:
        page = context.new_page()
        held, release = [], []
        page.route("**/tiles/*.svg", lambda route: route.continue_() if release else held.append(route))
        page.goto(server)
        page.wait_for_selector("body[data-ready='1']")
        before = page.locator("#picker").bounding_box()["height"]
        assert held and page.evaluate("[...document.querySelectorAll('#picker img')].every(i => !i.complete)")
        release.append(True)
        for route in held:
            route.continue_()
        page.wait_for_function("[...document.querySelectorAll('#picker img')].every(i => i.complete && i.naturalWidth)")
        assert page.locator("#picker").bounding_box()["height"] == before
    finally:
        context.close()


def shot_here(page, name: str) -> None:
    """The viewport as the player sees it, not the whole page."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_the_analysis_view_shows_a_14_tile_hands_best_discard(open_page, engine, width, height):
    page = open_page("", width, height)
    page.fill("#notation", "123m456p789s1122z5m")
    expect(page.locator("#win .tile")).to_have_attribute("data-tile", "5m")
    page.click("#analyze")
    expected = engine.load_ruleset("guobiao").analyze({"hand": "123m456p789s1122z5m", "melds": []}).to_dict()
    best = expected["discards"][0]
    assert best["discard"] == "5m"           # 123m 456p 789s 11z 22z: let 5m go, wait on 1z or 2z
    expect(page.locator("#shanten")).to_have_attribute("data-shanten", str(expected["shanten"]))
    rows = page.locator("#analysis tbody tr")
    expect(rows).to_have_count(len(expected["discards"]))
    expect(rows.first).to_have_attribute("data-discard", "5m")
    expect(rows.first).to_have_class("best")
    expect(rows.first.locator("td.num").last).to_have_text(str(best["useful_left"]))
    expect(rows.first.locator(".useful-tile")).to_have_count(len(best["useful"]))
    expect(rows.first.locator(".wait")).to_have_count(len(best["waits"]))
    expect(page.locator("#analysis")).to_be_in_viewport()
    shot_here(page, f"analysis-{width}")


def test_a_hand_that_is_not_ready_shows_its_shanten_and_useful_tiles(open_page, engine):
    page = open_page()
    page.select_option("#ruleset", "fuzhou")
    page.fill("#notation", "13579m13579p135799s")                     # 16 tiles, far from ready
    expected = engine.load_ruleset("fuzhou").analyze({"hand": "13579m13579p135799s", "melds": []}).to_dict()
    expect(page.locator("#shanten")).to_have_attribute("data-shanten", str(expected["shanten"]))
    expect(page.locator("#analysis .useful-tile")).to_have_count(len(expected["useful"]))


def test_notation_typed_while_the_ruleset_loads_is_read_with_its_hand_size(open_page, engine):
    """Fuzhou's detail held back until the notation is parsed: the 16 tiles are still read as
    Fuzhou's 16-tile hand (no winning tile), not as Guobiao's 15 and a winning tile."""
    page = open_page()
    held, release = [], []
    page.route("**/api/rulesets/fuzhou", lambda route: route.continue_() if release else held.append(route))
    page.select_option("#ruleset", "fuzhou")
    with page.expect_response("**/api/parse"):
        page.fill("#notation", "13579m13579p135799s")
    assert held
    release.append(True)
    for route in held:
        route.continue_()
    expected = engine.load_ruleset("fuzhou").analyze({"hand": "13579m13579p135799s", "melds": []}).to_dict()
    expect(page.locator("#shanten")).to_have_attribute("data-shanten", str(expected["shanten"]))


def test_the_table_page_offers_exactly_each_familys_event_types(open_page, engine):
    page = open_page("table.html")
    for name in ("guobiao", "popular", "sichuan", "fuzhou", "guangdong", "guangdong-lianhua"):
        page.select_option("#ruleset", name)
        expect(page.locator("#ev-type")).to_have_attribute("data-ruleset", name)      # its types drawn
        types = list(engine.load_ruleset(name).settlement_rule.item.event_types)
        offered = page.locator("#ev-type option")
        expect(offered).to_have_count(len(types))
        assert sorted(offered.evaluate_all("os => os.map(o => o.value)")) == sorted(types), name
    page.select_option("#ruleset", "guobiao")
    expect(page.locator("#ev-type")).to_have_attribute("data-ruleset", "guobiao")   # its form redrawn
    assert "void" not in page.locator("#ev-type option").evaluate_all("os => os.map(o => o.value)")
    page.select_option("#ruleset", "fuzhou")                         # its own discard event, from its fields
    page.select_option("#ev-type", "discard")
    expect(page.locator("#ev-discard-seat")).to_be_visible()
    expect(page.locator("#ev-discard-tile")).to_be_visible()
    page.select_option("#ruleset", "guangdong")
    expect(page.locator("#ev-type")).to_have_attribute("data-ruleset", "guangdong")   # its form redrawn
    page.select_option("#ev-type", "follow_dealer")
    expect(page.locator("#ev-type option[value='follow_dealer']")).to_have_text("Follow the dealer")
    expect(page.locator("#ev-fields [data-field]")).to_have_count(0)
    page.select_option("#ev-type", "horses")
    expect(page.locator("#ev-horses-tiles")).to_be_visible()


def test_a_fuzhou_discard_and_a_guangdong_follow_the_dealer_are_settled(open_page, engine):
    page = open_page("table.html")
    page.select_option("#ruleset", "guangdong")
    expect(page.locator("#ev-type")).to_have_attribute("data-ruleset", "guangdong")   # its form redrawn
    _add(page, "follow_dealer")
    page.click("#settle")
    record = {"seats": 4, "dealer": 0, "round_wind": "E", "events": [{"type": "follow_dealer"}]}
    expected = engine.load_ruleset("guangdong").settle(record).to_dict()
    expect_deltas(page, expected["deltas"])
    page.click("#new-hand")
    page.select_option("#ruleset", "fuzhou")
    expect(page.locator("#ev-type")).to_have_attribute("data-ruleset", "fuzhou")   # its form redrawn
    _add(page, "wild", **{"ev-wild-tile": "5m"})
    _add(page, "discard", **{"ev-discard-seat": "2", "ev-discard-tile": "5m"})
    page.click("#settle")                      # a discarded gold is refused by this line, on its event's line
    line = page.locator("#events li[data-event='1']")
    expect(line.locator(".error")).to_contain_text("events[1] (discard): seat 2 discards 5m, the gold (金)")
    expect(page.locator("#events li[data-event='0']")).to_contain_text("金")


def test_an_unknown_event_type_in_a_pasted_record_names_the_valid_ones(open_page):
    page = open_page("table.html")
    import json
    page.locator("#json-box summary").click()
    page.fill("#record-json", json.dumps({"seats": 4, "events": [{"type": "void", "seat": 0, "suit": "m"}]}))
    page.click("#record-load")
    page.click("#settle")
    error = page.locator("#events li[data-event='0'] .error")          # on the event's own line
    expect(error).to_contain_text("unknown event type 'void'")
    expect(error).to_contain_text("this ruleset's event types: win, kong, end")


@pytest.mark.parametrize("ruleset,word", [("popular", "混"), ("fuzhou", "金"), ("guangdong-tuidaohu", "鬼"),
                                          ("guangdong-lianhua", "癞子")])
def test_the_wild_badge_says_what_the_family_calls_it(open_page, ruleset, word):
    page = open_page()
    page.select_option("#ruleset", ruleset)
    expect(page.locator("#mode-wild")).to_contain_text(word)
    page.click("#mode-wild")
    picker(page, "5m").click()
    badge = picker(page, "5m").evaluate("e => getComputedStyle(e, '::after').content")
    assert badge == f'"{word}"'


def test_hints_count_the_familys_hand_size_and_the_panel_offers_only_usable_flags(open_page):
    page = open_page()
    expect(page.locator("#win")).to_contain_text("pick tile 14")
    page.select_option("#ruleset", "fuzhou")
    expect(page.locator("#win")).to_contain_text("pick tile 17")
    expect(page.locator("[data-flag-box='robbing_kong']")).to_be_hidden()     # no robbing win in this line
    expect(page.locator("[data-flag-box='seat_wind']")).to_be_hidden()        # no wind stands in a hand
    expect(page.locator("[data-flag-box='last_tile']")).to_be_hidden()       # no fan of it reads the last tile
    expect(page.locator("[data-flag-box='first_turn']")).to_be_visible()     # 天胡
    page.select_option("#ruleset", "guobiao")
    for flag in ("robbing_kong", "seat_wind", "last_tile", "fourth_tile"):
        expect(page.locator(f"[data-flag-box='{flag}']")).to_be_visible()
    for flag in ("discard_after_kong", "dealer", "first_turn", "ready_at_start", "declared_ready"):
        expect(page.locator(f"[data-flag-box='{flag}']")).to_be_hidden()   # no Guobiao fan reads them
    page.select_option("#ruleset", "popular")
    expect(page.locator("[data-flag-box='declared_ready']")).to_be_visible()     # 报听
    label = page.locator("[data-flag-box='last_tile']")
    expect(label).to_have_text("Last tile")                                  # short; the doc in the tooltip
    expect(label).to_have_attribute("title", "won on the last tile of the wall (妙手回春 / 海底捞月)")


def test_a_new_error_replaces_the_old_one(open_page):
    page = open_page()
    page.fill("#notation", "123m456p789s1357z 9z")                 # 9z: no such tile
    expect(page.locator("[data-error-for='notation']")).to_be_visible()
    page.fill("#notation", "123m456p789s1357z 7z")                 # read, but no winning hand
    expect(page.locator("[data-error-for='notation']")).to_be_hidden()
    expect(page.locator("[data-error-for]:visible")).to_have_count(1)
    page.fill("#notation", "123m456p789s1357z 9z")
    expect(page.locator("[data-error-for='notation']")).to_be_visible()
    expect(page.locator("[data-error-for]:visible")).to_have_count(1)


def test_in_chinese_the_ledger_says_every_reason_in_chinese_with_the_players_names(open_page, engine):
    page = open_page("table.html")
    page.click("#lang")
    names = ["阿明", "小红", "老王", "Dora"]
    for i, name in enumerate(names):
        page.fill(f"#seat-{i}", name)
    page.select_option("#ruleset", "sichuan")
    expect(page.locator("#ev-type")).to_have_attribute("data-ruleset", "sichuan")   # its form redrawn
    import json
    record = {"ruleset": "sichuan", "seats": 4, "dealer": 0, "round_wind": "E", "events": [
        {"type": "void", "seat": 0, "suit": "m"}, {"type": "void", "seat": 1, "suit": "s"},
        {"type": "void", "seat": 2, "suit": "p"}, {"type": "void", "seat": 3, "suit": "m"},
        {"type": "kong", "seat": 2, "kind": "concealed", "tile": "5m"},
        {"type": "kong", "seat": 3, "kind": "exposed", "tile": "8s", "from": 0},
        {"type": "win", "seat": 1, "from": 3, "situation": {"hand": "1122334466778m", "win_tile": "8m"}},
        {"type": "end", "hands": {"0": {"hand": "1112345678999p"},
                                  "2": {"hand": "13799m56799s", "melds": [{"type": "kong", "tiles": "5555m", "concealed": True}]},
                                  "3": {"hand": "123s456s789p11s22p"}}}]}
    page.locator("#json-box summary").click()
    page.fill("#record-json", json.dumps(record))
    page.click("#record-load")
    page.click("#settle")
    expected = engine.load_ruleset("sichuan").settle(record).to_dict(why=True)
    cells = page.locator("#payments tbody tr td.reason")
    expect(cells).to_have_count(len(expected["payments"]))
    expect(cells).to_have_text([said(p, names, "zh") for p in expected["payments"]])
    kinds = {w["kind"] for p in expected["payments"] for w in p["why"]}
    assert {"concealed_kong", "exposed_kong", "discard_win"} <= kinds, kinds
    for text in cells.all_inner_texts():
        assert not re.search(r"[A-Za-z]{2,}", re.sub(r"\d[mpsz]|Dora", "", text)), text     # no English word
        assert not re.search(r"seat|号位", text), text                                     # players by name
    shot(page, "table-zh")


def test_the_table_pages_win_offers_only_the_flags_the_ruleset_reads_and_a_phone_sees_the_ledger(open_page, engine):
    page = open_page("table.html", 390, 844)
    flags = page.locator("#ev-flags label:has([data-flag])")
    page.select_option("#ruleset", "sichuan")
    expect(page.locator("#ev-flags [data-flag='discard_after_kong']")).to_be_visible()      # 杠上炮
    expect(page.locator("#ev-flags [data-flag='fourth_tile']")).to_be_hidden()
    page.select_option("#ruleset", "guobiao")
    visible = [f for f in flags.evaluate_all("ls => ls.filter(l => !l.hidden).map(l => l.querySelector('input').dataset.flag)")]
    assert visible == ["last_tile", "after_kong", "robbing_kong", "fourth_tile"]
    _add(page, "win", **{"ev-seat": "1", "ev-from": "2", "ev-hand": WIN})
    page.click("#settle")
    expect(page.locator("#deltas")).to_be_in_viewport()
    shot_here(page, "table-phone-ledger")


def test_a_count_of_one_reads_in_the_singular(open_page):
    """Thirteen tiles already show waits, so the page never asks for exactly one more tile itself;
    the wording is read from i18n.js as the page would read it."""
    page = open_page()
    words = page.evaluate("""async () => {
        const { t } = await import("/js/i18n.js");
        return [t("pick.more", { n: 1 }), t("pick.more", { n: 2 }), t("meld.room", { n: 1 })];
    }""")
    assert words == ["Pick 1 more tile.", "Pick 2 more tiles.", "No room for a meld: take 1 tile out of the hand first."]
