"""Seats in the players' words: a name, "(bot)", "(handed to a bot)" and "← you"."""

from __future__ import annotations

from inferno_proto import engine_pb2


def seat_name(view: engine_pb2.GetViewResponse, seat: int) -> str:
    for s in view.seats:
        if s.seat == seat:
            who = f"{s.name} (bot)" if s.bot else s.name
            if s.abandoned:
                who += " (handed to a bot)"
            you = " ← you" if view.HasField("your_seat") and view.your_seat == seat else ""
            return f"{who}{you}"
    return f"seat {seat}"
