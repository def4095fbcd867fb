//! The engine driven through its real protocol (UCI, or USI for shogi), as a GUI
//! drives it: the helper the UCI and USI test files share (`mod uci_engine;`). No test asserts a time: deadlines
//! only keep a broken engine from hanging the suite.
#![allow(dead_code)] // each test file uses part of it

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// `polyboard uci` (or `usi`) in a child process, its output read by a thread.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

/// Long enough for a loaded machine; a test fails only if the engine stops answering.
pub const PATIENCE: Duration = Duration::from_secs(120);

impl Engine {
    /// `polyboard uci`.
    pub fn start() -> Engine {
        Engine::run("uci")
    }

    /// `polyboard <protocol>` (`uci` or `usi`).
    pub fn run(protocol: &str) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_polyboard"))
            .arg(protocol)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start polyboard");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine { child, stdin, lines }
    }

    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("engine reads its input");
        self.stdin.flush().expect("flush");
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("engine reads its input");
        self.stdin.flush().expect("flush");
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    let done = l.starts_with(prefix);
                    seen.push(l);
                    if done {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no '{prefix}' line; got {seen:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("engine exited before '{prefix}'; got {seen:?}"),
            }
        }
    }

    /// No line starting with `prefix` arrives within `wait`.
    pub fn quiet_for(&mut self, prefix: &str, wait: Duration) {
        let deadline = Instant::now() + wait;
        while let Ok(l) = self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            assert!(!l.starts_with(prefix), "unexpected '{l}'");
        }
    }

    pub fn bestmove(&mut self) -> (String, Vec<String>) {
        let lines = self.until("bestmove");
        let best = lines.last().and_then(|l| l.split_whitespace().nth(1)).unwrap_or_default().to_string();
        (best, lines)
    }

    pub fn ready(&mut self) {
        self.send("isready");
        self.until("readyok");
    }

    pub fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + PATIENCE;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(status.success(), "exit status {status}");
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("engine did not quit");
    }
}
