"""Scoring a parsed hand: the check plan (``plan``), asking its checks (``ask``), finishing a
reading's fans into a result (``finish``), scoring the readings (``readings``), the bounded
search for the best one (``search``) and the fill-key shortcut for readings of wilds (``fills``).
``mahjong_core.engine.ruleset.Ruleset`` is the public face of all of them."""
