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
who were told nothing could be done ..."). Round 115 added "Not that ..."/"Only that ..."/"Not in
the way ..." (``_restriction``), a relative word after "Or", nouns whose verbs each have their own
subject in a relative clause ("Something I know he got from me ."), a participle's complement
("Wondering how someone like me could have ..."), a noun listed with a verb ("Work , calls , things
to do ."), an echo question ("Wait , anger ?", ``_echo``) and, in lower-cased text, only a bare
phrase (``_bare``: "her delighted laughter ringing through the air ."). Round 116 added a number or
a time alone ("7-7-7 .", "12:00AM ."), a past tense with no subject ("Ran up and clutched ...": an
imperative is a base form, ``_base``), a reported question ("Why William would n't want Wendy without
him .", ``_indirect``) and a subjectless clause before a "but" ("Not sure how long , ..., but it was a
good while ."). Round 123 added an adjective and a plural noun the parser took for a subject and
its verb ("Baggy sweats , blue eye ...", ``_noun_pair``) and a "Not" before a free relative ("Not
what I am having for breakfast , not the patch of mold ...", ``_free_relative``). Quotations, asides
and starred lines are left to the other rules of ``_shuffle_units``."""

from __future__ import annotations

import bisect
import re
from typing import TYPE_CHECKING

from ..annotation import sentence_chars, token_columns, token_strings
from ..resources.inflect import all_lemmas
from ._paratext import SEPARATOR, note_in
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
# "Not that I had any choice .", "Only that I needed to end this .", "Not in the way one would
# feel": a denial or a restriction of what the sentence before said, with no verb of its own
_RESTRICTORS = frozenset({"not", "only"})
# a wh-word that opens a sentence with no question mark and hangs on its main verb: the question
# the sentence before asked, reported ("Wendy wondered where William was . Why William would n't ...")
_WH = frozenset({"why", "how", "what", "whom"})  # "when", "where": subordinators (below)
_RELATIVE_WORDS = frozenset({"who", "whom", "whose", "which", "that", "where", "when"})
_NOMINAL = ("NN", "VBG", "VBN")
_BARE_ROOTS = frozenset({"NN", "NNS", "VBG"})  # roots an uncased fragment may have ("her laughter ringing ...")


def _base(word: str) -> bool:
    """``word`` is a verb's base form, as an imperative is ("Go", "Stop"; not "Ran": round 116,
    wp_dev-445, "Ran up and clutched the collar ..." carries on the sentence before's subject)."""
    lemmas = all_lemmas(word, "VERB").get("VERB", ())
    return not lemmas or word in lemmas


def _finite(i: int, toks: range, lower: tuple, tag: tuple, dep: tuple, children: tuple) -> bool:
    """Token ``i`` (a root) is a finite verb with a subject (or a noun before it the parser did not
    take for one: "The poor thirty-two year old was not ...", "In his hand was a picture"), or an
    imperative that opens its sentence."""
    kids = children[i]
    subject = any(dep[c] in _SUBJECTS for c in kids)
    if _noun_pair(i, lower, tag, dep, children):
        return False
    if tag[i] == "VBN" and subject and not any(dep[c] in ("aux", "auxpass") for c in kids):
        # "soon too much time passed", "Mark stiffened as ...": a past tense tagged as a participle
        # (round 116: counting it a participle joined ten sentences in 300 WP stories, for one
        # reduced relative, "An amalgamation of old parts fashioned into something new")
        return True
    if tag[i] == "VB" and subject:
        return True  # "With nothing better to do I start watching": a present tagged as a base form
    if tag[i] in _FINITE or any(dep[c] in ("aux", "auxpass") and tag[c] in _FINITE for c in kids):
        return subject or any(tag[t].startswith(("NN", "PRP", "CD")) for t in range(toks.start, i))
    if tag[i] == "VB" and not subject and not any(tag[c] == "TO" for c in kids) and _base(lower[i]):
        return all(dep[c] in _BEFORE_IMPERATIVE for c in kids if c < i)
    return False


def _noun_pair(i: int, lower: tuple, tag: tuple, dep: tuple, children: tuple) -> bool:
    """Root ``i`` is a present tense that is also a plural noun, its subject one word before it that
    is only an adjective ("Baggy sweats , blue eye ...": round 123, a list of noun phrases the parser
    took for a subject and its verb; not "Time flies", "Birds sing")."""
    if tag[i] not in ("VBZ", "VBP") or i == 0:
        return False
    subj = i - 1
    if dep[subj] != "nsubj" or subj not in children[i] or children[subj]:
        return False
    nouns = all_lemmas(lower[i], "NOUN").get("NOUN", ())
    adjective = all_lemmas(lower[subj], "ADJ").get("ADJ", ())
    other = all_lemmas(lower[subj], "NOUN").get("NOUN", ()) or all_lemmas(lower[subj], "VERB").get("VERB", ())
    return bool(nouns) and lower[i] not in nouns and bool(adjective) and not other


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
    # a list number; a shouted line ("THE COLD PLEASE GOD"), but not a number or a time ("7-7-7 .",
    # "12:00AM .": round 116, wp_dev-445), which has no word of letters alone
    shouted = not any(c.islower() for c in text) and any(w.isalpha() and len(w) > 1 for w in text.split())
    if _NUMBER.match(text) or shouted:
        return False
    if _CLITIC.search(text) or any(lower[i] in _CLITICS and lower[i - 1] in _APOSTROPHES for i in words[1:]):
        return False  # "wasn ’ t", "I ’ d": the parse of a split contraction is no evidence
    if len(words) > 1 and dep[first] == "cc" and lower[first] in ("or", "and"):
        first = words[1]  # "Or which of the superheroes were best .": a relative word after "or"
    if lower[first] in _RELATIVES or (lower[first] == "who" and not (dep[first] == "nsubj" and head[first] in roots)):
        return not question
    if _indirect(first, lower, tag, dep, head, children, roots) and not question:
        return True  # "Why William would n't want Wendy without him .": an indirect question (wp_dev-841)
    if _restriction(words, toks, lower, tag, dep, head) and not question:
        return True
    # the clauses a root of a verb heads (a noun's or a participle's complement, "Wondering how
    # someone like me could have ...", and a noun listed with a verb, "Work , calls , things to do
    # .", are none)
    clauses = roots + [c for r in roots for c in children[r] if _clause(r, c, tag, dep, children)]
    if not any(_finite(r, toks, lower, tag, dep, children) for r in clauses):
        # a noun phrase whose relative clause swallowed the main verb ("Every tree that she touched
        # offered apples": a finite verb with no subject of its own) or a verb tagged as a noun is
        # a sentence all the same; "Something I know he got from me ." (each verb with its
        # subject) is not
        return not _swallowed(toks, tag, dep, head, children) and not any(
            _verb_as_noun(r, lower, tag, dep, children) for r in roots
        )
    root = roots[0]
    kids = children[root]
    subj = [c for c in kids if dep[c] in ("nsubj", "nsubjpass") and c < root]
    rel = [s for s in subj if any(dep[r] == "relcl" for r in children[s])]
    if any(dep[c] == "cc" and head[c] in (s, root) and s < c < root for s in rel for c in range(s, root)):
        return True  # "The understanding that his mind could not retain , but could only recognize ."
    subjects = sum(dep[i] in ("nsubj", "nsubjpass") for i in toks)
    if first in kids and lower[first] in _SUBORDINATORS and dep[first] in ("mark", "advmod") and subjects == 1:
        return not question  # "As it could have been .", "Because I said so ."; not "When I came , he left ."
    # "The pain of knowing there was no way ...": a subject before an existential "there"
    return any(dep[c] == "expl" for c in kids) and any(dep[c] == "nsubj" and c < root for c in kids)


def _swallowed(toks: range, tag: tuple, dep: tuple, head: tuple, children: tuple) -> bool:
    """Two finite verbs or more, one of them in a relative clause and one with no subject of its own
    (not an auxiliary, nor a verb form listed with nouns: "Work , calls , things to do"): a main
    verb a relative clause swallowed."""
    finite = [i for i in toks if tag[i] in _FINITE and dep[i] not in ("aux", "auxpass")]
    if not any(dep[i] == "relcl" for i in finite):
        return False  # "Not sure how long , stopped keeping track ..., but it was a good while ."
    return len(finite) >= 2 and any(not _subject(i, dep, children) and not _listed(i, tag, dep, head) for i in finite)


def _subject(i: int, dep: tuple, children: tuple) -> bool:
    return any(dep[c] in _SUBJECTS for c in children[i])


def _listed(i: int, tag: tuple, dep: tuple, head: tuple) -> bool:
    """Verb ``i`` is listed with a noun ("Work , calls , things to do"): a noun tagged as a verb."""
    return dep[i] == "conj" and tag[head[i]].startswith("NN")


def _clause(r: int, c: int, tag: tuple, dep: tuple, children: tuple) -> bool:
    """Child ``c`` of root ``r`` is a clause of the sentence's own: a conjunct, complement or
    parataxis of a verb root, or a conjunct of a noun with a subject of its own; not a noun's or
    a subjectless participle's complement ("Wondering how someone like me could have ...")."""
    if dep[c] not in ("conj", "ccomp", "parataxis"):
        return False
    if dep[c] == "conj" and not tag[r].startswith(("VB", "MD", "NN")):
        return False
    if tag[r].startswith(("NN", "VBG")) and not _subject(r, dep, children):
        return dep[c] != "ccomp" and (_subject(c, dep, children) or not tag[r].startswith("NN"))
    return True


def _indirect(first: int, lower: tuple, tag: tuple, dep: tuple, head: tuple, children: tuple, roots: list) -> bool:
    """The sentence opens with "why", "how", "what" on its main verb, its subject before its verb
    ("Why William would n't want Wendy without him .": the sentence before's question, reported);
    not a question with its verb first ("Why did I open that door ."), nor a wh-word as subject."""
    if lower[first] not in _WH or head[first] not in roots or dep[first] in ("nsubj", "nsubjpass"):
        return False
    root = head[first]
    subjects = [c for c in children[root] if dep[c] in ("nsubj", "nsubjpass")]
    verbs = [c for c in children[root] if dep[c] in ("aux", "auxpass") and tag[c] in _FINITE] + [root]
    return bool(subjects) and subjects[0] < min(verbs)


def _restriction(words: list, toks: range, lower: tuple, tag: tuple, dep: tuple, head: tuple) -> bool:
    """The sentence opens with "Not" or "Only" and a "that" or a preposition, its subject before its
    verb ("Not that I had had any choice in the matter .", "Not in the way one would feel ..."; not
    "Not once did he call ." nor "Only then would she ...", where the verb comes first)."""
    if len(words) < 3 or lower[words[0]] not in _RESTRICTORS:
        return False
    if tag[words[1]] != "IN" and not _free_relative(words[1], lower, tag, dep, head):
        return False
    subjects = [i for i in toks if dep[i] in ("nsubj", "nsubjpass")]
    if not subjects:
        return False
    s = subjects[0]
    verbs = [i for i in toks if i < s and tag[i] in _FINITE]
    return not verbs


def _free_relative(w: int, lower: tuple, tag: tuple, dep: tuple, head: tuple) -> bool:
    """Word ``w`` opens a free relative, a noun phrase ("Not what I am having for breakfast , not
    the patch of mold ...": round 123): a wh-pronoun, its verb's object or complement."""
    return tag[w] in ("WP", "WDT") and dep[w] in ("dobj", "attr", "pobj") and lower[w] in ("what", "whatever")


def _repeats(toks: range, prev: range, cols: dict, strs: dict) -> bool:
    """The sentence opens with a noun and a relative word ("People who ...") the unit before has
    too ("These were people who ..."): one more item of the list that unit began."""
    lower, tag = cols["lower"], strs["tag"]
    if len(toks) < 3 or not tag[toks[0]].startswith("NN") or lower[toks[1]] not in ("who", "that", "which"):
        return False
    pair = (lower[toks[0]], lower[toks[1]])
    return any((lower[i], lower[i + 1]) == pair for i in range(prev.start, prev.stop - 1))


def _bare(toks: range, cols: dict, strs: dict) -> bool:
    """In uncased text, a bare phrase: a noun or a participle with no subject at its root and no
    finite verb but in a relative clause ("her delighted laughter ringing through the air .", an
    absolute phrase), and no noun or pronoun before a participle root ("judy loved flowers")."""
    lower, head = cols["lower"], cols["HEAD"]
    tag, dep, children = strs["tag"], strs["dep"], strs["children"]
    roots = [i for i in toks if head[i] == i or not toks.start <= head[i] < toks.stop]
    if len(roots) != 1 or tag[roots[0]] not in _BARE_ROOTS or _subject(roots[0], dep, children):
        return False
    root = roots[0]
    if not tag[root].startswith("NN") and any(tag[i].startswith(("NN", "PRP", "CD")) for i in range(toks.start, root)):
        return False
    if not any(lower[i].isalpha() for i in toks) or tag[toks.start] in ("VB", "UH"):
        return False

    def relative(i: int) -> bool:  # inside a relative clause that opens with a relative word
        while i != root and toks.start <= i < toks.stop:
            if dep[i] == "relcl":
                return any(lower[c] in _RELATIVE_WORDS for c in children[i] if c < i)
            i = head[i]
        return False

    # a past tense tagged as a participle ("brittany practiced all year", "the kept opening bottle"),
    # a bare verb ("their willingness to help blew up"), a name ("harry tutored kevin", "jeff swings")
    # or a noun compound ("tom pet the tiger"): a misparsed sentence
    if any(tag[i] in ("VBN", "NNP", "NNPS") or (tag[i] == "VB" and lower[i - 1] != "to") for i in toks):
        return False
    if any(dep[c] == "compound" for c in children[root]):
        return False
    return not any(tag[i] in _FINITE and not relative(i) for i in toks)


def _echo(toks: range, prev: range, cols: dict, strs: dict) -> bool:
    """A question with no finite verb whose words after its first comma the unit before holds: a
    word of it echoed ("... as his anger further shrank ." + "Wait , anger ?")."""
    lower, tag = cols["lower"], strs["tag"]
    if not lower[toks.stop - 1] == "?" or any(tag[i] in _FINITE for i in toks):
        return False
    comma = next((i for i in toks if lower[i] == ","), None)
    if comma is None:
        return False
    rest = [lower[i] for i in range(comma + 1, toks.stop) if lower[i].isalpha()]
    had = {lower[i] for i in prev}
    return bool(rest) and all(w in had for w in rest)


def join_fragments(doc: Doc, text: str, units: list[Unit]) -> list[Unit]:
    """Each movable unit whose first sentence is a fragment (see the module) joined to the movable
    unit before it on the same line; one that opens the story, a line or follows a unit that stays
    in place or an author's note is joined to the unit after it (a run of them, "High . School . Son .", too). In lower-cased
    text (ROCStories) names and sentence starts mislead the parser: only a bare phrase (``_bare``)."""
    # uncased text (ROCStories): the parse of "judy loved flowers" is no evidence but of a bare phrase
    uncased = not any(c.isupper() for c in text[:200])
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
            frag = _bare(toks, cols, strs) if uncased else _fragment(toks, text[u.start : end], cols, strs)
            if not frag and not uncased and out and out[-1].movable and pending is None:
                prev = tokens(out[-1].start, out[-1].end)
                frag = _repeats(toks, prev, cols, strs) or _echo(toks, prev, cols, strs)
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
    return bool(note_in(text) or SEPARATOR.search(text))


def _join(text: str, a: Unit, b: Unit) -> Unit:
    return Unit(a.start, b.end, text[a.start : b.end], a.pieces + b.pieces, True, b.whole)
