"""House overlays of guobiao that switch single fans off still score what remains."""
from __future__ import annotations

import mahjong_core

T16 = {"hand": "123p456p7s", "win_tile": "7s",
       "melds": [{"type": "kong", "tiles": "1111m", "claimed": "1m", "from": "left"},
                 {"type": "kong", "tiles": "9999s", "concealed": True}]}


def test_disabling_the_combined_kong_fan_scores_melded_and_concealed_kong(tmp_path):
    overlay = tmp_path / "no-mingan.yaml"
    overlay.write_text("extends: guobiao\nfans:\n  concealed_kong_and_melded_kong: {enabled: false}\n",
                       encoding="utf-8")
    base = mahjong_core.load_ruleset("guobiao").score(T16, enforce_minimum=False)
    house = mahjong_core.load_ruleset(str(overlay)).score(T16, enforce_minimum=False)
    assert "concealed_kong_and_melded_kong" in base.fan_ids()
    # 明暗杠 5 becomes 明杠 1 + 暗杠 2: the total drops by 2
    assert {"melded_kong", "concealed_kong"} <= set(house.fan_ids())
    assert "concealed_kong_and_melded_kong" not in house.fan_ids()
    assert house.total == base.total - 2
