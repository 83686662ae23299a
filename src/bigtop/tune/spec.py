"""A tuning spec: which numbers of a content file may change, within which bounds, how candidates
are played out, and the goals (a TOML file, see docs/arena.md).

    game = "drumroll"
    players = 3
    bots = "heuristic"
    content = "cards.toml"          # a data file of the game, or a path relative to the spec
    option = "cards"                # the game option that loads a content file (the default)
    [evaluation]  games = 90 ...    # games per candidate, deals, the check of the finalists
    [search]      budget = 60 ...   # candidates, population, initial step, seed
    [goals]       turn_order_spread = 5 ...
    [[parameter]] table = "performer", id = "tumbler", field = "cost", low = 1, high = 5

A parameter names one number: the `field` (dotted, with list indexes: `outstanding.0.amount`) of
the entry whose `id` is given in the array of tables `table`.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import tomlkit
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from bigtop.core.data import read_toml
from bigtop.core.errors import BigtopError


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Parameter(_Strict):
    table: str
    id: str
    field: str
    low: int
    high: int

    @model_validator(mode="after")
    def _bounds(self) -> Parameter:
        if self.low >= self.high:
            raise ValueError(f"low ({self.low}) must be below high ({self.high})")
        return self

    @property
    def name(self) -> str:
        return f"{self.table} {self.id} {self.field}"


class Evaluation(_Strict):
    games: int = Field(90, ge=1, description="games per candidate during the search")
    seed: int = Field(100_000, description="first deal of the search (the same deals for every candidate)")
    check_games: int = Field(600, ge=1, description="games for the before/after check of the finalists")
    check_seed: int = Field(500_000, description="first deal of the check (deals the search never saw)")
    finalists: int = Field(3, ge=1, description="best search candidates checked against the shipped content")


class Search(_Strict):
    budget: int = Field(60, ge=2, description="candidates the optimizer plays out (the shipped content included)")
    population: int = Field(8, ge=2, description="candidates per generation (CMA-ES lambda)")
    sigma: float = Field(0.25, gt=0, le=1, description="initial step, as a share of each parameter's range")
    seed: int = 1


class Goals(_Strict):
    turn_order_spread: float | None = Field(None, ge=0, description="points: highest minus lowest win rate by place in the turn order")
    held_prefix: str = "held: "
    held_max: float | None = Field(None, gt=0, le=100, description="percent: no feature with the prefix above this win rate")
    held_min_seats: int = Field(30, ge=1, description="features seen on fewer seats are left out")
    held_prior: float = Field(20, ge=0, description="seats of shrinkage of each feature's win rate towards the fair share")
    length: tuple[int, int] | None = Field(None, description="[low, high] decisions per game")
    change: float = Field(1.0, ge=0, description="points added per whole range a parameter moves from the shipped value")


class Spec(_Strict):
    game: str
    players: int
    bots: str = "heuristic"
    content: str
    option: str = "cards"
    imports: list[str] = Field(default_factory=list, description="modules or .py files (relative to the spec) of games registered at runtime")
    evaluation: Evaluation = Evaluation()
    search: Search = Search()
    goals: Goals = Goals()
    parameter: list[Parameter] = Field(min_length=1)


SHIPPED = Path(__file__).parent / "specs"


def spec_file(name: str) -> Path:
    """A spec file's path: a game's shipped spec (`specs/GAME.toml`) or the file named."""
    shipped = SHIPPED / f"{name}.toml"
    if "/" not in name and not name.endswith(".toml") and shipped.is_file():
        return shipped
    if not Path(name).is_file():
        known = ", ".join(sorted(p.stem for p in SHIPPED.glob("*.toml")))
        raise BigtopError(f"no tuning spec {name!r}: give a spec file or a game with a shipped spec ({known})")
    return Path(name)


def load_spec(path: Path) -> tuple[Spec, Path]:
    """The spec in `path` and the content file it tunes; `BigtopError` naming what is wrong."""
    raw = read_toml(path)
    try:
        spec = Spec.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"]) or "(spec)"
        raise BigtopError(f"{path}: {where}: {err['msg']}") from None
    content = content_path(spec, path)
    base = tomlkit.parse(content.read_text(encoding="utf-8"))
    for p in spec.parameter:
        value = _get(base, p, content)
        if not p.low <= value <= p.high:
            raise BigtopError(f"{path}: parameter {p.name}: the shipped value {value} is outside {p.low}..{p.high}")
    return spec, content


def imports(spec: Spec, spec_file: Path) -> tuple[str, ...]:
    """The spec's imports with `.py` paths made absolute from the spec's folder."""
    return tuple(str((spec_file.parent / m).resolve()) if m.endswith(".py") else m for m in spec.imports)


def _data_folder(game: str) -> Path | None:
    """The data folder of a game of `bigtop.games` (None for a game registered at runtime)."""
    module = importlib.util.find_spec(f"bigtop.games.{game}")
    if module is None or not module.submodule_search_locations:
        return None
    return Path(next(iter(module.submodule_search_locations))) / "data"


def content_path(spec: Spec, spec_file: Path) -> Path:
    """The content file: a path relative to the spec, else a file of the game's data folder."""
    beside = spec_file.parent / spec.content
    if beside.is_file():
        return beside
    folder = _data_folder(spec.game)
    if folder is not None and (folder / spec.content).is_file():
        return folder / spec.content
    raise BigtopError(f"{spec_file}: content: no file {spec.content!r} beside the spec or in the data of {spec.game!r}")


def start_label(spec: Spec, content: Path) -> str:
    """What the tuning starts from, as the run's output names it: the game's shipped content, or
    the designer's own file."""
    folder = _data_folder(spec.game)
    if folder is not None and content.resolve().parent == folder.resolve():
        return "the shipped content"
    return f"the starting content ({spec.content})"


def _slot(doc: Any, p: Parameter, content: Path) -> tuple[Any, str | int]:
    """The container holding the parameter's number, and its key in it."""
    entries = [e for e in doc.get(p.table, []) if e.get("id") == p.id]
    if len(entries) != 1:
        raise BigtopError(f"{content}: parameter {p.name}: {len(entries)} entries with id {p.id!r} in [[{p.table}]]")
    node: Any = entries[0]
    keys: list[str | int] = [int(k) if k.isdigit() else k for k in p.field.split(".")]
    for key in keys[:-1]:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            raise BigtopError(f"{content}: parameter {p.name}: no field {p.field!r}") from None
    return node, keys[-1]


def _get(doc: Any, p: Parameter, content: Path) -> int:
    node, key = _slot(doc, p, content)
    try:
        value = node[key]
    except (KeyError, IndexError, TypeError):
        raise BigtopError(f"{content}: parameter {p.name}: no field {p.field!r}") from None
    if type(value) is not int and not isinstance(value, tomlkit.items.Integer):
        raise BigtopError(f"{content}: parameter {p.name}: {p.field} is {value!r}, not an integer")
    return int(value)


def shipped_values(spec: Spec, content: Path) -> tuple[int, ...]:
    """The parameters' values in the content file."""
    doc = tomlkit.parse(content.read_text(encoding="utf-8"))
    return tuple(_get(doc, p, content) for p in spec.parameter)


def with_values(spec: Spec, content: Path, values: tuple[int, ...]) -> str:
    """The content file's text with the parameters set to `values` (comments, order and layout kept)."""
    doc = tomlkit.parse(content.read_text(encoding="utf-8"))
    for p, value in zip(spec.parameter, values, strict=True):
        _get(doc, p, content)  # an integer is there
        node, key = _slot(doc, p, content)
        node[key] = value
    return tomlkit.dumps(doc)
