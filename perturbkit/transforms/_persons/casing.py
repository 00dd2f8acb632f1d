"""Casing for moved words and phrases: the story's casing style (lower-case released corpora,
all caps, normal), sentence starts, and pronouns and phrases cased for their new position."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation import token_columns
from .lexicon import MASKED, name_gender

if TYPE_CHECKING:
    from spacy.tokens import Token


def text_style(text: str) -> str:
    """'lower' (released-corpus style, no capitals), 'upper' (all caps) or 'normal'; masked
    names ("[MALE]") do not count."""
    if "[" in text:
        text = MASKED.sub(" ", text)
    if text.islower() or not any(map(str.isupper, text)):  # islower: the common case, in one C loop
        return "lower"
    if not any(map(str.islower, text)):
        return "upper"
    return "normal"


def at_sentence_start(tok: Token) -> bool:
    """True when only punctuation (quotes, brackets, dashes) precedes ``tok`` in its sentence."""
    doc = tok.doc
    cols = token_columns(doc)
    starts = cols["SENT_START"]
    if doc.user_hooks or doc.user_token_hooks or doc.user_span_hooks or not starts or starts[0] != 1:
        sent_start = tok.sent.start  # custom sentence hooks, or no sentence boundaries at all
        return all(t.is_punct or t.is_space for t in doc[sent_start : tok.i])
    i = start = tok.i
    while starts[start] != 1 and start > 0:  # as spaCy's Span.sent finds the sentence start
        start -= 1
    punct, space = cols["IS_PUNCT"], cols["IS_SPACE"]
    return all(punct[j] or space[j] for j in range(start, i))


def cased_pronoun(form: str, at_start: bool, style: str) -> str:
    """A pronoun form cased for its position ("I" stays capital, except in lower-case corpora)."""
    if style == "lower":
        return form.lower()
    if style == "upper":
        return form.upper()
    if form == "I":
        return form
    return form[:1].upper() + form[1:] if at_start else form.lower()


def lower_initial(first: Token, phrase: str, style: str) -> str:
    """A sentence-initial phrase moved into the middle of a sentence: "The dogs" -> "the dogs",
    but names, "I", acronyms and masked names keep their capital ("A roar" -> "a roar": a one-letter
    word is no acronym)."""
    if (
        style != "normal"
        or first.pos_ == "PROPN"
        or first.ent_type_
        or first.text == "I"
        or (first.text.isupper() and len(first.text) > 1)  # "NASA", not the article "A"
        or phrase.startswith("[")
        or name_gender(first.text)
    ):
        return phrase
    return phrase[:1].lower() + phrase[1:]
