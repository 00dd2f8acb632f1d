"""The adapters' shared machinery without any adapted library: ``prefix:target`` names, library
parameters as validated fields, edits by token diff, one variant drawn per seed, global random state
left alone, pickling, and ``doctor``'s adapter lines. A toy library (plain functions) stands in."""

from __future__ import annotations

import importlib
import pickle
import random
import subprocess
import sys

import numpy as np
import pytest

from perturbkit.example import replay_edits
from perturbkit.transform import (
    Effect,
    TransformParamError,
    UnknownTransform,
    get_transform,
    registry,
    transform_class,
)
from perturbkit.transforms.external._base import ExternalTransform, Target, keyword_params, pick
from perturbkit.transforms.external._diff import diff_changes

treg = importlib.import_module(
    "perturbkit.transform.registry"
)  # the module (the package exports a function of that name)
STORY = "Tom walked to the store. He bought bread, milk and eggs. Then he went home."


def shout(text, times=1, loud=True):
    """Upper-case ``times`` words drawn with the global ``random`` (as the real libraries draw)."""
    words = text.split(" ")
    for i in random.sample(range(len(words)), min(times, len(words))):
        words[i] = words[i].upper() if loud else words[i]
    return " ".join(words)


def many(text, k=3):
    """Several variants (one per replaced word), as TextAttack's Transformations return them."""
    words = text.split(" ")
    return [" ".join(words[:i] + ["X"] + words[i + 1 :]) for i in range(min(k, len(words)))]


def same(text):
    return text


def nothing(text):
    return []


TOY = {"shout": shout, "many": many, "same": same, "nothing": nothing}


class ToyTransform(ExternalTransform):
    """A toy adapter over the functions above."""

    library = "toy"  # the prefix, as for the real adapters

    @classmethod
    def find(cls, target):
        if target not in TOY:
            raise UnknownTransform(f"toylib has no {target!r}", kind="transforms", name=f"toy:{target}")
        effect = Effect.BREAKS if target == "many" else Effect.PRESERVES
        return Target(TOY[target], keyword_params(TOY[target]), effect=effect, aspect="toy")

    def call(self, obj, text, doc):
        return obj(text, **self.library_params())


@pytest.fixture
def toy(monkeypatch):
    treg.prefixes()  # the built-in adapters registered first
    monkeypatch.setitem(treg._PREFIXES, "toy", ToyTransform.resolve)
    return ToyTransform


@pytest.mark.parametrize(
    "before,after",
    [
        ("He went home.", "He wnet home!"),
        ("He went home.", "He did not go home."),
        ("He went home.", "He home."),
        ("He went home.", "Yesterday, he went home"),
        ("a  b\n\nc", "a b\nc d"),
        ("café naïve", "cafe naive 😀"),
        ("", "new"),
        ("old", ""),
        ("He sat. He sat. She ran!\nThey left.", "He sat. She ran. He sat!\n\nThey left?"),
        ("One. Two. Three. Four.", "One. Two three. Four. Five"),
    ],
)
def test_diff_changes_rebuild_the_variant(before, after):
    changes = diff_changes(before, after)
    out, pos = [], 0
    for c in changes:
        assert c.start >= pos
        out += [before[pos : c.start], c.new]
        pos = c.end
    assert "".join(out) + before[pos:] == after
    assert diff_changes(before, before) == []


def test_diff_changes_are_word_level():
    assert [(c.start, c.end, c.new) for c in diff_changes("He went to the store.", "He went tp the stire.")] == [
        (8, 10, "tp"),
        (15, 20, "stire"),
    ]


def test_prefix_names_resolve_to_one_class_per_target(toy):
    cls = transform_class("toy:shout")
    assert cls is transform_class("toy:shout") and cls.name == "toy:shout" and issubclass(cls, ToyTransform)
    assert (cls.effect, cls.aspect, cls.requires) == (Effect.PRESERVES, "toy", ())
    assert transform_class("toy:many").effect == Effect.BREAKS
    assert "toy:shout" not in registry()  # built on demand, never listed
    t = get_transform("toy:shout", times=2)
    assert t.params() == {"times": 2, "loud": True, "effect": Effect.PRESERVES, "aspect": "toy"}


def test_unknown_prefix_target_and_parameters_are_clear_errors(toy):
    with pytest.raises(UnknownTransform, match="unknown transform prefix 'toi'.*did you mean 'toy'"):
        transform_class("toi:shout")
    with pytest.raises(UnknownTransform, match="toylib has no 'shoot'"):
        get_transform("toy:shoot")
    with pytest.raises(TransformParamError, match="no parameter 'time'; did you mean 'times'"):
        get_transform("toy:shout", time=2)
    with pytest.raises(TransformParamError, match="'times' must be an integer"):
        get_transform("toy:shout", times="two")
    with pytest.raises(TransformParamError, match="effect must be one of breaks, preserves"):
        get_transform("toy:shout", effect="sometimes")


def test_effect_and_aspect_can_be_overridden(toy):
    t = get_transform("toy:shout", effect="breaks", aspect="loudness")
    assert t.effect is Effect.BREAKS and t.aspect == "loudness"
    assert transform_class("toy:shout").effect == Effect.PRESERVES  # the class keeps the default


def test_variants_are_deterministic_per_seed_with_edits_and_no_global_trace(toy):
    t = get_transform("toy:shout", times=2)
    random.seed(123)
    np.random.seed(123)
    py, npy = random.getstate(), np.random.get_state()[1].copy()
    outs = [t(STORY, seed=s) for s in (0, 0, 1, 2, 3)]
    assert random.getstate() == py and (np.random.get_state()[1] == npy).all()
    assert outs[0].text == outs[1].text and len({o.text for o in outs}) > 1
    for o in outs:
        assert replay_edits(STORY, o.edits) == o.text
        assert {e.transform for e in o.edits} == {"toy:shout"}
    assert t.batch([STORY], seed=0)[0].text == outs[0].text


def test_one_variant_is_drawn_from_several(toy):
    t = get_transform("toy:many", k=4)
    texts = {t(STORY, seed=s).text for s in range(20)}
    assert texts <= set(many(STORY, 4)) and len(texts) > 1
    assert pick(["b", "a", "a"], "x", random.Random(0)) == pick(["a", "b"], "x", random.Random(0))  # order-free


def test_unchanged_or_empty_library_output_is_none(toy):
    assert get_transform("toy:same")(STORY) is None
    assert get_transform("toy:nothing")(STORY) is None
    assert get_transform("toy:shout", loud=False)(STORY) is None


def test_adapted_transforms_pickle_by_name(toy):
    t = get_transform("toy:shout", times=3, aspect="x")
    back = pickle.loads(pickle.dumps(t))
    assert type(back) is type(t) and back == t and back(STORY, seed=4).text == t(STORY, seed=4).text


def test_a_missing_library_names_its_install_command(toy, monkeypatch):
    import perturbkit.transforms.external._base as base

    monkeypatch.setattr(base, "missing_extra", lambda lib: f"pip install 'perturbkit[{lib}]'")
    base._resolved.cache_clear()
    try:
        with pytest.raises(UnknownTransform, match=r"needs toy, which is not installed.*perturbkit\[toy\]"):
            transform_class("toy:shout")
    finally:
        base._resolved.cache_clear()


def test_doctor_reports_each_adapter_extra():
    from perturbkit.commands.doctor import usable_adapters

    status = {"textattack": (True, ""), "nlpaug": (False, ""), "checklist": (True, "")}
    assert usable_adapters(status) == {"checklist:*": [], "nlpaug:*": ["nlpaug"], "textattack:*": []}


@pytest.mark.subprocess
def test_the_registry_scan_imports_no_adapted_library():
    code = (
        "import sys; from perturbkit.transform import registry, prefixes; registry(); "
        "print(sorted(prefixes()), [m for m in ('textattack', 'nlpaug', 'checklist', 'pattern') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['checklist', 'nlpaug', 'textattack'] []"
