"""Examples (a story with its context and reference) and the edits that made a variant.

Both are frozen: transforms return new objects, so an original is never mutated by a test that
perturbs it, and ids are stable strings derived from content when not given. Texts must be valid
Unicode: a lone surrogate ("\\ud800") raises InputError naming the example. Both have slots (no
per-object ``__dict__``): a batch keeps thousands of variants alive at once, and every object the
garbage collector tracks makes each of its full passes longer.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import InputError


def text_hash(*parts: str | None, n: int = 12) -> str:
    """Short stable hash of some strings (None and "" differ)."""
    h = hashlib.sha1()
    for p in parts:
        h.update(b"\x00" if p is None else b"\x01" + p.encode("utf-8", "surrogatepass"))
        h.update(b"\x1f")
    return h.hexdigest()[:n]


def _check_encodable(value: str, field: str, example_id: str) -> None:
    """Reject a lone surrogate (``"\\ud800"``, e.g. from a broken JSON escape or undecodable bytes
    in a command-line argument): it is not a character, cannot be written as UTF-8, and crashes
    tokenisers. Checked once, here, so every reader and every API call gives the same error."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        code = ord(value[exc.start])
        why = (
            f"the undecodable byte 0x{code - 0xDC00:02x} of a non-UTF-8 argument or file"
            if 0xDC80 <= code <= 0xDCFF
            else "often a broken JSON escape such as \\ud800"
        )
        raise InputError(
            f"example {example_id!r}: {field} contains a lone surrogate {value[exc.start]!r} at character "
            f"{exc.start}, which is not valid Unicode ({why}); fix the input"
        ) from None


@dataclass(frozen=True, slots=True)
class Edit:
    """One change a transform made: ``before`` at ``before_span`` of the transform's input text
    became ``after`` at ``after_span`` of its output text (character offsets). In a chain each
    edit's spans refer to the text at that step."""

    transform: str
    before_span: tuple[int, int]
    after_span: tuple[int, int]
    before: str = ""
    after: str = ""
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "transform": self.transform,
            "before_span": list(self.before_span),
            "after_span": list(self.after_span),
            "before": self.before,
            "after": self.after,
            "note": self.note,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Edit:
        return cls(
            transform=d["transform"],
            before_span=tuple(d["before_span"]),  # type: ignore[arg-type]
            after_span=tuple(d["after_span"]),  # type: ignore[arg-type]
            before=d.get("before", ""),
            after=d.get("after", ""),
            note=d.get("note", ""),
        )


@dataclass(frozen=True, slots=True)
class Example:
    """A story to score or perturb. ``meta`` (reader fields such as ratings) is shared by an
    example and all its variants: treat it as read-only.

    >>> ex = Example("He went home. He slept.", context="It was late.")
    >>> ex.id == Example("He went home. He slept.", context="It was late.").id
    True
    """

    text: str
    id: str = ""
    context: str | None = None
    reference: str | None = None
    meta: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)
    edits: tuple[Edit, ...] = ()
    parent_id: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.text, str):
            raise TypeError(f"Example.text must be str, got {type(self.text).__name__} (id={self.id!r})")
        if not self.id:
            object.__setattr__(self, "id", text_hash(self.context, self.text))
        for name in ("text", "context", "reference"):
            value = getattr(self, name)
            if isinstance(value, str) and not value.isascii():  # isascii: a fast pass for most texts
                _check_encodable(value, name, self.id)

    @property
    def is_variant(self) -> bool:
        return self.parent_id is not None

    def derive(self, text: str, edits: tuple[Edit, ...], tag: str) -> Example:
        """A variant of this example with new text, appended edits and an id ``<id>/<tag>``."""
        # the constructor directly: ``dataclasses.replace`` re-reads the fields on every call,
        # and every variant of every transform passes through here. The variant shares its
        # parent's ``meta`` (read-only): a copy per variant was one more object per output for
        # the garbage collector to scan while a batch keeps its outputs alive
        return type(self)(
            text,
            f"{self.id}/{tag}",
            self.context,
            self.reference,
            self.meta,
            self.edits + tuple(edits),
            self.parent_id if self.parent_id is not None else self.id,
        )

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "text": self.text}
        if self.context is not None:
            d["context"] = self.context
        if self.reference is not None:
            d["reference"] = self.reference
        if self.meta:
            d["meta"] = dict(self.meta)
        if self.parent_id is not None:
            d["parent_id"] = self.parent_id
            d["edits"] = [e.to_dict() for e in self.edits]
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Example:
        return cls(
            text=d["text"],
            id=str(d.get("id") or ""),
            context=d.get("context"),
            reference=d.get("reference"),
            meta=dict(d.get("meta") or {}),
            edits=tuple(Edit.from_dict(e) for e in d.get("edits") or ()),
            parent_id=d.get("parent_id"),
        )


def replay_edits(text: str, edits: tuple[Edit, ...] | list[Edit]) -> str | None:
    """``text`` with one step's edits applied (each ``before`` span replaced by its ``after``),
    or None when the edits do not match ``text`` or overlap. A variant whose edits replay onto its
    parent's text changed nothing outside the claimed spans.

    >>> replay_edits("He ran.", [Edit("t", (3, 6), (3, 7), "ran", "sat,")])
    'He sat,.'
    """
    parts: list[str] = []
    pos = 0
    for e in sorted(edits, key=lambda e: e.before_span):
        a, b = e.before_span
        if a < pos or text[a:b] != e.before:
            return None
        parts += [text[pos:a], e.after]
        pos = b
    parts.append(text[pos:])
    return "".join(parts)


def as_example(x: str | Example) -> Example:
    """Accept a plain string wherever an Example is expected."""
    if isinstance(x, Example):
        return x
    if isinstance(x, str):
        return Example(x)
    raise TypeError(f"expected str or Example, got {type(x).__name__}")
