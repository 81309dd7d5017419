"""The engine: tiles, hands, rulesets, scoring, settlement and the plugin registry."""
