"""The shooter's choice of moon scoring at a room table (issue 31): a person who shot the moon is asked, with
the totals each choice leaves, as the solo table asks; a bot, an absent person or a person whose turn clock
ran out gets the rules' own choice (:func:`hearts.rules.moon_choice`), and the table says so."""

from __future__ import annotations

from typing import Any

import pytest

from hearts.errors import Rule
from hearts.hand import Phase
from hearts.room.protocol import parse_message
from hearts.room.storage import load_rooms, save_room, save_table
from hearts.room.tables import Room, RoomError, RoomSettings, RoomTable
from hearts.rules import MoonScoring, Rules, hand_scores, moon_choice

CHOICE = Rules(moon=MoonScoring.SHOOTERS_CHOICE, passing=False)
# Deal 89, no passing: when seat 1 always plays its highest legal card and the others their lowest, seat 1 takes
# every heart and Q♠ (found by search; the test checks it).
NUMBER, SHOOTER = 89, 1


def _room(**settings: Any) -> tuple[Room, RoomTable]:
    room, _ = Room.create(RoomSettings(number=NUMBER, level="random", bot_delay=0, rules=CHOICE, **settings))
    return room, room.tables[0]


def _shoot(table: RoomTable, token: str | None) -> None:
    """Play the hand out so that the shooter's seat takes every penalty card: its cards through the room (as its
    person's clicks) when ``token`` holds it, the others' straight into the engine (so no bot acts meanwhile)."""
    h = table.game.hand
    while h.phase is Phase.PLAYING:
        if h.to_play == SHOOTER and token is not None:
            table.act(token, {"type": "play", "card": h.legal_moves.codes()[-1], "at": table.at()})
        else:
            m = h.legal_mask()
            pick = m.bit_length() - 1 if h.to_play == SHOOTER else (m & -m).bit_length() - 1
            h.play(pick, seat=h.to_play)


def _totals(table: RoomTable, choice: str) -> list[int]:
    g = table.game
    scores, _ = hand_scores(list(g.hand.points), SHOOTER, g.rules, choice)
    return [t + x for t, x in zip(g.totals_before_hand, scores, strict=True)]


def test_a_person_who_shot_the_moon_is_asked_with_the_totals_and_their_choice_scores_it() -> None:
    _, table = _room()
    ana = table.join(SHOOTER, "Ana")
    table.connect(SHOOTER)
    ben = table.join(2, "Ben")
    table.connect(2)
    _shoot(table, ana)
    h = table.game.hand
    assert h.phase is Phase.MOON_CHOICE and h.to_play == SHOOTER  # Ana's last card made the moon: not scored yet
    assert table.bot_wait() is None and not table.bot_step()  # no bot decides for a person at the table
    add, sub = _totals(table, "add"), _totals(table, "subtract")
    assert add == [26, 0, 26, 26] and sub == [0, -26, 0, 0]

    view = table.view(SHOOTER, "en")
    assert view["moon_choice"] == {"add": add, "subtract": sub} and view["moon_points"] == 26
    assert view["message"] == {"kind": "info", "text": (
        "You shot the moon: you took every heart and Q♠! Choose how it scores: Take 26 off my total (your total "
        "goes from 0 to -26), or Add 26 to the others (yours stays 0; South (bot) goes to 26, Ben goes to 26, "
        "East (bot) goes to 26).")}  # fmt: skip
    es = table.view(SHOOTER, "es")["message"]["text"]
    assert es.startswith("¡Has disparado a la luna") and "Restar 26 de mi total (tu total pasa de 0 a -26)" in es
    assert "Ben pasa a 26" in es
    other = table.view(2, "en")
    assert other["moon_choice"] is None and not other["your_turn"]
    assert other["message"]["text"] == "Ana shot the moon and is choosing how it scores."
    assert table.view(2, "es")["message"]["text"] == "Ana ha disparado a la luna y está eligiendo cómo puntúa."

    # Refused, and nothing changes: another seat's choice, a choice the message cannot carry, an old position.
    before = table.to_dict()
    for token, message, code, rule in (
        (ben, {"type": "moon", "choice": "add", "at": table.at()}, "not_the_shooter", Rule.NOT_THE_SHOOTER),
        (ana, {"type": "moon", "choice": "double", "at": table.at()}, "bad_field", None),
        (ana, {"type": "moon", "choice": "add", "at": [1, 3]}, "stale", None),
        (ana, {"type": "play", "card": "2C", "at": table.at()}, "wrong_phase", Rule.WRONG_PHASE),
    ):
        with pytest.raises(RoomError) as e:
            table.act(token, message)
        assert (e.value.code, e.value.rule) == (code, rule), message
        assert table.to_dict() == before and table.game.hand.phase is Phase.MOON_CHOICE

    table.act(ana, parse_message(f'{{"type": "moon", "choice": "subtract", "at": {table.at()}}}'))
    r = table.game.hand.result()
    assert r.moon is MoonScoring.SUBTRACT_FROM_SHOOTER and list(table.game.scores) == sub
    assert table.view(SHOOTER, "en")["message"]["text"] == (
        "You shot the moon: it takes 26 off your total. Hand 1 is over: it gives you -26, and your total is -26. "
        "Press Next hand when you are ready."
    )
    assert table.view(2, "es")["message"]["text"].startswith("Ana ha disparado a la luna: resta 26 del total de Ana.")
    with pytest.raises(RoomError) as e:  # chosen once: a second answer finds no moon to score
        table.act(ana, {"type": "moon", "choice": "add", "at": table.at()})
    assert e.value.rule is Rule.WRONG_PHASE and list(table.game.scores) == sub


def test_the_question_survives_a_restart_of_the_server(tmp_path: Any) -> None:
    room, table = _room()
    ana = table.join(SHOOTER, "Ana")
    _shoot(table, ana)
    save_room(tmp_path, room)
    save_table(tmp_path, room, table)
    rooms, problems = load_rooms(tmp_path)
    again = rooms[0].tables[0]
    assert not problems and again.game.hand.phase is Phase.MOON_CHOICE
    again.connect(SHOOTER)
    assert again.view(SHOOTER, "en")["moon_choice"] == table.view(SHOOTER, "en")["moon_choice"]
    again.act(ana, {"type": "moon", "choice": "add", "at": again.at()})
    assert list(again.game.scores) == [26, 0, 26, 26]


def test_a_bot_shooter_gets_the_rules_choice_at_once() -> None:
    _, table = _room()
    table.join(0, "Ana")  # a person at the table, so the bots play; the shooter's seat is a bot's
    _shoot(table, None)
    assert table.game.hand.phase is Phase.MOON_CHOICE  # the engine was driven directly: the bot owes the choice
    assert table.view(0, "en")["moon_choice"] is None and table.bot_wait() == 0
    expected = moon_choice(table.game.totals_before_hand, SHOOTER, CHOICE)
    assert table.bot_step()
    assert table.game.hand.result().moon.value == expected  # type: ignore[union-attr]
    said = table.view(0, "en")["message"]["text"]
    assert said.startswith("West (bot) shot the moon: it adds 26 to everyone else. Hand 1 is over: it gives you +26")
    assert "ran out of time" not in said


def test_a_shooter_whose_clock_runs_out_gets_the_rules_choice_and_the_table_says_so() -> None:
    now = [0.0]
    _, table = _room(turn_clock=30)
    table.clock = lambda: now[0]
    ana = table.join(SHOOTER, "Ana")
    table.connect(SHOOTER)
    table.join(0, "Ben")
    table.connect(0)
    _shoot(table, ana)
    assert table.view(SHOOTER, "en")["clock_left"] == 30 and table.bot_wait() == 30  # the clock runs for the choice
    assert table.view(0, "en")["clock_left"] is None
    now[0] = 29.5
    assert not table.bot_step() and table.moon_asked(SHOOTER)
    now[0] = 30.0
    assert not table.moon_asked(SHOOTER) and table.view(SHOOTER, "en")["moon_choice"] is None
    assert table.bot_wait() == 0 and table.bot_step()
    r = table.game.hand.result()
    assert r.moon is not None and r.moon.value == moon_choice(table.game.totals_before_hand, SHOOTER, CHOICE)
    mine = table.view(SHOOTER, "en")["message"]["text"]
    assert mine.startswith("You ran out of time to choose, so the rules chose. You shot the moon: it adds 26 to")
    assert table.view(0, "en")["message"]["text"].startswith(
        "Ana ran out of time to choose, so the rules chose. Ana shot the moon: it adds 26 to everyone else."
    )
    assert table.view(0, "es")["message"]["text"].startswith(
        "A Ana se le acabó el tiempo para elegir, así que eligieron las reglas."
    )


def test_a_shooter_away_longer_than_bot_after_gets_the_rules_choice() -> None:
    now = [0.0]
    _, table = _room(bot_after=10)
    table.clock = lambda: now[0]
    ana = table.join(SHOOTER, "Ana")
    table.connect(SHOOTER)
    table.join(0, "Ben")
    table.connect(0)
    _shoot(table, ana)
    table.disconnect(SHOOTER)
    assert not table.bot_step() and table.bot_wait() == 10
    assert "Ana lost the connection" in table.view(0, "en")["message"]["text"]
    now[0] = 10.0
    assert table.bot_step() and table.game.hand.is_over


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ('{"type": "moon", "at": [1, 52]}', "choice"),
        ('{"type": "moon", "choice": 1, "at": [1, 52]}', "choice"),
        ('{"type": "moon", "choice": "ADD", "at": [1, 52]}', "choice"),
        ('{"type": "moon", "choice": ["add"], "at": [1, 52]}', "choice"),
        ('{"type": "moon", "choice": "add"}', "at"),
        ('{"type": "moon", "choice": "add", "at": [1, 52], "seat": 1}', "seat"),
    ],
)
def test_the_moon_message_is_checked_strictly(raw: str, field: str) -> None:
    with pytest.raises(RoomError) as e:
        parse_message(raw)
    assert e.value.field == field and e.value.code in ("bad_field", "unknown_field")
    assert parse_message('{"type": "moon", "choice": "subtract", "at": [1, 52]}')["choice"] == "subtract"


def test_the_question_says_the_totals_true_when_the_shooters_own_jack_of_diamonds_moves_theirs() -> None:
    """Omnibus: the shooter who also took J♦ (−10) sees their total move under either choice; the question used
    to say "your total goes from -10" and "yours stays -10" where the total before the hand was 0 (room and the
    solo table alike)."""
    import tempfile

    from hearts_widgets.table_model import TableModel

    jack = Rules(moon=MoonScoring.SHOOTERS_CHOICE, passing=False, jack_of_diamonds=True)
    room, _ = Room.create(RoomSettings(number=NUMBER, level="random", bot_delay=0, rules=jack))
    table = room.tables[0]
    ana = table.join(SHOOTER, "Ana")
    table.connect(SHOOTER)
    _shoot(table, ana)
    assert table.game.hand.points[SHOOTER] == 16 and table.game.totals_before_hand[SHOOTER] == 0  # J♦ taken
    en = table.view(SHOOTER, "en")["message"]["text"]
    assert "(your total goes from 0 to -36), or Add 26 to the others (yours goes from 0 to -10;" in en
    assert "stays" not in en
    es = table.view(SHOOTER, "es")["message"]["text"]
    assert "(tu total pasa de 0 a -36) o Sumar 26 a los demás (el tuyo pasa de 0 a -10;" in es
    table.act(ana, {"type": "moon", "choice": "add", "at": table.at()})
    assert table.game.scores[SHOOTER] == -10  # what the question said

    # The solo table: deal 361 with these plays makes South (the learner) shoot the moon with J♦.
    m = TableModel(number=361, rules=jack, level="random", data_dir=tempfile.mkdtemp())
    h = m.hand
    while h.phase is Phase.PLAYING:
        legal = h.legal_mask()
        h.play(legal.bit_length() - 1 if h.to_play == 0 else (legal & -legal).bit_length() - 1, seat=h.to_play)
    assert h.phase is Phase.MOON_CHOICE and h.to_play == m.seat == 0 and h.points[0] == 16
    line = m._turn_message().render("en").text
    assert "(your total goes from 0 to -36), or Add 26 to the others (yours goes from 0 to -10;" in line
    assert "(el tuyo pasa de 0 a -10;" in m._turn_message().render("es").text
