"""Helpers of the discourse family (``perturbkit.transforms.discourse``): clause finding, the
causal and temporal lexicons, connective checks, clause swaps and the two word-flip finders."""
