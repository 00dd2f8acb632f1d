"""Shared hypothesis strategies and property checks for transform tests (foundation transforms).

``stories()`` draws story-like texts in every shape the transforms must survive: arbitrary unicode,
empty/whitespace, emoji, ALL CAPS, one-word sentences, tokenised lower-case corpus text, masked
names. ``check_edits`` proves a variant changed only what its Edits claim.
"""

from __future__ import annotations

from hypothesis import strategies as st

from perturbkit.example import Example, replay_edits

SENTENCES = [
    "Tom woke up early.",
    "He made coffee, and his wife walked the dog.",
    "After dinner, we bought apples, pears, and plums.",
    "I am sure that he did not see us.",
    "She's been to Paris, but she doesn't like it.",
    "They'd gone home before it started to rain.",
    "Luckily, the bus was late.",
    '"I can\'t wait," she said.',
    "[MALE] gave [FEMALE] a red car.",
    "[NEUTRAL] is happy.",
    "Go!",
    "Yes.",
    "We'll see what happens when I'm older.",
    "The old man on the hill cannot walk very far.",
    "On May 5, 2020, 5,000 people came.",
    "Café naïve résumé, déjà vu 😀.",
    "Why won't you lie?",
]


def _tokenise(text: str) -> str:
    """Corpus style: lower case, spaces before punctuation and clitics ("did n't", "she 's")."""
    out = text.lower()
    for p in [".", ",", "!", "?", '"']:
        out = out.replace(p, " " + p)
    for c in ["n't", "'s", "'d", "'m", "'ll", "'re", "'ve"]:
        out = out.replace(c, " " + c)
    return " ".join(out.split())


@st.composite
def stories(draw: st.DrawFn) -> str:
    """A text to perturb: story-like (most draws) or arbitrary unicode."""
    kind = draw(st.sampled_from(["story", "story", "story", "tokenised", "caps", "text", "emoji", "blank"]))
    if kind == "text":
        return draw(st.text(max_size=80))
    if kind == "blank":
        return draw(st.sampled_from(["", " ", "\n\n", "\t \n"]))
    if kind == "emoji":
        return draw(st.text(alphabet="😀🎉🙂 .!a", max_size=20))
    sents = draw(st.lists(st.sampled_from(SENTENCES), min_size=1, max_size=6))
    sep = draw(st.sampled_from([" ", " ", "\n\n"]))
    text = sep.join(sents)
    if kind == "tokenised":
        return _tokenise(text)
    if kind == "caps":
        return text.upper()
    return text


def check_edits(original: str, out: Example, name: str) -> None:
    """The variant equals the original with exactly its Edits applied (nothing else changed)."""
    edits = [e for e in out.edits if e.transform == name]
    assert edits, "a variant must record its edits"
    assert replay_edits(original, edits) == out.text
    assert all(out.text[e.after_span[0] : e.after_span[1]] == e.after for e in edits)
    assert out.text != original


def check_contract(transform, text: str, annotator, seed: int = 0) -> Example | None:
    """The properties every transform keeps on any input; returns the variant (or None)."""
    out = transform(text, seed=seed, annotator=annotator)
    again = transform(text, seed=seed, annotator=annotator)
    assert (out is None) == (again is None)
    if out is None:
        return None
    assert out.text == again.text, "same seed, same output"
    assert text.strip(), "blank input must give None"
    check_edits(text, out, transform.name)
    assert out.parent_id == Example(text).id
    return out


def long_text(n_words: int = 20000) -> str:
    """A long multi-paragraph text (about ``n_words`` words) built from varied sentences."""
    paragraphs, words, i = [], 0, 0
    while words < n_words:
        para = " ".join(SENTENCES[(i + k) % len(SENTENCES)] for k in range(5))
        paragraphs.append(para)
        words += len(para.split())
        i += 3
    return "\n\n".join(paragraphs)
