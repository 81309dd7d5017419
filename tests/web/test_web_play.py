"""The play page in a real browser (Playwright, Debian's chromium: tests/support/browser_kit.py): whole
hands played at 390×844 by tapping only what a person taps (the tiles of the hand, the action
buttons), each turn on one screen without scrolling, to the settlement screen, whose downloaded
record `mahjong settle` pays exactly as shown; the hint, the review, a house overlay, the
language switch and a hand played with the keyboard alone.

Seeds are fixed so the hands are the same each run; the bots are the greedy default."""
from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys

import pytest

from mahjong_core.engine import tiles as T

from browser_kit import browser, expect, open_page, serve, shot  # noqa: F401 (fixtures)

PHONE = {"width": 390, "height": 844}
CLI = [sys.executable, "-c", "import sys; from mahjong_core.frontends.cli import main; sys.exit(main())"]
SELECTED = re.compile(r"\bselected\b")
HOUSE = "extends: guobiao\nscoring:\n  minimum: 1\n"         # any winning hand may win


@pytest.fixture(scope="module")
def server():
    """The app with one API worker (the games live in the server itself, not in the workers)."""
    yield from serve(workers=1)


def _start(open_page, ruleset: str, seed: int, size=PHONE, overlay: str | None = None):
    page = open_page(f"play.html?seed={seed}", **size)
    page.select_option("#ruleset", ruleset)
    if overlay is not None:
        page.click("#overlay-box summary")
        page.fill("#overlay", overlay)
    page.click("#new-game")
    expect(page.locator("#game-info")).to_contain_text(f"{seed}")
    expect(page.locator("#hand .tile").first).to_be_visible()
    return page


def _fits(page) -> None:
    """The whole turn is on the screen: nothing to scroll, down or sideways, and the hand's last
    tile ends inside its panel."""
    height, inner, width = page.evaluate(
        "[document.documentElement.scrollHeight, innerHeight, document.documentElement.scrollWidth]")
    tiles = page.locator("#hand .tile")
    if tiles.count():
        panel = page.locator("#board").bounding_box()
        last = tiles.last.bounding_box()
        assert last["x"] + last["width"] <= panel["x"] + panel["width"] - 1, (last, panel)
    if height > inner or width > 390:
        shot(page, "play-scrolls")
        errors = page.locator(".error:visible").all_inner_texts()
        raise AssertionError(f"the turn scrolls on a phone: {width}×{height}px in 390×{inner}; errors: {errors}")


def _check_chows(page) -> None:
    """Each chow offered shows its own three tiles, a run holding the discard."""
    buttons = page.locator("#actions button[data-action='chow']")
    runs = []
    for i in range(buttons.count()):
        tiles = [t.get_attribute("data-tile") for t in buttons.nth(i).locator(".tile").all()]
        assert len(tiles) == 3 and len({t[1] for t in tiles}) == 1
        assert [int(t[0]) for t in tiles] == list(range(int(tiles[0][0]), int(tiles[0][0]) + 3))
        assert page.locator("#prompt .tile").get_attribute("data-tile") in tiles
        runs.append(tuple(tiles))
    assert len(set(runs)) == len(runs)


def _tap_through(page, phone: bool = True, hint_at: int | None = None) -> int:
    """Play to the end as a person: win when the button is there, pass a claim, otherwise tap the
    last tile of the hand (the one just drawn). Returns the number of taps."""
    taps = 0
    while not page.locator("#end").is_visible():
        expect(page.locator("#prompt")).not_to_be_empty()
        if phone:
            _fits(page)
        _check_chows(page)
        if taps == hint_at:
            page.click("#hint-button")
            expect(page.locator("#hint-shanten")).to_be_visible()
            if phone:
                _fits(page)
        before = page.evaluate("document.body.dataset.answers")
        win = page.locator("#actions button[data-action='win']")
        if win.count():
            win.click()
        elif page.locator("#actions button[data-action='pass']").count():
            page.locator("#actions button[data-action='pass']").click()
        else:
            page.locator("#hand button.tile").last.click()
        taps += 1
        assert taps < 200
        _answered(page, before)
    return taps


def _answered(page, before: str) -> None:
    """Wait for the server's answer to the last action (the page counts its answers)."""
    page.wait_for_function("([b]) => document.body.dataset.answers !== b", arg=[before])


def _shown_deltas(page) -> list[int]:
    return [int(page.locator(f"#delta-{s}").inner_text().replace("+", "")) for s in range(4)]


def _download(page, button: str, tmp_path, name: str):
    with page.expect_download() as info:
        page.click(button)
    path = tmp_path / name
    info.value.save_as(path)
    return path


def _settle(record_path, ruleset_path=None) -> list[int]:
    args = CLI + ["settle", "--json", str(record_path)] + (["--ruleset", str(ruleset_path)] if ruleset_path else [])
    proc = subprocess.run(args, capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(proc.stdout)["deltas"]


def _check_end(page, engine, tmp_path, ruleset: str) -> dict:
    """The settlement screen: the deltas shown are what `mahjong settle` pays the downloaded
    record, and each win's fans are the ruleset's score of the record's situation."""
    expect(page.locator("#end-title")).to_be_visible()
    shown = _shown_deltas(page)
    assert sum(shown) == 0
    record_path = _download(page, "#download-record", tmp_path, "record.json")
    record = json.loads(record_path.read_text(encoding="utf-8"))
    assert record["ruleset"] == ruleset and record["play"]["actions"]
    if ruleset == "overlay":
        overlay = _download(page, "#download-overlay", tmp_path, "overlay.yaml")
        assert _settle(record_path, overlay) == shown
        return record
    assert _settle(record_path) == shown
    rules = engine.load_ruleset(ruleset)
    wins = [e for e in record["events"] if e["type"] == "win"]
    assert page.locator("#end .win-box").count() == len(wins)
    for i, event in enumerate(wins):
        scored = rules.score(event["situation"]).to_dict()
        box = page.locator("#end .win-box").nth(i)
        assert box.get_attribute("data-winner") == str(event["seat"])
        assert [r.get_attribute("data-fan") for r in box.locator("tr").all()] == [f["id"] for f in scored["fans"]]
        expect(box.locator(".win-total")).to_have_text(str(scored["total"]))
    return record


# ------------------------------------------------------------------ whole hands, by taps, on a phone
@pytest.mark.parametrize("ruleset, seed", [("guobiao", 3), ("guangdong-tuidaohu", 0), ("popular", 3)])
def test_a_hand_played_by_taps_on_a_phone_reaches_the_settlement(open_page, engine, tmp_path, ruleset, seed):
    page = _start(open_page, ruleset, seed)
    if ruleset != "guobiao":            # the ghost / 混, chosen by the tile turned up at the deal, is on the table
        expect(page.locator("#wild-indicator .tile.wild")).to_have_count(1)
    expect(page.locator("#wall-left")).to_contain_text("Wall")
    boxes = [t.bounding_box() for t in page.locator("#hand .tile").all()]
    assert len(boxes) == 14 and len({b["y"] for b in boxes}) == 1          # the hand on one line…
    assert min(b["width"] for b in boxes) >= 23                              # …each tile wide enough to tap
    shot(page, f"play-{ruleset}-phone")
    taps = _tap_through(page, hint_at=0)
    assert taps > 3
    shot(page, f"play-{ruleset}-end")
    record = _check_end(page, engine, tmp_path, ruleset)
    assert any(e["type"] == "win" for e in record["events"])


def test_the_hint_names_the_best_discards_and_marks_the_best_in_the_hand(open_page, engine):
    page = _start(open_page, "guobiao", 3)
    page.click("#hint-button")
    rows = page.locator("#hint .hint-row")
    expect(rows).to_have_count(3)
    best = rows.first.get_attribute("data-discard")
    expect(page.locator(f"#hand .tile.hinted[data-tile='{best}']")).to_have_count(1)
    shanten = page.locator("#hint-shanten").inner_text()
    assert "ready" in shanten or "from ready" in shanten
    page.locator(f"#hand button.tile[data-tile='{best}']").first.click()     # take the advice: the hint is gone
    expect(page.locator("#hint")).to_be_hidden()


def test_the_review_steps_through_the_hand_forward_and_back(open_page, engine, tmp_path):
    page = _start(open_page, "guobiao", 1)
    _tap_through(page)
    record = json.loads(_download(page, "#download-record", tmp_path, "r.json").read_text(encoding="utf-8"))
    page.click("#review")
    steps = len(record["play"]["actions"])
    expect(page.locator("#review-step")).to_have_text(f"Step 0 of {steps}")
    expect(page.locator("#review-back")).to_be_disabled()
    expect(page.locator("#actions button")).to_have_count(0)             # a review takes no actions
    first = record["play"]["actions"][0]
    page.click("#review-forward")
    expect(page.locator("#review-step")).to_have_text(f"Step 1 of {steps}")
    expect(page.locator("#prompt")).to_contain_text("Discard")
    expect(page.locator("#prompt .tile").first).to_have_attribute("data-tile", first["tile"])
    expect(page.locator(f"[data-pool='{first['seat']}'] .tile")).to_have_count(1)
    page.click("#review-forward")
    page.click("#review-back")
    expect(page.locator("#review-step")).to_have_text(f"Step 1 of {steps}")
    for _ in range(steps - 1):
        page.click("#review-forward")
    expect(page.locator("#review-forward")).to_be_disabled()
    expect(page.locator("#prompt")).to_contain_text("Win")
    page.click("#review-close")
    expect(page.locator("#review-bar")).to_be_hidden()


def test_a_house_overlay_game_settles_under_the_overlay_and_its_errors_show_their_line(open_page, engine, tmp_path):
    page = open_page("play.html?seed=3", **PHONE)
    page.click("#overlay-box summary")
    page.fill("#overlay", "extends: guobiao\nscoring:\n  minimum: [\n")
    page.click("#new-game")
    expect(page.locator("[data-error-for='overlay']")).to_contain_text("overlay:4:")
    expect(page.locator("#board")).to_be_hidden()
    page.fill("#overlay", HOUSE)
    page.click("#new-game")
    expect(page.locator("#game-info")).to_contain_text("overlay")
    expect(page.locator("[data-error-for='overlay']")).to_be_hidden()
    _tap_through(page)
    _check_end(page, engine, tmp_path, "overlay")


def test_the_page_speaks_chinese_after_the_switch(open_page):
    page = _start(open_page, "guobiao", 3)
    expect(page.locator("#hint-button")).to_contain_text("Hint")
    page.click("#lang")
    expect(page.locator("#hint-button")).to_contain_text("提示")
    expect(page.locator("#prompt")).to_contain_text("点一张牌打出")
    expect(page.locator("#nav-play")).to_have_text("打牌")
    expect(page.locator("#me")).to_contain_text("我")
    expect(page.locator("#wall-left")).to_contain_text("余牌")
    while not page.locator("#actions button[data-action='pass']").count():     # seed 3: a claim comes soon
        before = page.evaluate("document.body.dataset.answers")
        page.locator("#hand button.tile").last.click()
        _answered(page, before)
        assert not page.locator("#end").is_visible()
    expect(page.locator("#actions button[data-action='pass']")).to_contain_text("过")
    expect(page.locator("#prompt")).to_contain_text("打出")
    _tap_through(page)
    expect(page.locator("#end-title")).to_have_text("本局结束")
    expect(page.locator("#review")).to_have_text("复盘")
    page.click("#lang")
    expect(page.locator("#end-title")).to_have_text("Hand over")


def test_a_hand_played_with_the_keyboard_alone(open_page, engine, tmp_path):
    page = _start(open_page, "guobiao", 1, size={"width": 1280, "height": 900})
    page.keyboard.press("h")
    expect(page.locator("#hint-shanten")).to_be_visible()
    page.keyboard.press("3")                            # number keys choose a tile, arrows move the choice
    expect(page.locator("#hand .tile").nth(2)).to_have_class(SELECTED)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#hand .tile").nth(3)).to_have_class(SELECTED)
    page.keyboard.press("Escape")                       # no choice: the next ArrowLeft starts from the end
    cycled = False
    for _ in range(200):
        if page.locator("#end").is_visible():
            break
        before = page.evaluate("document.body.dataset.answers")
        if page.locator("#actions button[data-action='win']").count():
            page.keyboard.press("w")
        elif page.locator("#actions button[data-action='pass']").count():
            chows = page.locator("#actions button[data-action='chow']")
            if chows.count() > 1:                       # C focuses each chow in turn (Enter would take it)
                page.keyboard.press("c")
                expect(chows.nth(0)).to_be_focused()
                page.keyboard.press("c")
                expect(chows.nth(1)).to_be_focused()
                cycled = True
            page.keyboard.press("s")
        else:
            page.keyboard.press("ArrowLeft")            # from no choice: the last tile, the one just drawn
            expect(page.locator("#hand .tile.selected")).to_have_count(1)
            page.keyboard.press("Enter")
        _answered(page, before)
    assert cycled, "seed 1 offers two chows at one claim: the test should meet them"
    _check_end(page, engine, tmp_path, "guobiao")
    page.keyboard.press("n")                             # a new hand from the keyboard
    expect(page.locator("#end")).to_be_hidden()


def test_an_action_kind_the_page_never_saw_still_gets_a_button_with_its_tiles_and_choice(open_page):
    """Buttons come from the action JSON: a kind without a label shows its own name, a field
    written as tiles shows the tiles, a suit letter reads as the suit."""
    page = open_page("play.html?seed=3", **PHONE)

    def more_kinds(route):
        response = route.fetch()
        body = response.json()
        body["legal"] += [{"type": "future_step", "seat": 0, "choice": "p"},
                          {"type": "future_swap", "seat": 0, "choice": "129m"}]
        route.fulfill(response=response, json=body)

    page.route("**/api/games", more_kinds)
    page.click("#new-game")
    step = page.locator("#actions button[data-action='future_step']")
    expect(step).to_contain_text("future step dots")
    swap = page.locator("#actions button[data-action='future_swap']")
    expect(swap).to_contain_text("future swap")
    assert [t.get_attribute("data-tile") for t in swap.locator(".tile").all()] == ["1m", "2m", "9m"]
    page.click("#lang")
    expect(step).to_contain_text("future step 筒")
    _fits(page)


def test_many_choices_of_tiles_are_picked_in_the_hand(open_page):
    """A kind offered as many choices of tiles (换三张: any three of a suit) is chosen by tapping
    the tiles in the hand; its one button is enabled when the tapped tiles are a legal choice,
    and it sends that action."""
    page = open_page("play.html?seed=3", **PHONE)
    sent, offered = [], {}

    def choices(route):
        response = route.fetch()
        body = response.json()
        held = [T.name(t) for t in sorted(T.parse_tiles(body["observation"]["hand"]))]
        suit = max("mps", key=lambda s: sum(k[1] == s for k in held))
        offered["kinds"] = [k for k in held if k[1] == suit]
        trios = sorted({trio for s in "mps" for trio in itertools.combinations([k for k in held if k[1] == s], 3)})
        assert len(trios) > 5, "seed 3 deals more than five threes of a suit"
        body["legal"] = [{"type": "future_pick", "seat": 0, "choice": "".join(k[0] for k in trio) + trio[0][1]}
                         for trio in trios]
        route.fulfill(response=response, json=body)

    def capture(route):
        sent.append(route.request.post_data_json)
        route.abort()

    page.route("**/api/games", choices)
    page.route("**/api/games/*/actions", capture)
    page.click("#new-game")
    button = page.locator("#actions button[data-action='future_pick']")
    expect(button).to_have_count(1)                         # one button, not one per choice
    expect(button).to_be_disabled()
    expect(page.locator("#prompt")).to_contain_text("Tap the tiles")
    tiles = page.locator("#hand .tile")
    hand = [t.get_attribute("data-tile") for t in tiles.all()]
    trio = offered["kinds"][:3]                             # the three lowest of the longest suit
    at = [i for i, k in enumerate(hand) if k[1] == trio[0][1]][:3]
    assert [hand[i] for i in at] == trio
    for i in at:
        tiles.nth(i).click()
    expect(page.locator("#hand .tile.picked")).to_have_count(3)
    expect(button).to_be_enabled()
    tiles.nth(at[0]).click()                                # a second tap takes a tile back
    expect(button).to_be_disabled()
    tiles.nth(at[0]).click()
    _fits(page)
    button.click()
    for _ in range(100):                                    # a hang guard while the request is caught
        if sent:
            break
        page.wait_for_timeout(50)
    assert sent == [{"action": {"type": "future_pick", "seat": 0, "choice": "".join(k[0] for k in trio) + trio[0][1]}}]


def test_a_sichuan_hand_opens_with_the_exchange_picked_in_the_hand_and_the_void_then_settles(open_page, engine, tmp_path):
    page = _start(open_page, "sichuan", 3)
    exchange = page.locator("#actions button[data-action='exchange']")
    expect(exchange).to_have_count(1)                               # 换三张: picked in the hand, one button
    _fits(page)
    hand = [t.get_attribute("data-tile") for t in page.locator("#hand .tile").all()]
    suit = max("mps", key=lambda s: sum(k[1] == s for k in hand))
    for i in [i for i, k in enumerate(hand) if k[1] == suit][:3]:   # any three of the longest suit
        page.locator("#hand .tile").nth(i).click()
    before = page.evaluate("document.body.dataset.answers")
    exchange.click()
    _answered(page, before)
    voids = page.locator("#actions button[data-action='void']")     # 定缺: one button per suit
    expect(voids).to_have_count(3)
    expect(voids.first).to_contain_text("Void suit")
    before = page.evaluate("document.body.dataset.answers")
    voids.first.click()
    _answered(page, before)
    expect(page.locator("[data-paid]")).to_have_count(0)            # settle_timing end_of_hand: no money mid-hand
    _tap_through(page)
    _check_end(page, engine, tmp_path, "sichuan")


def test_blood_river_shows_each_seats_money_paid_so_far(open_page):
    page = _start(open_page, "sichuan-xueliu", 1)                  # settle_timing immediate
    expect(page.locator("[data-paid]")).to_have_count(4)
    expect(page.locator("[data-paid='0']")).to_have_text(" 0")


def test_a_fuzhou_hand_of_sixteen_tiles_is_played_by_taps_on_a_phone_to_the_settlement(open_page, engine, tmp_path):
    page = _start(open_page, "fuzhou", 5)
    expect(page.locator("#wild-indicator .tile.wild")).to_have_count(1)     # 开金: the gold turned up at the deal
    boxes = [t.bounding_box() for t in page.locator("#hand .tile").all()]
    assert len(boxes) == 17 and len({b["y"] for b in boxes}) == 1          # 16 + the dealer's 17th (坎门), on one line
    assert min(b["width"] for b in boxes) >= 19.5
    _fits(page)
    shot(page, "play-fuzhou-phone")
    taps = _tap_through(page)                                               # a gold is never offered as a discard
    assert taps > 3
    _check_end(page, engine, tmp_path, "fuzhou")


def test_fuzhou_qiangjin_at_the_opening_is_one_tap_and_settles(open_page, engine, tmp_path):
    # seed 801, hand 0: the dealer (seat 0) holds 12347m 888p 123456778s; once he lets 1m go (his
    # first discard) the face-up gold completes his 16 tiles, so 抢金 is offered to him (and nobody else)
    page = _start(open_page, "fuzhou", 801)
    expect(page.locator("#actions button[data-action='rob_gold']")).to_have_count(0)
    before = page.evaluate("document.body.dataset.answers")
    page.locator("#hand button.tile[data-tile='1m']").click()
    _answered(page, before)
    expect(page.locator("#prompt")).to_contain_text("The face-up gold completes your hand")
    choices = page.locator("#actions button[data-action='rob_gold']")
    expect(choices).to_have_count(2)
    expect(choices.first).to_contain_text("Rob the gold: win")
    expect(choices.nth(1)).to_contain_text("Let the gold lie")
    _fits(page)
    before = page.evaluate("document.body.dataset.answers")
    choices.first.click()
    _answered(page, before)
    record = _check_end(page, engine, tmp_path, "fuzhou")
    win = next(e for e in record["events"] if e["type"] == "win")
    assert win["seat"] == 0 and win["situation"]["extras"] == {"robbing_gold": True}
    assert _shown_deltas(page)[0] > 0
