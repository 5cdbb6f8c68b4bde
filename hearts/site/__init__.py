"""The static site: the game table as plain web pages that run the package's own Python in the browser.

``python -m hearts site build OUT`` (see :mod:`hearts.site.build`) writes a folder any static web server can
serve: Pyodide (from the npm registry, at a pinned version, checked against its integrity hash), the
package's pure-Python wheel, and pages in English and Spanish in which the widgets' own front end
(``table.js``) draws the table that :class:`hearts_widgets.site_table.SiteTable` runs inside Pyodide.
Nothing is fetched from any other host; a service worker keeps the site working offline after a first visit.
"""

from __future__ import annotations

from .build import PYODIDE_INTEGRITY, PYODIDE_VERSION, SiteError, build_site

__all__ = ["PYODIDE_INTEGRITY", "PYODIDE_VERSION", "SiteError", "build_site"]
