"""Hypothesis strategies for the character/voice transform tests: short stories built from
pronouns, names, masked names and simple clauses, in normal, lower-case tokenised and all-caps
styles, plus arbitrary text."""

from __future__ import annotations

from hypothesis import strategies as st

from perturbkit.example import replay_edits

SUBJECTS = [
    "He",
    "She",
    "They",
    "I",
    "We",
    "You",
    "Tom",
    "Anna",
    "The dogs",
    "The cat",
    "[MALE]",
    "[FEMALE]",
    "[NEUTRAL]",
    "My sister",
    "Mary and Tom",
    "Everyone",
    "It",
]
OBJECTS = [
    "him",
    "her",
    "them",
    "me",
    "us",
    "you",
    "it",
    "the ball",
    "his car",
    "her keys",
    "the boys",
    "Anna",
    "[FEMALE]",
    "a letter",
    "my dog",
    "their house",
    "the mice",
    "nothing",
]
VERBS = [
    "saw",
    "likes",
    "like",
    "chased",
    "will fix",
    "has painted",
    "did not see",
    "were watching",
    "is reading",
    "found",
    "loves",
    "took",
    "turned off",
    "picked up",
    "would have eaten",
    "hit",
    "visits",
    "doesn't like",
    "can't find",
    "gave",
    "is",
]
TAILS = [
    "",
    " at the park",
    " yesterday",
    " home",
    " with her brother",
    " because he was late",
    " and left",
    ", so she smiled",
    " again",
    " himself",
    " by herself",
]
EXTRA = [
    "Is he late?",
    "Am I late?",
    "Then it rained.",
    "She walks and talks.",
    "I'm tired.",
    "He's gone.",
    "The book is hers, not his.",
    "They made her drowsy.",
    "Ugh.",
    "Wow!",
    "😀 ok.",
    "",
    "The end",
]


@st.composite
def clause(draw) -> str:
    return (
        f"{draw(st.sampled_from(SUBJECTS))} {draw(st.sampled_from(VERBS))} "
        f"{draw(st.sampled_from(OBJECTS))}{draw(st.sampled_from(TAILS))}."
    )


def _tokenise(text: str) -> str:
    for p in (".", ",", "?", "!"):
        text = text.replace(p, f" {p}")
    return (
        text.replace("n't", " n't")
        .replace("'s", " 's")
        .replace("'m", " 'm")
        .lower()
        .replace("[male]", "[MALE]")
        .replace("[female]", "[FEMALE]")
        .replace("[neutral]", "[NEUTRAL]")
    )


@st.composite
def stories(draw) -> str:
    """Two to five sentences, in one of several styles (normal, tokenised lower-case, all caps)."""
    sents = draw(st.lists(st.one_of(clause(), st.sampled_from(EXTRA)), min_size=1, max_size=5))
    text = " ".join(s for s in sents if s) or "He left."
    style = draw(st.sampled_from(["normal", "normal", "tokenised", "upper", "nospace"]))
    if style == "tokenised":
        text = _tokenise(text)
    elif style == "upper":
        text = text.upper()
    elif style == "nospace":
        text = text.replace(". ", ".")
    return text


any_text = st.one_of(
    stories(), stories(), st.text(max_size=80), st.text(alphabet=st.sampled_from(list("abcHe .,'[]😀\n")), max_size=60)
)


def replay(original: str, out) -> str | None:
    """Re-apply the variant's edits to the original: proves nothing outside the spans changed."""
    return replay_edits(original, out.edits)


def check_common(t, text: str, seed: int, annotator):
    """Never raises, deterministic, never returns the input unchanged, edits account for all
    changes. Returns the variant (or None)."""
    out = t(text, seed=seed, annotator=annotator)
    again = t(text, seed=seed, annotator=annotator)
    assert (out is None) == (again is None)
    if out is None:
        return None
    assert out.text == again.text
    assert out.text != text
    assert out.edits and all(e.transform == t.name for e in out.edits)
    assert replay(text, out) == out.text
    return out
