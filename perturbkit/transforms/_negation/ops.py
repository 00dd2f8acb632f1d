"""Every sentence's possible negation flip, found once per Doc and mode."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...annotation import per_doc, sentences
from ...transform import Change
from .cues import Style
from .deletion import deletion
from .insertion import insertion
from .parse import Facts

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span


class Op(NamedTuple):
    """One sentence's negation flip: its index, "insert"/"delete", and the changes."""

    sentence: int
    kind: str
    changes: tuple[Change, ...]


def negation_ops(doc: Doc, mode: str = "both") -> list[Op]:
    """Every sentence's possible flip: a deletion where the main verb is negated (``mode``
    "delete"/"both"), else an insertion where it can be negated ("insert"/"both").

    Computed once per Doc and mode (``applicable`` and ``apply`` of both transforms ask): see
    :func:`op_table`."""
    return [Op(k, kind, tuple(Change(*c) for c in changes)) for k, kind, changes in op_table(doc, mode)[1]]


@per_doc
def op_table(doc: Doc, mode: str) -> tuple[int, tuple]:
    """The Doc's sentence count and its flips as plain tuples ``(sentence, kind, ((start, end,
    new, note), ...))``, computed once per Doc and mode."""
    sents = sentences(doc)
    ops = tuple((op.sentence, op.kind, tuple(tuple(c) for c in op.changes)) for op in _compute_ops(doc, sents, mode))
    return len(sents), ops


def _compute_ops(doc: Doc, sents: list[Span], mode: str) -> list[Op]:
    """The uncached work of :func:`negation_ops` over the Doc's ``sents``, reading its tokens once."""
    facts = Facts.of(doc)
    style = Style.of(doc, facts.lows)
    ops = []
    for k, sent in enumerate(sents):
        if mode in ("delete", "both"):
            ch = deletion(sent, style, facts)
            if ch:
                ops.append(Op(k, "delete", tuple(ch)))
                continue
        if mode in ("insert", "both"):
            ch = insertion(sent, style, facts)
            if ch:
                ops.append(Op(k, "insert", tuple(ch)))
    return ops
