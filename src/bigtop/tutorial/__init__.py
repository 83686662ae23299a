"""Tutorials: a guided first game of each game, as data (see `script`), played by scripted bots
(`bot`) at the web table and in the terminal (`bigtop learn`)."""

from bigtop.tutorial.script import Chapter, Step, Tutorial, check, load, load_file, play_step, start

__all__ = ["Chapter", "Step", "Tutorial", "check", "load", "load_file", "play_step", "start"]
