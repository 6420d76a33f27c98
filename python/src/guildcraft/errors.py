"""Errors from the environment server, carrying who is at fault and what to do (as guildcraft's own do)."""


class GuildcraftError(Exception):
    """An error reply from the server, or a failure to reach or start one.

    ``fault`` is ``user`` (the request or the caller's set-up), ``model``, ``environment`` or
    ``internal`` (a bug to report); ``hint`` says what to do about it.
    """

    def __init__(self, fault: str, message: str, hint: str = ""):
        super().__init__(f"{message} ({fault} fault){': ' + hint if hint else ''}")
        self.fault = fault
        self.message = message
        self.hint = hint
