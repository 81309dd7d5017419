"""The front ends: the `mahjong` command, JSON lines, the web app, and the texts they share."""
