"""Chat and notes of a match: chat belongs to the players (anyone holding a seat), notes are
private per seat. A part of :class:`tavola.server.matches.Matches`."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import select

from tavola.server.auth import Identity
from tavola.server.errors import bad_request, forbidden
from tavola.server.matchdata import MatchData
from tavola.server.models import ChatMessage, Note


class Talk:
    """Chat and notes (mixed into Matches: uses its ``db``, ``fetch`` and ``_holder_check``)."""

    db: Any
    fetch: Any
    _holder_check: Any

    def _seated(self, data: MatchData, ident: Identity | None) -> list[str]:
        roles = data.roles_of(ident)
        if not roles:
            raise forbidden("only the players of this match may use its chat")
        return roles

    def chat_post(self, mid: str, ident: Identity | None, text: str) -> dict[str, Any]:
        data = self.fetch(mid)
        roles = self._seated(data, ident)
        assert ident is not None
        text = text.strip()
        if not text:
            raise bad_request("the message is empty")
        with self.db.session() as s, s.begin():
            msg = ChatMessage(
                match_id=mid,
                user_id=ident.user_id,
                author=ident.name,
                roles=roles,
                text=text,
                created_at=time.time(),
            )
            s.add(msg)
            s.flush()
            return self._chat_out(msg)

    def chat_list(
        self, mid: str, ident: Identity | None, after: int = 0, limit: int = 200
    ) -> list[dict[str, Any]]:
        self._seated(self.fetch(mid), ident)
        with self.db.session() as s:
            rows = list(
                s.scalars(
                    select(ChatMessage)
                    .where(ChatMessage.match_id == mid, ChatMessage.id > after)
                    .order_by(ChatMessage.id.desc())
                    .limit(limit)
                )
            )
        return [self._chat_out(m) for m in reversed(rows)]

    def chat_readers(self, mid: str) -> set[int]:
        """The users who may read this match's chat."""
        data = self.fetch(mid)
        return {s.user_id for s in data.seats if s.user_id is not None}

    @staticmethod
    def _chat_out(m: ChatMessage) -> dict[str, Any]:
        return {"id": m.id, "author": m.author, "roles": list(m.roles), "text": m.text, "at": m.created_at}

    def note_get(self, mid: str, ident: Identity | None, role: str) -> dict[str, Any]:
        self._holder_check(self.fetch(mid), ident, role)
        with self.db.session() as s:
            note = s.get(Note, (mid, role))
            if note is None:
                return {"role": role, "text": "", "updated_at": None}
            return {"role": role, "text": note.text, "updated_at": note.updated_at}

    def note_put(self, mid: str, ident: Identity | None, role: str, text: str) -> dict[str, Any]:
        self._holder_check(self.fetch(mid), ident, role)
        now = time.time()
        with self.db.session() as s, s.begin():
            note = s.get(Note, (mid, role))
            if note is None:
                s.add(Note(match_id=mid, role=role, text=text, updated_at=now))
            else:
                note.text, note.updated_at = text, now
        return {"role": role, "text": text, "updated_at": now}
