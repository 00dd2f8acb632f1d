"""When an ``entity_replacement`` really breaks the story: a new person name must be bound to the
old character within its own clause (a reflexive or inalienable possessive of the old gender), and a
place must keep its kind (no "planet Milky Way"), else the variant reads as another character or a
garbled phrase and the transform declines."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .._persons import pronoun_form
from .._quotes import inside_any, speech_spans
from .names import word_spans

if TYPE_CHECKING:
    from spacy.tokens import Doc

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


# Verbs a second person could do as well (perception, attitude, helping, social): "jeremy realized
# she had put dish soap in" reads as a roommate noticing kate's mistake (round 50).
_SHARED_VERBS = frozenset(
    "see hear notice realize realise watch feel find know think believe wonder remember forget understand "
    "learn discover like love hate want hope wish be seem become help assist support meet talk ask tell say "
    "call visit join thank hug agree invite answer reply greet decide".split()
)
# Nouns a possessive binds to the clause's own subject ("made up her mind", "held his breath"): the
# possessor cannot be somebody else.
_INALIENABLE = frozenset("mind breath temper best way eyes head shoulders own nose lip lips teeth throat".split())
_IDENT = {"m": "3m", "f": "3f"}  # name genders as the pronoun lexicon names them
# Clauses with a subject of their own: a pronoun inside them may be a second person.
_OWN_CLAUSES = frozenset({"ccomp", "advcl", "relcl", "acl", "csubj", "parataxis"})
# First names the lists give one gender but readers take for either ("jackie" can be a man's name).
EITHER_GENDER = frozenset(
    "jackie frankie billie bobbie charlie terry jessie jesse toni stevie sam alex chris pat jo kelly dana lee "
    "robin tracy stacy shannon leslie jamie jean casey jordan taylor morgan ashley".split()
)


def _clause(verb) -> list:
    """The tokens of ``verb``'s own clause: its subtree without embedded clauses that have a subject
    of their own (an xcomp or a coordinated verb without a subject shares the subject)."""
    out, todo = [], [verb]
    while todo:
        tok = todo.pop()
        out.append(tok)
        for ch in tok.children:
            if ch.dep_ in _OWN_CLAUSES:
                continue
            if ch.dep_ == "conj" and any(c.dep_ in _SUBJ_DEPS for c in ch.children):
                continue
            todo.append(ch)
    return out


def clause_pinned(doc: Doc, spans: list[tuple[int, int]], gender: str | None) -> str | None:
    """What binds a replaced person mention (``spans`` in ``doc``'s text) to the old character, or
    None: the mention is the subject of a clause (whose verb no second person could share) holding a
    reflexive or an inalienable possessive of the old ``gender`` ("leon held her breath", "mary hurt
    himself"), which a reader cannot give to anybody else. A later "he"/"she" can (round 50: "linda
    was happy he did" reads as someone glad that robert stuck it out)."""
    if gender not in _IDENT:
        return None
    reflexive, possessive = pronoun_form(_IDENT[gender], "refl"), pronoun_form(_IDENT[gender], "poss_adj")
    for a, b in spans:
        inside = [t for t in doc if a <= t.idx < b]
        heads = [t for t in inside if not (a <= t.head.idx < b) or t.head is t]
        if len(heads) != 1 or heads[0].dep_ not in _SUBJ_DEPS:
            continue
        verb = heads[0].head
        if verb.lemma_.lower() in _SHARED_VERBS or verb.pos_ not in ("VERB", "AUX"):
            continue
        for tok in _clause(verb):
            low = tok.lower_
            if low == reflexive:
                return f"reflexive '{low}' of '{verb.text}'"
            if low == possessive and tok.dep_ == "poss" and tok.head.lower_ in _INALIENABLE:
                return f"possessive '{low} {tok.head.text}' of '{verb.text}'"
    return None


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


# Words before a name that make it an address ("Oh, Charles.", "Hey Charles!").
_CALLS = re.compile(r"(?:[,:;\u2014-]|\b(?:oh|hey|dear|o|please|sorry|thanks|yes|no))\s*$", re.I)


def narrative_mention(name: str, text: str, end: int) -> bool:
    """Whether ``text`` up to ``end`` names ``name`` in narration, not as a call in a character's
    words: a witness that only says "`` Charles ! Charles !" reads, after the later mentions are
    replaced, as someone calling two people (round 101), not as one character renamed."""
    speech = speech_spans(text)
    for a, b in word_spans(name, text[:end], ignore_case=True):
        if inside_any(speech, a):
            continue
        after = text[b:].lstrip()[:1]
        if after in ("!", "?") or (after in (",", ".", "") and _CALLS.search(text[max(0, a - 12) : a])):
            continue  # "Charles !", "Oh , Charles ."
        return True
    return False
