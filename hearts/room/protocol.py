"""The room's messages: what a browser may send, checked before anything acts on it.

Every message is one JSON object with a ``type`` and exactly the fields that
type takes, each of the right kind. Anything else is refused with a
:class:`~hearts.room.tables.RoomError` naming the field, before it reaches a
table.

========  =====================================  ==========================================
type      fields                                 what it does
========  =====================================  ==========================================
join      table, seat (int), name, browser       take a free seat (a browser that holds one gets it
                                                 again); the answer holds a token
resume    token (text)                           come back to one's seat (reconnect)
select    card (text), at ([hand, played]);      choose or unchoose a card to pass
          copy (1 or 2, optional)                (copy: which of two identical cards, two packs)
pass      cards (list of text), at               pass those cards
play      card (text), at                        play a card
moon      choice ("add" or "subtract"), at       the shooter's choice of moon scoring (only under the
                                                 shooter's choice, from the seat that shot the moon)
next      at                                     ready for the next hand
rematch   at                                     after a game: another with the same people (it starts
                                                 once every person at the table asks)
ratings   (none)                                 the room's leaderboard of ratings (answered by ``ratings``)
queue     name, browser                          play live: wait for three people of a similar rating
                                                 (answered by ``queued``, then ``matched``: a new room's
                                                 token and this person's seat token there)
unqueue   (none)                                 stop waiting
friends   name, browser, target (int),           open a private table (its link and a short code to
          ranked (true/false); variant (text,    share) playing that variant to that target; the asker
          optional)                              takes the first seat
code      code (text)                            the room of a friends' code (answered by ``friends_room``)
spectate  key (text), table (int)                the teacher watches a table (public facts only, sent again
                                                 at every change)
leave     (none)                                 give the seat back to a bot
lang      lang ("en" or "es")                    the language of this connection
watch     key (text)                             the teacher's leaderboard
free      key (text), table (int), seat (int)    the teacher gives a person's seat to a bot
ping      (none)                                 answered by ``pong``
parts     (none)                                 from now on, send each screen's drawing as the change from
                                                 the last one (``svg_parts`` instead of ``svg``, see
                                                 :func:`~hearts.room.server.svg_delta`)
========  =====================================  ==========================================

>>> parse_message('{"type": "play", "card": "QS", "at": [1, 4]}')["card"]
'QS'
>>> parse_message('{"type": "select", "card": "QS", "copy": 2, "at": [1, 4]}')["copy"]
2
>>> parse_message('{"type": "moon", "choice": "add", "at": [1, 52]}')["choice"]
'add'
>>> parse_message('{"type": "moon", "choice": "double", "at": [1, 52]}')
Traceback (most recent call last):
...
hearts.room.tables.RoomError: choice: bad_field: The message has no valid “choice”.
>>> parse_message('{"type": "play", "card": "QS", "at": [1, 4], "seat": 3}')
Traceback (most recent call last):
...
hearts.room.tables.RoomError: seat: unknown_field: The message has a field “seat” that it cannot have.
"""

from __future__ import annotations

import json
from typing import Any

from hearts.room.tables import RoomError

__all__ = ["MAX_MESSAGE", "MESSAGE_TYPES", "MOON_CHOICES", "OPTIONAL_FIELDS", "error_message", "parse_message"]

MAX_MESSAGE = 2048
"""Longest message (bytes of UTF-8) a browser may send; the server closes the connection above 8 KiB."""

_INT, _TEXT, _AT, _TEXTS, _BOOL, _MOON = "int", "text", "at", "texts", "bool", "moon"
MOON_CHOICES = ("add", "subtract")
"""The shooter's two ways to score a moon (:meth:`hearts.hand.HandState.choose_moon`): nothing else is read."""
MESSAGE_TYPES: dict[str, dict[str, str]] = {
    "join": {"table": _INT, "seat": _INT, "name": _TEXT, "browser": _TEXT},
    "resume": {"token": _TEXT},
    "select": {"card": _TEXT, "at": _AT},
    "pass": {"cards": _TEXTS, "at": _AT},
    "play": {"card": _TEXT, "at": _AT},
    "moon": {"choice": _MOON, "at": _AT},
    "next": {"at": _AT},
    "rematch": {"at": _AT},
    "ratings": {},
    "queue": {"name": _TEXT, "browser": _TEXT},
    "unqueue": {},
    "friends": {"name": _TEXT, "browser": _TEXT, "target": _INT, "ranked": _BOOL},
    "code": {"code": _TEXT},
    "spectate": {"key": _TEXT, "table": _INT},
    "leave": {},
    "lang": {"lang": _TEXT},
    "watch": {"key": _TEXT},
    "free": {"key": _TEXT, "table": _INT, "seat": _INT},
    "ping": {},
    "parts": {},
}
OPTIONAL_FIELDS: dict[str, dict[str, str]] = {"select": {"copy": _INT}, "friends": {"variant": _TEXT}}
"""Fields a message may leave out: ``copy`` only matters with two packs (Cancellation Hearts); a friends'
table's ``variant`` (a name of :data:`hearts_widgets.variants.PRESETS`) is the standard game when left out."""


def _ok(kind: str, value: Any) -> bool:
    def whole(x: Any) -> bool:
        return isinstance(x, int) and not isinstance(x, bool) and -(2**31) <= x < 2**31

    if kind == _INT:
        return whole(value)
    if kind == _TEXT:
        return isinstance(value, str) and len(value) <= 200
    if kind == _AT:
        return isinstance(value, list) and len(value) == 2 and all(whole(x) for x in value)
    if kind == _BOOL:
        return isinstance(value, bool)
    if kind == _MOON:
        return isinstance(value, str) and value in MOON_CHOICES
    if kind == _TEXTS:
        return isinstance(value, list) and len(value) <= 13 and all(isinstance(x, str) and len(x) <= 8 for x in value)
    raise AssertionError(kind)  # pragma: no cover


def parse_message(raw: str | bytes) -> dict[str, Any]:
    """One browser message, checked; raises :class:`~hearts.room.tables.RoomError` naming what is wrong."""
    if isinstance(raw, bytes):
        raise RoomError("binary", "message")
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise RoomError("too_big", "message", most=MAX_MESSAGE)
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, RecursionError):
        raise RoomError("not_json", "message") from None
    if not isinstance(data, dict):
        raise RoomError("not_object", "message")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in MESSAGE_TYPES:
        raise RoomError("unknown_type", "type", given=str(kind)[:40])
    fields = MESSAGE_TYPES[kind]
    optional = OPTIONAL_FIELDS.get(kind, {})
    for name in data:
        if name != "type" and name not in fields and name not in optional:
            raise RoomError("unknown_field", str(name)[:40], field_name=str(name)[:40])
    for name, field_kind in fields.items():
        if name not in data or not _ok(field_kind, data[name]):
            raise RoomError("bad_field", name, field_name=name)
    for name, field_kind in optional.items():
        if name in data and not _ok(field_kind, data[name]):
            raise RoomError("bad_field", name, field_name=name)
    return data


def error_message(e: RoomError, lang: str) -> dict[str, Any]:
    """The answer to a refused message: its reason as a code, the field, the rule, and the words."""
    return {
        "type": "error",
        "code": e.code,
        "field": e.field,
        "rule": None if e.rule is None else e.rule.value,
        "text": e.explain(lang),
    }
