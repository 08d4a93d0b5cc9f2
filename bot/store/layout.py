"""The seat layout rows are stored in: four seats 0..3, pair 0 (seats 0, 2) against pair 1.

The store does not import the engine (docs/architecture.md), so the layout its rows and
its schema's ``CHECK (seat BETWEEN 0 AND 3)`` use is written here once; tests/test_seat_model.py
holds it to the engine's seat model (bot/engine/seats.py), and a game with other seats
brings a migration and this module's change together.
"""

from __future__ import annotations

from typing import Final

STORED_SEATS: Final = 4
"""Seats a stored hand or match has (the schema's seat check is 0..3)."""


def stored_pair(seat: int) -> int:
    """The pair a stored seat played in (the ``pair`` column): 0 for seats 0 and 2."""
    return seat % 2
