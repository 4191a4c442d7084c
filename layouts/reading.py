"""Reading a layout file safely: a bounded, regular, UTF-8 file parsed into plain YAML data.

Every refusal is a LayoutError with one `FILE: where: message` line. Parsing uses libyaml's
C parser when PyYAML has it (about 7x faster) and the pure-Python one otherwise; the nodes
are composed and constructed in Python on both, so the bounds below hold on both. The
bounds are the project's, not the library's: a text that libyaml refuses is read again by
the pure-Python parser, so the sentence is ours whatever limits a PyYAML release adds
(6.0.4's libyaml refuses deep flow nesting before our composer sees it):
- MAX_BYTES: a layout file is at most 1 MB (the shipped ones are under 11 KB);
- MAX_DEPTH: mappings and lists nest at most 64 deep (libyaml's own composer recurses
  in C: 100,000 levels crash the process);
- MAX_NODES: at most 200,000 values once aliases are expanded (no "billion laughs");
- a key repeated in one mapping is refused, naming the key and both lines.
"""
from __future__ import annotations

import os
import stat
from collections.abc import Hashable
from pathlib import Path

import yaml
from yaml.composer import Composer, ComposerError
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.events import AliasEvent
from yaml.nodes import MappingNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

try:
    from yaml.cyaml import CParser
except ImportError:  # PyYAML built without libyaml
    CParser = None

MAX_BYTES = 1_000_000
MAX_DEPTH = 64
MAX_NODES = 200_000
MERGE_TAG = "tag:yaml.org,2002:merge"
FILE_KINDS = [(stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a device"),
              (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")]


class LayoutError(Exception):
    """A layout file that cannot be used; `problems` holds one line per problem."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


def read_yaml(path: Path) -> object:
    """The YAML data of a layout file; LayoutError (one line) for anything unreadable."""
    with _open_regular(path) as file:
        data = file.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise LayoutError([f"{path}: cannot read: over {MAX_BYTES:,} bytes; a layout file is at most that"])
    text = _decode(path, data)
    try:
        return _parsed(text)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = f"line {mark.line + 1}" if mark else "yaml"
        raise LayoutError([f"{path}: {where}: {_one_line(error.problem or error.context)}"]) from None
    except yaml.reader.ReaderError as error:
        line = text[:error.position].count("\n") + 1
        raise LayoutError([f"{path}: line {line}: {error.reason} (character #x{error.character:04x})"]) from None


def _parsed(text: str) -> object:
    """The text parsed by the fastest loader; a refusal is the pure-Python loader's, with our bounds."""
    try:
        return yaml.load(text, Loader=LOADERS[0])
    except yaml.YAMLError:
        if LOADERS[0] is PureLoader:
            raise
    return yaml.load(text, Loader=PureLoader)


def _open_regular(path: Path):
    """The file open for reading, refused (never waited on) when it is a pipe, device or folder."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise LayoutError([f"{path}: cannot read: {error.strerror}"]) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        kind = next((name for test, name in FILE_KINDS if test(mode)), "not a regular file")
        raise LayoutError([f"{path}: cannot read: {kind}, not a layout file"])
    return os.fdopen(fd, "rb")


def _decode(path: Path, data: bytes) -> str:
    """The file as text; a layout is UTF-8 (a BOM is fine)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise LayoutError([f"{path}: cannot read: UTF-16 text; save the file as UTF-8"])
    if b"\0" in data:
        raise LayoutError([f"{path}: cannot read: not a text file (it holds NUL bytes); a layout is UTF-8 text"])
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise LayoutError([f"{path}: line {line}: not UTF-8 text (byte 0x{data[error.start]:02x}); "
                           f"save the file as UTF-8"]) from None


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


class _BoundedComposer(Composer):
    """PyYAML's composer, refusing documents nested too deep or too big once aliases expand."""

    def __init__(self):
        Composer.__init__(self)
        self._depth = 0
        self._nodes = 0  # nodes so far, an alias counting as all the nodes it repeats

    def compose_node(self, parent, index):
        event = self.peek_event()
        if self._depth >= MAX_DEPTH:
            raise ComposerError(None, None, f"nested deeper than {MAX_DEPTH} levels", event.start_mark)
        if isinstance(event, AliasEvent):
            node = super().compose_node(parent, index)
            if not hasattr(node, "expanded"):
                raise ComposerError(None, None, "an alias inside the value it refers to (a loop)", event.start_mark)
            self._nodes += node.expanded
        else:
            first = self._nodes
            self._nodes += 1
            self._depth += 1
            node = super().compose_node(parent, index)
            self._depth -= 1
            if event.anchor is not None:
                node.expanded = self._nodes - first  # what an alias to this node will repeat
        if self._nodes > MAX_NODES:
            raise ComposerError(None, None, f"more than {MAX_NODES:,} values once aliases are expanded",
                                event.start_mark)
        return node


class _UniqueKeyConstructor(SafeConstructor):
    """PyYAML's safe constructor, refusing a key given twice in one mapping."""

    def construct_mapping(self, node, deep=False):
        if isinstance(node, MappingNode):
            lines = {}
            for key_node, _ in node.value:
                if key_node.tag == MERGE_TAG:
                    continue  # merged keys may be overridden
                key = self.construct_object(key_node, deep=True)
                if not isinstance(key, Hashable):
                    continue  # SafeConstructor names an unhashable key
                if key in lines:
                    raise ConstructorError(None, None, f"duplicate key {key!r} (first on line {lines[key] + 1})",
                                           key_node.start_mark)
                lines[key] = key_node.start_mark.line
        return super().construct_mapping(node, deep)

    def construct_object(self, node, deep=False):
        try:
            return super().construct_object(node, deep)
        except ValueError as error:  # a bad date, an int past Python's digit limit
            raise ConstructorError(None, None, str(error).split(";")[0], node.start_mark) from None


class _Loader(_BoundedComposer, _UniqueKeyConstructor, Resolver):
    """Nodes composed with bounds and constructed with unique keys, from a parser's events."""

    def __init__(self):
        _BoundedComposer.__init__(self)
        _UniqueKeyConstructor.__init__(self)
        Resolver.__init__(self)


class PureLoader(_Loader, Reader, Scanner, Parser):
    """The loader on PyYAML's pure-Python parser."""

    def __init__(self, stream):
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)
        _Loader.__init__(self)


LOADERS: tuple[type, ...] = (PureLoader,)
if CParser is not None:
    class FastLoader(_Loader, CParser):
        """The loader on libyaml's parser (its events; composing stays in Python, bounded)."""

        def __init__(self, stream):
            CParser.__init__(self, stream)
            _Loader.__init__(self)

    LOADERS = (FastLoader, PureLoader)
