"""What happened at a table, for front ends to render (the public message, a reply).

Events are plain data: a ``kind`` and the facts. The service returns them from every
operation and also hands them to its listeners, so timer-driven moves reach the screen too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
