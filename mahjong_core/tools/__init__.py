"""Tools over the engine: the generated reference pages and the data behind `mahjong fans` / `diff`."""
