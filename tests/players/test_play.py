"""The heuristic's card play in typical situations (hearts trump unless said otherwise).

Seats: the view is seat 0 (pair 0 with seat 2); ``current`` lists the cards already played
to the trick, the first by the leader.
"""

from __future__ import annotations

from bot.engine import Suit
from bot.players import HeuristicPlayer

from .helpers import card, make_view


def _pick(hand: str, **kw: object) -> str:
    return HeuristicPlayer(1).choose_card(make_view(hand, **kw)).code  # type: ignore[arg-type]


def test_maker_pulls_trumps_with_the_jack() -> None:
    assert _pick("Jh 7h Ac 8d 9s Ks Qd 7c", makers=0, chooser=0) == "Jh"


def test_maker_leads_nine_once_the_jack_is_gone() -> None:
    tricks = [(0, "Jh 7h 8h Qh", 0)]
    assert _pick("9h Ac 8d 9s Ks Qd 7c", makers=0, chooser=0, tricks=tricks) == "9h"


def test_maker_leads_small_trump_towards_partner_who_chose() -> None:
    assert _pick("8h Ah Kd 9s 7c Qd 8c Js", makers=0, chooser=2) == "8h"


def test_defender_cashes_an_ace_and_keeps_trumps() -> None:
    assert _pick("Ac 7c 8d 9s 7h Kd Qs Jd", makers=1, chooser=1) == "Ac"


def test_defender_does_not_lead_a_bare_ten_or_trump() -> None:
    choice = _pick("Tc 9h 8d Kd 7s Qs", makers=1, chooser=1)
    assert card(choice).suit != Suit.HEARTS and choice != "Tc"


def test_smears_a_ten_on_partners_winning_ace_when_last() -> None:
    # Seat 1 leads Kc, partner (seat 2) plays Ac, seat 3 plays 8c; seat 0 is last.
    assert _pick("Tc 9c Qd Kh", current="Kc Ac 8c", legal="Tc 9c") == "Tc"


def test_smears_roem_on_partners_trick() -> None:
    # As above but 7c-8c are down: the 9c adds a run of three (20) for the pair.
    assert _pick("Tc 9c Qd Kh", current="7c Ac 8c", legal="Tc 9c") == "9c"


def test_smears_when_partners_card_is_the_highest_left() -> None:
    # Partner (seat 2) leads the Ac; seat 0 is third with Tc 7c, only seat 1 plays after.
    played = [(2, "Jh 7h 8h 9h", 2)]  # all but few trumps gone; seat 1 still may hold clubs
    assert _pick("Td 7d 8s", current="Ad Kd", leader=2, tricks=played, legal="Td 7d") == "Td"


def test_does_not_smear_under_a_beatable_card() -> None:
    # Partner leads Kd; the Ad and Td are out, so seat 0 keeps its points (plays 7d).
    assert _pick("Qd 7d 8s", current="Kd 8d", leader=2, legal="Qd 7d") == "7d"


def test_wins_cheaply_when_last() -> None:
    # Opponents: seat 1 leads Jc, seat 3 plays 9c; partner played 8c.
    assert _pick("Ac Qc 7s", current="Jc 8c 9c", legal="Ac Qc") == "Qc"


def test_trumps_with_lowest_winning_trump() -> None:
    assert _pick("Jh 7h Qh 8s", current="Ac 7c Tc", legal="Jh 7h Qh") == "7h"


def test_discards_least_valuable_card() -> None:
    assert _pick("Ad 7d Kc", trump=Suit.SPADES, current="Ah 7h Js") == "7d"


def test_keeps_the_guard_of_a_ten() -> None:
    # 7d protects the Td against the Ad, so the 8c goes.
    assert _pick("Td 7d 8c", trump=Suit.SPADES, current="Ah 7h Js") == "8c"


def test_avoids_giving_opponents_a_run() -> None:
    # Seat 3 (opponent) wins with Tc over Jc; 9c would make 9-10-J (20 roem) for them.
    assert _pick("9c Kc 8d", current="Jc 7d Tc", legal="9c Kc") == "Kc"


def test_avoids_giving_opponents_stuk() -> None:
    # Opponent seat 1 wins with the Jh; partner 7h, seat 3 Kh; seat 0 holds Qh and 8h.
    assert _pick("Qh 8h Ac", current="Jh 7h Kh", legal="Qh 8h") == "8h"


def test_takes_a_roem_rich_trick() -> None:
    # Seat 1 leads Qd, partner Jd, seat 3 wins with Kd: a run J-Q-K (20). Seat 0 takes it.
    assert _pick("Ad 8d 7c", current="Qd Jd Kd", legal="Ad 8d") == "Ad"


def test_always_plays_a_legal_card() -> None:
    player = HeuristicPlayer("legal")
    view = make_view("Jh 9h Ac Tc 7d", current="Kd", legal="7d")
    assert player.choose_card(view) == card("7d")
