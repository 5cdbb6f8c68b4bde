"""Learn mode, the walkthrough and the screen reader state trick facts with the hint's generator (issue 34).

Who took a trick, a player with no card of the suit led, hearts broken or not, and what a card would do in
the trick are :class:`hearts.explain.Fact` records put into words by :func:`hearts.explain.fact_words`, the
same words the hint and the review use, in English and Spanish; the widgets' catalogue keeps no sentence of
its own for them. Each fact said is also checked against the full state of the hand.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from hearts import Game
from hearts.bots import RandomBot, RuleBot
from hearts.explain import Fact, fact_words, trick_outcome, trick_taken
from hearts.hand import Phase
from hearts_widgets.learn_model import Lesson, Note
from hearts_widgets.rule_notes import Event, Move
from hearts_widgets.walkthrough_model import WalkthroughModel

SOUTH = 0
LANGS = ("en", "es")
ROOT = Path(__file__).resolve().parents[1]


def _says(note_text: str, fact: Fact) -> bool:
    return fact_words(fact, "en", seat=SOUTH) in note_text


def test_learn_mode_notes_say_trick_facts_in_the_hints_words(tmp_path: Path) -> None:
    seen: dict[str, int] = {}
    for number in range(1, 13):
        g = Game(number)
        lesson = Lesson(tmp_path, again=True)  # every note again in each hand
        bots = [RandomBot(seed=number * 4 + s) if s == SOUTH else RuleBot() for s in range(4)]
        lesson.dealt(g)
        h = g.hand
        if h.phase is Phase.PASSING:
            chosen = [bots[s].decide_pass(h.observation(s)).cards for s in range(4)]
            before = h.copy()
            for s in range(4):
                h.pass_cards(s, chosen[s])
            lesson.observe(Event(before, h.copy(), Move("pass"), g))
        while h.phase is Phase.PLAYING:
            s = h.to_play
            if s == SOUTH:
                lesson.start()
                lesson.decide(g)
                _check_decision(lesson, h, seen)
            c = bots[s].decide_play(h.observation(s)).card
            before = h.copy()
            h.play(c, s)
            k = len(lesson.notes)
            lesson.observe(Event(before, h.copy(), Move("play", s, c), g))
            _check_after_play(lesson.notes[k:], before, h, s, c, seen)
    # Each kind of fact came up, and was checked each time.
    assert {"took", "void", "void_you", "unbroken", "broken"} <= set(seen), seen


def _check_decision(lesson: Lesson, h, seen: dict[str, int]) -> None:  # type: ignore[no-untyped-def]
    note = next(n for n in lesson.notes if n.kind == "now")
    words = {lang: note.text(lang) for lang in LANGS}
    mine = h.hands[SOUTH]
    if mine.bit_count() == 1:  # "your last card: play it"
        return
    if h.trick:
        led = h.led_suit
        void = Fact("void", seat=SOUTH, suit=led)
        if not mine & (0x1FFF << (13 * led)):  # no card of the suit led: the hint's "you have no ♣ left"
            for lang in LANGS:
                assert fact_words(void, lang, seat=SOUTH) in words[lang], words
            seen["void_you"] = seen.get("void_you", 0) + 1
        else:
            assert not _says(words["en"], void), words
        return
    for kind, true in (("unbroken", not h.hearts_broken and any(c.suit == 3 for c in h.hand_of(SOUTH))
                        and h.legal_mask() != mine), ("broken", h.hearts_broken)):  # fmt: skip
        said = _says(words["en"], Fact(kind))
        if said:
            assert true, (kind, words)
            assert all(fact_words(Fact(kind), lang) in words[lang] for lang in LANGS), words
            seen[kind] = seen.get(kind, 0) + 1


def _check_after_play(notes: list[Note], before, h, seat: int, card, seen: dict[str, int]) -> None:  # type: ignore[no-untyped-def]
    """The notes the play just brought."""
    for n in notes:
        if n.kind == "trick":
            tr = h.tricks[-1]
            f = trick_taken(tr)
            assert f.seat == tr.winner and f.cards[0] == tr.played_by(tr.winner) and f.points == tr.points
            assert f.count == len(h.tricks)
            for lang in LANGS:
                assert n.text(lang) == fact_words(f, lang, seat=SOUTH)
            seen["took"] = seen.get("took", 0) + 1
        elif n.rule == "discard":
            assert before.trick and card.suit != before.led_suit
            void = Fact("void", seat=seat, suit=before.led_suit)
            assert not h.hands[seat] & (0x1FFF << (13 * before.led_suit))  # true of the seat's real hand
            for lang in LANGS:
                assert fact_words(void, lang, seat=SOUTH) in n.text(lang), n.text(lang)
            seen["void"] = seen.get("void", 0) + 1


def test_the_walkthrough_says_what_an_off_script_card_would_do_in_the_hints_words() -> None:
    for lang in LANGS:
        m = WalkthroughModel(lang=lang)
        said = 0
        for turn in [i for i, st in enumerate(m.steps) if st.learner_turn][:20]:
            m.goto(turn)
            h, scripted = m.hand, m.step.scripted
            obs = h.observation(SOUTH)
            for c in h.legal_moves:
                if c == scripted:
                    continue
                m.goto(turn)
                m.click_card(c.code)
                assert m.message is not None
                outcome = trick_outcome(obs, c)
                assert fact_words(outcome, lang, seat=SOUTH) in m.message[1], m.message
                if h.trick and c.suit != h.led_suit:
                    assert fact_words(Fact("void", seat=SOUTH, suit=h.led_suit), lang, seat=SOUTH) in m.message[1]
                said += 1
        assert said >= 20
        # Each finished trick's caption says who took it in the same words.
        for st in m.steps:
            if st.trick is not None and st.chapter == "hand" and st.k > 0:
                assert fact_words(trick_taken(st.trick), lang, seat=SOUTH) in st.caption, st.caption


def test_the_widgets_catalogue_keeps_no_sentence_of_its_own_for_the_hints_facts() -> None:
    """The sentences of these facts live once, in the hint's catalogue: learn mode's notes fill them in."""
    for lang in LANGS:
        widgets = json.loads((ROOT / "hearts" / "locale" / f"widgets.{lang}.json").read_text(encoding="utf-8"))
        hints = json.loads((ROOT / "hearts" / "locale" / f"hints.{lang}.json").read_text(encoding="utf-8"))
        assert not [k for k in widgets if k.startswith(("learn.trick.", "learn.caption.wins", "learn.caption.you_win"))]
        facts = [hints[k] for k in hints if k.startswith(("hint.void", "hint.unbroken", "hint.broken", "hint.took."))]
        for key, template in widgets.items():
            if not key.startswith("learn."):
                continue
            for fact in facts:
                core = re.sub(r"\{[a-z_]+\}", "", fact).strip(" .")
                assert core not in template, (key, template, fact)
