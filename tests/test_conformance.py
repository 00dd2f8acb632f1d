"""The conformance harness: every registered transform passes ``check_transform``, and each
check catches the broken toy transform made to break it (toys are built directly, not registered)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import pytest

from perturbkit.annotation import Level
from perturbkit.example import Edit, Example
from perturbkit.resources.status import missing_requirements, resource_status
from perturbkit.testing import check_transform
from perturbkit.testing.conformance import Conformance, ConformanceFailure, tokenise
from perturbkit.testing.strategies import sample_stories
from perturbkit.transform import Change, Effect, Transform, registry

STATUS = resource_status()


@pytest.mark.parametrize("name", sorted(registry()))
def test_every_registered_transform_conforms(name, annotator):
    missing = missing_requirements(tuple(registry()[name].requires), STATUS)
    if missing:
        pytest.skip(f"{name} needs {', '.join(missing)}")
    report = check_transform(name, max_examples=25, annotator=annotator, corpus=CORPUS.get(name))
    assert report.inputs >= 25 and report.variants >= 1


# temporal_swap only swaps events that depend on each other, which the shipped samples lack
_TIED_EVENTS = (
    "She lost her dog. Then she found the dog. She was happy.",
    "He bought a cake before he ate the cake. It was good.",
    "When he found the key, he opened the door with the key. He went in.",
)
# the strict transforms (issue 14) apply only where the story itself contradicts the change, which
# few shipped samples do: stories they apply to come first
_CONTRADICTABLE = (
    "Tom won a lot of money. He bet all his winnings on black.",
    "she bought a scooter . she shared the scooter with her brother .",
    "she was happy . she was so happy that she sang a song .",
    "The soup was hot. He waited for the hot soup to cool.",
    "Tom bought a car. He drove the car to work every day.",
    "Anna has painted the fence. The fence looked nice.",
    "his parents enrolled him in boxing school . he loved it .",
    "She fed the cat. The cat purred.",
)
_STRICT = ("antonym", "adjective_antonym", "keyword_substitution", "negation", "negation_alteration", "passive_voice")
CORPUS = {
    "temporal_swap": [*(e.text for e in sample_stories()), *_TIED_EVENTS],
    **{n: [*_CONTRADICTABLE, *(e.text for e in sample_stories())] for n in (*_STRICT, "subject_object_swap")},
}
# passive_voice (topic=True) needs a given patient and a minor agent: stories that have them first
CORPUS["passive_voice"] = [
    "I slipped into the river . My sister saved me .",
    "she put the food in the bowl . the cat ate the food .",
    *CORPUS["passive_voice"],
]
CORPUS["subject_object_swap"] = [*_CONTRADICTABLE[6:], *_CONTRADICTABLE[:6], *(e.text for e in sample_stories())]
# conceptnet_substitution needs a witness for the swapped verb (the bike ridden after it was "sold");
# entity_replacement a new name bound to the old character in its own clause ("herself", "her breath")
CORPUS["conceptnet_substitution"] = [
    "he bought a new bike . he rode the bike to school every day .",
    *CORPUS["antonym"],
]
# semantic_repetition repeats a sentence as its paraphrase: a story with a safe synonym first
CORPUS["semantic_repetition"] = [
    "The game started at noon. Jim scored two goals. His team won the match. They celebrated at a pizza place.",
    *(e.text for e in sample_stories()),
]
# temporal_word_flip flips only where the story pins the order (a closing "finally", round 74)
CORPUS["temporal_word_flip"] = [
    "First she went to the park. Then she went to the zoo. Finally she went home.",
    *(e.text for e in sample_stories()),
]
CORPUS["entity_replacement"] = [
    "Mary needed a new card. Mary blamed herself for losing the old one. She applied online.",
    "mary waited at the bank . mary held her breath as the clerk checked . she got a new card .",
    *(e.text for e in sample_stories()),
]


# --- toys ----------------------------------------------------------------------------------------
@dataclass(repr=False)
class Exclaim(Transform):
    """Good toy: the first '.' becomes '!'."""

    name = "toy_exclaim"
    aspect = "surface"
    effect = Effect.PRESERVES
    level = Level.NONE

    def applicable(self, example, doc):
        return "." in example.text

    def apply(self, example, doc, rng):
        i = example.text.index(".")
        return self.rewrite(example, [Change(i, i + 1, "!")])


@dataclass(repr=False)
class RaisesOnEmoji(Exclaim):
    def applicable(self, example, doc):
        if any(ord(c) > 0xFFFF for c in example.text):
            raise ValueError("no emoji please")
        return super().applicable(example, doc)


@dataclass(repr=False)
class ReturnsInput(Exclaim):
    def run(self, ex, rng, annotator):  # skips the base's unchanged-text guard
        return ex.derive(ex.text, (), self.name) if ex.text.strip() else None


@dataclass(repr=False)
class IgnoresApplicable(Exclaim):
    def run(self, ex, rng, annotator):  # skips the base's applicable() guard
        return self.rewrite(ex, [Change(0, 0, "Well, ")]) if ex.text.strip() else None


@dataclass(repr=False)
class Drifts(Exclaim):
    """Keeps state between calls: the same seed gives another output the second time."""

    calls: itertools.count = field(default_factory=itertools.count)

    def apply(self, example, doc, rng):
        i = example.text.index(".")
        return self.rewrite(example, [Change(i, i + 1, "!" * (1 + next(self.calls) % 2))])


@dataclass(repr=False)
class BatchReverses(Exclaim):
    def batch(self, examples, seed=0, *, annotator=None):
        outs = super().batch(examples, seed, annotator=annotator)
        return outs[::-1]


@dataclass(repr=False)
class NoEdits(Exclaim):
    def apply(self, example, doc, rng):
        return example.derive(example.text.replace(".", "!", 1), (), self.name)


@dataclass(repr=False)
class WrongEdits(Exclaim):
    def apply(self, example, doc, rng):  # claims one change, makes two
        out = super().apply(example, doc, rng)
        return example.derive(out.text.replace("!", "!!"), out.edits, self.name)


@dataclass(repr=False)
class ReadsPos(Transform):
    """Declares TOKENS but reads the tagger's output: with the tokenizer alone it does otherwise."""

    name = "toy_reads_pos"
    aspect = "surface"
    level = Level.TOKENS

    def apply(self, example, doc, rng):
        nouns = [t for t in doc if t.pos_ == "NOUN"] or [doc[0]]
        t = nouns[0]
        return self.rewrite(example, [Change(t.idx, t.idx + len(t.text), t.text.upper() + "X")])


@dataclass(repr=False)
class AsksForParse(ReadsPos):
    def run(self, ex, rng, annotator):
        annotator.parse(ex.text, Level.PARSE)
        return super().run(ex, rng, annotator)


@dataclass(repr=False)
class NeverApplies(Exclaim):
    def applicable(self, example, doc):
        return False


@pytest.mark.parametrize(
    "toy,check",
    [
        (RaisesOnEmoji, "never raises"),
        (ReturnsInput, "never returns its input unchanged"),
        (IgnoresApplicable, "returns None when it cannot apply"),
        (Drifts, "deterministic per seed"),
        (BatchReverses, "batch equals one call per input"),
        (NoEdits, "edits recorded"),
        (WrongEdits, "edits consistent with the text"),
        (ReadsPos, "declared annotation level suffices"),
        (AsksForParse, "declared annotation level suffices"),
        (NeverApplies, "makes variants"),
    ],
    ids=lambda x: x.__name__ if isinstance(x, type) else None,
)
def test_each_check_catches_its_broken_toy(toy, check, annotator):
    with pytest.raises(ConformanceFailure) as info:
        check_transform(toy, max_examples=15, annotator=annotator)
    assert info.value.check == check, str(info.value)
    assert repr(check) in str(info.value) and "toy_" in str(info.value)


def test_a_good_toy_passes_and_says_what_was_checked(annotator):
    report = check_transform(Exclaim(), max_examples=15, seeds=(0, 1, 2), annotator=annotator)
    assert isinstance(report, Conformance) and report.transform == "toy_exclaim"
    assert report.inputs >= 15 and report.variants > 0 and report.nones > 0
    assert "deterministic per seed" in report.checks


def test_failures_name_the_input_and_seed(annotator):
    with pytest.raises(ConformanceFailure, match=r"input \(seed 0\): '[^']*😀"):
        check_transform(RaisesOnEmoji, max_examples=5, annotator=annotator)


def test_corpus_and_seeds_are_the_callers(annotator):
    corpus = ["Tom left. He was sad.", Example("She won.", context="A race.")]
    report = check_transform("typos", corpus=corpus, max_examples=5, seeds=[3], annotator=annotator)
    assert report.variants >= 1
    assert tokenise("She didn't go. Why?") == "she did n't go . why ?"
    with pytest.raises(TypeError, match="Transform class"):
        check_transform(42)  # type: ignore[arg-type]


def test_edits_of_several_steps_replay_step_by_step(annotator):
    @dataclass(repr=False)
    class TwoSteps(Exclaim):
        name = "toy_two_steps"

        def apply(self, example, doc, rng):
            one = super().apply(example, doc, rng)  # '.' -> '!' at i
            i = one.edits[0].before_span[0]
            # a second step in the new text's coordinates: '!' -> '!?'
            return one.derive(
                one.text[:i] + "!?" + one.text[i + 1 :], (Edit("second", (i, i + 1), (i, i + 2), "!", "!?"),), "s"
            )

    assert check_transform(TwoSteps, max_examples=5, annotator=annotator).variants > 0
