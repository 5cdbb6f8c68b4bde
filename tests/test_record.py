"""Records: JSON round trips to the same state; malformed, truncated and forged records are refused."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from engine_support import finish, lowest, snapshot

from hearts import Deal, Game, HandState, PassDirection, Rules
from hearts.errors import RecordError
from hearts.hand import Phase
from hearts.record import FORMAT_GAME, FORMAT_HAND, VERSION, GameRecord, HandRecord, load, loads


def random_hand(number: int, rules: Rules | None = None, seed: int = 0) -> HandState:
    rules = rules or Rules()
    rng = random.Random(seed)
    h = HandState(Deal.from_number(number, rules), rules)
    for seat in h.waiting_to_pass:
        h.pass_cards(seat, rng.sample(list(h.hand_of(seat)), 3))
    while h.phase is Phase.PLAYING:
        h.play(rng.choice(list(h.legal_moves)))
    return h


def played_game(number: int = 4, rules: Rules | None = None, *, deals=None) -> Game:
    g = Game(number, rules or Rules(target_score=60), deals=deals)
    while True:
        finish(g.hand, lowest)
        if g.is_over:
            return g
        g.next_hand()


def roundtrip_state(h: HandState) -> HandState:
    return HandRecord.from_json(HandRecord.from_state(h).to_json()).replay()


def game_snapshot(g: Game) -> tuple:
    return (g.rules, g.number, g.first_dealer, tuple(g.totals), [snapshot(h) for h in g.hands], g.is_over)


def hand_json(h: HandState) -> dict:
    return json.loads(HandRecord.from_state(h).to_json())


def refuse(data: dict, cls=HandRecord) -> RecordError:
    with pytest.raises(RecordError) as info:
        cls.from_json(json.dumps(data))
    return info.value


# ----- round trips ---------------------------------------------------------------------------


def test_finished_hand_round_trip_gives_the_same_state():
    h = random_hand(3)
    again = roundtrip_state(h)
    assert snapshot(again) == snapshot(h)
    assert again.result() == h.result()


def test_every_intermediate_hand_state_round_trips():
    """The table saves after every action and resumes from the record."""
    h = random_hand(8, seed=2)
    actions = h.history
    replay = HandState(h.deal)
    assert snapshot(roundtrip_state(replay)) == snapshot(replay)
    for a in actions:
        if a.kind == "pass":
            replay.pass_cards(a.seat, a.cards)
        else:
            replay.play(a.cards[0])
        rec = HandRecord.from_state(replay)
        assert rec.finished is replay.is_over
        resumed = roundtrip_state(replay)
        assert snapshot(resumed) == snapshot(replay)
        assert resumed.history == replay.history


@pytest.mark.parametrize(
    "rules",
    [
        Rules(num_players=3),
        Rules(num_players=5, qs_breaks_hearts=True),
        Rules(num_players=7, passing=False),
        Rules(jack_of_diamonds=True, target_score=50),
    ],
)
def test_variants_round_trip(rules):
    h = random_hand(5, rules, seed=1)
    rec = HandRecord.from_json(HandRecord.from_state(h).to_json())
    assert rec.rules == rules
    assert snapshot(rec.replay()) == snapshot(h)


def test_moon_choice_round_trips_and_in_progress_choice_resumes():
    rules = Rules(moon="choice")
    h = HandState(Deal.from_number(51, rules), rules, pass_direction=PassDirection.NONE)
    while h.phase is Phase.PLAYING:
        m = h.legal_mask()
        h.play(m.bit_length() - 1 if h.to_play == 0 else (m & -m).bit_length() - 1)
    waiting = roundtrip_state(h)
    assert waiting.phase is Phase.MOON_CHOICE and snapshot(waiting) == snapshot(h)
    h.choose_moon(3, "subtract")
    data = hand_json(h)
    assert data["moon_choice"] == "subtract" and data["result"]["scores"] == [0, 0, 0, -26]
    assert snapshot(roundtrip_state(h)) == snapshot(h)


def test_record_is_plain_json_with_format_and_version():
    h = random_hand(1)
    data = hand_json(h)
    assert data["format"] == FORMAT_HAND and data["version"] == VERSION == 1
    assert data["status"] == "finished" and len(data["plays"]) == 52
    assert data["deal"] == {"number": 1, "hand_number": 1, "hands": Deal.from_number(1).to_codes()}
    assert data["result"]["points"] == list(h.result().points)
    assert isinstance(data["checksum"], str) and len(data["checksum"]) == 16


def test_explicit_deal_round_trip_has_no_number():
    deal = Deal.from_hands(Deal.from_number(30).to_codes())
    h = HandState(deal)
    assert hand_json(h)["deal"]["number"] is None
    assert snapshot(roundtrip_state(h)) == snapshot(h)


def test_save_and_load_files(tmp_path):
    h = random_hand(2)
    path = tmp_path / "hand.json"
    HandRecord.from_state(h).save(path)
    assert snapshot(HandRecord.load(path).replay()) == snapshot(h)
    assert isinstance(load(path), HandRecord)
    g = played_game()
    gpath = tmp_path / "game.json"
    GameRecord.from_game(g).save(gpath)
    assert game_snapshot(GameRecord.load(gpath).replay()) == game_snapshot(g)
    assert isinstance(load(gpath), GameRecord)
    assert "pickle" not in (tmp_path / "game.json").read_text()


def test_finished_game_round_trip():
    g = played_game()
    rec = GameRecord.from_json(GameRecord.from_game(g).to_json())
    assert rec.finished and rec.outcome == g.outcome()
    again = rec.replay()
    assert game_snapshot(again) == game_snapshot(g)
    assert again.outcome() == g.outcome()


def test_game_in_progress_round_trips_mid_hand_and_between_hands():
    g = Game(7, Rules(target_score=100))
    finish(g.hand)
    between = GameRecord.from_json(GameRecord.from_game(g).to_json()).replay()
    assert game_snapshot(between) == game_snapshot(g) and between.hand.is_over and not between.is_over
    g.next_hand()
    h = g.hand
    for seat in h.waiting_to_pass[:2]:
        h.pass_cards(seat, list(h.hand_of(seat))[:3])
    mid = GameRecord.from_json(GameRecord.from_game(g).to_json()).replay()
    assert game_snapshot(mid) == game_snapshot(g)
    # The resumed game plays on like the original.
    finish(mid.hand)
    finish(g.hand)
    assert mid.scores == g.scores


def test_game_with_explicit_deals_round_trips_with_its_unplayed_deals():
    deals = [Deal.from_number(k) for k in (10, 11, 12)]
    g = Game(rules=Rules(target_score=500), deals=deals)
    finish(g.hand)
    rec = GameRecord.from_json(GameRecord.from_game(g).to_json())
    again = rec.replay()
    assert [d.hands for d in rec.deals] == [d.hands for d in deals]
    again.next_hand()
    assert again.hand.deal.hands == deals[1].hands


# ----- refusals: malformed ---------------------------------------------------------------------


def test_not_json_or_not_an_object():
    for text in ("", "{", "[1, 2]", '"hand"', "null"):
        with pytest.raises(RecordError):
            loads(text)


def test_nan_and_duplicate_fields_are_refused():
    with pytest.raises(RecordError, match="NaN"):
        loads('{"format": "hearts.hand", "version": NaN}')
    with pytest.raises(RecordError, match="twice"):
        loads('{"format": "hearts.hand", "format": "hearts.game"}')


@pytest.mark.parametrize("version", [0, 2, "1", True, None, 1.0001])
def test_unknown_versions_are_refused(version):
    data = hand_json(random_hand(1))
    data["version"] = version
    assert refuse(data).path == "version"


def test_format_is_required_and_must_match_the_reader():
    data = hand_json(random_hand(1))
    del data["format"]
    assert refuse(data).path == "format"
    data["format"] = FORMAT_GAME
    assert refuse(data).path == "format"
    game = json.loads(GameRecord.from_game(played_game()).to_json())
    assert refuse(game).path == "format"  # a game record is not a hand record


def test_unknown_and_missing_fields_are_named():
    data = hand_json(random_hand(1))
    data["comment"] = "hi"
    err = refuse(data)
    assert err.path == "comment" and "unknown field" in str(err)
    data = hand_json(random_hand(1))
    del data["plays"]
    assert refuse(data).path == "plays"
    data = hand_json(random_hand(1))
    data["passes"][2]["colour"] = "red"
    assert refuse(data).path == "passes[2].colour"


def test_bad_values_are_named_by_path():
    h = random_hand(1)
    cases = [
        (("plays", 3), "ZZ", "plays[3]"),
        (("plays", 3), 7, "plays[3]"),
        (("passes", 1, "seat"), 9, "passes[1].seat"),
        (("passes", 1, "cards", 0), "QQ", "passes[1].cards[0]"),
        (("hand_number",), 0, "hand_number"),
        (("pass_direction",), "up", "pass_direction"),
        (("status",), "done", "status"),
        (("rules", "moon"), "sometimes", "rules.moon"),
        (("deal", "hands", 2), "2C", "deal.hands[2]"),
        (("result", "points", 0), "3", "result.points[0]"),
        (("moon_choice",), "double", "moon_choice"),
    ]
    for where, value, path in cases:
        data = hand_json(h)
        target = data
        for key in where[:-1]:
            target = target[key]
        target[where[-1]] = value
        assert refuse(data).path == path, (where, value)


def test_rules_in_a_record_are_checked():
    data = hand_json(random_hand(1))
    data["rules"]["num_players"] = 9
    err = refuse(data)
    assert err.path == "rules.num_players"
    data = hand_json(random_hand(1))
    data["rules"]["speed"] = "fast"
    assert refuse(data).path == "rules.speed"


# ----- refusals: illegal actions, with the engine's reason --------------------------------------


def test_an_illegal_play_names_the_play_and_the_engines_reason():
    h = HandState(Deal.from_number(3), pass_direction=PassDirection.NONE)
    while len(h.tricks) < 2:
        h.play(h.legal_moves.lowest())
    rec = HandRecord.from_state(h)
    leader = h.to_play
    heart = next(c for c in h.hand_of(leader) if c.suit == 3)
    assert h.why_not(heart) is not None  # hearts are not broken and the leader holds other suits
    bad = dataclasses.replace(rec, plays=(*rec.plays, heart))
    with pytest.raises(RecordError) as info:
        HandRecord.from_json(bad.to_json())
    err = info.value
    assert err.path == "plays[8]"
    assert str(err).startswith(f"plays[8]: '{heart.code}' — Hearts are not broken yet")
    assert err.__cause__.rule.name == "HEARTS_NOT_BROKEN"


def test_illegal_plays_inside_a_game_name_the_hand():
    g = played_game()
    data = json.loads(GameRecord.from_game(g).to_json())
    plays = data["hands"][1]["plays"]
    plays[1], plays[5] = plays[5], plays[1]
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(json.dumps(data))
    assert info.value.path.startswith("hands[1].plays[")


def test_a_card_played_twice():
    data = hand_json(random_hand(4))
    data["plays"][30] = data["plays"][12]
    err = refuse(data)
    assert err.path == "plays[30]" and "already played at plays[12]" in str(err)


def test_an_illegal_pass():
    h = HandState(Deal.from_number(6))
    rec = HandRecord.from_state(h)
    not_held = next(iter(h.hand_of(1)))
    bad = dataclasses.replace(rec, passes=((0, _three(h, 0, not_held)),))
    with pytest.raises(RecordError) as info:
        HandRecord.from_json(bad.to_json())
    assert info.value.path == "passes[0]" and "not in your hand" in str(info.value)
    twice = dataclasses.replace(rec, passes=((0, _three(h, 0)), (0, _three(h, 0))))
    with pytest.raises(RecordError) as info:
        HandRecord.from_json(twice.to_json())
    assert info.value.path == "passes[1]" and "already chosen" in str(info.value)


def _three(h: HandState, seat: int, extra=None):
    from hearts import CardSet

    cards = list(h.hand_of(seat))[:3]
    if extra is not None:
        cards[0] = extra
    return CardSet(cards)


def test_plays_before_the_pass_is_complete_are_refused():
    h = HandState(Deal.from_number(6))
    h.pass_cards(0, _three(h, 0))
    rec = dataclasses.replace(HandRecord.from_state(h), plays=(Deal.from_number(6).hands[1].lowest(),))
    with pytest.raises(RecordError) as info:
        HandRecord.from_json(rec.to_json())
    assert info.value.path == "plays[0]" and "before every seat has passed" in str(info.value)


def test_a_pass_in_a_hand_without_passing():
    h = HandState(Deal.from_number(6, hand_number=4))
    rec = dataclasses.replace(HandRecord.from_state(h), passes=((0, _three(h, 0)),))
    with pytest.raises(RecordError) as info:
        HandRecord.from_json(rec.to_json())
    assert info.value.path == "passes[0]" and "no passing" in str(info.value)


# ----- refusals: truncated ------------------------------------------------------------------------


def test_a_finished_record_missing_plays_is_truncated():
    rec = HandRecord.from_state(random_hand(9))
    for cut in (51, 30, 0):
        bad = dataclasses.replace(rec, plays=rec.plays[:cut])
        with pytest.raises(RecordError) as info:
            HandRecord.from_json(bad.to_json())
        assert info.value.path == "plays" and "truncated" in str(info.value)


def test_a_finished_record_missing_passes_is_truncated():
    rec = HandRecord.from_state(random_hand(9))
    bad = dataclasses.replace(rec, passes=rec.passes[:3], plays=())
    with pytest.raises(RecordError) as info:
        HandRecord.from_json(bad.to_json())
    assert info.value.path == "passes" and "truncated" in str(info.value)


def test_an_in_progress_record_missing_plays_is_a_resumable_state():
    rec = HandRecord.from_state(random_hand(9))
    part = dataclasses.replace(rec, plays=rec.plays[:23], result=None)
    state = HandRecord.from_json(part.to_json()).replay()
    assert state.cards_played == 23 and state.phase is Phase.PLAYING


def test_a_record_in_progress_whose_actions_finish_the_hand_is_refused():
    h = random_hand(9)
    data = hand_json(h)
    data["status"] = "in_progress"
    data["result"] = None
    assert refuse(data).path == "status"


def test_plays_after_the_end_are_refused():
    rec = HandRecord.from_state(random_hand(9))
    data = json.loads(rec.to_json())
    data["plays"].append("ZZ")
    assert refuse(data).path == "plays[52]"
    bad = dataclasses.replace(rec, plays=(*rec.plays, rec.plays[0]))
    with pytest.raises(RecordError) as info:
        HandRecord.from_json(bad.to_json())
    assert info.value.path == "plays[52]"


def test_a_finished_choice_record_without_the_choice_is_truncated():
    rules = Rules(moon="choice")
    h = HandState(Deal.from_number(51, rules), rules, pass_direction=PassDirection.NONE)
    while h.phase is Phase.PLAYING:
        m = h.legal_mask()
        h.play(m.bit_length() - 1 if h.to_play == 0 else (m & -m).bit_length() - 1)
    h.choose_moon(3, "add")
    rec = HandRecord.from_state(h)
    with pytest.raises(RecordError) as info:
        HandRecord.from_json(dataclasses.replace(rec, moon_choice=None).to_json())
    assert info.value.path == "moon_choice"


def test_a_moon_choice_without_a_moon_is_refused():
    rec = HandRecord.from_state(random_hand(9, Rules(moon="choice")))
    assert rec.result.shooter is None
    with pytest.raises(RecordError) as info:
        HandRecord.from_json(dataclasses.replace(rec, moon_choice="add").to_json())
    assert info.value.path == "moon_choice"


def test_a_finished_game_record_missing_hands_is_truncated():
    g = played_game()
    rec = GameRecord.from_game(g)
    bad = dataclasses.replace(rec, hands=rec.hands[:-1])
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(bad.to_json())
    assert info.value.path == "status" and "truncated" in str(info.value)
    # Only the last hand may be unfinished.
    hands = list(rec.hands)
    hands[0] = dataclasses.replace(hands[0], plays=hands[0].plays[:10], result=None)
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(dataclasses.replace(rec, hands=tuple(hands)).to_json())
    assert info.value.path == "hands[0].status"


def test_hands_after_the_game_is_over_are_refused():
    g = played_game()
    rec = GameRecord.from_game(g)
    extra = dataclasses.replace(rec, hands=(*rec.hands, rec.hands[-1]))
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(extra.to_json())
    assert info.value.path == f"hands[{len(rec.hands)}]"


# ----- refusals: forged ------------------------------------------------------------------------------


def test_results_that_do_not_match_the_replay_are_forged():
    data = hand_json(random_hand(11))
    data["result"]["points"] = [0, 0, 0, 26]
    err = refuse(data)
    assert err.path == "result.points" and "forged" in str(err)
    data = hand_json(random_hand(11))
    data["result"]["scores"][0] += 1
    assert refuse(data).path == "result.scores"


def test_a_deal_that_is_not_its_stated_number_is_forged():
    data = hand_json(random_hand(11))
    data["deal"]["number"] = 12
    err = refuse(data)
    assert err.path == "deal.hands" and "deal number 12" in str(err)
    data = hand_json(random_hand(11))
    data["deal"]["hands"][0][0], data["deal"]["hands"][1][0] = data["deal"]["hands"][1][0], data["deal"]["hands"][0][0]
    assert refuse(data).path == "deal.hands"


def test_a_game_hand_whose_deal_is_not_the_game_number_is_forged():
    g = played_game()
    data = json.loads(GameRecord.from_game(g).to_json())
    data["number"] = 5
    err = refuse(data, GameRecord)
    assert err.path == "hands[0].deal" and "game number 5" in str(err)


def test_game_hand_numbers_and_pass_directions_are_checked():
    g = played_game()
    data = json.loads(GameRecord.from_game(g).to_json())
    data["hands"][1]["hand_number"] = 3  # its deal still says hand 2
    assert refuse(data, GameRecord).path == "hands[1].deal.hand_number"
    data = json.loads(GameRecord.from_game(g).to_json())
    data["hands"][1]["pass_direction"] = "left"
    assert refuse(data, GameRecord).path == "hands[1].pass_direction"


def test_game_results_that_do_not_match_are_forged():
    g = played_game()
    data = json.loads(GameRecord.from_game(g).to_json())
    data["result"]["winners"] = [0]
    data["result"]["totals"][0] = -5
    err = refuse(data, GameRecord)
    assert err.path == "result.totals" and "forged" in str(err)


def test_an_altered_record_that_still_replays_fails_the_checksum():
    data = hand_json(random_hand(11))
    data["rules"]["target_score"] = 50  # still a legal hand, but not the one recorded
    err = refuse(data)
    assert err.path == "checksum"
    data = hand_json(random_hand(11))
    data["checksum"] = "0" * 16
    assert refuse(data).path == "checksum"


def test_notation_variants_keep_the_checksum():
    """The checksum covers the record's content, not its spelling."""
    data = hand_json(random_hand(11))
    data["plays"] = [p.replace("S", "♠") for p in data["plays"]]
    assert HandRecord.from_json(json.dumps(data)).plays == HandRecord.from_state(random_hand(11)).plays


@pytest.mark.parametrize("kind", [HandRecord, GameRecord])
def test_save_onto_a_folder_or_under_a_file_is_a_record_error(tmp_path, kind):
    rec = HandRecord.from_state(random_hand(2)) if kind is HandRecord else GameRecord.from_game(played_game())
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine")
    with pytest.raises(RecordError, match="this is a folder, not a file") as e:
        rec.save(folder)
    assert str(folder) in str(e.value)
    assert sorted(p.name for p in folder.iterdir()) == ["keep.txt"]
    assert (folder / "keep.txt").read_text() == "mine"
    a_file = tmp_path / "notes.txt"
    a_file.write_text("notes")
    with pytest.raises(RecordError, match="a folder above it is a file") as e:
        rec.save(a_file / "r.json")
    assert str(a_file / "r.json") in str(e.value)
    assert a_file.read_text() == "notes"
    with pytest.raises(RecordError, match="its folder does not exist"):
        rec.save(tmp_path / "missing" / "r.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt", "records"]
