"""An ONNX Runtime int8 backend for the sentence-transformers model: same vectors, less CPU.

The packaged model is exported once (torch → ONNX, then dynamic int8 quantization of the
weights) into a cache directory keyed by a hash of the model directory's files, so a
changed model re-exports and an unchanged one is reused. Inference reproduces the
sentence-transformers pipeline the model's own config declares: its fast tokenizer
(truncated to `max_seq_length`), mean pooling over the attention mask, L2 normalization.

Each text runs as its own batch of one. Dynamic quantization scales the activations by
their range over the whole batch, so in a padded batch a text's vector would depend on
its neighbours (and on their padding); alone, a text's vector depends only on the text,
and no time is spent on padding.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import tempfile
import threading
import warnings
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from retrieval._errors import RetrievalError

if TYPE_CHECKING:
    import onnxruntime
    from tokenizers import Tokenizer

Precision = Literal["int8", "fp32"]

# Part of the cache key: a change to how the model is exported or quantized must not
# reuse files written by an older recipe.
_RECIPES: dict[Precision, str] = {
    "int8": "torch-onnx-opset17-eager/quantize_dynamic-qint8-per-channel-reduce-range/v1",
    # The unquantized export: a yardstick for benchmarks, not a recommended backend.
    "fp32": "torch-onnx-opset17-eager/v1",
}
_MODEL_FILE = "model.onnx"
_META_FILE = "export.json"
_LOCK_FILE = ".export.lock"
_INPUTS = ("input_ids", "attention_mask", "token_type_ids")


class OnnxBackendError(RetrievalError):
    """The model cannot run on the ONNX backend (its config is not one this backend reproduces)."""

    code, title = "onnx_backend_error", "Embedding backend failed"

    def __init__(self, model_dir: Path, reason: str) -> None:
        self.model_dir = model_dir
        self.reason = reason
        super().__init__(f"cannot run {model_dir} on the ONNX backend: {reason}")


@dataclass(frozen=True)
class ModelSpec:
    """What the sentence-transformers config of a model directory says about inference."""

    model_dir: Path
    max_seq_length: int
    dimension: int


def read_spec(model_dir: Path) -> ModelSpec:
    """Check that the model is Transformer → mean Pooling → Normalize and read its limits."""
    try:
        modules = json.loads((model_dir / "modules.json").read_text(encoding="utf-8"))
        kinds = [m["type"].rsplit(".", 1)[-1] for m in modules]
        if kinds != ["Transformer", "Pooling", "Normalize"]:
            raise OnnxBackendError(
                model_dir, f"modules {kinds}, expected Transformer, Pooling, Normalize"
            )
        pooling_dir = model_dir / modules[1]["path"]
        pooling = json.loads((pooling_dir / "config.json").read_text(encoding="utf-8"))
        modes = sorted(k for k, v in pooling.items() if k.startswith("pooling_mode") and v)
        if modes != ["pooling_mode_mean_tokens"]:
            raise OnnxBackendError(model_dir, f"pooling {modes}, expected mean tokens only")
        st_config = json.loads(
            (model_dir / "sentence_bert_config.json").read_text(encoding="utf-8")
        )
        return ModelSpec(
            model_dir=model_dir,
            max_seq_length=int(st_config["max_seq_length"]),
            dimension=int(pooling["word_embedding_dimension"]),
        )
    except (OSError, KeyError, ValueError, TypeError) as exc:
        if isinstance(exc, OnnxBackendError):
            raise
        raise OnnxBackendError(
            model_dir, f"unreadable sentence-transformers config: {exc}"
        ) from exc


def model_fingerprint(model_dir: Path, precision: Precision = "int8") -> str:
    """sha256 over the relative path and bytes of every file of the model, plus the recipe."""
    digest = hashlib.sha256(_RECIPES[precision].encode())
    for path in sorted(p for p in model_dir.rglob("*") if p.is_file()):
        digest.update(path.relative_to(model_dir).as_posix().encode() + b"\0")
        with path.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
        digest.update(b"\0")
    return digest.hexdigest()


def default_cache_dir(cache_root: Path, model_dir: Path, precision: Precision = "int8") -> Path:
    """`<cache_root>/<model-name>-onnx-int8`; a packaged model's folder is named after its package."""
    name = model_dir.name
    if name == "model" and model_dir.parent.name:
        name = model_dir.parent.name
    return cache_root / f"{name}-onnx-{precision}"


def ensure_exported(model_dir: Path, cache_dir: Path, precision: Precision = "int8") -> Path:
    """Path of the ONNX file for `model_dir`, exporting it first if the cache lacks it.

    Safe across processes sharing `cache_dir`: the exporter holds an advisory lock on
    `cache_dir/.export.lock`, so a second process waits and then finds the finished export
    instead of repeating it; the export is written to a temporary directory beside its
    final place and renamed into it, so a reader never sees a half-written model (and a
    process the lock cannot serialize, e.g. on a file system without locks, loses the
    rename race and uses the winner's files).
    """
    model_dir = model_dir.resolve()
    read_spec(model_dir)
    key = model_fingerprint(model_dir, precision)
    final = cache_dir / key[:32]
    target = final / _MODEL_FILE
    if target.is_file():
        return target
    cache_dir.mkdir(parents=True, exist_ok=True)
    with _export_lock(cache_dir):
        if target.is_file():  # another process exported it while we waited
            return target
        staging = Path(tempfile.mkdtemp(prefix=".export-", dir=cache_dir))
        try:
            _export(model_dir, staging, precision)
            meta = {"model_dir": str(model_dir), "fingerprint": key, "recipe": _RECIPES[precision]}
            (staging / _META_FILE).write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
            try:
                os.rename(staging, final)
            except OSError:
                if not target.is_file():
                    raise
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    return target


@contextmanager
def _export_lock(cache_dir: Path) -> Iterator[None]:
    with open(cache_dir / _LOCK_FILE, "a+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _export(model_dir: Path, out_dir: Path, precision: Precision) -> None:
    import onnx
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from transformers import AutoModel
    from transformers.utils import logging as hf_logging

    # Exporting is not a user-visible step: no progress bar on stderr.
    hf_logging.disable_progress_bar()
    # The eager attention exports as plain MatMul/Softmax, which quantizes and which
    # ONNX Runtime fuses at load time.
    model = AutoModel.from_pretrained(
        str(model_dir), local_files_only=True, attn_implementation="eager"
    ).eval()

    class _LastHiddenState(torch.nn.Module):
        def __init__(self, inner: torch.nn.Module) -> None:
            super().__init__()
            self.inner = inner

        def forward(
            self,
            input_ids: torch.Tensor,
            attention_mask: torch.Tensor,
            token_type_ids: torch.Tensor,
        ) -> torch.Tensor:
            out = self.inner(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            )
            return out.last_hidden_state  # type: ignore[no-any-return]

    sample = torch.ones((2, 8), dtype=torch.int64)
    fp32 = out_dir / ("model-fp32.onnx" if precision == "int8" else _MODEL_FILE)
    # The tracer's warnings concern shape checks that are constant for this model.
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(
            _LastHiddenState(model),
            (sample, sample, torch.zeros_like(sample)),
            str(fp32),
            input_names=list(_INPUTS),
            output_names=["last_hidden_state"],
            dynamic_axes={
                name: {0: "batch", 1: "sequence"} for name in (*_INPUTS, "last_hidden_state")
            },
            opset_version=17,
            dynamo=False,
        )
    if precision == "fp32":
        return
    quantize_dynamic(
        str(fp32),
        str(out_dir / _MODEL_FILE),
        weight_type=QuantType.QInt8,
        # Per-tensor weight scales cost too much fidelity (lowest cosine to fp32 0.88 over
        # real passages); per-channel keeps it at 0.98. 7-bit weights avoid the int16
        # saturation of CPUs without VNNI at no measurable cost where VNNI exists.
        per_channel=True,
        reduce_range=True,
        extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT},
    )
    fp32.unlink()


class OnnxEmbedder:
    """Normalized dense vectors from the ONNX export of a sentence-transformers model.

    `precision` "int8" (the backend) or "fp32" (the unquantized export, for comparison).
    `threads` is how many texts `embed_documents` runs at once, each on one core (None:
    every available core); `query_threads` (default 1) is ONNX Runtime's intra-op thread
    count for `embed_query`. The model is exported into
    `cache_dir` on first construction and reused afterwards.
    """

    def __init__(
        self,
        model: str | Path,
        cache_dir: Path,
        *,
        threads: int | None = None,
        query_threads: int = 1,
        precision: Precision = "int8",
    ) -> None:
        self.spec = read_spec(Path(model).resolve())
        self.onnx_path = ensure_exported(self.spec.model_dir, cache_dir, precision)
        self.threads = threads
        self.query_threads = query_threads
        self._tokenizer = _load_tokenizer(self.spec)
        self._sessions: dict[int, onnxruntime.InferenceSession] = {}
        self._lock = threading.Lock()

    @property
    def dimension(self) -> int:
        return self.spec.dimension

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text, in input order; each distinct text is embedded once."""
        unique: dict[str, int] = {}
        for text in texts:
            unique.setdefault(text, len(unique))
        distinct = list(unique)
        # Texts run side by side, one core each: a single text of a few hundred tokens
        # keeps one core busy better than it splits its operators over several (measured
        # on 2 cores: 2 streams x 1 thread 1.16 s, 1 stream x 2 threads 1.30 s, for 121
        # filing chunks). A text's vector does not depend on which stream ran it.
        session = self._session(1)
        streams = min(self.threads or _available_cores(), len(distinct))
        if streams <= 1:
            vectors = [_embed_one(session, self._tokenizer, text) for text in distinct]
        else:
            with ThreadPoolExecutor(max_workers=streams) as pool:
                vectors = list(
                    pool.map(lambda text: _embed_one(session, self._tokenizer, text), distinct)
                )
        return [vectors[unique[text]] for text in texts]

    def embed_query(self, text: str) -> list[float]:
        return _embed_one(self._session(self.query_threads), self._tokenizer, text)

    def _session(self, threads: int) -> onnxruntime.InferenceSession:
        # One session per thread count: ONNX Runtime fixes its pool size at creation.
        with self._lock:
            session = self._sessions.get(threads)
            if session is None:
                import onnxruntime

                options = onnxruntime.SessionOptions()
                options.intra_op_num_threads = threads
                options.inter_op_num_threads = 1
                options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
                options.log_severity_level = 3
                session = onnxruntime.InferenceSession(
                    str(self.onnx_path), options, providers=["CPUExecutionProvider"]
                )
                self._sessions[threads] = session
            return session


def _available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _load_tokenizer(spec: ModelSpec) -> Tokenizer:
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(spec.model_dir / "tokenizer.json"))
    # tokenizer.json carries its own truncation and fixed padding (128 for this model);
    # sentence-transformers truncates at max_seq_length and pads per batch instead.
    tokenizer.enable_truncation(spec.max_seq_length)
    tokenizer.no_padding()
    return tokenizer


def _embed_one(
    session: onnxruntime.InferenceSession, tokenizer: Tokenizer, text: str
) -> list[float]:
    encoding = tokenizer.encode(text)
    ids = np.asarray([encoding.ids], dtype=np.int64)
    feed: dict[str, Any] = {
        "input_ids": ids,
        "attention_mask": np.ones_like(ids),
        "token_type_ids": np.asarray([encoding.type_ids], dtype=np.int64),
    }
    hidden = session.run(None, feed)[0][0]
    # Every token is real (no padding), so the mask-weighted mean is the plain mean.
    pooled = hidden.mean(axis=0, dtype=np.float32)
    norm = float(np.linalg.norm(pooled))
    return [float(x) for x in (pooled / max(norm, 1e-12)).tolist()]
