"""Plot-level manipulation: a story's plot (keywords or verb-argument items per sentence), its
extraction, the plot transforms that make it implausible, and generation of a story from a plot.

>>> from perturbkit.plot import Plot
>>> Plot.from_storyline("tobias planned\\tcamping trip # asked\\trefused").sentences
(('tobias planned', 'camping trip'), ('asked', 'refused'))
"""

from __future__ import annotations

from .model import Plot

__all__ = ["Plot"]
