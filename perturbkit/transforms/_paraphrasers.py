"""The rule-based paraphraser (the project's meaning-preserving transforms applied to a sentence)
and :func:`build_paraphraser`, which the ``paraphrase`` and ``semantic_repetition`` transforms use
to turn their ``paraphraser`` parameter into a :class:`~perturbkit.transform.paraphrasers.Paraphraser`."""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..annotation import default_annotator
from ..example import Example
from ..transform.paraphrasers import (
    BackTranslation,
    ChainParaphraser,
    Paraphraser,
    PromptParaphraser,
    Seq2SeqParaphraser,
)
from ..transform.similarity import SimilarityCheck
from ._quotes import quotation_spans
from ._register import Voices, colloquial, contraction_spans
from ._substitution.synonyms import FORMAL

# Compositions tried per sentence, most rewritten first; a step that does not apply is skipped.
# No passive voice: strict readings (rounds 26 and 30) found most rule paraphrases that used it
# stilted ("a friendship with the barista was developed by tom"): the story's topic demoted to a
# "by" agent does not read as the same sentence.
STEPS: tuple[tuple[str, ...], ...] = (
    ("synonym", "contraction"),
    ("synonym",),
    ("contraction",),
)
KINDS = ("rules", "prompt", "seq2seq", "backtranslation", "chain")

# Contracted and full forms mapped to one token, to tell a rewording from a contraction toggle.
_GLUED = re.compile(r"\s+(?=(?:n't|'[a-z]+)\b)")
_NEGATED = {"can't": "can not", "cannot": "can not", "won't": "will not", "ca": "can", "wo": "will"}
_SAME = {
    "n't": "N",
    "not": "N",
    "'d": "D",
    "would": "D",
    "had": "D",
    "'s": "S",
    "is": "S",
    "has": "S",
    "'ve": "V",
    "have": "V",
    "'ll": "L",
    "will": "L",
    "'re": "R",
    "are": "R",
    "'m": "M",
    "am": "M",
    "us": "S",
}


def _contraction_free(text: str) -> list[str]:
    """The words of ``text`` with contractions split off and each contracted/full pair as one token."""
    low = _GLUED.sub("", text.lower().replace("\u2019", "'"))
    words = []
    for w in low.split():
        w = _NEGATED.get(w, w)
        m = re.fullmatch(r"(\w+?)(n't|'[a-z]+)", w)
        parts = (_NEGATED.get(m.group(1), m.group(1)), m.group(2)) if m else (w,)
        words += [_SAME.get(x, x) for p in parts for x in p.split()]
    return words


def only_contractions(a: str, b: str) -> bool:
    """True when ``b`` differs from ``a`` only by contracting or expanding ("did n't" / "did not",
    "he 'd" / "he would"): a paraphrase too thin to count as rewording.

    >>> only_contractions("he did n't go .", "he did not go ."), only_contractions("he did n't go .", "he left .")
    (True, False)
    """
    return _contraction_free(a) == _contraction_free(b)


_CLITIC = re.compile(r"(?:n['\u2019]t|['\u2019](?:s|m|re|ll|ve|d))\b", re.IGNORECASE)


def _speech_contractions(text: str) -> int:
    """How many contractions ``text`` has inside its quotations."""
    return sum(len(_CLITIC.findall(text, a, b)) for a, b in quotation_spans(text))


def expands_speech(a: str, b: str) -> bool:
    """True when ``b`` expands a contraction of ``a`` inside quoted speech ("`` I ca n't lose
    Amy . ''" -> "`` I cannot lose Amy . ''"): spoken lines keep their contractions, expanded
    they read stilted, above all in emotional dialogue.

    >>> expands_speech("`` i ca n't go . ''", "`` i cannot go . ''"), expands_speech("i ca n't go .", "i cannot go .")
    (True, False)
    """
    return _speech_contractions(b) < _speech_contractions(a)


def keeps_register(story: str, pos: int, a: str, b: str) -> bool:
    """True when ``b``, in place of the sentence ``a`` at character ``pos`` of ``story``, keeps the
    story's register: no contraction added where the voice never contracts (a long narration or
    dialogue without one), no contraction expanded and no formal synonym (``purchase``,
    ``intoxicated``) brought in where the voice talks colloquially ("I was drunk and horny" ->
    "intoxicated" in a profane story, round 103). The rule paraphraser sees a sentence alone;
    this check sees the story.

    >>> keeps_register("I was shit-faced . I was drunk .", 17, "I was drunk .", "I was intoxicated .")
    False
    """
    voices = Voices(story)
    added = len(contraction_spans(b)) - len(contraction_spans(a))
    if added > 0 and voices.never_contracts(pos):
        return False
    if added < 0 and voices.colloquial(pos):
        return False
    new = set(b.lower().split()) - set(a.lower().split())
    return not (new & FORMAL and colloquial(story))


def _form(word: str) -> tuple[bool, bool]:
    """The inflection a word shows: a gerund or participle in -ing, a plural or third-person -s."""
    return word.endswith("ing"), word.endswith("s") and not word.endswith("ss")


def keeps_inflection(a: str, b: str) -> bool:
    """True when every single word ``b`` puts in place of one of ``a`` shows the same inflection
    ("buying" -> "purchasing", not "purchase"; "a pile" -> "a heap", not "heaps"): a synonym in
    the wrong form reads as a grammar error rather than a repetition.

    >>> keeps_inflection("buying shoes won him over", "purchase shoes won him over")
    False
    """
    x, y = a.lower().split(), b.lower().split()
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=x, b=y, autojunk=False).get_opcodes():
        if op == "replace" and i2 - i1 == j2 - j1:
            if any(_form(u) != _form(v) for u, v in zip(x[i1:i2], y[j1:j2])):
                return False
    return True


# Synonym pairs whose other senses the synonym rules cannot tell apart from context: "a newspaper
# story", "the second story" (a floor) are no "tale"; "just remember" / "remember to" (keep in
# mind) is no "recall". Word forms, word -> synonym.
_OTHER_SENSES = {"story": "tale", "stories": "tales"}
_OTHER_SENSES |= {"remember": "recall", "remembers": "recalls", "remembered": "recalled", "remembering": "recalling"}


def keeps_senses(a: str, b: str) -> bool:
    """True when ``b`` puts none of the context-dependent synonyms (``_OTHER_SENSES``) in place of
    a word of ``a``; ``semantic_repetition`` rejects the others (a wrong sense reads as garbled).

    >>> keeps_senses("the newspaper ran the story .", "the newspaper ran the tale .")
    False
    """
    x, y = a.lower().split(), b.lower().split()
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=x, b=y, autojunk=False).get_opcodes():
        if op == "replace" and any(_OTHER_SENSES.get(u) == v for u, v in zip(x[i1:i2], y[j1:j2])):
            return False
    return True


@dataclass
class RuleParaphraser(Paraphraser):
    """Candidates from the project's meaning-preserving transforms (a strict synonym in the word's
    main sense, contraction or expansion), alone and composed. Needs no model; the rewrites are
    exact but change few words. (No passive voice: read strictly, its rewrites of story sentences
    were mostly stilted.)"""

    steps: tuple[tuple[str, ...], ...] = STEPS
    name: ClassVar[str] = "rules"
    per_sentence: ClassVar[bool] = True  # each sentence is parsed and rewritten alone

    def _transform(self, name: str) -> Any:
        from ..transform import get_transform

        built = self.__dict__.setdefault("_built", {})
        if name not in built:
            built[name] = get_transform(name)
        return built[name]

    def paraphrase_many(self, sentences: Sequence[str], seeds: Sequence[int]) -> list[list[str]]:
        ann = default_annotator()
        out: list[list[str]] = [[] for _ in sentences]
        base = [Example(s, id=f"para-{int(seed)}") for s, seed in zip(sentences, seeds)]
        for combo in self.steps:
            exs = base
            for name in combo:
                got = self._transform(name).batch(exs, seed=0, annotator=ann)
                exs = [g if g is not None else e for g, e in zip(got, exs)]
            for i, e in enumerate(exs):
                if e.text != sentences[i] and e.text not in out[i]:
                    out[i].append(e.text)
        self.counts["sentences"] += len(sentences)
        self.counts["candidates"] += sum(map(len, out))
        return out


def build_paraphraser(
    kind: str,
    *,
    model: str | None = None,
    back_model: str | None = None,
    n: int = 4,
    check: SimilarityCheck | None = None,
    **options: Any,
) -> Paraphraser:
    """A paraphraser by name: ``rules``; ``prompt`` (a causal instruction model, default
    SmolLM2-135M-Instruct); ``seq2seq`` (a paraphrase model by path); ``backtranslation``
    (``model`` to the pivot, ``back_model`` back); ``chain`` (``prompt`` candidates passing
    ``check``, else ``rules``). ``options`` go to the model-backed paraphraser."""
    if kind == "rules":
        return RuleParaphraser()
    if kind in ("prompt", "chain"):
        lm = PromptParaphraser(model=model, n=n, **options)
        return lm if kind == "prompt" else ChainParaphraser(lm, RuleParaphraser(), check or SimilarityCheck())
    if kind == "seq2seq":
        return Seq2SeqParaphraser(model=model, n=n, **options)
    if kind == "backtranslation":
        return BackTranslation(model=model, back_model=back_model, n=n, **options)
    raise ValueError(f"paraphraser must be one of {', '.join(KINDS)}, got {kind!r}")
