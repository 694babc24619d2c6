"""Accounts (argon2-hashed passwords), guests and signed session cookies.

The cookie holds a random token signed with the server key; the database keeps only the
token's SHA-256 with the account and an expiry that slides forward while the session is used.
Signing out deletes the row, so a copied cookie dies with it.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, Signer
from sqlalchemy import delete, func, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DbSession

from tavola.server.config import Settings
from tavola.server.db import Database
from tavola.server.errors import ApiError
from tavola.server.models import ChatMessage, Match, Meta, Seat, Session, SigninFailure, User

COOKIE = "tavola_session"
LANG_COOKIE = "tavola_lang"
DAY = 86400.0
BRAKE_LOCK = 0x74627261
"""The advisory lock every server process takes to count a sign-in attempt (PostgreSQL)."""


@dataclass(frozen=True)
class Identity:
    user_id: int
    name: str
    guest: bool
    lang: str | None = None


@dataclass
class Resolved:
    identity: Identity
    expires_at: float
    refreshed: bool = False


def expired() -> ApiError:
    return ApiError(401, "session_expired", "the session expired or was signed out; sign in again")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _identity(user: User) -> Identity:
    if user.username is not None:
        return Identity(user.id, user.username, False, user.lang)
    return Identity(user.id, user.guest_name or f"guest-{user.id}", True, user.lang)


class Accounts:
    """Sign-up, sign-in, guests and session look-up. Synchronous: call it from a worker thread.

    The sign-in brake: an attempt is counted as failed *before* its password is checked (and
    forgiven if it succeeds), so a burst of concurrent guesses is counted in full; at most
    ``HASHING`` passwords are hashed at once (argon2 takes 64 MiB each). A client address with
    ``MAX_CLIENT_FAILURES`` recent failures is refused whatever the username; a username with
    ``MAX_FAILURES`` recent failures is refused only to clients that failed on it themselves,
    so nobody can lock the owner out from elsewhere."""

    CACHE_SECONDS = 30.0
    MAX_FAILURES = 10
    MAX_CLIENT_FAILURES = 30
    FAILURE_WINDOW = 600.0
    HASHING = 2
    HASHING_WAIT = 10.0

    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings
        self.hasher = PasswordHasher(
            time_cost=settings.argon2_time_cost, memory_cost=settings.argon2_memory_kib, parallelism=1
        )
        # Verified against when the username is unknown, so timing does not tell which names exist.
        self._dummy_hash = self.hasher.hash(secrets.token_hex(8))
        self.signer = Signer(self._secret(), salt="tavola-session")
        self._cache: dict[str, tuple[Resolved, float]] = {}
        self._hashing = threading.BoundedSemaphore(self.HASHING)
        self.on_seats_changed: list[Callable[[], None]] = []
        self._lock = threading.Lock()

    def _secret(self) -> str:
        if self.settings.secret:
            return self.settings.secret
        try:
            with self.db.session() as s, s.begin():
                row = s.get(Meta, "secret")
                if row is None:
                    row = Meta(key="secret", value=secrets.token_urlsafe(48))
                    s.add(row)
                return row.value
        except IntegrityError:
            # Another server process starting on the same new database stored its key first.
            with self.db.session() as s:
                return s.get_one(Meta, "secret").value

    # --- cookies --------------------------------------------------------------------------
    def cookie_value(self, token: str) -> str:
        return self.signer.sign(token).decode()

    def token_of(self, cookie: str) -> str | None:
        try:
            return self.signer.unsign(cookie).decode()
        except (BadSignature, UnicodeDecodeError):
            return None

    def _new_session(self, s: DbSession, user_id: int, days: float) -> tuple[str, float]:
        token = secrets.token_urlsafe(32)
        now = time.time()
        expires = now + days * DAY
        s.add(Session(token_hash=hash_token(token), user_id=user_id, created_at=now, expires_at=expires))
        return token, expires

    # --- look-up --------------------------------------------------------------------------
    def cached(self, cookie: str | None) -> Resolved | None:
        """The identity of a cookie from memory alone (no database), or None if unknown."""
        token = self.token_of(cookie) if cookie else None
        if token is None:
            return None
        now = time.time()
        with self._lock:
            hit = self._cache.get(hash_token(token))
        if hit is not None and now - hit[1] < self.CACHE_SECONDS and hit[0].expires_at > now:
            return Resolved(hit[0].identity, hit[0].expires_at)
        return None

    def resolve(self, cookie: str | None) -> Resolved | None:
        """The identity of a cookie; None without one; raises 401 if expired or forged."""
        if not cookie:
            return None
        token = self.token_of(cookie)
        if token is None:
            raise expired()
        key = hash_token(token)
        now = time.time()
        with self._lock:
            hit = self._cache.get(key)
        if hit is not None and now - hit[1] < self.CACHE_SECONDS and hit[0].expires_at > now:
            return Resolved(hit[0].identity, hit[0].expires_at)
        with self.db.session() as s:
            row = s.execute(
                select(Session, User).join(User, User.id == Session.user_id).where(Session.token_hash == key)
            ).first()
            if row is None or row[0].expires_at <= now:
                self._forget(key)
                raise expired()
            session, user = row
            ident = _identity(user)
            ttl = (self.settings.guest_days if ident.guest else self.settings.session_days) * DAY
            expires_at = session.expires_at
            refreshed = False
            # Slide the expiry forward once half of it is used, not on every request.
            if expires_at - now < ttl / 2:
                expires_at = now + ttl
                s.execute(update(Session).where(Session.token_hash == key).values(expires_at=expires_at))
                s.commit()
                refreshed = True
        resolved = Resolved(ident, expires_at, refreshed)
        with self._lock:
            if len(self._cache) > 10000:
                self._cache.clear()
            self._cache[key] = (resolved, now)
        return resolved

    def _forget(self, key: str) -> None:
        with self._lock:
            self._cache.pop(key, None)

    def forget_where(self, signed_out: Callable[[str], bool]) -> None:
        """Drop the cached sessions whose stored hash ``signed_out`` names (signed out by
        another server process)."""
        with self._lock:
            for key in [k for k in self._cache if signed_out(k)]:
                del self._cache[key]

    # --- guests and accounts --------------------------------------------------------------
    def new_guest(self) -> tuple[Identity, str, float]:
        """A guest identity with its session: (identity, token, expiry)."""
        with self.db.session() as s, s.begin():
            user = User(guest_name=f"guest-{secrets.token_hex(3)}", created_at=time.time())
            s.add(user)
            s.flush()
            token, expires = self._new_session(s, user.id, self.settings.guest_days)
            return _identity(user), token, expires

    def _hashed(self, work: Callable[[], object]) -> object:
        """Run one password hash or check, at most ``HASHING`` at a time."""
        if not self._hashing.acquire(timeout=self.HASHING_WAIT):
            raise ApiError(429, "too_many_attempts", "the server is busy checking passwords; try again")
        try:
            return work()
        finally:
            self._hashing.release()

    def signup(self, username: str, password: str, current: Identity | None) -> tuple[Identity, str, float]:
        """A new account. A guest signing up keeps its matches: the guest becomes the account."""
        key = username.lower()
        digest = str(self._hashed(lambda: self.hasher.hash(password)))
        with self.db.session() as s, s.begin():
            if s.execute(select(User.id).where(User.username_key == key)).first() is not None:
                raise ApiError(409, "username_taken", f"the username {username!r} is taken")
            user = s.get(User, current.user_id) if current is not None and current.guest else None
            if user is None:
                user = User(created_at=time.time())
                s.add(user)
            user.username = username
            user.username_key = key
            user.password_hash = digest
            user.guest_name = None
            s.flush()
            token, expires = self._new_session(s, user.id, self.settings.session_days)
            ident = _identity(user)
        self._drop_cache_for(current)
        self._seats_changed()
        return ident, token, expires

    def login(
        self, username: str, password: str, current: Identity | None, client: str = ""
    ) -> tuple[Identity, str, float]:
        """Sign in. A guest signing in hands its seats and matches over to the account."""
        key = username.lower()
        attempt = self._begin_attempt(key, client)
        with self.db.session() as s:
            user = s.execute(select(User).where(User.username_key == key)).scalar_one_or_none()
        stored = user.password_hash if user is not None and user.password_hash else self._dummy_hash

        def check() -> bool:
            try:
                self.hasher.verify(stored, password)
                return True
            except (VerificationError, InvalidHashError):
                return False

        ok = bool(self._hashed(check)) and user is not None
        if not ok or user is None:
            raise ApiError(401, "bad_credentials", "wrong username or password")
        self._forgive(attempt)
        with self.db.session() as s, s.begin():
            if self.hasher.check_needs_rehash(stored):
                digest = str(self._hashed(lambda: self.hasher.hash(password)))
                s.execute(update(User).where(User.id == user.id).values(password_hash=digest))
            if current is not None and current.guest and current.user_id != user.id:
                old = current.user_id
                s.execute(update(Seat).where(Seat.user_id == old).values(user_id=user.id))
                s.execute(update(Match).where(Match.created_by == old).values(created_by=user.id))
                s.execute(update(ChatMessage).where(ChatMessage.user_id == old).values(user_id=user.id))
                s.execute(delete(Session).where(Session.user_id == old))
            token, expires = self._new_session(s, user.id, self.settings.session_days)
        self._drop_cache_for(current)
        self._seats_changed()
        return _identity(user), token, expires

    def _seats_changed(self) -> None:
        for listener in self.on_seats_changed:
            listener()

    def logout(self, cookie: str | None) -> None:
        token = self.token_of(cookie) if cookie else None
        if token is None:
            return
        key = hash_token(token)
        with self.db.session() as s, s.begin():
            s.execute(delete(Session).where(Session.token_hash == key))
        self._forget(key)

    def set_lang(self, ident: Identity, lang: str) -> Identity:
        with self.db.session() as s, s.begin():
            s.execute(update(User).where(User.id == ident.user_id).values(lang=lang))
        self._drop_cache_for(ident)
        return Identity(ident.user_id, ident.name, ident.guest, lang)

    def _drop_cache_for(self, ident: Identity | None) -> None:
        if ident is None:
            return
        with self._lock:
            for key in [k for k, (r, _) in self._cache.items() if r.identity.user_id == ident.user_id]:
                del self._cache[key]

    # --- brute-force brake ----------------------------------------------------------------
    def _begin_attempt(self, username: str, client: str) -> list[int]:
        """Check the brake and count this attempt as failed, in one step: under this process's
        lock and, on PostgreSQL, a lock of the transaction that every server process on the
        database takes, so the failures counted are those of all of them."""
        now = time.time()
        keys = [f"user:{username}", f"client:{client}", f"pair:{username}\n{client}"]
        with self._lock, self.db.session() as s, s.begin():
            if s.get_bind().dialect.name == "postgresql":
                s.execute(text("SELECT pg_advisory_xact_lock(:space, 0)"), {"space": BRAKE_LOCK})
            s.execute(delete(SigninFailure).where(SigninFailure.at < now - self.FAILURE_WINDOW))
            counts = dict(
                s.execute(
                    select(SigninFailure.key, func.count())
                    .where(SigninFailure.key.in_(keys), SigninFailure.at >= now - self.FAILURE_WINDOW)
                    .group_by(SigninFailure.key)
                ).all()
            )
            by_user, by_client, by_pair = (counts.get(k, 0) for k in keys)
            if by_client >= self.MAX_CLIENT_FAILURES or (by_user >= self.MAX_FAILURES and by_pair):
                raise ApiError(
                    429, "too_many_attempts", "too many failed sign-ins; try again in a few minutes"
                )
            rows = [SigninFailure(key=k, at=now) for k in keys]
            s.add_all(rows)
            s.flush()
            return [r.id for r in rows]

    def _forgive(self, attempt: list[int]) -> None:
        with self.db.session() as s, s.begin():
            s.execute(delete(SigninFailure).where(SigninFailure.id.in_(attempt)))
