"""Transforms: the base class, the registry and the combinators.

>>> from perturbkit.transform import Transform, Effect, Change, register, get_transform, Chain
>>> from perturbkit.transform import GenerativeTransform, Request   # model-backed transforms
"""

from __future__ import annotations

from ..annotation import Level
from ..seeds import rng_for
from .base import Change, Effect, Transform
from .combinators import Chain, Mixture, OneOf, Sometimes
from .generative import GenerativeTransform, Request
from .registry import (
    TransformParamError,
    UnknownTransform,
    get_transform,
    register,
    registry,
    transform_class,
)

__all__ = [
    "Chain",
    "Change",
    "Effect",
    "GenerativeTransform",
    "Level",
    "Mixture",
    "OneOf",
    "Request",
    "Sometimes",
    "Transform",
    "TransformParamError",
    "UnknownTransform",
    "get_transform",
    "register",
    "registry",
    "rng_for",
    "transform_class",
]
