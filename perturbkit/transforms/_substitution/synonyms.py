"""Strict synonyms for the substitution transforms: listed by the project (``synonyms.tsv``) and
confirmed by WordNet's most frequent sense, and where a synonym fits the original's use."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from ...annotation import per_doc
from ...resources.lexicons import table
from .._persons.lexicon import reflexives
from .._quotes import inside_any, speech_spans
from .._register import colloquial
from .adjectives import adjective_synonym_ok, intensifies
from .antonyms import WN_POS
from .synonym_senses import sense_kept

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token


@functools.lru_cache(maxsize=1)
def lexicon_synonyms() -> dict[tuple[str, str], tuple[tuple[str, str], ...]]:
    """(lemma, UPOS) -> (synonym, object constraint) pairs from ``synonyms.tsv``."""
    out: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for r in table("synonyms.tsv"):
        w, syn, pos, obj = r["word"].lower(), r["synonym"].lower(), r["pos"], r["obj"]
        out.setdefault((w, pos), []).append((syn, obj))
        if r["dir"] == "<>":
            out.setdefault((syn, pos), []).append((w, obj))
    return {k: tuple(v) for k, v in out.items()}


@functools.lru_cache(maxsize=1)
def synonym_word_forms() -> tuple[str, ...]:
    """Every form a word with a listed synonym can take (each lemma of ``synonyms.tsv`` put in
    every Penn tag's form, as :func:`~perturbkit.transform.substitution.form_like` puts it): a
    word whose own form is none of these can never get a synonym (form_like needs the word to be
    its lemma's regular form), so a text holding none of them is skipped before it is parsed."""
    from ...resources.inflect import _BE, TAG_UPOS, inflect_like

    found = set()
    for lemma in {w for w, _ in lexicon_synonyms()}:
        for tag in {*TAG_UPOS, *_BE}:
            for upos in (None, "NOUN", "VERB", "ADJ", "ADV"):
                found.add(inflect_like(lemma, tag, upos=upos))
    found.discard(None)
    return tuple(sorted(found))


def _trie_pattern(words: list[str]) -> str:
    """A regular expression matching any of ``words``, branching one letter at a time (an
    alternation of the whole words tries each one at every position: three times slower)."""
    by_first: dict[str, list[str]] = {}
    for w in words:
        by_first.setdefault(w[:1], []).append(w[1:])
    alts = [re.escape(c) + (_trie_pattern(rest) if rest != [""] else "") for c, rest in sorted(by_first.items()) if c]
    if "" in by_first:
        return "(?:" + "|".join(alts) + ")?" if alts else ""
    return alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"


@functools.lru_cache(maxsize=1)
def _forms_pattern() -> re.Pattern[str]:
    return re.compile(_trie_pattern(list(synonym_word_forms())))


def may_have_synonym(text: str) -> bool:
    """A necessary condition for a synonym in ``text``: it holds one of :func:`synonym_word_forms`
    (as a substring of the lower-cased text, so no tokenization can hide one)."""
    return _forms_pattern().search(text.lower()) is not None


def first_sense_lemmas(lemma: str, upos: str) -> frozenset[str]:
    """The words of ``lemma``'s most frequent WordNet sense for ``upos`` (empty if none)."""
    from ...resources.wordnet import wordnet

    pos = WN_POS.get(upos)
    first = wordnet().first_synset(lemma, pos) if pos else None
    return frozenset(l.name().lower() for l in first.lemmas()) if first is not None else frozenset()


@functools.lru_cache(maxsize=4096)
def wordnet_confirms(lemma: str, syn: str, upos: str) -> bool:
    """WordNet confirms ``syn`` as a synonym of ``lemma`` in ``lemma``'s most frequent sense:
    ``syn`` is a word of that sense, or, for adjectives, ``syn``'s own most frequent sense and
    ``lemma``'s are a satellite and its head. WordNet files adjectives that differ from a head
    word only in register as its satellites: "mad" (roused to anger) under "angry", "lovely"
    under "beautiful", "pricey" under "expensive", "weary" under "tired". Satellites also hold
    words of another strength ("huge" under "large"), so the pair must still be listed in
    ``synonyms.tsv``, which keeps only the same-meaning ones. Both words are used in their most
    frequent sense either way, which is what the rule guards."""
    lemma, syn = lemma.lower(), syn.lower()
    if syn in first_sense_lemmas(lemma, upos):
        return True
    if upos != "ADJ":
        return False
    from ...resources.wordnet import wordnet

    wn = wordnet()
    a, b = wn.first_synset(lemma, "a"), wn.first_synset(syn, "a")
    return a is not None and b is not None and (b in a.similar_tos() or a in b.similar_tos())


def synonyms_of(lemma: str, upos: str) -> tuple[tuple[str, str], ...]:
    """Strict synonyms of ``lemma`` as ``upos``, with their object constraint: listed in the
    project's ``synonyms.tsv`` and confirmed by WordNet (:func:`wordnet_confirms`: same most
    frequent sense; for adjectives also a satellite of that sense and its head)."""
    listed = lexicon_synonyms().get((lemma.lower(), upos), ())
    if not listed:
        return ()
    return tuple((syn, obj) for syn, obj in listed if wordnet_confirms(lemma, syn, upos))


#: (lemma, next word) pairs that make an idiom whose words a synonym would break: "couldn't help
#: but feel" is not "couldn't assist but feel", "a hard time" (struggling) is not "a difficult time"
#: (a period of hardship).
_IDIOM_NEXT = frozenset(
    {("help", "but"), ("help", "it"), ("hard", "time"), ("big", "deal"), ("great", "deal"), ("big", "hair")}
)  # "big hair" is a hairstyle, "large hair" none (round 98)
#: (word before, lemma): the lemma is the last word of a fixed phrase ("what fate has in store",
#: "politically incorrect" -> "politically wrong"; round 97)
_IDIOM_PREV = frozenset({("in", "store"), ("politically", "incorrect"), ("politically", "correct")})


def idiom_kept(tok: Token, lemma: str) -> bool:
    """Replacing ``tok`` keeps no idiom broken: not the first word of an idiom of
    ``_IDIOM_NEXT`` nor the last of one of ``_IDIOM_PREV``, not a verb with a reflexive object ("couldn't help myself", "enjoyed
    herself"), not "help" after "can't"/"couldn't" ("can't help laughing")."""
    doc = tok.doc
    nxt = doc[tok.i + 1].lower_ if tok.i + 1 < len(doc) else ""
    if (lemma, nxt) in _IDIOM_NEXT or (tok.i > 0 and (doc[tok.i - 1].lower_, lemma) in _IDIOM_PREV):
        return False
    if tok.pos_ == "VERB" and any(c.dep_ == "dobj" and c.lower_ in reflexives() for c in tok.children):
        return False
    return not (lemma == "help" and any(c.dep_ == "neg" for c in tok.children))


#: Strong adjectives (and participles): every listed synonym is weaker or of another register
#: ("he was exhausted" -> "fatigued": clinical, round 56; "furious" -> "angry"), and none may be
#: brought in for a milder word either.
STRONG = frozenset(
    """exhausted furious terrified starving thrilled ecstatic elated overjoyed devastated horrified petrified
    famished livid enraged heartbroken frantic delighted astonished stunned""".split()
)
#: A task, a text, a thought, an event or a period: "finishing his sandwich" is eating the rest of
#: it, "completing his sandwich" is making it (round 56).
_TASK_CLASSES = frozenset({"noun.act", "noun.communication", "noun.cognition", "noun.event", "noun.time"})
#: Verbs swapped only with an object of one kind (its most frequent WordNet sense's lexicographer
#: file): "finish" <-> "complete" of a task, a text or a period, not of food ("finished his
#: sandwich", round 56); "build" -> "construct" of a made thing, not "building a case" (round 66).
_OBJECT_CLASSES = {
    "finish": _TASK_CLASSES,
    "complete": _TASK_CLASSES,
    "build": frozenset({"noun.artifact"}),
    "construct": frozenset({"noun.artifact"}),
}


def object_sense(tok: Token, lemma: str) -> bool:
    """A verb of :data:`_OBJECT_CLASSES` is swapped only with one noun object of its kind ("finished
    his homework", "built a fence"); not without an object, nor of another kind."""
    classes = _OBJECT_CLASSES.get(lemma)
    if classes is None:
        return True
    from ...resources.wordnet import wordnet

    objs = [c for c in tok.children if c.dep_ == "dobj"]
    if len(objs) != 1 or objs[0].pos_ != "NOUN":
        return False
    first = wordnet().first_synset(objs[0].lemma_.lower(), "n")
    return first is not None and first.lexname() in classes


#: Modifiers that make a set name with "store" ("sporting goods store", "grocery store",
#: "department store"): "sporting good shop" reads as a changed name (round 670).
_STORE_NAMES = frozenset(
    """grocery convenience department liquor sporting good goods hardware dollar drug general retail video outlet
    discount furniture appliance electronics""".split()
)


def set_name_kept(tok: Token, lemma: str) -> bool:
    """No noun of a set name is replaced ("the sporting good store" -> "shop")."""
    if lemma != "store":
        return True
    return not any(t.lower_ in _STORE_NAMES for t in tok.doc[max(tok.sent.start, tok.i - 3) : tok.i])


#: Objects with which "buy" is no purchase: "buy them some time", "I don't buy it" (believe).
_NOT_BOUGHT = frozenset("time it that story excuse lie line".split())


def purchase_sense(tok: Token, lemma: str) -> bool:
    """ "buy" and "purchase" only of a thing bought ("bought a ticket"), not "buy some time"."""
    if lemma not in ("buy", "purchase"):
        return True
    if any(c.dep_ == "dative" for c in tok.children) or "each other" in tok.sent.text.lower():
        return False  # "buy each other presents" -> "purchase each other presents": no double object (round 748)
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    if nxt is not None and nxt.tag_ == "PRP" and nxt.lower_ not in ("it", "them"):
        return False  # "the cake the company bought me" -> "purchased me": a person bought for (round 97)
    if tok.tag_ == "VB" and tok.i > 0 and tok.doc[tok.i - 1].tag_ == "VBD":
        return False  # "we went buy the books": a slip for "by", no purchase (round 97)
    return not any(c.dep_ in ("dobj", "npadvmod", "dative") and c.lemma_.lower() in _NOT_BOUGHT for c in tok.children)


#: Verbs after which "mad" means angry ("was mad", "got mad", "made him mad"); after "become",
#: "go" or "grow" it reads as insane (round 744: "she became mad when she was n't the center").
_PLAIN_ANGER_VERBS = frozenset({"be", "get", "make"})


#: Quantifiers standing as a subject right before a past verb, which a participle-like synonym
#: turns into a modifier ("more selected selfish goals").
_QUANTIFIER_SUBJECTS = frozenset("more most many few fewer some several others both all none".split())


#: Synonyms of a more formal register than their word: not brought into a character's speech or
#: quoted text ("you can't be serious about purchasing a new pair", "Are you certain you want to
#: permanently delete this file?"; round 99), nor into narration that talks like a character
#: (round 101: "It must be that big park you took me to when I was a puppy !" -> "large park"),
#: nor into a colloquial text (round 103: "I was drunk and horny" -> "intoxicated", in a profane story)
FORMAL = frozenset({"purchase", "certain", "photograph", "large", "intoxicated"})


@per_doc
def _colloquial(doc: Doc) -> bool:
    return colloquial(doc.text)


@per_doc
def _speech_spans(doc: Doc) -> tuple[tuple[int, int], ...]:
    return speech_spans(doc.text)


def register_kept(tok: Token, syn: str) -> bool:
    """A formal synonym (:data:`FORMAL`) stays out of quoted speech and italic quotations, out of a
    text with colloquial words (gonna, profanity, "horny"), and out of a narrator's spoken voice: a
    sentence in the first or second person that exclaims or asks ("It must be that big park you
    took me to when I was a puppy !")."""
    if syn not in FORMAL:
        return True
    if _colloquial(tok.doc):
        return False
    speech = _speech_spans(tok.doc)
    if inside_any(speech, tok.idx):
        return False
    sent = [t for t in tok.sent if not inside_any(speech, t.idx)]  # the narration around the word
    last = next((t for t in reversed(sent) if t.is_punct and t.tag_ not in ("''", "``")), None)
    if last is None or last.text[:1] not in ("!", "?"):
        return True
    return not any(t.lower_ in _SPOKEN_PERSONS for t in sent)


# First- and second-person words: an exclaiming sentence holding one is a narrator talking.
_SPOKEN_PERSONS = frozenset({"i", "me", "my", "we", "us", "our", "you", "your", "ya"})


def synonym_fits(tok: Token, lemma: str, syn: str, usage: str) -> bool:
    """``syn`` may replace ``tok`` (lemma ``lemma``): a verb keeps no clausal complement and has
    an object exactly when ``usage`` (the lexicon's obj column) asks for one; an adjective's
    synonym suits its position, noun, modifiers and complements (``usage`` lists constraints);
    an adverb is not followed by "of" ("outside of his budget"); a noun is not conjoined to a verb
    (a verb misparsed as a noun: "married 5 years and vacation each year"); no strong adjective
    (:data:`STRONG`) on either side; "finish", "complete" and "build" only of their kind of object (:func:`object_sense`)."""
    if not (
        idiom_kept(tok, lemma) and object_sense(tok, lemma) and set_name_kept(tok, lemma) and purchase_sense(tok, lemma)
    ):
        return False
    if not register_kept(tok, syn):
        return False
    if intensifies(tok):
        return False  # "the spike looked awful sharp" -> "terrible sharp": a degree word (round 110)
    if not sense_kept(tok):
        return False  # "the mower would not start" -> "begin", "big old" -> "large old" (round 57)
    if {lemma, syn, tok.lower_} & STRONG:
        return False  # an intensity or register shift ("exhausted" -> "fatigued")
    if tok.pos_ == "NOUN" and tok.dep_ == "conj" and tok.head.pos_ in ("VERB", "AUX"):
        return False
    if tok.pos_ == "VERB":
        if any(c.dep_ in ("xcomp", "ccomp") for c in tok.children):
            return False
        has_obj = any(c.dep_ == "dobj" for c in tok.children)
        if usage == "with" and not has_obj or usage == "without" and has_obj:
            return False
    if tok.pos_ == "ADJ" and not adjective_synonym_ok(tok, lemma, syn, frozenset(usage.split(","))):
        return False
    if tok.pos_ == "ADJ" and tok.i + 1 < len(tok.doc) and tok.doc[tok.i + 1].text == ",":
        return False  # one of coordinate adjectives: "a little , locally owned hotel" (round 71)
    if {lemma, syn} == {"scared", "frightened"} and any(c.dep_ == "ccomp" for c in tok.children):
        return False  # "was scared i would lose" -> "frightened i would lose" (round 748)
    if lemma == "sure" and any(c.lower_ == "so" for c in tok.children):
        return False  # "was n't so sure it was helping": a set phrase of doubt (round 749)
    if tok.tag_ == "VBD" and tok.i > 0 and tok.doc[tok.i - 1].lower_ in _QUANTIFIER_SUBJECTS:
        return False  # "more chose selfish goals" -> "more selected": reads as "more selected goals" (round 753)
    if lemma == "film" and "documentar" in tok.doc.text.lower():
        return False  # a documentary is a film, hardly a "movie" (round 748)
    if syn == "mad" and tok.head.lemma_.lower() not in _PLAIN_ANGER_VERBS:
        return False  # "she became mad" reads as insane (round 744)
    if lemma in ("start", "begin") and (tok.tag_ == "VBN" or tok.head.lemma_.lower() in ("get", "have", "keep")):
        return False  # "get my day started" -> "began" (round 71): a participle complement
    return not (tok.pos_ == "ADV" and tok.i + 1 < len(tok.doc) and tok.doc[tok.i + 1].lower_ == "of")
