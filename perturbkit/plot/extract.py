"""Plot extraction: a storyline of keyword phrases per sentence (RAKE-style), or for long stories a
verb-argument plot (predicate with its subject and object) from the dependency parse.

RAKE (Rose et al. 2010) splits text into candidate phrases at stop words and punctuation and scores
a phrase by the sum of its words' degree/frequency. Here the splitting uses spaCy's parse (function
words, pronouns, auxiliaries and stop-listed adverbs split; verbs, nouns, adjectives and adverbs
stay), the scores are computed within each sentence, and a phrase is kept only when it holds a verb
or a noun, as the ROC storylines of the Plot-guided work keep them.

>>> ex = PlotExtractor()
>>> ex("Tobias planned a camping trip. He asked his dad. His dad refused.").storyline()  # doctest: +SKIP
'tobias planned\\tcamping trip\\t#\\tasked\\tdad\\t#\\tdad refused'
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..annotation import Annotator, Level, default_annotator
from ..example import Example, as_example
from .model import Plot

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

#: Parts of speech that may stand in a keyword phrase; other tokens split phrases.
PHRASE_POS = frozenset({"VERB", "NOUN", "PROPN", "ADJ", "ADV"})
#: A kept phrase holds at least one of these.
HEAD_POS = frozenset({"VERB", "NOUN", "PROPN"})
_SUBJ = frozenset({"nsubj", "nsubjpass"})
_OBJ = frozenset({"dobj", "attr", "oprd", "dative"})


@dataclass
class PlotExtractor:
    """Extract a :class:`Plot` from a story.

    ``max_items``: keyword phrases kept per sentence (highest RAKE scores, in sentence order);
    ``max_words``: longest phrase; ``long_sentences``: stories with at least this many sentences get
    a verb-argument plot instead (``kind="verb_args"``), at most ``max_items`` predicates a sentence.
    """

    max_items: int = 3
    max_words: int = 3
    long_sentences: int = 10
    head_pos: frozenset[str] = HEAD_POS
    annotator: Annotator | None = None

    def __call__(self, story: str | Example) -> Plot:
        """The plot of one story (a string or an Example; its id goes to ``meta["id"]``)."""
        ex = as_example(story)
        ann = self.annotator or default_annotator()
        return self.from_doc(ann.parse(ex.text, Level.PARSE) if ex.text.strip() else None, ex)

    def batch(self, stories: Iterable[str | Example]) -> list[Plot]:
        """Plots of many stories, parsed in one batched pass."""
        exs = [as_example(s) for s in stories]
        ann = self.annotator or default_annotator()
        ann.pipe([e.text for e in exs if e.text.strip()], Level.PARSE)
        return [self(e) for e in exs]

    def from_doc(self, doc: Doc | None, ex: Example | None = None) -> Plot:
        """The plot of a parsed story (empty for an empty text)."""
        meta: dict[str, Any] = {"id": ex.id} if ex is not None else {}
        sents = list(doc.sents) if doc is not None else []
        long = len(sents) >= self.long_sentences
        verbs: dict[str, str] = {}
        items = [self._verb_args(s, verbs) if long else self._keywords(s, verbs) for s in sents]
        meta.update(extractor="verb_args" if long else "rake", verbs=verbs)
        return Plot(tuple(tuple(i) for i in items), kind="verb_args" if long else "keywords", meta=meta)

    # ------------------------------------------------------------------ keywords
    def _phrases(self, sent: Span) -> list[list[Token]]:
        phrases: list[list[Token]] = [[]]
        for tok in sent:
            keep = tok.pos_ in PHRASE_POS and tok.text.isalpha() and not tok.is_stop
            if keep and len(phrases[-1]) < self.max_words:
                phrases[-1].append(tok)
            elif keep:
                phrases.append([tok])
            elif phrases[-1]:
                phrases.append([])
        return [p for p in phrases if p and any(t.pos_ in self.head_pos for t in p)]

    def _keywords(self, sent: Span, verbs: dict[str, str]) -> list[str]:
        phrases = self._phrases(sent)
        freq: dict[str, int] = defaultdict(int)
        degree: dict[str, int] = defaultdict(int)
        for p in phrases:
            for t in p:
                freq[t.lower_] += 1
                degree[t.lower_] += len(p)
        scored = [(sum(degree[t.lower_] / freq[t.lower_] for t in p), -k) for k, p in enumerate(phrases)]
        best = sorted(sorted(scored, reverse=True)[: self.max_items], key=lambda s: -s[1])
        out = []
        for _, neg_k in best:
            p = phrases[-neg_k]
            verbs.update({t.lower_: t.lemma_.lower() for t in p if t.pos_ == "VERB"})
            text = " ".join(t.lower_ for t in p)
            if text not in out:
                out.append(text)
        return out

    # ------------------------------------------------------------------ verb-argument
    def _verb_args(self, sent: Span, verbs: dict[str, str]) -> list[str]:
        out = []
        for tok in sent:
            if tok.pos_ != "VERB" or len(out) >= self.max_items:
                continue
            subj = next((c for c in tok.children if c.dep_ in _SUBJ), None)
            obj = next((c for c in tok.children if c.dep_ in _OBJ), None)
            if obj is None:  # "went to the store": the object of the first preposition
                prep = next((c for c in tok.children if c.dep_ == "prep"), None)
                obj = next((c for c in prep.children if c.dep_ == "pobj"), None) if prep is not None else None
            verbs[tok.lower_] = tok.lemma_.lower()
            parts = [_phrase(subj), tok.lower_, _phrase(obj)]
            out.append(" ".join(p for p in parts if p))
        return out


def _phrase(tok: Token | None) -> str:
    """A noun with its compound modifiers (``apartment lobby``); '' for None."""
    if tok is None:
        return ""
    words = [c.lower_ for c in tok.lefts if c.dep_ == "compound"] + [tok.lower_]
    return " ".join(words)


def extract_plots(stories: Sequence[str | Example], **params: Any) -> list[Plot]:
    """Shorthand for ``PlotExtractor(**params).batch(stories)``."""
    return PlotExtractor(**params).batch(stories)
