"""People at tables over the network: a room a class joins from their own browsers.

``python -m hearts room`` starts the server (see :mod:`hearts.room.server`;
needs the ``room`` extra: Starlette, uvicorn and websockets). The game logic
lives in :mod:`hearts.room.tables` and imports nothing of the web stack, so
it can be tested and used on its own:

>>> from hearts.room import Room, RoomSettings
>>> room, keys = Room.create(RoomSettings(number=4721, tables=3, level="random"))
>>> len(room.tables), sorted(keys)
(3, ['room', 'teacher'])
"""

from __future__ import annotations

from hearts.room.tables import Room, RoomError, RoomSettings, RoomTable

__all__ = ["Room", "RoomError", "RoomSettings", "RoomTable"]
