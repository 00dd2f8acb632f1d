"""Negation insertion on a sentence's main verb, following English auxiliary syntax: after the
first auxiliary or modal ("has gone" -> "has not gone", "can" -> "cannot"), after a finite copula
("was" -> "was not"), else with do-support in the verb's tense ("went" -> "did not go")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...annotation import doc_text
from ...resources.inflect import forms, inflect_like
from ...transform import Change
from ...transform.words import match_case
from .cues import CLIPPED, CLITIC_NEG, CONTRACTED, Style, polarity_items
from .parse import Facts, Kids, base_form, has_subject, in_scope, kids_of, subject_before, subordinate
from .shapes import declined_shape, emphatic_do, fused_form, pro_verb_do

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


_DO_FOR_TAG = {"VBD": "did", "VBZ": "does", "VBP": "do"}
#: Adverbs that stay outside an inserted "did not" ("then he did not go"); other adverbs right
#: before the verb go inside it ("he did not always want", not "he always did not want").
_OUTER_ADVERBS = frozenset(
    {
        "then",
        "finally",
        "eventually",
        "suddenly",
        "soon",
        "later",
        "now",
        "luckily",
        "unfortunately",
        "fortunately",
        "also",
        "still",
        "already",
        "once",
        "instead",
        "so",
        "thus",
        "therefore",
        "immediately",
        "quickly",
        "accidentally",
        "happily",
        "sadly",
        "surprisingly",
        "thankfully",
        "hopefully",
    }
)
#: Focus adverbs and approximators before the verb: a negation inserted before them negates them, not
#: the event ("I just sent him home" -> "I did not just send him home", "he almost broke" -> "did not
#: almost break").
_FOCUS_ADVERBS = frozenset({"just", "only", "even", "merely", "simply", "almost", "nearly", "practically", "virtually"})
#: Sentence adverbs in -ly that comment on the whole event and stay outside the negation
#: ("luckily he did not fall"); other -ly adverbs of the verb (manner, time: "accidentally",
#: "suddenly", "finally", "quickly") would be negated themselves or read oddly
#: ("he accidentally did not break the vase"), so such sentences are declined.
_SENTENCE_ADVERBS = frozenset(
    "luckily unfortunately fortunately thankfully hopefully sadly surprisingly apparently obviously clearly".split()
)
#: Nouns of a span of time: a predicate measured by them ("dead ten thousand years", "slept for
#: ten hours", "every weekend") negates the measure, which the rest of the story does not contradict.
_TIME_NOUNS = frozenset(
    "second minute hour day night week weekend month year decade century morning evening afternoon time".split()
)
#: Prepositions that open a locative inversion ("Beside you lies a knife").
_LOCATIVES = frozenset(
    "beside behind before beneath below under above over among between inside outside near around across".split()
    + "in on at into onto upon within along against".split()
)
_QUANTIFIER_DETS = frozenset({"every", "each", "all"})
#: Verbs whose negation is not idiomatic ("I do not hope ...").
_NO_DO_SUPPORT = frozenset({"hope", "use"})


def _negate_aux(aux: Token, root: Token, style: Style) -> list[Change] | None:
    """Negate an auxiliary, modal or copula in place."""
    low = aux.lower_.replace("\u2019", "'")
    end = aux.idx + len(aux.text)
    lead = "" if aux.i > 0 and aux.doc[aux.i - 1].whitespace_ else " "
    if low in ("'s", "'re", "'m"):
        return [Change(end, end, " not", "negation inserted")]
    if low in CLITIC_NEG:
        return [Change(aux.idx, end, lead + style.negative(CLITIC_NEG[low]), "negation inserted")]
    if low == "'d":
        nxt = aux.doc[aux.i + 1] if aux.i + 1 < len(aux.doc) else None
        if nxt is None or nxt.pos_ not in ("VERB", "AUX"):
            return None
        base = nxt.lemma_.lower()
        vbn = inflect_like(base, "VBN", upos="VERB")
        if nxt.lower_ == base and vbn != base:
            full = "would"
        elif nxt.lower_ == vbn and vbn != base:
            full = "had"
        else:
            return None
        return [Change(aux.idx, end, lead + style.negative(full), "negation inserted")]
    if not aux.is_alpha or low in CLIPPED:
        return None
    if low == "am" or low in CONTRACTED or low in ("may", "might", "shall", "need", "ought"):
        new = style.negative(aux.text) if low != "am" else f"{aux.text} not"
        if low in ("need", "ought") and aux.tag_ != "MD":
            return None
        return [Change(aux.idx, end, new, "negation inserted")]
    return None


def insertion(sent: Span, style: Style, facts: Facts | None = None) -> list[Change] | None:
    """Changes negating the sentence's main verb, or None when that cannot be done right
    (``facts``: the Doc's token facts, when already read)."""
    facts = facts if facts is not None else Facts.of(sent.doc)
    if facts.n_words(sent) < 2 or facts.is_question(sent):
        return None
    if facts.cues_in(sent):
        return None
    root = sent.root
    if root.pos_ not in ("VERB", "AUX"):
        return None
    kids = kids_of(root)
    if subordinate(root, kids):
        return None
    if any(dep == "advmod" and c.lower_ in _FOCUS_ADVERBS for c, dep in kids):
        return None  # the negation would go to the focus adverb, not the event
    if _manner_adverb(kids) or _measured(root, kids) or _misplaced_subject(sent, root, kids):
        return None
    if declined_shape(sent, root):
        return None  # "There goes my mood", "Off we go", "You go gal" (round 115)
    auxes = [c for c, dep in kids if dep in ("aux", "auxpass") and c.i < root.i and c.tag_ != "TO"]
    head = auxes[0] if auxes else root
    if fused_form(head):
        return None  # "The living got ta keep living" -> "did not get ta keep" (round 116)
    if emphatic_do(root, head):
        return None  # "I do so love books" -> "I do n't do so love books" (round 117)
    ppis = polarity_items()
    doc = sent.doc
    conversions: list[Change] = []
    for i in facts.ppis_in(sent):
        low = facts.lows[i]
        t = doc[i]
        if not in_scope(t, root):
            continue
        if ppis[low] is None:
            if t.head.i == root.i or t.head.i == head.i:
                return None  # "had already left", "was still there": no natural negative
            continue
        if t.i > head.i:
            conversions.append(
                Change(t.idx, t.idx + len(t.text), match_case(t.text, ppis[low]), "polarity item follows the negation")
            )
    nxt = doc[head.i + 1] if head.i + 1 < len(doc) else None
    if nxt is not None and nxt.text in ("\u2019", "'", "\u2019t", "'t"):
        return None  # a contraction split by the tokeniser ("I can \u2019 t"): already negated
    shared = _shared_subject_verbs(kids)
    if _uncovered_verb(sent, root, shared) or (len(shared) == 1 and _set_off(shared[0])):
        return None
    if any(fused_form(v) for v in shared):
        return None
    if auxes:
        if not subject_before(kids, head.i) or shared:
            return None  # "was walking home and fell" -> "was not walking home and fell"
        changes = _negate_aux(head, root, style)
    elif root.lemma_ == "be" and root.tag_ in ("VBD", "VBZ", "VBP"):
        if not subject_before(kids, root.i) or shared:
            return None
        changes = _negate_aux(root, root, style)
    else:
        changes = _do_support(sent, root, kids, style, facts.first_word(sent))
        if changes and shared:
            rest = _base_forms(shared)
            if rest is None:
                return None
            changes = changes + rest
    if not changes:
        return None
    return changes + conversions


def _shared_subject_verbs(kids: Kids) -> list[Token]:
    """Finite verbs coordinated with the main verb that share its subject ("he went to a store and
    grabbed one"): the inserted negation covers them too, so they must take the base form."""
    out: list[Token] = []
    level = kids
    while level:  # a chain of conjuncts: "watched A , watched B , watched C" (B the root's, C B's)
        if any(dep == "cc" and c.lower_ in ("but", "yet") for c, dep in level):
            return out  # a contrast stays finite: "he did not try but failed"
        nxt = [
            c
            for c, dep in level
            if dep == "conj" and c.pos_ in ("VERB", "AUX") and c.tag_ in _DO_FOR_TAG and not has_subject(kids_of(c))
        ]
        out.extend(nxt)
        level = [kc for c in nxt for kc in kids_of(c)]
    return sorted(out, key=lambda t: t.i)


def _set_off(verb: Token) -> bool:
    """A coordinated verb after a comma and a conjunction ("led the child to a building , and opened
    the door"): the only other verb, it is a clause of its own, whose base form after an inserted "did
    not" reads as an order ("did n't lead the child to a small building , and open the door", round
    101); the last of a series stays ("did not buy the set , take it home , and have fun")."""
    doc, j = verb.doc, verb.i - 1
    while j > 0 and doc[j].pos_ == "ADV" and doc[j].head.i == verb.i:
        j -= 1  # ", and then rubbed"
    return j > 0 and doc[j].dep_ == "cc" and doc[j - 1].text == ","


#: How a finite verb without its own subject hangs on the main verb when a list of verbs is misparsed.
_LIST_DEPS = frozenset({"ccomp", "advcl", "dep", "parataxis"})  # conj: see _shared_subject_verbs


def _uncovered_verb(sent: Span, root: Token, shared: list[Token]) -> bool:
    """A finite verb after the main verb, attached to it, without its own subject and not among the
    coordinated verbs that take the base form: an asyndetic list the parser split ("watched Sondra ,
    watched the grin , watched ..."), which one inserted negation would leave half negated."""
    covered = {v.i for v in shared}
    return any(
        t.head.i == root.i
        and t.dep_ in _LIST_DEPS
        and t.tag_ in _DO_FOR_TAG
        and t.pos_ == "VERB"
        and t.i not in covered
        and not has_subject(kids_of(t))
        for t in sent[root.i - sent.start + 1 :]
    )


def _base_forms(verbs: list[Token]) -> list[Change] | None:
    """ "grabbed" -> "grab" after an inserted "did not" ("did not go to a store and grab one"), or
    None when a verb is not a regular form of a verb lemminflect knows (or is "be")."""
    out = []
    for v in verbs:
        base = base_form(v)
        if base is None or not forms(base, "VBD", "VERB"):
            return None
        out.append(Change(v.idx, v.idx + len(v.text), match_case(v.text, base), f"{v.text} -> {base} (coordinated)"))
    return out


def _manner_adverb(kids: Kids) -> bool:
    """The verb has an -ly adverb other than a sentence adverb ("accidentally broke", "ran
    quickly"): the negation would fall on the adverb, or read oddly next to it."""
    return any(
        dep == "advmod" and c.lower_.endswith("ly") and c.lower_ not in _SENTENCE_ADVERBS for c, dep in kids
    ) or any(dep == "advmod" and c.lower_ in ("suddenly", "finally", "soon", "eventually") for c, dep in kids)


def _measured(root: Token, kids: Kids) -> bool:
    """The predicate carries a quantity of time ("had been dead ten thousand years", "slept for
    ten hours", "taking him fishing every weekend"): its negation says "not that long / not
    every time", which stays consistent with the event."""
    heads = [root] + [c for c, dep in kids if dep in ("acomp", "attr", "xcomp")]
    nouns = []
    for h in heads:
        for c in h.children:
            if c.dep_ == "npadvmod" and c.pos_ == "NOUN":
                nouns.append(c)
            elif c.dep_ == "prep" and c.lower_ in ("for", "during", "throughout"):
                nouns.extend(k for k in c.children if k.dep_ == "pobj")
    for n in nouns:
        counted = any(k.dep_ == "nummod" or k.lower_ in _QUANTIFIER_DETS for k in n.children)
        if counted or (n.dep_ == "npadvmod" and n.lemma_.lower() in _TIME_NOUNS and n.tag_ == "NNS"):
            return True
    return False


def _misplaced_subject(sent: Span, root: Token, kids: Kids) -> bool:
    """The subject is not a plain one before the verb: a locative inversion the parser read as
    a subject ("Beside you lies a knife": a stranded opening preposition), a subject after the
    verb, or one set off by commas (an appositive or vocative: "Anna, Former Solar Princess,
    turned Queen"), where an inserted negation lands after the comma."""
    subj = [c for c, dep in kids if dep in ("nsubj", "nsubjpass", "expl", "csubj")]
    if any(c.i > root.i for c in subj):
        return True
    first = next((t for t in sent if not t.is_space and not t.is_punct), None)
    if (
        first is not None
        and first.lower_ in _LOCATIVES
        and first.dep_ != "mark"
        and not any(k.dep_ == "pobj" for k in first.children)
    ):
        return True
    return any(any(k.dep_ == "appos" for k in c.children) for c in subj) or any(
        dep == "npadvmod" and c.pos_ == "PROPN" for c, dep in kids
    )


def _do_support(sent: Span, root: Token, kids: Kids, style: Style, first_word: int | None) -> list[Change] | None:
    """ "went" -> "did not go", "likes" -> "does not like"; imperatives "Go" -> "Do not go".
    ``kids`` are the root's children, ``first_word`` the sentence's first non-space token."""
    if root.pos_ != "VERB":
        return None
    base = base_form(root)
    if base is None or not forms(base, "VBD", "VERB"):
        return None  # not a verb lemminflect knows ("unsure" mis-tagged as a verb)
    if base in _NO_DO_SUPPORT:
        return None  # "I do not hope", "did not use to"
    if root.tag_ in _DO_FOR_TAG:
        if not subject_before(kids, root.i):
            return None
        do = _DO_FOR_TAG[root.tag_]
    elif root.tag_ == "VB" and root.i == first_word and not has_subject(kids):
        do = "do"  # imperative
    else:
        return None
    neg = style.negative(do)
    end = root.idx + len(root.text)
    if pro_verb_do(root):  # "of course you do" -> "you do n't", not "do n't do" (round 115)
        return [Change(root.idx, end, match_case(root.text, neg), "negation inserted (pro-verb do)")]
    if do == "do" and root.tag_ == "VB":
        neg = match_case(root.text, neg)
    doc = root.doc
    first = root.i
    while first - 1 > sent.start:
        prev = doc[first - 1]
        if not (
            prev.pos_ == "ADV" and prev.head.i == root.i and prev.lower_ not in _OUTER_ADVERBS and prev.whitespace_
        ):
            break
        first -= 1
    if first < root.i:  # "he always wanted" -> "he did not always want"
        start = doc[first].idx
        middle = doc_text(doc)[start : root.idx]
        return [Change(start, end, f"{neg} {middle}{base}", "negation inserted (do-support)")]
    return [Change(root.idx, end, f"{neg} {base}", "negation inserted (do-support)")]
