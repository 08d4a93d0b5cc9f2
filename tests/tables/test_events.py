"""The events the service reports: one typed class per kind, and the stream of a whole
match tells a front end everything that happened, in order."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from bot.engine import Suit
from bot.tables import Event, EventKind, TableAnswer, private_hand
from bot.tables import events as ev

from .helpers import ALICE, BOB, CARL, DIRK, open_service, play_until_done, table_with


def test_every_kind_has_one_event_class_and_keeps_its_string() -> None:
    classes = [v for v in vars(ev).values() if isinstance(v, type) and issubclass(v, Event)]
    classes.remove(Event)
    assert sorted(cls.kind for cls in classes) == sorted(EventKind)
    assert ev.CardPlayed.kind == "card_played" and str(EventKind.HAND_SCORED) == "hand_scored"


async def test_a_match_reports_every_trump_card_trick_hand_and_its_end(
    database: str | Path,
) -> None:
    service = await open_service(database)
    heard: list[Event] = []

    async def listen(answer: TableAnswer) -> None:
        heard.extend(answer.events)

    service.listeners.append(listen)
    table = await table_with(service, {0: ALICE, 2: CARL})
    await play_until_done(service, table.id)

    match = service.registry.get(table.id).match
    assert match is not None and match.result is not None
    hands = len(match.sheet)
    kinds = Counter(type(e) for e in heard)
    assert kinds[ev.Started] == 1 and kinds[ev.MatchFinished] == 1
    assert kinds[ev.TrumpChosen] == hands and kinds[ev.HandScored] == hands
    assert kinds[ev.CardPlayed] == 32 * hands and kinds[ev.TrickTaken] == 8 * hands
    assert [e.line for e in heard if isinstance(e, ev.HandScored)] == match.sheet
    [end] = [e for e in heard if isinstance(e, ev.MatchFinished)]
    assert (end.seat, end.totals) == (match.result.winner, match.result.totals)
    assert heard[-1] == end
    for taken in (e for e in heard if isinstance(e, ev.TrickTaken)):
        assert taken.seat == taken.trick.winner
    chosen = [(e.seat, e.suit) for e in heard if isinstance(e, ev.TrumpChosen)]
    assert chosen == [(line.chooser, Suit.parse(line.trump)) for line in match.sheet]


async def test_a_played_card_and_the_trick_it_completes(database: str | Path) -> None:
    service = await open_service(database)
    users = {0: ALICE, 1: BOB, 2: CARL, 3: DIRK}
    table = await table_with(service, users)
    hand = service.registry.get(table.id).match.hand  # type: ignore[union-attr]
    assert hand is not None and hand.to_act is not None
    first = hand.to_act
    [named] = (await service.choose_trump(table.id, users[first], Suit.HEARTS)).events
    assert named == ev.TrumpChosen(seat=first, suit=Suit.HEARTS)
    played = []
    for step in range(4):
        seat = (first + step) % 4
        card = private_hand(service.registry.get(table.id), seat).legal[0]
        events = (await service.play(table.id, users[seat], card)).events
        assert events[0] == ev.CardPlayed(seat=seat, card=card)
        played.append(events)
    assert [len(events) for events in played] == [1, 1, 1, 2]
    taken = played[-1][1]
    assert isinstance(taken, ev.TrickTaken) and taken.seat == taken.trick.winner
    assert taken.trick.cards == tuple(events[0].card for events in played)  # type: ignore[attr-defined]
