"""Research interfaces: bigtop games as PettingZoo environments and OpenSpiel games.

`bigtop.rl.pettingzoo.env(name, players=...)` gives a PettingZoo AEC environment;
importing `bigtop.rl.openspiel` registers every game with OpenSpiel as `bigtop_<name>`.
Both see a seat only through `state.view(seat)`, turned into numbers by an observation encoder
(`bigtop.rl.encoding`). The submodules are imported on demand, so importing `bigtop.rl` is cheap.
"""
