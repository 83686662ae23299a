"""The terminal's colours and cells shared by the base drawing (render.py) and the expansions'."""

from __future__ import annotations

SEAT_STYLES = ("bold white on red", "bold white on blue", "bold black on green", "bold black on yellow",
               "bold white on black", "bold white on magenta")
SEAT_NAMES = ("red", "blue", "green", "yellow", "black", "grey")  # in words: colour.<name> in data/text.toml
CORNERS = ((0, 0), (0, 4), (4, 0), (4, 4))  # the corner cells of a tile's 5x5 picture
Picture = list[list[tuple[str, str]]]  # a tile's 5x5 picture: rows of (glyph, Rich style)
