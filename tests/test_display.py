"""The SVG drawings: right cards, dimmed = the engine's illegal cards, nothing hidden leaks."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from hearts import Card, CardSet, Deal, Game, HandState, Observation, PassDirection, Phase, Rules
from hearts.display import BACKS, DisplayError, card_svg, hand_svg, table_svg, trick_svg
from hearts.messages import card_name

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def cards(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(NS + "g") if "card" in (g.get("class") or "").split()]


def face_up(root: ET.Element, seat: int | None = None) -> list[ET.Element]:
    return [g for g in cards(root) if g.get("data-card") and (seat is None or g.get("data-seat") == str(seat))]


def codes(elements: list[ET.Element]) -> set[str]:
    return {g.get("data-card") for g in elements}  # type: ignore[misc]


def hand_elements(root: ET.Element, seat: int) -> list[ET.Element]:
    """The cards inside the hand group of one seat (not the trick in the middle)."""
    for g in root.iter(NS + "g"):
        if "hand" in (g.get("class") or "").split() and g.get("data-seat") == str(seat):
            return cards(g)
    raise AssertionError(f"no hand drawn for seat {seat}")


def title_of(g: ET.Element) -> str:
    t = g.find(NS + "title")
    assert t is not None
    return t.text or ""


def fresh(number: int, rules: Rules | None = None, direction: PassDirection | None = None) -> HandState:
    return HandState(Deal.from_number(number, rules or Rules()), pass_direction=direction)


def pass_first_three(h: HandState) -> None:
    for seat in h.waiting_to_pass:
        h.pass_cards(seat, list(h.hand_of(seat))[:3])


# ----- cards and hands ---------------------------------------------------------------


def test_hand_svg_draws_exactly_the_cards_in_order() -> None:
    hand = CardSet.parse("AH 2C QS 10D 3C")
    root = parse(hand_svg(hand))
    assert [g.get("data-card") for g in face_up(root)] == hand.codes()
    assert [title_of(g) for g in face_up(root)] == [card_name(c) for c in hand]


def test_hand_svg_marks_dimmed_selected_and_highlighted() -> None:
    root = parse(hand_svg("2C 5D QS AH", dimmed="QS AH", selected=["5D"], highlighted=Card.parse("2C"),
                          reasons={"QS": "a reason given by the caller"}))
    by = {g.get("data-card"): g for g in face_up(root)}
    assert {c for c, g in by.items() if g.get("data-dimmed") == "true"} == {"QS", "AH"}
    assert {c for c, g in by.items() if g.get("data-legal") == "true"} == {"2C", "5D"}
    assert "selected" in by["5D"].get("class", "") and "selected" not in by["2C"].get("class", "")
    assert "highlighted" in by["2C"].get("class", "")
    assert title_of(by["QS"]).endswith("a reason given by the caller")
    assert title_of(by["AH"]) == card_name(Card.parse("AH"))


def test_card_svg_face_down_says_nothing_about_the_card() -> None:
    for back in BACKS:
        svg = card_svg("QS", face_down=True, back=back)
        root = parse(svg)
        assert not face_up(root)
        assert "QS" not in svg and "Q♠" not in svg and card_name(Card.parse("QS")) not in svg


def test_four_colour_changes_club_and_diamond_inks_only() -> None:
    def fills(svg: str) -> set[str]:
        return {e.get("fill") for e in parse(svg).iter(NS + "path")} - {None}

    assert "#1b7a34" in fills(card_svg("7C", four_color=True)) and "#1b7a34" not in fills(card_svg("7C"))
    assert "#1760c0" in fills(card_svg("7D", four_color=True)) and "#1760c0" not in fills(card_svg("7D"))
    assert fills(card_svg("7H", four_color=True)) == fills(card_svg("7H"))
    assert fills(card_svg("7S", four_color=True)) == fills(card_svg("7S"))


def test_spanish_titles_and_deterministic_output() -> None:
    root = parse(card_svg("QS", lang="es"))
    assert title_of(face_up(root)[0]) == "reina de picas"
    h = fresh(21)
    assert table_svg(h, lang="es") == table_svg(h, lang="es")
    assert ' id="' not in table_svg(h)  # several drawings can share a page


def test_bad_options_are_refused_with_the_option_named() -> None:
    h = fresh(4)
    cases = [
        (lambda: card_svg("QS", back="plaid"), "back"),
        (lambda: card_svg("QS", width=-5), "width"),
        (lambda: table_svg(h, table_color="pink"), "table_color"),
        (lambda: table_svg(h, viewer=4), "viewer"),
        (lambda: table_svg(h, lang="fr"), "lang"),
        (lambda: table_svg(h, names=["A", "B"]), "names"),
        (lambda: table_svg(h, scores=[1, 2, 3]), "scores"),
        (lambda: table_svg(h.observation(1), viewer=0), "viewer"),
        (lambda: table_svg(h.observation(1), reveal=True), "reveal"),
        (lambda: table_svg("not a hand"), "state"),  # type: ignore[arg-type]
        (lambda: trick_svg([(9, "QS")]), "trick"),
        (lambda: hand_svg("QS", dimmed=object()), "dimmed"),  # type: ignore[arg-type]
    ]
    for call, option in cases:
        with pytest.raises(DisplayError) as info:
            call()
        assert info.value.option == option
        assert isinstance(info.value, ValueError)


# ----- the table: dimmed cards are the engine's illegal cards ------------------------


def check_dimmed_is_engine(h: HandState, seat: int, lang: str = "en") -> ET.Element:
    root = parse(table_svg(h, viewer=seat, lang=lang))
    mine = hand_elements(root, seat)
    assert codes(mine) == set(h.hand_of(seat).codes())
    dimmed = {g.get("data-card") for g in mine if g.get("data-dimmed") == "true"}
    legal = {g.get("data-card") for g in mine if g.get("data-legal") == "true"}
    if h.phase is Phase.PLAYING and h.to_play == seat:
        engine_legal = set(h.legal_moves_for(seat).codes())
        assert engine_legal == set(h.legal_moves.codes())
        assert legal == engine_legal
        assert dimmed == set(h.hand_of(seat).codes()) - engine_legal
        for g in mine:
            if g.get("data-dimmed") == "true":
                err = h.why_not(g.get("data-card"), seat=seat)  # type: ignore[arg-type]
                assert err is not None and err.explain(lang) in title_of(g)
    else:
        assert dimmed == set()
    return root


def test_dimmed_cards_are_the_illegal_ones_through_whole_hands() -> None:
    rules_seen = set()
    for number in (1, 2, 3):
        h = fresh(number)
        pass_first_three(h)
        while not h.is_over:
            for seat in range(4):
                check_dimmed_is_engine(h, seat, lang="es" if number == 2 else "en")
            for c in h.hand_of(h.to_play) - h.legal_moves:
                rules_seen.add(h.why_not(c).rule.name)  # type: ignore[union-attr]
            h.push(h.legal_moves.highest() if number % 2 else h.legal_moves.lowest())
    # These hands reach every reason a card in hand can be refused.
    assert rules_seen >= {"MUST_LEAD_LOWEST_CLUB", "MUST_FOLLOW_SUIT", "HEARTS_NOT_BROKEN"}


def test_dimmed_no_points_on_first_trick() -> None:
    hands = [
        "2D 3D 4D 5D 6D QS 2H 3H 4H 5H 6H 7H 8H",
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC",
        "7D 8D 9D 10D JD QD KD AD 2S 3S 4S 5S 6S",
        "7S 8S 9S 10S JS KS AS 9H 10H JH QH KH AH",
    ]
    h = HandState(Deal.from_hands(hands), pass_direction=PassDirection.NONE)
    h.play("2C")  # West leads; North and East have no clubs either
    h.play("7D")
    h.play("7S")
    assert h.to_play == 0 and h.trick_number == 0
    root = check_dimmed_is_engine(h, 0)
    dimmed = {g.get("data-card") for g in hand_elements(root, 0) if g.get("data-dimmed") == "true"}
    assert dimmed == {"QS", "2H", "3H", "4H", "5H", "6H", "7H", "8H"}
    title = title_of(next(g for g in hand_elements(root, 0) if g.get("data-card") == "QS"))
    assert "first trick" in title


def test_dimmed_when_hearts_are_not_broken() -> None:
    hands = [
        "AC 2D 3D 2H 3H 4H 5H 6H 7H 8H 9H 10H JH",
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC QH",
        "4D 5D 6D 7D 8D 9D 10D JD QD KD AD KH AH",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
    ]
    h = HandState(Deal.from_hands(hands), pass_direction=PassDirection.NONE)
    h.play("2C")  # West
    h.play("4D")  # North: void in clubs, discards
    h.play("2S")  # East
    h.play("AC")  # South takes the trick and leads
    assert h.to_play == 0 and not h.hearts_broken
    root = check_dimmed_is_engine(h, 0)
    dimmed = {g.get("data-card") for g in hand_elements(root, 0) if g.get("data-dimmed") == "true"}
    assert dimmed == {c.code for c in h.hand_of(0).of_suit(3)}
    title = title_of(next(g for g in hand_elements(root, 0) if g.get("data-card") == "2H"))
    assert "Hearts are not broken" in title
    assert parse(table_svg(h)).find(f".//{NS}g[@class='hearts-unbroken']") is not None


def test_caller_can_override_dimmed_and_reasons() -> None:
    h = fresh(8, direction=PassDirection.NONE)
    seat = h.to_play
    mine = list(h.hand_of(seat))
    root = parse(table_svg(h, viewer=seat, dimmed=mine[:2], reasons={mine[0]: "not this one"}))
    els = hand_elements(root, seat)
    assert {g.get("data-card") for g in els if g.get("data-dimmed") == "true"} == {c.code for c in mine[:2]}
    assert title_of(els[0]).endswith("not this one")


# ----- nothing hidden leaks --------------------------------------------------------------


def test_face_down_seats_expose_no_card_identity() -> None:
    h = fresh(13)
    pass_first_three(h)
    for step in range(30):
        for seat in range(4):
            svg = table_svg(h, viewer=seat)
            root = parse(svg)
            public = {c.code for _, c in h.current_trick}
            assert codes(face_up(root)) == set(h.hand_of(seat).codes()) | public
            for other in range(4):
                if other == seat:
                    continue
                els = hand_elements(root, other)
                assert len(els) == len(h.hand_of(other))
                assert all(g.get("data-card") is None and "back" in g.get("class", "") for g in els)
                for c in h.hand_of(other) - CardSet(c for _, c in h.current_trick):
                    assert f'"{c.code}"' not in svg and card_name(c) not in svg and str(c) not in svg
        if step % 7 == 0:
            assert table_svg(h, viewer=1) == table_svg(h.observation(1))
        h.push(h.legal_moves.lowest())


def test_hidden_hands_do_not_change_the_drawing() -> None:
    south = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"
    a = ["2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
         "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"]
    b = [a[2], a[0], a[1]]
    ha = HandState(Deal.from_hands([south, *a]), pass_direction=PassDirection.NONE)
    hb = HandState(Deal.from_hands([south, *b]), pass_direction=PassDirection.NONE)
    assert table_svg(ha, viewer=0) == table_svg(hb, viewer=0)
    assert table_svg(ha, viewer=0, reveal=True) != table_svg(hb, viewer=0, reveal=True)


def test_highlighting_hidden_cards_reveals_nothing() -> None:
    h = fresh(30, direction=PassDirection.NONE)
    others = CardSet(h.hand_of(1).mask | h.hand_of(2).mask)
    svg = table_svg(h, viewer=0, highlighted=others, selected=others, dimmed=others)
    assert codes(face_up(parse(svg))) == set(h.hand_of(0).codes())


def test_reveal_shows_every_hand() -> None:
    h = fresh(17)
    root = parse(table_svg(h, reveal=True))
    assert len(face_up(root)) == 52
    for seat in range(4):
        assert codes(hand_elements(root, seat)) == set(h.hand_of(seat).codes())


# ----- layout and state shown ---------------------------------------------------------


@pytest.mark.parametrize("n", [3, 5, 6, 7])
def test_tables_for_other_numbers_of_players(n: int) -> None:
    h = fresh(5, Rules(num_players=n))
    pass_first_three(h)
    for _ in range(n + 2):
        h.push(h.legal_moves.lowest())
    root = parse(table_svg(h, viewer=2))
    assert root.get("data-players") == str(n)
    plates = [g for g in root.iter(NS + "g") if "seat" in (g.get("class") or "").split()]
    assert sorted(int(g.get("data-seat", -1)) for g in plates) == list(range(n))
    for seat in range(n):
        assert len(hand_elements(root, seat)) == len(h.hand_of(seat))
    assert codes(face_up(root)) == set(h.hand_of(2).codes()) | {c.code for _, c in h.current_trick}
    check_dimmed_is_engine(h, h.to_play)


def test_turn_leader_points_and_totals_are_shown() -> None:
    g = Game(number=3)
    h = g.hand
    pass_first_three(h)
    while sum(h.points) == 0 or not h.trick:
        h.push(h.legal_moves.lowest())
    root = parse(table_svg(g, viewer=0, scores=[10, 20, 30, 40]))
    plates = {int(p.get("data-seat", -1)): p for p in root.iter(NS + "g") if "seat" in (p.get("class") or "").split()}
    active = [s for s, p in plates.items() if "active" in p.get("class", "")]
    assert active == [h.to_play]
    leader_plate = plates[h.leader]
    assert leader_plate.find(f".//{NS}rect[@class='lead-badge']") is not None
    texts = {s: " ".join(t.text or "" for t in p.iter(NS + "text")) for s, p in plates.items()}
    for s in range(4):
        assert f"total {10 * (s + 1)}" in texts[s]
        pts = h.points[s]
        assert (f"{pts} pts" if pts != 1 else "1 pt") in texts[s]
    broken = "hearts-broken" if h.hearts_broken else "hearts-unbroken"
    assert root.find(f".//{NS}g[@class='{broken}']") is not None


def test_trick_cards_sit_in_the_middle_with_their_seats() -> None:
    h = fresh(6, direction=PassDirection.NONE)
    for _ in range(6):
        h.push(h.legal_moves.lowest())
    root = parse(table_svg(h))
    played = [g for g in cards(root) if "played" in g.get("class", "")]
    assert [(int(g.get("data-seat", -1)), g.get("data-card")) for g in played] == [
        (s, c.code) for s, c in h.current_trick
    ]
    last = h.tricks[-1]
    root = parse(table_svg(h, trick=last))
    won = [g for g in cards(root) if "played" in g.get("class", "") and "highlighted" in g.get("class", "")]
    assert [g.get("data-seat") for g in won] == [str(last.winner)]


def test_passing_phase_shows_direction_and_selection() -> None:
    h = fresh(9)  # hand 1: pass left
    mine = list(h.hand_of(0))
    root = parse(table_svg(h, selected=mine[-3:]))
    els = hand_elements(root, 0)
    assert {g.get("data-card") for g in els if "selected" in g.get("class", "")} == {c.code for c in mine[-3:]}
    assert all(g.get("data-dimmed") == "false" and g.get("data-legal") == "true" for g in els)
    assert root.find(f".//{NS}polygon[@class='pass-arrow']") is not None
    message = " ".join(t.text or "" for t in root.iter(NS + "text"))
    assert "to the left, to West" in message
    h.pass_cards(0, mine[-3:])
    root = parse(table_svg(h))
    assert len(hand_elements(root, 0)) == 10
    assert all(g.get("data-legal") == "false" for g in hand_elements(root, 0))
    assert root.find(f".//{NS}polygon[@class='pass-arrow']") is None


def test_end_of_hand_summary() -> None:
    h = fresh(12)
    pass_first_three(h)
    while not h.is_over:
        h.push(h.legal_moves.lowest())
    root = parse(table_svg(h))
    summary = root.find(f".//{NS}g[@class='summary']")
    assert summary is not None
    numbers = [t.text for t in summary.iter(NS + "text")][3::2]
    assert numbers == [str(p) for p in h.result().scores]


def test_repr_methods_draw_svg() -> None:
    h = fresh(2, direction=PassDirection.NONE)
    for _ in range(4):
        h.push(h.legal_moves.lowest())
    trick = h.tricks[0]
    assert codes(face_up(parse(Card.parse("QS")._repr_svg_()))) == {"QS"}
    assert codes(face_up(parse(CardSet.parse("2C QS")._repr_html_()))) == {"2C", "QS"}
    assert codes(face_up(parse(trick._repr_html_()))) == {c.code for c in trick.cards}
    assert codes(face_up(parse(h._repr_html_()))) == set(h.hand_of(0).codes())


def test_trick_svg_places_each_seat() -> None:
    root = parse(trick_svg([(1, "KC"), (2, "QS"), (3, "4C"), (0, "AC")], winner=0, names=["A", "B", "C", "D"]))
    played = face_up(root)
    assert [(g.get("data-seat"), g.get("data-card")) for g in played] == [("1", "KC"), ("2", "QS"), ("3", "4C"),
                                                                         ("0", "AC")]
    assert [g.get("data-card") for g in played if "highlighted" in g.get("class", "")] == ["AC"]


def test_observation_and_state_draw_the_same_table() -> None:
    h = fresh(40)
    pass_first_three(h)
    for _ in range(9):
        h.push(h.legal_moves.lowest())
    for seat in range(4):
        obs = h.observation(seat)
        assert isinstance(obs, Observation)
        assert table_svg(obs, lang="es") == table_svg(h, viewer=seat, lang="es")


def layers(root: ET.Element) -> list[str]:
    """The table's top-level pieces in drawing order (later ones are painted over earlier ones)."""
    out = []
    for el in root:
        cls = el.get("class") or el.tag.removeprefix(NS)
        out.append(cls + (f":{el.get('data-seat')}" if el.get("data-seat") is not None else ""))
    return out


def test_table_is_drawn_in_layers_from_the_felt_to_the_viewers_hand() -> None:
    # Each seat's plate straight after its hand; the middle after every seat, then the message over it,
    # and the viewer's own hand last, on top of everything, where the clicks land.
    felt = ["rect", "rect"] + ["ellipse"] * 9 + ["info", "hearts-unbroken"]
    others = ["hand:1", "seat:1", "hand:2", "seat:2", "hand:3", "seat:3"]
    h = fresh(9)
    middle = ["trick", "pass-arrow", "message"]
    assert layers(parse(table_svg(h))) == felt + others + middle + ["seat active:0", "hand mine:0"]
    pass_first_three(h)
    me = h.to_play
    svg = table_svg(h, viewer=me, cover=True)
    rotated = [f"{kind}:{(me + rel) % 4}" for rel in range(1, 4) for kind in ("hand", "seat")]
    assert layers(parse(svg)) == felt + rotated + ["trick", "message", f"seat active:{me}", f"hand mine covered:{me}"]
    while not h.is_over:
        h.push(h.legal_moves.lowest())
    assert layers(parse(table_svg(h)))[-5:] == ["seat:3", "trick", "summary", "seat:0", "hand mine:0"]


def test_compact_table_is_drawn_in_layers_down_or_across() -> None:
    # Portrait: the other seats' plates in a row, the middle, the message, the viewer's plate, the hand.
    # Across: North above the trick, West and the viewer on the left, East and the message on the right.
    h = fresh(9)
    top = ["rect", "rect", "info", "hearts-unbroken"]
    mine = ["seat active:0", "hand mine:0"]
    down = layers(parse(table_svg(h, fit=400)))
    assert down == [*top, "seat:1", "seat:2", "seat:3", "trick", "pass-arrow", "message", *mine]
    across = layers(parse(table_svg(h, fit=844, fit_height=390)))
    assert across == [*top, "seat:2", "trick", "pass-arrow", "seat:1", mine[0], "seat:3", "message", mine[1]]


def _east_leads_trick_4() -> HandState:
    """A hand after three tricks, East to lead the fourth with 10 cards (its plate: '10 cards' and 'leads')."""
    for number in range(1, 400):
        h = fresh(number)
        pass_first_three(h)
        while h.trick_number < 3:
            h.push(h.legal_moves.lowest())
        if h.leader == 3 and not h.trick:
            return h
    raise AssertionError("no deal where East leads the fourth trick")


def _dejavu_width(s: str, size: float, bold: bool) -> float:
    """The width of ``s`` in DejaVu Sans (the table's first font, shipped with matplotlib), in drawing units."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextToPath

    font = FontProperties(family="DejaVu Sans", size=size, weight="bold" if bold else "normal")
    return float(TextToPath().get_text_width_height_descent(s, font, ismath=False)[0])


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("fit", "fit_height"), [(320, 640), (358, 844), (390, 844), (430, 932), (844, 390)])
def test_compact_plates_keep_their_text_inside_with_the_lead_as_a_badge(lang: str, fit: int, fit_height: int) -> None:
    # On a phone (390x844) East's plate said "10 cards · leads" on one line, which ran to the plate's right edge;
    # the lead is now a badge beside the name, as on the full table, and every line keeps clear of the edge.
    svg = table_svg(_east_leads_trick_4(), fit=fit, fit_height=fit_height, lang=lang)
    plates = {g.get("data-seat"): g for g in parse(svg).iter(f"{NS}g") if "seat" in (g.get("class") or "").split()}
    assert set(plates) == {"0", "1", "2", "3"}
    for seat, g in plates.items():
        rect = g.find(f"{NS}rect")
        assert rect is not None
        right = float(rect.get("x", 0)) + float(rect.get("width", 0))
        for t in g.iter(f"{NS}text"):
            size, bold = float(t.get("font-size", 0)), t.get("font-weight") == "bold"
            width = _dejavu_width(t.text or "", size, bold)
            anchor = t.get("text-anchor", "start")
            end = float(t.get("x", 0)) + (width / 2 if anchor == "middle" else 0 if anchor == "end" else width)
            assert end <= right - 8, (seat, t.text, end, right)
        said = [t.text for t in g.iter(f"{NS}text")]
        leads = "leads" if lang == "en" else "sale"
        if seat == "3":
            assert g.find(f"{NS}rect[@class='lead-badge']") is not None and leads in said, said
            assert not any(leads in s and s != leads for s in said if s), said  # said once, as the badge
            assert leads in (g.get("aria-label") or "")
        else:
            assert g.find(f"{NS}rect[@class='lead-badge']") is None and leads not in said, said
