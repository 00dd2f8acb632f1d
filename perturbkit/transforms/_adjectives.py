"""Where an adjective's synonym fits (``adjective_synonym``, ``synonym``): the position it can
stand in (predicative-only "afraid", attributive-only "main"), what it may describe (things,
people, tasks: the lexicon's object column), the modifiers, complements and degree both words
take in the shared sense ("bigger" -> "larger"), and uses that are idioms, names or misparses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._persons import pronoun_readings
from ._wordsub import is_antonym_pair

if TYPE_CHECKING:
    from spacy.tokens import Token

#: WordNet lexicographer files of physical things (for adjectives of size: "a big house").
_THINGS = frozenset(
    {
        "noun.artifact",
        "noun.object",
        "noun.animal",
        "noun.body",
        "noun.food",
        "noun.plant",
        "noun.location",
        "noun.substance",
    }
)
#: ... and of what else has a size ("a big crowd" -> "a large crowd", "a large amount").
_SIZED = _THINGS | {"noun.group", "noun.quantity"}
#: Nouns whose most frequent WordNet sense is a physical thing but whose use in stories mostly is
#: not ("a big fan of jazz", "a huge crush on her", "a big draw back", "a huge match", "a huge lot").
_NOT_THINGS = frozenset({"fan", "crush", "draw", "match", "lot", "hit", "shot", "star"})
#: Adjective + noun pairs that are fixed expressions: the adjective is never replaced
#: ("a big deal", "big cats", "small talk", "small arms", "the little finger").
_ADJ_NOUN_IDIOMS = {
    "big": frozenset(
        {"deal", "toe", "shot", "picture", "mouth", "league", "screen", "time", "top", "wheel", "rig", "cat"}
    ),
    "large": frozenset({"scale"}),
    "small": frozenset({"talk", "fry", "print", "change", "world", "hours", "potatoes", "wonder", "arm"}),
    "little": frozenset({"finger", "toe", "league", "while", "bit", "one", "ones"}),
    "cheap": frozenset({"shot", "talk", "trick"}),
}
#: Adjectives whose synonym fits only a few nouns before a noun ("a hard time" -> "a difficult
#: time"; not "a hard stare", "hard figures", "hard work", "a hard drive" -> "difficult ...").
_ADJ_NOUNS_ONLY = {
    "hard": frozenset(
        {
            "time",
            "choice",
            "decision",
            "question",
            "task",
            "day",
            "year",
            "week",
            "life",
            "lesson",
            "job",
            "part",
            "situation",
            "period",
            "test",
            "exam",
            "problem",
        }
    ),
}
#: (adjective, noun, verb) idioms: "give someone a hard time" (tease), not "a difficult time".
_ADJ_NOUN_VERB_IDIOMS = frozenset({("hard", "time", "give")})
#: Adjectives whose meaning shifts with a modifier or in a question ("just fine" is not "just
#: okay", "Are you okay?" is not "Are you fine?"): replaced only bare, in statements.
_BARE_STATEMENT_ONLY = frozenset({"okay", "fine"})
#: Adjectives that stand only after a verb ("she was afraid", never "an afraid girl") and only
#: before a noun ("the main road", never "the road was main"): no synonym is put where it cannot
#: stand, whatever the lexicon says.
PREDICATIVE_ONLY = frozenset(
    {
        "afraid",
        "asleep",
        "awake",
        "alive",
        "alone",
        "aware",
        "glad",
        "unable",
        "ashamed",
        "content",
        "fond",
        "loath",
        "averse",
        "akin",
        "alike",
        "amiss",
        "unwell",
        "well",
        "worth",
    }
)
ATTRIBUTIVE_ONLY = frozenset(
    {
        "mere",
        "utter",
        "sheer",
        "main",
        "chief",
        "principal",
        "former",
        "latter",
        "elder",
        "eldest",
        "upcoming",
        "inner",
        "outer",
        "utmost",
        "very",
        "only",
        "entire",
        "lone",
        "indoor",
        "outdoor",
        "daily",
        "weekly",
    }
)
#: Adjectives with -er/-est forms in ordinary use: a comparative or superlative is replaced only
#: by one of these ("bigger" -> "larger"; not "sicker" -> "worse", "smaller" -> "littler"), and
#: "more"/"most" + adjective never by one ("more difficult" -> "more hard").
SYNTHETIC_DEGREE = frozenset({"big", "large", "small", "hard", "cheap", "dull", "sick"})
#: Modifiers of extreme adjectives ("absolutely exhausted"): with them the adjective is kept,
#: since its synonym is seldom as extreme ("absolutely fatigued").
_EXTREME_MODIFIERS = frozenset({"absolutely", "utterly", "totally", "completely"})
#: Prepositions an adjective takes in the sense it shares with its synonym: a prepositional
#: complement must suit both words ("scared of" -> "frightened of"; not "sick of" -> "ill of",
#: "okay at third base" -> "fine at third base", "hard on his body" -> "difficult on his body").
ADJ_PREPS = {
    "scared": {"of", "by", "for"},
    "frightened": {"of", "by", "for"},
    "sure": {"of", "about"},
    "certain": {"of", "about"},
    "grateful": {"for", "to"},
    "thankful": {"for", "to"},
    "amazed": {"at", "by"},
    "astonished": {"at", "by"},
    "famous": {"for"},
    "renowned": {"for"},
    "embarrassed": {"about", "by"},
    "abashed": {"about", "by"},
    "angry": {"at"},
    "mad": {"at"},
    "tired": {"of", "from"},
    "weary": {"of", "from"},
    "expensive": {"for"},
    "pricey": {"for"},
    "annoyed": {"at", "with", "by", "about"},
    "irritated": {"at", "with", "by", "about"},
    "sick": {"with", "from"},
    "ill": {"with", "from"},
    "terrible": {"at", "about"},
    "awful": {"at", "about"},
    "difficult": {"for"},
    "hard": {"for"},
    "okay": {"with"},
    "fine": {"with"},
    "confused": {"by"},
    "bewildered": {"by"},
    "exhausted": {"from", "by"},
    "fatigued": {"from", "by"},
    "boring": {"for"},
    "tedious": {"for"},
    "dull": {"for"},
    "big": {"for"},
    "large": {"for"},
    "cheap": {"for"},
    "inexpensive": {"for"},
}
#: Prepositions that head an adjunct, not a complement: any adjective takes them.
_ADJUNCT_PREPS = frozenset({"than", "during", "after", "before", "since", "until", "throughout"})
#: Adjectives that take the same clausal complements as their synonym ("scared to go" ->
#: "frightened to go", "it was hard to find" -> "difficult to find", "sure that" -> "certain that").
ADJ_CLAUSES = frozenset(
    {
        "scared",
        "frightened",
        "sure",
        "certain",
        "hard",
        "difficult",
        "amazed",
        "astonished",
        "grateful",
        "thankful",
        "embarrassed",
        "abashed",
        "okay",
        "fine",
        "angry",
        "mad",
        "annoyed",
        "irritated",
        "boring",
        "tedious",
        "dull",
        "terrible",
        "awful",
        "wonderful",
        "marvelous",
        "excellent",
        "splendid",
        "big",
        "large",
        "small",
        "cheap",
        "inexpensive",
        "correct",
        "right",
        "incorrect",
        "wrong",
        "confused",
        "bewildered",
        "sick",
        "ill",
        "tired",
        "weary",
        "expensive",
        "pricey",
    }
)
#: Verbs after which an adjective is predicative in its plain sense ("was mad", "got sick",
#: "made him angry"); after others it is often part of an idiom ("went mad", "called in sick",
#: "fell ill", "came true"), so a predicative adjective is replaced only after one of these.
LINKING_VERBS = frozenset(
    {
        "be",
        "get",
        "become",
        "feel",
        "seem",
        "look",
        "appear",
        "remain",
        "stay",
        "grow",
        "sound",
        "smell",
        "taste",
        "make",
        "keep",
        "turn",
        "act",
    }
)
#: Dependents that fix an adjective's meaning or make it part of a measure ("car sick", "two feet wide").
_ADJ_BLOCKING_DEPS = frozenset({"npadvmod", "nummod", "compound", "det", "poss", "case", "nsubj", "dobj"})
#: Adjectives used affectively after another adjective ("a funny little hedgehog", "a tiny
#: little town"): there they are not replaced ("a tiny, small town").
_AFFECTIVE = frozenset({"little"})


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
    from ..resources.wordnet import wordnet

    first = wordnet().first_synset(noun.lemma_.lower(), "n")
    return first.lexname() if first is not None else None


def _describes_thing(adj: Token, kinds: frozenset[str] = _THINGS) -> bool:
    """The adjective describes a physical thing (``kinds``: WordNet lexicographer files): its
    head noun (attributive) or its clause's subject (predicative) has such a most frequent
    WordNet sense."""
    noun = _described(adj)
    if noun is None or noun.pos_ != "NOUN" or noun.lemma_.lower() in _NOT_THINGS:
        return False
    return _noun_class(noun) in kinds


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
    return kind is not None and kind not in _THINGS and kind != "noun.person"


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
    return True


def _describes_ok(adj: Token, constraints: frozenset[str]) -> bool:
    if "concrete" in constraints and not _describes_thing(adj):
        return False
    if "size" in constraints and not _describes_thing(adj, _SIZED):
        return False
    if "abstract" in constraints and not _describes_abstract(adj):
        return False
    return "animate" not in constraints or _describes_animate(adj)


def _modifiers_ok(adj: Token, lemma: str, syn: str, position: str | None) -> bool:
    """Degree, modifiers and complements suit ``syn`` as they suit ``lemma``."""
    if adj.tag_ in ("JJR", "JJS") and syn not in SYNTHETIC_DEGREE:
        return False
    if lemma in _BARE_STATEMENT_ONLY or syn in _BARE_STATEMENT_ONLY:
        if any(c.dep_ == "advmod" for c in adj.children) or adj.sent.text.rstrip(" '\"”’").endswith("?"):
            return False
    doc = adj.doc
    nxt = doc[adj.i + 1] if adj.i + 1 < len(doc) else None
    # a preposition right after a predicative adjective that the parser hung on the verb is the
    # adjective's complement all the same ("became excellent at", "was okay at third base")
    following = (
        [nxt]
        if (
            nxt is not None
            and nxt.dep_ == "prep"
            and nxt.head.i == adj.head.i
            and position == "pred"
            and not _names_time(nxt)
        )
        else []
    )
    for c in [*adj.children, *following]:
        if c.dep_ in _ADJ_BLOCKING_DEPS:
            return False
        if c.dep_ == "advmod" and (
            c.lower_ in _EXTREME_MODIFIERS or c.lower_ in ("more", "most") and syn in SYNTHETIC_DEGREE
        ):
            return False
        if (
            c.dep_ == "prep"
            and c.lower_ not in _ADJUNCT_PREPS
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
        noun_lemma in _ADJ_NOUN_IDIOMS.get(lemma, ())
        or (lemma, noun_lemma, noun.head.lemma_.lower()) in _ADJ_NOUN_VERB_IDIOMS
    ):
        return False
    if lemma in _ADJ_NOUNS_ONLY and noun_lemma not in _ADJ_NOUNS_ONLY[lemma]:
        return False
    if lemma in _AFFECTIVE and any(c.dep_ == "amod" and c.i < adj.i for c in noun.children):
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
