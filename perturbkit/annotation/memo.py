"""One memo for anything derived from a parse: ``@per_doc`` keeps a function's result in the Doc.

Transforms ask the same questions of the same parse many times (``applicable`` then ``apply``,
twenty transforms over one story). A ``@per_doc`` function computes its answer once per Doc and
keeps it in ``doc.user_data`` under one key style: ``"perturbkit:<module>.<function>"``, or a
tuple of that string and the arguments when there are any. Values should be plain data (tuples
of numbers and strings): the Doc must still pickle, and the garbage collector does not track such
tuples (see docs/design-notes.md).

>>> @per_doc
... def n_tokens(doc):
...     return len(doc)
>>> n_tokens(doc) is n_tokens(doc)   # computed once per Doc          # doctest: +SKIP
True
>>> n_tokens.peek(other_doc) is None # not computed for that Doc yet  # doctest: +SKIP
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from spacy.tokens import Doc

T = TypeVar("T")
_MISSING = object()


def memo_key(fn: Callable[..., Any], *args: Any) -> Any:
    """The ``doc.user_data`` key under which ``@per_doc`` keeps ``fn(doc, *args)``."""
    key = f"perturbkit:{fn.__module__}.{fn.__qualname__}"
    return (key, *args) if args else key


def per_doc(fn: Callable[..., T]) -> Callable[..., T]:
    """Decorator: compute ``fn(doc, *args)`` once per Doc and arguments (see the module doc).

    The wrapper also has ``.key`` (the no-argument key), ``.peek(doc, *args)`` (the kept result or
    None) and ``.seed(doc, value, *args)`` (keep a result a producer already knows)."""
    base = memo_key(fn)

    # a closure, not a class with __call__: some of these are called a million times per corpus
    @functools.wraps(fn)
    def memoised(doc: Doc, *args: Any) -> T:
        data = doc.user_data
        key = (base, *args) if args else base
        found = data.get(key, _MISSING)
        if found is _MISSING:
            found = data[key] = fn(doc, *args)
        return found  # type: ignore[return-value]

    def peek(doc: Doc, *args: Any) -> T | None:
        return doc.user_data.get((base, *args) if args else base)

    def seed(doc: Doc, value: T, *args: Any) -> None:
        doc.user_data[(base, *args) if args else base] = value

    memoised.key = base  # type: ignore[attr-defined]
    memoised.peek = peek  # type: ignore[attr-defined]
    memoised.seed = seed  # type: ignore[attr-defined]
    return memoised
