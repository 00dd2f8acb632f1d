"""Helpers of the surface family (``perturbkit.transforms.surface``): typos, optional commas and
contractions."""
