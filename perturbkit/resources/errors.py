"""The one error type for absent optional resources."""

from __future__ import annotations

from ..errors import UserError


class ResourceMissing(UserError, RuntimeError):
    """A resource (model, corpus, optional extra) is not installed.

    The message always ends with the command that installs it, e.g.
    ``ResourceMissing("WordNet", "make setup")``.
    """

    def __init__(self, what: str, install: str, detail: str = "") -> None:
        self.what = what
        self.install = install
        msg = f"{what} is not available"
        if detail:
            msg += f" ({detail})"
        msg += f". Install it with: {install}"
        super().__init__(msg)
