"""Helpers of the character family (``perturbkit.transforms.character``): pronoun swaps, subject
and object roles, character names and entities (the shared grammar is in ``.._persons``)."""
