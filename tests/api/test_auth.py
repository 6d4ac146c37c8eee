"""Keys: the generated admin key, hashed storage, scopes, and signed report links."""

from __future__ import annotations

import stat
from pathlib import Path

from api._auth import KeyStore, hash_key
from api._db import open_engine
from api._limits import ApiSettings
from api._state import resolve_admin_key


def test_without_an_admin_key_one_is_made_and_kept_private(tmp_path: Path) -> None:
    limits = ApiSettings.model_validate({"admin_key": None})
    first = resolve_admin_key(limits, tmp_path)
    assert len(first) > 30 and resolve_admin_key(limits, tmp_path) == first
    mode = stat.S_IMODE((tmp_path / "admin_key").stat().st_mode)
    assert mode & 0o077 == 0
    assert (
        resolve_admin_key(ApiSettings.model_validate({"admin_key": "given"}), tmp_path) == "given"
    )


def test_keys_scopes_and_signed_links(tmp_path: Path) -> None:
    store = KeyStore(open_engine(f"sqlite:///{tmp_path / 'c.sqlite3'}"), "admin")
    assert store.authenticate("admin").is_admin  # type: ignore[union-attr]
    assert store.authenticate(None) is None and store.authenticate("nope") is None
    record, key = store.create(["b", "a", "a"], "analyst")
    assert record.kbs == ("a", "b")
    who = store.authenticate(key)
    assert who is not None and not who.is_admin and who.can_see("a") and not who.can_see("c")
    assert hash_key(key) != key and key not in str(store.list_keys())
    store.forget_kb("a")
    assert store.authenticate(key).kbs == frozenset({"b"})  # type: ignore[union-attr]
    link = store.sign("/v1/kbs/a/documents/x/pages/1/image", {"line_start": "3", "line_end": "4"})
    path, query = link.split("?")
    params = dict(p.split("=") for p in query.split("&"))
    sig = params.pop("sig")
    assert store.check_signature(path, params, sig)
    assert not store.check_signature(path, {**params, "line_end": "40"}, sig)
    assert not store.check_signature(path.replace("/a/", "/b/"), params, sig)
    other = KeyStore(open_engine(f"sqlite:///{tmp_path / 'c.sqlite3'}"), "another-admin")
    assert not other.check_signature(path, params, sig)  # the secret comes from the admin key
