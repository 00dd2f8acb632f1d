"""Where an adjective's synonym fits (``adjective_synonym``, ``synonym``): the position it can
stand in (predicative-only "afraid", attributive-only "main"), what it may describe (things,
people, tasks: the lexicon's object column), the modifiers, complements and degree both words
take in the shared sense ("bigger" -> "larger"), and uses that are idioms, names or misparses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._persons import pronoun_readings
from .adjective_words import (
    ADJ_BLOCKING_DEPS,
    ADJ_CLAUSES,
    ADJ_NOUN_IDIOMS,
    ADJ_NOUN_VERB_IDIOMS,
    ADJ_NOUNS_ONLY,
    ADJ_PREPS,
    ADJUNCT_PREPS,
    AFFECTIVE,
    ATTRIBUTIVE_ONLY,
    BARE_STATEMENT_ONLY,
    DETERMINED,
    EXTREME_MODIFIERS,
    GRADABLE_ADVERBS,
    INTENSIFIERS,
    LINKING_VERBS,
    NOT_THINGS,
    PREDICATIVE_ONLY,
    SIZED,
    SYNTHETIC_DEGREE,
    THINGS,
    WANTS_COMPLEMENT,
)
from .antonyms import is_antonym_pair

if TYPE_CHECKING:
    from spacy.tokens import Token


def _personal(word: str) -> bool:
    """A personal pronoun that can stand for a person (subject or object case, not "it"), by the
    project's pronoun table: "she felt sick", not "it's sick"."""
    return any(case in ("subj", "obj") and ident != "3n" for ident, case in pronoun_readings(word))


def _first_conjunct(adj: Token) -> Token:
    while adj.dep_ == "conj" and adj.head.pos_ == "ADJ" and adj.head.i < adj.i:
        adj = adj.head
    return adj


def adjective_position(adj: Token) -> str | None:
    """ "attr" (before its noun: "a big dog"), "pred" (after a verb: "the dog was big", "made
    him sick") or None (after a noun, "something big", or unknown)."""
    adj = _first_conjunct(adj)
    if adj.dep_ == "amod":
        return "attr" if adj.i < adj.head.i else None
    if adj.dep_ in ("acomp", "oprd", "xcomp", "attr"):
        return "pred"
    return None


def _described(adj: Token) -> Token | None:
    """What the adjective describes: its noun (attributive) or its clause's subject (predicative)."""
    adj = _first_conjunct(adj)
    if adj.dep_ == "amod":
        return adj.head
    if adj.dep_ != "acomp":
        return None
    verb = adj.head
    for _ in range(3):  # "she started to feel sick": the subject of the verb that controls "feel"
        subj = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass", "csubj")), None)
        if subj is not None or verb.dep_ != "xcomp":
            return subj
        verb = verb.head
    return None


def _noun_class(noun: Token) -> str | None:
    from ...resources.wordnet import wordnet

    first = wordnet().first_synset(noun.lemma_.lower(), "n")
    return first.lexname() if first is not None else None


def _describes_thing(adj: Token, kinds: frozenset[str] = THINGS) -> bool:
    """The adjective describes a physical thing (``kinds``: WordNet lexicographer files): its
    head noun (attributive) or its clause's subject (predicative) has such a most frequent
    WordNet sense."""
    noun = _described(adj)
    if noun is None or noun.pos_ != "NOUN" or noun.lemma_.lower() in NOT_THINGS:
        return False
    return _noun_class(noun) in kinds


def describes_thing(adj: Token) -> bool:
    """The adjective describes a physical thing ("hot soup", "the soup was hot"), not a person."""
    return _describes_thing(adj)


def describes_animate(adj: Token) -> bool:
    """The adjective describes a person or an animal ("she was dead", not "dead water")."""
    return _describes_animate(adj)


def _describes_animate(adj: Token) -> bool:
    """The adjective describes a person or an animal (a personal pronoun, a name, or a noun whose
    most frequent sense is one): "she felt sick", "the dog was ill", not "it's sick"."""
    noun = _described(adj)
    if noun is None:
        return False
    if noun.pos_ == "PRON":
        return _personal(noun.lower_)
    if noun.pos_ == "PROPN":
        return True
    return noun.pos_ == "NOUN" and _noun_class(noun) in ("noun.person", "noun.animal")


def _describes_abstract(adj: Token) -> bool:
    """The adjective describes a task, event or idea, not a person or physical thing: a noun
    whose most frequent sense is neither, a clause ("finding the balance is hard"), or "it",
    "this" or "that" with a clausal or "for" complement ("it was hard (for him) to find")."""
    noun = _described(adj)
    if noun is None:
        return False
    if noun.dep_ == "csubj":
        return True
    if noun.pos_ == "PRON":
        return noun.lower_ in ("it", "this", "that") and any(
            c.dep_ in ("xcomp", "ccomp") or (c.dep_ == "prep" and c.lower_ == "for") for c in adj.children
        )
    if noun.pos_ != "NOUN":
        return False
    kind = _noun_class(noun)
    return kind is not None and kind not in THINGS and kind != "noun.person"


def _names_time(prep: Token) -> bool:
    """The preposition's object is a time ("ill on friday", "sick for a few weeks"): an adjunct."""
    obj = next((c for c in prep.children if c.dep_ == "pobj"), None)
    return obj is not None and (
        obj.ent_type_ in ("DATE", "TIME") or (obj.pos_ == "NOUN" and _noun_class(obj) == "noun.time")
    )


def adjective_synonym_ok(adj: Token, lemma: str, syn: str, constraints: frozenset[str]) -> bool:
    """``syn`` may replace the adjective ``adj`` (lemma ``lemma``): it stands where it can stand,
    describes what ``constraints`` (the lexicon's obj column) ask for, takes the adjective's
    modifiers, complements and degree in the same sense ("bigger" -> "larger"), and the adjective
    is not part of an idiom ("a big deal"), a name or a misparse ("studied hard day and night")."""
    position = adjective_position(adj)
    return (
        _position_ok(adj, syn, constraints, position)
        and _describes_ok(adj, constraints)
        and _modifiers_ok(adj, lemma, syn, position)
        and _frame_ok(adj, syn, position)
        and _plain_use(adj, lemma, position)
    )


def _position_ok(adj: Token, syn: str, constraints: frozenset[str], position: str | None) -> bool:
    if ("attr" in constraints or syn in ATTRIBUTIVE_ONLY) and position != "attr":
        return False
    if ("pred" in constraints or syn in PREDICATIVE_ONLY) and position != "pred":
        return False
    if position == "pred":
        first = _first_conjunct(adj)
        # before its verb only in "how lovely they were"; else a misparse ("maybe ill stay": "I'll")
        before_verb = first.head.i > first.i and not any(c.lower_ == "how" for c in first.children)
        if first.head.lemma_.lower() not in LINKING_VERBS or before_verb:
            return False
        if first.head.lemma_.lower() == "get":
            return False  # "get" + adjective is a set, informal phrase: "got brave", not "got courageous"
    return True


def _describes_ok(adj: Token, constraints: frozenset[str]) -> bool:
    if "concrete" in constraints and not _describes_thing(adj):
        return False
    if "size" in constraints and not _describes_thing(adj, SIZED):
        return False
    if "abstract" in constraints and not _describes_abstract(adj):
        return False
    return "animate" not in constraints or _describes_animate(adj)


def _dependents(adj: Token, position: str | None) -> list[Token]:
    """The adjective's children, and a preposition right after a predicative adjective that the
    parser hung on the verb: the adjective's complement all the same ("became excellent at", "was
    okay at third base")."""
    doc = adj.doc
    nxt = doc[adj.i + 1] if adj.i + 1 < len(doc) else None
    following = (
        nxt is not None
        and nxt.dep_ == "prep"
        and nxt.head.i == adj.head.i
        and position == "pred"
        and not _names_time(nxt)
    )
    return [*adj.children, nxt] if following else list(adj.children)


def _frame_ok(adj: Token, syn: str, position: str | None) -> bool:
    """``syn`` suits the phrase around the adjective: a word that wants a determiner ("the right
    equipment") gets a noun phrase with one ("even with correct equipment" -/-> "with right
    equipment"), and a word that wants a complement after a verb ("renowned for") gets one ("she is
    famous now" -/-> "she is renowned now"; round 110)."""
    if syn in DETERMINED and position == "attr":
        noun = _described(adj)
        if noun is not None and not any(c.dep_ in ("det", "poss") for c in noun.children):
            return False
    if syn in WANTS_COMPLEMENT and position != "attr":
        preps = WANTS_COMPLEMENT[syn]
        return any(c.dep_ == "prep" and c.lower_ in preps for c in _dependents(adj, position))
    return True


def _grades(tok: Token) -> bool:
    """``tok`` can be graded by a degree word before it: an adjective, or an adverb of manner or
    degree ("fast", "quickly"; not "now", "again", "only")."""
    if tok.tag_ in ("JJ", "JJR", "JJS") or tok.pos_ == "ADJ":
        return True
    if tok.tag_ not in ("RB", "RBR", "RBS") and tok.pos_ != "ADV":
        return False
    low = tok.lower_
    return low in GRADABLE_ADVERBS or (low.endswith("ly") and low != "only")


def intensifies(tok: Token) -> bool:
    """``tok`` is a degree word before an adjective or adverb, whatever its tag ("looked awful
    sharp", "real hot", "ran awful fast", "an awful big dog"; round 110): an adjective or adverb
    right before one that is not an attributive adjective stacked with another ("a large red ball"),
    or a word used as an intensifier (:data:`INTENSIFIERS`) anywhere. Its synonym would read as the
    adjective ("looked terrible sharp")."""
    if tok.pos_ not in ("ADJ", "ADV") and not tok.tag_.startswith(("JJ", "RB")):
        return False
    doc = tok.doc
    if tok.i + 1 >= len(doc) or not _grades(doc[tok.i + 1]):
        return False
    nxt, position = doc[tok.i + 1], adjective_position(tok) if tok.pos_ == "ADJ" else None
    if position == "pred" and nxt.dep_ == "amod" and nxt.head.i > nxt.i:
        return False  # the next word opens a noun phrase: "it would be okay next time"
    if tok.lemma_.lower() in INTENSIFIERS or tok.lower_ in INTENSIFIERS:
        return True
    return position != "attr"


def _modifiers_ok(adj: Token, lemma: str, syn: str, position: str | None) -> bool:
    """Degree, modifiers and complements suit ``syn`` as they suit ``lemma``."""
    if adj.tag_ in ("JJR", "JJS") and syn not in SYNTHETIC_DEGREE:
        return False
    if lemma in BARE_STATEMENT_ONLY or syn in BARE_STATEMENT_ONLY:
        if any(c.dep_ == "advmod" for c in adj.children) or adj.sent.text.rstrip(" '\"”’").endswith("?"):
            return False
    for c in _dependents(adj, position):
        if c.dep_ in ADJ_BLOCKING_DEPS:
            return False
        if c.dep_ == "advmod" and (
            c.lower_ in EXTREME_MODIFIERS or c.lower_ in ("more", "most") and syn in SYNTHETIC_DEGREE
        ):
            return False
        if (
            c.dep_ == "prep"
            and c.lower_ not in ADJUNCT_PREPS
            and c.lower_ not in (ADJ_PREPS.get(lemma, set()) & ADJ_PREPS.get(syn, set()))
        ):
            return False
        if c.dep_ in ("xcomp", "ccomp") and not (lemma in ADJ_CLAUSES and syn in ADJ_CLAUSES):
            return False
    return True


def _plain_use(adj: Token, lemma: str, position: str | None) -> bool:
    """The adjective is used freely: not repeated for emphasis ("a hard, hard ordeal"), not in an
    idiom with its noun ("big cats", "a hard stare"), not affective ("a funny little hedgehog"),
    not in a name ("little big planet") and not a misparsed adverb ("studied hard day and night")."""
    doc = adj.doc
    if any(t.i != adj.i and t.lemma_.lower() == lemma for t in doc[max(0, adj.i - 3) : adj.i + 4]):
        return False
    noun = _described(adj)
    if position != "attr" or noun is None:
        return True
    noun_lemma = noun.lemma_.lower()
    if (
        noun_lemma in ADJ_NOUN_IDIOMS.get(lemma, ())
        or (lemma, noun_lemma, noun.head.lemma_.lower()) in ADJ_NOUN_VERB_IDIOMS
    ):
        return False
    if lemma in ADJ_NOUNS_ONLY and noun_lemma not in ADJ_NOUNS_ONLY[lemma]:
        return False
    if lemma in AFFECTIVE and any(c.dep_ == "amod" and c.i < adj.i for c in noun.children):
        return False
    first = _first_conjunct(adj)
    before = doc[first.i - 1] if first.i > 0 else None
    if before is None:
        return True
    if before.pos_ == "ADJ" and is_antonym_pair(before.lemma_.lower(), lemma, "ADJ"):
        return False  # opposites side by side make a name, not a description
    return not (
        noun.tag_ == "NN"
        and before.pos_ in ("VERB", "AUX")
        and not any(c.dep_ in ("det", "poss", "nummod") for c in noun.children)
    )
