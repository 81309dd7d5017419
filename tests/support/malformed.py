"""Junk for the hardening tests: the error codes an answer may carry, the shipped rulesets, nasty
values, situations with one to three fields broken, and overlays no loader should accept."""
from __future__ import annotations

import random

from mahjong_core.engine.config import is_family_base
from mahjong_core.engine.hand import MELD_FIELDS, SITUATION_FIELDS

from handgen import random_situation
from testpaths import RULESETS

CODES = {"invalid_tile", "wrong_tile_count", "too_many_copies", "invalid_meld", "invalid_situation",
         "not_winning", "below_minimum", "unknown_ruleset", "ruleset_error"}
SHIPPED = sorted(p.stem for p in RULESETS.glob("*.yaml") if not is_family_base(p))

NASTY = [None, True, False, 0, 1, -1, 1.5, float("nan"), float("inf"), -float("inf"), 10 ** 400,
         -(10 ** 400), "", " ", "1m", "0m", "10p", "1f", "5z", "E", "X", "\ud800", "🀄", "m" * 5000,
         "1m" * 3000, [], {}, [[[[[[[[[[]]]]]]]]]], {"a": {"b": {"c": {"d": {}}}}}, ["1m"], {"1m": 1},
         "left", "across", "right", "pung", "kong", "chow", "123m", "5555p"]


def deep(n: int):
    value: object = "1m"
    for _ in range(n):
        value = [value]
    return value


def mutate(rng: random.Random, data: dict, fields, draw_junk) -> dict:
    """One to three changes to a JSON object: a field set to junk, removed, or a new key."""
    out = dict(data)
    for _ in range(rng.randint(1, 3)):
        r = rng.random()
        if r < 0.5:
            out[rng.choice(list(fields))] = draw_junk()
        elif r < 0.7 and out:
            out.pop(rng.choice(list(out)))
        elif r < 0.8:
            out[rng.choice(["id", "x", "Hand", "win", "extra", "ruleset", "type"])] = draw_junk()
        else:
            out[rng.choice(list(fields))] = deep(rng.choice([50, 900, 5000]))
    return out


def malformed_situation(rng: random.Random, draw_junk) -> object:
    r = rng.random()
    if r < 0.05:
        return draw_junk()
    sit = random_situation(rng)
    if r < 0.15:
        return sit
    if r < 0.35 and sit.get("melds"):
        melds = [dict(m) for m in sit["melds"]]
        i = rng.randrange(len(melds))
        melds[i] = mutate(rng, melds[i], MELD_FIELDS, draw_junk)
        return dict(sit, melds=melds)
    return mutate(rng, sit, SITUATION_FIELDS, draw_junk)


RAW_OVERLAYS = [
    b"a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
    b"c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
    b"e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
    b"g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]\nh: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]\n",
    b"extends: %s\nscoring: {minimum: .nan}\n",
    b"extends: %s\nscoring: {minimum: .inf}\n",
    b"extends: %s\nscoring: {minimum: '8'}\n",
    b"extends: %s\ntitle: \xff\xfe\n",
    b"extends: %s\n" + b"x: " + b"[" * 20000 + b"]" * 20000 + b"\n",
    b"extends: %s\n\t- broken\n",
    b"root:x:0:0:root:/root:/bin/bash\n",
    b"- just\n- a list\n",
    b"extends: /etc/passwd\n",
    b"extends: %s\n!!python/object/apply:os.system ['true']\n",
]
