"""The learn-to-play walkthrough's logic: a scripted hand, then short scenes.

The main chapter is the complete example deal of ``docs/rules.md`` kept by
:mod:`hearts.examples`: the pass and all 52 plays, one step each. Four short
scenes follow, each a small constructed position played through the engine,
for rules that hand never shows: the first-trick exception for a hand of only
penalty cards, leading hearts when you hold nothing else, shooting the moon,
and the end of a game with a shared win.

Rule notes are not attached to steps by hand. Each step's actions are played
through the engine, and a list of detectors (:data:`DETECTORS`) looks at the
state before and after every action; the first time a detector fires in the
whole walkthrough, its note is shown on that step. A few notes help the
learner choose a card: their detectors also look ahead at the learner's
coming card, so the note shows on the step where the learner decides, not
after the card is played.

>>> w = WalkthroughModel(lang="en")
>>> w.index, w.step.chapter
(0, 'hand')
>>> seen = set()
>>> while w.next():
...     seen.update(rule for rule, _ in w.step.notes)
>>> from hearts_widgets.rule_notes import TWO_PACK_RULES  # met at a Cancellation Hearts table, not here
>>> sorted(seen) == sorted(d.rule for d in DETECTORS if d.rule not in TWO_PACK_RULES)
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from hearts.bots.base import Decision
from hearts.bots.rule_bot import RuleBot
from hearts.cards import QUEEN_OF_SPADES, Card, CardSet
from hearts.deal import Deal
from hearts.errors import CardParseError, IllegalMoveError, Rule
from hearts.examples import SEED_001_HAND
from hearts.explain import Fact, fact_words, trick_outcome, trick_taken
from hearts.game import Game
from hearts.hand import HandState, Phase, Trick
from hearts.messages import check_language, seat_name, text
from hearts.rules import Rules, winning_card

from .rule_notes import DETECTORS, LEARNER, Detector, Event, Move, fired, note_text
from .text import card_label, cards_label, game_over_text

__all__ = ["DETECTORS", "Detector", "Step", "WalkthroughModel", "build_chapters"]


# ----- actions -------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Act(Move):
    """One scripted action: everyone's pass at once (``kind`` ``"pass"``), or one play (``"play"``)."""

    passes: tuple[CardSet, ...] = ()

    def apply(self, game: Game) -> None:
        """Play it through the checked engine paths."""
        h = game.hand
        if self.kind == "pass":
            for s, cards in enumerate(self.passes):
                h.pass_cards(s, list(cards))
        else:
            h.play(self.card, seat=self.seat)  # type: ignore[arg-type]


@dataclasses.dataclass
class Chapter:
    """A scripted stretch of play from a starting position.

    ``start`` actions are applied silently before the chapter's first step;
    then each step applies the next ``groups[k]`` actions.
    """

    id: str
    make_game: Callable[[], Game]
    actions: list[Act]
    groups: list[int]
    start: int = 0
    reasons: dict[int, Decision] = dataclasses.field(default_factory=dict)

    def game_after(self, count: int) -> Game:
        """A fresh game with the first ``count`` actions applied."""
        g = self.make_game()
        for a in self.actions[:count]:
            a.apply(g)
        return g


# ----- the chapters ----------------------------------------------------------------


def _main_script() -> tuple[Deal, tuple[CardSet, ...], list[Card]]:
    """The seed-001 example (:data:`hearts.examples.SEED_001_HAND`): the deal, each seat's pass, the 52 plays."""
    deal = Deal.from_hands([SEED_001_HAND.dealt(s) for s in range(4)])
    passes = tuple(CardSet(SEED_001_HAND.passed(s)) for s in range(4))
    return deal, passes, list(SEED_001_HAND.play_cards())


def _story_reasons(ch: Chapter) -> dict[int, Decision]:
    """For each of the learner's scripted actions, the rule bot's reasoning when it makes the same choice.

    Keys are action indexes within the chapter. Where the rule bot would
    choose differently, the story gives no reason rather than a wrong one.
    """
    bot = RuleBot()
    out: dict[int, Decision] = {}
    g = ch.make_game()
    for i, a in enumerate(ch.actions):
        obs = g.observation(LEARNER)
        if a.kind == "pass":
            d = bot.decide_pass(obs)
            if CardSet(d.cards) == a.passes[LEARNER]:
                out[i] = d
        elif a.seat == LEARNER:
            d = bot.decide_play(obs)
            if d.cards == (a.card,):
                out[i] = d
        a.apply(g)
    return out


def _plays_as_acts(game: Game, plays: Sequence[Card]) -> list[Act]:
    """Scripted plays, with the seat of each worked out by the engine."""
    acts = []
    g = game
    for c in plays:
        a = Act("play", g.hand.to_play, Card(int(c)))
        a.apply(g)
        acts.append(a)
    return acts


def _scripted_plays(game: Game, choose: Callable[[HandState], int], stop: Callable[[HandState], bool]) -> list[Act]:
    """Play the hand with a fixed choice rule until ``stop``; return the actions."""
    acts = []
    h = game.hand
    while not h.is_over and not stop(h):
        a = Act("play", h.to_play, Card(choose(h)))
        a.apply(game)
        acts.append(a)
    return acts


def _highest_legal(h: HandState) -> int:
    return CardSet(h.legal_mask()).highest()  # type: ignore[return-value]


def _deal_around(learner_cards: str, leader_first: bool = True) -> Deal:
    """South holds ``learner_cards``; the rest go round West, North, East in card order."""
    mine = CardSet.parse(learner_cards)
    rest = [c for c in CardSet((1 << 52) - 1) if c not in mine]
    hands = [mine.mask, 0, 0, 0]
    for i, c in enumerate(rest):
        hands[1 + i % 3] |= 1 << c
    return Deal(tuple(CardSet(m) for m in hands))


_NO_PASS = Rules(passing=False)


def build_chapters() -> list[Chapter]:
    """The main hand and the four scenes."""
    chapters: list[Chapter] = []

    # 1. The example hand: the pass, then every play.
    deal, passes, plays = _main_script()

    def main_game() -> Game:
        return Game(0, Rules(), deals=[deal])

    g = main_game()
    pass_act = Act("pass", passes=passes)
    pass_act.apply(g)
    main = Chapter("hand", main_game, [pass_act, *_plays_as_acts(g, plays)], [1] * (1 + len(plays)))
    main.reasons = _story_reasons(main)
    chapters.append(main)
    main_points = g.hand.result().points

    # 2. A hand of nothing but hearts and Q♠ on the first trick.
    d2 = _deal_around("QS 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")

    def exception_game() -> Game:
        return Game(0, _NO_PASS, deals=[d2])

    g = exception_game()
    script = [Card.parse(x) for x in ("2C", "9C", "KC", "QS")]
    chapters.append(Chapter("first_trick_exception", exception_game, _plays_as_acts(g, script), [3, 1]))

    # 3. Leading a heart before hearts are broken, holding nothing else.
    d3 = _deal_around("AC 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")

    def only_hearts_game() -> Game:
        return Game(0, _NO_PASS, deals=[d3])

    g = only_hearts_game()
    first = _plays_as_acts(g, [Card.parse(x) for x in ("2C", "QC", "KC", "AC", "2H")])
    rest = _scripted_plays(g, _highest_legal, lambda h: h.trick_number == 2)
    chapters.append(Chapter("lead_only_hearts", only_hearts_game, first + rest, [3, 1, 1, len(rest)]))

    # 4. Shooting the moon: South wins the first trick with A♣, then runs the hearts.
    d4 = _deal_around("AC 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")

    def moon_game() -> Game:
        return Game(0, _NO_PASS, deals=[d4])

    g = moon_game()
    acts4 = _scripted_plays(g, _highest_legal, lambda h: False)
    queen_trick = next(tr.number for tr in g.hand.tricks if QUEEN_OF_SPADES in tr.cards)
    chapters.append(Chapter("moon", moon_game, acts4, _trick_groups(13, {0, 1, queen_trick, 12})))

    # 5. The end of a game: the example hand as the last one, totals set so two players tie for the lowest.
    before = _totals_for_shared_win(main_points, Rules().target_score)

    def end_game() -> Game:
        game = Game(0, Rules(), deals=[deal])
        game.totals = list(before)
        return game

    chapters.append(Chapter("game_end", end_game, list(main.actions), [4], start=len(main.actions) - 4))
    return chapters


def _trick_groups(tricks: int, alone: set[int]) -> list[int]:
    """Step sizes (in plays) showing the tricks in ``alone`` one by one and the others in runs."""
    groups: list[int] = []
    run = 0
    for i in range(tricks):
        if i in alone:
            if run:
                groups.append(run * 4)
                run = 0
            groups.append(4)
        else:
            run += 1
    if run:
        groups.append(run * 4)
    return groups


def _totals_for_shared_win(points: Sequence[int], target: int) -> tuple[int, ...]:
    """Totals before a hand such that its ``points`` end the game with the learner sharing the win."""
    n = len(points)
    top = max(range(n), key=lambda s: points[s])
    others = [s for s in range(n) if s != top and s != LEARNER]
    partner = others[0]
    low = target - 17
    before = [0] * n
    before[LEARNER] = low - points[LEARNER]
    before[partner] = low - points[partner]
    for s in others[1:]:
        before[s] = low + 9 - points[s]
    before[top] = target + 4 - points[top]
    if top == LEARNER:  # pragma: no cover - the learner never takes the most points in the example
        raise ValueError("the example hand must not give the learner the most points")
    return tuple(before)


# ----- steps -------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Step:
    """What one press of Next shows."""

    chapter: str
    k: int  # 0 = the chapter's opening position
    count: int  # actions applied from the chapter's start
    caption: str
    notes: tuple[tuple[str, str], ...]  # (rule, text)
    learner_turn: bool
    scripted: Card | None  # the learner's scripted card when it is the learner's turn
    selected: CardSet  # cards raised (the pass about to be made)
    highlighted: CardSet  # cards outlined (the cards just received)
    trick: Trick | None  # a finished trick to show in the middle


class WalkthroughModel:
    """Steps through the scripted hand and the scenes; clicks are checked by the engine."""

    def __init__(self, lang: str = "en", chapters: list[Chapter] | None = None) -> None:
        self.lang = check_language(lang)
        self.chapters = chapters if chapters is not None else build_chapters()
        self._by_id = {c.id: c for c in self.chapters}
        self.steps: list[Step] = []
        self._build()
        self.index = 0
        self.message: tuple[str, str] | None = None  # (kind, text) after a click
        self._cache: tuple[int, Game] | None = None

    # ----- building ------------------------------------------------------------

    def _build(self) -> None:
        seen: set[str] = set()
        lang = self.lang
        for ch in self.chapters:
            g = ch.game_after(ch.start)
            count = ch.start
            intro = text(
                f"learn.scene.{ch.id}",
                lang,
                totals=", ".join(f"{seat_name(s, lang)} {x}" for s, x in enumerate(g.totals)),
                target=g.rules.target_score,
            )
            notes: list[tuple[str, str]] = []
            if ch.start == 0:  # a freshly dealt hand: is there a pass, and if not, why not?
                self._notes_for(Event(g.hand.copy(), g.hand.copy(), Move("deal"), g), seen, notes)
            self._notes_ahead(ch, 0, count, g, seen, notes)
            self.steps.append(self._make_step(ch, 0, count, g, intro, tuple(notes)))
            for k, size in enumerate(ch.groups, start=1):
                notes = []
                lines: list[str] = []
                group = ch.actions[count : count + size]
                for a in group:
                    before = g.hand.copy()
                    a.apply(g)
                    self._notes_for(Event(before, g.hand, a, g), seen, notes)
                lines.append(self._caption(ch, group, g, count))
                count += size
                self._notes_ahead(ch, k, count, g, seen, notes)
                self.steps.append(self._make_step(ch, k, count, g, " ".join(x for x in lines if x), tuple(notes)))

    def _notes_for(self, e: Event, seen: set[str], notes: list[tuple[str, str]]) -> None:
        """Add the notes of the detectors (:mod:`~hearts_widgets.rule_notes`) that fire on ``e`` for the first
        time in the walkthrough."""
        for rule, vals in fired(e, skip=seen):
            seen.add(rule)
            notes.append((rule, note_text(rule, vals, self.lang)))

    def _notes_ahead(
        self, ch: Chapter, k: int, count: int, g: Game, seen: set[str], notes: list[tuple[str, str]]
    ) -> None:
        """When step ``k`` leaves the learner to choose a card, the notes about that choice (see ``Detector.ahead``)."""
        if not _learner_turn(ch, k, count):
            return
        nxt = ch.actions[count]
        after = ch.game_after(count)
        nxt.apply(after)
        self._notes_for(Event(g.hand.copy(), after.hand, nxt, after, ahead=True), seen, notes)

    def _make_step(
        self, ch: Chapter, k: int, count: int, g: Game, caption: str, notes: tuple[tuple[str, str], ...]
    ) -> Step:
        h = g.hand
        nxt = ch.actions[count] if count < len(ch.actions) else None
        learner_turn = _learner_turn(ch, k, count)
        selected = CardSet(0)
        highlighted = CardSet(0)
        if nxt is not None and nxt.kind == "pass":
            selected = nxt.passes[LEARNER]
        if count > 0 and ch.actions[count - 1].kind == "pass":
            highlighted = CardSet(h.received[LEARNER] or 0)
        trick = h.tricks[-1] if not h.trick and h.tricks and not h.is_over else None
        return Step(
            ch.id, k, count, caption, notes, learner_turn, nxt.card if learner_turn else None,  # type: ignore[union-attr]
            selected, highlighted, trick,
        )

    def _caption(self, ch: Chapter, group: list[Act], g: Game, count: int) -> str:
        lang = self.lang
        h = g.hand
        if len(group) == 1 and group[0].kind == "pass":
            a = group[0]
            reason = ch.reasons.get(count)
            why = "" if reason is None else " " + text("learn.caption.why", lang, reason=reason.explain(lang))
            return text(
                "learn.caption.pass",
                lang,
                given=cards_label(a.passes[LEARNER]),
                to=seat_name(h.pass_target(LEARNER), lang),
                got=cards_label(CardSet(h.received[LEARNER] or 0)),
                source=seat_name(h.pass_source(LEARNER), lang),
            ) + why
        plays = [a for a in group if a.kind == "play"]
        parts: list[str] = []
        if len(plays) <= 4:
            for a in plays:
                key = "learn.caption.you_play" if a.seat == LEARNER else "learn.caption.plays"
                parts.append(text(key, lang, seat=seat_name(a.seat, lang), card=card_label(a.card)))  # type: ignore[arg-type]
            reason = ch.reasons.get(count) if len(group) == 1 else None
            if reason is not None:
                parts.append(text("learn.caption.why", lang, reason=reason.explain(lang)))
        else:
            first = h.tricks[-1].number if h.tricks else 0
            done = [tr for tr in h.tricks if tr.number > first - len(plays) // h.n]
            winners = {tr.winner for tr in done}
            parts.append(
                text(
                    "learn.caption.tricks_you" if winners == {LEARNER} else "learn.caption.tricks",
                    lang,
                    first=done[0].number + 1,
                    last=done[-1].number + 1,
                    winners=", ".join(seat_name(s, lang) for s in sorted(winners)),
                )
            )
        if plays and not h.trick and h.tricks and len(plays) <= 4:  # who took the trick, in the hint's words
            parts.append(fact_words(trick_taken(h.tricks[-1]), lang, num_players=h.n, seat=LEARNER))
        return " ".join(parts)

    # ----- reading -------------------------------------------------------------

    @property
    def step(self) -> Step:
        """The step on show."""
        return self.steps[self.index]

    def __len__(self) -> int:
        return len(self.steps)

    def game(self) -> Game:
        """The position of the current step (a fresh game: changing it changes nothing here)."""
        if self._cache is None or self._cache[0] != self.index:
            st = self.step
            self._cache = (self.index, self._by_id[st.chapter].game_after(st.count))
        return self._cache[1]

    @property
    def hand(self) -> HandState:
        """The hand of the current step."""
        return self.game().hand

    def chapter_bounds(self) -> list[tuple[str, int]]:
        """(chapter id, index of its first step), in order."""
        out = []
        for i, s in enumerate(self.steps):
            if s.k == 0:
                out.append((s.chapter, i))
        return out

    def title(self) -> str:
        """The scene's own title, drawn at the top left of the table ("Hand 1" only for the example hand)."""
        st = self.step
        if st.chapter == "hand":
            return text("display.hand", self.lang, number=self.hand.hand_number)
        return text(f"learn.chapter.{st.chapter}", self.lang)

    def prompt(self) -> str:
        """What to do now."""
        st = self.step
        if st.learner_turn:
            return text("learn.prompt.your_turn", self.lang)
        if self.index == len(self.steps) - 1:
            return text("learn.prompt.finished", self.lang)
        return text("learn.prompt.next", self.lang)

    def banner(self) -> str | None:
        """The line drawn on the table above the learner's cards (``None``: the table's own status line)."""
        st = self.step
        g = self.game()
        h = g.hand
        lang = self.lang
        if st.selected:
            to = seat_name(h.pass_target(LEARNER), lang)
            return text("learn.banner.pass", lang, cards=cards_label(st.selected), to=to)
        if g.is_over:
            return game_over_text(g, lang)
        if h.phase is Phase.PLAYING and h.to_play == LEARNER and not st.learner_turn:
            return text("learn.banner.next", lang)
        return None

    # ----- moving ----------------------------------------------------------------

    def next(self) -> bool:
        """One step forward (at the learner's turn: the scripted card). False at the end."""
        self.message = None
        if self.index + 1 >= len(self.steps):
            return False
        self.index += 1
        return True

    def back(self) -> bool:
        """One step back. False at the start."""
        self.message = None
        if self.index == 0:
            return False
        self.index -= 1
        return True

    def goto(self, index: int) -> None:
        """Jump to a step (e.g. a chapter's first step)."""
        if not isinstance(index, int) or not 0 <= index < len(self.steps):
            raise ValueError(f"step must be 0 to {len(self.steps) - 1}, not {index!r}")
        self.message = None
        self.index = index

    def click_card(self, code: str | int) -> None:
        """The learner clicks a card of the table."""
        lang = self.lang
        try:
            c = Card(code) if isinstance(code, int) else Card.parse(code)
        except CardParseError:
            self.message = ("error", text("ui.msg.not_a_card", lang, text=str(code)))
            return
        st = self.step
        h = self.hand
        ch = self._by_id[st.chapter]
        nxt = ch.actions[st.count] if st.count < len(ch.actions) else None
        if st.learner_turn:
            err = h.why_not(c, seat=LEARNER)
            if err is not None:
                self.message = ("error", err.explain(lang))
                return
            scripted = st.scripted
            assert scripted is not None
            self.index += 1
            if c == scripted:
                self.message = ("ok", text("learn.click.scripted", lang, card=card_label(c)))
            else:
                self.message = ("info", self._comment(h, c, scripted))
            return
        if nxt is not None and nxt.kind == "pass":
            key = "learn.click.pass_in" if c in nxt.passes[LEARNER] else "learn.click.pass_out"
            if c not in h.hand_of(LEARNER):
                self.message = ("error", _not_in_hand(c, lang))
                return
            self.message = ("info", text(key, lang, card=card_label(c), cards=cards_label(nxt.passes[LEARNER])))
            return
        if nxt is None or h.is_over:
            self.message = ("error", text("learn.click.over", lang))
            return
        err = h.why_not(c, seat=LEARNER)
        if err is not None:
            self.message = ("error", err.explain(lang))
        else:  # pragma: no cover - a grouped step whose next play is the learner's
            self.message = ("info", text("learn.prompt.next", lang))

    def _comment(self, h: HandState, chosen: Card, scripted: Card) -> str:
        """Words for a legal card that is not the story's: what it would do, then back to the story."""
        lang = self.lang
        # What the card would do in the trick, certain over what the learner cannot see: the hint's facts and words.
        outcome = fact_words(trick_outcome(h.observation(LEARNER), chosen), lang, num_players=h.n, seat=LEARNER)
        if not h.trick:
            first = text("learn.alt.lead", lang, card=card_label(chosen), outcome=outcome)
        elif chosen // 13 == h.led_suit:
            best = winning_card(h.trick)
            key = "learn.alt.over" if chosen > best else "learn.alt.under"
            first = text(key, lang, card=card_label(chosen), best=card_label(best), outcome=outcome)
        else:
            void = fact_words(Fact("void", seat=LEARNER, suit=h.led_suit), lang, num_players=h.n, seat=LEARNER)
            first = text("learn.alt.discard", lang, card=card_label(chosen), void=void, outcome=outcome)
        return first + " " + text("learn.alt.story", lang, card=card_label(scripted))


def _learner_turn(ch: Chapter, k: int, count: int) -> bool:
    """Whether step ``k`` of ``ch`` (``count`` actions played) waits for the learner's card: the next step is
    the learner's play alone."""
    nxt = ch.actions[count] if count < len(ch.actions) else None
    next_group = ch.groups[k] if k < len(ch.groups) else 0
    return nxt is not None and nxt.kind == "play" and nxt.seat == LEARNER and next_group == 1


def _not_in_hand(c: Card, lang: str) -> str:
    """The engine's words for a card the learner does not hold."""
    return IllegalMoveError(Rule.CARD_NOT_IN_HAND, card=str(c)).explain(lang)


def step_speech(m: WalkthroughModel, said_index: int | None) -> str:
    """What a screen reader says now (``said_index``: the step it last spoke): on a new step its number,
    caption, rule notes and prompt; on a click that stays on the step, the answer to the click.

    >>> m = WalkthroughModel(lang="en")
    >>> step_speech(m, None).startswith(m.message[1] if m.message else "Step 1")
    True
    """
    lang = m.lang
    said: list[str] = []
    if m.message is not None:
        said.append(m.message[1])
    if m.index != said_index or m.message is None:
        st = m.step
        said.append(text("learn.step", lang, index=m.index + 1, total=len(m)) + ".")
        said.append(st.caption)
        said.extend(f"{text('learn.rule_label', lang)} {note}" for _, note in st.notes)
        said.append(m.prompt())
    return " ".join(x for x in said if x)

