"""The offline page: the whole engine in the phone's browser (Pyodide), no server after the first visit.

    build(root, out)        # build.py: `bridgelaw page OUT_DIR` writes the static site
    runtime.py              # what the site's Python runs: the validated knowledge in, rulings out

The site ships the knowledge already validated (a pickle of the Knowledge, with
Laws 77-78's tables inside it), so the browser reads no YAML and validates
nothing; Pyodide comes from the npm registry (package.json pins it) and is
copied into the site, so nothing is fetched from elsewhere at run time.
"""
