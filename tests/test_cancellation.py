"""Cancellation Hearts (two packs, 6 to 10 players): rules, deals, cancelling, piles, widow, scoring, records.

The cancel rule is checked against a small reference written here from docs/rules.md alone (Counter-based,
no bitmasks) on thousands of random hands for every player count; crafted deals cover every edge case
docs/rules.md names.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts import Card, CardSet, Deal, Game, HandState, Rules
from hearts.cards import ms_add, ms_from, ms_sub
from hearts.errors import CardParseError, DealError, IllegalMoveError, RecordError, Rule, RulesError
from hearts.hand import Phase
from hearts.record import GameRecord, HandRecord

QS = Card.parse("QS")


# ----- the reference: docs/rules.md's cancel rule, written plainly ------------------------------------


def card_points(c: Card) -> int:
    return 1 if c.suit == 3 else 13 if c == QS else 0


def reference_hand(
    n: int, first_leader: int, tricks: Sequence[Sequence[Card]], widow: Sequence[Card]
) -> tuple[list[int], list[int], list[int]]:
    """Points each seat takes, the leader of every trick and who took each trick (-1: it waited)."""
    points = [0] * n
    leaders: list[int] = []
    takers: list[int] = []
    pile: list[Card] = []
    widow_left = list(widow)
    leader = first_leader
    for k, cards in enumerate(tricks):
        leaders.append(leader)
        seats = [(leader + i) % n for i in range(n)]
        count = Counter(cards)
        led = cards[0].suit
        live = [(c.rank, seat) for c, seat in zip(cards, seats) if c.suit == led and count[c] == 1]
        pile.extend(cards)
        if live:
            taker = max(live)[1]
        elif k == len(tricks) - 1:
            taker = leader  # the last trick: its leader takes it
        else:
            takers.append(-1)  # it waits; the same player leads again
            continue
        pile.extend(widow_left)  # the widow goes to the first trick's winner
        widow_left = []
        points[taker] += sum(card_points(c) for c in pile)
        pile = []
        takers.append(taker)
        leader = taker
    assert not pile and not widow_left
    return points, leaders, takers


def random_hand(rules: Rules, seed: int) -> HandState:
    rng = random.Random(seed)
    h = HandState(Deal.from_number(seed, rules), rules, dealer=seed % rules.num_players)
    for seat in h.waiting_to_pass:
        h.pass_cards(seat, rng.sample(list(h.hand_of(seat)), 3))
    while not h.is_over:
        if h.phase is Phase.MOON_CHOICE:
            h.choose_moon(h.to_play, rng.choice(["add", "subtract"]))
            break
        # Pairs are rare when play is uniform: half the time play a card that cancels one in the trick.
        legal = h.legal_mask()
        twins = [c for c in h.trick if legal >> c & 1]
        c = rng.choice(twins) if twins and rng.random() < 0.5 else rng.choice(list(CardSet(legal)))
        h.push(c)
    return h


@pytest.mark.parametrize("n", range(6, 11))
def test_engine_agrees_with_the_reference_on_random_hands(n: int) -> None:
    rules = Rules.cancellation(n)
    waited = 0
    for seed in range(1000):
        h = random_hand(rules, seed)
        points, leaders, takers = reference_hand(
            n, (h.dealer + 1) % n, [t.cards for t in h.tricks], list(h.deal.widow)
        )
        assert tuple(points) == h.result().points, seed
        assert [t.leader for t in h.tricks] == leaders, seed
        assert [t.winner for t in h.tricks] == takers, seed
        waited += takers.count(-1)
    assert waited > 20  # the random hands do exercise the waiting pile


@pytest.mark.parametrize("n", range(6, 11))
def test_properties_of_random_hands(n: int) -> None:
    """52 points a hand or a moon; every card played once (both copies: all 104 less the widow); no pile at the end."""
    rules = Rules.cancellation(n, moon="choice" if n % 2 else "add", jack_of_diamonds=n == 9)
    for seed in range(120):
        h = random_hand(rules, 10_000 + seed)
        r = h.result()
        if r.shooter is None:
            assert sum(r.points) == rules.hand_total == (32 if rules.jack_of_diamonds else 52)
        else:
            assert h.taken[r.shooter] & rules.penalty_mask == rules.penalty_mask
        played = Counter(c for t in h.tricks for c in t.cards)
        assert played + Counter(h.deal.widow) == Counter({c: 2 for c in map(Card, range(52))})
        assert h.played_mask == ms_sub(rules.deck_mask, h.deal.widow.mask)
        assert h.pile == 0 and h.pile_tricks == []
        taken = 0
        for t in h.taken:
            taken = ms_add(taken, t)
        assert taken == rules.deck_mask  # every card taken by someone, the widow too
        assert all(hand == 0 for hand in h.hands)


# ----- rules -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "size", "widow"), [(6, 17, 2), (7, 14, 6), (8, 13, 0), (9, 11, 5), (10, 10, 4)])
def test_rules_for_every_table(n: int, size: int, widow: int) -> None:
    r = Rules.cancellation(n)
    assert (r.decks, r.copies, r.hand_size, r.widow_size, r.deck_size) == (2, 2, size, widow, 104)
    assert r.hand_total == r.moon_points == 52
    assert len(r.deck) == 104 and r.deck.copies("QS") == 2
    assert Rules.from_dict(r.to_dict()) == r
    d = Deal.from_number(3, r)
    assert [len(h) for h in d.hands] == [size] * n and len(d.widow) == widow
    total = d.widow.mask
    for hand in d.hands:
        total = ms_add(total, hand.mask)
    assert total == r.deck_mask


@pytest.mark.parametrize("n", [3, 4, 5, 11, 0, "8", True])
def test_a_table_it_cannot_seat_is_a_typed_error(n: object) -> None:
    with pytest.raises(RulesError) as e:
        Rules(num_players=n, decks=2)  # type: ignore[arg-type]
    assert e.value.option == "num_players" and "6 to 10" in str(e.value)
    with pytest.raises(RulesError) as e2:
        Rules(num_players=8)  # one pack seats 3 to 7
    assert e2.value.option == "num_players"
    with pytest.raises(RulesError) as e3:
        Rules(num_players=8, decks=3)
    assert e3.value.option == "decks"
    with pytest.raises(RulesError):
        Rules.cancellation(8).first_lead  # noqa: B018


def test_other_options_still_apply() -> None:
    r = Rules.cancellation(6, target_score=50, qs_breaks_hearts=True, moon="subtract", passing=False,
                           jack_of_diamonds=True)
    assert r.pass_cycle[0].value == "none" and r.hand_total == 32
    assert [d.value for d in Rules.cancellation(6).pass_cycle] == ["left", "right"]
    assert r.points_of(ms_from([int(QS), int(QS), int(Card.parse("JD"))])) == 16


# ----- cards held twice ----------------------------------------------------------------------------


def test_card_sets_hold_two_copies() -> None:
    h = CardSet.parse("QS QS 2C AH")
    assert len(h) == 4 and h.copies("QS") == 2 and str(h) == "2♣ Q♠ Q♠ A♥"
    assert h.count(2) == 2 and str(h.of_suit(2)) == "Q♠ Q♠" and str(h.distinct) == "2♣ Q♠ A♥"
    assert str(h - CardSet.parse("QS")) == "2♣ Q♠ A♥"
    assert str(h - CardSet.parse("QS QS")) == "2♣ A♥"
    assert str(CardSet.parse("QS") + CardSet.parse("QS")) == "Q♠ Q♠"
    assert CardSet.parse("QS") <= h and not CardSet.parse("AH AH") <= h
    assert CardSet(h.mask) == h and h.codes() == ["2C", "QS", "QS", "AH"]
    with pytest.raises(CardParseError):
        CardSet.parse("QS QS QS")
    with pytest.raises(CardParseError):
        h + CardSet.parse("QS")
    with pytest.raises(CardParseError):
        CardSet(1 << 52)  # a second copy without the first


# ----- crafted deals -------------------------------------------------------------------------------


Script = dict[int, list[Card]]


def scripted(
    n: int, plays: dict[int, str], widow: str = "", avoid: dict[int, str] | None = None
) -> tuple[HandState, Script]:
    """A hand where each seat plays the listed cards first (seat 0 on the dealer's left leads), the rest of
    its hand topped up with cards of suits it is not told to avoid, no passing."""
    rules = Rules.cancellation(n, passing=False)
    avoid = avoid or {}
    hands = {s: list(CardSet.parse(plays.get(s, ""))) for s in range(n)}
    used = Counter(c for cards in hands.values() for c in cards) + Counter(CardSet.parse(widow))
    pool = [Card(c) for c in range(51, -1, -1) for _ in range(2 - used[Card(c)])]
    for s in range(n):
        banned = {"CDSH".index(x) for x in avoid.get(s, "")}
        while len(hands[s]) < rules.hand_size:
            c = next(c for c in pool if c.suit not in banned)
            pool.remove(c)
            hands[s].append(c)
    leftover = CardSet.parse(widow) + CardSet(pool)
    deal = Deal.from_hands([CardSet(h) for h in hands.values()], rules, leftover)
    h = HandState(deal, rules, dealer=n - 1)
    return h, {s: [Card.parse(x) for x in plays.get(s, "").split()] for s in range(n)}


def play_scripted(h: HandState, script: Script, tricks: int) -> None:
    for _ in range(tricks * h.n):
        h.play(script[h.to_play].pop(0), h.to_play)


def test_all_cancelled_on_the_first_trick_the_next_winner_takes_it_and_the_widow() -> None:
    h, script = scripted(6, {0: "5C KD", 1: "5C 2D", 2: "7C 3D", 3: "7C 4D", 4: "9C 6D", 5: "9C 8D"}, widow="QS AH")
    assert h.to_play == 0
    play_scripted(h, script, 1)
    t0 = h.tricks[0]
    assert t0.waited and t0.winner == -1 and set(t0.cancelled) == set(CardSet.parse("5C 7C 9C"))
    assert h.to_play == h.leader == 0  # the same player leads again
    assert len(CardSet(h.pile)) == 6 and h.points == [0] * 6
    for seat in range(6):  # the waiting pile is in every seat's observation; the widow is not shown yet
        obs = h.observation(seat)
        assert obs.pile_mask == h.pile and obs.widow_mask == 0 and obs.widow_taker == -1  # type: ignore[attr-defined]
    play_scripted(h, script, 1)
    t1 = h.tricks[1]
    assert (t1.winner, t1.carried, t1.widow, t1.points) == (0, (0,), tuple(CardSet.parse("QS AH")), 14)
    assert h.points == [14, 0, 0, 0, 0, 0] and h.pile == 0 and h.widow_taker == 0
    for seat in range(6):
        assert str(h.observation(seat).widow) == "Q♠ A♥"  # type: ignore[attr-defined]
    assert h.undo().cards == (Card.parse("8D"),) and h.pile and h.widow_taker == -1  # undo reopens it


def test_two_piles_in_a_row_and_both_queens_cancelled() -> None:
    h, script = scripted(
        6,
        {0: "5C 2S AD", 1: "5C 2S 2D", 2: "7C QS 3D", 3: "7C QS 4D", 4: "9C 6S 6D", 5: "9C 6S 8D"},
        widow="AH KH",
        avoid={},
    )
    play_scripted(h, script, 3)
    assert [t.winner for t in h.tricks] == [-1, -1, 0]
    assert h.tricks[1].cancelled == tuple(Card.parse(c) for c in ("2S", "QS", "6S"))  # in play order
    assert h.tricks[2].carried == (0, 1) and h.tricks[2].points == 26 + 2  # both Q♠, then the widow's 2 hearts
    assert h.points[0] == 28


def test_both_queens_cancelled_in_a_trick_another_spade_wins() -> None:
    h, script = scripted(6, {0: "AC 2S", 1: "2C QS", 2: "3C QS", 3: "4C 3S", 4: "6C KS", 5: "8C 4S"}, widow="2H 3H")
    play_scripted(h, script, 2)
    assert h.tricks[0].winner == 0 and h.tricks[0].points == 2  # the widow's hearts with the first trick
    assert h.tricks[1].winner == 4 and h.tricks[1].cancelled == (QS,) and h.points[4] == 26


def test_on_the_last_trick_its_leader_takes_it() -> None:
    """Partners hold identical hands and play the lowest legal card: every trick cancels, piles up to the
    last, whose leader takes all 104 cards: all 28 penalty cards, a moon (0 for the leader, 52 to the rest)."""
    for n, partner in ((8, 4), (6, 3), (10, 5)):
        rules = Rules.cancellation(n, passing=False)
        one = Deal.from_number(n, Rules(num_players=4, passing=False))
        distinct = sorted(c for hand in one.hands for c in hand)
        k = rules.hand_size
        base = [distinct[i * k : (i + 1) * k] for i in range(partner)]
        hands = [CardSet(base[s % partner]) for s in range(n)]
        widow = CardSet(distinct[partner * k :] * 2)
        h = HandState(Deal.from_hands(hands, rules, widow), rules, dealer=n - 1)
        while not h.is_over:
            h.play(h.legal_moves.lowest())
        assert all(t.waited for t in h.tricks[:-1])
        last = h.tricks[-1]
        assert last.winner == last.leader == 0 and last.carried == tuple(range(k - 1))
        r = h.result()
        assert r.points[0] == 52 and r.shooter == 0 and r.scores == (0,) + (52,) * (n - 1)
        assert r.tricks_won == (1,) + (0,) * (n - 1)


def test_a_first_leader_holding_only_hearts_and_the_queen() -> None:
    rules = Rules.cancellation(6, passing=False)
    hearts = [c for c in map(Card, range(39, 52))]
    lead = CardSet(hearts + hearts[:3] + [QS])  # 17: only hearts and Q♠
    rest = rules.deck - lead
    cards = list(rest)
    hands = [lead] + [CardSet(cards[i * 17 : (i + 1) * 17]) for i in range(5)]
    h = HandState(Deal.from_hands(hands, rules), rules, dealer=5)
    # Neither a heart nor Q♠, unless nothing else: then hearts are still not broken, so Q♠.
    assert h.to_play == 0 and str(h.legal_moves) == "Q♠"
    err = h.why_not("AH")
    assert err is not None and err.rule is Rule.HEARTS_NOT_BROKEN
    # Holding other cards, the first lead may be neither a heart nor Q♠ (a rule and a learner's explanation).
    h2 = HandState(Deal.from_number(1, rules), rules, dealer=5)
    bad = next(c for c in h2.hand_of(0) if c.suit == 3)
    e = h2.why_not(bad)
    assert e is not None and e.rule is Rule.NO_POINTS_ON_FIRST_TRICK
    assert "Cancellation Hearts" in e.explain("en") and "anulación" in e.explain("es")
    with pytest.raises(IllegalMoveError):
        h2.play(bad)
    penalty = CardSet.parse("QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
    assert h2.cards_played == 0 and h2.legal_moves == h2.hand_of(0).distinct - penalty


def test_first_lead_comes_from_the_dealers_left_and_a_game_rotates_it() -> None:
    rules = Rules.cancellation(7, passing=False)
    g = Game(11, rules, first_dealer=3)
    assert g.hand.to_play == 4
    hand_only = HandState(Deal.from_number(2, rules), rules)
    assert hand_only.to_play == 0  # no game: seat 0 leads the first hand


def test_passing_both_copies_and_refusals() -> None:
    rules = Rules.cancellation(6)
    d = Deal.from_number(0, rules)
    h = HandState(d, rules)
    seat = next(s for s in range(6) if d.hands[s].mask >> 52)
    twin = next(c for c in d.hands[seat] if d.hands[seat].copies(c) == 2)
    single = next(c for c in d.hands[seat] if d.hands[seat].copies(c) == 1)
    other = next(c for c in d.hands[seat] if c not in (twin, single))
    with pytest.raises(IllegalMoveError) as e:
        h.pass_cards(seat, [single, single, other])
    assert e.value.details.get("card") == str(single) and e.value.rule is Rule.DUPLICATE_PASS_CARD
    assert "only one" in e.value.explain("en") and "Solo tienes una" in e.value.explain("es")
    assert h.passes[seat] is None and h.hands[seat] == d.hands[seat].mask  # nothing changed
    h.pass_cards(seat, [twin, twin, single])
    target = h.pass_target(seat)
    for s in h.waiting_to_pass:
        h.pass_cards(s, list(h.hand_of(s))[:3])
    assert h.received[target] == ms_from([twin, twin, single])
    assert all(len(h.hand_of(s)) == 17 for s in range(6))


# ----- records ------------------------------------------------------------------------------------


def test_records_round_trip_and_refuse_damage() -> None:
    rules = Rules.cancellation(9)
    h = random_hand(rules, 5)
    rec = HandRecord.from_state(h)
    text = rec.to_json()
    again = HandRecord.from_json(text)
    assert again.replay().result() == h.result() and again.dealer == h.dealer
    data = json.loads(text)
    assert len(data["deal"]["widow"]) == 5 and data["rules"]["decks"] == 2

    def refused(change: object) -> RecordError:
        bad = json.loads(text)
        change(bad)  # type: ignore[operator]
        with pytest.raises(RecordError) as e:
            HandRecord.from_dict(bad)
        return e.value

    def three(d: dict) -> None:  # type: ignore[type-arg]
        d["deal"]["number"] = None
        hand = d["deal"]["hands"][0]
        hand[1] = hand[2] = hand[0]

    assert refused(three).path == "deal.hands[0][2]"

    def damaged_widow(d: dict) -> None:  # type: ignore[type-arg]
        d["deal"]["number"] = None
        d["deal"]["widow"] = d["deal"]["widow"][:-1]

    e = refused(damaged_widow)
    assert e.path == "deal.widow" and "widow" in str(e)

    def widow_swapped(d: dict) -> None:  # type: ignore[type-arg]
        d["deal"]["number"] = None
        w = d["deal"]["widow"]
        w[0] = "AH" if w[0] != "AH" else "KH"

    assert refused(widow_swapped).path == "deal.widow"
    assert refused(lambda d: d.pop("dealer")).path == "dealer"
    assert refused(lambda d: d["plays"].append(d["plays"][0])).path.startswith("plays")

    g = Game(2, Rules.cancellation(10, target_score=30))
    rng = random.Random(0)
    while not g.is_over:
        hs = g.hand
        for s in hs.waiting_to_pass:
            hs.pass_cards(s, rng.sample(list(hs.hand_of(s)), 3))
        while not hs.is_over:
            hs.play(rng.choice(list(hs.legal_moves)))
        if not g.is_over:
            g.next_hand()
    grec = GameRecord.from_json(GameRecord.from_game(g).to_json())
    assert grec.replay().scores == g.scores and [x.dealer for x in grec.hands] == [
        (g.first_dealer + i) % 10 for i in range(g.hand_number)
    ]


def test_bad_deals_are_typed_errors() -> None:
    rules = Rules.cancellation(8)
    d = Deal.from_number(1, rules)
    with pytest.raises(DealError, match="widow"):
        Deal(d.hands, rules, widow=CardSet.parse("2C"))
    with pytest.raises(DealError, match="widow"):
        Deal(Deal.from_number(1, Rules()).hands, Rules(), widow=CardSet.parse("2C"))


@settings(max_examples=40, deadline=None, database=None, derandomize=True)
@given(st.integers(6, 10), st.integers(0, 10**6), st.integers(0, 200))
def test_undo_and_copy_agree_with_a_replay(n: int, seed: int, stop: int) -> None:
    rules = Rules.cancellation(n)
    rng = random.Random(seed)
    h = HandState(Deal.from_number(seed, rules), rules)
    for seat in h.waiting_to_pass:
        h.pass_cards(seat, rng.sample(list(h.hand_of(seat)), 3))
    for _ in range(min(stop, 104 - len(h.deal.widow) - 1)):
        h.push(rng.choice(list(h.legal_moves)))
    c = h.copy()
    before = (list(h.hands), h.pile, list(h.points), len(h.tricks), h.to_play)
    card = rng.choice(list(h.legal_moves))
    h.push(card)
    h.undo()
    assert (list(h.hands), h.pile, list(h.points), len(h.tricks), h.to_play) == before
    assert (c.pile, c.hands, c.tricks) == (h.pile, h.hands, h.tricks)
