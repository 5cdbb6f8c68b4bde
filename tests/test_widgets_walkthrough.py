"""The learn-to-play walkthrough: every step forwards and backwards, notes from the engine, clicks."""

from __future__ import annotations

import re

import pytest

from hearts import Card, CardSet, HeartsError
from hearts.cards import QUEEN_OF_SPADES
from hearts.examples import SEED_001_HAND
from hearts_widgets import Walkthrough, WalkthroughModel
from hearts_widgets.rule_notes import TWO_PACK_RULES
from hearts_widgets.walkthrough_model import DETECTORS

SOUTH = 0
RULES_IN_THE_ISSUE = {
    "passing",
    "lead_lowest_club",
    "follow_suit",
    "discard",
    "first_trick",
    "trick_winner",
    "queen_played",
    "hearts_broken",
    "lead_hearts",
    "scoring",
    # scenes
    "first_trick_exception",
    "lead_only_hearts",
    "moon",
    "game_end",
    "shared_win",
}


@pytest.fixture(scope="module")
def model_en() -> WalkthroughModel:
    return WalkthroughModel("en")


def note_steps(m: WalkthroughModel) -> dict[str, int]:
    out = {}
    for i, st in enumerate(m.steps):
        for rule, _ in st.notes:
            assert rule not in out, f"{rule} shown twice"
            out[rule] = i
    return out


def test_whole_walkthrough_forwards_and_backwards() -> None:
    w = Walkthrough(lang="en")
    m = w.model
    n = len(m)
    assert n > 60
    seen_svgs = []
    for i in range(n - 1):
        assert m.index == i and w.next_btn.disabled is False
        w.press("next")
        svg = w.board.svg
        assert svg.startswith("<svg")
        if m.hand.is_over:
            assert 'class="summary"' in svg  # the points of the hand, drawn on the table
        else:
            assert svg.count("data-card=") >= 1
        seen_svgs.append(svg)
        assert w.counter.value == f"Step {i + 2} of {n}"
    assert m.index == n - 1 and w.next_btn.disabled
    w.press("next")  # past the end: nothing happens
    assert m.index == n - 1
    for i in range(n - 1, 0, -1):
        w.press("back")
        assert m.index == i - 1
        if i - 1 >= 1:
            assert w.board.svg == seen_svgs[i - 2]  # Back shows exactly what Next showed
    assert w.back_btn.disabled
    w.press("back")
    assert m.index == 0
    with pytest.raises(ValueError):
        w.press("sideways")


def test_every_rule_note_appears_once(model_en: WalkthroughModel) -> None:
    steps = note_steps(model_en)
    assert set(steps) == {d.rule for d in DETECTORS} - set(TWO_PACK_RULES)  # those: at a two-pack table
    assert set(steps) >= RULES_IN_THE_ISSUE
    # Notes of the example hand come in the order a hand teaches them.
    order = ["passing", "lead_lowest_club", "follow_suit", "first_trick", "trick_winner", "scoring"]
    assert [steps[r] for r in order] == sorted(steps[r] for r in order)
    assert {model_en.steps[steps[r]].chapter for r in RULES_IN_THE_ISSUE - {
        "first_trick_exception", "lead_only_hearts", "moon", "game_end", "shared_win"}} == {"hand"}


def test_notes_come_from_the_engine_state(model_en: WalkthroughModel) -> None:
    """Recompute, from the example hand alone, where each rule first matters, and compare."""
    steps = note_steps(model_en)
    h = model_en.chapters[0].game_after(len(model_en.chapters[0].actions)).hand
    plays = h.plays  # (seat, card) in order; step 0 is the deal, step 1 the pass, step k + 2 play k
    tricks = h.tricks

    def first(pred) -> int:
        return next(i for i, (seat, c) in enumerate(plays) if pred(i, seat, c)) + 2

    led = [tricks[i // 4].cards[0].suit for i in range(52)]
    assert steps["discard"] == first(lambda i, s, c: i % 4 and c.suit != led[i])
    assert steps["follow_suit"] == first(lambda i, s, c: i % 4 and c.suit == led[i])
    assert steps["hearts_broken"] == first(lambda i, s, c: c.suit == 3)
    assert steps["queen_played"] == first(lambda i, s, c: c == QUEEN_OF_SPADES)
    assert steps["lead_hearts"] == first(lambda i, s, c: i % 4 == 0 and c.suit == 3)
    # The first-trick note advises the learner's card, so it shows on the step where the learner chooses it.
    assert steps["first_trick"] == first(lambda i, s, c: i < 4 and s == SOUTH) - 1
    assert steps["trick_winner"] == 3 + 2  # the fourth card of trick one
    assert steps["scoring"] == 51 + 2
    assert steps["passing"] == 1 and steps["lead_lowest_club"] == 2


def test_the_first_trick_note_comes_while_the_learner_chooses(model_en: WalkthroughModel) -> None:
    """The note ends "a good moment to get rid of a high card": it must come before that card is played."""
    m = model_en
    i = note_steps(m)["first_trick"]
    m.goto(i)
    st = m.step
    assert st.learner_turn and st.scripted is not None
    h = m.hand
    assert h.trick_number == 0 and h.trick and h.to_play == SOUTH  # South has yet to play to trick one
    assert st.scripted in h.legal_moves
    m.next()
    assert m.step.caption.startswith(f"You play {st.scripted}.")
    assert "first_trick" not in [r for r, _ in m.step.notes]
    # The same in Spanish, and a note is still shown only once.
    es = WalkthroughModel("es")
    assert "first_trick" in [r for r, _ in es.steps[i].notes]


def test_the_example_hand_is_seed_001(model_en: WalkthroughModel) -> None:
    ch = model_en.chapters[0]
    g = ch.game_after(len(ch.actions))
    assert g.hand.result().points == SEED_001_HAND.expected_points == (3, 4, 16, 3)
    assert [c for _, c in g.hand.plays] == list(SEED_001_HAND.play_cards())
    assert CardSet(g.hand.passes[SOUTH]) == SEED_001_HAND.passed(SOUTH)


def test_scenes_show_their_rule(model_en: WalkthroughModel) -> None:
    by_id = {c.id: c for c in model_en.chapters}
    assert list(by_id) == ["hand", "first_trick_exception", "lead_only_hearts", "moon", "game_end"]
    # Only penalty cards: South's card on trick one is a heart or Q♠ off the led suit.
    ch = by_id["first_trick_exception"]
    h = ch.game_after(len(ch.actions)).hand
    south = h.tricks[0].played_by(SOUTH)
    assert south == QUEEN_OF_SPADES and h.tricks[0].cards[0].suit == 0 and h.tricks[0].points == 13
    # Only hearts left: South leads a heart while hearts are unbroken.
    ch = by_id["lead_only_hearts"]
    g = ch.game_after(4)
    assert not g.hand.hearts_broken and g.hand.to_play == SOUTH
    assert set(g.hand.legal_moves) == set(g.hand.hand_of(SOUTH)) and all(c.suit == 3 for c in g.hand.legal_moves)
    # The moon: South takes all 26, scores 0, the others 26 each.
    ch = by_id["moon"]
    r = ch.game_after(len(ch.actions)).hand.result()
    assert r.shooter == SOUTH and r.scores == (0, 26, 26, 26)
    # End of the game: the example hand ends it, with South sharing the lowest total.
    ch = by_id["game_end"]
    g = ch.game_after(len(ch.actions))
    assert g.is_over and SOUTH in g.winners and len(g.winners) == 2
    assert max(g.scores) >= g.rules.target_score > max(g.totals)


def test_learner_clicks_at_their_turn() -> None:
    w = Walkthrough(lang="en")
    m = w.model
    turn = next(i for i, st in enumerate(m.steps) if st.learner_turn)
    w.goto(turn)
    st = m.step
    h = m.hand
    illegal = next(c for c in h.hand_of(SOUTH) if c not in h.legal_moves)
    w.click_card(illegal.code)
    assert m.index == turn and m.message[0] == "error"
    assert m.message[1] == h.why_not(illegal, seat=SOUTH).explain("en")
    assert "hw-error" in w.message.value
    # Another legal card: a comment, then the story goes on with its own card.
    other = next((c for c in h.legal_moves if c != st.scripted), None)
    assert other is not None
    w.click_card(other.code)
    assert m.index == turn + 1 and m.message[0] == "info"
    assert str(other) in m.message[1] and str(st.scripted) in m.message[1]
    assert m.step.caption.startswith(f"You play {st.scripted}.")
    # The scripted card: the story just continues.
    w.goto(turn)
    w.click_card(st.scripted.code)
    assert m.index == turn + 1 and m.message == ("ok", f"{st.scripted}: just as in the story.")


def test_clicks_when_it_is_not_the_learners_turn(model_en: WalkthroughModel) -> None:
    m = model_en
    i = next(i for i, st in enumerate(m.steps) if st.k > 0 and not st.learner_turn and not m.hand.is_over
             and m.chapters[0].actions[st.count].kind == "play" and st.chapter == "hand")
    m.goto(i)
    nxt = m.chapters[0].actions[m.step.count]
    c = next(iter(m.hand.hand_of(SOUTH)))
    m.click_card(c.code)
    assert m.index == i and m.message[0] == "error"
    assert m.message[1] == f"It is not your turn: {['South', 'West', 'North', 'East'][nxt.seat]} plays next."
    m.click_card("XX")
    assert m.index == i and m.message[0] == "error"
    # Before the pass: the story's three cards are pointed out, nothing moves.
    m.goto(0)
    m.click_card("QS")
    assert m.index == 0 and "Q♠" in m.message[1] and m.message[0] == "info"
    m.click_card("2C")  # not in South's hand
    assert m.index == 0 and m.message[0] == "error"
    # The last step: nothing left to play.
    m.goto(len(m) - 1)
    m.click_card("8C")  # South's last card, already played
    assert m.index == len(m) - 1 and m.message[0] == "error"


def test_spanish_walkthrough_has_every_note() -> None:
    en = WalkthroughModel("en")
    es = WalkthroughModel("es")
    assert len(es) == len(en)
    for a, b in zip(en.steps, es.steps):
        assert [r for r, _ in a.notes] == [r for r, _ in b.notes]
        for (_, ta), (_, tb) in zip(a.notes, b.notes):
            assert ta != tb and tb.strip()
    w = Walkthrough(lang="es")
    assert w.next_btn.description.startswith("Siguiente") and "Aprende a jugar" in w.chapter.value
    with pytest.raises(HeartsError):
        WalkthroughModel("fr")


def test_chapter_menu_and_reveal() -> None:
    w = Walkthrough(lang="en")
    firsts = [int(v) for _, v in w.chapters.options]
    assert len(firsts) == 5 and firsts[0] == 0
    w.chapters.value = str(firsts[3])
    assert w.model.index == firsts[3] and w.model.step.chapter == "moon"
    assert w.board.svg.count("data-card=") == 13
    w.reveal.value = True
    assert w.board.svg.count("data-card=") == 52
    notes = re.findall(r'data-rule="(\w+)"', w.notes.value)
    assert notes == [r for r, _ in w.model.step.notes]


def test_received_cards_are_outlined_after_the_pass(model_en: WalkthroughModel) -> None:
    m = model_en
    m.goto(1)
    got = CardSet(m.hand.received[SOUTH])
    assert m.step.highlighted == got and len(got) == 3
    m.goto(0)
    assert m.step.selected == SEED_001_HAND.passed(SOUTH)
    assert Card.parse("QS") in m.step.selected


@pytest.mark.parametrize("lang", ["en", "es"])
def test_passing_cycle_no_pass_scenes_and_scene_titles(lang: str) -> None:
    """The passing note gives the whole cycle; scenes without a pass say why; each scene has its own title."""
    from hearts.messages import text

    w = Walkthrough(lang=lang)
    m = w.model
    passing = dict(note for st in m.steps for note in st.notes)["passing"]
    cycle = [text(f"pass.{d}", lang) for d in ("left", "right", "across")]
    positions = [passing.rfind(word) for word in cycle]
    assert all(p >= 0 for p in positions) and positions == sorted(positions), passing
    for first in m.chapter_bounds():
        chapter, i = first
        m.goto(i)
        st = m.step
        game = m.game()
        if chapter in ("first_trick_exception", "lead_only_hearts", "moon"):
            assert game.hand.pass_direction.value == "none"
            # The scene says why nobody passes: its opening text, and the note the first time.
            assert text(f"learn.scene.{chapter}", lang, totals="", target=0) == st.caption
            assert any(word in st.caption.lower() for word in ("without the pass", "sin pase")), st.caption
        w.goto(i)
        title = m.title()
        assert f">{title}</text>" in w.board.svg
        if chapter == "hand":
            assert title == text("display.hand", lang, number=1)
        else:
            assert title == text(f"learn.chapter.{chapter}", lang) and "1" not in title
    no_pass = [(st.chapter, note) for st in m.steps for rule, note in st.notes if rule == "no_pass"]
    assert [c for c, _ in no_pass] == ["first_trick_exception"]
    assert no_pass[0][1] == text("learn.note.no_pass.without", lang, size=13)


def test_the_step_s_words_sit_between_the_board_and_next() -> None:
    """Board, then the answer to a click, the caption, the notes, then Back / Next: the note is right above the
    button it asks the learner to press. The progress bar is filled up to the step shown, never empty."""
    w = Walkthrough(lang="en")
    kids = list(w.children)
    order = [kids.index(x) for x in (w.board, w.message, w.caption, w.notes)]
    nav = next(k for k in kids if w.next_btn in getattr(k, "children", ()))
    assert order == sorted(order) and kids.index(nav) == order[-1] + 1
    assert w.back_btn in nav.children and w.progress in kids[order[0] - 1].children  # the bar above the board
    n = len(w.model)
    assert (w.progress.value, w.progress.max) == (1, n)  # step 1 of n: a bar 1/n full
    w.goto(n - 1)
    assert (w.progress.value, w.progress.max) == (n, n)


def test_the_board_leaves_the_window_room_for_the_words_under_it() -> None:
    """JupyterLab at 1280x900: the board is 848 px wide with the notes under it; drawn across (seats beside
    the trick), it is short enough to leave the caption, notes and Next on screen. Beside the words (Voilà on a
    wide screen), or on a tall window, it is drawn as usual."""
    w = Walkthrough(lang="en")
    board = w.board
    with board.hold_trait_notifications():
        board.fit, board.fit_height, board.fit_below = 848, 900, True
    svg = board.svg
    assert 'data-arrange="landscape"' in svg
    view_w, view_h = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())  # type: ignore[union-attr]
    assert 848 * view_h / view_w <= 900 - board.reserve
    board.fit_below = False  # the words beside the board: the window's whole height is the board's
    assert 'data-arrange="landscape"' not in board.svg
    with board.hold_trait_notifications():
        board.fit, board.fit_height, board.fit_below = 1000, 900, True  # too short for the wide table
    assert 'data-layout="compact"' in board.svg and 'data-arrange="landscape"' in board.svg
    board.fit_height = 1600  # tall enough: the wide table
    assert 'data-layout="compact"' not in board.svg


def test_an_off_script_card_is_compared_with_the_card_winning_the_trick() -> None:
    w = Walkthrough(lang="en")
    m = w.model
    seen = set()
    for turn in [i for i, st in enumerate(m.steps) if st.learner_turn]:
        w.goto(turn)
        h, scripted = m.hand, m.step.scripted
        if not h.trick:
            continue
        led = h.trick[0] // 13
        best = max(c for c in h.trick if c // 13 == led)
        for c in h.legal_moves:
            if c == scripted or c // 13 != led:
                continue
            w.goto(turn)
            w.click_card(c.code)
            # Below the winning card: the hint's words for a card that cannot win (hearts.explain.trick_outcome).
            word = "beat" if c > best else "stay below"
            said = f"{c} is legal too: it would beat {Card(best)}. " if c > best else f"{c} is legal too. {c} cannot"
            assert m.message[1].startswith(said), m.message
            seen.add(word)
    assert seen == {"beat", "stay below"}


@pytest.mark.parametrize(
    ("lang", "prompt_says", "reply_says"),
    [
        ("en", ["click the card you would play", "goes on with its own card", "then the story's card is played"],
         ["is legal too", "It is not played: the story goes on with its own card, {story}."]),
        ("es", ["haz clic en la carta que jugarías", "sigue con su propia carta",
                "luego se juega la carta de la historia"],
         ["también es legal", "No se juega: la historia sigue con su propia carta, {story}."]),
    ],
)  # fmt: skip
def test_the_prompt_and_the_reply_say_that_the_story_plays_its_own_card(
    lang: str, prompt_says: list[str], reply_says: list[str]
) -> None:
    m = WalkthroughModel(lang=lang)
    turn = next(i for i, st in enumerate(m.steps) if st.learner_turn)
    m.goto(turn)
    st = m.step
    prompt = m.prompt()
    assert all(words in prompt for words in prompt_says), prompt
    assert "click the card you want to play" not in prompt  # it promised the click would play it
    other = next(c for c in m.hand.legal_moves if c != st.scripted)
    m.click_card(other.code)
    kind, reply = m.message
    assert kind == "info" and reply.startswith(str(other))
    assert all(words.format(story=st.scripted) in reply for words in reply_says), reply
    # What the reply says is what happened: the story's card was played, not the one clicked.
    mine = m.hand.hand_of(SOUTH)
    assert m.index == turn + 1 and st.scripted not in mine and other in mine
