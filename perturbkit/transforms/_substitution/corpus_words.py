"""``random_word_replacement``'s parts: the nouns and verbs a random corpus word may replace, the
corpus vocabulary per slot (Penn tag and verb frame, as for keyword substitution: a verb with a
direct object is replaced by a verb seen with one, "needed to use" never by "won to use"), and the
draw and edit of one replacement."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...annotation import hyphen_glued, per_doc, token_columns, token_strings
from ...resources.inflect import all_lemmas
from ...transform import Change
from ...transform.substitution import replaceable_indices
from ...transform.words import indefinite_article, match_case
from .corpus_distance import NounUses, distant_swap
from .corpus_sites import (
    adjective_noun,
    cited_tokens,
    expletive_noun,
    gerund_site,
    note_tokens,
    particle_noun,
    reduced_relative,
    tense_clash,
    verbal_ing,
)
from .corpus_verbs import VerbUses, verb_fits, verb_site_ok
from .keywords import Slot, form_like_ok, keyword_observations, keyword_slot, known, number_clash
from .mask_units import unit_tokens

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

_LIGHT_VERBS = frozenset({"be", "have", "do", "get", "let", "make", "go", "say"})
REPLACE_TAGS = {"NOUN": frozenset({"NN", "NNS"}), "VERB": frozenset({"VB", "VBD", "VBG", "VBN", "VBP", "VBZ"})}
_NAME_BLOCKERS = frozenset({"det", "poss", "nummod", "amod", "compound", "quantmod"})
#: Nouns that mostly measure, order or frame another noun or make an idiom ("a pair of", "some
#: kind of", "next time", "the middle of", "a lot"): a random word in their place reads as
#: garbled, not as an unrelated word.
_FRAME_NOUNS = frozenset(
    "time way lot bit kind sort type pair couple number end rest middle part piece thing side top bottom "
    "front back lots bunch group amount age ages".split()
)
#: Nouns vague enough to stand for nearly any other ("brandished knives" -> "brandished items",
#: roc-777, round 112): never drawn, a story with one in place of its own word reads as vaguer,
#: not as unrelated.
_VAGUE_NOUNS = frozenset("item object stuff matter entity belonging possession".split())
#: Nouns that live in one fixed phrase in any corpus ("for her sake", "on his behalf", "in lieu of"):
#: never drawn, whatever the fitted corpus shows ("stared at the sake", round 124, wp-1187).
_PHRASE_NOUNS = frozenset("sake behalf lieu dint avail".split())
#: Pieces of web addresses and file names that a corpus of posts holds as words (round 105: "in
#: greater https" from a link); WordNet knows some ("http"), none reads as a story's word.
_WEB_PIECES = frozenset("http https www com org net html htm php jpg jpeg png gif pdf url imgur reddit".split())
_QUOTES = frozenset({"''", "``", '"', "\u201c", "\u201d", "'"})
#: Corpus slots: (Penn tag, verb frame or "a"), as :func:`keyword_slot` reads them.
SlotVocabulary = dict[Slot, list[tuple[str, str]]]


@functools.lru_cache(maxsize=8192)
def _known(lemma: str, pos: str) -> bool:
    """Whether lemminflect's lexicon has ``lemma`` as a ``pos`` (drops tagger errors like "to sunscreen")."""
    return lemma in all_lemmas(lemma, pos).get(pos, ())


@per_doc
def corpus_replaceable(doc: Doc) -> tuple[int, ...]:
    """Nouns and verbs a random corpus word may replace, read from the per-Doc token table: not
    stop words, entities or light verbs ("be", "make"), not a bare singular noun as subject or
    possessor (in lower-cased corpora nearly always a name the tagger took for a noun: "cody
    was ..."), not a verb with a particle, known to lemminflect, not part of a hyphenated word."""
    cols, strs = token_columns(doc), token_strings(doc)
    text, pos, tag, dep, kids = strs["text"], strs["pos"], strs["tag"], strs["dep"], strs["children"]
    alpha, stop, ent, lemma = cols["IS_ALPHA"], cols["IS_STOP"], cols["ENT_TYPE"], cols["lemma"]
    start, glued = cols["SENT_START"], hyphen_glued(doc)
    n = len(text)
    out = []
    for i in range(n):
        p, t = pos[i], tag[i]
        if (
            p not in REPLACE_TAGS
            or t not in REPLACE_TAGS[p]
            or not alpha[i]
            or stop[i]
            or ent[i]
            or lemma[i] in _LIGHT_VERBS
            or len(text[i]) < 2
        ):
            continue
        deps = [dep[k] for k in kids[i]]
        if (
            t == "NN"
            and not any(d in _NAME_BLOCKERS for d in deps)
            and (dep[i] in ("nsubj", "nsubjpass", "poss", "appos") or i == 0 or start[i] == 1)
        ):
            continue
        if "prt" in deps or not _known(lemma[i], p):
            continue
        if i in glued:
            continue
        out.append(i)
    return tuple(out)


@per_doc
def slot_replaceable(doc: Doc) -> tuple[int, ...]:
    """The :func:`corpus_replaceable` words whose slot a corpus word can fill without garbling the
    sentence: also plain content words for the substitution base (no part of a compound, fixed
    expression or phrasal verb: "sports drinks", "next time", "fell asleep"), not a frame noun
    ("a pair of", "some kind of"), not a noun with an "of" complement or an infinitive ("the
    middle of the room", "time to flee"), not a noun heading a clause (a verb the tagger took for
    a noun: "people around me cheer"), not a lower-cased first name, not a speaker label ("Human:"),
    not an imperative that stands alone ("Look, ...") and no verb outside a plain frame
    (:func:`~.corpus_verbs.verb_site_ok`: "I think he is", "come visit"); no gerund and no word of
    a multiword unit (:mod:`.corpus_sites`: "recommend learning", "in case you ..."), no word cited
    in quotation marks and no noun with its particle ("a night out", round 112); no expletive "the
    hell" and no bare noun WordNet knows mostly as an adjective ("not to mention cunning", round 122);
    no word of the author's note or after it, no past verb coordinated with a present one and no
    reduced relative's participle (round 123, :mod:`.corpus_sites`)."""
    strs, cols = token_strings(doc), token_columns(doc)
    text, pos, tag, dep, kids = strs["text"], strs["pos"], strs["tag"], strs["dep"], strs["children"]
    lower, lemma = cols["lower"], cols["lemma"]
    base = {i for i, _ in replaceable_indices(doc, tuple(REPLACE_TAGS))}
    units = frozenset(unit_tokens(doc)) | frozenset(cited_tokens(doc)) | frozenset(note_tokens(doc))
    n = len(text)
    out = []
    for i in corpus_replaceable(doc):
        nxt = text[i + 1] if i + 1 < n else ""
        if i not in base or i in units or nxt == ":" or not known(lemma[i], pos[i]) or gerund_site(doc, i):
            continue
        if pos[i] == "NOUN" and number_clash(doc, i):
            continue  # "a dead species" tagged plural -> "a dead years" (round 124, wp-308)
        child = {(dep[k], lower[k]) for k in kids[i]}
        deps = {d for d, _ in child}
        if pos[i] == "NOUN" and (
            particle_noun(doc, i)
            or expletive_noun(doc, i)
            or adjective_noun(doc, i)
            or lemma[i] in _FRAME_NOUNS
            or ("prep", "of") in child
            or deps & {"acl", "nsubj", "relcl", "aux"}
        ):
            continue
        if tag[i] == "VB" and dep[i] == "ROOT" and nxt in (",", "!", ".", "?") and not deps - {"punct"}:
            continue
        if tag[i] in ("VBG", "VBN") and dep[i] in ("amod", "acl", "compound"):
            continue  # a participle modifying a noun ("a speeding ticket", "fifty cents left")
        if pos[i] == "VERB" and any(text[j] in _QUOTES for j in range(max(0, i - 3), min(n, i + 3))):
            continue  # a speech verb beside its quotation ("'' Trillian groaned , ``")
        if pos[i] == "VERB" and (tense_clash(doc, i) or reduced_relative(doc, i)):
            continue  # "sit ... and read" tagged VBD; "food served at ..." read as a clause (round 123)
        if pos[i] == "VERB" and not verb_site_ok(doc, i):
            continue
        out.append(i)
    return tuple(out)


def corpus_vocabulary(docs: Iterable[Doc], size: int, min_count: int) -> SlotVocabulary:
    """Slot -> (word, lemma) of the corpus's noun and verb forms seen at least ``min_count`` times
    in it, their lemma seen twice as often with the slot's frame, the ``size`` most frequent per
    slot, sorted. Draws are uniform: a random word, not a likely one."""
    counts: dict[Slot, Counter[tuple[str, str]]] = {}
    frames: Counter[tuple[str, str]] = Counter()
    for doc in docs:
        for slot, word, lemma, pos in keyword_observations(doc):
            if (
                pos in REPLACE_TAGS
                and slot[0] in REPLACE_TAGS[pos]
                and word.isalpha()
                and known(lemma, pos)
                and lemma not in _FRAME_NOUNS
                and word.lower() not in _WEB_PIECES
            ):
                counts.setdefault(slot, Counter())[word, lemma] += 1
                frames[lemma, slot[1]] += 1
    vocab: SlotVocabulary = {}
    for slot, c in counts.items():
        kept = sorted(
            (w, lem)
            for (w, lem), m in c.most_common(size)
            if m >= min_count
            and frames[lem, slot[1]] >= 2 * min_count
            and form_like_ok(w, lem, slot[0], _upos(slot[0]))
        )
        if kept:
            vocab[slot] = kept
    return vocab


def _upos(tag: str) -> str:
    return "NOUN" if tag.startswith("NN") else "VERB"


def draw_word(
    rng: random.Random,
    vocab: SlotVocabulary,
    tok: Token,
    uses: VerbUses | None = None,
    nouns: NounUses | None = None,
    bound: frozenset[str] = frozenset(),
) -> str | None:
    """A word of ``tok``'s slot in ``vocab``, of another lemma than ``tok``'s and, for a verb, one
    that fits its frame by the corpus's ``uses`` (:func:`~.corpus_verbs.verb_fits`); far from
    ``tok`` in sense and use (:func:`~.corpus_distance.distant_swap`, by the corpus's ``nouns``);
    never a vague noun ("items") or a lemma of ``bound`` (nouns the corpus uses only in a fixed
    phrase: "avail") and, for a noun, no verb's -ing form ("wayward crying"); None when the slot has none or after ten draws without one."""
    pool = vocab.get(keyword_slot(tok.doc, tok.i))
    if not pool:
        return None
    own = tok.lemma_.lower()
    for _ in range(10):
        word, lemma = pool[rng.randrange(len(pool))]
        if (
            lemma != own
            and word != tok.lower_
            and lemma not in bound
            and lemma not in _VAGUE_NOUNS
            and lemma not in _PHRASE_NOUNS
            and not (tok.pos_ == "NOUN" and verbal_ing(word.lower()))  # "wayward crying" (round 123)
            and (tok.pos_ != "VERB" or verb_fits(tok, lemma, uses or {}))
            and distant_swap(tok, lemma, nouns)
        ):
            return word
    return None


def corpus_word_changes(doc: Doc, tok: Token, new: str) -> list[Change]:
    """Changes replacing ``tok`` by ``new`` (cased like it), fixing a determiner "a"/"an" before it."""
    new = match_case(tok.text, new)
    changes = []
    prev = doc[tok.i - 1] if tok.i > 0 else None
    if prev is not None and prev.lower_ in ("a", "an") and prev.pos_ == "DET":
        art = indefinite_article(new)
        if art != prev.lower_:
            changes.append(Change(prev.idx, prev.idx + len(prev), match_case(prev.text, art), "a/an agreement"))
    changes.append(Change(tok.idx, tok.idx + len(tok), new, f"{tok.text} -> {new} ({tok.tag_})"))
    return changes
