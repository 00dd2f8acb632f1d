"""Error types a user can act on. The CLI prints these as one line and exits with status 2."""

from __future__ import annotations


class UserError(Exception):
    """Base class: bad input, a bad suite, a misbehaving metric, a missing resource."""


class InputError(UserError, ValueError):
    """Malformed input; the message names the file and line (or example id)."""


class SuiteError(UserError, ValueError):
    """An invalid suite file or object; the message names the file and the key path."""


class MetricError(UserError, RuntimeError):
    """A metric raised, returned NaN or the wrong number of scores; names the test and example ids."""


class OutputError(UserError, ValueError, OSError):
    """An output that cannot be written: the input's own path, a directory, a missing or read-only
    folder (raised before any work), a full disk or another run's file (what was written before
    stays valid and a rerun resumes). Names the option and the path."""


class AnnotationMissing(UserError, RuntimeError):
    """The spaCy pipeline lacks an annotation a transform reads (tags, a parse, entities...);
    ``missing`` lists them (``Doc.has_annotation`` names, e.g. ``["TAG", "DEP"]``)."""

    def __init__(self, message: str, missing: list[str] | None = None) -> None:
        super().__init__(message)
        self.missing = list(missing or [])


class RecipeError(UserError, ValueError):
    """An invalid recipe file or object; the message names the file, line and key path."""
