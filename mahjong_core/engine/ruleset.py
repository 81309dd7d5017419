"""A resolved ruleset: YAML data bound to the plugins' code, ready to score, wait and settle.

``Ruleset`` is the public face; the work is done by ``compile`` (YAML → typed rules),
``scoring.plan`` (which checks are asked, in what order), ``scoring.ask`` (asking them),
``scoring.finish`` (exclusions, reductions, the fallback, drops), ``scoring.readings`` and
``scoring.search`` (scoring the readings, the bounded search for the best) and ``results``."""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from . import tiles as T
from . import waits as W
from . import wilds
from . import explanation
from .compile import CompiledRules, FanRule, ShapeRule, compile_rules
from .config import Resolved
from .errors import (BelowMinimumError, MahjongError, NotWinningError, RulesetError, SettlementError,
                     plugin_failure)
from .hand import WIN_METHOD_WORDS, WIN_METHODS, Situation, parse_situation, win_method
from .results import ScoreResult
from .scoring.finish import Finisher
from .scoring.plan import CheckPlan
from .scoring.readings import Readings
from .shapes import Decomposition, Group, ShapeInput

if TYPE_CHECKING:
    from .settle.money import Settlement
    from .waitscores import Waits

__all__ = ["Ruleset", "FanRule", "ShapeRule", "ScoreResult", "Wait", "WaitScore", "Waits"]


def __getattr__(name: str):
    """``Wait``, ``WaitScore`` and ``Waits`` by their old address: waitscores.py, imported when asked."""
    if name in ("Wait", "WaitScore", "Waits"):
        from . import waitscores
        return getattr(waitscores, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Ruleset:
    """Immutable once built. Use ``score``, ``waits`` and ``settle``."""

    def __init__(self, resolved: Resolved, engine):
        self._resolved = resolved
        self.engine = engine
        self.name = resolved.name
        self.path = resolved.path
        self.data = resolved.data
        self.fingerprint = resolved.fingerprint
        self.option_types = MappingProxyType(resolved.option_types)      # name -> config.OptionType
        rules: CompiledRules = compile_rules(resolved, engine)
        self.title = rules.title
        self.options = rules.options
        self.table = rules.table
        self.minimum = rules.minimum
        self.minimums = rules.minimums          # win method -> points needed
        self.minimum_by_method = rules.minimum_by_method
        self.win_methods = rules.table.win_methods
        self.validators = tuple(v.item.id for v in rules.validators)
        self._validator_checks = tuple((v.item.check, v.item.id, v.plugin) for v in rules.validators
                                       if v.item.check is not None)
        self.fan_rules = rules.fan_rules
        self.fan_by_id: Mapping[str, FanRule] = rules.fan_by_id
        self.fallback = rules.fallback
        self.fallback_besides = rules.fallback_besides
        self.prefer = rules.prefer
        self.shapes = rules.shapes
        self._every_method = all(len(shape.win_methods) == len(WIN_METHODS) for shape, _, _ in rules.shapes)
        self.value_formula, self.value_params = rules.value_formula, rules.value_params
        self.value_formula_id = rules.value_formula_id      # e.g. 'units': plugins compare this, not the function
        self.settlement_rule, self.settlement_params = rules.settlement_rule, rules.settlement_params
        values = engine.loaded.values
        value_needed = rules.value_formula is not values["total"].item.value if "total" in values else True
        self.finisher = Finisher(self.name, self.fan_rules, self.fallback, self.fallback_besides,
                                 self.value_formula, self.value_params, value_needed, rules.total_units)
        self.plan = CheckPlan(self.fan_rules, engine.loaded.checks, self.finisher, self.finisher.bounded)
        self.readings = Readings(self, self.plan, self.finisher, self.prefer, engine)
        if self.table.bonus_win is not None:       # bound here: other rulesets pay nothing per hand
            self._decompositions = self._bonus_win_decompositions
        for v in rules.validators:
            if v.item.ruleset is not None:
                try:
                    v.item.ruleset(self)
                except RulesetError:
                    raise
                except Exception as e:
                    raise RulesetError(f"{self.where('validators')}: validator '{v.item.id}' of plugin "
                                       f"'{v.plugin}' failed: {type(e).__name__}: {e}") from e
        engine.validate(self)
        self.readings.head_answers = engine.head_answers(self)      # a plugin's, for this ruleset
        self.readings.answer_tail(engine.tail_answers(self))
        self.fast_scorer = engine.fast_scorer(self)     # a plugin's, for this ruleset

    @property
    def uses_group_classes(self) -> bool:
        """Whether scoring leaves out the readings that could only tie an earlier one
        (``FanCheck.group_class``, ``ShapeInput.group_class``)."""
        return self.readings.group_class is not None

    @property
    def uses_fill_keys(self) -> bool:
        """Whether the fill-key shortcut (scoring.fills) is on for this ruleset."""
        return self.readings.plan_fills is not None

    def has_fan(self, fan_id: str) -> bool:
        """Is this fan enabled in the ruleset (so a check may award it)?"""
        return fan_id in self.fan_by_id

    def where(self, key: str) -> str:
        """``file:line`` where ``key`` (dotted) was last set."""
        return self._resolved.where(key)

    # ------------------------------------------------------------------ scoring
    def parse(self, situation) -> Situation:
        """Validate a situation dict (docs/formats.md) or a Situation object against this ruleset (table and plugin vetoes)."""
        s = parse_situation(situation, self.table)
        for check, vid, plugin in self._validator_checks:
            try:
                check(s, self)
            except Exception as e:
                raise plugin_failure(e, f"plugin '{plugin}': validator '{vid}' failed")
        self.engine.validate_situation(s, self)
        return s

    def minimum_of(self, method: str) -> int:
        """Points a hand won by ``method`` (self_drawn, discard, robbing_kong) needs."""
        return self.minimums[method]

    def below_minimum(self, s: Situation, best: ScoreResult) -> BelowMinimumError:
        """``score``'s error for ``s`` when ``best``, its best reading, and every other miss the minimum."""
        return self.readings.below_minimum(best, win_method(s))

    def check_win_method(self, s: Situation) -> None:
        """Refuse (not_winning) a win by a method ``table.win_methods`` leaves out."""
        method = win_method(s)
        if method not in self.win_methods:
            raise NotWinningError(f"{self.where('table.win_methods')}: ruleset '{self.name}' does not allow a "
                                  f"win by {WIN_METHOD_WORDS[method]} ('{method}' is not in table.win_methods: "
                                  f"{', '.join(self.win_methods)})")

    def shape_input(self, s: Situation, extra_tile: int | None = -1, group_class=None) -> ShapeInput:
        standing = list(s.hand)
        if extra_tile == -1:
            extra_tile = s.win_tile
        if extra_tile is not None:
            standing.append(extra_tile)
        inp = W.shape_input(standing, s.melds, s.wilds, self.table, extra_tile, group_class)
        if s.win_natural and extra_tile == s.win_tile:
            inp = wilds.read_naturally(inp, extra_tile)     # the face-up copy taken is not wild
        return inp

    def decompositions(self, s: Situation) -> list[Decomposition]:
        """Every reading of the hand, under the enabled shapes in YAML order that allow the way
        it was won (``WinShape.win_methods``)."""
        return self._decompositions(s, None)

    def _decompositions(self, s: Situation, group_class) -> list[Decomposition]:
        """``decompositions``; with ``group_class`` (``Readings.group_class``, when scoring) less the
        readings that could only tie an earlier one, after it (``ShapeInput.group_class``)."""
        inp = self.shape_input(s, group_class=group_class if s.wilds else None)
        return shape_readings(inp, self.shapes, bool(s.melds), None if self._every_method else win_method(s))

    def _not_winning(self, s: Situation) -> NotWinningError:
        """Why a hand with no reading is no win: no shape reads it, or only shapes that do not
        allow the way it was won (named, with where their ``win_methods`` are set)."""
        method = win_method(s)
        shut = [] if self._every_method else \
            [rule for rule in self.shapes if method not in rule.shape.win_methods]
        inp = self.shape_input(s) if shut else None
        for rule in shut:
            shape = rule.shape
            if shape_readings(inp, (rule,), bool(s.melds), None):
                key = f"shapes.{shape.id}.win_methods"
                where = self.where(key) if key in self._resolved.origins else f"win shape '{shape.id}'"
                allowed = " or ".join(WIN_METHOD_WORDS[m] for m in shape.win_methods)
                return NotWinningError(f"not a winning hand: {self.describe(s)} won by {WIN_METHOD_WORDS[method]} "
                                       f"forms no winning shape of ruleset '{self.name}' that allows it: it is read "
                                       f"only as shape '{shape.id}', which wins only by {allowed} ({where})",
                                       reason=f"{shape.id}: {allowed} only")
        return NotWinningError(f"not a winning hand: {self.describe(s)} forms no winning shape of "
                               f"ruleset '{self.name}'", reason="no winning shape")

    def _bonus_win_decompositions(self, s: Situation, group_class) -> list[Decomposition]:
        """``table.bonus_win``: the last copy of the bonus kind as the winning tile (hand.validate
        saw the others in ``flowers`` and the self-draw) wins whatever the standing tiles are, in one
        reading: the melds, each standing tile, then the bonus tiles (not in its ``tiles``, as they
        are no playable tiles); any other winning tile, the shapes' readings."""
        kind = self.table.bonus_win
        if s.win_tile != kind:
            return Ruleset._decompositions(self, s, group_class)
        inp = self.shape_input(s, None)
        groups = inp.meld_groups + tuple(Group("single", t) for t in s.hand) \
            + (Group("bonus", kind),) * self.table.bonus[kind]
        return [Decomposition("bonus_win", groups, s.hand, inp.wild_tiles)]

    def score(self, situation, enforce_minimum: bool = True) -> ScoreResult:
        """Score a winning hand (a situation dict, docs/formats.md, or a Situation); raises MahjongError.
        ``enforce_minimum=False`` scores it whatever the minimum and ``table.win_methods`` say
        (waits reports those itself). A plugin's fast path (``fast_scorer``) answers first."""
        if self.fast_scorer is not None and (result := self.fast_scorer(situation, enforce_minimum)) is not None:
            return result
        return self.score_general(situation, enforce_minimum)

    def score_general(self, situation, enforce_minimum: bool = True) -> ScoreResult:
        """``score`` by the general path alone: the reference a fast path is checked against."""
        return self.score_parsed(self.parse(situation), enforce_minimum)

    def score_parsed(self, s: Situation, enforce_minimum: bool = True) -> ScoreResult:
        """``score_general`` of what ``parse`` returned, not checked again (a fast path declining it)."""
        if enforce_minimum and len(self.win_methods) < 3:
            self.check_win_method(s)
        decs = self._decompositions(s, self.readings.group_class)
        if not decs:
            raise self._not_winning(s)
        return self.readings.best(s, decs, enforce_minimum)

    def candidates(self, situation) -> list[ScoreResult]:
        """Every reading of a winning hand, scored (before the choice and the minimum)."""
        s = self.parse(situation)
        return self.readings.every(s, self.decompositions(s))

    def evaluate(self, s: Situation, dec: Decomposition, hand_memo: dict) -> ScoreResult:
        """Score one reading (every check, then the finish)."""
        return self.readings.evaluate(s, dec, hand_memo)

    def choose(self, candidates: list[ScoreResult]) -> ScoreResult:
        """The best of scored readings (value, total, ``scoring.prefer``, then the plugins)."""
        return self.readings.choose(candidates)

    def explain(self, result: ScoreResult) -> dict:
        """The result with what it took to get there (``explanation.explain``): points toward
        the minimum, the fans excluded or reduced and by what, the cap that cut the value, and
        whatever the ruleset's plugins add (``notes``)."""
        return explanation.explain(self, result)

    @staticmethod
    def describe(s: Situation) -> str:
        melds = "".join(f"[{T.format_tiles(m.tiles)}]" for m in s.melds)
        return f"{melds}{T.format_tiles(s.hand)} + {T.name(s.win_tile)}"

    # ------------------------------------------------------------------ waits
    def parse_hand(self, hand) -> Situation:
        """A pre-win hand (``{"hand": ..., "melds": [...]}`` or notation) as a Situation."""
        if isinstance(hand, Situation):
            return hand
        if isinstance(hand, str):
            hand = {"hand": hand}
        if not isinstance(hand, Mapping):
            raise MahjongError("a hand must be notation or an object with 'hand' and 'melds'")
        return parse_situation(hand, self.table, pre_win=True)

    def waits(self, hand) -> Waits:
        """Every tile kind that completes the hand and can still be drawn (a kind whose four
        copies are all held is none; wild kinds included)."""
        from .waitscores import Waits       # the waits' records, made only when waits are asked
        s = self.parse_hand(hand)
        return Waits(self.waits_of_situation(s), self, s)

    def waits_of_situation(self, s: Situation) -> tuple[int, ...]:
        """Waits of ``s.hand`` + melds (the winning tile ignored), under the enabled shapes."""
        return W.waits(self, s.hand, s.melds, s.wilds)

    # ------------------------------------------------------------------ analysis
    @property
    def analyzer(self):
        """The hand analyser of this ruleset (``mahjong_core.engine.analysis``), built on first use."""
        a = self.__dict__.get("_analyzer")
        if a is None:
            from .analysis import Analyzer
            a = self.__dict__["_analyzer"] = Analyzer(self)
        return a

    def shanten(self, hand) -> int:
        """Tiles from ready (0 = ready, −1 = complete) of a 3n+1 or 3n+2 hand (notation or
        ``{"hand", "melds", "wilds", "void_suit"}``), over every enabled shape."""
        return self.analyzer.shanten(hand)

    def analyze(self, hand, seen=None, waits: bool = True):
        """Shanten and useful tiles (copies left, less ``seen``) of a 3n+1 hand, or of each
        discard of a 3n+2 hand, best first; ``waits`` adds a ready hand's scored waits."""
        return self.analyzer.analyze(hand, seen, waits)

    # ------------------------------------------------------------------ settlement
    def settle(self, record) -> Settlement:
        rec = self._record(record)
        rule = self.settlement_rule.item
        if rec.play is not None:        # a table's record: its play must give its events
            from .table import replay     # the table only for a record that carries its play
            replay.check(rec, self)
        from .settle.money import Ledger      # the settlement toolkit only when a record is settled
        ledger = Ledger(rec.seats)
        try:
            ledger.extend(rule.settle(rec, self, **self.settlement_params))
        except Exception as e:
            raise plugin_failure(e, f"plugin '{self.settlement_rule.plugin}': settlement '{rule.id}' failed")
        return ledger.close(self.name)

    def _record(self, record):
        """The record read with this ruleset's settlement's events, and for this ruleset."""
        if self.settlement_rule is None:
            raise RulesetError(f"{self.where('settlement')}: ruleset '{self.name}' defines no settlement")
        rule = self.settlement_rule.item
        from .records import parse_record
        rec = parse_record(record, rule.event_types, rule.event_fields)
        if rec.ruleset is not None and rec.ruleset not in (self.name,) + self._resolved.chain:
            # a house overlay of the named ruleset is fine; another ruleset family is a mistake
            raise SettlementError(f"record field 'ruleset': the record is for '{rec.ruleset}', but ruleset "
                                  f"'{self.name}' does not extend it")
        return rec

    def replay(self, record):
        """A table's record played again action by action (``table.replay.Replay``: iterate its
        steps, then ``finish()``); a record without a ``play`` log is a settlement_error."""
        rec = self._record(record)
        if rec.play is None:
            raise SettlementError("record field 'play' is missing: only a record the table wrote can be "
                                  "replayed (mahjong settle pays a record without one)")
        from .table import replay     # the table only for a record that carries its play
        return replay.Replay(rec, self)

    def __repr__(self) -> str:
        return f"<Ruleset {self.name} {self.fingerprint}>"


def shape_readings(inp, shapes, melded: bool, method: str | None) -> list[Decomposition]:
    """The readings of ``inp`` in ``shapes``, but for a concealed shape when ``melded`` and one
    that does not allow ``method`` (None: any); a plugin's failure is a PluginError naming it."""
    out: list[Decomposition] = []
    shape = plugin = None
    try:
        for shape, args, plugin in shapes:
            if (melded and not shape.melds) or (method is not None and method not in shape.win_methods):
                continue
            out.extend(shape.find(inp, **args))
    except Exception as e:
        raise plugin_failure(e, f"plugin '{plugin}': win shape '{shape.id}' failed")
    return out
