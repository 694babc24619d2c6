"""A session's past held compactly: its actions, checksums and log as bytes, decoded when read.

A live game of 1,500 steps held its log as some 1,200 to 3,000 dicts, its actions as lists and
its checksums as strings: about 800 KB, most of what a long match costs a server
(docs/performance.md, session 16). Here each action and log entry is marshalled (its types kept
exactly: tuples, interned strings) and every :data:`BLOCK` of them are compressed together once
the block is full; a checksum is a 32-bit integer. Reading an item decodes it, and a role's view
of the log (:class:`LogView`) decodes only the entries a client is sent.

These sequences read like lists (``len``, indexing, slices as lists, iteration, ``==`` with a
list) and only grow at their end: whatever cuts one (an undo, a rewind) makes a new one
(:meth:`Packed.cut`), so a view taken of one stays true while the game goes on (a server encodes
views after it lets go of the match).
"""

from __future__ import annotations

import marshal
import sys
import zlib
from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")
BLOCK = 64
"""Items compressed together: a 1,500-step Italia game's log takes a sixth of its marshalled
size in blocks of 64 (a seventh in blocks of 128, each then twice as long to decompress)."""
LEVEL = 6
NO_STEP = -(2**31)
"""The step of a log entry whose ``step`` is not a 32-bit integer (read from the entry then)."""


def _dump(a: array[int]) -> bytes:
    """An array's items as little-endian bytes (a snapshot may be read on another machine)."""
    if sys.byteorder == "big":
        a = array(a.typecode, a)
        a.byteswap()
    return a.tobytes()


def _load(typecode: str, data: bytes) -> array[int]:
    a = array(typecode)
    a.frombytes(data)
    if sys.byteorder == "big":
        a.byteswap()
    return a


class ListLike(Sequence[T]):
    """Equal to a list (or one of its own kind) of the same items, unhashable, shown as a list."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, list | ListLike):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"


class Packed(ListLike[T], Generic[T]):
    """Items marshalled one after the other, every :data:`BLOCK` of them compressed together."""

    __slots__ = ("_ends", "_sealed")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._sealed: tuple[tuple[bytes, ...], bytearray] = ((), bytearray())
        """The full blocks, compressed, and the bytes of the block being filled: one attribute,
        replaced whole when a block fills, so a reader in another thread sees both of one time."""
        self._ends = array("I")
        """Where each item ends in its block's bytes."""
        self.extend(items)

    def append(self, item: T) -> None:
        blocks, tail = self._sealed
        tail.extend(marshal.dumps(item))
        self._ends.append(len(tail))
        if len(self._ends) % BLOCK == 0:
            self._sealed = ((*blocks, zlib.compress(tail, LEVEL)), bytearray())

    def extend(self, items: Iterable[T]) -> None:
        for item in items:
            self.append(item)

    def __len__(self) -> int:
        return len(self._ends)

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> list[T]: ...
    def __getitem__(self, i: int | slice) -> T | list[T]:
        if isinstance(i, slice):
            return list(self.decoded(range(*i.indices(len(self)))))
        n = len(self)
        if not -n <= i < n:
            raise IndexError("index out of range")
        return next(self.decoded((i % n,)))

    def __iter__(self) -> Iterator[T]:
        return self.decoded(range(len(self)))

    def decoded(self, indices: Iterable[int]) -> Iterator[T]:
        """The items at ``indices`` (each below the length), each block decompressed once for
        a run of indices in it."""
        blocks, tail = self._sealed
        ends = self._ends
        held, raw = -1, b""
        for i in indices:
            b = i // BLOCK
            if b != held:
                held, raw = b, (zlib.decompress(blocks[b]) if b < len(blocks) else tail)
            yield marshal.loads(raw[ends[i - 1] if i % BLOCK else 0 : ends[i]])

    def cut(self, n: int) -> Packed[T]:
        """A new sequence of the first ``n`` items (this one is left as it is)."""
        blocks, tail = self._sealed
        kept = n // BLOCK
        out = type(self)()
        rest = b""
        if n % BLOCK:
            raw = zlib.decompress(blocks[kept]) if kept < len(blocks) else tail
            rest = raw[: self._ends[n - 1]]
        out._sealed = (blocks[:kept], bytearray(rest))
        out._ends = self._ends[:n]
        return out

    def nbytes(self) -> int:
        """The memory it holds (its objects' sizes)."""
        blocks, tail = self._sealed
        held = sum(map(sys.getsizeof, blocks)) + sys.getsizeof(blocks) + sys.getsizeof(tail)
        return held + sys.getsizeof(self._ends) + sys.getsizeof(self)

    def dump(self) -> tuple[Any, ...]:
        """Plain values (bytes and tuples) for a snapshot, read back by :meth:`load`."""
        blocks, tail = self._sealed
        return (blocks, bytes(tail), _dump(self._ends))

    @classmethod
    def load(cls, dumped: tuple[Any, ...]) -> Packed[T]:
        blocks, tail, ends = dumped[:3]
        out = cls()
        out._sealed = (tuple(blocks), bytearray(tail))
        out._ends = _load("I", ends)
        return out


class Checksums(ListLike[str]):
    """A step's checksums, eight lowercase hex digits each, held as 32-bit integers."""

    __slots__ = ("_sums",)

    def __init__(self, sums: Iterable[str] = ()) -> None:
        self._sums = array("I")
        for s in sums:
            self.append(s)

    def append(self, s: str) -> None:
        v = int(s, 16)
        if len(s) != 8 or f"{v:08x}" != s:
            raise ValueError(f"a checksum is eight lowercase hex digits, not {s!r}")
        self._sums.append(v)

    def __len__(self) -> int:
        return len(self._sums)

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> list[str]: ...
    def __getitem__(self, i: int | slice) -> str | list[str]:
        if isinstance(i, slice):
            return [f"{v:08x}" for v in self._sums[i]]
        return f"{self._sums[i]:08x}"

    def cut(self, n: int) -> Checksums:
        out = Checksums()
        out._sums = self._sums[:n]
        return out

    def nbytes(self) -> int:
        return sys.getsizeof(self._sums) + sys.getsizeof(self)

    def dump(self) -> bytes:
        return _dump(self._sums)

    @classmethod
    def load(cls, dumped: bytes) -> Checksums:
        out = cls()
        out._sums = _load("I", dumped)
        return out


class Log(Packed[dict[str, Any]]):
    """A session's log: its entries packed, with each entry's step and the readers of the
    private ones (``to``) kept apart, so neither a window nor a role's filter decodes them."""

    __slots__ = ("_steps", "_to")

    def __init__(self, events: Iterable[dict[str, Any]] = ()) -> None:
        self._steps = array("i")
        self._to: dict[int, Any] = {}
        """The ``to`` of each private entry, by index."""
        super().__init__(events)

    def append(self, event: dict[str, Any]) -> None:
        super().append(event)
        step = event.get("step")
        self._steps.append(step if type(step) is int and NO_STEP < step < 2**31 else NO_STEP)
        if "to" in event:
            self._to[len(self) - 1] = event["to"]

    def step(self, i: int) -> Any:
        """Entry ``i``'s ``step`` (``None`` if it has none)."""
        step = self._steps[i]
        return self[i].get("step") if step == NO_STEP else step

    @property
    def private(self) -> bool:
        """Whether any entry is private to some roles."""
        return bool(self._to)

    def readers(self, role: str | None, start: int, stop: int) -> Iterator[int]:
        """The indices from ``start`` to ``stop`` of the entries ``role`` may read (see
        :func:`tavola.core.game.visible_log`)."""
        to = self._to
        for i in range(start, stop):
            if i not in to or (role is not None and role in to[i]):
                yield i

    def cut(self, n: int) -> Log:
        out = super().cut(n)
        assert isinstance(out, Log)
        out._steps = self._steps[:n]
        out._to = {i: to for i, to in self._to.items() if i < n}
        return out

    def nbytes(self) -> int:
        return super().nbytes() + sys.getsizeof(self._steps) + sys.getsizeof(self._to)

    def dump(self) -> tuple[Any, ...]:
        return (*super().dump(), _dump(self._steps), self._to)

    @classmethod
    def load(cls, dumped: tuple[Any, ...]) -> Log:
        out = super().load(dumped)
        assert isinstance(out, Log)
        out._steps = _load("i", dumped[3])
        out._to = dict(dumped[4])
        return out


class LogView(ListLike[dict[str, Any]]):
    """The entries of a log that one role may read, as they were when the view was taken,
    decoded when read: a client is sent only a window of them."""

    __slots__ = ("_index", "_log", "_n")

    def __init__(self, log: Log, n: int, index: array[int] | None = None) -> None:
        self._log = log
        self._n = n
        self._index = index
        """The indices in ``log`` of the entries (more may follow ``n``), or None: all."""

    def __len__(self) -> int:
        return self._n

    def _at(self, indices: range) -> Iterable[int]:
        return indices if self._index is None else (self._index[k] for k in indices)

    @overload
    def __getitem__(self, k: int) -> dict[str, Any]: ...
    @overload
    def __getitem__(self, k: slice) -> list[dict[str, Any]]: ...
    def __getitem__(self, k: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(k, slice):
            return list(self._log.decoded(self._at(range(*k.indices(self._n)))))
        if not -self._n <= k < self._n:
            raise IndexError("index out of range")
        return next(self._log.decoded(self._at(range(k % self._n, k % self._n + 1))))

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return self._log.decoded(self._at(range(self._n)))

    def step(self, k: int) -> Any:
        """Entry ``k``'s ``step``, without decoding it."""
        return self._log.step(k if self._index is None else self._index[k])


def plain(value: Any) -> list[Any]:
    """For ``json.dumps(default=plain)``: a view's log (or any of these sequences) as a list."""
    if isinstance(value, ListLike):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON serializable")
