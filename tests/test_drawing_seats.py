"""The table for 3 to 10 seats, checked by its geometry (the SVG parsed, every box computed from it).

For 3 to 7 seats the states come from hands the engine plays under ``Rules(num_players=n)``; 8 to 10 seats
(Cancellation Hearts; no Rules seats them yet) are drawn from what one seat would see. At full size and on a
phone 390 px wide: everything inside the drawing, no seat's hand or plate on another's, the trick's cards
apart (but the classic four-seat trick, whose cards overlap at their corners as they always have), nothing on
the line said to the viewer, a strip of each of the viewer's cards at least 24 px wide and tall to tap, and
every pass arrow from a seat to the seat the rules' cycle names.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from drawing_support import LAYOUT_SEATS, RULES_SEATS, play, real_states, synthetic_svgs

from hearts import Card, Deal, HandState, Phase, Rules
from hearts.display import DisplayError, table_svg, trick_svg
from hearts.drawing.base import _text_width
from hearts.drawing.cards import _hand_cards
from hearts.drawing.layout import TABLE_HEIGHT, TABLE_WIDTH, Box, seat_layout, trick_slots, turned_box

NS = "{http://www.w3.org/2000/svg}"
TAP_PX = 24.0


def classes(e: ET.Element) -> list[str]:
    return (e.get("class") or "").split()


def numbers(s: str) -> list[float]:
    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", s)]


def card_box(g: ET.Element) -> Box:
    """The box a card covers: its body (the rect at 0 0), lifted if chosen, turned and moved as drawn."""
    t = g.get("transform") or ""
    tx, ty = numbers(t.split("rotate")[0])[:2] if "translate" in t else (0.0, 0.0)
    angle, rx, ry = numbers(t.split("rotate")[1])[:3] if "rotate" in t else (0.0, 0.0, 0.0)
    lift = 0.0
    for inner in g.iter(NS + "g"):
        if inner is not g and (inner.get("transform") or "").startswith("translate(0 "):
            lift = numbers(inner.get("transform") or "")[1]
            break
    body = next(r for r in g.iter(NS + "rect") if r.get("x") == "0" and r.get("y") == "0")
    w, h = float(body.get("width") or 0), float(body.get("height") or 0)
    a = math.radians(angle)
    xs, ys = [], []
    for px, py in ((0, lift), (w, lift), (0, h + lift), (w, h + lift)):
        dx, dy = px - rx, py - ry
        xs.append(tx + rx + dx * math.cos(a) - dy * math.sin(a))
        ys.append(ty + ry + dx * math.sin(a) + dy * math.cos(a))
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def rect_box(r: ET.Element) -> Box:
    return Box(*(float(r.get(k) or 0) for k in ("x", "y", "width", "height")))


def union(boxes: list[Box]) -> Box:
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    return Box(x0, y0, max(b.right for b in boxes) - x0, max(b.bottom for b in boxes) - y0)


class Drawing:
    """A drawn table and the boxes of what is on it."""

    def __init__(self, svg: str) -> None:
        self.root = ET.fromstring(svg)
        vb = numbers(self.root.get("viewBox") or "")
        self.W, self.H = vb[2], vb[3]
        self.px = float(self.root.get("width") or 0) / self.W  # CSS pixels a unit
        self.n = int(self.root.get("data-players") or 0)
        self.viewer = int(self.root.get("data-viewer") or 0)
        self.compact = self.root.get("data-layout") == "compact"

    def groups(self, cls: str) -> Iterator[ET.Element]:
        return (g for g in self.root.iter(NS + "g") if cls in classes(g))

    def hands(self) -> dict[int, list[Box]]:
        return {int(g.get("data-seat") or 0): [card_box(c) for c in g if "card" in classes(c)]
                for g in self.groups("hand")}  # fmt: skip

    def plates(self) -> dict[int, Box]:
        return {int(g.get("data-seat") or 0): rect_box(next(g.iter(NS + "rect"))) for g in self.groups("seat")}

    def trick(self) -> list[Box]:
        return [card_box(c) for g in self.groups("trick") for c in g if "card" in classes(c)]

    def banner(self) -> Box | None:
        return next((rect_box(next(g.iter(NS + "rect"))) for g in self.groups("message")), None)

    def seat_boxes(self) -> dict[int, Box]:
        """Each seat's hand and plate together."""
        hands, plates = self.hands(), self.plates()
        return {s: union([plates[s], *hands.get(s, [])]) for s in plates}


def check_table(svg: str, pass_offset: int | None) -> None:
    d = Drawing(svg)
    hands, plates, trick, banner = d.hands(), d.plates(), d.trick(), d.banner()
    assert len(plates) == d.n
    table = Box(0, 0, d.W, d.H)
    everything = [*plates.values(), *trick, *(b for bs in hands.values() for b in bs)]
    everything += [rect_box(r) for g in d.groups("summary") for r in g.iter(NS + "rect")][:1]
    if banner is not None:
        everything.append(banner)
    for box in everything:
        assert table.x - 0.5 <= box.x and box.right <= table.right + 0.5, (box, table)
        assert table.y - 0.5 <= box.y and box.bottom <= table.bottom + 0.5, (box, table)
    for t in d.root.iter(NS + "text"):
        assert 0 <= float(t.get("x") or 0) <= d.W and 0 <= float(t.get("y") or 0) <= d.H, t.text
    for g in d.groups("seat"):  # a plate's words stay on the plate
        plate = rect_box(next(g.iter(NS + "rect")))
        for t in g.iter(NS + "text"):
            if t.get("text-anchor") == "start":
                size = float(t.get("font-size") or 0)
                end = float(t.get("x") or 0) + _text_width(t.text or "", size, t.get("font-weight") == "bold")
                assert end <= plate.right + 2, f"{t.text!r} runs past its plate {plate}"
    # No seat's hand or plate on another seat's.
    parts = [(s, b) for s, bs in hands.items() for b in ([union(bs)] if bs else [])] + list(plates.items())
    for i, (s, a) in enumerate(parts):
        for t, b in parts[i + 1 :]:
            assert s == t or not a.overlaps(b), f"seat {s} {a} overlaps seat {t} {b}"
    for s, plate in plates.items():  # nor on its own hand
        assert not any(plate.overlaps(b) for b in hands.get(s, [])), f"seat {s}'s plate {plate} is on its hand"
    # The trick's cards apart, off the seats and off the message line.
    if d.n != 4:
        for i, a in enumerate(trick):
            assert not any(a.overlaps(b) for b in trick[i + 1 :]), f"trick cards overlap: {trick}"
    for a in trick:
        assert not any(a.overlaps(b) for _, b in parts), f"a card of the trick {a} lies on a seat"
    if banner is not None:
        covering = [b for _, b in parts] + trick
        assert not any(banner.overlaps(b) for b in covering), f"the message line {banner} is covered"
    check_tap(d, hands.get(d.viewer, []))
    if pass_offset is not None:
        check_arrows(d, pass_offset, d.seat_boxes())


def check_tap(d: Drawing, mine: list[Box]) -> None:
    """Each of the viewer's cards shows a strip at least 24 CSS px wide and tall before the next card covers it."""
    for i, card in enumerate(mine):
        later = [b for b in mine[i + 1 :] if b.overlaps(card)]
        beside = [b.x - card.x for b in later if abs(b.y - card.y) < card.h / 3]
        below = [b.y - card.y for b in later if b.y - card.y >= card.h / 3]
        width = min(beside, default=card.w) * d.px
        height = min(below, default=card.h) * d.px
        assert width >= TAP_PX and height >= TAP_PX, f"card {i}: {width:.1f} x {height:.1f} px to tap"


def direction(at: tuple[float, float], toward: tuple[float, float]) -> float:
    return math.degrees(math.atan2(toward[1] - at[1], toward[0] - at[0]))


def apart(a: float, b: float) -> float:
    return abs((a - b + 180) % 360 - 180)


def check_arrows(d: Drawing, offset: int, seats: dict[int, Box]) -> None:
    arrows = [p for p in d.root.iter(NS + "polygon") if "pass-arrow" in classes(p)]
    if d.n == 4:
        assert len(arrows) == 1  # the classic table: one arrow from the middle towards the receiver
        return
    pairs = {(int(p.get("data-from") or 0), int(p.get("data-to") or 0)) for p in arrows}
    expected = {(s, (s + offset) % d.n) for s in range(d.n)}
    assert pairs == (expected if not d.compact else {(d.viewer, (d.viewer + offset) % d.n)})
    ring = next((e for e in d.root.iter(NS + "ellipse") if e.get("fill") == "none"), None)
    for p in arrows:
        pts = [tuple(numbers(xy)) for xy in (p.get("points") or "").split()]
        tail = ((pts[0][0] + pts[6][0]) / 2, (pts[0][1] + pts[6][1]) / 2)
        tip = pts[3]
        frm, to = int(p.get("data-from") or 0), int(p.get("data-to") or 0)
        if d.compact:  # the viewer's arrow points at the receiver's plate
            plate = seats[to]
            assert apart(direction(tail, tip), direction(tail, (plate.cx, plate.cy))) < 12
            continue
        assert ring is not None
        centre = (float(ring.get("cx") or 0), float(ring.get("cy") or 0))
        where = {s: direction(centre, (b.cx, b.cy)) for s, b in seats.items()}
        where[d.viewer] = 90.0  # the viewer sits at the bottom
        assert (nearest(where, centre, tail), nearest(where, centre, tip)) == (frm, to), (frm, to, tail, tip)


def nearest(where: dict[int, float], centre: tuple[float, float], point: tuple[float, ...]) -> int:
    """The seat whose direction from ``centre`` is nearest the direction of ``point``."""
    return min(where, key=lambda s: apart(where[s], direction(centre, (point[0], point[1]))))


def drawings(n: int, fit: float | None) -> Iterator[tuple[str, str, int | None]]:
    """(name, svg, pass offset while the viewer chooses a pass) for every state of ``n`` seats."""
    options = {} if fit is None else {"fit": fit, "fit_height": 844.0 if fit < 500 else 390.0}
    if n in RULES_SEATS:
        for name, h in real_states(n):
            offset = h.pass_direction.offset(n) if h.phase is Phase.PASSING else None
            for viewer in sorted({0, h.to_play if h.phase is Phase.PLAYING else 1}):
                svg = table_svg(h, viewer=viewer, scores=[12] * n if name == "over" else None, **options)
                yield f"{name}-seat{viewer}", svg, offset
            if name in ("pass-left", "mid"):
                yield f"{name}-reveal", table_svg(h, reveal=True, message="A message for you", **options), offset
                long = [f"Alexandra Constantinopla {s}" for s in range(n)]
                yield f"{name}-long-names-es", table_svg(h, names=long, scores=[125] * n, lang="es", **options), offset
    else:
        for name, svg in synthetic_svgs(n, **options):
            yield name, svg, 1 if name == "pass-left" else None


@pytest.mark.parametrize("fit", [None, 390.0, 820.0], ids=["full", "phone", "phone-across"])
@pytest.mark.parametrize("n", [*RULES_SEATS, *LAYOUT_SEATS])
def test_every_state_of_n_seats_is_laid_out_apart_and_inside(n: int, fit: float | None) -> None:
    seen = 0
    for name, svg, offset in drawings(n, fit):
        try:
            check_table(svg, offset)
        except AssertionError as e:
            raise AssertionError(f"{n} seats, {name}: {e}") from None
        seen += 1
    assert seen >= 3


def test_the_passes_of_the_rules_cycle_are_drawn_for_each_hand() -> None:
    """Three players pass left then right: the arrows of hand 2 run the other way round."""
    arrows = []
    for name, h in real_states(3):
        if name.startswith("pass-"):
            root = ET.fromstring(table_svg(h))
            arrows.append({(p.get("data-from"), p.get("data-to")) for p in root.iter(NS + "polygon")
                           if "pass-arrow" in classes(p)})  # fmt: skip
    assert [d.value for d in Rules(num_players=3).pass_cycle] == ["left", "right"]
    assert arrows == [{("0", "1"), ("1", "2"), ("2", "0")}, {("0", "2"), ("1", "0"), ("2", "1")}]


def test_seat_layout_for_every_count_keeps_seats_trick_and_message_apart() -> None:
    table = Box(0, 0, TABLE_WIDTH, TABLE_HEIGHT)
    for n in range(3, 11):
        layout = seat_layout(n)
        boxes = list(layout.seats)
        assert len(boxes) == n - 1
        for i, a in enumerate(boxes):
            assert table.x < a.x and a.right < table.right and table.y < a.y and a.bottom < table.bottom
            assert not any(a.overlaps(b) for b in boxes[i + 1 :])
            assert not a.overlaps(layout.trick)
        cards = [turned_box(x, y, layout.card, 0) for x, y in layout.slots]
        assert all(not a.overlaps(b) for i, a in enumerate(cards) for b in cards[i + 1 :])
        assert layout.card >= 40, f"{n} seats: played cards {layout.card} units wide"
        # Play goes clockwise from the viewer's left: up the left side, along the top, down the right side.
        turn = [math.atan2(b.cy - layout.trick.cy, b.cx - layout.trick.cx) - math.pi / 2 for b in boxes]
        angles = [a % (2 * math.pi) for a in turn]  # from the viewer at the bottom, clockwise on the screen
        assert angles == sorted(angles) and boxes[0].cx < 500 < boxes[-1].cx


def test_trick_slots_shrink_the_cards_until_none_touches() -> None:
    for n in range(3, 11):
        w, slots = trick_slots(n, 300, 220, 90)
        boxes = [turned_box(x, y, w, 5) for x, y in slots]
        assert all(not a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])
        assert all(abs(x) + w / 2 <= 150 and abs(y) + w * 0.7 <= 110 for x, y in slots)
    assert trick_slots(3, 300, 220, 90)[0] > trick_slots(10, 300, 220, 90)[0]


def test_a_card_of_which_there_are_two_says_which_copy_it_is() -> None:
    qs, c2 = Card.parse("QS"), Card.parse("2C")
    svg = _hand_cards([qs, c2, qs], [(0, 0, 0), (30, 0, 0), (60, 0, 0)], w=60, dimmed=0, selected=0,
                      highlighted=0, legal=0, reasons={}, four_color=False, seat=0, lang="en")  # fmt: skip
    root = ET.fromstring(f"<svg xmlns='{NS[1:-1]}'>{svg}</svg>")
    found = [(g.get("data-card"), g.get("data-copy")) for g in root]
    assert found == [("QS", "1"), ("2C", None), ("QS", "2")]
    # A screen reader tells the two buttons apart by name too.
    assert [g.get("aria-label") for g in root] == [
        "queen of spades (copy 1 of 2)", "two of clubs", "queen of spades (copy 2 of 2)"
    ]
    es = ET.fromstring(f"<svg xmlns='{NS[1:-1]}'>" + _hand_cards(
        [qs, qs], [(0, 0, 0), (30, 0, 0)], w=60, dimmed=0, selected=0, highlighted=0, legal=0, reasons={},
        four_color=False, seat=0, lang="es") + "</svg>")  # fmt: skip
    assert [g.get("aria-label") for g in es] == ["reina de picas (copia 1 de 2)", "reina de picas (copia 2 de 2)"]
    trick = ET.fromstring(trick_svg([(0, "QS"), (1, "2C"), (2, "QS")], num_players=10))
    assert [g.get("data-copy") for g in trick.iter(NS + "g") if g.get("data-card")] == ["1", None, "2"]
    assert "data-copy" not in table_svg(next(iter(real_states(5)))[1])  # one deck: no card says it


def test_ten_seats_draw_a_trick_and_eleven_are_refused() -> None:
    played = ["AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C", "6C", "5C"]
    svg = trick_svg(list(enumerate(played)), num_players=10)
    check_trick = [card_box(g) for g in ET.fromstring(svg).iter(NS + "g") if g.get("data-card")]
    assert len(check_trick) == 10
    assert all(not a.overlaps(b) for i, a in enumerate(check_trick) for b in check_trick[i + 1 :])
    with pytest.raises(DisplayError, match="num_players must be 3 to 10, not 11") as e:
        trick_svg([], num_players=11)
    assert e.value.option == "num_players"


def test_the_score_sheet_has_a_column_a_seat_in_rows_on_a_phone() -> None:
    h = dict(real_states(7))["over"]
    assert isinstance(h, HandState)
    full = ET.fromstring(table_svg(h, scores=list(range(7))))
    phone = ET.fromstring(table_svg(h, scores=list(range(7)), fit=390))
    for root in (full, phone):
        sheet = next(g for g in root.iter(NS + "g") if "summary" in classes(g))
        scores = [g for g in sheet.iter(NS + "g") if "score" in classes(g)]
        assert [g.get("data-seat") for g in scores] == [str(s) for s in range(7)]
        assert all("total" in (g.get("aria-label") or "") for g in scores)
        columns = int(sheet.get("data-columns") or 0)
        assert 1 < columns < 7  # two rows of columns, each readable
        box = rect_box(next(sheet.iter(NS + "rect")))
        assert box.w / columns >= 84


def two_pack_states(n: int) -> Iterator[tuple[str, HandState, object]]:
    """Real Cancellation Hearts states of ``n`` seats (Rules.cancellation(n)), each with the trick to show:
    choosing the pass, the first trick with 17 (or fewer) cards in the hand, and a trick that waits on show with
    the waiting pile and (where the deal leaves one) the widow taken."""
    rules = Rules.cancellation(n)
    yield "pass", HandState(Deal.from_number(1, rules), rules), None
    flat = Rules.cancellation(n, passing=False)
    h = HandState(Deal.from_number(1, flat), flat)
    play(h, n - 1)
    yield "first-trick", h.copy(), None
    for number in range(1, 80):
        h = HandState(Deal.from_number(number, flat), flat)
        while not h.is_over:
            h.play(h.legal_moves.lowest())
            if h.pile and not h.trick and (h.widow_taker >= 0 or not flat.widow_size):  # type: ignore[attr-defined]
                yield "waits", h, h.tricks[-1]
                return
    raise AssertionError(f"no trick waited in 80 deals of {n} players")


def text_box(t: ET.Element) -> Box:
    size = float(t.get("font-size") or 0)
    w = _text_width(t.text or "", size)
    x = float(t.get("x") or 0)
    x0 = {"end": x - w, "middle": x - w / 2}.get(t.get("text-anchor") or "start", x)
    return Box(x0, float(t.get("y") or 0) - size, w, size * 1.25)


@pytest.mark.parametrize("fit", [None, 390.0], ids=["laptop", "phone"])
@pytest.mark.parametrize("n", range(6, 11))
def test_a_two_pack_table_shows_cancelled_pairs_the_pile_and_the_widow_apart_and_inside(
    n: int, fit: float | None
) -> None:
    """Cancellation Hearts at 1280x800 (the full table) and 390x844: laid out as every table is, each card of a
    cancelled pair struck and said to be cancelled, the waiting pile and the widow in lines inside the drawing
    that touch no seat, no card and not the message line."""
    options = {} if fit is None else {"fit": fit, "fit_height": 844.0}
    seen = set()
    for name, h, trick in two_pack_states(n):
        svg = table_svg(h, viewer=0, trick=trick, lang="es" if n % 2 else "en", **options)  # type: ignore[arg-type]
        try:
            check_table(svg, h.pass_direction.offset(n) if h.phase is Phase.PASSING else None)
        except AssertionError as e:
            raise AssertionError(f"{n} seats, {name}: {e}") from None
        d = Drawing(svg)
        piles = [text_box(t) for g in d.groups("piles") for t in g.iter(NS + "text")]
        if name != "waits":
            continue
        seen.add(name)
        cancelled = [g for g in d.groups("cancelled")]
        assert trick is not None and len(cancelled) == 2 * len(trick.cancelled) >= 2
        for g in cancelled:
            words = (g.get("aria-label") or "") + (next(g.iter(NS + "title")).text or "")
            assert ("cancelled" if n % 2 == 0 else "anulada") in words
            assert any("cancel-mark" in classes(x) for x in g.iter(NS + "g"))
        assert all(g.get("data-winner") is None for g in d.groups("trick"))  # nobody to move the trick to
        label = next(d.groups("piles")).get("aria-label") or ""
        points = Rules.cancellation(n).points_of(h.pile)  # type: ignore[attr-defined]
        assert f"{points}" in label and ("Waiting" in label or "Esperando" in label)
        if h.deal.widow:
            assert all(str(c) in label for c in h.deal.widow)
        hands, plates, trick_boxes, banner = d.hands(), d.plates(), d.trick(), d.banner()
        others = [*plates.values(), *trick_boxes, *(b for bs in hands.values() for b in bs)]
        others += [banner] if banner is not None else []
        for box in piles:
            assert box.x >= 0 and box.right <= d.W and box.y >= 0 and box.bottom <= d.H, (name, box)
            hit = [b for b in others if box.overlaps(b)]
            assert not hit, f"{n} seats: the pile's line {box} lies on {hit[0]}"
            assert box.h / 1.25 * d.px >= 11, "the pile's lines are too small to read"
    assert seen == {"waits"}
