"""Fragments (``_shuffle_units``): a sentence with no main finite verb of its own carries on the
sentence before it, and a shuffle must move it with that sentence (round 114: "Upon the world ."
torn from "my hour was upon us", "As it could have been ." from "my life as it should have been",
"High . School . Son ." scattered in three, "Who 's funeral I had only just returned from ." away
from "My best friend .").

A unit's first sentence is a fragment when its root is no finite verb with a subject (a noun,
adjective, adverb, interjection or prepositional phrase: "Literally .", "Whole nine yards .",
"Nothing nifty , just a plain wardrobe ."; a participle or a past tense with no subject: "Big
headed ."; an imperative with a phrase before it: "A long time , mind you ."), when it is a
subordinate clause ("As ...", "Because ...", "When ...") or opens with a relative word ("Who 's
funeral ...", "Which is why ..."), when its subject is a noun phrase the parser took for a
clause's ("The pain of knowing there was no way ...": a "there" and a subject both), or when it
repeats the noun and relative word of the sentence before ("These were people who ... . People
who were told nothing could be done ..."). Quotations, asides and starred lines are left to the
other rules of ``_shuffle_units``."""

from __future__ import annotations

import bisect
import re
from typing import TYPE_CHECKING

from ..annotation import sentence_chars, token_columns, token_strings
from ..resources.inflect import all_lemmas
from ._paratext import NOTE, SEPARATOR
from ._units import _OPENERS, Unit

if TYPE_CHECKING:
    from spacy.tokens import Doc

_FINITE = frozenset({"VBD", "VBZ", "VBP", "MD"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "csubj", "csubjpass", "expl"})
# what may come before an imperative ("Now , go .", "Please do n't .", "And stop ."): anything else
# ("A long time , mind you .") makes the verb a tag on a phrase
_BEFORE_IMPERATIVE = frozenset({"intj", "advmod", "neg", "aux", "punct", "discourse", "cc", "mark", "dep"})
_SUBORDINATORS = frozenset(
    {"as", "because", "since", "though", "although", "while", "whereas", "unless", "until", "till", "if"}
    | {"whether", "once", "before", "after", "cause", "cos", "that", "when", "whenever", "where", "wherever"}
)
# a contraction split by spaces around a curly or straight apostrophe ("wasn ’ t", "I ’ d"): misparsed
_CLITIC = re.compile(r"[\u2019'`]\s+(?:t|m|d|s|ll|ve|re)\b", re.IGNORECASE)
_OPEN_END = re.compile(r"(?:\.\.\.|\u2026|[-,:;])\s*$")
# a list number ("1 .", "2)"): the numbered list is declined as a whole (``reorder``)
_NUMBER = re.compile(r"\(?\d{1,2}\s?[.)]\s*$")
_SPEECH_ENDS = ("''", '"', "\u201d", "*")
_CLITICS = frozenset({"t", "m", "d", "s", "ll", "ve", "re"})
_APOSTROPHES = frozenset({"'", "\u2019", "`"})
_RELATIVES = frozenset({"whose", "whom", "which"})


def _finite(i: int, toks: range, tag: tuple, dep: tuple, children: tuple) -> bool:
    """Token ``i`` (a root) is a finite verb with a subject (or a noun before it the parser did not
    take for one: "The poor thirty-two year old was not ...", "In his hand was a picture"), or an
    imperative that opens its sentence."""
    kids = children[i]
    subject = any(dep[c] in _SUBJECTS for c in kids)
    if tag[i] == "VB" and subject:
        return True  # "With nothing better to do I start watching": a present tagged as a base form
    if tag[i] == "VBN" and subject and not any(dep[c] in ("aux", "auxpass") for c in kids):
        return True  # "soon too much time passed": a past tense tagged as a participle
    if tag[i] in _FINITE or any(dep[c] in ("aux", "auxpass") and tag[c] in _FINITE for c in kids):
        return subject or any(tag[t].startswith(("NN", "PRP", "CD")) for t in range(toks.start, i))
    if tag[i] == "VB" and not subject and not any(tag[c] == "TO" for c in kids):
        return all(dep[c] in _BEFORE_IMPERATIVE for c in kids if c < i)
    return False


def _verb_as_noun(i: int, lower: tuple, tag: tuple, dep: tuple, children: tuple) -> bool:
    """Root ``i`` is a verb the parser tagged as a noun, its subject as a compound ("my phone rang",
    "a bridge crosses out"): an inflected verb form with a noun compound before it."""
    lemmas = all_lemmas(lower[i], "VERB").get("VERB", ())
    compound = any(dep[c] == "compound" and c < i and tag[c].startswith("NN") for c in children[i])
    return tag[i].startswith("NN") and compound and bool(lemmas) and lower[i] not in lemmas


def _fragment(toks: range, text: str, cols: dict, strs: dict) -> bool:
    lower, head = cols["lower"], cols["HEAD"]
    tag, dep, children = strs["tag"], strs["dep"], strs["children"]
    words = [i for i in toks if any(ch.isalnum() for ch in lower[i])]
    if not words:
        return False
    first = words[0]
    roots = [i for i in toks if head[i] == i or not toks.start <= head[i] < toks.stop]
    question = text.rstrip(" '\"\u201d*)").endswith("?")
    if _NUMBER.match(text) or not any(c.islower() for c in text):  # a list number; "THE COLD PLEASE GOD"
        return False
    if _CLITIC.search(text) or any(lower[i] in _CLITICS and lower[i - 1] in _APOSTROPHES for i in words[1:]):
        return False  # "wasn ’ t", "I ’ d": the parse of a split contraction is no evidence
    if lower[first] in _RELATIVES or (lower[first] == "who" and not (dep[first] == "nsubj" and head[first] in roots)):
        return not question
    clauses = roots + [c for r in roots for c in children[r] if dep[c] in ("conj", "ccomp", "parataxis")]
    if not any(_finite(r, toks, tag, dep, children) for r in clauses):
        # a noun phrase whose relative clause swallowed the main verb ("Every tree that she touched
        # offered apples": two finite verbs) or a verb tagged as a noun is a sentence all the same
        finite = sum(tag[i] in _FINITE for i in toks)
        return finite < 2 and not any(_verb_as_noun(r, lower, tag, dep, children) for r in roots)
    root = roots[0]
    kids = children[root]
    subjects = sum(dep[i] in ("nsubj", "nsubjpass") for i in toks)
    if first in kids and lower[first] in _SUBORDINATORS and dep[first] in ("mark", "advmod") and subjects == 1:
        return not question  # "As it could have been .", "Because I said so ."; not "When I came , he left ."
    # "The pain of knowing there was no way ...": a subject before an existential "there"
    return any(dep[c] == "expl" for c in kids) and any(dep[c] == "nsubj" and c < root for c in kids)


def _repeats(toks: range, prev: range, cols: dict, strs: dict) -> bool:
    """The sentence opens with a noun and a relative word ("People who ...") the unit before has
    too ("These were people who ..."): one more item of the list that unit began."""
    lower, tag = cols["lower"], strs["tag"]
    if len(toks) < 3 or not tag[toks[0]].startswith("NN") or lower[toks[1]] not in ("who", "that", "which"):
        return False
    pair = (lower[toks[0]], lower[toks[1]])
    return any((lower[i], lower[i + 1]) == pair for i in range(prev.start, prev.stop - 1))


def join_fragments(doc: Doc, text: str, units: list[Unit]) -> list[Unit]:
    """Each movable unit whose first sentence is a fragment (see the module) joined to the movable
    unit before it on the same line; one that opens the story, a line or follows a unit that stays
    in place or an author's note is joined to the unit after it (a run of them, "High . School . Son .", too). Only in
    cased text: lower-cased (ROCStories) names and sentence starts mislead the parser."""
    if not any(c.isupper() for c in text[:200]):
        return units  # uncased text (ROCStories): the parse of "judy loved flowers" is no evidence
    cols, strs = token_columns(doc), token_strings(doc)
    idx = cols["IDX"]
    firsts = [b for a, b in sentence_chars(doc)]

    def tokens(a: int, b: int) -> range:
        return range(bisect.bisect_left(idx, a), bisect.bisect_left(idx, b))

    out: list[Unit] = []
    pending: Unit | None = None  # fragments waiting for the unit after them
    for u in units:
        frag = False
        if u.movable and not u.text.startswith(_OPENERS) and not _paratext(u.text):
            end = min(u.end, next(iter(firsts[bisect.bisect_right(firsts, u.start) :]), u.end))
            if _OPEN_END.search(text, u.start, end):  # "It ..." + "It was mine .": one sentence
                end = u.end
            toks = tokens(u.start, end)
            frag = _fragment(toks, text[u.start : end], cols, strs)
            if not frag and out and out[-1].movable and pending is None:
                frag = _repeats(toks, tokens(out[-1].start, out[-1].end), cols, strs)
        if pending is not None:
            if u.movable and "\n" not in text[pending.end : u.start]:
                u = _join(text, pending, u)
                pending = None
                if frag:  # a run still waiting
                    pending, frag = u, False
                    continue
            else:
                out.append(pending)
                pending = None
        host = out and out[-1].movable and not _paratext(out[-1].text) and not out[-1].text.endswith(_SPEECH_ENDS)
        if frag and host and "\n" not in text[out[-1].end : u.start]:
            out[-1] = _join(text, out[-1], u)
        elif frag and out and out[-1].text.endswith(_SPEECH_ENDS):
            out.append(u)  # "*Precisely . * No !": after a turn of speech, a reply, not a continuation
        elif frag:
            pending = u
        else:
            out.append(u)
    if pending is not None:
        out.append(pending)
    return out


def _paratext(text: str) -> bool:
    """An author's note or a separator: it stays in place (``_shuffle_units``), alone."""
    return bool(NOTE.search(text) or SEPARATOR.search(text))


def _join(text: str, a: Unit, b: Unit) -> Unit:
    return Unit(a.start, b.end, text[a.start : b.end], a.pieces + b.pieces, True, b.whole)
