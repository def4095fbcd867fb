"""One driver for an engine in a subprocess, over UCI, USI or XBoard (CECP v2), shared by
the match, data, speed and tuning scripts (issue 19 item 8). Standard library only.

    import sys, os
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
    from engine import Engine

    eng = Engine(["target/release/polyboard", "uci"], "uci", {"Hash": 16, "Threads": 1})
    eng.new_game()
    eng.position(fen=None, moves=["e2e4", "e7e5"])   # the start position, then the moves
    r = eng.go(depth=8)                               # or nodes=, movetime= (ms), wtime=/btime=/...
    print(r.bestmove, r.ponder, r.info.get("score"), r.seconds)
    eng.quit()

- `Engine(cmd, protocol, options)` starts the process and does the handshake (`uci` /
  `uciok`, `usi` / `usiok`, or `xboard`, `protover 2` and the `feature` lines up to
  `done=1`), sets the options and waits for `readyok` (`pong` in XBoard). It keeps the
  engine's `id` lines (`eng.name`), its advertised options (`eng.options`: name -> the rest
  of the `option` line) and XBoard features (`eng.features`).
- `set_option`, `configure`, `isready`, `new_game`, `position`, `go`, `stop`, `perft`,
  `quit`, and underneath `send`, `read_line` and `read_until` for anything else an engine
  prints (Fairy-Stockfish's `d`, say).
- Every read takes a timeout in seconds (None: wait as long as it takes); past it,
  `EngineTimeout` (a `TimeoutError`). An engine that exits or closes its pipes raises
  `EngineGone` (a `RuntimeError`). `alive()` tells whether the process still runs and
  `start()` starts it again with the same command and options (after a crash).
- Lines are read by a thread into a queue, so a timeout never blocks on a pipe.

`go` returns a `SearchResult`: `bestmove` (the protocol's text: `resign`, `win` and
`(none)` are passed through), `ponder`, `info` (the last info line that has a score,
parsed by `parse_info`, with its text under "line"; {} if none), `infos` (every parsed
info line), `lines` (everything read up to and including the `bestmove` line) and
`seconds` (wall time from `go` to `bestmove`).
"""
import queue
import subprocess
import threading
import time

PROTOCOLS = ("uci", "usi", "xboard")


class EngineGone(RuntimeError):
    """The engine exited, closed its output or stopped reading its input."""


class EngineTimeout(TimeoutError):
    """No answer from the engine within the timeout."""


_INT_KEYS = {"depth", "seldepth", "time", "nodes", "nps", "multipv", "hashfull", "tbhits", "currmovenumber", "cpuload"}
_ALL_KEYS = _INT_KEYS | {"score", "pv", "currmove", "string", "refutation", "currline", "lowerbound", "upperbound"}


def parse_info(line):
    """A UCI/USI `info` line as a dict: the integer fields (depth, seldepth, time, nodes,
    nps, multipv, hashfull, ...), "score" as ("cp", n) or ("mate", n) (with "bound":
    "lowerbound"/"upperbound" when given), "pv" as a list of moves, "string" as the rest of
    the line, and "line" the text itself. Unknown words are skipped."""
    words = line.split()
    out = {"line": line}
    i = 1 if words and words[0] == "info" else 0
    while i < len(words):
        w = words[i]
        if w in _INT_KEYS and i + 1 < len(words):
            try:
                out[w] = int(words[i + 1])
            except ValueError:
                pass
            i += 2
        elif w == "score" and i + 2 < len(words):
            try:
                out["score"] = (words[i + 1], int(words[i + 2]))
            except ValueError:
                pass
            i += 3
            if i < len(words) and words[i] in ("lowerbound", "upperbound"):
                out["bound"] = words[i]
                i += 1
        elif w == "string":
            out["string"] = " ".join(words[i + 1:])
            break
        elif w == "pv":
            j = i + 1
            while j < len(words) and words[j] not in _ALL_KEYS:
                j += 1
            out["pv"] = words[i + 1:j]
            i = j
        else:
            i += 1
    return out


def parse_xboard_thinking(line):
    """An XBoard thinking line (`ply score time nodes pv...`, time in centiseconds) as the
    dict `parse_info` gives, or None when the line is not one."""
    words = line.split()
    if len(words) < 4:
        return None
    try:
        depth, score, cs, nodes = int(words[0].rstrip(".&")), int(words[1]), int(words[2]), int(words[3])
    except ValueError:
        return None
    return {"line": line, "depth": depth, "score": ("cp", score), "time": cs * 10, "nodes": nodes, "pv": words[4:]}


class SearchResult:
    """What `Engine.go` read: see the module's doc."""

    def __init__(self, bestmove, ponder, infos, lines, seconds):
        self.bestmove, self.ponder, self.infos, self.lines, self.seconds = bestmove, ponder, infos, lines, seconds
        scored = [i for i in infos if "score" in i]
        self.info = scored[-1] if scored else {}

    def __repr__(self):
        return f"SearchResult(bestmove={self.bestmove!r}, ponder={self.ponder!r}, seconds={self.seconds:.3f})"


def _text(value):
    if value is True:
        return "true"
    if value is False:
        return "false"
    return str(value)


class Engine:
    """An engine in a subprocess: see the module's doc.

    `cmd`: the command line (a list). `protocol`: "uci", "usi" or "xboard".
    `options`: NAME -> value, set after the handshake (True/False as true/false; None for
    a button). `known_only`: set only the options the engine advertised (the others are
    skipped silently). `variant`: sent as `setoption name UCI_Variant` by `configure` in
    UCI/USI when given here, and as `variant V` by `new_game`/`position` in XBoard.
    `handshake=False` skips the handshake and the options (a bare process: `send` and read).
    `timeout`: seconds for the handshake and `readyok`."""

    def __init__(self, cmd, protocol="uci", options=None, *, name=None, variant=None, known_only=False,
                 handshake=True, timeout=30, stderr=subprocess.DEVNULL):
        if protocol not in PROTOCOLS:
            raise ValueError(f"protocol {protocol!r}: one of {', '.join(PROTOCOLS)}")
        self.cmd, self.protocol = list(cmd), protocol
        self.init_options = dict(options or {})
        self.given_name, self.variant, self.known_only = name, variant, known_only
        self.do_handshake, self.timeout, self.stderr = handshake, timeout, stderr
        self.proc = None
        self.start()

    # --- process and lines -------------------------------------------------------------

    def start(self):
        """Starts the process (again, after a crash or `quit`), handshake and options."""
        self.proc = subprocess.Popen(self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr,
                                     text=True, bufsize=1)
        self.queue = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc, self.queue), daemon=True).start()
        self.id, self.options, self.features = {}, {}, {}
        self.name = self.given_name
        self._ping = 0
        self._white_to_move = True
        if self.do_handshake:
            self.handshake(self.timeout)
            options = dict(self.init_options)
            if self.variant and self.protocol != "xboard":
                options.setdefault("UCI_Variant", self.variant)
            self.configure(options)
            self.isready(self.timeout)

    @staticmethod
    def _read(proc, q):
        for line in proc.stdout:
            q.put(line.rstrip("\r\n"))
        q.put(None)

    def alive(self):
        """Whether the process still runs."""
        return self.proc is not None and self.proc.poll() is None

    def send(self, line):
        """Writes one command line."""
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as e:
            raise EngineGone(f"{self.cmd[0]}: {e}") from e

    def read_line(self, timeout=None):
        """The next line the engine prints (without the newline)."""
        try:
            line = self.queue.get(timeout=timeout) if timeout is not None else self.queue.get()
        except queue.Empty:
            raise EngineTimeout(f"{self.cmd[0]}: no answer in {timeout:g} s") from None
        if line is None:
            self.queue.put(None)  # every later read sees the end too
            raise EngineGone(f"{self.cmd[0]}: end of output")
        return line

    def read_until(self, stop, timeout=None):
        """Lines up to and including the first one for which `stop` holds (a callable on
        the line, or a string the line starts with). `timeout` covers the whole wait."""
        if isinstance(stop, str):
            prefix = stop
            stop = lambda line: line.startswith(prefix)  # noqa: E731
        end = None if timeout is None else time.monotonic() + timeout
        lines = []
        while True:
            left = None if end is None else max(0.0, end - time.monotonic())
            line = self.read_line(left)
            lines.append(line)
            if stop(line):
                return lines

    def quit(self, timeout=5):
        """Sends `quit` and waits for the process to end (kills it after `timeout`)."""
        if self.proc is None:
            return
        try:
            self.send("quit")
            self.proc.wait(timeout=timeout)
        except (EngineGone, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()

    # --- protocol ----------------------------------------------------------------------

    def handshake(self, timeout=30):
        """`uci`/`usi` up to `uciok`/`usiok`, or XBoard's `xboard` and `protover 2` up to
        `feature ... done=1` (2 s without a feature line: a protocol 1 engine)."""
        if self.protocol == "xboard":
            return self._xboard_handshake(timeout)
        self.send(self.protocol)
        for line in self.read_until(lambda l: l.strip() == self.protocol + "ok", timeout):
            if line.startswith("id "):
                key, _, value = line[3:].partition(" ")
                self.id[key] = value.strip()
            elif line.startswith("option name "):
                rest = line[len("option name "):]
                name, _, spec = rest.partition(" type ")
                self.options[name.strip()] = "type " + spec
        if not self.name:
            self.name = self.id.get("name")

    def _xboard_handshake(self, timeout):
        self.send("xboard")
        self.send("protover 2")
        end = time.monotonic() + timeout
        first_wait = time.monotonic() + 2.0
        done = None
        while done is None:
            limit = end if self.features.get("done") == "0" else (end if self.features else first_wait)
            try:
                line = self.read_line(max(0.0, min(limit, end) - time.monotonic()))
            except EngineTimeout:
                if self.features.get("done") == "0":
                    raise
                break
            if not line.startswith("feature "):
                continue
            for key, value in _features(line[len("feature "):]):
                self.features[key] = value
                if key == "option":
                    self.options[value.split(" ", 1)[0]] = value
                elif key != "done":
                    self.send(f"accepted {key}")
                if key == "done" and value == "1":
                    done = True
        if not self.name:
            self.name = self.features.get("myname")

    def set_option(self, name, value=None):
        """Sets one option (`setoption name N value V`; XBoard: `memory`/`cores` for Hash
        and Threads, else `option N=V`)."""
        if self.protocol == "xboard":
            if name == "Hash" and self.features.get("memory") == "1":
                self.send(f"memory {value}")
            elif name == "Threads" and self.features.get("smp") == "1":
                self.send(f"cores {value}")
            else:
                self.send(f"option {name}" if value is None else f"option {name}={_text(value)}")
            return
        self.send(f"setoption name {name}" if value is None else f"setoption name {name} value {_text(value)}")

    def configure(self, options):
        """Sets each option, in order; with `known_only`, only those the engine advertised."""
        for name, value in options.items():
            if self.known_only and name not in self.options:
                continue
            self.set_option(name, value)

    def isready(self, timeout=30):
        """`isready` up to `readyok` (XBoard: `ping N` up to `pong N`)."""
        if self.protocol == "xboard":
            if self.features.get("ping") != "1":
                return  # a protocol 1 engine, or one without ping: nothing to wait for
            self._ping += 1
            n = self._ping
            self.send(f"ping {n}")
            self.read_until(lambda l: l.split()[:2] == ["pong", str(n)], timeout)
        else:
            self.send("isready")
            self.read_until(lambda l: l.strip() == "readyok", timeout)

    def new_game(self):
        """`ucinewgame` / `usinewgame`; XBoard: `new` (and `variant V`), then `force`."""
        if self.protocol == "xboard":
            self.send("new")
            if self.variant and self.variant not in ("normal", "chess"):
                self.send(f"variant {self.variant}")
            self.send("force")
            self.send("post")
            self._white_to_move = True
        else:
            self.send(self.protocol + "newgame")

    def position(self, fen=None, moves=()):
        """The position to search: `fen` (an SFEN in USI; None: the start) and the moves
        played from it (the protocol's move text). UCI/USI: one `position` command;
        XBoard: `new`, `variant`, `force`, `setboard` and a `usermove` a move."""
        moves = list(moves)
        if self.protocol == "xboard":
            self.new_game()
            if fen:
                self.send(f"setboard {fen}")
            prefix = "usermove " if self.features.get("usermove") == "1" else ""
            for m in moves:
                self.send(prefix + m)
            white = fen is None or fen.split()[1] == "w"
            self._white_to_move = white if len(moves) % 2 == 0 else not white
            return
        start = "startpos" if not fen else ("sfen " if self.protocol == "usi" else "fen ") + fen
        self.send(f"position {start}" + (" moves " + " ".join(moves) if moves else ""))

    def go(self, limit=None, *, timeout=None, **limits):
        """Starts a search and reads up to `bestmove` (XBoard: `move`, or `resign` / a
        result). `limit`: the text after `go`, as is (`"nodes 20000"`); or keywords in the
        protocol's units, sent in the order given: depth=, nodes=, movetime= (ms), wtime=,
        btime=, winc=, binc= (ms), byoyomi= (ms), movestogo=, infinite=True, ponder=True.
        XBoard takes depth (`sd`), movetime (`st`) and the clocks (`level`, `time`,
        `otim`), not nodes."""
        if self.protocol == "xboard":
            return self._xboard_go(limits, timeout)
        words = []
        for key, value in limits.items():
            if value is None or value is False:
                continue
            words.append(key if value is True else f"{key} {value}")
        text = " ".join(w for w in ([limit] if limit else []) + words)
        t0 = time.monotonic()
        self.send("go" + (" " + text if text else ""))
        return self._result(self.read_until(lambda l: l.startswith("bestmove"), timeout), t0)

    def _result(self, lines, t0):
        seconds = time.monotonic() - t0
        infos = [parse_info(l) for l in lines if l.startswith("info")]
        words = lines[-1].split()
        best = words[1] if len(words) > 1 else ""
        ponder = words[3] if len(words) > 3 and words[2] == "ponder" else None
        return SearchResult(best, ponder, infos, lines, seconds)

    def _xboard_go(self, limits, timeout):
        if limits.get("nodes"):
            raise ValueError("XBoard has no node limit")
        if limits.get("depth"):
            self.send(f"sd {limits['depth']}")
        if limits.get("movetime"):
            self.send(f"st {max(1, round(limits['movetime'] / 1000))}")
        elif limits.get("wtime") is not None:
            ours, theirs = ("wtime", "btime") if self._white_to_move else ("btime", "wtime")
            inc = limits.get("winc" if self._white_to_move else "binc") or 0
            base = limits[ours]
            self.send(f"level 0 {base // 60000}:{(base // 1000) % 60:02} {inc / 1000:g}")
            self.send(f"time {max(0, limits[ours] // 10)}")
            self.send(f"otim {max(0, limits[theirs] // 10)}")
        t0 = time.monotonic()
        self.send("go")

        def done(line):
            w = line.split()
            return bool(w) and (w[0] in ("move", "resign") or w[0] in ("1-0", "0-1", "1/2-1/2"))

        lines = self.read_until(done, timeout)
        self.send("force")
        seconds = time.monotonic() - t0
        infos = [i for i in (parse_xboard_thinking(l) for l in lines) if i]
        w = lines[-1].split()
        best = w[1] if w[0] == "move" and len(w) > 1 else ("resign" if w[0] in ("resign", "1-0", "0-1") else "(none)")
        self._white_to_move = not self._white_to_move
        return SearchResult(best, None, infos, lines, seconds)

    def stop(self, timeout=None):
        """Ends an infinite or pondering search: `stop` up to `bestmove` (XBoard: `?`, which
        makes the engine move now, then the move)."""
        t0 = time.monotonic()
        if self.protocol == "xboard":
            self.send("?")
            lines = self.read_until(lambda l: l.split()[:1] == ["move"], timeout)
            self.send("force")
            self._white_to_move = not self._white_to_move
            return SearchResult(lines[-1].split()[1], None, [], lines, time.monotonic() - t0)
        self.send("stop")
        return self._result(self.read_until(lambda l: l.startswith("bestmove"), timeout), t0)

    def perft(self, depth, timeout=None):
        """`go perft N` as Fairy-Stockfish answers it (a `move: count` line a move, then
        `Nodes searched: N`): (nodes, {move: count}) in the engine's order."""
        self.send(f"go perft {depth}")
        rows = {}
        for line in self.read_until(lambda l: l.strip().startswith("Nodes searched"), timeout):
            line = line.strip()
            if line.startswith("Nodes searched"):
                return int(line.split(":")[1]), rows
            if ": " in line and not line.startswith("info"):
                m, n = line.split(": ", 1)
                rows[m] = int(n)
        raise EngineGone("no perft count")  # not reached: read_until ends on the count


def _features(text):
    """XBoard `feature` arguments: (key, value) pairs, values possibly quoted."""
    out = []
    i = 0
    while i < len(text):
        while i < len(text) and text[i] == " ":
            i += 1
        eq = text.find("=", i)
        if eq < 0:
            break
        key = text[i:eq]
        if eq + 1 < len(text) and text[eq + 1] == '"':
            close = text.find('"', eq + 2)
            close = len(text) if close < 0 else close
            out.append((key, text[eq + 2:close]))
            i = close + 1
        else:
            sp = text.find(" ", eq)
            sp = len(text) if sp < 0 else sp
            out.append((key, text[eq + 1:sp]))
            i = sp
    return out
