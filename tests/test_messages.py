"""The message catalogue: both languages complete, same placeholders, every rule explained."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hearts import Card, Rule
from hearts.errors import IllegalMoveError
from hearts.messages import (
    LANGUAGES,
    card_name,
    catalogue,
    placeholders,
    plural_form,
    plural_key,
    rule_message,
    seat_name,
    text,
    text_n,
)

LOCALE = Path(__file__).resolve().parent.parent / "hearts" / "locale"
AREAS = sorted({p.name.split(".")[0] for p in LOCALE.glob("*.json")})


def _load(area: str, lang: str) -> dict[str, str]:
    return json.loads((LOCALE / f"{area}.{lang}.json").read_text(encoding="utf-8"))


def test_every_locale_file_is_named_area_dot_language():
    for p in LOCALE.glob("*.json"):
        parts = p.name.split(".")
        assert len(parts) == 3 and parts[1] in LANGUAGES, p.name


@pytest.mark.parametrize("area", AREAS)
def test_each_area_has_both_languages_with_the_same_keys(area):
    files = {lang: LOCALE / f"{area}.{lang}.json" for lang in LANGUAGES}
    missing = [str(p.name) for p in files.values() if not p.exists()]
    assert not missing, f"missing {missing}"
    en, es = _load(area, "en"), _load(area, "es")
    assert sorted(set(en) - set(es)) == [], "keys only in English"
    assert sorted(set(es) - set(en)) == [], "keys only in Spanish"


@pytest.mark.parametrize("area", AREAS)
def test_each_message_has_the_same_placeholders_in_both_languages(area):
    en, es = _load(area, "en"), _load(area, "es")
    for key in en:
        assert placeholders(en[key]) == placeholders(es[key]), key


@pytest.mark.parametrize("area", AREAS)
def test_messages_are_non_empty_text(area):
    for lang in LANGUAGES:
        for key, value in _load(area, lang).items():
            assert isinstance(value, str) and value.strip(), (lang, key)


def test_keys_are_unique_across_areas():
    seen: dict[str, str] = {}
    for area in AREAS:
        for key in _load(area, "en"):
            assert key not in seen, f"{key!r} in both {seen.get(key)} and {area}"
            seen[key] = area


def test_merged_catalogues_have_the_same_keys():
    assert set(catalogue("en")) == set(catalogue("es"))


@pytest.mark.parametrize("rule", list(Rule))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_has_a_message(rule, lang):
    assert f"rule.{rule.value}" in catalogue(lang)


# Values that fill every rule message's placeholders, as the engine passes them.
DETAILS = {
    "card": "Q♠",
    "suit": "♣",
    "first": "2♣",
    "seat": 2,
    "phase": "passing",
    "expected": 3,
    "given": 2,
    "last": 3,
}


@pytest.mark.parametrize("rule", list(Rule))
def test_every_rule_explains_itself_in_both_languages(rule):
    en = rule_message(rule, "en", **DETAILS)
    es = rule_message(rule, "es", **DETAILS)
    assert en and es and en != es
    for t in (en, es):
        assert "{" not in t and "}" not in t


def test_rule_messages_name_seats_and_phases_in_the_learners_language():
    err = IllegalMoveError(Rule.NOT_YOUR_TURN, seat=2)
    assert err.explain("en") == "It is not your turn: North plays next."
    assert "Norte" in err.explain("es")
    err = IllegalMoveError(Rule.WRONG_PHASE, phase="passing")
    assert "passing" in err.explain("en")
    assert "passing" not in err.explain("es") and text("phase.passing", "es") in err.explain("es")
    err = IllegalMoveError(Rule.ALREADY_PASSED, seat=1, players=5)
    assert err.explain("en").startswith("Player 2 ")
    assert err.explain("es").startswith("Jugador 2 ")
    # The details stay machine-readable.
    assert err.details["seat"] == 1


def test_card_names_in_both_languages():
    assert card_name(Card.parse("QS"), "en") == "queen of spades"
    assert card_name(Card.parse("QS"), "es") == "reina de picas"
    assert card_name(Card.parse("2C"), "en") == "two of clubs"
    assert card_name(Card.parse("AH"), "es") == "as de corazones"
    assert card_name(Card.parse("10D"), "en") == "ten of diamonds"
    for lang in LANGUAGES:
        names = {card_name(c, lang) for c in range(52)}
        assert len(names) == 52, f"two cards share a name in {lang}"
        assert Card.parse("JD").name(lang) == card_name(Card.parse("JD"), lang)


def test_seat_names():
    assert [seat_name(s, "en") for s in range(4)] == ["South", "West", "North", "East"]
    assert [seat_name(s, "es") for s in range(4)] == ["Sur", "Oeste", "Norte", "Este"]
    assert seat_name(4, "en", num_players=5) == "Player 5"


def test_unknown_language_and_key_are_typed_errors():
    with pytest.raises(ValueError, match="language"):
        text("seat.0", "fr")
    with pytest.raises(ValueError, match="no message"):
        text("no.such.key", "en")


# ----- counts: singular and plural forms ----------------------------------------------------------


def test_text_n_picks_the_form_for_the_count():
    assert [text_n("ui.msg.hand_done", n, "en", hand=4, points=n, total=30) for n in (0, 1, 7)] == [
        "Hand 4 is over: you took no points, and your total is 30.",
        "Hand 4 is over: you took 1 point, and your total is 30.",
        "Hand 4 is over: you took 7 points, and your total is 30.",
    ]
    assert text_n("ui.msg.hand_done", 1, "es", hand=4, points=1, total=30) == (
        "Se acabó la mano 4: te has llevado 1 punto y tu total es 30."
    )
    # Without a .zero form, 0 takes the plural, as in both languages.
    assert text_n("display.cards", 0, "es", count=0) == "0 cartas"
    for lang in LANGUAGES:
        assert [plural_form(n, lang) for n in (-1, 0, 1, 2, 21)] == ["one", "other", "one", "other", "other"]
    assert plural_key("bot.reason.pass_queen", 1) == "bot.reason.pass_queen.one"


def test_text_n_needs_plural_forms_and_a_known_language():
    with pytest.raises(ValueError, match="no plural forms"):
        text_n("seat.0", 2, "en")
    with pytest.raises(ValueError, match="language"):
        text_n("display.cards", 2, "fr", count=2)


def _families(cat: dict[str, str]) -> dict[str, dict[str, str]]:
    """Messages with plural forms: every ``<base>.one`` and its ``<base>.zero`` / ``<base>.other``."""
    bases = {key[: -len(".one")] for key in cat if key.endswith(".one")}
    return {b: {f: cat[f"{b}.{f}"] for f in ("zero", "one", "other") if f"{b}.{f}" in cat} for b in bases}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_families_are_complete(lang):
    cat = catalogue(lang)
    families = _families(cat)
    assert "ui.msg.hand_done" in families and "bot.reason.pass_queen" in families
    for base, forms in families.items():
        assert "other" in forms, f"{base} needs .other besides .one"
        assert base not in cat, f"{base} is both a message and a family of plural forms"
        for form, template in forms.items():
            # Every form takes the values the .other form takes, so one call fills any of them.
            assert placeholders(template) <= placeholders(forms["other"]), (base, form)


# A placeholder right before a countable noun ("{points} points") reads wrongly for 1 unless the
# message has plural forms. These placeholders hold decimals or rates, which take the plural:
DECIMALS = {
    "effect",
    "hi",
    "lo",
    "expected",
    "other_expected",
    "worst_expected",
    "chosen_expected",
    "best_expected",
    "threshold",
    "rate",
    "share",
    "seconds",
    "cost",
    "gap",
    "margin",
}
# ... and these counts are never 1 (the reason is the test's documentation).
COUNTS_NEVER_ONE = {
    "tutor.fail.bot.worse": "deals: len(BOT_DEALS), 40; mine: a mean with one decimal (1.0 points)",
    # Cancellation Hearts: the widow is 2, 4, 5 or 6 cards (none at 8 players: no line), 6 to 10 players with
    # 10 to 17 cards each, and the ".more" note is for 2 waiting tricks or more.
    "display.widow_down": "count: a widow is 2 to 6 cards",
    "learn.note.widow_taken": "count: a widow is 2 to 6 cards",
    "learn.note.widow_taken.you": "count: a widow is 2 to 6 cards",
    "learn.note.trick_waits.more": "tricks: said when 2 tricks or more wait",
    "learn.note.trick_waits.more.you": "tricks: said when 2 tricks or more wait",
    "ui.rules.cancellation": "count: 6 to 10 players; size: 10 to 17 cards",
    "ui.rules.cancellation.no_widow": "count: 8 players; size: 13 cards",
    "rule.wrong_pass_count": "expected: the pass is always 3 cards (Rules.pass_size)",
    "rule.duplicate_pass_card": "expected: the pass is always 3 cards",
    "display.choose_pass": "count: the pass is always 3 cards",
    "ui.msg.three_chosen": "count: the pass is always 3 cards",
    "ui.msg.pass_count": "need: the pass is always 3 cards",
    "learn.now.pass": "count: the pass is always 3 cards",
    "learn.note.queen_taken": "points: a trick with Q♠ holds 13 or more",
    "learn.note.queen_taken.you": "points: a trick with Q♠ holds 13 or more",
    "learn.note.game_end": "total: at or above the target score",
    "experiment.summary": "n: experiments need 2 deals or more; seats: 3 to 7 players",
    "experiment.summary.tip": "n: experiments need 2 deals or more; seats: 3 to 7 players",
    "experiment.identical": "hands: 2 deals or more, each played in 3 to 7 seats",
    "experiment.games.identical": "games: 2 games or more, each played in 3 to 7 seats",
    "experiment.games.length.longer": "hands: a mean with one decimal (1.0 hands)",
    "tut.void.trap.naive.fewer": "gap: a difference of means with two decimals",
    "tournament.summary": "deals: tournaments need 2 deals or more; hands: deals times 12 seatings or more",
    "tournament.title": "deals: tournaments need 2 deals or more",
    "tournament.cli.time": "hands: 2 deals times 12 seatings or more",
    "tut.bot.cup": "deals: tournaments need 2 deals or more",
    "tut.void.trap.naive.more": "gap: a difference of means with two decimals",
    "experiment.games.length.shorter": "hands: a mean with one decimal (1.0 hands)",
    "experiment.title.many": "n: experiments need 2 deals or more",
    "experiment.cli.time": "deals: experiments need 2 deals or more",
    "level.expert.about": "worlds: hundreds of sampled deals",
    "level.master.about": "worlds: hundreds of sampled deals",
    "selfplay.cli.done_games.one": "hands: a whole game takes several hands",
    "review.summary.zero": "decisions: a seat decides 13 plays (and a pass) in a hand",
    "review.summary.one": "decisions: a seat decides 13 plays (and a pass) in a hand",
    "review.summary_good": "decisions: a seat decides 13 plays (and a pass) in a hand",
    "tut.first.needed": "needed: a sample size, far above 1",
    "tut.queen.games.more": "games: a whole experiment of games",
    "tut.queen.games.fewer": "games: a whole experiment of games",
    "tut.queen.games.unclear": "games: a whole experiment of games",
    "tut.void.kept_share": "fired: counted over a whole experiment (hundreds of deals)",
    "ui.msg.target_next": "target: a game ends at 50 or 100 points (store.TARGETS)",
    "ui.msg.target_now": "target: a game ends at 50 or 100 points (store.TARGETS)",
    "ui.msg.moon_add_other": "full: a moon is every penalty point (26)",
    "ui.msg.moon_add_you": "full: a moon is every penalty point (26)",
    "ui.msg.moon_subtract_other": "full: a moon is every penalty point (26)",
    "ui.msg.moon_subtract_you": "full: a moon is every penalty point (26)",
    "hint.trick.may_win": "count: said only for more than 3 cards (fewer are named: hearts.explain._NAMED)",
    "learn.note.passing": "period: said only when there is a pass, whose cycle has 2 or 4 hands (Rules.pass_cycle)",
    "learn.note.no_pass": "period: a hand with no pass in a cycle of passes has 4 hands (Rules.pass_cycle)",
    "learn.note.no_pass.without": "size: 7 to 17 cards are dealt to each player (Rules.hand_size)",
    "learn.note.lead_lowest_club.removed": "players: cards are removed only with 3, 5, 6 or 7 players",
    "learn.note.lead_lowest_club.removed.you": "players: cards are removed only with 3, 5, 6 or 7 players",
    "learn.note.scoring.jack": "penalty: every heart and Q♠ together (26)",
    "hint.took.seat.jack": "points: J♦ −10 with at most 6 other cards, so never 1 or −1",
    "hint.took.you.jack": "points: J♦ −10 with at most 6 other cards, so never 1 or −1",
    "ui.rules.players": "count: 3, 5, 6 or 7 players; size: 7 to 17 cards each (Rules.hand_size)",
    "mygames.habit.pays": "arose: a verdict is given only from own_games.MIN_CASES (5) decisions",
    "mygames.habit.costs": "arose: a verdict is given only from own_games.MIN_CASES (5) decisions",
    "mygames.habit.unclear": "arose: a verdict is given only from own_games.MIN_CASES (5) decisions",
    "mygames.habit.one_sided": "arose: said only from own_games.MIN_CASES (5) decisions",
    "site.levels.cost": "worlds: levels.BROWSER_BUDGETS (30 deals); weaker: measured points, said with decimals",
    "site.levels.cost_unclear": "worlds: levels.BROWSER_BUDGETS (30 deals); weaker: measured points, with decimals",
    "tutor.where.big_table": "players: Cancellation Hearts seats 6 to 10 (Rules.cancellation)",
    "tut.big.title": "players: Cancellation Hearts seats 6 to 10 (Rules.cancellation)",
    "tut.big.twin.helps": "sizes: a list of table sizes, each 6 to 10 players",
    "tut.big.twin.hurts": "sizes: a list of table sizes, each 6 to 10 players",
    "tut.big.twin.unclear": "deals: the notebook's paired deals per table size (N_DEALS, 40; 2 or more)",
}
_NOUNS = (
    "points|cards|spades|hearts|hands|games|deals|decisions|tricks|seats|players|ways|times|"
    "puntos|cartas|picas|corazones|manos|partidas|repartos|decisiones|bazas|asientos|jugadores|maneras|veces"
)
_COUNT_BEFORE_NOUN = re.compile(r"\{(\w+)\}\s+(?:[^\W\d]+\s+)?(?:" + _NOUNS + r")\b")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_counts_before_plural_nouns_have_singular_forms(lang):
    problems = []
    cat = catalogue(lang)
    for key, template in cat.items():
        if key in COUNTS_NEVER_ONE or (key.endswith(".other") and key[: -len("other")] + "one" in cat):
            continue
        for match in _COUNT_BEFORE_NOUN.finditer(template):
            if match.group(1) not in DECIMALS:
                problems.append(f"{key}: {match.group(0)!r}")
    assert not problems, "give these messages .one/.other forms (text_n) or say why the count is never 1: " + str(
        problems
    )


def test_the_lint_catches_a_plural_noun_after_a_count():
    assert _COUNT_BEFORE_NOUN.search("you took {points} points")
    assert _COUNT_BEFORE_NOUN.search("solo tiene {guards} picas más")
    assert _COUNT_BEFORE_NOUN.search("only {guards} other spades")
    assert not _COUNT_BEFORE_NOUN.search("Trick {number} of {total}")
