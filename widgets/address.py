"""The deal a link asks for: ``…/table.ipynb?deal=4721`` opens the table on deal 4721.

Voilà gives each page's kernel the address it was opened with (the
``QUERY_STRING`` environment variable, as a web server does), so a Voilà app
can read its own address. :func:`deal_from_address` returns the ``deal``
parameter as it was typed (the table checks it, says what is wrong with a bad
one, and asks first when a game is in progress); a tuple of the values when
the address gives ``deal`` more than once with different values (the table
refuses that: which one was meant?); ``None`` when the address has none, as
in JupyterLab, where the kernel has no address.

>>> deal_from_address({"QUERY_STRING": "deal=4721&lang=en"})
'4721'
>>> deal_from_address({"QUERY_STRING": "deal=5&deal=7"})
('5', '7')
>>> deal_from_address({"QUERY_STRING": "deal=5&deal=5"})
'5'
>>> deal_from_address({"QUERY_STRING": "deal="})
''
>>> deal_from_address({"QUERY_STRING": "lang=en"}) is None
True
>>> deal_from_address({}) is None
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from urllib.parse import parse_qs

__all__ = ["deal_from_address"]


def deal_from_address(environ: Mapping[str, str] | None = None) -> str | tuple[str, ...] | None:
    """The ``deal`` parameter of the page's address: its text; every value, when given more than once with
    different values; ``None`` when there is none."""
    query = (os.environ if environ is None else environ).get("QUERY_STRING", "")
    values = parse_qs(query, keep_blank_values=True).get("deal")
    if not values:
        return None
    distinct = tuple(dict.fromkeys(values))
    return distinct[0] if len(distinct) == 1 else distinct
