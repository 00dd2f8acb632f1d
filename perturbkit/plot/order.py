"""Event-order knowledge for ``plot_logic_reorder``: which events must come before or after a verb.

One interface, :class:`EventOrderSource` (``events(verb) -> [(event, "before" | "after")]``: the
event must happen before / after ``verb``), three sources:

- :class:`WordNetOrder` (offline default): WordNet verb relations. ``causes`` (kill -> die): the
  caused event comes after; ``entailments`` (succeed -> try, buy -> pay): read as a prerequisite,
  the entailed event comes before.
- :class:`ConceptNetOrder`: a ConceptNet edge provider (:mod:`perturbkit.resources.conceptnet`).
  HasPrerequisite and HasFirstSubevent: the tail comes first; Causes and HasLastSubevent: the head
  comes first.
- :class:`CometOrder`: a COMET-style seq2seq model by path, prompted ``"<verb> <Relation> [GEN]"``
  for the same four relations (loaded on first use; needs the ``models`` extra).

>>> src = StaticOrder({"wake": [("sleep", "before")]})
>>> src.events("wake")
[('sleep', 'before')]
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

BEFORE, AFTER = "before", "after"
#: ConceptNet relation -> where its tail goes relative to its head.
RELATION_ORDER = {"HasPrerequisite": BEFORE, "HasFirstSubevent": BEFORE, "Causes": AFTER, "HasLastSubevent": AFTER}


@runtime_checkable
class EventOrderSource(Protocol):
    """Events related in time to a verb (base form, lower case)."""

    name: str

    def events(self, verb: str) -> list[tuple[str, str]]: ...


class StaticOrder:
    """A fixed table ``{verb: [(event, "before" | "after")]}`` (tests, hand-written lists)."""

    name = "static"

    def __init__(self, table: Mapping[str, Sequence[tuple[str, str]]]) -> None:
        self.table = {k: [(e, o) for e, o in v if o in (BEFORE, AFTER)] for k, v in table.items()}

    def events(self, verb: str) -> list[tuple[str, str]]:
        return list(self.table.get(verb, ()))


class WordNetOrder:
    """WordNet's ``causes`` (event after) and ``entailments`` (event before) over a verb's first
    ``senses`` senses. Needs WordNet (``perturbkit prepare wordnet``)."""

    name = "wordnet"

    def __init__(self, senses: int = 3) -> None:
        from ..resources.wordnet import wordnet

        self.senses = senses
        self.wn = wordnet()

    @functools.lru_cache(maxsize=4096)  # noqa: B019 - one source per process; verbs repeat across stories
    def events(self, verb: str) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        for synset in self.wn.synsets(verb.replace(" ", "_"), "v")[: self.senses]:
            out += [(_word(s), AFTER) for s in synset.causes()]
            out += [(_word(s), BEFORE) for s in synset.entailments()]
        return [e for e in dict.fromkeys(out) if e[0] != verb]


class ConceptNetOrder:
    """Temporal relations from a ConceptNet provider (a conceptnet-lite DB or an edge file)."""

    def __init__(self, provider: Any) -> None:
        self.provider = provider
        self.name = f"conceptnet:{getattr(provider, 'name', 'provider')}"

    def events(self, verb: str) -> list[tuple[str, str]]:
        out = []
        for head, rel, tail in self.provider.edges(verb, RELATION_ORDER):
            if head == verb and tail != verb:
                out.append((tail, RELATION_ORDER[rel]))
            elif tail == verb and head != verb:  # the reverse edge: head's place flips
                out.append((head, AFTER if RELATION_ORDER[rel] == BEFORE else BEFORE))
        return list(dict.fromkeys(out))


class CometOrder:
    """A COMET-style seq2seq model (BART/T5 fine-tuned on ConceptNet or ATOMIC) by path or name:
    ``"<verb> <Relation> [GEN]"`` -> ``beams`` tails per relation, greedy beam search."""

    def __init__(self, path: str | Path, beams: int = 3, relations: Mapping[str, str] | None = None) -> None:
        self.path, self.beams = str(path), beams
        self.relations = dict(relations or RELATION_ORDER)
        self.name = f"comet:{self.path}"
        self._model: Any = None

    def _load(self) -> tuple[Any, Any]:
        if self._model is None:
            from transformers import AutoModelForSeq2SeqLM, AutoTokenizer

            self._tok = AutoTokenizer.from_pretrained(self.path)
            self._model = AutoModelForSeq2SeqLM.from_pretrained(self.path).eval()
        return self._tok, self._model

    @functools.lru_cache(maxsize=4096)  # noqa: B019
    def events(self, verb: str) -> list[tuple[str, str]]:
        import torch

        tok, model = self._load()
        rels = list(self.relations)
        batch = tok([f"{verb} {r} [GEN]" for r in rels], return_tensors="pt", padding=True)
        with torch.no_grad():
            out = model.generate(
                input_ids=batch["input_ids"],
                attention_mask=batch["attention_mask"],
                num_beams=self.beams,
                num_return_sequences=self.beams,
                max_new_tokens=8,
                do_sample=False,
            )
        texts = tok.batch_decode(out, skip_special_tokens=True)
        found = []
        for k, text in enumerate(texts):
            event = " ".join(text.lower().split())
            if event and event != verb and event.replace(" ", "").isalpha():
                found.append((event, self.relations[rels[k // self.beams]]))
        return list(dict.fromkeys(found))


def _word(synset: Any) -> str:
    return synset.lemma_names()[0].replace("_", " ").lower()


def order_source(spec: str | EventOrderSource | None = None) -> EventOrderSource:
    """A source from a spec: None or ``"wordnet"``; ``"conceptnet"`` (the default ConceptNet provider,
    ``$PERTURBKIT_CONCEPTNET``); ``"conceptnet:PATH"`` (a .db or edge file); ``"comet:PATH"``; or a
    source object, returned as is."""
    if spec is not None and not isinstance(spec, str):
        return spec
    return _cached_source(spec or "wordnet")


@functools.lru_cache(maxsize=8)
def _cached_source(spec: str) -> EventOrderSource:
    from ..resources.conceptnet import get_provider

    kind, _, arg = spec.partition(":")
    if kind == "wordnet":
        return WordNetOrder()
    if kind == "conceptnet":
        return ConceptNetOrder(get_provider(arg or None))
    if kind == "comet" and arg:
        return CometOrder(arg)
    raise ValueError(f"unknown event-order source {spec!r}; use wordnet, conceptnet[:PATH] or comet:PATH")
