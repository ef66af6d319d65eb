"""Card data from a link: an http(s) URL of a CSV, TSV, XLSX or ODS file, or a Google Sheets link, read
through the sheet's export URL (`.../spreadsheets/d/ID/export?format=csv&gid=N`, or the whole workbook
as XLSX when a sheet is picked by name).

The download obeys the data limits: at most MAX_DATA_BYTES, and FETCH_SECONDS for the whole answer
(a server that never answers, or drips bytes, is cut off); redirects are followed to http(s)
addresses only, MAX_REDIRECTS at most. Every good download is kept in the cache folder
(paths.cache_folder("data"), one folder per address), written only when its bytes changed: offline,
or when the server fails, the last good copy is read instead, with a warning naming its age;
`refresh` makes a failed download an error (no old copy). With the cache off a run keeps its copy
in a temporary folder.

PNPGEN_SHEETS_BASE replaces the Google origin (https://docs.google.com) with a local test server;
it must be a loopback address.
"""

from __future__ import annotations

import atexit
import email.message
import hashlib
import json
import re
import shutil
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

from generator.core.errors import DataError, PnpError, show_file_as
from generator.core.files import write_atomic
from generator.core.jsondata import parse_json
from generator.core.limits import MAX_DATA_BYTES

URL_SCHEMES = ("http", "https")
SHEETS_ORIGIN = "https://docs.google.com"
SHEETS_BASE_ENV = "PNPGEN_SHEETS_BASE"
FETCH_SECONDS = 30.0        # the whole download, headers to last byte
MAX_REDIRECTS = 5
LINK_SUFFIXES = (".csv", ".tsv", ".xlsx", ".xlsm", ".ods", ".yaml", ".yml")
_CONTENT_TYPES = {
    "text/csv": ".csv", "text/tab-separated-values": ".tsv",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ".xlsx",
    "application/vnd.ms-excel.sheet.macroenabled.12": ".xlsm",
    "application/vnd.oasis.opendocument.spreadsheet": ".ods",
    "application/yaml": ".yaml", "application/x-yaml": ".yaml", "text/yaml": ".yaml",
}
_SHEETS_PATH = re.compile(r"^/spreadsheets/d/(e/)?([A-Za-z0-9_-]+)")
USER_AGENT = "pnpgen (card data download)"


def is_url(text: str | Path) -> bool:
    """Whether DATA is a link (http:// or https://) rather than a file."""
    return isinstance(text, str) and text.split(":", 1)[0].lower() in URL_SCHEMES and "://" in text


@dataclass(frozen=True)
class Link:
    """What a DATA link asks for: the address to download, the kind of file expected there (a suffix,
    "" when the answer says), and a name for the copy (its file stem names the output)."""

    given: str
    fetch: str
    suffix: str
    name: str
    google: bool = False


def parse_link(url: str, sheet: str | None = None) -> Link:
    """The download for a link: a Google Sheets link becomes its export address (the gid's sheet as
    CSV, or the workbook as XLSX when `sheet` names one); any other link is downloaded as it is."""
    parts = urlsplit(url)
    if parts.scheme.lower() not in URL_SCHEMES or not parts.hostname:
        raise DataError("not an http(s) address", file=url)
    found = _SHEETS_PATH.match(parts.path)
    if parts.hostname.lower() == "docs.google.com" and found:
        published, key = bool(found.group(1)), found.group(2)
        gid = _gid(parts.query, parts.fragment)
        base = f"{sheets_base(url)}/spreadsheets/d/{'e/' if published else ''}{key}"
        form = "xlsx" if sheet is not None else "csv"
        if published:
            fetch = f"{base}/pub?output={form}" + (f"&gid={gid}" if gid and sheet is None else "")
        else:
            fetch = f"{base}/export?format={form}" + (f"&gid={gid}" if gid and sheet is None else "")
        return Link(url, fetch, f".{form}", f"sheet-{key[:8]}", google=True)
    stem, dot, ext = Path(parts.path).name.rpartition(".")
    suffix = f".{ext.lower()}" if dot and f".{ext.lower()}" in LINK_SUFFIXES else ""
    return Link(url, url, suffix, _safe_name(stem if suffix else Path(parts.path).name))


def _gid(query: str, fragment: str) -> str | None:
    for text in (fragment, query):
        values = parse_qs(text).get("gid")
        if values and values[0].isdigit():
            return values[0]
    return None


def sheets_base(url: str) -> str:
    """The origin Google Sheets links are read from: PNPGEN_SHEETS_BASE (a loopback test server) or Google's."""
    import os

    base = os.environ.get(SHEETS_BASE_ENV, "").rstrip("/")
    if not base:
        return SHEETS_ORIGIN
    host = urlsplit(base).hostname or ""
    if urlsplit(base).scheme not in URL_SCHEMES or host not in ("127.0.0.1", "localhost", "::1"):
        raise DataError(f"{SHEETS_BASE_ENV}={base!r} must be an http address on this machine "
                        f"(127.0.0.1, localhost or ::1; it is for tests)", file=url)
    return base


def _safe_name(text: str) -> str:
    """A file stem from a name a server gave: letters, digits, space, - and _ kept, at most 60 characters."""
    clean = re.sub(r"[^\w\- ]+", "-", text, flags=re.UNICODE).strip(" -._")[:60].strip(" -._")
    return clean or "sheet"


# --- the cached copy ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Fetched:
    """The local copy of a link's data: its path, whether this download changed it, and the warning
    to show when the copy is an old one (the download failed)."""

    path: Path
    url: str
    changed: bool
    warning: str | None = None


def fetch_data(url: str, sheet: str | None = None, refresh: bool = False, seconds: float | None = None,
               max_bytes: int = MAX_DATA_BYTES) -> Fetched:
    """Download a link's data into the cache (written only when it changed) and return the copy; when
    the download fails, the last good copy with a warning naming its age (an error with `refresh`, or
    when there is none). Errors and warnings name the link and the HTTP status."""
    link = parse_link(url, sheet)
    folder = _copy_folder(link)
    meta = _read_meta(folder)
    try:
        body, ctype, filename = download(link.fetch, FETCH_SECONDS if seconds is None else seconds, max_bytes,
                                         refresh)
        suffix = link.suffix or _suffix(link, body, ctype, filename)
        _check_answer(link, body, ctype, suffix)
    except DataError as err:
        old = folder / meta["file"] if meta.get("file") else None
        if refresh or old is None or not old.is_file():
            hint = " (--refresh: no old copy used)" if refresh and old is not None and old.is_file() else ""
            raise DataError(f"{err.message}{hint}", file=url) from None
        show_file_as(old, url)
        age = time.time() - float(meta.get("fetched", 0))
        return Fetched(old, url, False, f"{url}: {err.message}; using the copy downloaded {_age(age)} ago "
                                        f"({time.strftime('%Y-%m-%d %H:%M', time.localtime(meta.get('fetched', 0)))})")
    name = meta.get("file") or f"{_safe_name(Path(filename).stem) if filename else link.name}{suffix}"
    if Path(name).suffix != suffix:      # the server now sends another kind of file
        name = f"{Path(name).stem}{suffix}"
    path = folder / name
    changed = not path.is_file() or path.read_bytes() != body
    if changed:
        write_atomic(path, body, force=True)
    for other in folder.iterdir():          # an older copy under another suffix
        if other.name not in (name, "source.json") and not other.name.startswith(".") and other.is_file():
            other.unlink(missing_ok=True)
    write_atomic(folder / "source.json", json.dumps({"url": url, "fetch": link.fetch, "file": name,
                                                      "fetched": time.time()}), force=True)
    show_file_as(path, url)
    return Fetched(path, url, changed)


def _copy_folder(link: Link) -> Path:
    from generator import paths

    key = hashlib.sha256(link.fetch.encode("utf-8")).hexdigest()[:24]
    root = paths.cache_folder("data")
    if root is not None:
        try:
            (Path(root) / key).mkdir(parents=True, exist_ok=True)
            return Path(root) / key
        except OSError:          # a cache folder that cannot be written: the run keeps its copy elsewhere
            pass
    folder = _temporary_root() / key
    folder.mkdir(parents=True, exist_ok=True)
    return folder


_TEMP: list[Path] = []


def _temporary_root() -> Path:
    """With the cache off: one temporary folder for the run, removed at exit."""
    if not _TEMP:
        _TEMP.append(Path(tempfile.mkdtemp(prefix="pnpgen-data-")))
        atexit.register(shutil.rmtree, _TEMP[0], True)
    return _TEMP[0]


def _read_meta(folder: Path) -> dict[str, Any]:
    try:
        meta = parse_json((folder / "source.json").read_text("utf-8"), folder / "source.json")
    except (OSError, ValueError, PnpError):
        return {}
    name = meta.get("file") if isinstance(meta, dict) else None
    if not isinstance(name, str) or not name or name.startswith(".") or Path(name).name != name or "\\" in name:
        return {}             # only a plain file name in the copy's own folder
    kept: dict[str, Any] = dict(meta)
    if not isinstance(kept.get("fetched"), (int, float)):
        kept["fetched"] = 0
    return kept


def _age(seconds: float) -> str:
    minutes = max(0, int(seconds // 60))
    if minutes < 1:
        return "less than a minute"
    if minutes < 120:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    hours = minutes // 60
    if hours < 48:
        return f"{hours} hours"
    return f"{hours // 24} days"


def _suffix(link: Link, body: bytes, ctype: str, filename: str | None) -> str:
    """The kind of file an answer is: the name the server gave, its content type, else its first bytes."""
    if filename and Path(filename).suffix.lower() in LINK_SUFFIXES:
        return Path(filename).suffix.lower()
    if ctype in _CONTENT_TYPES:
        return _CONTENT_TYPES[ctype]
    if body[:2] == b"PK":
        return ".ods" if b"opendocument.spreadsheet" in body[:200] else ".xlsx"
    return ".csv"


def _check_answer(link: Link, body: bytes, ctype: str, suffix: str) -> None:
    """Refuse a web page where data was expected (a private Google sheet answers with its login page)."""
    head = body[:512].lstrip().lower()
    if ctype == "text/html" or head.startswith((b"<!doctype html", b"<html")):
        if link.google:
            raise DataError("the answer is a web page, not the sheet's data: is the sheet shared "
                            "\"Anyone with the link\" (Share > General access)?")
        raise DataError(f"the answer is a web page ({ctype or 'HTML'}), not a CSV, TSV, XLSX or ODS file "
                        f"(link to the file itself)")
    if suffix in (".xlsx", ".xlsm", ".ods") and body[:2] != b"PK":
        raise DataError(f"the answer is not a {suffix[1:].upper()} file")


# --- the download -------------------------------------------------------------------------------------

class _HttpOnlyRedirects(urllib.request.HTTPRedirectHandler):
    """Redirects followed to http(s) addresses only, MAX_REDIRECTS at most."""

    max_redirections = MAX_REDIRECTS

    def redirect_request(self, req: Any, fp: Any, code: int, msg: str, headers: Any, newurl: str) -> Any:
        scheme = urlsplit(newurl).scheme.lower()
        if scheme not in URL_SCHEMES:
            fp.close()
            raise DataError(f"redirected to a {scheme or 'relative'}: address ({newurl}); only http(s) is followed")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def download(url: str, seconds: float, max_bytes: int, refresh: bool = False) -> tuple[bytes, str, str | None]:
    """(body, content type, the file name the server gave) of an http(s) address; DataError naming
    the HTTP status, or the limit passed, on failure. The whole answer must arrive within `seconds`."""
    result: dict[str, Any] = {}
    deadline = time.monotonic() + seconds

    def work() -> None:
        try:
            result["answer"] = _get(url, deadline, seconds, max_bytes, refresh)
        except BaseException as err:        # handed to the caller's thread
            result["error"] = err

    thread = threading.Thread(target=work, name="pnpgen-download", daemon=True)
    thread.start()
    thread.join(seconds + 0.5)
    if thread.is_alive():       # a server that answers too slowly even for the socket's timeout
        raise DataError(_too_slow(seconds))
    if "error" in result:
        raise result["error"]
    answer: tuple[bytes, str, str | None] = result["answer"]
    return answer


def _too_slow(seconds: float) -> str:
    from generator.core.numbers import format_number

    return f"no complete answer within {format_number(seconds)} s (the download limit)"


def _get(url: str, deadline: float, seconds: float, max_bytes: int, refresh: bool) -> tuple[bytes, str, str | None]:
    opener = urllib.request.build_opener(_HttpOnlyRedirects())
    headers = {"User-Agent": USER_AGENT}
    if refresh:
        headers["Cache-Control"] = "no-cache"
    request = urllib.request.Request(_quoted(url), headers=headers)
    try:
        with opener.open(request, timeout=seconds) as answer:
            length = answer.headers.get("Content-Length", "")
            if length.isdigit() and int(length) > max_bytes:
                raise DataError(_too_big(max_bytes, int(length)))
            chunks, size = [], 0
            while True:
                if time.monotonic() > deadline:
                    raise DataError(_too_slow(seconds))
                chunk = answer.read1(65536)
                if not chunk:
                    break
                size += len(chunk)
                if size > max_bytes:
                    raise DataError(_too_big(max_bytes))
                chunks.append(chunk)
            message: email.message.Message = answer.headers
            return b"".join(chunks), message.get_content_type().lower(), message.get_filename()
    except urllib.error.HTTPError as err:
        err.close()
        raise DataError(f"HTTP {err.code} {err.reason}{_status_hint(err.code)}") from None
    except urllib.error.URLError as err:
        reason = err.reason
        if isinstance(reason, TimeoutError):
            raise DataError(_too_slow(seconds)) from None
        if isinstance(reason, DataError):
            raise reason from None
        text = getattr(reason, "strerror", None) or str(reason)
        raise DataError(f"cannot download ({text})") from None
    except TimeoutError:
        raise DataError(_too_slow(seconds)) from None
    except (OSError, ValueError) as err:      # a connection dropped mid-answer, a malformed answer
        raise DataError(f"cannot download ({getattr(err, 'strerror', None) or err})") from None


def _quoted(url: str) -> str:
    """The address with spaces and other characters a request line cannot carry percent-encoded."""
    return quote(url, safe=":/?#[]@!$&'()*+,;=%~")


def _too_big(limit: int, size: int | None = None) -> str:
    said = f" ({size / 1048576:.1f} MB)" if size is not None else ""
    return f"the answer{said} is over the limit of {limit // 1048576} MB a data file"


def _status_hint(code: int) -> str:
    if code in (401, 403):
        return " (is it shared \"Anyone with the link\"?)"
    if code == 404:
        return " (is the address right?)"
    return ""
