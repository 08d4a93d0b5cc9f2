"""The table service: seats, lifecycle, timers, computer seats and claim windows.

No discord import: the Discord cogs and the terminal are both front ends of this package.
"""

from .clock import Clock, FakeClock, SystemClock
from .errors import TableError
from .events import Event
from .model import Seat, SeatKind, Status, Table, TableSettings
from .service import TableService
from .readmodels import PrivateView, PublicTrick, PublicView, private_view, public_view

__all__ = [
    "Clock",
    "Event",
    "FakeClock",
    "PrivateView",
    "PublicTrick",
    "PublicView",
    "Seat",
    "SeatKind",
    "Status",
    "SystemClock",
    "Table",
    "TableError",
    "TableService",
    "TableSettings",
    "private_view",
    "public_view",
]
