"""Helpers shared by the Sichuan tests: golden case files and house-rule overlays."""
from __future__ import annotations

import hashlib
import json
import tempfile
from pathlib import Path

import yaml

import mahjong_core

CASES = Path(__file__).parent / "cases"
_OVERLAY_DIR = Path(tempfile.mkdtemp(prefix="sichuan-overlays-"))


def load_cases(name: str) -> list[dict]:
    with open(CASES / name, encoding="utf-8") as f:
        return yaml.safe_load(f)


def ruleset(name: str = "sichuan", overlay: dict | None = None):
    """The named ruleset, or a house overlay of it written to a temporary YAML file."""
    if not overlay:
        return mahjong_core.load_ruleset(name)
    blob = json.dumps([name, overlay], sort_keys=True).encode()
    path = _OVERLAY_DIR / f"house-{hashlib.sha256(blob).hexdigest()[:12]}.yaml"
    if not path.exists():
        path.write_text(yaml.safe_dump({"extends": name, **overlay}, allow_unicode=True), encoding="utf-8")
    return mahjong_core.load_ruleset(path)
