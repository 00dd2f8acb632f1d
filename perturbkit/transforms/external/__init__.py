"""Adapters to other augmentation libraries: TextAttack, nlpaug and CheckList, used by name.

``textattack:<Class>`` (any ``Transformation`` or ``Augmenter``), ``nlpaug:<family>.<Class>`` (any
augmenter) and ``checklist:<function>`` (a ``Perturb`` function) are transforms like the built-ins,
in Python, suites and recipes (docs/adapters.md):

>>> from perturbkit import get_transform
>>> t = get_transform("nlpaug:char.KeyboardAug", aug_word_max=1)  # doctest: +SKIP

How they register: each library has one module here (``textattack.py``, ``nlpaug.py``,
``checklist.py``) that subclasses :class:`._base.ExternalTransform` and calls
:func:`perturbkit.transform.register_prefix` when imported (the registry's scan imports every
public module of this package). The prefix's resolver builds the class for a target on demand, with
``requires`` naming the extra (``perturbkit doctor`` reports it). A module imports its library only
inside the resolver and the transform, never at module level, so the scan stays cheap and works
when the library is not installed. Adapters from outside perturbkit use the ``perturbkit.transforms``
entry-point group or ``register_prefix`` (see docs/writing-a-transform.md).
"""
