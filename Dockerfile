# The evidence-rag API. One process owns the store (embedded by default; a Qdrant
# server when QDRANT_URL is set, as in docker-compose.yml).
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HF_HUB_OFFLINE=1 \
    TRANSFORMERS_OFFLINE=1 \
    TOKENIZERS_PARALLELISM=false \
    EVRAG_DATA_DIR=/data

# OCR needs no system package: rapidocr-onnxruntime carries its models (installed below
# with --no-deps; its needs are in pyproject.toml, with headless OpenCV). Tesseract is an
# option (EVRAG_OCR=tesseract): add tesseract-ocr with apt-get to use it.

WORKDIR /app
# torch first, CPU build, so nothing below can pull a CUDA build.
RUN pip install --index-url https://download.pytorch.org/whl/cpu torch==2.13.0
COPY pyproject.toml constraints.txt README.md LICENSE ./
COPY domain ./domain
COPY engine ./engine
COPY ingest ./ingest
COPY retrieval ./retrieval
COPY skill ./skill
COPY app ./app
COPY api ./api
RUN pip install -c constraints.txt . \
    && pip install --no-deps -c constraints.txt rapidocr-onnxruntime \
    && useradd --system --uid 10001 --home-dir /data evrag \
    && mkdir -p /data && chown evrag /data

USER evrag
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
    CMD python -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2).status != 200)"
CMD ["evrag", "serve", "--host", "0.0.0.0", "--port", "8000"]
