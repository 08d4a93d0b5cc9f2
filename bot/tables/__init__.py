"""The table service: seats, lifecycle, timers, computer seats and claim windows.

No discord import: the Discord cogs and the terminal are both front ends of this package.
"""

from .clock import Clock, FakeClock, SystemClock
from .errors import TableError
from .events import Event
from .model import Seat, SeatKind, Status, Table, TableSettings
from .readmodels import PrivateHand, PublicTable, PublicTrick, private_hand, public_table
from .service import TableService

__all__ = [
    "Clock",
    "Event",
    "FakeClock",
    "PrivateHand",
    "PublicTrick",
    "PublicTable",
    "Seat",
    "SeatKind",
    "Status",
    "SystemClock",
    "Table",
    "TableError",
    "TableService",
    "TableSettings",
    "private_hand",
    "public_table",
]
