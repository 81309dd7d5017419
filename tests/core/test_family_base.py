"""Family bases (``family_base: true``): a file several rulesets extend for the options (each
declared once) and settings they share. It is never listed, never a page of docs/rulesets, and
loading it on its own is a ruleset_error naming the rulesets that extend it. And options a ruleset
does not set: reading one is a ruleset_error naming the file and the option, never a KeyError."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from mahjong_core import MahjongError, RulesetError, default_engine, load_ruleset
from mahjong_core.tools import rulesdoc
from mahjong_core.engine.registry import Engine

from harness import needs, run_cli
from testpaths import GUANGDONG_DATA, MINI
from house_plugins import club_plugin

DATA = GUANGDONG_DATA
# mini without its own options: they come from the family base
MEMBER = MINI.read_text(encoding="utf-8").replace("options: {house_flag: false}\noption_types: {house_flag: bool}\n", "")
BASE = "family_base: true\noptions:\n  house_flag: false     # the house switch [C]\noption_types:\n  house_flag: bool\n"


@pytest.fixture
def family(tmp_path):
    """(engine, folder): ``house-base`` (a family base) and ``house-a``, ``house-b`` extending it."""
    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "house-base.yaml").write_text(BASE, encoding="utf-8")
    (folder / "house-a.yaml").write_text("extends: house-base\n" + MEMBER, encoding="utf-8")
    (folder / "house-b.yaml").write_text("extends: house-a\noptions:\n  house_flag: true\n", encoding="utf-8")
    return Engine(plugins=[club_plugin(folder)], entry_points=False), folder


def test_a_member_plays_the_base_options_and_an_overlay_sets_them(family):
    engine, folder = family
    a, b = engine.load_ruleset("house-a"), engine.load_ruleset("house-b")
    assert a.options == {"house_flag": False} and b.options == {"house_flag": True}
    assert a.where("options.house_flag") == "house-base: options.house_flag"
    assert a._resolved.family_bases == ("house-base",) and "family_base" not in a.data


def test_a_family_base_is_not_listed_and_loading_it_names_who_extends_it(family):
    engine, folder = family
    names = [n for n, _ in engine.ruleset_names()]
    assert {"house-a", "house-b"} <= set(engine.ruleset_files()) and {"house-a", "house-b"} <= set(names)
    assert "house-base" not in engine.ruleset_files() and "house-base" not in names
    assert set(engine.family_bases()) == {"house-base", "guangdong-base"}
    for asked in ("house-base", folder / "house-base.yaml"):
        with pytest.raises(RulesetError) as info:
            engine.load_ruleset(asked)
        assert "a family base" in str(info.value) and "load one that extends it (house-a)" in str(info.value)


def test_family_base_must_be_a_bool(tmp_path):
    path = tmp_path / "odd.yaml"
    path.write_text("family_base: yes please\noptions: {x: 1}\noption_types: {x: int}\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"odd.yaml:1: 'family_base' must be true or false, got 'yes please'"):
        Engine(entry_points=False).load_ruleset(path)


def test_guangdong_base_is_refused_by_the_cli_and_left_out_of_listings_and_pages():
    rc, out, err = run_cli(["score", "--ruleset", "guangdong-base", "123m456p789s1122z", "1z"])
    assert rc == 2 and "Traceback" not in out + err
    assert err.startswith("error [ruleset_error]: guangdong-base: family_base: a family base") and \
        "(guangdong, guangdong-bao, guangdong-lianhua, guangdong-tuidaohu)" in err
    rc, out, _ = run_cli(["rulesets", "--json"])
    assert rc == 0 and "guangdong-base" not in {r["name"] for r in json.loads(out)}
    engine = default_engine()
    assert "guangdong-base" not in rulesdoc.shipped_names(engine)
    page = rulesdoc.render(engine.load_ruleset("guangdong-tuidaohu"))
    assert "extends `guangdong-base` (family base `rulesets/guangdong-base.yaml`)" in page
    # each option with its value, every file:line that sets it and the source tags beside them
    assert ("| `kong_bloom_full_pay` | `false` | true or false | `rulesets/guangdong-base.yaml:"
            in page) and "`rulesets/guangdong-tuidaohu.yaml:" in page and "no 包 [B]" in page


def test_diff_compares_a_ruleset_with_its_base_but_never_with_a_family_base():
    rc, out, err = run_cli(["diff", "guangdong"])
    assert rc == 2 and "Traceback" not in out + err
    assert "'guangdong' extends only the family base 'guangdong-base'" in err and "name a second ruleset" in err
    rc, out, err = run_cli(["diff", "guangdong-100"])          # against guangdong, as before
    assert rc == 0 and out.startswith("a  guangdong: ") and "+ option" not in out
    rc, out, err = run_cli(["diff", "guangdong", "guangdong-lianhua"])
    assert rc == 0 and "~ option unit: 20 → 100" in out.splitlines()


def test_a_club_overlay_of_guangdong_still_extends_it(tmp_path):
    path = tmp_path / "club.yaml"
    path.write_text("extends: guangdong\noptions:\n  horses: 6\n  follow_dealer: true\n", encoding="utf-8")
    rules = load_ruleset(path)
    assert rules._resolved.chain == ("guangdong-base", "guangdong", "club")
    assert (rules.options["horses"], rules.options["unit"], rules.options["follow_dealer"]) == (6, 20, True)


def _root_without(option: str, tmp_path: Path) -> Path:
    """``guangdong`` written out as one root file (no ``extends``) lacking ``option``."""
    data = json.loads(json.dumps(dict(load_ruleset("guangdong").data), default=str))
    del data["options"][option], data["option_types"][option]
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def test_a_root_ruleset_lacking_an_option_its_settlement_reads_is_a_ruleset_error(tmp_path):
    path = _root_without("horse_table", tmp_path)
    rules = load_ruleset(path)                         # loads: nothing it sets is wrong
    line = path.read_text(encoding="utf-8").splitlines().index("options:") + 1
    record = DATA / "guangdong_records.yaml"
    case = yaml.safe_load(record.read_text(encoding="utf-8"))["cases"][0]["record"]
    with pytest.raises(RulesetError) as info:
        rules.settle(case)
    assert str(info.value).startswith(f"{path}:{line}: ruleset 'mine' does not set option 'horse_table'")
    rec = tmp_path / "record.json"
    rec.write_text(json.dumps(case), encoding="utf-8")
    rc, out, err = run_cli(["settle", "--ruleset", path, rec])
    assert rc == 2 and "Traceback" not in out + err and err.startswith("error [ruleset_error]:")
    assert "does not set option 'horse_table'" in err


def test_a_missing_field_of_a_map_option_names_the_field(tmp_path):
    rules = load_ruleset("guangdong")
    with pytest.raises(RulesetError, match=r"does not set option 'kong_money\.exposed'.*did you mean 'exposed_from_feeder'"):
        rules.options["kong_money"]["exposed"]
    assert rules.options.get("nothing", 7) == 7 and "nothing" not in rules.options
    with pytest.raises(MahjongError, match="does not set option 'nothing'"):
        rules.options["nothing"]



def test_the_web_lists_no_family_base_refuses_it_by_name_and_resolves_overlays_through_it(tmp_path):
    test_client = needs("starlette.testclient", "pip install -e '.[web]'").TestClient
    from mahjong_core.frontends.web import app as web

    engine = default_engine()
    hand = {"hand": "234m567p123s111z9s", "win_tile": "9s", "self_drawn": True}
    text = "extends: guangdong\noptions:\n  self_draw_double: true\n"
    path = tmp_path / "club.yaml"
    path.write_text(text, encoding="utf-8")
    with test_client(web.create_app(engine, workers=1)) as client:
        listed = {r["name"] for r in client.get("/api/rulesets").json()}
        assert "guangdong" in listed and "guangdong-base" not in listed
        r = client.post("/api/score", json={"ruleset": "guangdong-base", "situation": hand})
        assert r.status_code >= 400 and r.json()["error"]["code"] == "ruleset_error"
        assert "a family base" in r.json()["error"]["message"]
        r = client.post("/api/score", json={"ruleset": "guangdong", "overlay": text, "situation": hand})
        same = dict(load_ruleset(path).score(hand).to_dict(), ruleset="overlay")
        assert r.status_code == 200 and r.json() == same
