"""Every reason the rule bot gives states only facts that are true in the position.

(The Hint button shows the expert's choice now, explained by :mod:`hearts.explain`; its claims are checked in
``tests/test_hint_claims.py``. The rule bot's reasons are still the tips' words, in the coach and the
walkthrough.) Over a few hundred seeded positions
(hands of rule bots and random bots, with and without game totals) each reason the rule bot gives is checked
against the position itself: the facts are worked out here from the cards in hands, the tricks played and the
scores, never by asking the bot's own code. A pass gives one reason per card, and each is checked for its card.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from hearts import Deal, HandState
from hearts.bots import RandomBot, RuleBot
from hearts.bots.base import Bot, Decision
from hearts.bots.tips import HABIT_NAMES, Tips
from hearts.cards import Card
from hearts.hand import Phase
from hearts.observation import Observation

QS = 36
SPADES, HEARTS = 2, 3


def _suit(c: int) -> int:
    return int(c) // 13


def _rank(c: int) -> int:
    return int(c) % 13


class Position:
    """What is true at one decision, worked out from the hand's state (not from the bot)."""

    def __init__(self, h: HandState, seat: int, totals: tuple[int, ...] | None) -> None:
        self.h = h
        self.seat = seat
        self.n = h.n
        self.hand = {int(c) for c in h.hand_of(seat)}
        self.legal = {int(c) for c in h.legal_moves_for(seat)} if h.phase is Phase.PLAYING else set(self.hand)
        self.trick = [(s, int(c)) for s, c in h.current_trick]
        played = {int(c) for t in h.tricks for c in t.cards} | {c for _, c in self.trick}
        self.unseen = set(range(52)) - self.hand - played
        self.taken = [sum(t.points for t in h.tricks if t.winner == s) for s in range(self.n)]
        self.totals = totals
        # Shown out: played another suit to a trick led in that suit (earlier tricks and this one).
        self.void = [set[int]() for _ in range(self.n)]
        for t in [*((list(zip(t.seats, map(int, t.cards)))) for t in h.tricks), self.trick]:
            if t:
                led = _suit(t[0][1])
                for s, c in t[1:]:
                    if _suit(c) != led:
                        self.void[s].add(led)

    @property
    def led(self) -> int:
        return _suit(self.trick[0][1])

    @property
    def winning(self) -> tuple[int, int]:
        """(seat, card) winning the trick so far."""
        return max((x for x in self.trick if _suit(x[1]) == self.led), key=lambda x: x[1])

    def proj(self, s: int) -> int:
        """Points in the game so far: the totals before this hand plus the points taken in it."""
        return self.taken[s] + (self.totals[s] if self.totals else 0)

    def trick_points(self) -> int:
        return sum(1 for _, c in self.trick if _suit(c) == HEARTS) + 13 * any(c == QS for _, c in self.trick)

    def after_me(self) -> list[int]:
        return [(self.seat + k) % self.n for k in range(1, self.n - len(self.trick))]

    def higher_unseen(self, c: int) -> bool:
        return any(_suit(u) == _suit(c) and u > c for u in self.unseen)

    def one_player_has_every_point(self) -> bool:
        scorers = [s for s in range(self.n) if self.taken[s]]
        return len(scorers) == 1 and scorers[0] != self.seat


def _following(p: Position, c: int) -> bool:
    return bool(p.trick) and _suit(c) == p.led


def _void_in_led(p: Position) -> bool:
    return bool(p.trick) and not any(_suit(x) == p.led for x in p.hand)


def _leading(p: Position) -> bool:
    return not p.trick


Check = Callable[[Position, int, dict[str, object]], bool]

PLAY_FACTS: dict[str, Check] = {
    "only_card": lambda p, c, v: p.legal == {c},
    "dump_first": lambda p, c, v: p.h.tricks == [] and bool(p.trick) and p.trick_points() == 0,
    "flush_queen": lambda p, c, v: _leading(p) and _suit(c) == SPADES and QS in p.unseen
    and all(x < QS for x in p.hand if _suit(x) == SPADES),
    "queen_to_leader": lambda p, c, v: c == QS and _void_in_led(p) and v["points"] == p.proj(p.winning[0])
    and all(p.proj(p.winning[0]) <= p.proj(s) for s in range(p.n) if s != p.seat),
    "queen_end_game": lambda p, c, v: c == QS and p.totals is not None
    and p.proj(p.winning[0]) + 13 >= 100
    and all(p.proj(p.seat) < p.proj(s) + 13 * (s == p.winning[0]) for s in range(p.n) if s != p.seat),
    "queen_hold_target": lambda p, c, v: c != QS and QS in p.legal and p.totals is not None
    and p.proj(p.winning[0]) + 13 >= 100,
    "queen_dump": lambda p, c, v: c == QS and _void_in_led(p),
    "discard_queen": lambda p, c, v: c == QS and _void_in_led(p),
    "moon_lead": lambda p, c, v: _leading(p) and not p.higher_unseen(c),
    "moon_lead_long": lambda p, c, v: _leading(p)
    and all(p.higher_unseen(max(x for x in p.legal if _suit(x) == s)) for s in {_suit(x) for x in p.legal})
    and c == max(x for x in p.legal if _suit(x) == _suit(c))
    and all(
        sum(_suit(x) == _suit(c) for x in p.legal) >= sum(_suit(x) == s for x in p.legal) for s in range(4)
    ),
    "moon_win": lambda p, c, v: _following(p, c) and c > p.winning[1],
    "moon_low": lambda p, c, v: _following(p, c) and all(x < p.winning[1] for x in p.legal),
    "moon_discard": lambda p, c, v: _void_in_led(p),
    "stop_moon_take": lambda p, c, v: _following(p, c) and c > p.winning[1] and p.one_player_has_every_point(),
    "stop_moon_lead": lambda p, c, v: _leading(p) and _suit(c) == HEARTS and not p.higher_unseen(c)
    and p.one_player_has_every_point(),
    "stop_moon_give": lambda p, c, v: _void_in_led(p) and _suit(c) == HEARTS and p.one_player_has_every_point()
    and p.taken[p.winning[0]] == 0,
    "queen_hold": lambda p, c, v: c != QS and QS in p.hand and _void_in_led(p)
    and p.proj(p.winning[0]) > min(p.proj(s) for s in range(p.n) if s != p.seat)
    and sum(_suit(x) == SPADES for x in p.hand) - 1 >= 2,
    "duck": lambda p, c, v: _following(p, c) and c < p.winning[1],
    "last_pointless": lambda p, c, v: _following(p, c) and len(p.trick) == p.n - 1 and p.trick_points() == 0
    and c > p.winning[1],
    "forced_win_high": lambda p, c, v: len(p.trick) == p.n - 1 and all(_suit(x) == p.led for x in p.legal)
    and all(x > p.winning[1] for x in p.legal),
    "early_high": lambda p, c, v: _following(p, c) and c == max(p.legal) and 1 <= len(p.h.tricks) <= 3
    and p.trick_points() == 0 and not any(p.led in p.void[s] for s in p.after_me()),
    "early_high_keep_queen": lambda p, c, v: _following(p, c) and c == max(p.legal - {QS}) and QS in p.legal
    and c < QS and 1 <= len(p.h.tricks) <= 3 and p.trick_points() == 0
    and not any(p.led in p.void[s] for s in p.after_me()),
    "sure_win_high": lambda p, c, v: _following(p, c) and c == max(p.legal) and c > p.winning[1]
    and not p.higher_unseen(min(p.legal - {QS} or p.legal)),
    "sure_win_keep_queen": lambda p, c, v: _following(p, c) and c == max(p.legal - {QS}) and c < QS
    and c > p.winning[1] and not p.higher_unseen(min(p.legal - {QS})),
    "lowest_over": lambda p, c, v: _following(p, c) and c == min(p.legal) and c > p.winning[1]
    and p.higher_unseen(c) and len(p.trick) < p.n - 1,
    "lowest_over_keep_queen": lambda p, c, v: _following(p, c) and c == min(p.legal - {QS}) and QS in p.legal
    and c > QS and min(p.legal) > p.winning[1] and p.higher_unseen(c) and len(p.trick) < p.n - 1,
    "discard_high_spade": lambda p, c, v: _void_in_led(p) and c in (QS + 1, QS + 2) and QS in p.unseen,
    "discard_high": lambda p, c, v: _void_in_led(p) and _suit(c) != HEARTS,
    "discard_heart": lambda p, c, v: _void_in_led(p) and _suit(c) == HEARTS,
    "lead_low": lambda p, c, v: _leading(p) and p.higher_unseen(c),
    "lead_forced": lambda p, c, v: _leading(p) and not p.higher_unseen(c)
    and any(_suit(u) == HEARTS or u == QS for u in p.unseen),
    "lead_no_points": lambda p, c, v: _leading(p) and not p.higher_unseen(c)
    and not any(_suit(u) == HEARTS or u == QS for u in p.unseen),
    "lead_void_avoid": lambda p, c, v: _leading(p) and "♣♦♠♥".index(str(v["suit"])) != _suit(c)
    and any("♣♦♠♥".index(str(v["suit"])) in p.void[s] for s in range(p.n) if s != p.seat)
    and any(_suit(u) == HEARTS or u == QS for u in p.unseen),
}


def _kept(p: Position, passed: set[int]) -> set[int]:
    return p.hand - passed


PASS_FACTS: dict[str, Callable[[Position, int, dict[str, object], set[int]], bool]] = {
    "queen": lambda p, c, v, passed: c == QS and v["guards"] == sum(_suit(x) == SPADES for x in p.hand) - 1,
    "high_spade": lambda p, c, v, passed: c in (QS + 1, QS + 2)
    and v["guards"] == sum(_suit(x) == SPADES and x < QS for x in p.hand),
    "void": lambda p, c, v, passed: "♣♦♠♥".index(str(v["suit"])) == _suit(c)
    and not any(_suit(x) == _suit(c) for x in _kept(p, passed)),
    "high": lambda p, c, v, passed: _suit(c) != SPADES
    and all(_rank(x) <= _rank(c) for x in _kept(p, passed) if _suit(x) != SPADES),
    "low_spade": lambda p, c, v, passed: _suit(c) == SPADES
    and all(_suit(x) == SPADES for x in _kept(p, passed))
    and all(x > c for x in _kept(p, passed) if x != QS),
    "moon": lambda p, c, v, passed: _suit(c) != HEARTS and c != QS
    and all(_rank(x) >= _rank(c) for x in _kept(p, passed) if _suit(x) != HEARTS and x != QS),
    "last": lambda p, c, v, passed: True,  # says only that it makes up the number
}


def _plural_ok(key: str, count: object) -> bool:
    """A plural form fits its count (``.zero`` for 0, ``.one`` for 1, ``.other`` otherwise)."""
    form = key.rsplit(".", 1)[-1]
    if form not in ("zero", "one", "other"):
        return True
    return form == {0: "zero", 1: "one"}.get(count, "other")  # type: ignore[call-overload]


def _short(key: str) -> str:
    name = key.removeprefix("bot.reason.")
    return name.rsplit(".", 1)[0] if name.endswith((".zero", ".one", ".other")) else name


def _check_words(d: Decision) -> None:
    for lang in ("en", "es"):
        words = d.explain(lang)
        assert "{" not in words and all(str(c) in words for c in d.cards), (lang, words)


def _check(h: HandState, seat: int, totals: tuple[int, ...] | None, d: Decision, seen: dict[str, int]) -> None:
    p = Position(h, seat, totals)
    _check_words(d)
    if h.phase is Phase.PASSING:
        passed = {int(c) for c in d.cards}
        assert [c for part in d.parts for c in part.cards] == list(d.cards), d  # one reason for every card
        for part in d.parts:
            (c,) = part.cards
            name = _short(part.reason).removeprefix("pass_card.")
            values = dict(part.values)
            assert _plural_ok(part.reason, values.get("guards")), part
            assert PASS_FACTS[name](p, int(c), values, passed), (name, part.explain("en"), sorted(p.hand), d)
            assert values["card"] == str(c)
            seen["pass_card." + name] = seen.get("pass_card." + name, 0) + 1
        # the cards named in each reason are exactly that reason's cards
        for cards, words in d.reasons("en"):
            assert words.startswith(", ".join(map(str, cards)) + ":"), words
        return
    (c,) = d.cards
    name = _short(d.reason)
    assert name in PLAY_FACTS, f"a reason without a checked fact: {d.reason}"
    values = dict(d.values)
    assert PLAY_FACTS[name](p, int(c), values), (name, d.explain("en"), sorted(p.hand), p.trick, p.taken, totals)
    seen[name] = seen.get(name, 0) + 1


def _positions(count: int, hint: Bot | None = None) -> dict[str, int]:
    """Play ``count`` hands; check every decision of the rule bot (or ``hint``) in them. Returns how often each
    reason came."""
    seen: dict[str, int] = {}
    hint = RuleBot() if hint is None else hint
    for number in range(count):
        rng = random.Random(number)
        bots: list[Bot] = [hint if rng.random() < 0.7 else RandomBot(seed=number * 4 + s) for s in range(4)]
        bots[number % 4] = hint
        totals = None if number % 3 == 0 else tuple(rng.randrange(0, 96) for _ in range(4))
        h = HandState(Deal.from_number(number, hand_number=number % 4 + 1))
        if h.phase is Phase.PASSING:
            for s in range(4):
                d = bots[s].decide_pass(Observation.from_state(h, s, totals))
                if bots[s] is hint:
                    _check(h, s, totals, d, seen)
                h.pass_cards(s, d.cards)
        while h.phase is Phase.PLAYING:
            s = h.to_play
            d = bots[s].decide_play(Observation.from_state(h, s, totals))
            if bots[s] is hint:
                _check(h, s, totals, d, seen)
            h.play(d.card, s)
        if h.phase is Phase.MOON_CHOICE:
            h.choose_moon(h.to_play, "add")
    return seen


def test_every_hint_reason_is_true_in_its_position() -> None:
    seen = _positions(160)  # about 7,000 decisions in a few seconds
    assert sum(seen.values()) > 3000
    # The common reasons all came up (the rare ones are checked whenever they do).
    common = {
        "only_card", "dump_first", "duck", "lead_low", "lowest_over", "discard_high", "discard_heart",
        "early_high", "sure_win_high", "last_pointless", "queen_to_leader", "lead_void_avoid",
        "pass_card.high", "pass_card.void", "pass_card.queen", "pass_card.high_spade",
    }
    assert common <= set(seen), common - set(seen)


def test_the_habits_reasons_are_true_too() -> None:
    """The two habits (off in the default rule bot, on for anyone who switches them on) state true facts as well."""
    seen = _positions(60, RuleBot(Tips().with_(*HABIT_NAMES)))
    assert "queen_hold" in seen


def test_a_pass_of_cards_chosen_by_different_rules_gives_each_its_own_reason() -> None:
    # South: A♦ and K♦ are high cards; K♠ with one lower spade cannot be guarded; no Q♠.
    south = "AD KD KS 3S 2C 4C 6C 8C 10C 3H 5H 7H 9H"
    rest = [c for c in Deal.from_number(0).rules.deck if str(c) not in {str(Card.parse(x)) for x in south.split()}]
    hands = [south] + [" ".join(c.code for c in rest[i::3]) for i in range(3)]
    h = HandState(Deal.from_hands(hands))
    d = RuleBot().decide_pass(h.observation(0))
    by_card = {str(c): words for cards, words in d.reasons("en") for c in cards}
    assert set(by_card) == {"A♦", "K♦", "K♠"}
    assert "win Q♠" in by_card["K♠"] and "win Q♠" not in by_card["A♦"]
    assert by_card["A♦"] == by_card["K♦"]  # the same rule chose both: said once, naming both
    assert by_card["A♦"].startswith("K♦, A♦:") or by_card["A♦"].startswith("A♦, K♦:")
    es = dict((", ".join(map(str, cards)), words) for cards, words in d.reasons("es"))
    assert es["K♠"].startswith("K♠: con solo una pica por debajo de la Q♠")


def test_the_queen_reason_in_hand_one_with_everyone_on_zero() -> None:
    """Everyone on 0: the reason says the taker has no more points than any opponent (true), not "the fewest"."""
    found = 0
    for number in range(60):
        h = HandState(Deal.from_number(number))
        bot = RuleBot()
        while not h.is_over and h.phase is not Phase.MOON_CHOICE:
            if h.phase is Phase.PASSING:
                for s in range(4):
                    h.pass_cards(s, bot.decide_pass(h.observation(s)).cards)
                continue
            s = h.to_play
            d = bot.decide_play(Observation.from_state(h, s, (0, 0, 0, 0)))
            if d.reason == "bot.reason.queen_to_leader" and not any(t.points for t in h.tricks):
                words = d.explain("en")
                assert "has no more points than any other opponent (they have 0" in words, words
                assert "fewest" not in words
                found += 1
            h.play(d.card, s)
    assert found


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_tie_never_says_its_gap_is_less_than_an_equal_looking_margin(lang: str) -> None:
    # A tie 0.08 apart with a margin of 0.12 read "they differ by 0.1 points, less than its margin of 0.1".
    from hearts.explain import EQUAL_Z, Explanation, Fact

    nine, jack = Card.parse("9D"), Card.parse("JD")
    fact = Fact("tie", (nine,), (jack,), gap=-0.08, gap_se=0.12 / EQUAL_Z)
    (said,) = Explanation("play", 0, 4, (nine,), (fact,)).sentences(lang)
    gap, margin = ("0.08", "0.12") if lang == "en" else ("0,08", "0,12")
    assert gap in said and margin in said, said
    wide = Fact("tie", (nine,), (jack,), gap=0.3, gap_se=0.9 / EQUAL_Z)  # apart at one digit: one digit
    (said,) = Explanation("play", 0, 4, (nine,), (wide,)).sentences(lang)
    assert ("0.3" if lang == "en" else "0,3") in said and ("0.9" if lang == "en" else "0,9") in said, said


def test_why_not_a_card_of_the_hinted_pass_says_it_is_one_of_its_three() -> None:
    # "Why not A♥?" on a pass hint of K♦ Q♥ A♥ answered "A♥ is the hinted card", as if the pass were one card.
    from hearts.explain import Explanation, Fact

    cards = tuple(Card.parse(c) for c in ("KD", "QH", "AH"))
    said = Explanation("pass", 0, 4, cards, (Fact("is_hint", (cards[2],)),)).sentences
    assert said("en") == ["A♥ is one of the cards of the hinted pass, K♦ Q♥ A♥."]
    assert said("es") == ["A♥ es una de las cartas del pase de la pista, K♦ Q♥ A♥."]
    play = Explanation("play", 0, 4, cards[2:], (Fact("is_hint", cards[2:]),)).sentences
    assert play("en") == ["A♥ is the hinted card."] and play("es") == ["A♥ es la carta de la pista."]
