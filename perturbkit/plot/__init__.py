"""Plot-level manipulation: a story's plot (keywords or verb-argument items per sentence), its
extraction, the plot transforms that make it implausible, and generation of a story from a plot.

>>> from perturbkit.plot import Plot
>>> Plot.from_storyline("tobias planned\\tcamping trip # asked\\trefused").sentences
(('tobias planned', 'camping trip'), ('asked', 'refused'))

Names load on first use (nothing heavy at import): :class:`PlotExtractor`, :func:`read_plots`,
:class:`PlotTransform`, :func:`get_plot_transform`, :func:`plot_transforms`, :func:`manipulate`.
See docs/plot.md.
"""

from __future__ import annotations

from .._lazy import lazy_exports
from .model import Plot

_LAZY = {
    "PlotExtractor": ".extract",
    "PlotRecord": ".read",
    "read_plots": ".read",
    "read_manipulated_plots": ".read",
    "PlotTransform": ".transform",
    "get_plot_transform": ".transform",
    "plot_transforms": ".transform",
    "manipulate": ".manipulations",
}

__all__ = ["Plot", *_LAZY]

__getattr__, __dir__ = lazy_exports(__name__, _LAZY)
