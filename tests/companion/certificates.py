"""A certificate authority and a broker's certificate for 127.0.0.1, made with the `openssl`
command line for a test (nothing of the kind is kept in the repository)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from .mosquitto import TlsFiles

OPENSSL = shutil.which("openssl") or "/usr/bin/openssl"

needs_openssl = pytest.mark.skipif(not Path(OPENSSL).exists(),
                                   reason="the openssl command is not installed")


def _openssl(*args: str) -> None:
    subprocess.run([OPENSSL, *args], check=True, capture_output=True)


def make_authority(folder: Path, name: str = "Club test CA") -> tuple[Path, Path]:
    """A self-signed CA: (certificate, key)."""
    folder.mkdir(parents=True, exist_ok=True)
    cert, key = folder / "ca.pem", folder / "ca.key"
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
             "-keyout", str(key), "-out", str(cert), "-subj", f"/CN={name}",
             "-addext", "basicConstraints=critical,CA:TRUE",
             "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    return cert, key


def make_certificate(folder: Path, authority: tuple[Path, Path], name: str,
                     alt_names: str = "IP:127.0.0.1,DNS:localhost") -> tuple[Path, Path]:
    """A certificate for `name` signed by `authority`: (certificate, key)."""
    cert, key, request = folder / f"{name}.pem", folder / f"{name}.key", folder / f"{name}.csr"
    extensions = folder / f"{name}.ext"
    extensions.write_text(f"subjectAltName={alt_names}\n", encoding="utf-8")
    _openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out",
             str(request), "-subj", f"/CN={name}")
    _openssl("x509", "-req", "-in", str(request), "-CA", str(authority[0]), "-CAkey",
             str(authority[1]), "-CAcreateserial", "-days", "2", "-out", str(cert),
             "-extfile", str(extensions))
    return cert, key


def broker_files(folder: Path) -> TlsFiles:
    """A new CA and the broker's certificate for 127.0.0.1 signed by it."""
    authority = make_authority(folder)
    cert, key = make_certificate(folder, authority, "broker")
    return TlsFiles(ca=authority[0], cert=cert, key=key)
