"""`mahjong fans`: each fan's amount in its unit and its tier; the ruleset as RULESET or --ruleset."""
from __future__ import annotations

from harness import run_cli


def _rows(out: str) -> dict:
    """fan id → (amount shown, the indented lines under it)."""
    rows, last = {}, None
    for line in out.splitlines()[2:]:
        if line.startswith("    "):
            rows[last][1].append(line.strip())
        else:
            last = line.split()[0]
            rows[last] = (line.split()[1], [])
    return rows


def test_amounts_show_their_unit_and_tiers_are_named():
    rc, out, err = run_cli(["fans", "fuzhou"])
    assert (rc, err) == (0, "")
    rows = _rows(out)
    assert rows["flowers"][0] == "1"                 # points
    assert rows["self_draw"][0] == "×2^1"            # a doubling
    assert rows["tianhu"][0] == "+40"                # a bonus
    assert "tier special (only the highest of the tier counts)" in rows["tianhu"][1]
    assert not any(line.startswith("tier") for line in rows["flowers"][1])


def test_sichuan_patterns_are_doublings_in_the_base_tier():
    rc, out, _ = run_cli(["fans", "sichuan"])
    rows = _rows(out)
    assert rc == 0 and rows["qingyise"][0] == "×2^2"
    assert "tier base (only the highest of the tier counts)" in rows["qingyise"][1]


def test_the_ruleset_may_be_given_as_the_other_commands_take_it():
    assert run_cli(["fans", "--ruleset", "fuzhou"])[1] == run_cli(["fans", "fuzhou"])[1]


def test_one_ruleset_must_be_named():
    for argv in (["fans"], ["fans", "guobiao", "--ruleset", "sichuan"]):
        rc, out, err = run_cli(argv)
        assert rc == 2 and "name one ruleset, as RULESET or --ruleset RULESET" in err, argv
