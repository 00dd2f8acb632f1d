"""Checks and hypothesis strategies shared by the discourse/relatedness/MARS/UNION transform tests."""

from __future__ import annotations

from hypothesis import strategies as st

from perturbkit.example import Example, replay_edits

WORDS = [
    "he",
    "she",
    "Tom",
    "[MALE]",
    "[FEMALE]",
    "[NEUTRAL]",
    "ate",
    "left",
    "because",
    "so",
    "since",
    "after",
    "before",
    "when",
    "then",
    "Then",
    "So",
    "later",
    "early",
    "first",
    "the",
    "a",
    "an",
    "cat",
    "did",
    "n't",
    "'s",
    "morning",
    "started",
    "crying",
    "cause",
    "of",
    "result",
    "in",
    "led",
    "to",
    "ROC",
    "I",
    "😀",
    "é",
    "naïve",
    "Ünïcödé",
    "",
    "  ",
]
PUNCT = [".", ",", "!", "?", " .", " ,", "\n", "'", '"', "...", ";"]


def texts() -> st.SearchStrategy[str]:
    """Arbitrary text plus story-like text: tokenised, masked names, all caps, one-word sentences."""
    wordy = st.lists(st.one_of(st.sampled_from(WORDS), st.sampled_from(PUNCT)), max_size=40).map(" ".join)
    sentences = st.lists(
        st.lists(st.sampled_from(WORDS[:40]), min_size=1, max_size=9).map(" ".join).map(lambda s: s + " ."), max_size=6
    ).map(" ".join)
    return st.one_of(
        st.text(max_size=80),
        wordy,
        sentences,
        sentences.map(str.upper),
        st.sampled_from(
            ["", " ", "Hi.", "HE LEFT BECAUSE SHE CRIED.", "😀 😀 .", "[MALE] .", "he did n't go . so she left ."]
        ),
    )


def assert_edits_consistent(before: str, out: Example) -> None:
    """The output is the input with each edit's ``before`` span replaced by its ``after`` text and
    nothing else changed (text outside the edit spans is untouched)."""
    assert out.edits, "a variant must record its edits"
    assert replay_edits(before, out.edits) == out.text
    for e in out.edits:
        assert out.text[e.after_span[0] : e.after_span[1]] == e.after


def check_properties(t, x: str | Example, annotator, seed: int = 0) -> Example | None:
    """Never raises; same output for the same seed; a changed text with consistent edits or None."""
    text = x.text if isinstance(x, Example) else x
    out = t(x, seed=seed, annotator=annotator)
    again = t(x, seed=seed, annotator=annotator)
    assert (out is None) == (again is None)
    if out is not None:
        assert out.text == again.text
        assert out.text != text
        assert_edits_consistent(text, out)
    return out
