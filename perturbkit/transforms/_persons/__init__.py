"""Grammar helpers shared by the character and paraphrase transforms: the pronoun table, who a
pronoun or noun phrase refers to (person, number, gender), subject-verb agreement, sentence-start
casing and noun-phrase spans from the parse. Conservative by design: every helper answers None
when the parse does not let it be sure, and the transforms then skip that case."""

from .agreement import FINITE_TAGS, SUBJ_DEPS, agree, agreement_changes, finite_verbs, inflections
from .casing import at_sentence_start, cased_pronoun, lower_initial, text_style
from .lexicon import (
    AGREEMENT,
    CASES,
    HUMAN,
    MASK_IDENT,
    MASKED,
    ids,
    masked_identities,
    name_gender,
    pronoun_form,
    pronoun_readings,
    sid,
)
from .phrases import (
    LIGHT,
    ambiguous_object,
    binds_reflexive,
    followed_by_verb,
    has_passive,
    is_measure,
    is_npi,
    is_wh,
    np_class,
    np_span,
    span_of,
)
from .pronouns import pronoun_case, pronoun_cases

__all__ = [
    "AGREEMENT",
    "CASES",
    "FINITE_TAGS",
    "HUMAN",
    "LIGHT",
    "MASKED",
    "MASK_IDENT",
    "SUBJ_DEPS",
    "agree",
    "agreement_changes",
    "ambiguous_object",
    "at_sentence_start",
    "binds_reflexive",
    "cased_pronoun",
    "finite_verbs",
    "followed_by_verb",
    "has_passive",
    "ids",
    "inflections",
    "is_measure",
    "is_npi",
    "is_wh",
    "lower_initial",
    "masked_identities",
    "name_gender",
    "np_class",
    "np_span",
    "pronoun_case",
    "pronoun_cases",
    "pronoun_form",
    "pronoun_readings",
    "sid",
    "span_of",
    "text_style",
]
