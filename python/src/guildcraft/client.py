"""One WebSocket connection to an env-server, speaking protocol version 1 (docs/python.md#protocol).

Requests go out one at a time and each waits for its reply; the server answers one connection's
requests in order, so the ids only guard against mix-ups. A connection made with no URL uses the
process's shared local server (server.py) and lets go of it on close.
"""
from __future__ import annotations

import json
import threading
from typing import Any

from websockets.sync.client import connect

from . import server
from .errors import GuildcraftError

PROTOCOL_VERSION = 1


def _connect(url: str, headers: dict[str, str] | None):  # type: ignore[no-untyped-def]
    options = {"max_size": None, "compression": None, "additional_headers": headers, "open_timeout": 30}
    try:
        # websockets 16+ asks for legacy=True to hold a connection outside a with-block.
        return connect(url, legacy=True, **options)
    except TypeError:
        return connect(url, **options)


class Client:
    def __init__(self, url: str | None = None, token: str | None = None):
        self._owns_server = url is None
        self.url = server.acquire() if url is None else url
        headers = {"Authorization": f"Bearer {token}"} if token else None
        try:
            self._ws = _connect(self.url, headers)
        except Exception as err:
            self._release_server()
            raise GuildcraftError("environment", f"could not connect to the env-server at {self.url}: {err}", "check that it is running and the URL is right") from err
        self._next_id = 0
        self._lock = threading.Lock()
        self.closed = False
        self.request("hello", version=PROTOCOL_VERSION)

    def request(self, op: str, **fields: Any) -> Any:
        """Sends one request and returns its result; an error reply raises GuildcraftError."""
        return self.send_raw(json.dumps({"id": self._take_id(), "op": op, **fields}, separators=(",", ":")))

    def send_raw(self, text: str) -> Any:
        """Sends a message as it is (tests use this for malformed ones) and returns the reply's result."""
        if self.closed:
            raise GuildcraftError("user", "the connection to the env-server is closed", "make a new environment")
        with self._lock:
            try:
                self._ws.send(text)
                reply = json.loads(self._ws.recv())
            except GuildcraftError:
                raise
            except Exception as err:
                raise GuildcraftError("environment", f"the env-server connection failed: {err}", "the server may have stopped; make a new environment") from err
        if not reply.get("ok"):
            error = reply.get("error") or {}
            raise GuildcraftError(error.get("fault", "internal"), error.get("message", "unknown error"), error.get("hint", ""))
        return reply.get("result")

    def _take_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            self._ws.close()
        finally:
            self._release_server()

    def _release_server(self) -> None:
        if self._owns_server:
            self._owns_server = False
            server.release()
