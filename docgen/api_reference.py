"""MkDocs hook: writes the API reference (reference/api.md) and the OpenAPI document (openapi.json) into the site
from the code when the docs are built, so the reference cannot drift from the API (companion/contract)."""
from __future__ import annotations

import json

from mkdocs.structure.files import File

from companion.web.reference import built_document, page


def on_files(files, config):
    """Add the generated reference page and the document to the site's files."""
    document = built_document()
    files.append(File.generated(config, "reference/api.md", content=page(document)))
    files.append(File.generated(config, "openapi.json", content=json.dumps(document, indent=1)))
    return files
