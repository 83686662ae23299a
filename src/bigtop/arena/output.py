"""An arena's output folder: `games.json` (one row per game), `games.csv` (one line per seat of
each game), `summary.json` (the tournament, the per-entrant and per-seat table, ratings) and
`records/` (every game's record, replayable with `bigtop replay`).

While the tournament runs, each finished game is saved at once: its record, and its row as a line
of `games.jsonl` (after a first line naming the tournament). An interrupted run loses only the
games being played, and `start(..., resume=True)` hands back the games already saved."""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bigtop.arena.summary import entrant_labels, win_share
from bigtop.core.errors import BigtopError

Row = dict[str, Any]
CSV_COLUMNS = ("index", "seed", "seat", "entrant", "bot", "score", "rank", "win_share", "moves", "features")


PROGRESS = "games.jsonl"
SAME_TOURNAMENT = ("game", "players", "bots", "seed", "options", "imports", "schedule", "content")  # what a resumed run must share


def _record_path(tournament: dict[str, Any], row: Row) -> str:
    return f"records/{tournament['game']}-{row['index']:05d}.json"


def _listed(tournament: dict[str, Any], row: Row, path: str | None = None) -> Row:
    """The row as `games.json` lists it: the record replaced by its file's path."""
    return {**{k: v for k, v in row.items() if k != "record"}, "record": path or _record_path(tournament, row)}


def record_json(row: Row) -> dict[str, Any]:
    """A game's record file: the record (replayable by `bigtop replay`), and who played it and how
    it ended (`bots`, `result`), which a replay does not need."""
    result = {"scores": row["scores"], "ranks": row["ranks"], "winners": row["winners"]}
    return {**row["record"], "bots": row["bots"], "result": result}


def start(out: Path, tournament: dict[str, Any], resume: bool) -> list[Row]:
    """Make `out` ready for the tournament's games. With `resume`, the games it already holds of
    the same tournament (any number of games: a resumed run may ask for more) come back as rows;
    without, an earlier run's games are dropped. A folder holding another tournament's games is a
    `BigtopError` when resuming."""
    records = out / "records"
    try:
        records.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BigtopError(f"--out: cannot make the folder {records}: {exc.strerror}") from None
    progress = out / PROGRESS
    rows: list[Row] = []
    if resume and progress.exists():
        lines = progress.read_text(encoding="utf-8").splitlines()
        try:
            header = json.loads(lines[0])["tournament"] if lines else {}
            saved = [json.loads(line) for line in lines[1:] if line.strip()]
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise BigtopError(f"{progress}: not an arena progress file: {exc}") from None
        differs = [key for key in SAME_TOURNAMENT if header.get(key) != tournament[key]]
        if differs:
            raise BigtopError(
                f"{out} holds games of another tournament (its {', '.join(differs)} differ); "
                "choose another --out or leave out --resume"
            )
        for row in saved:
            try:
                row["record"] = json.loads((out / row["record"]).read_text(encoding="utf-8"))
            except (OSError, json.JSONDecodeError):
                continue  # the game was cut off while being saved: it is played again
            rows.append(row)
    else:
        for stale in records.glob(f"{tournament['game']}-*.json"):
            stale.unlink()
    header = {key: tournament[key] for key in SAME_TOURNAMENT}
    lines = [json.dumps({"tournament": header})] + [json.dumps(_listed(tournament, row)) for row in rows]
    progress.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return rows


def save_game(out: Path, tournament: dict[str, Any], row: Row) -> None:
    """Save one finished game: its record first, then its line in the progress file."""
    (out / _record_path(tournament, row)).write_text(json.dumps(record_json(row)), encoding="utf-8")
    with (out / PROGRESS).open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(_listed(tournament, row)) + "\n")


def write(
    out: Path, tournament: dict[str, Any], rows: Sequence[Row], summary: dict[str, Any],
    record_path: Callable[[Row], str] | None = None,
) -> None:
    """Write the tables of the whole tournament (its records are saved by `save_game`, or where
    `record_path` says, relative to `out`)."""
    listed = [_listed(tournament, row, record_path(row) if record_path else None) for row in rows]
    (out / "games.json").write_text(json.dumps(listed, indent=1), encoding="utf-8")
    (out / "summary.json").write_text(json.dumps({"tournament": tournament, **summary}, indent=1), encoding="utf-8")
    labels = entrant_labels(tournament["bots"])
    with (out / "games.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_COLUMNS)
        for row in rows:
            for seat, e in enumerate(row["seating"]):
                features = row["features"][seat] if row["features"] is not None else []
                writer.writerow([
                    row["index"], row["seed"], seat, labels[e], row["bots"][seat], row["scores"][seat],
                    row["ranks"][seat], win_share(row, seat), row["moves"], " ".join(features),
                ])


def read(out: Path) -> tuple[dict[str, Any], list[Row]]:
    """The summary and the game rows of an arena folder; `BigtopError` if it is not one."""
    try:
        summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
        rows = json.loads((out / "games.json").read_text(encoding="utf-8"))
    except OSError as exc:
        raise BigtopError(f"{out} is not an arena output folder: {exc.strerror}: {exc.filename}") from None
    except json.JSONDecodeError as exc:
        raise BigtopError(f"{out}: broken JSON: {exc.msg}") from None
    except UnicodeDecodeError:
        raise BigtopError(f"{out} is not an arena output folder: its files are not UTF-8 text") from None
    if not isinstance(summary, dict) or "tournament" not in summary or not isinstance(rows, list):
        raise BigtopError(f"{out} is not an arena output folder: no tournament in summary.json")
    return summary, rows
