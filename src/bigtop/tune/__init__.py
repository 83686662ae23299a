"""Balance tuning of a game's content by simulation: `bigtop tune SPEC` (see docs/arena.md)."""
