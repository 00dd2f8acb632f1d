"""Text handling around a paraphrase model: the input made plain for the model and the output put
back in the input's style, and the checks every generated candidate passes.

Released story corpora are lower-cased and tokenised ("[MALE] did n't go to the store .") with
masked names; a model reads plain English best. :func:`to_plain` turns such a sentence into
plain text (masks become placeholder names) and :func:`restyle` turns a candidate back (names to
masks, lower case, tokenised) so a paraphrase fits the story it goes into.

:func:`clean` rejects, with a reason the paraphrasers count: empty generations, chat-template
debris, text in another script, copies of the input, and text that stays overlong after being
cut at its first sentence boundary.

>>> plain, style = to_plain("[MALE] did n't go to the store .")
>>> plain
"Jack didn't go to the store."
>>> restyle("Jack stayed away from the shop.", style)
'[MALE] stayed away from the shop .'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MASKS = {"[MALE]": "Jack", "[FEMALE]": "Mary", "[NEUTRAL]": "Alex"}
_MASK = re.compile(r"\[(?:MALE|FEMALE|NEUTRAL)\]")
_TOKENISED = re.compile(r"\s[.,!?;:](?:\s|$)|\sn't\b|\s'(?:s|d|m|ll|re|ve)\b|``|''")
_CLITIC = re.compile(r"\s(n't|'s|'d|'m|'ll|'re|'ve)\b")
_PUNCT_BEFORE = re.compile(r"\s+([.,!?;:])")
_PREFIX = re.compile(r"^\s*(?:rewrite|paraphrase|sentence|output|answer|rewritten sentence)\s*:\s*", re.I)
_DEBRIS = re.compile(
    r"<\|?/?(?:im_start|im_end|endoftext|s|user|assistant|system)|\|>|\[/?INST\]|^(?:user|assistant)\b", re.I
)
_SENT_END = re.compile(r"[.!?](?=[\s\"'\u201d]|$)")
_WORD = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class Style:
    """How a sentence was written: lower-cased, tokenised, which masks stood for which names."""

    lower: bool = False
    tokenised: bool = False
    names: tuple[tuple[str, str], ...] = ()  # (placeholder name, mask)


def to_plain(text: str) -> tuple[str, Style]:
    """Plain English for the model, and the style to put a candidate back into."""
    names = tuple((MASKS[m], m) for m in dict.fromkeys(_MASK.findall(text)))
    body = _MASK.sub(" ", text)
    lower = not any(c.isupper() for c in body)
    tokenised = bool(_TOKENISED.search(text))
    out = text
    for name, mask in names:
        out = out.replace(mask, name)
    if tokenised:
        out = out.replace("``", '"').replace("''", '"')
        out = _CLITIC.sub(r"\1", out)
        out = _PUNCT_BEFORE.sub(r"\1", out)
        out = re.sub(r'"\s+(.*?)\s+"', r'"\1"', out)
    if lower:
        out = re.sub(r"(^|[.!?]\s+)([a-z])", lambda m: m.group(1) + m.group(2).upper(), out)
        out = re.sub(r"\bi\b", "I", out)
    return " ".join(out.split()), Style(lower, tokenised, names)


def restyle(text: str, style: Style) -> str:
    """A candidate written like the input (names back to masks, lower case, tokenised)."""
    out = text
    if style.lower:
        out = out.lower()
    if style.tokenised:
        for p in '.,!?;:"':
            out = out.replace(p, f" {p} ")
        out = _CLITIC.sub(r" \1", re.sub(r"(\w)(n't|'s|'d|'m|'ll|'re|'ve)\b", r"\1 \2", out))
    for name, mask in style.names:
        out = re.sub(rf"\b{name}\b" if not style.lower else rf"\b{name.lower()}\b", mask, out)
    return " ".join(out.split())


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def clean(candidate: str, source: str, max_ratio: float = 2.0) -> tuple[str | None, str]:
    """(the candidate ready to use, "ok") or (None, the reason it is rejected): ``empty``,
    ``debris`` (chat-template markers, role names), ``language`` (mostly non-Latin letters),
    ``copy`` (the same words as ``source``), ``overlong`` (more than ``max_ratio`` times the
    source's words plus 3, even after cutting at the first sentence end)."""
    lines = [ln for ln in candidate.strip().splitlines() if ln.strip()]
    if not lines:
        return None, "empty"
    text = _PREFIX.sub("", lines[0]).strip().strip('"\u201c\u201d').strip()
    if not text or not _WORD.search(text):
        return None, "empty"
    if _DEBRIS.search(text):
        return None, "debris"
    letters = [c for c in text if c.isalpha()]
    if sum(c.isascii() for c in letters) < 0.9 * len(letters):
        return None, "language"
    limit = max_ratio * len(words(source)) + 3
    if len(words(text)) > limit:
        m = _SENT_END.search(text)
        text = text[: m.end()] if m else text
        if len(words(text)) > limit:
            return None, "overlong"
    if words(text) == words(source):
        return None, "copy"
    return text, "ok"
