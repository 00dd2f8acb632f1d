"""Which antonyms make a clean contradiction in a story (the targeted ``antonym``,
``adjective_antonym`` and ``keyword_substitution``): only pairs whose opposite a reader takes in the
sense the story means (``antonyms_story.tsv``), only in plain statements (not negated, asked,
supposed or graded: "could n't find" -> "could n't lose", "do they like you ?", "if we bought our
flights", "the fourth largest city"), and only where what must recur does recur nearby: the word
itself ("a new pc ... the new pc") or the verb's object ("bought a scooter ... shared the scooter").

>>> story_antonym("find", "lose", "VERB")      # "he found a log" is come across, not the opposite of lose
>>> story_antonym("buy", "sell", "VERB")
'object'
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from ...annotation import per_doc, sentence_index, token_columns, token_strings
from ...annotation.links import Witness, arguments, family
from ...resources.lexicons import table
from .._quotes import inside_any, quotation_spans
from .adjectives import describes_animate, describes_thing

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

#: How far (in sentences) a witness may stand from the edit: a reader of a long story does not
#: hold sentence 3 against sentence 40.
MAX_GAP = 3
#: Words that negate the clause they stand in ("no" as a determiner: "with no new music").
_NEGATORS = frozenset({"not", "n't", "never", "no", "nobody", "nothing", "without", "hardly"})
#: A negation earlier in the sentence, however it was tokenised ("has n't", "hasn ’ t", "never").
_NEGATION_BEFORE = re.compile(r"n ?['’] ?t\b|\b(?:not|never|no|nobody|nothing|without|hardly)\b")
#: Subordinators of a supposed event: "if we bought our flights", "unless he won".
_SUPPOSING = frozenset({"if", "unless", "whether"})
#: Degree words that make an adjective relative ("the most amazing animal", "less happy").
_GRADERS = frozenset({"most", "least", "more", "less"})
#: Adjectives whose opposite holds only of a physical thing ("hot soup" -> "cold soup"; of a person
#: "hot" means attractive).
THING_SENSE = frozenset({"hot", "cold"})
#: Verbs whose complement is only thought of ("thought about buying coffee there", "wondered if").
_MENTAL = frozenset({"think", "consider", "imagine", "dream", "wonder", "wish", "pretend"})
#: Degree adverbs an adjective's opposite takes as well ("very calm"); others fit one word only
#: ("intensely angry" -> "intensely calm", "stunningly beautiful" -> "stunningly ugly").
_PLAIN_DEGREE = frozenset({"very", "so", "really", "too", "quite", "pretty", "all", "extremely", "super"})
#: Prepositions an adjective's opposite takes in the same sense ("good at" -> "bad at", "scared
#: of" -> "unafraid of"); any other complement stays with the original ("sick from the heat" ->
#: "healthy from the heat", "excited about" -> "bored about").
_SHARED_PREPS = {
    "at": frozenset({"good", "bad", "excellent", "terrible"}),
    "of": frozenset({"scared", "afraid", "proud", "ashamed"}),
}
#: Verbs after which an adjective's opposite says the opposite ("was calm" -> "was nervous"); others
#: make set phrases or changes ("got healthy ... got really sick", "keeping sad", "went mad").
_LINKING = frozenset({"be", "feel", "seem", "look", "become", "appear", "sound", "remain", "stay"})
#: Adjectives whose opposite holds only of a person or an animal ("dead water" -> "alive water").
ANIMATE_SENSE = frozenset({"dead", "alive"})
#: Words that announce a reversal in their sentence ("she was bad at first"): the opposite is no
#: contradiction of a later "bad".
_REVERSAL = re.compile(r"\b(?:at first|initially|in the beginning|at the start)\b")
#: Words before an adjective that make a set phrase with it ("soaking wet" -> "soaking dry").
_FIXED_BEFORE = frozenset({"soaking", "sopping", "dripping", "bone", "stone", "dead", "brand"})
#: Prepositions of a buyer's frame that "sell" does not take in the same sense: "for" a beneficiary or
#: a purpose ("bought a tree for his new home" -> "sold a tree for his new home") unless it names a
#: price, "with" the means ("bought a scooter with his allowance" -> "sold a scooter with it").
_BUYER_PREPS = frozenset({"for", "with"})
#: Nouns of a price after "for" ("sold it for a fortune", "bought it for cheap" aside).
_PRICE_NOUNS = frozenset("dollar cent buck penny price fortune pound euro money cash".split())
#: Verbs of an attitude, whose object witness must be their own object, not a gerund's.
_ATTITUDES = frozenset({"love", "hate", "like", "dislike"})
#: Words that end an arc in a later sentence ("finally won", "eventually remembered"): the opposite
#: earlier is the story's start, not a contradiction.
_ARC_END = re.compile(r"\b(?:finally|eventually|at last|in the end|ultimately)\b")
#: Heads of an infinitive that counts or lists ("so much to remember", "a lot to learn"): no event.
_AMOUNT_HEADS = frozenset("much lot lots plenty enough little more nothing something everything".split())
#: Nouns with which an evaluative adjective makes a set phrase ("a good time", "a good idea", "good
#: luck"): such a mention witnesses nothing about another thing.
_SET_PHRASE_NOUNS = frozenset("time idea job luck night day morning thing deal way point question".split())
#: Nouns for which "old" means "former" ("the old house" = the one she left), not "not new".
FORMER_NOUNS = frozenset(
    """house home apartment job school neighborhood town city place room office team boss friend girlfriend
    boyfriend life car""".split()
)


@functools.lru_cache(maxsize=1)
def story_pairs() -> dict[tuple[str, str, str], str]:
    """(lemma, antonym, UPOS) -> the witness it needs ("same", "object" or "any"), from
    ``antonyms_story.tsv``."""
    return {(r["word"], r["antonym"], r["pos"]): r["witness"] for r in table("antonyms_story.tsv")}


def story_antonym(lemma: str, new_lemma: str, upos: str) -> str | None:
    """The witness kind the pair needs, or None when the pair is not story-safe."""
    return story_pairs().get((lemma, new_lemma, upos))


def witness_kind(lemma: str, upos: str) -> str | None:
    """The witness kind of ``lemma``'s story-safe antonym (one per word), or None."""
    return next((k for (w, _, p), k in story_pairs().items() if w == lemma and p == upos), None)


def _ancestors(tok: Token) -> list[Token]:
    out = [tok]
    while out[-1].head.i != out[-1].i and len(out) < 12:
        out.append(out[-1].head)
    return out


@per_doc
def _quotations(doc: Doc) -> tuple[tuple[int, int], ...]:
    return quotation_spans(doc.text)


def in_quotation(tok: Token) -> bool:
    """``tok`` is inside quoted speech: what a character says is no fact of the story ("We 're
    dead", "Because I 'm nervous")."""
    return inside_any(_quotations(tok.doc), tok.idx)


def negated(tok: Token) -> bool:
    """A negation stands over ``tok`` or the word it depends on ("did not enjoy it", "was n't
    happy", "no new music"): its antonym under the negation is a weaker claim, not the opposite
    ("did not enjoy" -> "did not hate")."""
    for a in (tok, tok.head):
        if any(c.dep_ == "neg" or (c.lower_ in _NEGATORS and c.dep_ in ("det", "advmod")) for c in a.children):
            return True
    return False


def plain_statement(tok: Token) -> bool:
    """``tok`` is asserted: no negation over it ("could n't find", "was n't sure", "with no new
    music"), not in a question, a supposed clause ("if we bought") or a thought ("thought about
    buying"), not in quoted speech, and not graded ("smaller", "the most amazing", "the fourth
    largest")."""
    if "?" in tok.sent.text:
        return False
    if tok.tag_ in ("JJR", "JJS", "RBR", "RBS"):
        return False
    if any(c.lower_ in _GRADERS and c.dep_ == "advmod" for c in tok.children):
        return False
    if in_quotation(tok):
        return False
    for a in _ancestors(tok):
        if a.i != tok.i and a.lemma_.lower() in _MENTAL:
            return False
        for c in a.children:
            if c.dep_ == "neg" or (c.lower_ in _NEGATORS and c.dep_ in ("det", "advmod", "prep")):
                return False
            if c.dep_ == "mark" and c.lower_ in _SUPPOSING:
                return False
    before = tok.doc[tok.sent.start : tok.i].text.lower()
    return not _NEGATION_BEFORE.search(before)


def story_antonym_ok(tok: Token, lemma: str, new_lemma: str) -> bool:
    """``new_lemma`` replaces ``tok`` (lemma ``lemma``) as a clean opposite in a story: a story-safe
    pair (:func:`story_antonym`), in a plain statement (:func:`plain_statement`), no announced reversal
    ("at first"), no alternative ("friend or foe"), no infinitival relative ("so much to remember");
    "hot" and "cold" of a physical thing only, "dead" and "alive" of a person or animal; "old" not of a
    noun where it reads as "former" ("the new house" -> "the old house": the one she left); "sell"
    and "buy" not in a purpose ("bought books to learn") or a noun's complement ("money to buy")."""
    if story_antonym(lemma, new_lemma, tok.pos_) is None or not plain_statement(tok):
        return False
    if new_lemma == "old" and tok.dep_ == "amod" and tok.head.lemma_.lower() in FORMER_NOUNS:
        return False
    if lemma in THING_SENSE and not describes_thing(tok):
        return False
    if lemma in ANIMATE_SENSE and not describes_animate(tok):
        return False
    if tok.pos_ == "VERB" and (
        tok.dep_ in ("acl", "relcl") or (tok.dep_ == "xcomp" and tok.head.lower_ in _AMOUNT_HEADS)
    ):
        return False  # "so much to remember" -> "so much to forget"
    if _REVERSAL.search(tok.sent.text.lower()):
        return False
    doc = tok.doc
    if (tok.i > 0 and doc[tok.i - 1].lower_ == "or") or (tok.i + 1 < len(doc) and doc[tok.i + 1].lower_ == "or"):
        return False  # a pair of alternatives is a set phrase: "friend or foe", "dead or alive"
    if tok.pos_ == "ADJ" and not _adjective_plain(tok, lemma):
        return False
    if new_lemma == "old" and tok.dep_ == "amod" and _noun_class(tok.head.lemma_.lower()) != "noun.artifact":
        return False  # "a new haircut", "new functions": new as in recent, not as in unused
    if _family_nearby(tok, lemma):
        return False
    if story_agrees(tok, lemma, new_lemma):
        return False
    if lemma in ("remember", "forget") and any(
        (c.dep_ == "aux" and c.lower_ in ("can", "could")) or (c.dep_ in ("xcomp", "ccomp") and c.tag_ == "VBG")
        for c in tok.children
    ):
        return False  # "I can remember her smile", "I remember reading this story": no opposite
    if lemma in ("buy", "sell"):
        if tok.dep_ in ("acl", "relcl", "advcl"):
            return False
        if any(c.dep_ in ("advcl", "xcomp") and any(k.lower_ == "to" for k in c.children) for c in tok.children):
            return False
        objs = [c for c in tok.children if c.dep_ == "dobj"]
        if any(k.dep_ in ("acl", "relcl") and k.tag_ == "VB" for o in objs for k in o.children):
            return False  # "bought a book to read" -> "sold a book to read"
        if new_lemma == "sell" and any(not _price_frame(p) for p in _preps_of(tok, objs)):
            return False  # "bought a pet for their home", "bought it with his allowance": a buyer's frame
    return True


def _preps_of(verb: Token, objs: list[Token]) -> list[Token]:
    """The "for"/"with" phrases of a verb or its objects ("bought a tree for his home")."""
    return [c for h in [verb, *objs] for c in h.children if c.dep_ == "prep" and c.lower_ in _BUYER_PREPS]


def _price_frame(prep: Token) -> bool:
    """A "for" phrase naming a price ("for $5", "for ten dollars", "for a fortune"), which "sell" takes too."""
    if prep.lower_ != "for":
        return False
    objs = [k for k in prep.children if k.dep_ == "pobj"]
    return any(
        o.like_num
        or o.tag_ == "$"
        or o.lemma_.lower() in _PRICE_NOUNS
        or any(k.like_num or k.tag_ == "$" for k in o.children)
        for o in objs
    )


def _adjective_plain(tok: Token, lemma: str) -> bool:
    """The adjective modifies a noun or follows a linking verb ("was", "felt"; not "got healthy"),
    and its modifiers and complements suit its opposite too: plain degree words only, "at" or "of"
    only where both words take it ("good at", "scared of"), no set phrase before it ("soaking wet")."""
    if tok.dep_ not in ("amod", "acomp") or (tok.dep_ == "acomp" and tok.head.lemma_.lower() not in _LINKING):
        return False
    for c in tok.children:
        if c.dep_ == "advmod" and c.lower_ not in _PLAIN_DEGREE:
            return False
        if c.dep_ == "prep" and lemma not in _SHARED_PREPS.get(c.lower_, ()):
            return False
    doc = tok.doc
    nxt = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
    if (
        nxt is not None
        and nxt.dep_ == "prep"
        and nxt.head.i == tok.head.i
        and lemma not in _SHARED_PREPS.get(nxt.lower_, ())
    ):
        return False  # a complement the parser hung on the verb: "was so sick from the heat"
    if nxt is not None and nxt.pos_ == "ADJ" and tok.dep_ == "acomp":
        return False  # an adverb's sense: "he was clean naked" -> "dirty naked", "dead tired"
    return not (tok.i > 0 and doc[tok.i - 1].lower_ in _FIXED_BEFORE)


#: States a word shares with words outside its WordNet family ("dead" and "die": "I did n't die"
#: agrees with "I was alive").
_STATE_WORDS = {
    "dead": frozenset({"die", "death", "kill"}),
    "alive": frozenset({"live", "survive"}),
    "die": frozenset({"dead"}),
    "live": frozenset({"alive"}),
}


def _words(lemma: str, pos: str) -> frozenset[str]:
    return family(lemma, pos) | {lemma} | _STATE_WORDS.get(lemma, frozenset())


def story_agrees(tok: Token, lemma: str, new_lemma: str) -> bool:
    """Another sentence already says what the opposite would, of the same thing (:func:`_about`):
    the new word asserted ("the soup was hot" -> "cold" beside "the soup was cold") or the old one
    negated ("I was dead" -> "alive" while the ending says "I did n't die"): the edit agrees with
    the story instead of contradicting it."""
    doc, sent, lemmas = tok.doc, sentence_index(tok.doc), token_columns(tok.doc)["lemma"]
    old_words, new_words = _words(lemma, tok.pos_), _words(new_lemma, tok.pos_)
    for j, word in enumerate(lemmas):
        if sent[j] == sent[tok.i] or (word not in new_words and word not in old_words):
            continue
        if not _about_same(tok, doc[j]):
            continue  # "he won the first game ... he lost the second": another event
        if (word in new_words and not negated(doc[j])) or (word in old_words and negated(doc[j])):
            return True
    return False


def _about(tok: Token) -> Token | None:
    """What a word says something of: an adjective's holder, a verb's object, else its subject."""
    if tok.pos_ == "ADJ":
        return _holder(tok)
    kids = list(tok.children)
    return next((c for c in kids if c.dep_ == "dobj"), None) or next(
        (c for c in kids if c.dep_ in ("nsubj", "nsubjpass")), None
    )


def _about_same(a: Token, b: Token) -> bool:
    x, y = _about(a), _about(b)
    return x is not None and y is not None and _same_thing(x, y)


def _family_nearby(tok: Token, lemma: str) -> bool:
    """A word of the same family stands within five words of its sentence ("the winner would win" -> "the winner
    would lose", "I 'd feel bad , but feeling bad") : the opposite reads as a garbled phrase, not a
    contradiction."""
    words = family(lemma, tok.pos_) | {lemma}
    doc = tok.doc
    lo, hi = max(tok.sent.start, tok.i - 5), min(tok.sent.end, tok.i + 6)
    return any(doc[j].lemma_.lower() in words or doc[j].lower_ in words for j in range(lo, hi) if j != tok.i)


def _noun_class(lemma: str) -> str | None:
    from ...resources.wordnet import wordnet

    first = wordnet().first_synset(lemma, "n")
    return first.lexname() if first is not None else None


def _holder(adj: Token) -> Token | None:
    """What an adjective describes: the noun it modifies, or the subject of its linking verb."""
    if adj.dep_ == "amod":
        return adj.head
    if adj.dep_ == "acomp":
        return next((c for c in adj.head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    return None


def _same_holder(adj: Token, other: Token) -> bool:
    """The adjectives describe the same thing or character ("the soup was hot" ... "the hot soup";
    "Tom was happy" ... "he was happy"), not "I was happy to see them" ... "a happy life"."""
    a, b = _holder(adj), _holder(other)
    return a is not None and b is not None and _same_thing(a, b)


_PEOPLE = frozenset({"he", "she", "i", "we", "they", "you", "him", "her", "me", "us", "them"})


def _modifiers(noun: Token) -> frozenset[str]:
    return frozenset(c.lower_ for c in noun.children if c.dep_ in ("amod", "nummod", "compound"))


def _same_thing(a: Token, b: Token) -> bool:
    """The same noun or pronoun, or a name and a personal pronoun (which may stand for it)."""
    if a.lemma_.lower() == b.lemma_.lower() or a.lower_ == b.lower_:
        ma, mb = _modifiers(a), _modifiers(b)
        return not (ma and mb and ma != mb)  # "the first game" is not "the second game"
    return {a.pos_, b.pos_} == {"PRON", "PROPN"} and (a.lower_ in _PEOPLE or b.lower_ in _PEOPLE)


def story_witnesses(doc: Doc, i: int, found: tuple[Witness, ...]) -> tuple[Witness, ...]:
    """The witnesses of ``found`` that make the antonym of token ``i`` a contradiction: within
    :data:`MAX_GAP` sentences, in another sentence, itself a plain statement (:func:`plain_statement`),
    an adjective's describing the same thing or character (:func:`_same_holder`), and of the kind
    the pair needs (the word or its family again, or the verb's object again)."""
    cols, strs, sent = token_columns(doc), token_strings(doc), sentence_index(doc)
    lemma, pos, own = cols["lemma"][i], strs["pos"][i], sent[i]
    kind = witness_kind(lemma, pos)
    if kind is None:
        return ()
    same = family(lemma, pos) | {lemma}
    # an attitude's object is what it is about: "likes handing out candy" is not about the candy left over
    depth = 1 if lemma in _ATTITUDES else 2
    objects = {cols["lemma"][a] for a in arguments(doc, i, depth) if strs["pos"][a] == "NOUN"}
    out = []
    quotes = _quotations(doc)
    if pos == "ADJ":
        found = tuple(w for w in found if _same_holder(doc[i], doc[w.token]))
    for w in found:
        if w.sentence == own or abs(w.sentence - own) > MAX_GAP or inside_any(quotes, doc[w.token].idx):
            continue
        wt = doc[w.token]
        if not plain_statement(wt) or (wt.pos_ == "ADJ" and not _adjective_plain(wt, wt.lemma_.lower())):
            continue  # "has n't been so bad", "the most amazing animal", "keeping sad": no fact to contradict
        if strs["tag"][i] == "VBD" and w.sentence > own and _ARC_END.search(wt.sent.text.lower()):
            continue  # "she lost every spelling bee ... she finally won the national": an arc, no contradiction
        if wt.dep_ == "amod" and wt.head.lemma_.lower() in _SET_PHRASE_NOUNS:
            continue  # "we had a good time" says nothing of "a good channel"
        wl = cols["lemma"][w.token]
        # a noun's family is another thing ("friends" ... "a friendly puppy", "enemy" ... "a friendship")
        is_same = wl == lemma if pos == "NOUN" else (wl in same or cols["lower"][w.token] in same)
        is_object = wl in objects and w.kind == "repeats" and strs["pos"][w.token] == "NOUN"
        if (
            (kind == "same" and is_same)
            or (kind == "object" and is_object)
            or (kind == "any" and (is_same or is_object))
        ):
            out.append(w)
    return tuple(out)
