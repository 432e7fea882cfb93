"""inferno_logs: every line is one JSON object naming the service; ids bound with ``bound``
reach structlog and standard-library loggers alike, nest, and are gone after the block."""

from __future__ import annotations

import asyncio
import logging

import structlog

from inferno_logs import bound
from tests.support.json_logs import json_logs


def test_structlog_and_stdlib_lines_carry_the_service_and_the_bound_ids() -> None:
    with json_logs("worker") as lines:
        with bound(table_id="t-1", request_id="r-1"):
            structlog.get_logger("x").info("bot_move", seat=2)
            logging.getLogger("inferno_worker.tasks").info("timeout move %s", "late")
        logging.getLogger("celery").warning("no ids here")
    first, second, third = lines
    assert first == {
        **first,
        "event": "bot_move",
        "seat": 2,
        "service": "worker",
        "table_id": "t-1",
        "request_id": "r-1",
        "level": "info",
    }
    assert second["event"] == "timeout move late" and second["logger"] == "inferno_worker.tasks"
    assert second["table_id"] == "t-1" and second["service"] == "worker"
    assert "table_id" not in third and third["level"] == "warning"
    assert all("ts" in line for line in lines)


def test_bound_blocks_nest_and_restore_what_was_bound_before() -> None:
    log = structlog.get_logger("x")
    with json_logs() as lines:
        with bound(table_id="outer"):
            with bound(table_id="inner", request_id=None):
                log.info("in")
            log.info("out")
        log.info("none")
    assert [line.get("table_id") for line in lines] == ["inner", "outer", None]
    assert all("request_id" not in line for line in lines)  # None values are not bound


def test_ids_bound_in_one_task_do_not_leak_into_another() -> None:
    log = structlog.get_logger("x")

    async def table(name: str) -> None:
        with bound(table_id=name):
            await asyncio.sleep(0)
            log.info("moved")

    async def both() -> None:
        await asyncio.gather(table("a"), table("b"))

    with json_logs() as lines:
        asyncio.run(both())
    assert sorted(line["table_id"] for line in lines.with_(event="moved")) == ["a", "b"]


def test_the_level_filters_both_kinds_of_logger() -> None:
    with json_logs(level="WARNING") as lines:
        structlog.get_logger("x").info("dropped")
        logging.getLogger("y").info("dropped too")
        structlog.get_logger("x").warning("kept")
    assert [line["event"] for line in lines] == ["kept"]
