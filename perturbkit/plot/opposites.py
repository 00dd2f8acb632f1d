"""Contradiction knowledge for ``plot_contradiction_insertion``: concepts that contradict a word.

:class:`ContradictionSource` answers ``contradictions(word) -> [(concept, relation)]``. The
ConceptNet source reads the four relations of :mod:`perturbkit.resources.contradictions` (Antonym
in both directions; NotDesires, NotCapableOf, NotHasProperty from the word to its tail); the
WordNet source gives antonyms of the word's frequent senses.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from ..resources.contradictions import PREPARE, RELATIONS


@runtime_checkable
class ContradictionSource(Protocol):
    name: str

    def contradictions(self, word: str) -> list[tuple[str, str]]: ...


class ProviderContradictions:
    """Contradicting concepts from a ConceptNet edge provider."""

    def __init__(self, provider: Any, relations: tuple[str, ...] = RELATIONS) -> None:
        self.provider, self.relations = provider, relations
        self.name = getattr(provider, "name", "conceptnet")

    @functools.lru_cache(maxsize=8192)  # noqa: B019 - few sources per process; words repeat
    def contradictions(self, word: str) -> list[tuple[str, str]]:
        out = []
        for head, rel, tail in self.provider.edges(word, self.relations):
            if head == word and tail != word:
                out.append((tail, rel))
            elif rel == "Antonym" and tail == word and head != word:
                out.append((head, rel))
        return list(dict.fromkeys(out))


class WordNetContradictions(ProviderContradictions):
    """Antonyms from WordNet (the fallback when the ConceptNet file is not prepared)."""

    def __init__(self) -> None:
        from ..resources.conceptnet import get_provider

        super().__init__(get_provider("wordnet"), ("Antonym",))
        self.name = "wordnet"


def contradiction_source(spec: str | ContradictionSource = "auto") -> ContradictionSource:
    """``auto`` (the prepared ConceptNet file, else WordNet), ``conceptnet`` (the prepared file,
    :class:`~perturbkit.resources.errors.ResourceMissing` when absent), ``wordnet``, a path to a
    ``head|||/r/Relation|||tails`` file, or a source object (returned as is)."""
    if not isinstance(spec, str):
        return spec
    return _cached(spec)


@functools.lru_cache(maxsize=8)
def _cached(spec: str) -> ContradictionSource:
    from ..resources.contradictions import contradiction_provider
    from ..resources.errors import ResourceMissing

    if spec == "wordnet":
        return WordNetContradictions()
    if spec in ("auto", "conceptnet"):
        provider = contradiction_provider()
        if provider is not None:
            return ProviderContradictions(provider)
        if spec == "conceptnet":
            raise ResourceMissing("the prepared ConceptNet contradiction file", PREPARE)
        return WordNetContradictions()
    if not Path(spec).is_file():
        raise ResourceMissing(f"contradiction file {spec}", PREPARE, "no such file")
    return ProviderContradictions(contradiction_provider(spec))
