"""Helpers of the negation family (``perturbkit.transforms.negation``): the negation lexicons
and style, parse checks on a sentence's main clause, insertion, deletion, and each Doc's flips."""
