"""Which annotations a spaCy pipeline provides, and the error when a transform needs more.

Any spaCy ``Language`` can back an Annotator: a trained pipeline, a blank one with a rule-based
sentencizer, or a wrapper such as spacy-stanza that sets everything in its tokenizer. What a
pipeline provides is read from one parse of a short probe text (``Doc.has_annotation``), so it
does not matter which components set it. A transform declares what it reads (its ``level``, or
its own ``needs``); :func:`require` raises :class:`~perturbkit.errors.AnnotationMissing` naming
what is missing, rather than letting the transform run on a Doc without tags and return nonsense.

>>> provided(spacy.blank("en"))                        # doctest: +SKIP
frozenset()
>>> require(nlp, LEVEL_NEEDS[Level.PARSE], "synonym")  # raises when nlp lacks any  # doctest: +SKIP
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..errors import AnnotationMissing
from .annotator import Level

if TYPE_CHECKING:
    from spacy.language import Language

#: Annotation (a ``Doc.has_annotation`` attribute) -> what it is and which component sets it.
ANNOTATIONS: dict[str, str] = {
    "TAG": "fine-grained part-of-speech tags (a 'tagger')",
    "POS": "coarse part-of-speech tags (a 'tagger' with an 'attribute_ruler', or a 'morphologizer')",
    "LEMMA": "lemmas (a 'lemmatizer')",
    "DEP": "a dependency parse (a 'parser')",
    "SENT_START": "sentence boundaries (a 'parser', 'senter' or 'sentencizer')",
    "ENT_IOB": "named entities (an 'ner')",
}
#: What a transform of each level reads, unless it declares its own ``needs``.
LEVEL_NEEDS: dict[Level, frozenset[str]] = {
    Level.NONE: frozenset(),
    Level.TOKENS: frozenset(),  # the tokenizer alone (``nlp.make_doc``), which every pipeline has
    Level.PARSE: frozenset(ANNOTATIONS),
}
_PROBE = "Anna Smith moved to Paris in May. She did not like the rain, so she bought a red umbrella."
_found: weakref.WeakKeyDictionary[Any, frozenset[str]] = weakref.WeakKeyDictionary()


def provided(nlp: Language) -> frozenset[str]:
    """The annotations of :data:`ANNOTATIONS` that ``nlp`` sets, from one parse of a probe text
    (cached per pipeline)."""
    found = _found.get(nlp)
    if found is None:
        doc = nlp(_PROBE)
        found = _found[nlp] = frozenset(a for a in ANNOTATIONS if doc.has_annotation(a))
    return found


def describe(nlp: Language) -> str:
    """A pipeline in a few words: its package name (or language) and its components."""
    meta = getattr(nlp, "meta", {}) or {}
    lang, name = meta.get("lang", "?"), meta.get("name")
    label = f"{lang}_{name}" if name and name != "pipeline" else f"blank:{lang}"  # "pipeline": spaCy's default
    return f"'{label}' ({', '.join(nlp.pipe_names) or 'no components'})"


def require(nlp: Language, needs: Iterable[str], who: str) -> None:
    """Raise :class:`~perturbkit.errors.AnnotationMissing` if ``nlp`` lacks any of ``needs``."""
    needs = frozenset(needs)
    if not needs:
        return
    missing = [a for a in ANNOTATIONS if a in needs and a not in provided(nlp)]
    if missing:
        what = "; ".join(ANNOTATIONS[a] for a in missing)
        raise AnnotationMissing(
            f"{who} needs annotations the spaCy pipeline {describe(nlp)} does not provide: {what}. "
            "Use a pipeline that has them (Annotator(nlp), or settings.spacy_model / "
            "PERTURBKIT_SPACY_MODEL), e.g. en_core_web_sm",
            missing,
        )
