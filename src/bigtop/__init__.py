"""bigtop: Drum Roll, Troll Fest and Carcassonne with Under the Big Top, for people, bots and research."""

__version__ = "0.1.0"
