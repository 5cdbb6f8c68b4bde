"""The static site: the game table as plain web pages that run the package's own Python in the browser.

``python -m hearts site build OUT`` (see :mod:`hearts.site.build`) writes a folder any static web server can
serve: Pyodide (from the npm registry, at a pinned version, checked against its integrity hash), the
package's pure-Python wheel, and pages in English and Spanish in which the widgets' own front end
(``table.js``) draws the table that :class:`hearts_widgets.site_table.SiteTable` runs inside Pyodide.
Nothing is fetched from any other host; a service worker keeps the site working offline after a first visit.

``python -m hearts site build OUT --lite`` adds the tutorials as a JupyterLite site in ``OUT/lite`` (see
:mod:`hearts.site.lite`): notebooks that run in the browser with the package's wheel inside, whose kernel loads
Pyodide, numpy and pandas from the public CDN (so they need internet, unlike the table pages).
"""

from __future__ import annotations

from .build import PYODIDE_INTEGRITY, PYODIDE_VERSION, SiteError, build_site

__all__ = ["PYODIDE_INTEGRITY", "PYODIDE_VERSION", "SiteError", "build_site"]
