"""The message catalogue: both languages complete, same placeholders, every rule explained."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts import Card, Rule
from hearts.errors import IllegalMoveError
from hearts.messages import LANGUAGES, card_name, catalogue, placeholders, rule_message, seat_name, text

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
