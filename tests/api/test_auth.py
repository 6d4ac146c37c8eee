"""Keys: the generated admin key, hashed storage, scopes, and signed report links."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from api import ApiSettings, Unauthorized
from api._auth import KeyStore, hash_key
from api._db import open_api_engine
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
    store = KeyStore(open_api_engine(f"sqlite:///{tmp_path / 'c.sqlite3'}"), "admin")
    assert store.authenticate("admin").is_admin  # type: ignore[union-attr]
    assert store.authenticate(None) is None and store.authenticate("nope") is None
    record, key = store.create(["b", "a", "a"], "analyst")
    assert record.kbs == ("a", "b")
    who = store.authenticate(key)
    assert who is not None and not who.is_admin and who.can_see("a") and not who.can_see("c")
    assert hash_key(key) != key and key not in str(store.list_keys())
    store.forget_kb("a")
    assert store.authenticate(key).kbs == frozenset({"b"})  # type: ignore[union-attr]

    page = "/v1/kbs/b/documents/x/pages/1/image"
    link = store.sign(page, {"line_start": "3", "line_end": "4"}, who, ttl_seconds=3600, now=NOW)
    path, params, sig = _split(link)
    assert path == page and params["kid"] == record.key_id and params["exp"] == str(NOW + 3600)
    assert store.verify_link(path, params, sig, now=NOW) == store.authenticate(key)
    for forged in (
        (path, {**params, "line_end": "40"}),
        (path.replace("/b/", "/a/"), params),
        (path, {**params, "exp": str(NOW + 10**9)}),  # a later expiry is a forgery
        (path, {**params, "kid": "admin"}),
    ):
        with pytest.raises(Unauthorized, match="not valid"):
            store.verify_link(*forged, sig, now=NOW)
    other = KeyStore(open_api_engine(f"sqlite:///{tmp_path / 'c.sqlite3'}"), "another-admin")
    with pytest.raises(Unauthorized):
        other.verify_link(path, params, sig, now=NOW)  # the secret comes from the admin key


NOW = 1_750_000_000


def _split(link: str) -> tuple[str, dict[str, str], str]:
    path, query = link.split("?")
    params = dict(p.split("=") for p in query.split("&"))
    return path, params, params.pop("sig")


def test_signed_links_expire_and_die_with_their_key(tmp_path: Path) -> None:
    """The probe's signed links never expired and outlived the key that made them."""
    store = KeyStore(open_api_engine(f"sqlite:///{tmp_path / 'c.sqlite3'}"), "admin")
    record, key = store.create(["a"], "analyst")
    who = store.authenticate(key)
    assert who is not None
    default_ttl = ApiSettings.model_validate({"admin_key": "k"}).signed_link_ttl_seconds
    assert default_ttl == 24 * 3600
    path, params, sig = _split(store.sign("/p", {}, who, ttl_seconds=default_ttl, now=NOW))
    assert store.verify_link(path, params, sig, now=NOW + default_ttl) == who
    with pytest.raises(Unauthorized, match="expired"):
        store.verify_link(path, params, sig, now=NOW + default_ttl + 1)
    # A new store over the same catalog (a restart) still opens it; revoking the key does not.
    again = KeyStore(open_api_engine(f"sqlite:///{tmp_path / 'c.sqlite3'}"), "admin")
    assert again.verify_link(path, params, sig, now=NOW) == who
    admin = store.authenticate("admin")
    assert admin is not None
    by_admin = _split(store.sign("/p", {}, admin, ttl_seconds=60, now=NOW))
    store.revoke(record.key_id)
    with pytest.raises(Unauthorized, match="revoked"):
        again.verify_link(path, params, sig, now=NOW)
    with pytest.raises(Unauthorized, match="revoked"):
        store.sign("/p", {}, who, ttl_seconds=60)
    assert store.verify_link(*by_admin, now=NOW) == admin  # another key's links live on
    # a signature of any characters is a 401, never a 500 (compare_digest refuses non-ASCII str)
    with pytest.raises(Unauthorized, match="signature"):
        store.verify_link(by_admin[0], by_admin[1], "é" * 64, now=NOW)
