"""The end-of-hand notes say what the engine scored: the points taken, and after a moon what the moon rule put on
the totals (in every way the rules score a moon), in English and Spanish."""

from __future__ import annotations

import pytest

from hearts.game import Game
from hearts.hand import HandState, Phase
from hearts.messages import seat_name
from hearts.rules import MoonScoring, Rules
from hearts_widgets.rule_notes import Event, Move, fired, note_text


def _last_play(rules: Rules, first: int, moon: bool) -> Event:
    """The event of the last card of the first hand from deal ``first`` on that ends with (or without) a moon:
    everyone passes their three lowest cards, South plays its highest legal card and the others their lowest."""
    for number in range(first, first + 2000):
        g = Game(number, rules)
        h = g.hand
        if h.phase is Phase.PASSING:
            for s in range(h.n):
                low, mask = 0, h.hands[s]
                for _ in range(rules.pass_size):
                    low |= mask & -mask
                    mask &= mask - 1
                h.push_pass(s, low)
        while True:
            legal = h.legal_mask()
            card = legal.bit_length() - 1 if h.to_play == 0 else (legal & -legal).bit_length() - 1
            before: HandState = h.copy()
            h.push(card)
            if h.phase is Phase.MOON_CHOICE:
                h.choose_moon(h.to_play, "subtract")
            if h.is_over:
                break
        if (h.result().shooter is not None) == moon:
            return Event(before, h.copy(), Move("play", before.to_play, card), g)
    raise AssertionError("no such hand")  # pragma: no cover


def _notes(e: Event, lang: str) -> dict[str, str]:
    return {rule: note_text(rule, values, lang) for rule, values in fired(e)}


def _each_seat(scores: tuple[int, ...] | list[int], lang: str) -> list[str]:
    return [f"{seat_name(s, lang)} {p}" for s, p in enumerate(scores)]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(
    "moon", [MoonScoring.ADD_TO_OTHERS, MoonScoring.SUBTRACT_FROM_SHOOTER, MoonScoring.SHOOTERS_CHOICE]
)
def test_after_a_moon_the_notes_say_the_scores_the_engine_gave(moon: MoonScoring, lang: str) -> None:
    e = _last_play(Rules(moon=moon), 0, moon=True)
    r = e.after.result()
    assert r.shooter is not None
    notes = _notes(e, lang)
    # The scoring note gives every seat's score for the totals (not the points taken, which only the shooter has).
    assert all(part in notes["scoring"] for part in _each_seat(r.scores, lang)), (r.scores, notes["scoring"])
    assert seat_name(r.shooter, lang) in notes["scoring"] or (lang == "en" and "You" in notes["scoring"])
    moon_note = notes["moon"]
    others = [p for s, p in enumerate(r.scores) if s != r.shooter]
    if r.scores[r.shooter] < 0:  # the shooter's points taken off, the others' unchanged
        assert others == [0, 0, 0]
        assert str(-r.scores[r.shooter]) in moon_note
        assert ("off" if lang == "en" else "resta") in moon_note.lower(), moon_note
        assert "every other player scores 0" in moon_note or lang == "es"
    else:
        assert r.scores[r.shooter] == 0 and len(set(others)) == 1
        assert f"scores {others[0]}" in moon_note or f"suma {others[0]}" in moon_note, moon_note
        assert ("off" if lang == "en" else "resta") not in moon_note.lower(), moon_note


def test_a_moon_scored_seat_by_seat_when_neither_way_describes_it() -> None:
    # With J♦, the moon's others may not all score the same: the note then gives each seat's score.
    rules = Rules(jack_of_diamonds=True)
    for first in range(0, 20_000, 2000):
        e = _last_play(rules, first, moon=True)
        r = e.after.result()
        others = {p for s, p in enumerate(r.scores) if s != r.shooter}
        if len(others) > 1:
            note = _notes(e, "en")["moon"]
            assert all(part in note for part in _each_seat(r.scores, "en")), (r.scores, note)
            return
    raise AssertionError("no moon with J♦ taken by a non-shooter in these deals")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_without_a_moon_the_scoring_note_names_the_cards_that_scored(lang: str) -> None:
    plain = _last_play(Rules(), 0, moon=False)
    note = _notes(plain, lang)["scoring"]
    r = plain.after.result()
    assert all(part in note for part in _each_seat(r.points, lang)) and str(sum(r.points)) in note
    assert "J♦" not in note
    jack = _last_play(Rules(jack_of_diamonds=True), 0, moon=False)
    r = jack.after.result()
    note = _notes(jack, lang)["scoring"]
    assert sum(r.points) == 16 and "16" in note and "J♦" in note, note
    assert all(part in note for part in _each_seat(r.points, lang))


@pytest.mark.parametrize("n", [3, 5, 7])
def test_notes_name_the_seats_of_three_to_seven_players(n: int) -> None:
    import tempfile

    from hearts_widgets.learn_model import Lesson, describe

    lesson = Lesson(tempfile.mkdtemp())
    g = Game(11, Rules(num_players=n))
    h = g.hand
    lesson.dealt(g)
    lesson.decide(g)
    if h.phase is Phase.PASSING:
        for s in range(n):
            before = h.copy()
            low, mask = 0, h.hands[s]
            for _ in range(h.rules.pass_size):
                low |= mask & -mask
                mask &= mask - 1
            h.push_pass(s, low)
            lesson.observe(Event(before, h.copy(), Move("pass", s), g))
            lesson.decide(g)
    while not h.is_over:
        before, legal = h.copy(), h.legal_mask()
        card = (legal & -legal).bit_length() - 1
        h.push(card)
        lesson.observe(Event(before, h.copy(), Move("play", before.to_play, card), g))
        lesson.decide(g)
    for lang in ("en", "es"):
        said = " ".join(t for _, _, t in describe(lesson.notes, lang))
        assert "Player 2" in said or "Jugador 2" in said, said[:300]
        assert not any(w in said for w in ("West", "North", "East", "Oeste", "Norte", "Este ")), said
