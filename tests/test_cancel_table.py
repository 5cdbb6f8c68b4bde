"""Cancellation Hearts at the game table (issue 36, "People"): 6 to 10 players through TableModel, two copies of
a card in the hand (passing both, playing one), refusals, the hint, learn mode's notes and the Settings' presets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hearts import Deal, Game, HandState
from hearts.cards import Card, CardSet
from hearts.errors import OptionError
from hearts.hand import Phase
from hearts.rules import Rules
from hearts_widgets.rule_notes import ALL_RULES, Event, Move, checklist, fired, note_text
from hearts_widgets.table_model import TableModel
from hearts_widgets.variants import PRESETS, preset_label, preset_name, preset_rules, rules_words, variant_key

TWO_PACK_NOTES = {"cancel_pair", "trick_waits", "widow_taken"}


def _twice(cards: CardSet) -> list[Card]:
    """The cards held twice."""
    listed = list(cards)
    return sorted({c for c in listed if listed.count(c) == 2})


def _play_game(m: TableModel, prefer_twin: bool = False) -> tuple[set[str], list[dict[str, object]], int]:
    """South plays a whole game (the first cards to pass, the first legal card); returns the rules whose notes
    were shown, every hand's summary, and how many times South played one of two copies it held."""
    seen: set[str] = set()
    hands: list[dict[str, object]] = []
    twins_played = 0
    while not m.game.is_over:
        h = m.hand
        if h.phase is Phase.PASSING:
            chosen = list(h.hand_of(0))[:3]
            for i, c in enumerate(chosen):
                m.click_card(c.code, chosen[:i].count(c) + 1)
            m.press("pass")
        elif h.phase is Phase.PLAYING:
            assert h.to_play == 0
            twins = [c for c in _twice(h.hand_of(0)) if c in m.playable]
            c = twins[0] if prefer_twin and twins else next(iter(m.playable))
            held = list(h.hand_of(0)).count(c)
            m.click_card(c.code, 2 if held == 2 else None)
            if held == 2:  # one copy played, the other still in the hand
                twins_played += 1
                assert list(m.hand.hand_of(0)).count(c) == 1 or m.hand is not h
        elif h.phase is Phase.DONE:
            s = m.summary()
            assert s is not None
            hands.append(s)
            m.press("next")
        else:  # pragma: no cover - the default moon scoring asks nothing
            raise AssertionError(h.phase)
        assert m.message is None or m.message.kind != "error", m.message.text
        seen |= {rule for kind, rule, _ in m.notes if rule is not None}
    s = m.summary()
    assert s is not None
    hands.append(s)
    return seen, hands, twins_played


@pytest.mark.parametrize("n, number", [(6, 1), (8, 1), (10, 2)])
def test_a_whole_cancellation_game_at_the_table(tmp_path: Path, n: int, number: int) -> None:
    rules = Rules.cancellation(n, target_score=50)
    m = TableModel(rules=rules, data_dir=tmp_path, level="rule", number=number, learn=True)
    assert m.rules == rules and len(m.bot_seats) == n - 1 and len(m.hand.hand_of(0)) == rules.hand_size
    seen, hands, twins = _play_game(m, prefer_twin=True)
    assert m.game.is_over and max(m.game.scores) >= 50
    for s in hands:
        assert sum(s["points"]) == 52 or s["shooter"] is not None  # type: ignore[arg-type]
    assert "cancel_pair" in seen and twins > 0
    if rules.widow_size:
        assert "widow_taken" in seen
    assert "trick_waits" in seen
    # The saved game comes back with its two-pack rules.
    again = TableModel(data_dir=tmp_path, rules=rules)
    assert again.rules.decks == 2 and again.number == m.number


def _duplicate_deal(n: int) -> tuple[int, Card]:
    """A deal number where South holds some card twice."""
    rules = Rules.cancellation(n)
    for number in range(1, 200):
        twice = _twice(Deal.from_number(number, rules).hands[0])
        if twice:
            return number, twice[0]
    raise AssertionError("no deal with a card held twice")


def test_passing_both_copies_of_a_card_and_taking_one_back(tmp_path: Path) -> None:
    number, c = _duplicate_deal(6)
    m = TableModel(rules=Rules.cancellation(6), data_dir=tmp_path, level="rule", number=number)
    first, second = 1 << c, 1 << (c + 52)
    m.click_card(c.code, 2)  # a click on the second copy chooses one copy: the first is drawn chosen
    assert m.selection == first
    m.click_card(c.code, 2)
    assert m.selection == first | second
    svg = m.drawing()[1]
    from hearts.drawing import table_svg

    drawn = table_svg(m.game, **svg)
    pressed = re.findall(rf'data-card="{c.code}"[^>]*data-copy="(\d)"[^>]*aria-pressed="(\w+)"', drawn)
    pressed += re.findall(rf'data-card="{c.code}"[^>]*aria-pressed="(\w+)"[^>]*data-copy="(\d)"', drawn)
    assert len(pressed) == 2 and all("true" in p for p in pressed), pressed
    m.click_card(c.code, 1)  # a click on a chosen copy takes one back
    assert m.selection == first
    m.click_card(c.code, 2)
    other = next(x for x in m.hand.hand_of(0) if x != c)
    m.click_card(other.code)
    m.press("pass")
    h = m.hand
    assert h.passes[0] == first | second | 1 << other
    assert c not in h.hand_of(0) or (h.received[0] and c in CardSet(h.received[0]))


def test_bad_copy_and_a_copy_not_held_are_refused_and_change_nothing(tmp_path: Path) -> None:
    number, c = _duplicate_deal(6)
    m = TableModel(rules=Rules.cancellation(6), data_dir=tmp_path, level="rule", number=number)
    single = next(x for x in m.hand.hand_of(0) if list(m.hand.hand_of(0)).count(x) == 1)
    with pytest.raises(OptionError) as e:
        m.click_card(c.code, 3)
    assert e.value.option == "copy" and m.selection == 0
    actions = m.actions
    m.click_card(single.code, 2)  # there is one copy of it in the hand
    assert m.message is not None and m.message.kind == "error" and m.selection == 0 and m.actions == actions


def test_refusals_and_the_hint_with_two_packs(tmp_path: Path) -> None:
    rules = Rules.cancellation(6, passing=False)
    m = TableModel(rules=rules, data_dir=tmp_path, level="rule", number=3, lang="es")
    h = m.hand
    refused = None
    for _ in range(60):  # play on until South must follow suit and holds a card it may not play
        if h.phase is Phase.PLAYING and h.to_play == 0:
            illegal = [c for c in h.hand_of(0) if c not in m.playable]
            if illegal and h.trick:
                refused = illegal[0]
                break
            m.click_card(next(iter(m.playable)).code)
        h = m.hand
    assert refused is not None
    before = (CardSet(h.hands[0]).mask, list(h.trick), m.actions)
    m.click_card(refused.code)
    assert m.message is not None and m.message.kind == "error"
    assert (CardSet(h.hands[0]).mask, list(h.trick), m.actions) == before
    m.press("hint")
    assert m.hint is not None and m.hint.cards[0] in m.playable and m.message is not None
    assert m.message.kind != "error" and "Pista" in m.message.text
    words = m.hint.decision.explanation.words("en")  # type: ignore[union-attr]
    assert "expected" in words and str(m.hint.cards[0]) in words


def test_the_pass_hint_with_two_packs_names_three_cards_of_the_hand(tmp_path: Path) -> None:
    m = TableModel(rules=Rules.cancellation(9), data_dir=tmp_path, level="rule", number=4)
    m.press("hint")
    assert m.hint is not None and len(m.hint.cards) == 3
    held = list(m.hand.hand_of(0))
    assert all(held.count(c) >= list(m.hint.cards).count(c) for c in m.hint.cards)


def _notes_of(state: HandState, game: Game, card: Card, lang: str = "en") -> dict[str, str]:
    before = state.copy()
    seat = state.to_play
    state.play(card)
    e = Event(before, state.copy(), Move("play", seat, card), game)
    return {rule: note_text(rule, v, lang) for rule, v in fired(e)}


def _find(n: int, want: str) -> tuple[str, str, str]:
    """Play deals with the lowest legal card until the note ``want`` fires: its words in English and Spanish,
    and the state's description to check them against."""
    rules = Rules.cancellation(n, passing=False)
    for number in range(1, 60):
        g = Game(number, rules)
        h = g.hand
        while not h.is_over:
            c = h.legal_moves.lowest()
            before = h.copy()
            seat = h.to_play
            h.play(c)
            e = Event(before, h.copy(), Move("play", seat, c), g)
            found = dict(fired(e))
            if want in found:
                v = found[want]
                fact = ""
                if want == "widow_taken":
                    fact = str(CardSet(h.tricks[-1].widow)).replace(" ", ", ")
                elif want == "trick_waits":
                    fact = str(rules.points_of(h.pile))  # type: ignore[attr-defined]
                else:
                    fact = str(c)
                return note_text(want, v, "en"), note_text(want, v, "es"), fact
    raise AssertionError(f"no {want} note in 60 deals")


@pytest.mark.parametrize("rule", sorted(TWO_PACK_NOTES))
def test_two_pack_notes_are_said_from_what_happened_in_english_and_spanish(rule: str) -> None:
    en, es, fact = _find(6, rule)
    assert fact in en and fact in es and en != es
    assert "{" not in en + es


def test_the_first_lead_note_names_the_dealer_and_no_club() -> None:
    rules = Rules.cancellation(7, passing=False)
    g = Game(5, rules)
    h = g.hand
    notes = _notes_of(h, g, h.legal_moves.lowest())
    words = notes["lead_lowest_club"]
    assert "dealer" in words and "lowest club" not in words
    assert set(checklist(rules)) - set(checklist(Rules())) == TWO_PACK_NOTES and set(checklist(rules)) == set(ALL_RULES)


def test_settings_offer_cancellation_hearts_by_name(tmp_path: Path) -> None:
    names = [f"cancellation_{n}" for n in range(6, 11)]
    assert all(x in PRESETS for x in names)
    for x in names:
        n = int(x.split("_")[1])
        assert preset_rules(x, 50) == Rules.cancellation(n, target_score=50)
        assert preset_name(Rules.cancellation(n, target_score=75)) == x
        assert preset_label(x, "en") == f"Cancellation Hearts ({n} players, two packs)"
        assert "Hearts de cancelación" in preset_label(x, "es")
    words = rules_words(Rules.cancellation(8), "en")
    assert words.startswith("Cancellation Hearts: 8 players, two packs (13 cards each, no widow)")
    assert "dos barajas (10 cartas cada uno, 4 sobrantes" in rules_words(Rules.cancellation(10), "es")
    assert variant_key(Rules.cancellation(6)) == "p6-t100-x2" != variant_key(Rules(num_players=6))
    m = TableModel(data_dir=tmp_path, level="random", number=2)
    m.set_rules("cancellation_7")
    m.press("confirm") if m.confirming is not None else None
    assert m.rules == Rules.cancellation(7, target_score=m.rules.target_score) and len(m.hand.hand_of(0)) == 14


def test_why_not_agrees_with_the_legal_cards_when_a_hand_holds_two_copies() -> None:
    """A person plays through why_not: a hand of hearts holding one twice (bit c + 52) still may lead a heart
    when it holds nothing else, as the legal cards say (the refusal folded the second copy into another suit)."""
    rules = Rules.cancellation(6, passing=False)
    for number in range(1, 4):
        h = Game(number, rules).hand
        while not h.is_over:
            legal = h.legal_moves
            for c in set(h.hand_of(h.to_play)):
                assert (h.why_not(c) is None) == (c in legal), (number, c)
            h.play(legal.lowest())


def test_a_click_in_the_browser_says_which_copy_and_the_game_table_passes_it_on(tmp_path: Path) -> None:
    """The board's click message carries data-copy; GameTable hands it to the model, so clicking the drawn
    second copy of a card held twice chooses both copies for the pass."""
    from hearts_widgets.table import GameTable

    number, c = _duplicate_deal(6)
    t = GameTable(rules=Rules.cancellation(6), data_dir=tmp_path, level="rule", number=number)
    t.board._answer({"event": "click", "card": c.code, "copy": 1, "version": t.board.version})
    t.board._answer({"event": "click", "card": c.code, "copy": 2, "version": t.board.version})
    assert t.model.selection == 1 << c | 1 << (c + 52)
    assert t.board.clicked_copy is None
    # No copy said (or nonsense): the click acts on the first copy, which is chosen, so one copy goes back.
    t.board._answer({"event": "click", "card": c.code, "copy": True, "version": t.board.version})
    assert t.model.selection == 1 << c
    assert 'data-copy="2"' in t.board.svg


def test_learn_mode_says_a_trick_waits_and_what_its_taker_took_with_it(tmp_path: Path) -> None:
    """The note after each trick: a trick that waits says so (it names no winner), and the trick that takes it
    counts the waiting cards and the widow in its points and says so, cards and points."""
    m = TableModel(rules=Rules.cancellation(6, passing=False), data_dir=tmp_path, level="random", number=26,
                   learn=True)  # fmt: skip
    said: list[str] = []
    while m.hand.phase is Phase.PLAYING:
        m.click_card(next(iter(m.playable)).code)
        said += [words for kind, _, words in m.notes if kind == "trick"]
    tricks = m.hand.tricks
    waited = next(t for t in tricks if t.winner < 0)
    taker = next(t for t in tricks if waited.number in t.carried)
    assert f"Trick {waited.number + 1} waits" in " ".join(said)
    pile = CardSet(waited.cards)
    line = next(s for s in said if f"waited since trick {waited.number + 1}" in s)
    assert str(pile).replace(" ", ", ") in line and f"(points: {Rules.cancellation(6).points_of(pile.mask)})" in line
    assert taker.points >= Rules.cancellation(6).points_of(pile.mask)
    widow = next(s for s in said if s.startswith("Those points count the widow"))
    assert all(str(c) in widow for c in tricks[0].widow)


def test_one_bot_of_your_own_sits_in_every_other_seat_of_ten(tmp_path: Path) -> None:
    from hearts.bots import RandomBot

    m = TableModel(rules=Rules.cancellation(10), data_dir=tmp_path, bots=RandomBot(), number=2)
    assert sorted(m.own_bots) == list(range(1, 10))


def test_the_first_lead_with_two_packs_is_explained_by_the_dealers_left_in_both_languages() -> None:
    """Before South opens trick one holding hearts: what the rules allow, said for a lead (not a discard)."""
    from hearts.cards import HEARTS_MASK
    from hearts.messages import text
    from hearts_widgets.learn_model import decision_values
    from hearts_widgets.rule_notes import localize

    g = Game(5, Rules.cancellation(6, passing=False))
    h = g.hand
    assert h.to_play == 0 and not h.trick and CardSet(h.hands[0]).mask & HEARTS_MASK
    key, values = decision_values(h)
    assert key == "learn.now.lead_first_open"
    allowed = localize(values, "en")["allowed"]
    assert "♥" not in allowed and "Q♠" not in allowed
    assert "dealer" in text(key, "en", **localize(values, "en"))
    assert "reparte" in text(key, "es", **localize(values, "es"))
