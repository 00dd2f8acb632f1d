"""random_word_replacement with a fixed draw: fitted on a tiny corpus, then given the slot
vocabulary and verb uses a test names, so a golden test controls what can be drawn."""

from __future__ import annotations

from perturbkit import get_transform


def fixed_rwr(annotator, corpus, vocab, uses, **params):
    """The transform fitted on ``corpus`` (every word counts, every site replaced, one swap enough
    for a short story unless ``params`` say otherwise), drawing only from ``vocab``."""
    params = {"min_count": 1, "min_similarity": 0.0, "rate": 1.0, "min_short": 1, **params}
    t = get_transform("random_word_replacement", **params)
    t.fit(corpus, annotator)
    t._vocab, t._uses = vocab, uses
    return t


def outputs(t, text, annotator, seeds=6):
    """The set of variant texts (None where it declines) over ``seeds`` seeds."""
    return {None if (o := t(text, seed=s, annotator=annotator)) is None else o.text for s in range(seeds)}
