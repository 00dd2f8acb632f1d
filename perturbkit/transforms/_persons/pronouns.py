"""Pronoun case and identity from the parse: which personal pronoun a token is ("her" as object
or possessive), computed once per Doc for every word in the pronoun table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation import per_doc, token_columns, token_strings
from .agreement import SUBJ_DEPS, finite_verbs
from .lexicon import NOMINAL_POS, NOUNISH, OBJ_DEPS, ids, noun_reading, pronoun_readings, pronoun_words, sid

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

#: Tags before "mine"/"hers"... that make it something else than a possessive pronoun.
_POSS_NOUN_BLOCK = {"DT", "JJ", "PRP$", "NN", "NNS", "NNP", "NNPS", "CD", "POS"}


@per_doc
def pronoun_cases(doc: Doc) -> dict[int, tuple[str, str] | None]:
    """Token index -> :func:`pronoun_case` for every word of ``doc`` in the pronoun table
    (other words have no case), computed once per Doc."""
    cols = token_columns(doc)
    words = pronoun_words()
    return {i: _pronoun_case(doc, cols, i) for i, w in enumerate(cols["lower"]) if w in words}


def pronoun_case(tok: Token) -> tuple[str, str] | None:
    """(identity, case) of a personal pronoun token, or None when not a pronoun or unsure."""
    return pronoun_cases(tok.doc).get(tok.i)


def _pronoun_case(doc: Doc, cols: dict[str, list], i: int) -> tuple[str, str] | None:
    """:func:`pronoun_case` of token ``i``, read from the token columns."""
    low = cols["lower"][i]
    readings = pronoun_readings(low)
    if not readings:
        return None
    idents = {r for r, _ in readings}
    cases = {c for _, c in readings}
    if len(idents) != 1:
        return None
    ident = next(iter(idents))
    tags, deps, pos = cols["TAG"], cols["DEP"], cols["POS"]
    nxt_pos = pos[i + 1] if i + 1 < len(pos) else None
    if low in ("mine", "hers", "ours", "yours", "theirs"):
        if (i > 0 and tags[i - 1] in ids(*_POSS_NOUN_BLOCK)) or any(
            deps[c] in ids("det", "amod", "compound") for c in token_strings(doc)["children"][i]
        ):
            return None
        return ident, "poss_noun"
    tag = tags[i]
    if tag not in ids("PRP", "PRP$"):
        return None
    dep, head = deps[i], cols["HEAD"][i]
    poss, nounish = sid("poss"), ids(*NOUNISH)
    if len(cases) == 1:
        case = next(iter(cases))
        if case == "poss_adj" and (dep != poss or pos[head] not in nounish):
            return None
        return ident, case
    if low == "her":
        if (
            tag == sid("PRP$")
            and dep == poss
            and head > i
            and pos[head] in nounish
            and (pos[head] == sid("PROPN") or noun_reading(cols["lower"][head]))
        ):
            return ident, "poss_adj"  # can_be_noun(head)
        if tag == sid("PRP") and dep != poss and (nxt_pos is None or nxt_pos not in ids(*NOMINAL_POS)):
            return ident, "obj"
        return None
    if low in ("his", "its"):
        if dep == poss and head > i and pos[head] in nounish:
            return ident, "poss_adj"
        if dep != poss and (nxt_pos is None or nxt_pos not in ids(*NOMINAL_POS)):
            return ident, "poss_noun"
        return None
    if low in ("you", "it"):
        if dep in ids(*SUBJ_DEPS) and finite_verbs(doc[i]) is not None:
            return ident, "subj"
        if dep in ids(*OBJ_DEPS):
            return ident, "obj"
        return None
    return None
