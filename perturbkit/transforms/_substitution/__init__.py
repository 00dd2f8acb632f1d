"""Helpers of the substitution family (``perturbkit.transforms.substitution``): the resources
that propose replacements (antonyms, synonyms, concepts, corpus words) and the checks that a
replacement fits its sentence."""
