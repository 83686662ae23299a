"""The expansions Carcassonne knows, and what the base game loops over because of them.

Every known expansion's figures, score categories and actions are numbered here once, in the order
listed, whether a game plays the expansion or not: a player's supply has a slot per figure kind
(an expansion not played gives 0 of its figures), the action space numbers every action, and the
score tally has a slot per category. A game plays the expansions its options name.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, NamedTuple

from bigtop.core.actions import Action
from bigtop.core.text import Catalog
from bigtop.games.carcassonne.actions import Meeple
from bigtop.games.carcassonne.bigtop import UNDER_THE_BIG_TOP
from bigtop.games.carcassonne.data import DATA
from bigtop.games.carcassonne.expansion import Capability, Expansion, FigureKind
from bigtop.games.carcassonne.rules import MEEPLES

EXPANSIONS: tuple[Expansion, ...] = (UNDER_THE_BIG_TOP,)
BY_NAME = {e.name: e for e in EXPANSIONS}
EXPANSION_NAMES = tuple(BY_NAME)
CAPABILITIES: tuple[Capability, ...] = tuple(c for e in EXPANSIONS for c in e.capabilities)

BASE_FIGURE = FigureKind("meeple", MEEPLES, Meeple)
FIGURES: tuple[FigureKind, ...] = (BASE_FIGURE, *(f for c in CAPABILITIES for f in c.figures))
FIGURE_NAMES = tuple(f.name for f in FIGURES)
FIGURE_OF_ACTION: dict[type[Action], int] = {f.action: k for k, f in enumerate(FIGURES) if f.action is not None}

TEXT = Catalog.load(DATA / "text.toml").merged(*(c.text for c in CAPABILITIES if c.text is not None))
"""The game's words in every language: the base game's and those its capabilities bring."""

BASE_CATEGORIES = ("road", "city", "monastery", "field")
CATEGORIES = (*BASE_CATEGORIES, *(k for c in CAPABILITIES for k in c.categories))
CATEGORY_LABELS = {k: TEXT.text(f"score.{k}") for k in CATEGORIES}  # in English
CAT = {name: i for i, name in enumerate(CATEGORIES)}

ACTION_TYPES: tuple[type[Action], ...] = tuple(f.action for f in FIGURES[1:] if f.action is not None) + tuple(
    t for c in CAPABILITIES for t in c.action_types
)

for _capability in CAPABILITIES:
    _capability.bind({f.name: k for k, f in enumerate(FIGURES)})


def expansions_of(names: tuple[str, ...]) -> tuple[Expansion, ...]:
    """The expansions named, in the order given."""
    return tuple(BY_NAME[name] for name in names)


class Hooks(NamedTuple):
    """Per hook of the turn, the capabilities' methods that do something (those that override the
    default), in order: the base calls only these."""

    tile_placed: tuple[Callable[..., Any], ...]
    figure_actions: tuple[Callable[..., Any], ...]
    apply_figure: tuple[Callable[..., Any], ...]
    feature_scored: tuple[Callable[..., Any], ...]
    after_scoring: tuple[Callable[..., Any], ...]


@cache
def hooks_of(names: tuple[str, ...]) -> Hooks:
    """The turn hooks of the expansions named."""
    capabilities = [c for e in expansions_of(names) for c in e.capabilities]
    return Hooks(*(
        tuple(getattr(c, hook) for c in capabilities if getattr(type(c), hook) is not getattr(Capability, hook))
        for hook in Hooks._fields
    ))
