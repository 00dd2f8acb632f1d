"""Where ``repeat_ngram`` doubles nothing: text a careful reader could take the doubling as part of
(WritingPrompts readings, round 99), and speaker labels a doubling would corrupt.

- a shouted span: a run of all-caps words in cased text ("OINK OINK I LOVE MY BURGERS !"), and a
  span that already says a word again at once ("OINK OINK", "no , no", "over and over") or says
  three words in a row again within seven words, twelve if one is a content word (a chant, a
  refrain, an anaphora: "we will not retreat , we will not falter"): one more doubling reads as
  the same babble (wp_dev-460);
- a passage written badly on purpose: a sentence with two or more distinct misspelt words (words
  no dictionary knows: "my cloths and this jornal"), and the sentences up to two either side of it
  (wp_dev-983, a diary whose misspellings show the writer's illiteracy);
- a speaker label ("Mindflexo : Hey man") or a heading ("Day 7239 :"): no n-gram ending in one is
  doubled ("Mindflexo and Mindflexo :", wp_dev-591), and a story in script form (two speakers or
  more labelled so) is left alone.

A span is a sentence, or the whole quotation (up to 40 words) a sentence is part of, and the tag right
after a declined quotation is declined with it.
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING

from ..annotation import doc_text, per_doc, sentence_bounds, token_columns, token_strings
from ..resources.inflect import all_lemmas
from ..resources.spacy_model import dictionary_words
from ._quotes import speech_spans

if TYPE_CHECKING:
    from spacy.tokens import Doc

# two all-caps words of two letters or more, side by side (an "I" or "A" may stand between them)
_SHOUTED = re.compile(r"\b[A-Z]{2,}(?:[\s,-]+(?:I|A))*[\s,-]+[A-Z]{2,}\b")
# a word said again at once ("OINK OINK", "no , no", "ho ho", "bye-bye") or joined to itself ("over and over")
_SAID_AGAIN = re.compile(r"\b([^\W\d_]+)(?:[\s,!\u2026-]+|\s+(?:and|or)\s+)\1\b", re.IGNORECASE)
# "he had had enough", "that that was all", "when he opened it , it made no noise"
_GRAMMATICAL = frozenset("had that it he she they we you i him her them us me this there then".split())
_WORDS = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)?")
_REFRAIN = 3  # words in a row said twice in a span, the second time within _REFRAIN_GAP words of the first
# ("I should have done better I should have ate better", "fight with me , fight with me"; not the
# parallel clauses of "that he had been young and proud , and that he had thrown"); 12 words when
# the three hold a content word ("wrapped up in the ball of anger – wrapped up in a ball of ...")
_REFRAIN_GAP, _REFRAIN_GAP_CONTENT = 7, 12
_SHORT_QUOTE = 40  # words: a quotation this short is one span (a chant); a longer one, a speech, is not
_OPEN_CLASS = frozenset({"NOUN", "VERB", "ADJ", "ADV", "PROPN", "X"})
_MISSPELT = 2  # distinct misspelt words that make a sentence badly written
_REACH = 2  # sentences either side of a badly written one that are declined too
# a speaker label: one to three capitalised words and a colon, then the turn ("Mindflexo : Hey")
_LABEL = re.compile(r"(?<![\w'\u2019])((?:[A-Z][\w'\u2019.-]* ){0,2}[A-Z][A-Za-z'\u2019.-]*) ?:(?=\s+\S)")
_LABEL_WORDS = 3
_CLOSERS = ("''", '"', "\u201d", "'", "\u2019", "*")
_BEFORE_APOSTROPHE = re.compile(r"\s*['\u2019]")
_NOT_SPEAKERS = frozenset({"edit", "update", "note", "ps", "p.s.", "warning", "chapter", "part", "day"})


def _says_again(span: str) -> bool:
    from spacy.lang.en.stop_words import STOP_WORDS  # here: importing spaCy is heavy

    if any(m.group(1).lower() not in _GRAMMATICAL for m in _SAID_AGAIN.finditer(span)):
        return True
    words = [w.lower() for w in _WORDS.findall(span)]
    last: dict[tuple[str, ...], int] = {}
    for i in range(len(words) - _REFRAIN + 1):
        gram = tuple(words[i : i + _REFRAIN])
        gap = _REFRAIN_GAP if all(w in STOP_WORDS for w in gram) else _REFRAIN_GAP_CONTENT
        if gram in last and i - last[gram] < gap:
            return True
        last[gram] = i
    return False


def _misspelt(doc: Doc, text: str, a: int, b: int) -> bool:
    """Whether tokens [a, b) hold ``_MISSPELT`` distinct lower-case content words that neither
    WordNet (through spaCy's lemmatizer tables: the word or its lemma) nor lemminflect knows; not a
    stop word, a name, a piece of a hyphenated word ("lo-fi") or of a contraction ("didn ' t")."""
    words = dictionary_words()
    cols, strs = token_columns(doc), token_strings(doc)
    found = set()
    for i in range(a, b):
        w = strs["text"][i]
        if not (cols["IS_ALPHA"][i] and w.islower() and len(w) > 1 and strs["pos"][i] in _OPEN_CLASS):
            continue
        if cols["IS_STOP"][i] or cols["ENT_TYPE"][i] or w in words or cols["lemma"][i] in words:
            continue
        start, end = cols["IDX"][i], cols["IDX"][i] + cols["LENGTH"][i]
        if text[start - 1 : start] == "-" or text[end : end + 1] == "-" or _BEFORE_APOSTROPHE.match(text, end):
            continue
        if not all_lemmas(w):
            found.add(w)
    return len(found) >= _MISSPELT


@per_doc
def declined_sentences(doc: Doc) -> frozenset[int]:
    """First tokens of the sentences of ``doc`` (:func:`sentence_bounds`) where no n-gram is doubled:
    shouted, already repeating, or in a badly written passage (see the module's docstring). The
    shouting and spelling tests need cased text: in lower-cased (ROCStories) or all-caps text a
    name reads as a misspelling, and every word as shouted."""
    text = doc_text(doc)
    cased = any(c.islower() for c in text) and any(c.isupper() for c in text)
    bounds = sentence_bounds(doc)
    idx, length = token_columns(doc)["IDX"], token_columns(doc)["LENGTH"]
    quotes = speech_spans(text)
    out = set()
    tag = False  # the sentence starts right after a declined quotation: its tag ("'' I shout .")
    for a, b in bounds:
        lo, hi = idx[a], idx[b - 1] + length[b - 1]
        for qa, qb in quotes:
            if qa < hi and lo < qb and len(text[qa:qb].split()) <= _SHORT_QUOTE:
                lo, hi = min(lo, qa), max(hi, qb)
        span = text[lo:hi]
        if tag is not False and not text[tag : idx[a]].strip():
            out.add(a)
        tag = False
        if (cased and _SHOUTED.search(span)) or _says_again(span):
            out.add(a)
            tag = hi if text[:hi].rstrip().endswith(_CLOSERS) else False
    if cased:
        bad = [k for k, (a, b) in enumerate(bounds) if _misspelt(doc, text, a, b)]
        out.update(bounds[j][0] for k in bad for j in range(max(0, k - _REACH), min(len(bounds), k + _REACH + 1)))
    return frozenset(out)


@per_doc
def label_ends(doc: Doc) -> frozenset[int]:
    """Tokens an n-gram may not end on: the words of a label or heading before a colon, capitalised
    or numbers, up to three ("Mindflexo :", "Emerald Torch :", "Day 7239 :")."""
    text = doc_text(doc)
    cols = token_columns(doc)
    idx, num, alpha = cols["IDX"], cols["LIKE_NUM"], cols["IS_ALPHA"]
    out = set()
    for c in range(1, len(idx)):
        if text[idx[c]] != ":":
            continue
        for i in range(c - 1, max(-1, c - 1 - _LABEL_WORDS), -1):
            if not (num[i] or (alpha[i] and text[idx[i]].isupper())):
                break
            out.add(i)
    return frozenset(out)


@per_doc
def script_form(doc: Doc) -> bool:
    """A story written as a script: two speakers or more labelled "Name :" (wp_dev-591)."""
    names = {m.group(1).split()[-1].lower() for m in _LABEL.finditer(doc_text(doc))}
    return len(names - _NOT_SPEAKERS) >= 2


Candidates = dict[int, tuple[tuple[int, int, tuple[int, ...]], ...]]  # n -> (sentence start, end, n-gram starts)


def _draw(found: Candidates, sizes: tuple[int, ...], rng: random.Random) -> tuple[int, int, int] | None:
    by_size = {n: found[n] for n in sizes if n in found}
    if not by_size:
        return None
    n = rng.choice(sorted(by_size))
    sent_start, _, cands = rng.choice(by_size[n])
    return n, sent_start, rng.choice(cands)


def draw_ngram(doc: Doc, found: Candidates, sizes: tuple[int, ...], rng: random.Random) -> tuple[int, int, int] | None:
    """(n, sentence start, first token) of the n-gram to double: a size, a sentence with n-grams of
    that size and one of them, drawn from ``found`` as if nothing were declined, so that a story
    these limits do not touch keeps the doubling it had; drawn again among the n-grams left when
    the draw falls in a declined sentence or ends on a label."""
    pick = _draw(found, sizes, rng)
    declined, labels = declined_sentences(doc), label_ends(doc)
    if pick is None or (pick[1] not in declined and pick[2] + pick[0] - 1 not in labels):
        return pick
    left: dict[int, list] = {}
    for n, sents in found.items():
        for a, b, cands in sents:
            kept = tuple(c for c in cands if c + n - 1 not in labels)
            if a not in declined and kept:
                left.setdefault(n, []).append((a, b, kept))
    return _draw({n: tuple(v) for n, v in left.items()}, sizes, rng)
