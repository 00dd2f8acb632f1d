"""``mask_words``'s sites: the content words a mask token may replace."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation import doc_text, per_doc, token_columns

if TYPE_CHECKING:
    from spacy.tokens import Doc


@per_doc
def maskable_words(doc: Doc) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """(character offsets, texts) of the content words of ``doc`` that may be masked: masking
    "the" or "of" tests nothing; masked names ("[MALE]") stay names; speaker labels ("Human:")
    stay, since they are the transcript's layout, not its words. Read once per Doc from the
    token table (no spaCy Token objects; ``applicable`` and ``apply`` both need them)."""
    text = doc_text(doc)
    cols = token_columns(doc)
    idx, length, alpha, stop = cols["IDX"], cols["LENGTH"], cols["IS_ALPHA"], cols["IS_STOP"]
    n = len(idx)
    keep = [
        i
        for i in range(n)
        if alpha[i]
        and not stop[i]
        and length[i] > 1
        and not (i > 0 and length[i - 1] == 1 and text[idx[i - 1]] == "[")
        and not (i + 1 < n and length[i + 1] == 1 and text[idx[i + 1]] == ":")
    ]
    return tuple(idx[i] for i in keep), tuple(text[idx[i] : idx[i] + length[i]] for i in keep)
