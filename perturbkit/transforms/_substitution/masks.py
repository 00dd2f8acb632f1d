"""``mask_words``'s sites: the content words a mask token may replace."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation import doc_text, hyphen_glued, per_doc, token_columns
from ...resources.lexicons import word_list
from ...transform.substitution import fixed_expression_tokens
from .mask_units import unit_tokens

if TYPE_CHECKING:
    from spacy.tokens import Doc

# Words spaCy's stop list misses that are not content words, whatever their part of speech:
# prepositions ("like burnt charcoal", "despite"), interjections, "get", a
# light verb ("got a call", "got tired"), and spoken forms; masking one hides nothing a reader needs.
_FUNCTION_WORDS = frozenset(
    "like unlike despite till near onto toward towards inside outside beneath underneath beside amid versus via "
    # round 103: "hooted from atop a tree branch", "somebody had to have made it"
    "atop aboard alongside astride amidst amongst betwixt "
    "somebody anybody everybody "
    "oh ah uh um hmm huh hey wow yeah yes yep nope okay ok "
    "get gets got gotten getting "
    # the pieces of "gonna", "wanna", "gotta" as pre-tokenised text writes them ("gon na") and the
    # clitic "'em": spoken forms of function words
    "gon na wan ta 'em \u2019em".split()
)
# Prepositions and conjunctions made from verbs (round 101: "including" in "(including an ugly
# purple turtleneck", "save" in "empty, save for to-do notes" masked as content words): always
# function words, or (the others) when they open a phrase: after a comma, bracket or dash, or
# before "that", and (not "save": "Save it!") opening a sentence ("Following the war", "Given
# that"); the verbs "to save the cat", "was following me" stay maskable.
_DEVERBAL_PREPOSITIONS = frozenset(
    "including excluding regarding barring pending notwithstanding except excepting during".split()
)
_INSIDE = frozenset(",;:([-\u2013\u2014") | {"--"}
_OPENING = _INSIDE | frozenset(".!?\"`'\u201c") | {"``", "''"}
_PHRASE_OPENING_PREPOSITIONS = {
    "save": _INSIDE,
    **dict.fromkeys(("following", "given", "considering", "concerning"), _OPENING),
}
# What marks the token before it as the first piece of a contraction ("wo" of "wo n't", "isn ’ t").
_CONTRACTION_TAILS = frozenset({"n't", "n\u2019t", "'", "\u2019"})
_APOSTROPHES = frozenset({"'", "\u2019", "`"})
# The second piece of a contraction after an apostrophe token, spaced or not ("you ’ ll", "would
# 've", dialect "'ill" for "will"; round 103 masked "ll" and "ve" to "’ AAA")
_CLITICS = frozenset("ll ve re m d s t ill em n".split())


@per_doc
def maskable_words(doc: Doc) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """(character offsets, texts) of the content words of ``doc`` that may be masked: masking
    "the" or "of" tests nothing; neither does masking a word in a function use ("like", "going"
    of "going to", "got"), a word of a fixed expression ("of course", "fell asleep"), or a
    piece of a hyphenated word, contraction or a word spaCy splits ("read" of "re-read", "isn"
    of "isn ’ t", "na" of "gonna"); a word of a multiword unit stays too (an idiom, a name of
    two or more words, a number word: :mod:`.mask_units`), since masking it leaves a broken
    fragment ("back and AAA", "AAA Hopkins"), not a hidden word; masked names ("[MALE]") stay
    names; speaker labels ("Human:") stay, since they are the transcript's layout, not its
    words. Read once per Doc from the token table (no spaCy Token objects; ``applicable`` and
    ``apply`` both need them)."""
    text = doc_text(doc)
    cols = token_columns(doc)
    idx, length, alpha, stop, lower = cols["IDX"], cols["LENGTH"], cols["IS_ALPHA"], cols["IS_STOP"], cols["lower"]
    ws = cols["SPACY"]
    fixed, glued, units = frozenset(fixed_expression_tokens(doc)), hyphen_glued(doc), frozenset(unit_tokens(doc))
    n = len(idx)

    def function_use(i: int) -> bool:
        nxt = lower[i + 1] if i + 1 < n else ""
        return (
            lower[i] in _FUNCTION_WORDS
            or lower[i] in word_list("interjections.txt")  # "I incant. Whoa."
            or (lower[i] in _CLITICS and i > 0 and lower[i - 1] in _APOSTROPHES)
            or lower[i] in _DEVERBAL_PREPOSITIONS
            or (
                (before := _PHRASE_OPENING_PREPOSITIONS.get(lower[i])) is not None
                and (nxt == "that" or (lower[i - 1] in before if i else before is _OPENING))
            )
            or (lower[i] == "going" and nxt == "to")  # "was going to" (a future)
            or nxt in _CONTRACTION_TAILS
            or (i > 0 and not ws[i - 1] and alpha[i - 1])  # "na" of "gonna": a piece of one word
            or (i + 1 < n and not ws[i] and alpha[i + 1])
        )

    keep = [
        i
        for i in range(n)
        if alpha[i]
        and not stop[i]
        and length[i] > 1
        and not (i > 0 and length[i - 1] == 1 and text[idx[i - 1]] == "[")
        and not (i + 1 < n and length[i + 1] == 1 and text[idx[i + 1]] == ":")
        and i not in fixed
        and i not in glued
        and i not in units
        and not function_use(i)
    ]
    return tuple(idx[i] for i in keep), tuple(text[idx[i] : idx[i] + length[i]] for i in keep)
