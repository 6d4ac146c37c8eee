"""Keys: the generated admin key, hashed storage and scopes (through the routes), and signed
report links (the key store, at a clock the test sets)."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api import ApiSettings, Unauthorized
from api._auth import KeyStore, hash_key
from api._db import open_api_engine
from app import forget_kb


def _served(data_dir: Path, admin_key: str | None) -> TestClient:
    from api import create_app
    from app import Settings

    limits = ApiSettings.model_validate({"admin_key": admin_key})
    return TestClient(create_app(Settings(data_dir=data_dir), limits))


def _bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def test_without_an_admin_key_one_is_made_and_kept_private(tmp_path: Path) -> None:
    with _served(tmp_path, None) as client:
        first = (tmp_path / "admin_key").read_text().strip()
        assert len(first) > 30
        assert client.get("/v1/keys", headers=_bearer(first)).status_code == 200
    mode = stat.S_IMODE((tmp_path / "admin_key").stat().st_mode)
    assert mode & 0o077 == 0
    with _served(tmp_path, None) as client:  # a restart keeps the key it made
        assert (tmp_path / "admin_key").read_text().strip() == first
        assert client.get("/v1/keys", headers=_bearer(first)).status_code == 200
    with _served(tmp_path, "given") as client:  # a key given wins over the one kept
        assert client.get("/v1/keys", headers=_bearer("given")).status_code == 200
        assert client.get("/v1/keys", headers=_bearer(first)).status_code == 401


def test_keys_are_scoped_hashed_and_lose_a_deleted_kb(tmp_path: Path) -> None:
    with _served(tmp_path, "admin") as client:
        admin = _bearer("admin")
        assert client.get("/v1/keys").status_code == 401
        assert client.get("/v1/keys", headers=_bearer("nope")).status_code == 401
        for kb in ("a", "b", "c"):
            assert client.post("/v1/kbs", json={"name": kb}, headers=admin).status_code == 201
        made = client.post("/v1/keys", json={"kbs": ["b", "a", "a"], "label": "x"}, headers=admin)
        assert made.status_code == 201 and made.json()["kbs"] == ["a", "b"]
        user = _bearer(made.json()["key"])
        assert client.get("/v1/keys", headers=user).status_code == 403  # not an admin
        assert client.get("/v1/kbs/a", headers=user).status_code == 200
        assert client.get("/v1/kbs/c", headers=user).status_code == 404  # not shown to exist
        listed = client.get("/v1/keys", headers=admin).text
        assert made.json()["key_id"] in listed and made.json()["key"] not in listed
        assert client.delete("/v1/kbs/a", headers=admin).status_code == 204
        (info,) = client.get("/v1/keys", headers=admin).json()
        assert info["kbs"] == ["b"]


def test_keys_scopes_and_signed_links(tmp_path: Path) -> None:
    engine = open_api_engine(f"sqlite:///{tmp_path / 'c.sqlite3'}")
    store = KeyStore(engine, "admin")
    assert store.authenticate("admin").is_admin  # type: ignore[union-attr]
    assert store.authenticate(None) is None and store.authenticate("nope") is None
    record, key = store.create(["b", "a", "a"], "analyst")
    assert record.kbs == ("a", "b")
    who = store.authenticate(key)
    assert who is not None and not who.is_admin and who.can_see("a") and not who.can_see("c")
    assert hash_key(key) != key and key not in str(store.list_keys())
    forget_kb(engine, "a")  # what deleting the KB does (Runtime.delete_kb)
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
    engine = open_api_engine(f"sqlite:///{tmp_path / 'c.sqlite3'}")
    store = KeyStore(engine, "admin")
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
