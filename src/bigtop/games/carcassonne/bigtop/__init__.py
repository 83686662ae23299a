"""Under the Big Top, as three capabilities: the Big Top (circus tiles and animal tokens), acrobats
(pyramids on acrobat tiles) and the ringmaster (a figure with a bonus). Its view block is the
capabilities' views merged under "bigtop"; its observation block is in observation.py."""

from __future__ import annotations

from bigtop.games.carcassonne.bigtop.acrobats import AcrobatsCapability
from bigtop.games.carcassonne.bigtop.big_top import BigTopCapability
from bigtop.games.carcassonne.bigtop.observation import BigTopEncoding
from bigtop.games.carcassonne.bigtop.ringmaster import RingmasterCapability
from bigtop.games.carcassonne.expansion import Expansion

UNDER_THE_BIG_TOP = Expansion(
    "bigtop", "Under the Big Top", (BigTopCapability(), AcrobatsCapability(), RingmasterCapability()),
    options={"tokens": "animal tokens"}, encoder=BigTopEncoding,
)
