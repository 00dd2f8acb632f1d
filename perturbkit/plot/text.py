"""Plot <-> text: how a plot is written for a generator (the same way in training and in generation),
how a generated story is tidied, and how much of the plot a story keeps (keyword coverage).

>>> p = Plot((("tobias planned", "camping trip"), ("refused",)), title="camping")
>>> plot_source(p, "storyline")
'camping <EOT> tobias planned\\tcamping trip\\t#\\trefused <EOL>'
>>> round(keyword_coverage(p, "Tobias plans a camping trip. His wife refuses."), 2)
1.0
"""

from __future__ import annotations

import re
from functools import lru_cache

from .model import Plot

#: ``lines``: one numbered line per sentence (for prompting); ``storyline``: the released ROC files'
#: ``title <EOT> kw kw # kw <EOL>`` (what the published BART generator was fine-tuned on).
STYLES = ("lines", "storyline")

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_NUMBERED = re.compile(r"^\s*(?:\d+[.):]|[-*\u2022])\s*")
_PREAMBLE = re.compile(r"^\s*(?:title|story|here(?:'s| is) (?:a|the|your) [^:\n]*)\s*:\s*", re.I)


def plot_source(plot: Plot, style: str = "lines") -> str:
    """The text a generator reads for ``plot`` (``style`` one of :data:`STYLES`)."""
    if style == "storyline":
        return f"{plot.title} <EOT> {plot.storyline()} <EOL>".strip()
    if style == "lines":
        head = f"Title: {plot.title}\n" if plot.title else ""
        return head + plot.prompt_text()
    raise ValueError(f"style must be one of {', '.join(STYLES)}, got {style!r}")


def clean_story(text: str) -> str:
    """One paragraph from a generation: a leading ``Story:`` / ``Here is a story:`` label, list
    numbering and a title line are dropped, lines are joined with spaces."""
    lines = [ln.strip() for ln in text.strip().splitlines()]
    lines = [ln for ln in lines if ln]
    if lines and lines[0].lower().startswith("title:"):
        lines = lines[1:]
    out = []
    for ln in lines:
        ln = _NUMBERED.sub("", _PREAMBLE.sub("", ln, count=1))
        if ln:
            out.append(ln)
    return " ".join(out)


@lru_cache(maxsize=1)
def _stemmer():  # type: ignore[no-untyped-def]
    from nltk.stem.porter import PorterStemmer  # ~1 s the first time: loaded only when coverage is asked

    return PorterStemmer()


def _stems(text: str) -> list[str]:
    stem = _stemmer().stem
    return [stem(w) for w in _WORD.findall(text.lower())]


def keyword_coverage(plot: Plot, story: str) -> float:
    """The share of the plot's words (Porter stems) that the story uses; 1.0 for an empty plot."""
    wanted = [s for _, item in plot.items for s in _stems(item)]
    if not wanted:
        return 1.0
    have = set(_stems(story))
    return sum(1 for s in wanted if s in have) / len(wanted)


def echo_share(plot: Plot, story: str) -> float:
    """The share of the story's words that are plot words: near 1 when a model copies the plot back
    instead of writing sentences around it."""
    words = _stems(story)
    if not words:
        return 1.0
    plot_words = {s for _, item in plot.items for s in _stems(item)}
    return sum(1 for w in words if w in plot_words) / len(words)


#: A model talking about the task instead of telling a story ("Here's a story about ...", "the key
#: words", "your task is", "the plot"): phrases a human ROC story almost never holds (measured on the ROC dev
#: and train stories: docs/plot-generation.md).
_META = re.compile(
    r"\b(?:key ?words?|(?:the|this|a|new|additional|narrative) plot(?! of)|plot points?|narratives?|your task|"
    r"i(?:'ll| will|'d|'m| am)(?: be)?(?: happy| glad| ready)? to help|i'll help|this story|in the story|story is about|the story (?:has|begins|ends)|key elements?|storyline|main characters?|"
    r"here(?:'s| is) (?:a|an|the|your|my)\b|rewritten|as an ai)\b",
    re.I,
)
_SENT_END = re.compile(r"(?<=[.!?])\s+")


def meta_talk(story: str) -> bool:
    """Whether ``story`` talks about the task (the plot, key words, "here is a story") rather than
    telling one."""
    return _META.search(story) is not None


_INLINE_NUMBER = re.compile(r"(?:^|\s)\d+[.)]\s")


def reads_as_list(story: str) -> bool:
    """Whether ``story`` is a list rather than sentences: more than one comma in five words, or three
    or more inline numbers (``2. "got," 3. "banished,"``). No ROC story (dev or train) is either."""
    words = len(_WORD.findall(story.lower()))
    return story.count(",") > 0.2 * max(words, 1) or len(_INLINE_NUMBER.findall(story)) >= 3


def _normal(text: str) -> str:
    return " ".join(_WORD.findall(text.lower()))


def listed_items(plot: Plot, story: str) -> int:
    """How often ``story`` lists two neighbouring items of a plot sentence as the prompt wrote them
    (``"ran, amazing animals"``): a model echoing the plot's lines with words around them, which
    :func:`echo_share` misses once the model adds enough words of its own."""
    low = " ".join(story.lower().split())
    n = 0
    for items in plot.sentences:
        for a, b in zip(items, items[1:]):
            pat = r"(?<![a-z0-9])" + re.escape(f"{a.lower()}, {b.lower()}") + r"(?![a-z0-9])"
            n += len(re.findall(pat, low))
    return n


@lru_cache(maxsize=8)
def example_sentences(prompt: str) -> tuple[str, ...]:
    """The sentences of the worked examples in a prompt (the text after each ``Story:`` that has
    any), normalised, those of four words or more: what a model copying the example writes."""
    out = []
    for line in prompt.splitlines():
        if line.strip().lower().startswith("story:"):
            for s in _SENT_END.split(line.strip()[len("story:") :].strip()):
                norm = _normal(s)
                if len(norm.split()) >= 4:
                    out.append(norm)
    return tuple(out)


def copies_example(examples: tuple[str, ...], story: str) -> bool:
    """Whether ``story`` holds one of the prompt's example sentences (:func:`example_sentences`)."""
    if not examples:
        return False
    norm = f" {_normal(story)} "
    return any(f" {s} " in norm for s in examples)
