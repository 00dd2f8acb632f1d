"""Readers for the released story-evaluation formats, DataFrames and Hugging Face datasets.

Registered in :data:`perturbkit.registry.readers` by name (this module is imported only when one
of them is asked for), so ``read_examples(path, fmt=...)`` knows them:

- ``mans``: OpenMEVA MANS JSON (``{id: {"prompt", "gold_response", "gen": {model: {"text", "score"}}}}``),
  one Example per generated story; ``.json`` files whose records have ``"gen"`` are detected.
- ``roc``: ROCStories TSV with storylines (``title <EOT> kw # kw ... <EOL> </s> sentence . </s> ...``);
  ``roc_lead`` is the same with the first sentence as the context (OpenMEVA's setting).
- ``roc_af``: AF_ManPlts ``group_index<TAB>label<TAB>position<TAB>story``.
- ``wp``: WritingPrompts ``x.source``/``x.target`` line-aligned pairs (give either file).

Ids are stable: ``<input id>/<model>`` for MANS, ``<file stem>-<line>`` for the line formats.
Every error names the file and the line or record id.

>>> from perturbkit.io import read_examples
>>> exs = read_examples("mans_roc_dev.json", fmt="mans")   # doctest: +SKIP
>>> exs[0].id, exs[0].meta["system"], exs[0].meta["rating"]  # doctest: +SKIP
('15/fusion', 'fusion', 3.4)
"""

from __future__ import annotations

from ..io import Reader
from .frames import from_dataframe, from_hf_dataset, to_dataframe, to_hf_dataset
from .mans import _read_json, _read_mans, read_mans
from .roc import _read_roc, _read_roc_af, _read_roc_lead, read_roc, read_roc_af
from .wp import _read_wp, read_wp

__all__ = [
    "from_dataframe",
    "from_hf_dataset",
    "read_mans",
    "read_roc",
    "read_roc_af",
    "read_wp",
    "to_dataframe",
    "to_hf_dataset",
]

MANS = Reader(_read_mans)
JSON = Reader(_read_json, (".json",))
ROC = Reader(_read_roc)
ROC_LEAD = Reader(_read_roc_lead)
ROC_AF = Reader(_read_roc_af)
WP = Reader(_read_wp, (".source", ".target"))
