"""A throw-away PostgreSQL server for the tests: ``initdb`` and ``pg_ctl`` in a temporary folder.

Debian's ``postgresql`` package provides the programs (``make install-test`` installs it).
PostgreSQL refuses to run as root, so under root the server runs as the ``postgres`` user
(or ``nobody``) in a folder that user owns. It listens on a free loopback port only.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def _bindir() -> Path:
    """The folder of ``pg_ctl``: on PATH, else the newest of Debian's versioned folders."""
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[-3].split(".")[0])
    )
    if not versions:
        raise RuntimeError(
            "PostgreSQL is not installed (no pg_ctl): run `make install-test`, which installs "
            "Debian's postgresql package, or set TAVOLA_TEST_POSTGRES=off to test on SQLite only"
        )
    return Path(versions[-1]).parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """One PostgreSQL server; ``url`` reaches its ``postgres`` database as superuser ``tavola``."""

    user = "tavola"

    def __init__(self) -> None:
        self.bindir = _bindir()
        self.root = Path(tempfile.mkdtemp(prefix="tavola-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.runas: str | None = None
        if os.geteuid() == 0:
            self.runas = "postgres"
            try:
                owner = pwd.getpwnam(self.runas)
            except KeyError:
                self.runas = "nobody"
                owner = pwd.getpwnam(self.runas)
            os.chown(self.root, owner.pw_uid, owner.pw_gid)

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://{self.user}@127.0.0.1:{self.port}/postgres"

    def _run(self, program: str, *args: str) -> None:
        cmd = [str(self.bindir / program), *args]
        if self.runas:
            cmd = ["runuser", "-u", self.runas, "--", *cmd]
        done = subprocess.run(cmd, capture_output=True, text=True, cwd=self.root)
        if done.returncode != 0:
            log = self.root / "server.log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"{' '.join(cmd)} failed:\n{done.stdout}{done.stderr}{tail}")

    def start(self) -> Cluster:
        self._run("initdb", "-D", str(self.data), "-U", self.user, "--auth=trust", "-E", "UTF8", "--no-sync")
        # The tests kill the app server, never PostgreSQL: fsync only guards a power cut.
        options = (
            f"-c port={self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.root} "
            "-c fsync=off -c full_page_writes=off -c max_connections=200"
        )
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.root / "server.log"), "-o", options, "-w", "start"
        )
        return self

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
