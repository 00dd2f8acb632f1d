"""SLOR acceptability under a causal LM: how much likelier the LM finds a text than its word
frequencies alone predict, per word (Pauls & Klein 2012; Lau et al. 2017):

    SLOR(s) = (log p_LM(s) - log p_unigram(s)) / len(s)

Frequent words do not make a sentence look acceptable and rare ones do not make it look broken;
scrambled, truncated and shuffled sentences score low. ``log p_LM`` comes from the batched NLL code
of :class:`~perturbkit.metrics.perplexity.Perplexity` (same start token, same model loading); the
unigram log-probabilities from the ``wordfreq`` package (English, offline), or from word counts of
a text file the user gives (``unigrams="corpus.txt"``, add-one smoothed). Higher is better.

>>> Slor()(["He went home.", "home He . went"])                    # doctest: +SKIP
[3.1, -1.4]
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..resources.errors import ResourceMissing
from .perplexity import Perplexity

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")
_MASK = re.compile(r"\[(?:MALE|FEMALE|NEUTRAL)\]", re.I)
WORDFREQ_INSTALL = "pip install wordfreq   (or give unigrams='a text file' to count words from)"
FLOOR = 1e-9  # frequency of a word wordfreq has never seen


def words(text: str) -> list[str]:
    """Lower-cased words (masked names count as the word ``name``)."""
    return _WORD.findall(_MASK.sub("name", text).lower())


class Unigrams:
    """log p(word) from wordfreq (``source=None``) or from add-one smoothed counts of a text file."""

    def __init__(self, source: str | None = None) -> None:
        self.source = source
        self._memo: dict[str, float] = {}
        if source is None:
            try:
                import wordfreq
            except ImportError as exc:
                raise ResourceMissing("word frequencies for SLOR", WORDFREQ_INSTALL, str(exc)) from None
            self._freq: Any = lambda w: wordfreq.word_frequency(w, "en", minimum=FLOOR)
            return
        path = Path(source).expanduser()
        if not path.is_file():
            raise ResourceMissing(f"unigram corpus {source!r}", "give an existing text file", "no such file")
        counts = Counter(words(path.read_text(encoding="utf-8", errors="replace")))
        total = sum(counts.values()) + len(counts) + 1
        self._freq = lambda w: (counts.get(w, 0) + 1) / total

    def logprob(self, text: str) -> tuple[float, int]:
        """Summed natural-log unigram probability of the text's words, and their number."""
        ws = words(text)
        out = 0.0
        for w in ws:
            lp = self._memo.get(w)
            if lp is None:
                lp = self._memo[w] = math.log(self._freq(w))
            out += lp
        return out, len(ws)


@dataclass(repr=False)
class Slor(Perplexity):
    """SLOR per text (contexts are ignored: acceptability is a property of the text alone). A text
    without words scores ``empty_score``."""

    unigrams: str | None = None  # None: wordfreq (English); else a text file to count words from
    empty_score: float = -10.0

    name = "slor"

    def __post_init__(self) -> None:
        super().__post_init__()
        self.use_context = False
        self.uses = ()
        self._uni: Unigrams | None = None

    def params(self) -> dict[str, Any]:
        src = self.unigrams
        label = "wordfreq" if src is None else str(Path(src).expanduser().resolve())
        return {**super().params(), "mode": "slor", "unigrams": label, "empty_score": self.empty_score}

    def setup(self) -> None:
        super().setup()
        if self._uni is None:
            self._uni = Unigrams(self.unigrams)

    def score_batch(self, texts, contexts=None, references=None):
        self.setup()
        enc = [self.encode(t, None) for t in texts]
        nll_sum, n_tok = self._nll_shared(enc) if (self.sharing() and self._can_share()) else self._nll(enc)
        out = []
        for t, s, n in zip(texts, nll_sum.tolist(), n_tok.tolist()):
            uni, n_words = self._uni.logprob(t)  # type: ignore[union-attr]
            out.append(self.empty_score if n == 0 or n_words == 0 else (-s - uni) / n_words)
        return out
