"""The table service: seats, lifecycle, timers, computer seats and claim windows.

No discord import: the Discord cogs and the terminal are both front ends of this package.
"""

from bot.players.hint import Hint

from .answers import HintAnswer, TableAnswer
from .clock import Clock, FakeClock, SystemClock
from .errors import RefusalCode, TableError
from .events import Event, EventKind
from .parts import new_seed
from .readmodels import (
    DealtHands,
    PrivateHand,
    PublicSeat,
    PublicTable,
    PublicThree,
    PublicTrick,
    dealt_hands,
    private_hand,
    public_table,
)
from .service import TableService
from .table import LeaguePlace, Seat, SeatKind, Status, Table, TableSettings, computer_name

__all__ = [
    "DealtHands",
    "dealt_hands",
    "computer_name",
    "Clock",
    "Event",
    "EventKind",
    "FakeClock",
    "Hint",
    "HintAnswer",
    "LeaguePlace",
    "PrivateHand",
    "PublicSeat",
    "PublicTrick",
    "PublicTable",
    "PublicThree",
    "RefusalCode",
    "Seat",
    "SeatKind",
    "Status",
    "SystemClock",
    "Table",
    "TableError",
    "TableAnswer",
    "TableService",
    "TableSettings",
    "new_seed",
    "private_hand",
    "public_table",
]
