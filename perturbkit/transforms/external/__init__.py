"""Adapters to other augmentation libraries (TextAttack, nlpaug, CheckList): empty for now, filled
by a later issue.

How adapters will register: each library gets one module here (``textattack.py``, ``nlpaug.py``,
``checklist.py``) whose Transform subclasses use ``@register`` like the built-ins, with
``requires`` naming the extra (``perturbkit doctor`` reports it; ``perturbations(available=True)``
leaves the transform out when it is missing). A module imports its library only inside the
transform (``apply``/``fit``), never at module level: the registry's scan imports every module of
this package, and the scan must stay cheap and work when the library is not installed. The
registry imports nothing from a package of ``perturbkit.transforms`` that has no modules, so this
one is not imported at all while it is empty. Adapters from outside perturbkit use the
``perturbkit.transforms`` entry-point group instead (see docs/writing-a-transform.md).
"""
