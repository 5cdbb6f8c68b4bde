"""The whole table as seen from one seat (:func:`table_svg`), full size or for a small screen."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from hearts.cards import Card
from hearts.drawing.base import (
    CardsLike,
    DisplayError,
    _check_back,
    _check_bool,
    _check_felt,
    _check_lang,
    _check_width,
)
from hearts.drawing.compact import _compact, _compact_table, is_landscape
from hearts.drawing.full import _corner, _felt, _middle, _other_seat, _Seats, _viewer_seat
from hearts.drawing.layout import _TH, _TW
from hearts.drawing.piles import pile_lines, piles_svg
from hearts.drawing.trick import _names
from hearts.drawing.view import _check_scores, _marks, _shown_trick, _status, _turns, _View, _view
from hearts.game import Game
from hearts.hand import HandState, Trick
from hearts.observation import Observation


def table_svg(
    state: HandState | Observation | Game | _View,
    *,
    viewer: int | None = None,
    reveal: bool = False,
    dimmed: CardsLike = None,
    selected: CardsLike = None,
    highlighted: CardsLike = None,
    hinted: CardsLike = None,
    reasons: Mapping[Card | int | str, str] | None = None,
    trick: Trick | Iterable[tuple[int, Card | int | str]] | None = None,
    four_color: bool = False,
    table_color: str = "green",
    back: str = "blue",
    names: Sequence[str] | None = None,
    scores: Sequence[int] | None = None,
    message: str | None = None,
    title: str | None = None,
    lang: str = "en",
    width: float = 1000,
    cover: bool = False,
    fit: float | None = None,
    fit_height: float | None = None,
    show_turn: bool = True,
) -> str:
    """The whole table as seen from one seat.

    ``state`` is a :class:`~hearts.hand.HandState`, a player's
    :class:`~hearts.observation.Observation` (then ``viewer`` is its seat)
    or a :class:`~hearts.game.Game` (its current hand, with the running
    totals as ``scores``). Any count of seats from 3 to 10 is drawn: four at the classic table (South, West,
    North, East), other counts with the seats clockwise in play order from the viewer's left
    (:mod:`hearts.drawing.layout`). A table no Rules seat yet (8 to 10 players) is drawn from the
    drawing's own view of one seat (``hearts.drawing.view._View``), given as ``state``.

    - ``viewer``: the seat shown face up at the bottom (South with four players).
      Every other hand is drawn face down with its card count only, and nothing
      about those cards reaches the SVG.
    - ``reveal``: show every hand face up (reviews and the walkthrough; needs a HandState).
    - ``dimmed``: cards of the viewer's hand drawn dimmed. Default: when it is the
      viewer's turn to play, exactly the cards the engine refuses
      (``HandState.legal_moves_for`` / ``Observation.legal_mask()``); their tooltips
      give the engine's reason (``HandState.why_not(card).explain(lang)``), or
      the text given in ``reasons``.
    - ``selected`` (raised, blue ring and a tick: e.g. the cards chosen to pass),
      ``highlighted`` (gold ring and an arrow: e.g. the cards just received) and
      ``hinted`` (dashed cyan ring and a star: a hint's cards). Each state has its
      own shape, not only its colour, and is said in the card's accessible name.
    - ``trick``: the cards shown in the middle (default: the trick in progress);
      give a finished :class:`~hearts.hand.Trick` to show it with its winner outlined.
    - ``four_color``, ``table_color`` (:data:`TABLE_COLORS` or ``'#rrggbb'``), ``back``
      (:data:`BACKS`), ``names`` (one per seat), ``scores`` (running totals),
      ``message`` (a line shown above the viewer's hand), ``title`` (the first line at the top left,
      default "Hand 3"; a scene of a lesson names itself), ``lang`` (``'en'``/``'es'``).
    - ``fit``: the width in CSS pixels the drawing will be shown at. Below
      :data:`COMPACT_BELOW` (phones, small tablets) the table is laid out for a
      small screen: text at a size read without zooming, the other seats as
      name plates in a row, the trick in the middle and the viewer's hand in one
      or two rows of big cards, each at least :data:`TAP` pixels wide and tall
      to tap (``data-layout="compact"`` on the ``<svg>``).
    - ``fit_height``: the height in CSS pixels of the window it is shown in. A compact
      table in a wide, low window (a phone on its side: wider than :data:`LANDSCAPE` times its
      height) is laid out across (``data-arrange="landscape"``): the seats beside the trick, the
      hand in one row under them, to fit the height.
    - ``cover``: draw the viewer's hand face down too (pass-and-play, while the screen goes
      to the next player): then no card of any hand reaches the SVG, and the banner asks the
      viewer to say they are ready (unless ``message`` says something else).
    - ``show_turn``: mark the seat whose turn it is (a gold plate with a pointer, "to play" in its
      accessible name). ``False`` where nobody can act at this table now, though the game has a seat
      to play: a game that another table (another tab, another kernel) has taken over.

    For assistive technology the drawing is a group named after the viewer's
    seat; the viewer's cards are buttons (named with their state and, when
    dimmed, the engine's reason), the other hands and the seat plates images
    named with what is visible of them (never a hidden card), the trick a group
    of named cards.

    >>> from hearts import Deal, HandState, PassDirection
    >>> h = HandState(Deal.from_number(3), pass_direction=PassDirection.NONE)
    >>> svg = table_svg(h, viewer=h.to_play)
    >>> svg.count('data-card='), svg.count('class="card back"')
    (13, 39)
    >>> covered = table_svg(h, viewer=h.to_play, cover=True)
    >>> covered.count('data-card='), covered.count('class="card back"')
    (0, 52)
    """
    _check_lang(lang)
    _check_bool(reveal, "reveal")
    _check_bool(cover, "cover")
    if cover and reveal:
        raise DisplayError("cover hides the viewer's hand and reveal shows every hand: give one of them", "cover")
    _check_bool(four_color, "four_color")
    _check_bool(show_turn, "show_turn")
    felt = _check_felt(table_color)
    _check_back(back)
    scale = _check_width(width) / _TW
    v = _view(state, viewer, reveal, lang)
    nm = _names(names, v.n, lang)
    if scores is not None:
        v.totals = _check_scores(scores, v.n)
    for name, value in (("message", message), ("title", title)):
        if value is not None and not isinstance(value, str):
            raise DisplayError(f"{name} must be text, not {value!r}", name)
    shown, winner = _shown_trick(v, trick)
    v.trick_done = winner is not None and not v.trick and v.trick_number > 0
    marks = _marks(v, dimmed, selected, highlighted, hinted, reasons, cover)
    status, strong = _status(v, message, winner, nm, cover, lang)
    active, leads = _turns(v)
    if not show_turn:
        active = -1
    if _compact(fit, fit_height):
        assert fit is not None
        return _compact_table(
            v,
            float(fit),
            nm,
            shown,
            winner,
            marks,
            status=status,
            strong=strong,
            cover=cover,
            title=title,
            felt=felt,
            back=back,
            four_color=four_color,
            lang=lang,
            landscape=is_landscape(fit, fit_height) and v.n in (3, 4),
            turns=(active, leads),
        )
    seats = _Seats(v, nm, lang, active, leads)
    me = v.viewer
    parts = [_felt(v, felt, scale, seats.names[me], lang), _corner(v, title, lang)]
    for rel in range(1, v.n):
        parts.append(_other_seat(seats, rel, marks.everywhere, back=back, four_color=four_color))
    parts.append(_middle(v, shown, winner, nm, four_color=four_color, lang=lang))
    # Cancellation Hearts: the waiting pile and the widow at the bottom right, beside the viewer's hand.
    parts.append(piles_svg(pile_lines(v, seats.names, lang), _TW - 22, _TH - 22, 14, lang, room=210, anchor="end",
                           upward=True))  # fmt: skip
    parts.append(_viewer_seat(seats, marks, status, strong, four_color=four_color, cover=cover, back=back))
    parts.append("</svg>")
    return "".join(parts)
