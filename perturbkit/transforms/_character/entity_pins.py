"""When an ``entity_replacement`` really breaks the story: a new person name must be pinned to the
old character (a later subject pronoun of the old gender refers back to it), and a place must keep
its kind (no "planet Milky Way"), else the variant reads as another character or a garbled phrase
and the transform declines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._discourse.coref import FEMALE_NOUNS, MALE_NOUNS
from .._persons import name_gender

if TYPE_CHECKING:
    from spacy.tokens import Doc

_SUBJECT = {"m": "he", "f": "she"}
_GENDERED = frozenset("he she him her his hers himself herself".split())
_SUBJ_DEPS = frozenset({"nsubj", "nsubjpass"})

# Words that fix the kind of a place next to its name ("the planet Earth", "the city of Paris",
# "Hudson river"): a replacement of another kind reads as a factual or type error.
PLACE_KINDS = frozenset(
    "planet city town village state country nation island river lake mount mountain county province continent "
    "galaxy ocean sea street avenue road island islands valley desert kingdom empire republic capital".split()
)
# Bodies of space are their own kind: "Earth" is no place an earthly name can stand for, nor the reverse.
CELESTIAL = frozenset(
    "earth mars venus jupiter saturn mercury neptune uranus pluto moon sun milky way andromeda galaxy".split()
)
# Entities that act like people ("kia agreed", "all of kia 's friends") though the NER calls them
# organisations, products or buildings: a company in their place garbles the sentence.
_ACTOR_DEPS = frozenset({"nsubj", "nsubjpass"})
_THING_LABELS = frozenset({"ORG", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART", "LAW", "NORP"})


def is_celestial(text: str) -> bool:
    return any(w in CELESTIAL for w in text.lower().split())


def pronoun_pinned(doc: Doc, spans: list[tuple[int, int]], gender: str | None) -> bool:
    """Whether a replaced person mention (``spans`` in ``doc``'s text) is referred back to by a subject
    pronoun of the old name's ``gender`` later in its sentence or in the next one, before any other
    person (a name, a gendered noun or pronoun) comes between: "michael applied for the card . she
    got it" cannot be read as another person (the judged "jill explained ... jill saved gary" can)."""
    if gender not in _SUBJECT:
        return False
    same_nouns = MALE_NOUNS if gender == "m" else FEMALE_NOUNS
    sents = list(doc.sents)
    for a, b in spans:
        k = next((i for i, s in enumerate(sents) if s.start_char <= a < s.end_char), None)
        if k is None:
            continue
        limit = sents[min(k + 1, len(sents) - 1)].end_char
        for tok in doc:
            if tok.idx < b or any(x <= tok.idx < y for x, y in spans):
                continue
            if tok.idx >= limit:
                break
            low = tok.lower_
            if low == _SUBJECT[gender] and tok.dep_ in _SUBJ_DEPS:
                return True
            if low in _GENDERED or low in same_nouns or tok.ent_type_ == "PERSON" or name_gender(low) == gender:
                break
    return False


def kind_clash(doc: Doc, label: str, spans: list[tuple[int, int]], old: str, new: str) -> bool:
    """Whether replacing the non-person entity ``old`` by ``new`` at ``spans`` would change its kind:
    a kind word beside a mention ("the planet Earth"), a body of space on one side only, or an
    'organisation' that acts as a person in the story ("kia agreed")."""
    if is_celestial(old) or is_celestial(new):
        return True
    words = [t for t in doc]
    for a, b in spans:
        inside = [t for t in words if a <= t.idx < b]
        if not inside:
            return True
        i, j = inside[0].i, inside[-1].i
        before = [words[k].lower_ for k in range(max(0, i - 2), i)]
        after = words[j + 1].lower_ if j + 1 < len(words) else ""
        if (before and before[-1] in PLACE_KINDS) or (before[-2:] and before[0] in PLACE_KINDS and before[-1] == "of"):
            return True
        if after in PLACE_KINDS:
            return True
        if label in _THING_LABELS and any(t.dep_ in _ACTOR_DEPS and t.head.pos_ in ("VERB", "AUX") for t in inside):
            return True
    return False


def unmatched_casings(text: str, old: str, start_at: int, spans: list[tuple[int, int]]) -> bool:
    """Whether ``old`` also occurs from ``start_at`` in another casing ("the earth" beside "Earth"):
    those mentions would stay and the story would name the place both ways."""
    from .names import word_spans

    return len(word_spans(old, text, start_at, ignore_case=True)) > len(spans)
