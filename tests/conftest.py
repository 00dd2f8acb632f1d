"""Shared fixtures: one Annotator (one spaCy load) for the whole test session; hypothesis profile."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "perturbkit",
    deadline=None,
    derandomize=True,
    max_examples=int(os.environ.get("PERTURBKIT_HYPOTHESIS_EXAMPLES", "40")),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
settings.load_profile("perturbkit")

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO.parent / "shared" / "data"


# Fixtures that build tiny torch models (random weights): the tests using them are marked `torch`.
TORCH_FIXTURES = frozenset({"tiny_dirs", "tiny_t5", "tiny", "chatty_loader", "encoder"})


def pytest_collection_modifyitems(config, items):
    """Mark the tests that use a tiny-model fixture ``torch`` (besides the modules and tests
    marked by hand), so the default tier (`make test`) leaves them to `make test-slow`."""
    for item in items:
        if TORCH_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.torch)


def _tiny(build: str, tmp_path_factory) -> str:
    """A tiny model (random weights, built by ``_tiny_models``) in a fresh directory."""
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    import _tiny_models as tiny

    return getattr(tiny, build)(tmp_path_factory.mktemp(f"tiny-{build}"))


@pytest.fixture(scope="module")
def tiny_gpt2(tmp_path_factory):
    return _tiny("gpt2", tmp_path_factory)


@pytest.fixture(scope="module")
def tiny_llama_chat(tmp_path_factory):
    return _tiny("llama_chat", tmp_path_factory)


@pytest.fixture(scope="module")
def tiny_t5(tmp_path_factory):
    return _tiny("t5", tmp_path_factory)


@pytest.fixture(scope="session")
def annotator():
    from perturbkit.annotation import default_annotator

    return default_annotator()


@pytest.fixture(scope="session")
def sample_examples():
    from perturbkit.io import read_examples

    return read_examples(REPO / "examples" / "stories.jsonl")


@pytest.fixture(scope="session", autouse=True)
def _registries_stay_clean():
    """Tests register toys only inside scoped blocks: at the end, every registry holds built-ins
    (and installed plugins) only, and no scope is left open."""
    yield
    from perturbkit import registry

    leaked = {
        r.kind: names
        for r in registry.REGISTRIES
        if (names := [n for n in r.names() if r.origin(n).startswith(("_", "test_", "tests.", "conftest"))])
    }
    assert not leaked, f"tests registered into the process-wide registries: {leaked}"


@pytest.fixture(scope="module")
def toy_transforms():
    """The toy transforms of tests/_suite_toys.py, registered for one test module and gone after it
    (a scoped block of the transform registry: nothing leaks into the process-wide one)."""
    import _suite_toys

    with _suite_toys.registered():
        yield _suite_toys


@pytest.fixture
def scoped_transforms():
    """The transform registry inside a scoped block: what a test registers is gone afterwards."""
    from perturbkit import registry

    with registry.transforms.scoped() as reg:
        yield reg


@pytest.fixture(scope="session")
def _test_cache(tmp_path_factory) -> Path:
    """The session's cache dir, with the models ``make setup`` prepared in the real cache dir
    linked in (SmolLM2 converted from its GGUF file: ~50 s of CPU that every session would
    otherwise repeat). Only complete copies (``.complete``) are linked, and a complete copy is
    only ever read, so tests still never write to the user's cache."""
    from perturbkit.resources.config import settings as pk_settings

    cache = tmp_path_factory.getbasetemp() / "pk-cache"
    real = Path(pk_settings.cache_dir) / "models"
    for prepared in sorted(real.glob("*/.complete")) if real.is_dir() else ():
        link = cache / "models" / prepared.parent.name
        if not link.exists():
            link.parent.mkdir(parents=True, exist_ok=True)
            link.symlink_to(prepared.parent, target_is_directory=True)
    return cache


@pytest.fixture(autouse=True)
def _isolated_cache(_test_cache, monkeypatch):
    """Never write to the user's cache from tests."""
    from perturbkit.resources.config import settings as pk_settings

    monkeypatch.setattr(pk_settings, "cache_dir", _test_cache)
    yield


@pytest.fixture
def bag(monkeypatch):
    """The sentence encoder replaced by a bag-of-words stand-in (``test_filters_model.BagEncoder``):
    the similarity checks run without loading MiniLM."""
    from test_filters_model import BagEncoder

    from perturbkit.transform import similarity

    enc = BagEncoder()
    monkeypatch.setattr(similarity, "load_sentence_encoder", lambda model=None, device="auto", **kw: enc)
    return enc


@pytest.fixture(scope="module")
def plain_negation():
    """``negation`` flipping every sentence it can, untargeted: the insertion checks alone."""
    from perturbkit import get_transform

    return get_transform("negation", rate=1.0, targeted=False)


@pytest.fixture(scope="module")
def union_negation():
    """UNION's own negation step (``negation_alteration`` with strict flips)."""
    from perturbkit.transforms.mixture import default_technique

    return default_technique("negation").transforms[0]
