"""An arena's output folder: `games.json` (one row per game), `games.csv` (one line per seat of
each game), `summary.json` (the tournament, the per-entrant and per-seat table, ratings) and
`records/` (every game's record, replayable with `bigtop replay`)."""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bigtop.arena.summary import entrant_labels, win_share
from bigtop.core.errors import BigtopError

Row = dict[str, Any]
CSV_COLUMNS = ("index", "seed", "seat", "entrant", "bot", "score", "rank", "win_share", "moves", "features")


def write(out: Path, tournament: dict[str, Any], rows: Sequence[Row], summary: dict[str, Any]) -> None:
    """Write the folder (created if needed, an earlier run's records replaced); records go to
    `records/<game>-<index>.json`."""
    records = out / "records"
    records.mkdir(parents=True, exist_ok=True)
    for stale in records.glob(f"{tournament['game']}-*.json"):  # from an earlier run into the same folder
        stale.unlink()
    listed = []
    for row in rows:
        name = f"{tournament['game']}-{row['index']:05d}.json"
        (records / name).write_text(json.dumps(row["record"]), encoding="utf-8")
        listed.append({**{k: v for k, v in row.items() if k != "record"}, "record": f"records/{name}"})
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
    if "tournament" not in summary or not isinstance(rows, list):
        raise BigtopError(f"{out} is not an arena output folder: no tournament in summary.json")
    return summary, rows
