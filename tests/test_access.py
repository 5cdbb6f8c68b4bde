"""Accessibility checks that need no browser: what the widgets send to the page.

- Hidden cards: two tables that differ only in the bots' unplayed cards send the browser exactly the same
  state (every synced trait of every widget), before and after a hint.
- Contrast: WCAG 2 AA ratios computed from the colours the drawings and the widgets' style sheets use.
- The board's semantics: the learner's cards are buttons named with their state and, when dimmed, the
  engine's reason; the other hands are named by their card count only; every action is said.
"""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from twin_tables import twin_tables

from hearts import display
from hearts.cards import Card
from hearts.display import BACKS, INFO_INK, PLATE, PLATE_OPACITY, TABLE_COLORS, suit_color, table_svg
from hearts_widgets import GameTable, Walkthrough
from hearts_widgets.table import _STYLE

NS = {"s": "http://www.w3.org/2000/svg"}


# ----- hidden cards ------------------------------------------------------------------


def browser_state(root: Any) -> list[Any]:
    """The synced state of ``root`` and of every widget it refers to, in a fixed order, with model ids
    replaced by their place in that order (ids differ between any two widgets)."""
    from ipywidgets.widgets.widget import _instances

    order: list[str] = []
    states: list[Any] = []

    def visit(w: Any) -> None:
        if w.model_id in order:
            return
        order.append(w.model_id)
        state = w.get_state()
        states.append(state)
        for v in state.values():
            for ref in re.findall(r"IPY_MODEL_(\w+)", repr(v)):
                visit(_instances[ref])

    visit(root)
    text = repr(states)
    for i, mid in enumerate(order):
        text = text.replace(mid, f"#{i}")
    return [text]


def test_hidden_cards_change_nothing_the_browser_receives(tmp_path: Path) -> None:
    a, b = twin_tables(tmp_path)
    assert a.model.hand.hands != b.model.hand.hands  # the bots hold different cards
    assert a.model.hand.to_play == 0 and a.model.hand.trick == b.model.hand.trick
    assert browser_state(a) == browser_state(b)
    for t in (a, b):
        t.press("hint")
    assert a.model.hint is not None and a.model.hint.cards == b.model.hint.cards  # type: ignore[union-attr]
    assert browser_state(a) == browser_state(b)
    # And the bots' cards are really somewhere in the model, only not in the page: a revealed drawing differs.
    assert table_svg(a.model.hand, viewer=0, reveal=True) != table_svg(b.model.hand, viewer=0, reveal=True)


# ----- contrast ----------------------------------------------------------------------


def _rgb(color: str) -> tuple[float, float, float]:
    return tuple(int(color[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def luminance(color: str) -> float:
    """Relative luminance (WCAG 2)."""
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in _rgb(color)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def over(color: str, opacity: float, under: str) -> str:
    """``color`` laid at ``opacity`` over ``under``."""
    return "#" + "".join(
        f"{round((x * opacity + y * (1 - opacity)) * 255):02x}" for x, y in zip(_rgb(color), _rgb(under))
    )


FACE = "#fffefa"  # the card face, from the drawing
TEXT_AA, LARGE_AA, UI_AA = 4.5, 3.0, 3.0


def test_contrast_of_every_felt_and_its_text() -> None:
    assert f'fill="{FACE}"' in display.card_svg("QS")
    for name, felt in TABLE_COLORS.items():
        plate = over(PLATE, PLATE_OPACITY, felt)
        checks = {
            "info text on the felt": contrast(INFO_INK, felt),
            "white text on the felt": contrast("#ffffff", felt),
            "plate detail": contrast(INFO_INK, plate),
            "plate name (gold, the seat to play)": contrast("#ffe082", plate),
            "banner text": contrast("#ffffff", over("#0b1d14", 0.6, felt)),
            "card edge on the felt (non-text)": contrast(FACE, felt),
            "focus ring's white on the felt": contrast("#ffffff", felt),
        }
        for what, ratio in checks.items():
            assert ratio >= TEXT_AA, (name, what, round(ratio, 2))
    # Shown as lines in the drawing too.
    svg = table_svg(display_state(), table_color="gray")
    assert INFO_INK in svg and PLATE in svg


def display_state() -> Any:
    from hearts import Deal, HandState

    return HandState(Deal.from_number(3))


@pytest.mark.parametrize("four", [False, True])
def test_contrast_of_suits_on_the_card_face(four: bool) -> None:
    for suit in range(4):
        ink = suit_color(suit, four)
        assert contrast(ink, FACE) >= TEXT_AA, (suit, four, ink)
    # Dimmed cards are disabled controls (exempt), but the learner must still read them: 3:1 (large text,
    # the bold index) under the veil.
    veiled = over(display.DIM_VEIL, display.DIM_OPACITY, FACE)
    for suit in range(4):
        assert contrast(suit_color(suit, four), veiled) >= LARGE_AA, (suit, four)


def test_contrast_of_every_card_back() -> None:
    for name, back in BACKS.items():
        # The back's colour against its white border, and the border against every felt (non-text, 3:1).
        assert contrast(back.color, "#fdfdfd") >= UI_AA, name
        # The pattern's ink on the back (the emblem is a shape: 3:1).
        assert contrast(back.ink, back.color) >= UI_AA, name
        for felt in TABLE_COLORS.values():
            assert contrast("#fdfdfd", felt) >= UI_AA, (name, felt)


def test_contrast_of_the_message_line_and_marks() -> None:
    # The message line's colours, read from the widgets' style sheet.
    for kind in ("error", "info", "ok"):
        rule = re.search(rf"\.hw-message\.hw-{kind} \{{([^}}]*)\}}", _STYLE)
        assert rule is not None, kind
        bg = re.search(r"background: (#[0-9a-f]{6})", rule.group(1))
        fg = re.search(r"color: (#[0-9a-f]{6})", rule.group(1))
        assert bg and fg, kind
        assert contrast(fg.group(1), bg.group(1)) >= TEXT_AA, kind
    # Rings around chosen, received and hinted cards: 3:1 against the felt they stand on.
    for ink in (display._SELECTED_INK, display._RECEIVED_INK, display._HINTED_INK):
        if ink == display._SELECTED_INK:
            assert contrast(ink, FACE) >= UI_AA  # the blue ring stands out against the card
        else:
            for felt in TABLE_COLORS.values():
                assert contrast(ink, felt) >= UI_AA, (ink, felt)


# ----- what the board says -----------------------------------------------------------------


def mine(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return root.findall(".//s:g[@class='hand mine']/s:g", NS)


def test_the_learners_cards_are_named_buttons(tmp_path: Path) -> None:
    table = GameTable(number=2024, level="random", data_dir=tmp_path, resume=False, paced=False, lang="es")
    cards = mine(table.board.svg)
    assert len(cards) == 13
    assert all(c.get("role") == "button" and c.get("tabindex") == "-1" for c in cards)
    assert all(c.get("aria-pressed") == "false" for c in cards)  # choosing cards to pass: toggles
    first = cards[0].get("data-card")
    table.click_card(first)
    chosen = next(c for c in mine(table.board.svg) if c.get("data-card") == first)
    assert chosen.get("aria-pressed") == "true" and "elegida para pasar" in chosen.get("aria-label", "")
    for c in list(table.model.hand.hand_of(0))[1:3]:
        table.click_card(c.code)
    table.press("pass")
    assert table.board.focus == "hand"
    root = ET.fromstring(table.board.svg)
    label = root.get("aria-label") or ""
    assert "Sur" in label
    for g in root.findall(".//s:g[@class='hand']", NS):  # the bots' hands: a name and a count, nothing else
        assert g.get("role") == "img" and re.fullmatch(r"\w+: \d+ cartas boca abajo", g.get("aria-label", "")), g.attrib
    received = [c for c in mine(table.board.svg) if "highlighted" in c.get("class", "")]
    assert len(received) == 3 and all("recién recibida" in c.get("aria-label", "") for c in received)
    # The bots' cards played before South's turn were said with the pass; dimmed cards say why, in Spanish.
    h = table.model.hand
    for seat, card in h.plays:
        assert f"{['Sur', 'Oeste', 'Norte', 'Este'][seat]} juega {card}." in table.board.announce
    assert h.to_play == 0
    dimmed = [c for c in mine(table.board.svg) if c.get("aria-disabled") == "true"]
    assert all("no se puede jugar ahora: " in c.get("aria-label", "") for c in dimmed)
    n = table.board.announce_n
    card = h.legal_moves.codes()[0]
    table.click_card(card)
    assert table.board.announce_n == n + 1
    assert table.board.announce.startswith(f"Juegas {Card.parse(card)}."), table.board.announce


def test_walkthrough_says_each_step_and_moves_focus(tmp_path: Path) -> None:
    w = Walkthrough(lang="en")
    w.press("next")
    assert w.board.announce.startswith(f"Step 2 of {len(w.model)}.")
    assert "Rule:" in w.board.announce and w.board.focus == "hw-btn-next"
    w.press("back")
    assert w.board.focus == "hw-btn-next"  # Back is disabled at the first step
    while not w.model.step.learner_turn:
        w.press("next")
    n = w.board.announce_n
    scripted = w.model.step.scripted
    assert scripted is not None
    w.click_card(scripted.code)
    assert w.board.announce_n == n + 1 and w.board.focus == "hw-btn-next"
    assert w.board.announce.startswith(w.model.message[1])  # type: ignore[index]


# ----- small screens -------------------------------------------------------------------


@pytest.mark.parametrize("fit, window", [(358, 844), (390, None), (600, None), (830, 1100), (814, 390), (640, 360)])
def test_compact_layout_leaves_a_finger_of_every_card(fit: int, window: int | None) -> None:
    from hearts import Deal, HandState

    h = HandState(Deal.from_number(3))
    message = "Choose 3 cards to pass to the left, to West"  # the banner of a real table
    root = ET.fromstring(table_svg(h, viewer=0, fit=fit, fit_height=window, selected="2C 3C 4C", message=message))
    assert root.get("data-layout") == "compact" and float(root.get("width") or 0) == fit
    # A phone on its side gets the table across, no taller than its window (with room for a 20 px margin).
    across = window is not None and fit > 1.3 * window
    assert root.get("data-arrange") == ("landscape" if across else "portrait")
    if across:
        assert window is not None and float(root.get("height") or 0) <= window - 20, root.get("height")
    px = fit / float((root.get("viewBox") or "").split()[2])
    cards = mine(ET.tostring(root, "unicode"))
    spots = [tuple(float(x) for x in re.findall(r"[-\d.]+", c.get("transform", ""))[:2]) for c in cards]
    assert len(spots) == 13
    rows = sorted({y for _, y in spots})
    for y in rows:  # across a row: the next card leaves at least 44 px of this one
        xs = sorted(x for x, yy in spots if yy == y)
        assert all((b - a) * px >= 44 for a, b in itertools.pairwise(xs)), (fit, xs)
    # Down the rows: the row below, even a card of it raised (chosen to pass), leaves 44 px of the row above.
    face = next(r for r in root.iterfind(".//s:g[@class='hand mine']//s:rect", NS) if r.get("x") == "0")
    lift = 0.17 * float(face.get("height") or 0) * px
    assert all((b - a) * px - lift >= 44 for a, b in itertools.pairwise(rows)), (fit, rows, lift)
    sizes = [float(t.get("font-size") or 0) * px for t in root.iterfind(".//s:g[@class='seat']/s:text", NS)]
    assert sizes and min(sizes) >= 12, (fit, sizes)


def test_compact_layout_hides_what_the_wide_one_hides(tmp_path: Path) -> None:
    a, b = twin_tables(tmp_path)
    for t in (a, b):
        t.board.fit = 390  # the browser says: a phone
    assert "data-layout=\"compact\"" in a.board.svg
    assert browser_state(a) == browser_state(b)
    # Shown face up (the walkthrough's "show every hand"), the other seats' cards are listed on their plates.
    shown = table_svg(a.model.hand, viewer=0, reveal=True, fit=390)
    west = {str(c) for c in a.model.hand.hand_of(1)}
    plate = next(g for g in ET.fromstring(shown).iterfind(".//s:g[@data-seat='1']", NS) if "seat" in g.get("class", ""))
    listed = "".join(t.text or "" for t in plate.iterfind("s:text", NS))
    assert all(c[:-1] in listed for c in west)


def _dejavu_width(s: str, size: float) -> float:
    """The advance width of ``s`` in DejaVu Sans (the table's font, shipped with matplotlib) at ``size``."""
    from matplotlib import font_manager, ft2font

    font = ft2font.FT2Font(font_manager.findfont("DejaVu Sans"))
    font.set_size(size, 72)  # at 72 dpi a point is a unit
    return sum(font.load_char(ord(ch)).linearHoriAdvance for ch in s) / 65536


@pytest.mark.parametrize("fit, window", [(358, None), (390, 844), (600, None), (814, 390)])
def test_compact_plates_hold_every_hand_they_list(fit: int, window: int | None) -> None:
    from hearts import Deal, HandState

    # A deal where another seat holds eight or more of one suit: its line is the longest a plate lists.
    number = next(
        i for i in range(10_000)
        if max(sum(1 for c in Deal.from_number(i).hands[s] if c.suit == u) for s in (1, 2, 3) for u in range(4)) >= 8
    )
    root = ET.fromstring(
        table_svg(
            HandState(Deal.from_number(number)), viewer=0, reveal=True, scores=[0] * 4, fit=fit, fit_height=window
        )
    )
    px = fit / float((root.get("viewBox") or "").split()[2])
    checked = 0
    for g in root.iterfind(".//s:g", NS):
        if "seat" not in (g.get("class") or "").split():
            continue
        plate = g.find("s:rect", NS)
        assert plate is not None
        right = float(plate.get("x") or 0) + float(plate.get("width") or 0)
        for t in g.iterfind("s:text", NS):
            end = float(t.get("x") or 0) + _dejavu_width(t.text or "", float(t.get("font-size") or 0))
            assert end <= right - 4 / px, (fit, t.text, end, right)
            checked += 1
        bottom = float(plate.get("y") or 0) + float(plate.get("height") or 0)
        assert all(float(t.get("y") or 0) + 4 <= bottom for t in g.iterfind("s:text", NS))
    assert checked >= 3 * 7, checked  # three plates: name, counts and four suits at least
