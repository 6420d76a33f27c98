"""Finding and starting a local ``guildcraft env-server`` when the caller gives no URL.

One server per Python process, shared by every environment that needs one: it starts on the first
``acquire()``, stops when the last user ``release()``s it, and at interpreter exit in any case. The
command is found in this order: ``GUILDCRAFT_SERVER_COMMAND`` (a shell-style command line), a
guildcraft checkout (``GUILDCRAFT_REPO``, or a parent of this file or of the working directory
holding ``dist/src/cli/main.js``) run with its own ``node_modules/.bin/node``, a ``guildcraft``
executable on PATH, and finally ``npx guildcraft``.
"""
from __future__ import annotations

import atexit
import os
import re
import shlex
import shutil
import subprocess
import threading
from collections import deque
from pathlib import Path

from .errors import GuildcraftError

_URL_LINE = re.compile(r"listening at (ws://\S+)")
_START_TIMEOUT_S = 60.0


def _find_checkout() -> Path | None:
    candidates: list[Path] = []
    if os.environ.get("GUILDCRAFT_REPO"):
        candidates.append(Path(os.environ["GUILDCRAFT_REPO"]))
    for start in (Path(__file__).resolve(), Path.cwd().resolve()):
        candidates.extend(start.parents if start.is_file() else [start, *start.parents])
    for directory in candidates:
        if (directory / "dist" / "src" / "cli" / "main.js").is_file() and (directory / "package.json").is_file():
            return directory
    return None


def server_command() -> list[str]:
    """The command line that starts an env-server on a free port and prints its URL first."""
    args = ["env-server", "--port", "0"]
    if os.environ.get("GUILDCRAFT_SERVER_COMMAND"):
        return shlex.split(os.environ["GUILDCRAFT_SERVER_COMMAND"])
    checkout = _find_checkout()
    if checkout is not None:
        node = checkout / "node_modules" / ".bin" / "node"
        return [str(node) if node.exists() else (shutil.which("node") or "node"), str(checkout / "dist" / "src" / "cli" / "main.js"), *args]
    if shutil.which("guildcraft"):
        return [shutil.which("guildcraft"), *args]  # type: ignore[list-item]
    if shutil.which("npx"):
        return [shutil.which("npx"), "--yes", "guildcraft", *args]  # type: ignore[list-item]
    raise GuildcraftError(
        "user",
        "no guildcraft env-server to start: no checkout with dist/ found, and neither guildcraft nor npx is on PATH",
        "build the project (npm run build), set GUILDCRAFT_REPO to its directory, or pass url='ws://…/env' of a running server",
    )


class LocalServer:
    """A running env-server child process."""

    def __init__(self, command: list[str]):
        self.command = command
        try:
            self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
        except OSError as err:
            raise GuildcraftError("environment", f"could not start the env-server ({' '.join(command)}): {err}", "check that Node 22+ is installed, or set GUILDCRAFT_SERVER_COMMAND") from err
        self._stderr: deque[str] = deque(maxlen=40)
        threading.Thread(target=self._drain, args=(self.process.stderr, self._stderr), daemon=True).start()
        self.url = self._read_url()
        # Keep reading stdout so a chatty server never blocks on a full pipe.
        threading.Thread(target=self._drain, args=(self.process.stdout, None), daemon=True).start()

    def _read_url(self) -> str:
        found: list[str] = []

        def read() -> None:
            assert self.process.stdout is not None
            for line in self.process.stdout:
                match = _URL_LINE.search(line)
                if match:
                    found.append(match.group(1))
                    return

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(_START_TIMEOUT_S)
        if not found:
            self.stop()
            raise GuildcraftError(
                "environment",
                f"the env-server did not report its URL within {_START_TIMEOUT_S:.0f} s ({' '.join(self.command)}); its last output:\n" + "\n".join(self._stderr),
                "run the command by hand to see why, or pass url= of a running server",
            )
        return found[0]

    @staticmethod
    def _drain(stream, keep: deque[str] | None) -> None:  # type: ignore[no-untyped-def]
        for line in stream:
            if keep is not None:
                keep.append(line.rstrip())

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)


_lock = threading.Lock()
_shared: LocalServer | None = None
_users = 0


def acquire() -> str:
    """The URL of this process's shared local server, starting it if needed."""
    global _shared, _users
    with _lock:
        if _shared is None or _shared.process.poll() is not None:
            _shared = LocalServer(server_command())
        _users += 1
        return _shared.url


def release() -> None:
    """One user is done with the shared server; the last one stops it."""
    global _shared, _users
    with _lock:
        _users = max(0, _users - 1)
        if _users == 0 and _shared is not None:
            _shared.stop()
            _shared = None


def shutdown() -> None:
    """Stops the shared local server now, whoever still uses it (also runs at interpreter exit)."""
    global _shared, _users
    with _lock:
        if _shared is not None:
            _shared.stop()
        _shared = None
        _users = 0


atexit.register(shutdown)
