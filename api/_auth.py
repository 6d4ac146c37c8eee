"""API keys: an admin key from the environment; per-knowledge-base keys stored hashed."""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import urlencode

from sqlalchemy import Engine, delete, select

from api._db import api_keys
from api._errors import NotFound, Unauthorized

KEY_PREFIX = "evrag_"
_ADMIN_KID = "admin"  # key ids are hex, so no key is called this


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: the admin (every knowledge base) or a key scoped to some."""

    is_admin: bool
    key_id: str | None
    kbs: frozenset[str]

    def can_see(self, kb: str) -> bool:
        return self.is_admin or kb in self.kbs


@dataclass(frozen=True, slots=True)
class KeyRecord:
    key_id: str
    label: str
    kbs: tuple[str, ...]
    created_at: str


class KeyStore:
    """Keys live only as sha256 hashes; the clear key is shown once, when created."""

    def __init__(self, engine: Engine, admin_key: str) -> None:
        self._engine = engine
        self._admin_hash = hash_key(admin_key)
        # Links in reports carry an HMAC of their path, so a browser can open a cited page.
        # Each key signs with its own secret (derived from this one and the key's hash):
        # a link dies with the key that made it, and with the admin key.
        self._link_secret = hashlib.sha256(b"evrag-link:" + admin_key.encode()).digest()

    def authenticate(self, key: str | None) -> Principal | None:
        if not key:
            return None
        digest = hash_key(key)
        if hmac.compare_digest(digest, self._admin_hash):
            return Principal(True, None, frozenset())
        with self._engine.connect() as conn:
            row = conn.execute(select(api_keys).where(api_keys.c.key_hash == digest)).first()
        if row is None:
            return None
        return Principal(False, row.key_id, frozenset(json.loads(row.kbs)))

    def create(self, kbs: list[str], label: str) -> tuple[KeyRecord, str]:
        key = KEY_PREFIX + secrets.token_urlsafe(32)
        record = KeyRecord(
            key_id=secrets.token_hex(8),
            label=label,
            kbs=tuple(sorted(set(kbs))),
            created_at=datetime.now(UTC).isoformat(timespec="seconds"),
        )
        with self._engine.begin() as conn:
            conn.execute(
                api_keys.insert().values(
                    key_id=record.key_id,
                    key_hash=hash_key(key),
                    label=label,
                    kbs=json.dumps(list(record.kbs)),
                    created_at=record.created_at,
                )
            )
        return record, key

    def list_keys(self) -> list[KeyRecord]:
        with self._engine.connect() as conn:
            rows = conn.execute(select(api_keys).order_by(api_keys.c.key_id)).all()
        return [KeyRecord(r.key_id, r.label, tuple(json.loads(r.kbs)), r.created_at) for r in rows]

    def revoke(self, key_id: str) -> None:
        with self._engine.begin() as conn:
            gone = conn.execute(delete(api_keys).where(api_keys.c.key_id == key_id)).rowcount
        if not gone:
            raise NotFound(f"no API key {key_id!r}")

    def sign(
        self,
        path: str,
        params: dict[str, str],
        signer: Principal,
        *,
        ttl_seconds: int,
        now: float | None = None,
    ) -> str:
        """`path?params&exp=...&kid=...&sig=...`: a link that opens without a key header,
        until `exp` (Unix seconds) and while the key that made it (`kid`) is not revoked."""
        return self.link_signer(signer, ttl_seconds=ttl_seconds, now=now)(path, params)

    def link_signer(
        self, signer: Principal, *, ttl_seconds: int, now: float | None = None
    ) -> Callable[[str, dict[str, str]], str]:
        """`sign` for many links of one report: the key is looked up once."""
        kid = signer.key_id or _ADMIN_KID
        signer_hash = self._admin_hash if signer.is_admin else self._key(kid)[1]
        if signer_hash is None:
            raise Unauthorized(f"the key {kid!r} is revoked")
        expires = str(int(time.time() if now is None else now) + ttl_seconds)

        def sign(path: str, params: dict[str, str]) -> str:
            signed = {**params, "exp": expires, "kid": kid}
            sig = self._link_signature(signer_hash, path, signed)
            return f"{path}?{urlencode([*sorted(signed.items()), ('sig', sig)])}"

        return sign

    def verify_link(
        self, path: str, params: dict[str, str], sig: str, *, now: float | None = None
    ) -> Principal:
        """Who made this signed link, if it is intact, unexpired and its key not revoked;
        else Unauthorized saying which."""
        kid, exp = params.get("kid", ""), params.get("exp", "")
        if not kid or not exp.isdigit():
            raise Unauthorized("not a signed link (exp and kid missing); send an API key")
        if kid == _ADMIN_KID:
            principal: Principal | None = Principal(True, None, frozenset())
            signer_hash: str | None = self._admin_hash
        else:
            principal, signer_hash = self._key(kid)
        want = self._link_signature(signer_hash or "", path, params)
        # bytes: compare_digest refuses str with non-ASCII characters (a TypeError, a 500)
        given = sig.encode("utf-8", "surrogateescape")
        if (
            principal is None
            or signer_hash is None
            or not hmac.compare_digest(want.encode(), given)
        ):
            # A revoked key and a forged signature read the same to the caller.
            raise Unauthorized("the link's signature is not valid (or its key was revoked)")
        if int(exp) < (time.time() if now is None else now):
            raise Unauthorized("the signed link has expired; open the report again for a new one")
        return principal

    def _link_signature(self, signer_hash: str, path: str, params: dict[str, str]) -> str:
        secret = hmac.new(self._link_secret, signer_hash.encode(), "sha256").digest()
        query = urlencode(sorted(params.items()))
        return hmac.new(secret, f"{path}?{query}".encode(), "sha256").hexdigest()[:32]

    def _key(self, key_id: str) -> tuple[Principal | None, str | None]:
        with self._engine.connect() as conn:
            row = conn.execute(select(api_keys).where(api_keys.c.key_id == key_id)).first()
        if row is None:
            return None, None
        return Principal(False, row.key_id, frozenset(json.loads(row.kbs))), str(row.key_hash)
