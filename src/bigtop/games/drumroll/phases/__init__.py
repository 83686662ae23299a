"""The rules of Drum Roll, one module per phase of the game, in the order they come:

- `setup`: the decks, rows and regions, the starting draft and cubes;
- `markers`: a preparation turn's action phase: Bank Representative, placing markers, carrying them
  out (cubes, tickets, pass) and the Invest/Hire queue;
- `distribution`: moving cubes onto performers, sealed;
- `turn_end`: the Show Organizer, refilling the rows, the next turn;
- `vote`: the vote to delay the show, Double Vote, the count;
- `show`: the last window before the show, the performances, salaries, the end of a show and of the game.

Importing this package registers every step, prompt and sealed step with `flow`.
"""

from . import distribution, markers, setup, show, turn_end, vote

__all__ = ["distribution", "markers", "setup", "show", "turn_end", "vote"]
