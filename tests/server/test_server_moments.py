"""Stored moments (`schema.UtcDateTime`): kept in UTC and read back with their time zone on SQLite
too, and a moment without a time zone refused rather than guessed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from sqlalchemy import Column, Integer, MetaData, Table, create_engine, insert, select
from sqlalchemy.exc import StatementError

from bigtop.server.schema import UtcDateTime


def _moments(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'moments.db'}")
    table = Table("moments", MetaData(), Column("id", Integer, primary_key=True), Column("at", UtcDateTime()))
    table.metadata.create_all(engine)
    return engine, table


def test_a_moment_comes_back_in_utc_with_its_time_zone(tmp_path) -> None:
    engine, table = _moments(tmp_path)
    paris = datetime(2026, 11, 24, 23, 30, tzinfo=timezone(timedelta(hours=1)))
    with engine.begin() as db:
        db.execute(insert(table).values(id=1, at=paris))
        back = db.execute(select(table.c.at)).scalar_one()
    assert back == paris and back.tzinfo == UTC and back.hour == 22


def test_a_moment_without_a_time_zone_is_refused(tmp_path) -> None:
    engine, table = _moments(tmp_path)
    with pytest.raises(StatementError, match="time zone"), engine.begin() as db:
        db.execute(insert(table).values(id=1, at=datetime(2026, 11, 24, 23, 30)))
    with engine.connect() as db:
        assert db.execute(select(table.c.at)).all() == []
