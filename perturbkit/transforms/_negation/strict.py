"""Stricter checks on a negation flip, for UNION's untargeted negation alteration (which flips
any sentence, so every flip a reader may find garbled must be declined here; round 53):

- an adverb the inserted "did not" would have to swallow ("he sometimes stood" -> "he did n't
  sometimes stand") or an -ly adverb of the predicate ("seemed oddly clear");
- a quantified subject ("everything did n't seem clear" reads as "not everything");
- a dialogue tag, a fronted "here"/"there" or a fixed expression at the verb ("here it goes" -> "here it does n't
  go", "so there i was walking" -> "so there i was n't walking"); a verb after a quotation mark of
  its own sentence or a speech verb next to a quotation anywhere in it ('`` ... , \'\' the man did
  n't say', round 59); quotations count in every convention the story uses (``speech_spans``:
  double quotes, paired straight single quotes, a ``*...*`` thought: "*I wish that were so , * Jimmy
  did n't think", round 116), but a ``*...*`` of stressed words ("I * can not * go");
- a wh-word fronted in the main clause ("what time it was" -> "what time it was n't") and a bare
  pro-verb "do" ("*she* did" -> "she did n't do"; a complement before it is none: "of course you
  do", round 115);
- a copular "is something" whose "something" would become "anything" ("this is not anything
  society knows well", round 59);
- a verb coordinated after a noun of its own ("his vision started to fade and thoughts began to
  invade" -> "did n't start ... and thoughts begin": a second clause the parser hung on the first);
- a clause without a subject (an elliptical "would n't be prepared"), or one with a negative
  polarity item already ("the best he ever had": no plain negation of it);
- a verb coordinated after a comma with another of the same subject, which the inserted "did n't" leaves bare
  ("we did n't make love there , and collapse"), and an adverb of an awaited moment ("soon
  enough , i did n't drift off"; round 65);
- a predicate hedged by a degree word ("was kind of scary" -> "was not kind of scary", "a bit
  nervous", "pretty cold", "somewhat annoyed"): a hedge is not negated in plain English (round 740);
- a root that heads no clause: a modifier before the real verb ("My time left was days") or a
  feeling verb's participle adjective ("His eyes puzzled"; round 110);
- a copula right before a bare noun that is the subject of a later verb: the story's "it 's"
  for "its" ("it 's claws hit" -> "it 's not claws hit"; round 114).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation import doc_text, per_doc, sentences, token_columns
from ...resources.lexicons import verb_class
from ...transform.substitution import fixed_expression_tokens
from .._quotes import STRESSED_WORDS, speech_spans
from .parse import SUBJ_DEPS, has_npi_after

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

#: Subjects under which an inserted "not" reads as "not all" ("everything did n't seem clear").
QUANTIFIED = frozenset("everyone everybody everything all each every both most many nobody none".split())
#: Sentence adverbs that comment on the whole event and stay outside the negation.
_SENTENCE_ADVERBS = frozenset(
    "luckily unfortunately fortunately thankfully hopefully sadly surprisingly apparently obviously clearly".split()
)
#: Words that front a clause and make it a presentational or idiomatic one ("here it goes"), or a
#: free relative the parser took for the main clause ("like standing in the rain everywhere you went").
_FRONTED = frozenset({"here", "there", "everywhere", "anywhere", "wherever", "whenever", "whatever"})
#: Quotation marks: a sentence right after one is a dialogue tag ('" ... ?" she asked').
_QUOTES = frozenset({'"', "''", "\u201d", "``", "`", "\u201c"})  # "`": spaCy splits "``" in two
#: Verbs that attribute speech or thought to a speaker: negated next to a quotation, they deny the
#: quotation the story goes on to give ("'' the man did n't say").
_SPEECH = verb_class("speech")
#: What the insertion notes on a "some" word it turns into "any" (see ``insertion``).
_PPI_NOTE = "polarity item follows the negation"


def _subject(root: Token) -> Token | None:
    return next((c for c in root.children if c.dep_ in SUBJ_DEPS), None)


def _quantified(subj: Token) -> bool:
    return subj.lower_ in QUANTIFIED or any(c.dep_ == "det" and c.lower_ in QUANTIFIED for c in subj.children)


def _swallowed_adverb(root: Token, subj: Token) -> bool:
    """An adverb between the subject and the verb ("he sometimes stood"), or an -ly adverb of the
    verb's complement ("seemed oddly clear"): the inserted negation lands on it."""
    if any(t.pos_ == "ADV" for t in root.doc[subj.i + 1 : root.i]):
        return True
    comps = [c for c in root.children if c.dep_ in ("acomp", "attr", "xcomp", "oprd")]
    return any(
        k.dep_ == "advmod" and k.lower_.endswith("ly") and k.lower_ not in _SENTENCE_ADVERBS
        for c in comps
        for k in c.children
    )


def _fronted(root: Token, subj: Token) -> bool:
    """A "here"/"there" before the subject ("here it goes", "so there i was walking"), a dialogue
    tag after a quotation ('she did n't ask , giving him a look'), or the verb inside a fixed
    expression."""
    doc = root.doc
    start = root.sent.start
    if start > 0 and doc[start - 1].text in _QUOTES:
        return True
    before = len(doc_text(doc)[: root.sent.start_char].rstrip()) - 1  # the last mark before the sentence
    if before >= 0 and before in set(quote_edges(doc)):
        return True
    if _quoted(root):
        return True
    if any(t.lower_ in _FRONTED for t in doc[root.sent.start : subj.i]):
        return True
    return root.i in fixed_expression_tokens(doc)


def _quoted(root: Token) -> bool:
    """A quotation mark before the verb in its sentence ('`` ... , \'\' the man said'; or the verb
    is inside the quotation), or a speech verb with a quotation mark anywhere in its sentence
    ('he said , `` ... \'\''): negating it denies or garbles the dialogue."""
    sent = root.sent
    marks = [t.idx for t in sent if t.text in _QUOTES]
    marks += [e for e in quote_edges(sent.doc) if sent.start_char <= e < sent.end_char]
    if not marks:
        return False
    return min(marks) < root.idx or root.lemma_.lower() in _SPEECH


@per_doc
def quote_edges(doc: Doc) -> tuple[int, ...]:
    """Character offsets of the opening and closing mark of every quotation of the Doc's text, in
    any convention :func:`~.._quotes.speech_spans` knows (`` '' and curly double quotes, paired
    straight single quotes, a ``*...*`` thought or turn), but a ``*...*`` of stressed words
    (at most :data:`~.._quotes.STRESSED_WORDS` words, no punctuation)."""
    text = doc_text(doc)
    edges: list[int] = []
    for a, b in speech_spans(text):
        inner = text[a:b]
        if inner[0] == "*" and len(inner.split()) <= STRESSED_WORDS and not any(p in inner for p in ".!?,;"):
            continue
        edges += [e for e in (a, b - 1) if not text[e].isalnum()]  # no mark: a span begun at its line's start
    return tuple(edges)


#: Wh-words that front an exclamative or free-relative main clause ("what time it was").
_WH = frozenset("what how which who whom whose why where when".split())
#: Dependents that give a pro-verb "do" something to do ("did the dishes", "did it").
_DO_COMPLEMENTS = frozenset({"dobj", "ccomp", "xcomp", "prep", "acomp", "attr", "oprd", "dative"})


def _wh_fronted(root: Token, subj: Token) -> bool:
    """A wh-word before the subject that belongs to the main clause ("what time it was"), not to
    a fronted adverbial clause ("when he got home , he slept")."""
    for t in root.doc[root.sent.start : subj.i]:
        if t.lower_ not in _WH:
            continue
        if t.head.i == root.i or (t.head.head.i == root.i and t.head.dep_ not in ("advcl", "ccomp", "csubj")):
            return True
    return False


def _bare_do(root: Token) -> bool:
    """The root is a pro-verb "do" with nothing to do ("*she* did ."): do-support makes "did n't do"."""
    return root.lemma_.lower() == "do" and not any(c.dep_ in _DO_COMPLEMENTS and c.i > root.i for c in root.children)


def _coordinated_clause(root: Token) -> bool:
    """A verb coordinated with the root that has a noun or pronoun between the conjunction and
    itself: its own subject, misparsed ("and thoughts of sleep began")."""
    doc = root.doc
    for c in root.children:
        if c.dep_ != "conj" or c.pos_ not in ("VERB", "AUX"):
            continue
        cc = next((k for k in root.children if k.dep_ == "cc" and root.i < k.i < c.i), None)
        start = cc.i + 1 if cc is not None else root.i + 1
        if any(t.pos_ in ("NOUN", "PROPN", "PRON") and t.head.i != t.i for t in doc[start : c.i]):
            return True
    return False


#: Adverbs of an awaited moment: "soon enough , i did n't drift off" negates what the adverb says
#: was bound to happen (round 65).
_AWAITED = frozenset("soon eventually finally suddenly immediately instantly already".split())


def _shares_aux(root: Token) -> bool:
    """The root has a coordinated verb of the same subject after a comma: an inserted "did not"
    turns it bare ("we made love there , and collapsed" -> "did not make love there , and
    collapse", round 65); "went to the store and bought milk" reads as one negated act."""
    doc = root.doc
    return any(
        c.dep_ == "conj" and c.pos_ in ("VERB", "AUX") and any(t.text == "," for t in doc[root.i + 1 : c.i])
        for c in root.children
    )


#: Hedges of a predicate's degree: one word, or two ("kind of"); under a negation they read
#: unnatural ("was not kind of scary", "was not pretty cold"; round 740).
_HEDGES = frozenset("pretty somewhat rather fairly slightly kinda sorta mildly".split())
_HEDGE_PAIRS = frozenset({("kind", "of"), ("sort", "of"), ("a", "bit"), ("a", "little"), ("a", "tad")})
#: Hedges that also fit before a noun complement ("kind of a jerk"); "a little dog" is no hedge.
_NOUN_HEDGE_PAIRS = frozenset({("kind", "of"), ("sort", "of")})


def _hedged(root: Token) -> bool:
    """A complement or adverb of the root with a degree hedge before it in its phrase ("was kind
    of scary", "was a bit nervous", "got pretty cold"); one before the verb is a swallowed adverb."""
    doc = root.doc
    for c in (c for c in root.children if c.dep_ in ("acomp", "attr", "xcomp", "oprd", "advmod")):
        lows = [t.lower_ for t in doc[c.left_edge.i : c.i]]
        nominal = c.pos_ in ("NOUN", "PROPN", "PRON", "NUM")
        pairs = _NOUN_HEDGE_PAIRS if nominal else _HEDGE_PAIRS
        if not nominal and any(w in _HEDGES for w in lows):
            return True
        if any(p in pairs for p in zip(lows, lows[1:])):
            return True
    return False


def _reason_given(root: Token) -> bool:
    """The root has a "because" clause or phrase: negated, it reads as denying only the reason
    ("she did not get into the business because of her father"; round 752)."""
    for c in root.children:
        if c.dep_ == "prep" and c.lower_ == "because":
            return True  # "because of"
        if c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ == "because" for m in c.children):
            return True
    return False


#: Verbs of knowing or supposing: negated over a bare clause they garble it ("I do n't know you 've
#: been busy but I 'm so glad you 're home"; round 79).
_SUPPOSING = frozenset("know think guess bet suppose believe imagine figure reckon".split())


def _epistemic(root: Token) -> bool:
    """An epistemic "must" ("it must be that big park" -> "must n't be" reads as a prohibition) or
    a verb of knowing with a clause complement ("I know you 've been busy"; round 79)."""
    if any(c.dep_ == "aux" and c.lower_ == "must" for c in root.children):
        return True
    return root.lemma_.lower() in _SUPPOSING and any(c.dep_ == "ccomp" for c in root.children)


def _awaited(root: Token) -> bool:
    return any(t.lower_ in _AWAITED for c in root.children if c.dep_ == "advmod" for t in c.subtree)


#: Verbs of causing a feeling, transitive only: with no object their "-ed" form is a participle
#: adjective the parser took for a verb ("His eyes puzzled ." -> "did n't puzzle"; round 110).
_PSYCH = frozenset(
    "puzzle confuse bewilder baffle perplex surprise amaze astonish astound stun shock startle frighten scare"
    " terrify horrify alarm annoy irritate bore interest excite thrill delight please satisfy disappoint"
    " embarrass humiliate frustrate disgust intrigue fascinate overwhelm relieve depress impress".split()
)
#: What gives a verb an object or complement of its own.
_OBJECTS = frozenset({"dobj", "ccomp", "xcomp", "prep", "dative", "attr", "acomp", "oprd", "agent", "prt"})


def _modifier_root(root: Token) -> bool:
    """The parse's root is no finite verb heading the clause (round 110): a modifier of the subject
    before the real verb, which the parser hung below it as a clause without a subject ("My time
    left was days" -> "My time did n't leave was days"), or the participle adjective of a feeling
    verb with no object ("His eyes puzzled")."""
    for c in root.children:  # right after the root: "i was told the information i entered was invalid" is no modifier
        if c.i == root.i + 1 and c.dep_ in ("ccomp", "conj") and c.tag_ in ("VBD", "VBZ", "VBP"):
            if not any(k.dep_ in SUBJ_DEPS for k in c.children):
                return True
    if root.tag_ in ("VBD", "VBN") and root.lemma_.lower() in _PSYCH:
        return not any(c.dep_ in _OBJECTS for c in root.children)
    return False


def _possessive_misread(root: Token) -> bool:
    """A "be" root right before a bare noun (no determiner) that is the subject of a verb after
    it: "it 's claws hit with a swipe" is the story's "its claws hit", no copula to negate
    ("it 's not claws hit"; round 114)."""
    doc = root.doc
    if root.lemma_.lower() != "be" or root.i + 1 >= root.sent.end:
        return False
    nxt = doc[root.i + 1]
    return (
        nxt.pos_ == "NOUN"
        and nxt.dep_ in SUBJ_DEPS
        and nxt.head.i > nxt.i
        and nxt.head.pos_ in ("VERB", "AUX")
        and not any(c.dep_ in ("det", "poss") for c in nxt.children)
    )


def flip_is_clean(doc: Doc, sentence: int, kind: str, changes: tuple = ()) -> bool:
    """A negation flip of sentence ``sentence`` (``kind`` "insert"/"delete"; its ``changes`` as
    ``(start, end, new, note)`` rows) that no reader finds garbled (see the module docstring)."""
    sent = sentences(doc)[sentence]
    root = sent.root
    subj = _subject(root)
    if subj is None or subj.i > root.i:
        return False  # elliptical ("would n't be prepared") or inverted
    if _fronted(root, subj) or _coordinated_clause(root) or _modifier_root(root) or _possessive_misread(root):
        return False
    if kind != "insert":
        return True
    lows = list(token_columns(doc)["lower"])
    if _quantified(subj) or _swallowed_adverb(root, subj) or _wh_fronted(root, subj) or _bare_do(root):
        return False
    if _shares_aux(root) or _awaited(root) or _hedged(root) or _reason_given(root) or _epistemic(root):
        return False
    if root.lemma_.lower() == "be" and any(c[3] == _PPI_NOTE for c in changes):
        return False  # "this is something ..." -> "this is not anything ..."
    return not has_npi_after(lows, sent.start - 1, sent.end)
