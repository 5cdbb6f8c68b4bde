"""Every learner-facing sentence is made from the rules in force (issue 31, the words).

For each variant, whole games are played (seeded: random legal cards, or everyone passing their lowest cards and
South playing its highest card and the others their lowest, which shoots a moon now and then). At every action the
learner could meet, every rule note (the detectors of :mod:`hearts_widgets.rule_notes`), the learner's decision
notes and the trick notes of :mod:`hearts_widgets.learn_model`, the review's words on each seat's points
(:func:`hearts.review.hand_points`), the hint's words on what each legal card does in the trick
(:func:`hearts.explain.trick_outcome`) and every refusal of a card South holds (:meth:`HandState.why_not`) are put
into words in English and Spanish, and each claim is checked against the engine: the card that opens the first trick
is the one the engine required, the pass direction and cycle are the engine's, Q♠ breaks hearts only where the rules
say so, the hand's total is the engine's, the moon is said as the engine scored it, the target is the rules', a card
said to win the trick won it.
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from typing import Any

import pytest

from hearts.cards import JACK_OF_DIAMONDS, QUEEN_OF_SPADES, SOUTH, Card, CardSet
from hearts.deal import Deal
from hearts.errors import Rule
from hearts.explain import Explanation, Fact, _fact_words, trick_outcome
from hearts.game import Game
from hearts.hand import HandState, Phase
from hearts.messages import catalogue, placeholders, seat_name, text
from hearts.review import hand_points
from hearts.rules import MoonScoring, PassDirection, Rules
from hearts_widgets.learn_model import decision_values, describe, trick_values
from hearts_widgets.rule_notes import Event, Move, Values, fired, localize, note_key, note_text
from hearts_widgets.table import sheet_note
from hearts_widgets.text import card_label

VARIANTS: dict[str, Rules] = {
    "default": Rules(),
    "3 players": Rules(num_players=3),
    "5 players": Rules(num_players=5),
    "6 players": Rules(num_players=6),
    "7 players": Rules(num_players=7),
    "Q♠ breaks hearts": Rules(qs_breaks_hearts=True),
    "no passing": Rules(passing=False),
    "J♦ −10": Rules(jack_of_diamonds=True),
    "moon subtract": Rules(moon=MoonScoring.SUBTRACT_FROM_SHOOTER),
    "shooter's choice": Rules(moon=MoonScoring.SHOOTERS_CHOICE),
    "target 50": Rules(target_score=50),
    "5 players, Q♠ breaks, J♦": Rules(num_players=5, qs_breaks_hearts=True, jack_of_diamonds=True, target_score=50),
}
LANGS = ("en", "es")
HANDS = 60  # per variant, in whole games
TWO_CLUBS = Card.parse("2C")


class Sweep:
    """Every sentence met in one variant, with what it was checked against."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.sentences: list[str] = []
        self.notes: Counter[str] = Counter()
        self.refusals: Counter[str] = Counter()

    def say(self, sentence: str) -> str:
        assert "{" not in sentence and "}" not in sentence, sentence  # every placeholder filled
        self.sentences.append(sentence)
        return sentence


def _check_note(sweep: Sweep, rule: str, values: Values, e: Event) -> None:
    """One rule note's values against the engine, then its words in both languages."""
    rules = sweep.rules
    b, a = e.before, e.after
    sweep.notes[rule] += 1
    key = note_key(rule, values)
    if rule == "passing":
        assert values["direction"][1] == a.pass_direction.value != "none"
        cycle = values["cycle"][1]
        assert cycle == tuple(rules.pass_direction(i).value for i in range(1, len(cycle) + 1))
        assert all(rules.pass_direction(i + len(cycle)).value == cycle[(i - 1) % len(cycle)] for i in range(1, 9))
        assert values["period"][1] == len(cycle) == (4 if rules.num_players == 4 else 2)
        assert ("across" in cycle) == (rules.num_players == 4)
        assert values["to"][1] == (SOUTH + a.pass_direction.offset(a.n)) % a.n == a.pass_target(SOUTH)
        assert CardSet(a.received[SOUTH] or 0) == values["got"][1]
    elif rule == "no_pass":
        assert a.pass_direction is PassDirection.NONE and a.phase is Phase.PLAYING
        assert values["size"][1] == len(a.hand_of(SOUTH)) == rules.hand_size
        assert key.endswith(".without") == (not rules.passing)
        if rules.passing:
            assert values["period"][1] == 4 and values["cycle"][1][-1] == "none"
    elif rule == "lead_lowest_club":
        required = b.legal_mask()
        assert required == 1 << e.act.card == 1 << rules.first_lead, "the note's card is the one the engine required"
        assert values["first"][1] == e.act.card
        assert ("removed" in values) == (TWO_CLUBS not in rules.deck)
        if "removed" in values:
            assert values["removed"][1] == rules.removed_cards and values["removed"][0] == "card_list"
    elif rule == "queen_played":
        assert e.act.card == QUEEN_OF_SPADES
        assert values["breaks"][1] == rules.qs_breaks_hearts == bool(rules.breakers_mask >> QUEEN_OF_SPADES & 1)
    elif rule == "hearts_broken":
        assert not b.hearts_broken and a.hearts_broken
        assert rules.breakers_mask >> e.act.card & 1, "the card named is one that breaks hearts under these rules"
        assert key.startswith("learn.note.hearts_broken.queen") == (e.act.card == QUEEN_OF_SPADES)
    elif rule in ("lead_hearts", "lead_only_hearts"):
        assert e.act.card.suit == 3 and not b.trick
        assert b.hearts_broken == (rule == "lead_hearts")
        if rule == "lead_only_hearts":
            assert CardSet(b.hands[e.act.seat]) <= CardSet.parse("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")
    elif rule == "queen_taken":
        assert values["points"][1] == a.tricks[-1].points == rules.points_of(CardSet(a.tricks[-1].cards).mask)
    elif rule == "scoring":
        r = a.result()
        assert values["points"][1] == r.points == tuple(rules.points_of(t) for t in a.taken)
        assert values["total"][1] == sum(r.points)
        if r.shooter is None:  # "as in every hand without a moon"
            assert sum(r.points) == rules.hand_total == sum(rules.card_points(c) for c in rules.deck)
            assert key.endswith(".jack") == rules.jack_of_diamonds
            if rules.jack_of_diamonds:
                assert values["jack"][1] == -rules.card_points(JACK_OF_DIAMONDS) == 10
                assert values["penalty"][1] - values["jack"][1] == sum(r.points)
        else:
            assert values["scores"][1] == r.scores
        assert values["queen"][1] == rules.card_points(QUEEN_OF_SPADES)
    elif rule == "moon":
        r = a.result()
        assert r.shooter == values["seat"][1]
        s = r.shooter
        way = values.get("way", ("flag", "add"))[1]
        if way == "add":
            assert r.scores[s] == 0 and all(p == values["points"][1] for i, p in enumerate(r.scores) if i != s)
            assert r.moon is MoonScoring.ADD_TO_OTHERS
            assert rules.moon in (MoonScoring.ADD_TO_OTHERS, MoonScoring.SHOOTERS_CHOICE)
        elif way == "subtract":
            assert r.scores[s] == -values["points"][1] and all(p == 0 for i, p in enumerate(r.scores) if i != s)
            assert rules.moon in (MoonScoring.SUBTRACT_FROM_SHOOTER, MoonScoring.SHOOTERS_CHOICE)
        else:
            assert values["scores"][1] == r.scores
        chosen = values["choice"][1][0]
        assert chosen == (r.moon.value if rules.moon is MoonScoring.SHOOTERS_CHOICE else None), (chosen, r.moon)
        for lang in LANGS:
            said = ("the shooter chooses" if lang == "en" else "elige quien dispara") in note_text(rule, values, lang)
            assert said == (rules.moon is MoonScoring.SHOOTERS_CHOICE)
    elif rule == "game_end":
        assert e.game.is_over and values["target"][1] == rules.target_score
        assert values["total"][1] == max(e.game.scores) >= rules.target_score
    elif rule == "shared_win":
        assert len(e.game.winners) > 1
    for lang in LANGS:
        words = sweep.say(note_text(rule, values, lang))
        shown = localize(values, lang)
        said = placeholders(catalogue(lang)[key])
        for name in ("card", "first", "removed", "direction", "cycle", "target", "total", "size", "period"):
            if name in said:
                assert str(shown[name]) in words, (name, shown[name], words)


def _check_decision(sweep: Sweep, h: HandState) -> None:
    """The learner's 'now' note and the refusal of every card the engine refuses."""
    rules = sweep.rules
    key, values = decision_values(h)
    sweep.notes[key] += 1
    if h.phase is Phase.PASSING:
        assert values["count"][1] == rules.pass_size and values["direction"][1] == h.pass_direction.value
        assert values["to"][1] == h.pass_target(SOUTH)
    else:
        assert values["allowed"][1] == h.legal_moves
        if key == "learn.now.lead_first":
            assert values["allowed"][1] == CardSet([rules.first_lead])
    for lang in LANGS:
        shown = localize({**values, "players": ("players", h.n)}, lang)
        words = sweep.say(text(key, lang, **shown))
        assert shown["allowed" if "allowed" in values else "direction"] in words
    if h.phase is not Phase.PLAYING:
        return
    for c in h.hand_of(SOUTH):
        err = h.why_not(c)
        if err is None:
            assert c in h.legal_moves
            continue
        assert c not in h.legal_moves
        sweep.refusals[err.rule.value] += 1
        for lang in LANGS:
            words = sweep.say(err.explain(lang))
            assert card_label(c) in words or err.rule is Rule.HEARTS_NOT_BROKEN, words
            if err.rule is Rule.MUST_LEAD_LOWEST_CLUB:
                assert h.legal_mask() == 1 << rules.first_lead and card_label(rules.first_lead) in words
            if err.rule is Rule.HEARTS_NOT_BROKEN:
                assert not h.hearts_broken and c.suit == 3
                assert ("Q♠" in words) == rules.qs_breaks_hearts, words
            if err.rule is Rule.NO_POINTS_ON_FIRST_TRICK:
                assert h.trick_number == 0 and h.trick


def _hint_facts(sweep: Sweep, h: HandState) -> dict[Card, Fact]:
    """What the hint says each legal card of South's does in this trick, checked against what is still out."""
    rules = sweep.rules
    obs = h.observation(SOUTH)
    facts = {}
    for c in h.legal_moves:
        f = trick_outcome(obs, c)
        sweep.notes[f"hint {f.kind}"] += 1
        out = CardSet(obs.unseen_mask)
        assert out <= rules.deck and not out & CardSet(h.hands[SOUTH]), "cards said to be out are in this deck"
        assert set(f.others) <= set(out), (f, out)  # "unless X is played on it": X is in the deck, not yet seen
        if f.kind == "may_win":
            assert f.count <= len([u for u in out if u.suit == c.suit and u > c])
        for lang in LANGS:
            sweep.say(_fact_words(f, lang, Explanation("play", SOUTH, h.n, (c,), (f,))))
        facts[c] = f
    return facts


def _check_played(facts: dict[Card, Fact], card: Card, h: HandState) -> None:
    """The trick South played ``card`` into ended as the hint's words said it could."""
    f = facts[card]
    trick = h.tricks[-1]
    if f.kind == "wins":
        assert trick.winner == SOUTH, (f, trick)
    elif f.kind == "loses":
        assert trick.winner != SOUTH, (f, trick)
    elif f.kind == "unless" and trick.winner != SOUTH:
        assert trick.played_by(trick.winner) in f.others, (f, trick)


def _check_trick(sweep: Sweep, h: HandState) -> None:
    rules = sweep.rules
    trick = h.tricks[-1]
    values = trick_values(trick, rules)
    kind, fact = values["took"]
    assert kind == "fact" and fact.kind == "took" and fact.seat == trick.winner
    jack = rules.jack_of_diamonds and JACK_OF_DIAMONDS in trick.cards
    sweep.notes["J♦ trick" if jack else "trick"] += 1
    assert fact.points == trick.points == sum(rules.card_points(c) for c in trick.cards)
    counted = CardSet([c for c in trick.cards if rules.card_points(c)])
    assert CardSet(fact.others) == counted
    for lang in LANGS:
        words = sweep.say(localize({**values, "players": ("players", h.n)}, lang)["took"])
        if counted:  # every card that scores, in the order played, and the total
            assert all(str(c) in words for c in counted) and str(trick.points) in words, words
        else:
            assert "no points" in words or "sin puntos" in words, words


def _check_review(sweep: Sweep, h: HandState) -> None:
    """The review's words on where each seat's points came from, against the engine's result."""
    r = h.result()
    for seat in range(h.n):
        hp = hand_points(h, seat)
        sweep.notes["review points"] += 1
        assert hp.points == r.points[seat] == sum(hp.by_trick) and hp.score == r.scores[seat]
        for lang in LANGS:
            words = sweep.say(hp.explain(lang))
            assert words.startswith(seat_name(seat, lang, h.n))
            if any(hp.by_trick):
                assert "no points" not in words and "ningún punto" not in words, words
                assert f" {hp.points} " in words or (hp.points == 1 and " 1 " in words), words
            if r.shooter is not None:
                assert (r.scores[seat] < 0) == ("off" in words or "resta" in words), words


def _event(sweep: Sweep, before: HandState, after: HandState, act: Move, g: Game, ahead: bool = False) -> None:
    e = Event(before, after, act, g, ahead)
    for rule, values in fired(e):
        _check_note(sweep, rule, values, e)


def sweep_variant(rules: Rules, seed: int) -> Sweep:
    sweep = Sweep(rules)
    rng = random.Random(seed)
    hands = 0
    game_number = seed
    facts: dict[Card, Fact] = {}
    south_trick = -1
    while hands < HANDS:
        g = Game(game_number, rules)
        game_number += 1
        while hands < HANDS:
            # Half the hands: everyone passes their lowest cards, South plays its highest and the others their lowest,
            # so moons happen; the other half random.
            greedy = rng.random() < 0.5
            h = g.hand
            _event(sweep, h.copy(), h.copy(), Move("deal"), g)
            if h.phase is Phase.PASSING:
                _check_decision(sweep, h)
                before = h.copy()
                for s in range(h.n):
                    mine = list(h.hand_of(s))
                    h.pass_cards(s, mine[: rules.pass_size] if greedy else rng.sample(mine, rules.pass_size))
                _event(sweep, before, h.copy(), Move("pass"), g)
            while not h.is_over:
                if h.phase is Phase.MOON_CHOICE:
                    h.choose_moon(h.to_play, rng.choice(("add", "subtract")))
                    continue
                seat = h.to_play
                if seat == SOUTH:
                    _event(sweep, h.copy(), h.copy(), Move("play", SOUTH), g, ahead=True)
                    _check_decision(sweep, h)
                    facts = _hint_facts(sweep, h)
                    south_trick = len(h.tricks)
                legal = list(h.legal_moves)
                card = (legal[-1] if seat == SOUTH else legal[0]) if greedy else rng.choice(legal)
                before = h.copy()
                tricks = len(h.tricks)
                h.play(card)
                if h.phase is Phase.MOON_CHOICE:
                    h.choose_moon(h.to_play, rng.choice(("add", "subtract")))
                _event(sweep, before, h.copy(), Move("play", seat, card), g)
                if len(h.tricks) > tricks:
                    _check_trick(sweep, h)
                    if len(h.tricks) == south_trick + 1 and SOUTH in h.tricks[-1].seats:
                        _check_played(facts, h.tricks[-1].played_by(SOUTH), h)
            _check_review(sweep, h)
            hands += 1
            if g.is_over:
                break
            g.next_hand()
    return sweep


def _forbidden(rules: Rules) -> list[str]:
    """Words that state a rule these rules do not apply (en and es)."""
    bad: list[str] = []
    if TWO_CLUBS not in rules.deck:
        bad += ["has 2♣", "hold 2♣", "with 2♣", "tiene el 2♣", "Tienes el 2♣", "con el 2♣", "2♣ opens", "El 2♣"]
    if rules.qs_breaks_hearts:
        bad += ["does not break hearts", "no rompe los corazones", "breaks nothing", "no rompe nada"]
    else:
        bad += ["Q♠ breaks hearts", "Q♠ rompe los corazones", "playing it breaks hearts", "jugarla rompe"]
    if rules.num_players != 4:
        bad += ["across", "al frente", "four hands", "cuatro manos", "every fourth", "cada cuarta"]
    if rules.hand_size != 13:
        bad += ["13 cards", "13 cartas"]
    if not rules.passing:
        bad += ["every fourth", "cada cuarta", "passes three cards", "pasan tres cartas"]
    if not rules.jack_of_diamonds:
        bad += ["J♦ takes", "for J♦", "J♦ resta", "por el J♦"]
    if rules.moon is MoonScoring.SUBTRACT_FROM_SHOOTER:
        bad += ["scores 0 for the hand and every other player scores"]
    if rules.moon is MoonScoring.ADD_TO_OTHERS:
        bad += ["off their total", "off your total", "resta 26", "Restas 26"]
    return bad


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_note_and_refusal_states_the_rules_in_force(name: str) -> None:
    rules = VARIANTS[name]
    started = time.perf_counter()
    sweep = sweep_variant(rules, seed=31)
    for sentence in sweep.sentences:
        for words in _forbidden(rules):
            assert words not in sentence, (name, words, sentence)
    # What every variant's learner meets (the rarer rules are met in some variants, checked below).
    assert {"scoring", "lead_lowest_club", "queen_played", "hearts_broken", "trick_winner"} <= set(sweep.notes)
    assert ("passing" in sweep.notes) == rules.passing
    assert "no_pass" in sweep.notes or rules.num_players != 4
    assert {"must_follow_suit", "hearts_not_broken"} <= set(sweep.refusals)
    assert "must_lead_lowest_club" in sweep.refusals
    print(  # the coverage figures (pytest -s)
        f"{name}: {sum(sweep.notes.values())} notes of {len(sweep.notes)} kinds, "
        f"{sum(sweep.refusals.values())} refusals of {len(sweep.refusals)} kinds, "
        f"{len(sweep.sentences)} sentences checked in {time.perf_counter() - started:.1f} s"
    )
    SEEN[name] = sweep


SEEN: dict[str, Sweep] = {}


def test_the_rare_notes_were_met_somewhere() -> None:
    """Across the variants the sweep met a moon under each moon rule, a game's end and Q♠ breaking hearts."""
    if len(SEEN) < len(VARIANTS):  # run alone: sweep the variants that matter here
        for name in ("moon subtract", "shooter's choice", "Q♠ breaks hearts", "target 50", "J♦ −10"):
            SEEN.setdefault(name, sweep_variant(VARIANTS[name], seed=31))
    moons: dict[str, Any] = {name: s.notes["moon"] for name, s in SEEN.items()}
    assert moons["moon subtract"] and moons["shooter's choice"], moons
    assert any("In this game the shooter chooses" in s for s in SEEN["shooter's choice"].sentences)
    assert SEEN["target 50"].notes["game_end"]
    assert SEEN["Q♠ breaks hearts"].notes["queen_played"]
    assert any("breaks hearts, as a heart does" in s for s in SEEN["Q♠ breaks hearts"].sentences)
    assert SEEN["J♦ −10"].notes["J♦ trick"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_score_sheet_says_how_these_rules_score_a_moon(lang: str) -> None:
    add = sheet_note(Rules(), lang)
    sub = sheet_note(Rules(moon="subtract"), lang)
    choice = sheet_note(Rules(moon="choice"), lang)
    assert "26" in add and "26" in sub and "26" in choice
    assert len({add, sub, choice}) == 3
    assert ("off their total" in sub) if lang == "en" else ("resta" in sub)
    assert ("off" not in add) if lang == "en" else ("resta" not in add)


# ----- what the table itself says: refusals, hints, the hand's summary and the score sheet ---------------------------

TABLE_VARIANTS = ("3 players", "Q♠ breaks hearts", "J♦ −10", "moon subtract", "5 players, Q♠ breaks, J♦")


@pytest.mark.parametrize("name", TABLE_VARIANTS)
def test_what_the_table_says_states_the_rules_in_force(name: str, tmp_path) -> None:
    """Through :class:`TableModel`, as a learner meets them: the refusal of every card South may not play (the
    engine's reason, in both languages), the hint's reasons, the hand's summary, the score sheet's note and the
    rules' own description, with no words of a rule these rules do not apply."""
    from hearts_widgets.table import GameTable

    rules = VARIANTS[name]
    t = GameTable(number=31, level="random", data_dir=tmp_path, rules=rules, paced=False, learn=False)
    m = t.model
    bad = _forbidden(rules)
    said: list[str] = []
    hints = refusals = 0
    while m.game.hand_number <= 2 and not m.game.is_over:
        h = m.hand
        if h.phase is Phase.PASSING:
            if hints < 2:
                m.press("hint")
                said += [m.message.text, *m.message.items]
                hints += 1
            for c in list(h.hand_of(SOUTH))[:3]:
                m.click_card(c.code)
            m.press("pass")
        elif h.phase is Phase.PLAYING:
            legal = h.legal_moves_for(SOUTH)
            for c in h.hand_of(SOUTH):
                if c in legal:
                    continue
                m.click_card(c.code)
                why = h.why_not(c, seat=SOUTH)
                assert m.message.kind == "error" and why is not None and m.message.text == why.explain("en")
                assert m.playable == legal  # a refusal changes nothing
                said.append(m.message.text)
                m.set_setting("lang", "es")
                said.append(m.message.text)
                m.set_setting("lang", "en")
                refusals += 1
            if hints < 6:
                m.press("hint")
                said.append(m.message.text)
                hints += 1
            m.click_card(next(iter(legal)).code)
        elif h.phase is Phase.MOON_CHOICE:
            said.append(m.message.text)
            m.press("moon_add")
        else:
            for lang in LANGS:
                m.set_setting("lang", lang)
                t.refresh()
                said += [m.message.text, t.sheet.value, t.rules_note.value]
            m.set_setting("lang", "en")
            assert t.sheet.value.split("</tr>")[0].count("<th") == 2 + rules.num_players  # blank, pass, the seats
            m.press("next")
    assert refusals and hints
    for sentence in said:
        for words in bad:
            assert words not in sentence, (name, words, sentence)
    sheet = " ".join(s for s in said if "hw-sheet-note" in s)
    if rules.jack_of_diamonds:
        assert "J♦ counts −10" in sheet and "La J♦ cuenta −10" in sheet
    if rules.num_players != 4:
        assert f"Player {rules.num_players}" in sheet and f"Jugador {rules.num_players}" in sheet


# ----- every preset of the Settings panel, whole games through the table model ----------------------------------------

_CARD = re.compile(r"(?<![\w♣♦♠♥])(10|[2-9JQKA])([♣♦♠♥])")
_REMOVED_WORDS = ("taken out", "removed", "fuera", "quita", "retira", "sin el", "sin los")
_COMPASS = ("South", "West", "North", "East", "Oeste", "Norte")
_DIRECTIONS = {
    "en": {"left": "left", "right": "right", "across": "across"},
    "es": {"left": "izquierda", "right": "derecha", "across": "frente"},
}


class Said:
    """A sentence the learner met at the table, with the engine state it was said in."""

    def __init__(self, where: str, text: str, hand: HandState, lang: str) -> None:
        self.where, self.text, self.lang = where, text, lang
        self.phase = hand.phase
        self.direction = hand.pass_direction
        self.hand_size = len(hand.hand_of(SOUTH))

    def __repr__(self) -> str:
        return f"{self.where} [{self.lang}, {self.phase.value}]: {self.text}"


def _check_said(rules: Rules, s: Said) -> None:
    """One sentence's claims against the engine: cards in this deck, seats at this table, the hand's total, the target,
    the pass direction, Q♠ and hearts, the moon, hand sizes."""
    t = s.text
    assert "{" not in t and "}" not in t, s
    for words in _forbidden(rules):
        assert words not in t, (words, s)
    named = {Card.parse(rank.replace("10", "10") + {"♣": "C", "♦": "D", "♠": "S", "♥": "H"}[suit])
             for rank, suit in _CARD.findall(t)}  # fmt: skip
    outside = {c for c in named if c not in rules.deck}
    if outside:  # a card not in this deck is named only to say it was taken out
        removal = any(w in t for w in _REMOVED_WORDS) or re.search(r"\bsin (10|[2-9JQKA])[♣♦♠♥]", t)
        assert removal and outside <= set(rules.removed_cards), (outside, s)
    for k in re.findall(r"(?:Player|Jugador) (\d+)", t):
        assert 1 <= int(k) <= rules.num_players, s
    if rules.num_players != 4:
        assert not any(re.search(rf"\b{w}\b", t) for w in _COMPASS), s
    for total in re.findall(r"(?:Together that is|En total son) (-?\d+), (?:as in every hand|como en toda mano)", t):
        assert int(total) == rules.hand_total, (rules.hand_total, s)
    for target in re.findall(r"(?:games to|partidas a|reaches|llega a) (\d+) (?:points|puntos)", t):
        assert int(target) == rules.target_score, s
    for size in re.findall(r"(\d+) (?:cards each|cartas cada)", t):
        assert int(size) == rules.hand_size, s
    if s.where == "now" and s.phase is Phase.PASSING:  # what to do now: pass this hand's way
        words = _DIRECTIONS[s.lang]
        assert words[s.direction.value] in t, (s.direction, s)
        assert not any(w in t for d, w in words.items() if d != s.direction.value), s
    if "Q♠" in t and re.search(r"break|romp", t) and s.where in ("refusal", "rule"):
        says_breaks = not re.search(r"(does not|doesn't|no) (break|romp)", t)
        assert says_breaks == rules.qs_breaks_hearts or "heart" in t.split("Q♠")[0][-40:], s


def table_sweep(name: str, seed: int, tmp_path: Any) -> tuple[list[Said], Counter[str]]:
    """Whole games of preset ``name`` (to 50 points) at a learn-mode table: South plays random legal cards after
    clicking every dimmed card, asks for hints now and then, and chooses its moons at random."""
    from hearts_widgets.table import GameTable
    from hearts_widgets.variants import preset_rules

    rules = preset_rules(name, 50)
    t = GameTable(number=seed, level="random", data_dir=tmp_path, rules=rules, paced=False, learn=True)
    m = t.model
    rng = random.Random(seed)
    said: list[Said] = []
    seen: Counter[str] = Counter()

    def collect(where: str, text: str | None, lang: str) -> None:
        if text:
            said.append(Said(where, text, m.hand, lang))

    def both(read: Any) -> None:  # the table's words are kept unsaid and put into words in the language asked
        for lang in LANGS:
            read(lang)

    def switched(read: Any) -> None:  # what is drawn in the table's language: switch it (the setting is saved)
        for lang in LANGS:
            m.set_setting("lang", lang)
            read(lang)
        m.set_setting("lang", "en")

    def notes(lang: str) -> None:
        for kind, rule, words in describe(m.lesson.notes, lang) if m.learning else []:
            seen[f"note {rule or kind}"] += lang == "en"
            collect("rule" if kind == "rule" else kind, words, lang)

    def message(where: str) -> Any:
        def read(lang: str) -> None:
            msg = None if m._line is None else m._line.render(lang)
            if msg is not None:
                collect(where, msg.text, lang)
                for item in msg.items:
                    collect(where, item, lang)

        return read

    steps = 0
    while not m.game.is_over:
        steps += 1
        assert steps < 2000
        h = m.hand
        both(notes)
        if h.phase is Phase.PASSING:
            if rng.random() < 0.5:
                m.press("hint")
                seen["hint pass"] += 1
                both(message("hint"))
            m.press("pass")  # nothing chosen yet: refused
            assert m.message.kind == "error" and h.phase is Phase.PASSING
            seen["refusal pass"] += 1
            both(message("refusal"))
            for c in rng.sample(list(h.hand_of(SOUTH)), rules.pass_size):
                m.click_card(c.code)
            m.press("pass")
        elif h.phase is Phase.PLAYING and h.to_play == SOUTH:
            legal = h.legal_moves_for(SOUTH)
            for c in h.hand_of(SOUTH):
                if c in legal:
                    continue
                m.click_card(c.code)
                why = h.why_not(c, seat=SOUTH)
                assert why is not None and m.message.kind == "error" and m.playable == legal
                seen[f"refusal {why.rule.value}"] += 1
                both(message("refusal"))
            if rng.random() < 0.3:
                m.press("hint")
                seen["hint play"] += 1
                both(message("hint"))
            m.click_card(rng.choice(list(legal)).code)
        elif h.phase is Phase.MOON_CHOICE:
            seen["moon choice"] += 1
            both(message("moon"))
            m.press(rng.choice(("moon_add", "moon_subtract")))
        elif h.is_over:
            seen["hand over"] += 1

            def sheet(lang: str) -> None:
                t.refresh()
                message("summary")(lang)
                collect("sheet", re.sub(r"<[^>]+>", " ", t.sheet.value), lang)
                collect("rules", re.sub(r"<[^>]+>", " ", t.rules_note.value), lang)

            switched(sheet)
            m.press("next")
        else:
            raise AssertionError(f"the table waits for nobody: {h.phase}, {h.to_play}")
    both(notes)
    both(message("game over"))
    return said, seen


PRESET_NAMES = ("standard", "omnibus", "queen_breaks", "no_passing", "three", "five", "six", "seven")


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_preset_says_only_what_the_engine_applies(name: str, tmp_path: Any) -> None:
    """Each preset of the Settings panel, a whole learn-mode game through the table: every rule note, "now" note,
    trick note, refusal (a click on every dimmed card, a pass with nothing chosen), hint, moon question, hand summary,
    score sheet and rules line, in English and Spanish, checked against the engine (:func:`_check_said`)."""
    from hearts_widgets.variants import PRESETS, preset_rules

    # Every one-pack preset; the two-pack ones (Cancellation Hearts) are played whole, with their own notes, in
    # tests/test_cancel_table.py (their first lead is the dealer's left's, which this sweep does not expect).
    assert set(PRESET_NAMES) == {p for p in PRESETS if PRESETS[p].decks == 1}
    rules = preset_rules(name, 50)
    started = time.perf_counter()
    said, seen = table_sweep(name, 3100 + PRESET_NAMES.index(name), tmp_path)
    for s in said:
        _check_said(rules, s)
    kinds = {s.where for s in said}
    assert {"now", "trick", "refusal", "hint", "summary", "sheet", "rules", "game over"} <= kinds, kinds
    assert seen["refusal must_follow_suit"] and seen["hand over"] >= 2, seen
    assert seen["note lead_lowest_club"] and seen["note scoring"], seen
    assert ("refusal pass" in seen) == rules.passing
    print(f"{name}: {len(said)} sentences, {sum(seen.values())} events of {len(seen)} kinds, "
          f"{time.perf_counter() - started:.1f} s")  # fmt: skip


@pytest.mark.parametrize(
    ("rules", "where", "sentence"),
    [  # the false sentences issue 31 found, and others of each kind: the check refuses every one
        (Rules(qs_breaks_hearts=True), "rule", "You play Q♠: it costs 13 points. Playing it does not break hearts."),
        (Rules(num_players=5), "rule", "Player 4 holds 3♣, so Player 4 opens it: whoever has 2♣ always leads first."),
        (Rules(num_players=5), "rule", "Player 4 holds 2♣, so Player 4 opens the first trick with it."),
        (Rules(jack_of_diamonds=True), "rule", "Together that is 26, as in every hand without a moon."),
        (Rules(), "rule", "Together that is 16, as in every hand without a moon."),
        (Rules(num_players=3), "rule", "This hand everyone passes three cards across."),
        (Rules(num_players=5), "sheet", "Player 1 Player 2 Player 3 Player 4 Player 5 Player 6"),
        (Rules(num_players=5), "rule", "West wins the trick."),
        (Rules(target_score=50), "rules", "This game: games to 100 points."),
        (Rules(num_players=3), "rules", "This game: 3 players (2♦ taken out, 13 cards each)."),
        (Rules(), "refusal", "Hearts are not broken yet, and in this game Q♠ breaks hearts too."),
        (Rules(moon="add"), "rule", "South shot the moon: 26 come off their total."),
        (Rules(), "rule", "J♦ takes 10 points off."),
    ],
)
def test_the_check_refuses_a_sentence_that_states_a_rule_not_in_force(rules: Rules, where: str, sentence: str) -> None:
    h = HandState(Deal.from_number(1, rules), rules)
    with pytest.raises(AssertionError):
        _check_said(rules, Said(where, sentence, h, "en"))


def test_the_check_passes_what_is_true() -> None:
    rules = Rules(num_players=5, jack_of_diamonds=True, target_score=50)
    h = HandState(Deal.from_number(1, rules), rules)
    for sentence in (
        "Player 2 holds 3♣, so Player 2 opens the first trick with it. With 5 players 2♣ and 2♦ are taken out",
        "This game: 5 players (2♣ 2♦ taken out, 10 cards each), J♦ is worth −10, games to 50 points.",
        "Together that is 16, as in every hand without a moon.",
    ):
        _check_said(rules, Said("rule", sentence, h, "en"))
