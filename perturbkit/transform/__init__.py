"""Transforms: the base class, the registry and the combinators.

>>> from perturbkit.transform import Transform, Effect, Change, register, get_transform, Chain
>>> from perturbkit.transform import GenerativeTransform, Request   # model-backed transforms
>>> from perturbkit.transform import WordSubstitution, MaxWordsSubstitution, RateSubstitution, Proposal
>>> from perturbkit.transform import TargetedSubstitution            # edits the story depends on
>>> from perturbkit.transform import WordFlip
"""

from __future__ import annotations

from ..annotation import Level
from ..seeds import rng_for
from .base import Change, Effect, Transform
from .combinators import Chain, Mixture, OneOf, Sometimes
from .flip import WordFlip
from .generative import GenerativeTransform, Request
from .registry import (
    TransformParamError,
    UnknownTransform,
    get_transform,
    prefixes,
    register,
    register_prefix,
    registry,
    transform_class,
)
from .substitution import Candidate, MaxWordsSubstitution, Proposal, RateSubstitution, WordSubstitution
from .targeted import TargetedSubstitution

__all__ = [
    "Candidate",
    "Chain",
    "Change",
    "Effect",
    "GenerativeTransform",
    "Level",
    "MaxWordsSubstitution",
    "Mixture",
    "OneOf",
    "Request",
    "Proposal",
    "RateSubstitution",
    "Sometimes",
    "TargetedSubstitution",
    "Transform",
    "TransformParamError",
    "UnknownTransform",
    "WordFlip",
    "WordSubstitution",
    "get_transform",
    "prefixes",
    "register",
    "register_prefix",
    "registry",
    "rng_for",
    "transform_class",
]
