"""The computer players of every table: one deterministic brain per seat."""

from __future__ import annotations

from bot.engine import Action, ChooseTrump, Hand, PassTrump, Phase, PlayCard
from bot.players import Player, make_player, view_for

from .model import Table


class Computers:
    def __init__(self) -> None:
        self._brains: dict[tuple[int, int, str], Player] = {}

    def brain(self, table: Table, seat: int) -> Player:
        key = (table.id, seat, table.settings.computer_kind)
        player = self._brains.get(key)
        if player is None:
            player = make_player(table.settings.computer_kind, f"{table.seed}/{seat}")
            self._brains[key] = player
        return player

    def decide(self, table: Table, hand: Hand, seat: int) -> Action:
        """The engine action the seat's computer player takes now (trump choice or card)."""
        view = view_for(hand, seat)
        player = self.brain(table, seat)
        if hand.phase == Phase.TRUMP:
            suit = player.choose_trump(view)
            return PassTrump(seat) if suit is None else ChooseTrump(seat, suit)
        return PlayCard(seat, player.choose_card(view))

    def forget(self, table_id: int) -> None:
        for key in [k for k in self._brains if k[0] == table_id]:
            del self._brains[key]
