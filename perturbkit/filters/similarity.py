"""The ``similarity`` filter: keep a variant whose changed sentences mean the same as what they
replace (encoder cosine at least ``min_similarity``) in different words (BLEU-1 at most
``max_bleu1``), as OpenMEVA kept its back-translated paraphrases. The check itself is
:class:`perturbkit.transform.similarity.SimilarityCheck`, shared with the paraphrase transforms.

>>> keep = build_filter("similarity", {"min_similarity": 0.7, "max_bleu1": 0.6})   # doctest: +SKIP
>>> keep.keep_many([(original, variant), ...])                                        # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..example import Example
from ..transform.similarity import MAX_BLEU1, MIN_SIMILARITY, SimilarityCheck
from .sentences import gone_sentences, new_sentences


def compared_pair(original: str, variant: str, check: SimilarityCheck | None = None) -> tuple[str, str] | None:
    """(source, candidate) to compare for a variant: the sentences it replaced and their
    replacement; for an insertion (nothing replaced), the new sentence and the original sentence
    closest to it in meaning (the one it repeats, for a semantic repetition). None when the
    variant adds no sentence."""
    new = new_sentences(original, variant)
    if not new:
        return None
    gone = gone_sentences(original, variant)
    if gone:
        return " ".join(gone), " ".join(new)
    from ..metrics.embedding import split_sentences

    olds = split_sentences(original)
    cand = " ".join(new)
    if check is None or len(olds) == 1:
        return olds[0], cand
    cos = check.cosines(olds, [cand] * len(olds))
    return olds[max(range(len(olds)), key=cos.__getitem__)], cand


@dataclass
class SimilarityFilter:
    """Pair filter (callable on one pair, ``keep_many`` on many with one encoder call). A variant
    that adds no sentence (a deletion) has nothing to compare and is kept."""

    min_similarity: float = MIN_SIMILARITY
    max_bleu1: float = MAX_BLEU1
    model: str | None = None
    quantize: str | None = None  # "int8": the encoder in dynamic int8 on CPU (SimilarityCheck)

    def __post_init__(self) -> None:
        self.check = SimilarityCheck(self.min_similarity, self.max_bleu1, self.model, quantize=self.quantize)

    def __call__(self, original: Example, variant: Example) -> bool:
        return self.keep_many([(original, variant)])[0]

    def keep_many(self, pairs: Sequence[tuple[Example, Example]]) -> list[bool]:
        found = [compared_pair(o.text, v.text, self.check) for o, v in pairs]
        idx = [i for i, p in enumerate(found) if p is not None]
        ok = self.check.accept_many([found[i][0] for i in idx], [found[i][1] for i in idx])  # type: ignore[index]
        out = [True] * len(pairs)
        for i, k in zip(idx, ok):
            out[i] = k
        return out


def similarity(
    min_similarity: float = MIN_SIMILARITY,
    max_bleu1: float = MAX_BLEU1,
    model: str | None = None,
    quantize: str | None = None,
) -> SimilarityFilter:
    """Keep variants whose changed sentences mean the same in other words (see the module doc)."""
    return SimilarityFilter(min_similarity, max_bleu1, model, quantize)
