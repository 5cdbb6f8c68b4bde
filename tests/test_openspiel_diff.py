"""Differential test: our rules engine against OpenSpiel's ``hearts``.

Both engines play the same deals with the same passes and plays. At every
decision the set of legal cards must be identical (while passing: every card
the passer still holds, since any 3 cards may be passed), the player to move
and whether hearts are broken must agree, and the final points (moon
included) must be identical.

Hands come from three sources, all deterministic (seeded with
:class:`hearts.deal.StableRandom`, so the same on every machine):

- numbered deals with uniformly random passes and plays;
- numbered deals where a "steering" policy herds every penalty card to one
  seat, so that moons occur (the test counts them and fails if none do);
- scripted deals that force the rare rules: a first-trick discard from a
  hand of only penalty cards, a heart lead from a hand of only hearts while
  hearts are unbroken, and the forced Q♠ lead from a hand of Q♠ and hearts.

Each situation is counted and must occur, so the test cannot pass by
silently no longer reaching a rule.
"""

from __future__ import annotations

import collections
from collections.abc import Callable

# OpenSpiel is required, not optional, here: CI installs the 'compare' extra.
import pyspiel
import pytest

from hearts.cards import HEARTS_MASK, JACK_OF_DIAMONDS, QUEEN_OF_SPADES, SUIT_MASKS, Card, CardSet
from hearts.deal import Deal, StableRandom
from hearts.hand import HandState
from hearts.interop import openspiel as osb
from hearts.rules import PassDirection, Rules

PENALTY = HEARTS_MASK | (1 << QUEEN_OF_SPADES)
QS_BIT = 1 << QUEEN_OF_SPADES
OPENSPIEL_REFUSALS = 20  # hands per variant where OpenSpiel's own legality check is exercised
ALL_DIRECTIONS = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE)

# ----- policies ----------------------------------------------------------------


def bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def pick(mask: int, rng: StableRandom) -> int:
    cards = bits(mask)
    return cards[rng.below(len(cards))]


def rank(c: int) -> int:
    return c % 13


PassPolicy = Callable[[HandState, int, StableRandom], int]
PlayPolicy = Callable[[HandState, int, StableRandom], int]


def random_pass(hand: HandState, seat: int, rng: StableRandom) -> int:
    cards = bits(hand.hands[seat])
    mask = 0
    for _ in range(3):
        c = cards.pop(rng.below(len(cards)))
        mask |= 1 << c
    return mask


def random_play(hand: HandState, legal: int, rng: StableRandom) -> int:
    return pick(legal, rng)


def steering(target: int, epsilon: int = 10) -> tuple[PassPolicy, PlayPolicy]:
    """Policies that try to make ``target`` take every penalty card (a moon).

    ``epsilon`` percent of plays stay random so the hands keep varying.
    """

    def pass_(hand: HandState, seat: int, rng: StableRandom) -> int:
        held = bits(hand.hands[seat])
        if seat == target:
            # Keep the penalty cards and high cards; pass the lowest others.
            order = sorted(held, key=lambda c: (bool((1 << c) & PENALTY), rank(c)))
        elif hand.pass_target(seat) == target:
            # Give the shooter the penalty cards: Q♠ first, then the highest hearts.
            order = sorted(held, key=lambda c: (c != QUEEN_OF_SPADES, c < 39, -rank(c)))
        else:
            return random_pass(hand, seat, rng)
        return (1 << order[0]) | (1 << order[1]) | (1 << order[2])

    def play(hand: HandState, legal: int, rng: StableRandom) -> int:
        if rng.below(100) < epsilon:
            return pick(legal, rng)
        seat = hand.to_play
        cards = bits(legal)
        if seat == target:
            # Win everything: the highest card, preferring non-hearts when leading.
            return max(cards, key=lambda c: (rank(c), c // 13 != 3))
        trick = hand.trick
        if not trick:
            return min(cards, key=rank)
        led = hand.led_suit
        if legal & SUIT_MASKS[led] == legal:
            return min(cards, key=rank)  # following suit: stay under the shooter
        # Discarding: feed the shooter if it is winning or still to play.
        penalties = [c for c in cards if (1 << c) & PENALTY]
        if penalties:
            return max(penalties, key=lambda c: (c == QUEEN_OF_SPADES, rank(c)))
        return max(cards, key=rank)

    return pass_, play


# ----- one hand through both engines ----------------------------------------------


class Stats(collections.Counter[str]):
    pass


def describe(hand: HandState, label: str) -> str:
    plays = " ".join(f"{seat}:{c}" for seat, c in hand.plays)
    passes = [str(CardSet(p)) if p is not None else "-" for p in hand.passes]
    return (
        f"{label}: rules={hand.rules} pass={hand.pass_direction.value}\n"
        f"deal:\n{hand.deal}\npasses: {passes}\nplays: {plays}"
    )


def classify(hand: HandState, legal: int, stats: Stats) -> None:
    """Count the rule situations this decision exercises."""
    held = hand.hands[hand.to_play]
    first = hand.trick_number == 0
    if hand.trick:
        if not held & SUIT_MASKS[hand.led_suit]:
            stats["discard"] += 1
            if first:
                if held & ~PENALTY and held & PENALTY:
                    stats["first_trick_discard_penalty_refused"] += 1
                elif not held & ~PENALTY:
                    stats["first_trick_discard_only_penalty"] += 1
        return
    if first:
        stats["opening_lead"] += 1
        return
    if hand.hearts_broken:
        if not any(t.cards and any(c >= 39 for c in t.cards) for t in hand.tricks) and held & HEARTS_MASK:
            stats["lead_hearts_broken_by_queen"] += 1
        return
    if held & HEARTS_MASK and held & ~HEARTS_MASK:
        stats["lead_hearts_unbroken"] += 1
        if held & ~PENALTY == 0:
            stats["lead_forced_queen"] += 1
        if QS_BIT & sum(1 << c for t in hand.tricks for c in t.cards):
            stats["lead_unbroken_after_queen"] += 1
    elif held and not held & ~HEARTS_MASK:
        stats["lead_only_hearts_unbroken"] += 1


def play_both(
    deal: Deal,
    rules: Rules,
    direction: PassDirection,
    rng: StableRandom,
    pass_policy: PassPolicy,
    play_policy: PlayPolicy,
    stats: Stats,
    label: str,
    checked: bool,
) -> None:
    ours = HandState(deal, rules, pass_direction=direction)
    theirs = osb.new_state(deal, direction, rules)

    if direction is not PassDirection.NONE:
        chosen = [pass_policy(ours, seat, rng) for seat in range(4)]
        # OpenSpiel passes one card at a time, North, East, South, West; any
        # card the passer still holds must be allowed at every step.
        while osb.is_passing(theirs):
            seat = osb.seat_to_move(theirs)
            assert seat is not None
            remaining = ours.hands[seat]
            for c in bits(chosen[seat]):
                assert osb.legal_mask(theirs) == remaining, describe(ours, label)
                osb.apply_pass_card(theirs, c)
                remaining &= ~(1 << c)
            stats["pass"] += 1
        # Our passes are simultaneous: apply them in another order (reverse of OpenSpiel's).
        for seat in (1, 0, 3, 2):
            if checked:
                ours.pass_cards(seat, bits(chosen[seat]))
            else:
                ours.push_pass(seat, chosen[seat])
    else:
        assert not osb.is_passing(theirs)

    struct = theirs.to_struct()
    for seat in range(4):
        theirs_hand = CardSet.parse(" ".join(struct.hands[osb.to_openspiel_player(seat)]))
        assert theirs_hand == ours.hand_of(seat), describe(ours, label)

    stats_seen_refusal = False
    while not ours.is_over:
        seat = ours.to_play
        assert osb.seat_to_move(theirs) == seat, describe(ours, label)
        assert theirs.hearts_broken() == ours.hearts_broken, describe(ours, label)
        legal = ours.legal_mask()
        their_legal = osb.legal_mask(theirs)
        assert legal == their_legal, (
            f"legal moves differ: ours {CardSet(legal)}, OpenSpiel {CardSet(their_legal)}\n{describe(ours, label)}"
        )
        if checked:
            assert ours.legal_moves.mask == legal
            illegal = ours.hands[seat] & ~legal
            if illegal:
                # The checked API refuses what OpenSpiel refuses. In the first
                # hands, OpenSpiel's own check is seen to refuse it too, changing
                # nothing (it prints the whole state to stderr, so not always).
                wrong = pick(illegal, rng)
                assert ours.why_not(wrong) is not None
                if not stats_seen_refusal and stats["openspiel_refusal"] < OPENSPIEL_REFUSALS:
                    history = theirs.history()
                    with pytest.raises(pyspiel.SpielError):
                        theirs.apply_action_with_legality_check(osb.card_to_action(wrong))
                    assert theirs.history() == history
                    stats_seen_refusal = True
                    stats["openspiel_refusal"] += 1
        classify(ours, legal, stats)
        stats["decision"] += 1
        c = play_policy(ours, legal, rng)
        if checked:
            ours.play(Card(c))
        else:
            ours.push(c)
        osb.apply_play(theirs, c)

    assert theirs.is_terminal(), describe(ours, label)
    result = ours.result()
    assert result.scores == osb.scores(theirs), (
        f"scores differ: ours {result.scores}, OpenSpiel {osb.scores(theirs)}\n{describe(ours, label)}"
    )
    stats["hand"] += 1
    if result.shooter is not None:
        stats["moon"] += 1
        if rules.jack_of_diamonds:
            jd_taker = next(t.winner for t in ours.tricks if JACK_OF_DIAMONDS in t.cards)
            stats["moon_jd_shooter" if jd_taker == result.shooter else "moon_jd_other"] += 1


# ----- scripted deals for the rare rules -------------------------------------------

HEARTS_2_TO_K = " ".join(f"{r}H" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"))
SCRIPTS = {
    # Void in clubs with only penalty cards: any of them may go on the first trick.
    "only_hearts": HEARTS_2_TO_K + " AH",
    "queen_and_hearts": "QS " + HEARTS_2_TO_K,
    # Wins the first trick with A♣, then leads from only hearts while hearts are unbroken.
    "ace_then_hearts": "AC " + HEARTS_2_TO_K,
    # Wins the first trick with A♣, then must lead Q♠ (hearts unbroken, the rest are hearts).
    "ace_queen_then_hearts": "AC QS " + HEARTS_2_TO_K.rsplit(" ", 1)[0],
}


def scripted_deal(cards: str, seat: int, rules: Rules, rng: StableRandom) -> Deal:
    mine = CardSet.parse(cards).mask
    assert mine.bit_count() == 13
    rest = [c for c in range(52) if not mine >> c & 1]
    rng.shuffle(rest)
    hands = [0, 0, 0, 0]
    hands[seat] = mine
    others = [s for s in range(4) if s != seat]
    for i, c in enumerate(rest):
        hands[others[i % 3]] |= 1 << c
    return Deal.from_hands([CardSet(m) for m in hands], rules)


# ----- the differential runs ---------------------------------------------------------

VARIANTS = {
    "default": Rules(),
    "qs_breaks_hearts": Rules(qs_breaks_hearts=True),
    "jack_of_diamonds": Rules(jack_of_diamonds=True),
    "no_passing": Rules(passing=False),
}

# (random hands, steered hands, scripted hands per script) for each variant.
COUNTS = {
    "default": (10_000, 2_000, 20),
    "qs_breaks_hearts": (5_000, 1_000, 20),
    "jack_of_diamonds": (2_000, 600, 8),
    "no_passing": (1_000, 300, 8),
}

# Situations each variant must reach (so the comparison covers them).
MUST_SEE_ALWAYS = ("moon", "openspiel_refusal", "first_trick_discard_penalty_refused", "lead_only_hearts_unbroken")
MUST_SEE = {
    "default": ("first_trick_discard_only_penalty", "lead_forced_queen", "lead_unbroken_after_queen"),
    "qs_breaks_hearts": ("first_trick_discard_only_penalty", "lead_forced_queen", "lead_hearts_broken_by_queen"),
    "jack_of_diamonds": ("moon_jd_shooter", "moon_jd_other", "lead_unbroken_after_queen"),
    "no_passing": ("first_trick_discard_only_penalty", "lead_forced_queen"),
}


def run_variant(name: str) -> Stats:
    rules = VARIANTS[name]
    n_random, n_steered, n_scripted = COUNTS[name]
    directions = ALL_DIRECTIONS if rules.passing else (PassDirection.NONE,)
    stats = Stats()
    for i in range(n_random):
        rng = StableRandom(f"openspiel-diff/{name}/random/{i}")
        direction = directions[i % len(directions)]
        deal = Deal.from_number(i, rules)
        play_both(deal, rules, direction, rng, random_pass, random_play, stats, f"{name} random #{i}", i % 2 == 0)
    for i in range(n_steered):
        rng = StableRandom(f"openspiel-diff/{name}/steered/{i}")
        direction = directions[i % len(directions)]
        deal = Deal.from_number(100_000 + i, rules)
        pass_, play = steering(target=i % 4)
        play_both(deal, rules, direction, rng, pass_, play, stats, f"{name} steered #{i}", i % 2 == 1)
    for script, cards in SCRIPTS.items():
        for i in range(n_scripted):
            rng = StableRandom(f"openspiel-diff/{name}/{script}/{i}")
            deal = scripted_deal(cards, i % 4, rules, rng)
            label = f"{name} {script} #{i}"
            play_both(deal, rules, PassDirection.NONE, rng, random_pass, random_play, stats, label, True)
    return stats


@pytest.mark.parametrize("name", list(VARIANTS))
def test_engines_agree(name: str) -> None:
    stats = run_variant(name)
    n_random, n_steered, n_scripted = COUNTS[name]
    assert stats["hand"] == n_random + n_steered + n_scripted * len(SCRIPTS)
    missing = [k for k in MUST_SEE_ALWAYS + MUST_SEE[name] if stats[k] == 0]
    assert not missing, f"{name}: these situations never came up: {missing}; seen: {dict(stats)}"
