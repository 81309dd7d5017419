"""The kong book (mahjong_core.engine.settle.KongBook): each seat's kongs, chains linked by a kong's
``after_kong``, robbed added kongs that never complete, and who fed the kong a win was drawn on;
the record checks of ``after_kong`` on a kong and of the kong a win follows or robs; Sichuan's
点杠花 through it."""
from __future__ import annotations

import pytest

import mahjong_core
from mahjong_core import SettlementError
from mahjong_core.plugin import KongBook
from mahjong_core.engine.settle.kongs import check_kong_wins, robbed_kongs
from mahjong_core.engine.records import parse_record

ROB_SIT = {"hand": "123m456m789m11p23p", "win_tile": "4p", "robbing_kong": True}


def kong(seat, kind, tile, **more):
    return {"type": "kong", "seat": seat, "kind": kind, "tile": tile, **more}


def win(seat, after_kong=None, **more):
    sit = {"hand": "123p456p9m", "win_tile": "9m",
           "melds": [{"type": "kong", "tiles": "6666m", "concealed": False},
                     {"type": "kong", "tiles": "7777m", "concealed": True}]}
    if after_kong is not None:
        sit["after_kong"] = after_kong
    return {"type": "win", "seat": seat, "situation": sit, **more}


def book_of(*events):
    """The record and its kong book after every kong event was booked, as a replayer does."""
    record = parse_record({"events": list(events)})
    book = KongBook(record)
    for e in record.events:
        if e.type == "kong":
            book.add(e)
    return record, book


def test_single_kong_chain_and_its_exposed_feeder():
    record, book = book_of(kong(0, "exposed", "6m", **{"from": 2}), win(0, after_kong=True))
    w = record.events[-1]
    assert [k.event.index for k in book.chain(w)] == [0]
    assert book.feeder(w) == 2
    assert [k.label for k in book.of(0)] == ["exposed kong 6m"] and book.of(1) == []


def test_kong_on_kong_chain_is_fed_by_its_first_kong():
    record, book = book_of(kong(0, "exposed", "6m", **{"from": 3}), kong(0, "concealed", "7m", after_kong=True),
                           win(0, after_kong=2))
    w = record.events[-1]
    chain = book.chain(w)
    assert [(k.kind, k.on_kong) for k in chain] == [("exposed", False), ("concealed", True)]
    assert book.feeder(w) == 3


@pytest.mark.parametrize("first", [kong(0, "concealed", "6m"), kong(0, "added", "6m")])
def test_a_chain_begun_by_a_concealed_or_added_kong_has_no_feeder(first):
    record, book = book_of(first, kong(0, "concealed", "7m", after_kong=True), win(0, after_kong=2))
    assert len(book.chain(record.events[-1])) == 2
    assert book.feeder(record.events[-1]) is None
    record, book = book_of(first, win(0, after_kong=1))
    assert book.feeder(record.events[-1]) is None


def test_a_discard_between_two_kongs_breaks_the_chain():
    """Without ``after_kong`` the second kong begins its own chain: a win on it was drawn on one
    kong, and naming two is an error."""
    record, book = book_of(kong(0, "exposed", "6m", **{"from": 3}), kong(0, "concealed", "7m"), win(0, after_kong=1))
    assert [k.event.index for k in book.chain(record.events[-1])] == [1]
    assert book.feeder(record.events[-1]) is None
    record, book = book_of(kong(0, "exposed", "6m", **{"from": 3}), kong(0, "concealed", "7m"), win(0, after_kong=2))
    with pytest.raises(SettlementError) as info:
        book.feeder(record.events[-1])
    assert info.value.message == ("events[2] (win): situation.after_kong is 2, but seat 0's kong at events[1] (kong) "
                                  "was not made on the replacement tile of the one before (its 'after_kong' is "
                                  "not true)")


def test_naming_fewer_kongs_than_the_chain_is_an_error():
    record, book = book_of(kong(0, "exposed", "6m", **{"from": 3}), kong(0, "concealed", "7m", after_kong=True),
                           win(0, after_kong=True))
    with pytest.raises(SettlementError, match=r"^events\[2\] \(win\): situation.after_kong is 1, but .* events\[1\] "
                                              r"\(kong\) was made on the replacement tile of an earlier kong"):
        book.feeder(record.events[-1])


@pytest.mark.parametrize("junk", ["2", 1.5, -1])
def test_after_kong_of_a_win_must_be_a_flag_or_a_count(junk):
    record, book = book_of(kong(0, "exposed", "6m", **{"from": 3}), win(0, after_kong=junk))
    with pytest.raises(SettlementError, match=r"^events\[1\] \(win\): situation.after_kong must be true/false or a "
                                              r"count of kongs, got"):
        book.feeder(record.events[-1])


def test_no_chain_without_after_kong_or_without_the_kongs_in_the_record():
    record, book = book_of(kong(0, "exposed", "6m", **{"from": 3}), win(0))
    assert book.chain(record.events[-1]) is None and book.feeder(record.events[-1]) is None
    record, book = book_of(win(0, after_kong=True))          # the record shows no kong of seat 0
    assert book.feeder(record.events[-1]) is None


def test_a_robbed_kong_never_completes():
    record, book = book_of(kong(1, "added", "4p"), {"type": "win", "seat": 0, "from": 1, "situation": ROB_SIT},
                           {"type": "win", "seat": 2, "from": 1, "situation": ROB_SIT})
    assert book.robbed == {0}
    assert book.add(record.events[0]) is None
    assert book.of(1) == [] and book.kongs == []


def test_only_an_added_kong_of_the_robbed_tile_can_be_robbed():
    record = parse_record({"events": [kong(1, "concealed", "4p"),
                                      {"type": "win", "seat": 0, "from": 1, "situation": ROB_SIT}]})
    with pytest.raises(SettlementError) as info:
        KongBook(record)
    assert info.value.message == ("events[1] (win): only an added kong (面下杠) can be robbed; events[0] (kong) is a "
                                  "concealed kong of 4p, the robbing win takes 4p")


def test_a_rule_may_let_exposed_kongs_be_robbed_too():
    """明杠可抢: ``KongBook(record, robbable)`` takes an exposed kong before a robbing win."""
    events = [kong(1, "exposed", "4p", **{"from": 2}), {"type": "win", "seat": 0, "from": 1, "situation": ROB_SIT}]
    record = parse_record({"events": events})
    book = KongBook(record, ("added", "exposed"))
    assert book.robbed == {0} and book.add(record.events[0]) is None
    with pytest.raises(SettlementError, match="only an added kong"):
        KongBook(record)


@pytest.mark.parametrize("events, where", [
    ([kong(1, "added", "7s"), {"type": "win", "seat": 3, "from": 2, "situation": ROB_SIT}],
     "events[0] (kong), not a kong of seat 2"),
    ([{"type": "win", "seat": 3, "from": 2, "situation": ROB_SIT}], "none"),
])
def test_a_robbing_win_needs_the_robbed_seats_kong_just_before_it(events, where):
    """A win robbing a kong follows the robbed seat's kong event (the one rule for every family:
    no robbing win settles on a kong the record does not show)."""
    with pytest.raises(SettlementError) as info:
        book_of(*events)
    assert info.value.message == (f"events[{len(events) - 1}] (win): situation.robbing_kong: seat 3 robs seat 2's "
                                  f"kong of 4p, but the event just before is {where} (the robbed kong is a kong "
                                  f"event of seat 2 right before the robbing win)")


def _checked(*events, bonus_bloom=False):
    record = parse_record({"events": list(events)})
    check_kong_wins(record, robbed_kongs(record), bonus_bloom)
    return record


@pytest.mark.parametrize("events", [
    [win(0, after_kong=True)],                                                   # no kong at all
    [kong(1, "concealed", "1s"), win(0, after_kong=True)],                      # another seat's kong
    [kong(0, "concealed", "7m"), kong(1, "concealed", "1s"), win(0, after_kong=True)],    # not the last kong
    [kong(0, "added", "1s"), {"type": "win", "seat": 1, "from": 0, "situation": {
        "hand": "456s789s123p55p23s", "win_tile": "1s", "robbing_kong": True}}, win(0, after_kong=True)],                                                  # robbed: never completed
])
def test_a_win_after_a_kong_needs_its_winners_kong_just_before_it(events):
    with pytest.raises(SettlementError) as info:
        _checked(*events)
    assert info.value.message.startswith(f"events[{len(events) - 1}] (win): situation.after_kong says seat 0 won "
                                         f"on a kong's replacement tile, but the last kong before the win is not a "
                                         f"completed kong of seat 0")


def test_a_win_after_n_kongs_needs_n_kongs_of_its_winner():
    _checked(kong(0, "exposed", "6m", **{"from": 3}), kong(0, "concealed", "7m", after_kong=True), win(0, after_kong=2))
    with pytest.raises(SettlementError) as info:
        _checked(kong(0, "concealed", "7m"), win(0, after_kong=2))
    assert info.value.message == ("events[1] (win): situation.after_kong is 2, but the record shows 1 completed "
                                  "kong(s) of seat 0 before the win")


def test_a_bonus_replacement_bloom_needs_no_kong():
    """table.bonus_replacement_bloom: a win listing a set-aside bonus tile in ``flowers`` may be
    ``after_kong`` with no kong before it, and then was drawn on no chain."""
    bloom = win(0, after_kong=1)
    bloom["situation"]["flowers"] = "7z"
    record = _checked(kong(0, "exposed", "6m", **{"from": 3}), kong(1, "concealed", "5m"), bloom, bonus_bloom=True)
    book = KongBook(record)
    for e in record.events[:2]:
        book.add(e)
    assert book.chain(record.events[2]) is None and book.feeder(record.events[2]) is None
    with pytest.raises(SettlementError, match="under table.bonus_replacement_bloom, a set-aside bonus tile"):
        _checked(win(0, after_kong=1), bonus_bloom=True)
    with pytest.raises(SettlementError, match=r"events\[0\] \(win\): situation.after_kong says seat 0"):
        _checked(bloom)


@pytest.mark.parametrize("event, message", [
    (kong(0, "exposed", "6m"), "events[0] (kong): an exposed kong names the discarder in 'from'"),
    (kong(0, "added", "6m", **{"from": 1}), "events[0] (kong): only an exposed kong has 'from' (a added kong uses "
                                              "the owner's own tile)"),
])
def test_a_kong_names_its_feeder_exactly_when_exposed(event, message):
    record = parse_record({"events": [event]})
    with pytest.raises(SettlementError) as info:
        KongBook(record).add(record.events[0])
    assert info.value.message == message


@pytest.mark.parametrize("events, message", [
    ([kong(0, "concealed", "7m", after_kong=True)],
     "events[0] (kong): 'after_kong' marks a kong made on the replacement tile of seat 0's kong just before it, "
     "but it is the first event"),
    ([kong(1, "concealed", "6m"), kong(0, "concealed", "7m", after_kong=True)],
     "events[1] (kong): 'after_kong' marks a kong made on the replacement tile of seat 0's kong just before it, "
     "but events[0] (kong) is not a kong of seat 0"),
    ([kong(0, "concealed", "6m"), kong(0, "exposed", "7m", after_kong=True, **{"from": 2})],
     "events[1] (kong): 'after_kong' marks a kong made on a replacement tile, and an exposed kong claims a discard"),
    ([kong(0, "concealed", "6m", after_kong=1)], "events[0] (kong): field 'after_kong' must be true or false, got 1"),
])
def test_after_kong_on_a_kong_is_checked_with_the_record(events, message):
    with pytest.raises(SettlementError) as info:
        parse_record({"events": events})
    assert info.value.message == message


@pytest.fixture(scope="module")
def as_discard(tmp_path_factory):
    path = tmp_path_factory.mktemp("house") / "dgh.yaml"
    path.write_text("extends: sichuan\noptions: {dian_gang_hua: as_discard}\n", encoding="utf-8")
    return mahjong_core.load_ruleset(path)


def test_sichuan_kong_on_kong_bloom_is_paid_by_the_first_kongs_feeder(as_discard):
    record = {"events": [kong(0, "exposed", "6m", **{"from": 2}), kong(0, "concealed", "7m", after_kong=True),
                         win(0, after_kong=2)]}
    out = as_discard.settle(record)
    bloom = [p for p in out.payments if "点杠花" in p.reason]
    assert [(p.payer, p.payee) for p in bloom] == [(2, 0)]
    assert out.deltas[1] == out.deltas[3] == -2                 # only the concealed kong's money
    plain = as_discard.settle({"events": [kong(0, "concealed", "6m"), kong(0, "concealed", "7m", after_kong=True),
                                          win(0, after_kong=2)]})
    assert not any("点杠花" in p.reason for p in plain.payments)
    assert {p.payer for p in plain.payments if "自摸" in p.reason} == {1, 2, 3}


FAMILIES = ("guangdong", "guangdong-tuidaohu", "guangdong-lianhua", "guangdong-bao", "guangdong-jipinghu",
            "guangdong-100", "fuzhou", "fuzhou-classic", "sichuan", "sichuan-xueliu", "popular", "guobiao")


@pytest.mark.parametrize("name", FAMILIES)
def test_every_family_refuses_a_win_after_a_kong_the_record_does_not_show(name):
    """A win on a kong's replacement tile with no kong event of its winner before it used to
    settle as a plain self-draw (in Guangdong the 杠爆全包 and the kong money vanished): the
    record is refused naming the win, in every family (the check is the core replayer's)."""
    rules = mahjong_core.load_ruleset(name)
    record = {"dealer": 0, "events": [kong(2, "concealed", "1s"), win(0, after_kong=True)]}
    with pytest.raises(SettlementError) as info:
        rules.settle(record)
    assert info.value.code == "invalid_situation"
    assert info.value.message.startswith("events[1] (win): situation.after_kong says seat 0 won on a kong's "
                                         "replacement tile")


@pytest.mark.parametrize("name", FAMILIES)
def test_every_family_refuses_a_robbing_win_without_the_robbed_kong(name):
    rules = mahjong_core.load_ruleset(name)
    record = {"dealer": 0, "events": [{"type": "win", "seat": 0, "from": 1, "situation": ROB_SIT}]}
    with pytest.raises(SettlementError) as info:
        rules.settle(record)
    assert info.value.code == "invalid_situation"
    assert info.value.message.startswith("events[0] (win): situation.robbing_kong: seat 0 robs seat 1's kong of 4p")
