//! One session loop for every protocol: lines in, lines out, one [`Engine`] and at
//! most one search thread. The dialects ([`uci`], [`usi`], [`xboard`]) differ only in
//! what they name things and how they write them; what they share is written once
//! here: the output, `go` parsing ([`go`]), `info` and score text, options, `position`,
//! `perft` and the search thread.
//!
//! Nothing from the input stops the engine: a malformed line, an unknown command or
//! option, a bad position or an illegal move is answered with a message
//! (`info string ...` in UCI and USI, `Error (...)` or `Illegal move` in XBoard) and
//! ignored; the moves before an illegal one in `position` stay played.

pub mod go;
mod session;
mod uci;
mod usi;
mod xboard;

use session::Core;
pub use session::{Dialect, Output, stdout};
use std::io::BufRead;

/// A protocol session: lines in ([`Session::handle`]), lines out.
pub struct Session {
    core: Core,
    xboard: xboard::State,
}

/// Runs `dialect` on stdin and stdout until `quit` or the end of input.
pub fn run(dialect: Dialect) {
    let mut session = Session::new(dialect, stdout());
    let stdin = std::io::stdin();
    let mut lines = stdin.lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match lines.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                if !session.handle(&String::from_utf8_lossy(&buf)) {
                    break;
                }
            }
        }
    }
    session.stop();
}

impl Session {
    /// A fresh session speaking `dialect`, writing to `out`.
    pub fn new(dialect: Dialect, out: Output) -> Session {
        Session { core: Core::new(dialect, out), xboard: xboard::State::default() }
    }

    /// The engine the session drives.
    pub fn engine(&self) -> &crate::Engine {
        &self.core.engine
    }

    /// Handles one input line; false after `quit`.
    pub fn handle(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = tokens.first() else { return true };
        let args = &tokens[1..];
        match self.core.dialect {
            Dialect::Xboard => xboard::handle(&mut self.core, &mut self.xboard, cmd, args, line),
            _ => self.handle_uci_like(cmd, args),
        }
    }

    /// Stops the running search, if any, and waits for its answer.
    pub fn stop(&mut self) {
        self.core.stop();
    }

    /// Waits for the running search to finish on its own.
    pub fn wait(&mut self) {
        self.core.wait();
    }

    /// The commands UCI and USI share, and their own few.
    fn handle_uci_like(&mut self, cmd: &str, args: &[&str]) -> bool {
        let c = &mut self.core;
        let usi = c.dialect == Dialect::Usi;
        match cmd {
            "uci" if !usi => uci::handshake(c),
            "usi" if usi => usi::handshake(c),
            "isready" => c.say("readyok"),
            "debug" | "register" => {}
            "ucinewgame" | "usinewgame" if (cmd == "usinewgame") == usi => {
                c.stop();
                c.engine.clear_hash();
            }
            "setoption" => {
                c.stop();
                c.setoption(args);
            }
            "position" => {
                c.stop();
                c.position(args);
            }
            "go" => {
                c.stop();
                c.go(args);
            }
            "stop" => c.stop(),
            "ponderhit" => c.ponderhit(),
            "gameover" if usi => c.stop(),
            "quit" => {
                c.stop();
                return false;
            }
            "d" => {
                c.stop();
                c.say(&c.engine.display());
            }
            "bench" if !usi => {
                c.stop();
                uci::bench(c, args);
            }
            _ => c.info(&format!("unknown command '{}'", crate::game::clip(cmd))),
        }
        true
    }
}
