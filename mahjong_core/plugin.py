"""Everything a plugin needs, in one import.

    from mahjong_core.plugin import hookimpl, fan_check, fan_checks

``hookimpl`` marks a hook (``mahjong_core.engine.hookspecs`` lists them, each with an example); the
records are what the registration hooks return; ``FanContext``, ``Decomposition``, ``Group``
and ``ShapeInput`` are what checks and shapes read; ``Situation``/``Meld`` a parsed hand,
``Record``/``Event`` a checked game record, ``Payment`` what a settlement yields (``Why``/``why``:
its reason as data, said in English or Chinese with the players' names), ``Replayer``
(with ``InPlay``, ``KongBook``/``Kong``, ``Change``, ``Field``) what it is written with; the error
classes are what a plugin raises to refuse an input (each with its contract ``code``).
Beside them: ``tiles`` (the tile vocabulary: kind numbers, ``name``, ``parse_tiles``, the
constant sets), ``win_method`` and ``parse_situation`` (a hand as a settlement reads it),
``exact``/``number``/``plain`` (exact money: a settlement's amounts are fractions, never floats),
``wilds_held``, and for shape authors ``standard`` (the n-sets-and-a-pair search), ``sets_fit``
(whether counts and wilds make given sets and a pair, without the readings), ``NEVER``
(a shanten the hand can never reach), ``Body`` (a fixed body of tiles beside sets and a pair:
its shanten, its shanten after each draw, its useful draws), the per-suit records a fast
``shanten`` reads (``hand_suits``) and a bounded memo of answers per record (``suit_memo``,
written through ``remember``: a long-running process keeps meeting new suits), the wait helpers (``standard_waits``,
``suit_waits``, ``suit_complete``), and for a fast scorer (``mahjong_fast_scorer``) the
standard splits of a count vector (``standard_splits``) and whether a plugin's own compiled code
may answer (``use_compiled``: not under ``MAHJONG_CORE_PURE=1``) and ``sha256_hex`` (a digest,
without loading OpenSSL at start-up); ``TailAnswers``, what ``mahjong_tail_answers`` returns.
``rl_env`` makes the table's PettingZoo environment (the ``rl`` extra; docs/rl.md), for a script
that trains or tests bots.

Plugins and the example import nothing else from ``mahjong_core`` (a test walks their imports).
The names here are the plugin interface: they stay, wherever their code lives. Each is imported
from its engine module when first read (``from mahjong_core.plugin import X`` as usual), so a
plugin costs only the parts of the engine it names.
"""
from __future__ import annotations

from importlib import import_module

# where each name lives: engine module → the names read from it (``__getattr__`` imports it on
# first use, so a plugin that only scores never imports the settlement toolkit or the analyser)
_FROM = {
    "errors": ("BelowMinimumError", "HandError", "IllegalActionError", "InvariantError", "MahjongError",
               "NotWinningError", "PluginError", "ResourceError", "RulesetError", "SettlementError", "TileError",
               "UnknownRulesetError", "UnsupportedError", "did_you_mean", "show"),
    "fans": ("Alternatives", "Fan", "FanCheck", "FanContext", "fan_check", "fan_checks"),
    "hand": ("Meld", "Situation", "parse_situation", "win_method"),
    "hookspecs": ("SettlementRule", "TailAnswers", "TileSet", "ValueFormula", "WinShape", "hookimpl"),
    "declarations": ("SituationField", "Validator"),
    "flows": ("OpeningStep", "TableFlow"),
    "records": ("Event", "Field", "Record"),
    "settle": ("Change", "InPlay", "Kong", "KongBook", "Replayer"),
    "settle.money": ("Payment", "Why", "why", "exact", "number", "plain"),
    "shapes": ("Decomposition", "Group", "ShapeInput", "Body", "sets_fit", "standard", "standard_splits"),
    "shapes.suits": ("NEVER", "hand_suits", "remember", "suit_memo"),
    "shapes.kernel": ("use_compiled",),
    "digest": ("sha256_hex",),
    "tiles": ("format_tiles", "parse_tiles"),
    "waits": ("standard_waits", "suit_complete", "suit_waits"),
}
_HOME = {name: (module, name) for module, names in _FROM.items() for name in names}
_HOME["wilds_held"] = ("wilds", "held")
_HOME["tiles"] = ("tiles", None)            # the module itself: the tile vocabulary

__all__ = [
    # the hook marker and what the registration hooks return
    "hookimpl", "TileSet", "WinShape", "FanCheck", "SettlementRule", "ValueFormula",
    # a fan check declared beside its function, and a module's declared checks
    "fan_check", "fan_checks",
    # what a fan check reads and returns
    "FanContext", "Alternatives", "Fan", "Decomposition", "Group",
    # what a win shape reads; a parsed hand
    "ShapeInput", "Situation", "Meld",
    # what a settlement reads and returns, and the toolkit it is written with
    "Record", "Event", "Field", "Payment", "Why", "why", "Replayer", "Change", "InPlay", "Kong", "KongBook",
    # errors a plugin raises, and the helpers its messages use
    "MahjongError", "TileError", "HandError", "NotWinningError", "BelowMinimumError", "RulesetError",
    "UnknownRulesetError", "PluginError", "SettlementError", "ResourceError", "did_you_mean", "show",
    # the table (docs/table.md): a family's flow (mahjong_table_flow) and the table's errors
    "TableFlow", "OpeningStep", "IllegalActionError", "UnsupportedError", "InvariantError",
    # tile notation
    "parse_tiles", "format_tiles",
    # declared situation fields and validators named from YAML
    "SituationField", "Validator",
    # the tile vocabulary; a hand as a settlement reads it; exact money; wilds
    "tiles", "win_method", "parse_situation", "exact", "number", "plain", "wilds_held",
    # the shape author's kit: the standard search, a body beside sets and a pair, per-suit records, waits
    "standard", "sets_fit", "NEVER", "Body", "hand_suits", "suit_memo", "remember", "standard_waits", "suit_waits",
    "suit_complete",
    # the standard splits of a count vector, for a fast scorer; whether compiled code may answer; a digest
    "standard_splits", "use_compiled", "sha256_hex",
    # a plugin's answers to tail checks for a hand's readings at once (mahjong_tail_answers)
    "TailAnswers",
    # the table as a learning environment
    "rl_env",
]


def __getattr__(name: str):
    """A door name, imported from its engine module when first read (PEP 562); then kept here."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'mahjong_core.plugin' has no attribute '{name}'")
    module = import_module(f"mahjong_core.engine.{home[0]}")
    value = module if home[1] is None else getattr(module, home[1])
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def rl_env(ruleset="guobiao", seed: int = 0, **kwargs):
    """The table as a PettingZoo AEC environment (docs/rl.md): ``ruleset`` a name, a YAML path or a
    ``Ruleset``; ``check=True`` checks the table's invariants after every action. Imported on call,
    so the door does not need the ``rl`` extra's numpy, Gymnasium and PettingZoo."""
    try:
        from mahjong_core.engine.table.rlenv import env
    except ImportError as e:
        from mahjong_core.engine.errors import MahjongError
        raise MahjongError(f"the learning environment needs the 'rl' extra ({e.name} is not installed): "
                           "pip install 'mahjong-core[rl]'") from None
    return env(ruleset, seed, **kwargs)
