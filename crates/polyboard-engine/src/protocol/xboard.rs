//! XBoard (CECP, protocol version 2): `polyboard xboard`, the protocol of XBoard and
//! WinBoard, which variant players use, and of Sjaak II and Fairy-Stockfish.
//!
//! `protover 2` is answered with the features (`setboard`, `usermove`, `ping`,
//! `analyze`, `memory`, `smp`, `nps`, and every variant polyboard knows in `variants`,
//! chess as `normal` and Chess960 as `fischerandom`). Commands: `new`, `variant`,
//! `setboard`, `usermove`, `go`, `force`, `playother`, `level`, `st`, `sd`, `nps`,
//! `time`, `otim`, `ping`, `post`/`nopost`, `analyze`/`exit`/`.`, `undo`/`remove`,
//! `?`, `result`, `memory`, `cores`, `option`, `quit`; `hard`, `easy`, `random`,
//! `computer`, `name`, `rating`, `ics`, `draw`, `accepted` and `rejected` are
//! accepted and change nothing.
//!
//! The engine plays the side it is given (`new`: black; `go`: the side to move;
//! `playother`: the other one) and answers `move <move>` in UCI move text (drops as
//! `P@e4`). Thinking lines (`post`) are `depth score time nodes seldepth nps pv`, the
//! time in centiseconds, a mate as 100000 plus its moves. An illegal move is answered
//! `Illegal move: <move>`, other errors `Error (<why>): <command>`.

use super::session::{Core, say};
use crate::game::clip;
use crate::strength::{ELO_MAX, ELO_MIN, SKILL_MAX};
use polyboard_search::time::Limits;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

/// XBoard's game state besides the position: who the engine plays, the clocks and
/// the modes.
#[derive(Default)]
pub(crate) struct State {
    /// The side the engine plays (0 white); `None` in force mode.
    engine_side: Option<usize>,
    /// Thinking output on (`post`).
    post: bool,
    /// In analysis mode (`analyze`).
    analyzing: bool,
    /// `level`: moves per control (0: the whole game), base and increment in ms.
    level: Option<(u32, u64, u64)>,
    /// `st`: seconds per move, in ms.
    st: Option<u64>,
    /// `sd`: the depth limit.
    sd: Option<u32>,
    /// `nps`: nodes per second, which turns `st` into a node limit.
    nps: Option<u64>,
    /// `time` and `otim`: the engine's and the opponent's clocks, in ms.
    clocks: [Option<u64>; 2],
    /// The engine's move, left by its search thread, to play on the board.
    reply: Arc<Mutex<Option<String>>>,
    /// Set when the search in progress must not answer (`force`, `undo`, `new`).
    cancel: Arc<AtomicBool>,
    /// The last `setboard` was refused: no move until a position is set.
    invalid: bool,
}

/// The XBoard name of a polyboard variant.
fn xboard_name(name: &str) -> &str {
    match name {
        "chess" => "normal",
        "chess960" => "fischerandom",
        other => other,
    }
}

/// The polyboard name of an XBoard variant.
fn polyboard_name(name: &str) -> &str {
    match name {
        "normal" => "chess",
        "fischerandom" => "chess960",
        other => other,
    }
}

/// Seconds as XBoard writes them (`5`, `0.5`, `1:30` for minutes and seconds), in ms.
fn seconds(text: &str) -> Option<u64> {
    let ms = |s: &str| s.parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0).map(|v| (v * 1000.0) as u64);
    match text.split_once(':') {
        Some((m, s)) => Some(ms(m)?.saturating_mul(60).saturating_add(ms(s)?)),
        None => ms(text),
    }
}

/// Handles one XBoard command; false after `quit`.
pub(crate) fn handle(c: &mut Core, st: &mut State, cmd: &str, args: &[&str], line: &str) -> bool {
    collect(c, st);
    let error = |c: &Core, why: &str| c.say(&format!("Error ({why}): {}", clip(line.trim())));
    let num = |i: usize| args.get(i).and_then(|t| t.parse::<u64>().ok());
    match cmd {
        "xboard" | "accepted" | "rejected" | "hard" | "easy" | "random" | "computer" | "name" | "rating" | "ics"
        | "draw" | "hint" | "bk" | "." => {}
        "protover" => features(c),
        "new" => {
            cancel(c, st);
            if let Err(e) = c.engine.select(c.dialect.notation().dedicated()) {
                error(c, &e.to_string());
            }
            let _ = c.engine.set_position(None, &[]);
            c.engine.clear_hash();
            st.invalid = false;
            (st.engine_side, st.sd, st.st, st.nps) = (Some(1), None, None, None);
        }
        "variant" => {
            cancel(c, st);
            let name = args.first().map_or("", |n| polyboard_name(n));
            match c.engine.select(name) {
                Ok(()) => {
                    let _ = c.engine.set_position(None, &[]);
                    st.invalid = false;
                }
                Err(_) => error(c, "unknown variant"),
            }
        }
        "setboard" => {
            cancel(c, st);
            let fen = line.trim().strip_prefix("setboard").unwrap_or("").trim();
            st.invalid = c.engine.set_position(Some(fen), &[]).is_err();
            if st.invalid {
                c.say("tellusererror Illegal position");
                error(c, "illegal position");
            } else {
                resume(c, st);
            }
        }
        "usermove" => {
            let Some(mv) = args.first() else {
                error(c, "no move");
                return true;
            };
            cancel(c, st);
            match c.engine.play(mv).ok().filter(|_| !st.invalid) {
                Some(()) => resume(c, st),
                None => c.say(&format!("Illegal move: {}", clip(mv))),
            }
        }
        "go" => {
            cancel(c, st);
            st.engine_side = Some(c.engine.side_to_move());
            think(c, st);
        }
        "playother" => {
            cancel(c, st);
            st.engine_side = Some(c.engine.side_to_move() ^ 1);
        }
        "force" => {
            cancel(c, st);
            st.engine_side = None;
        }
        "result" => {
            cancel(c, st);
            st.engine_side = None;
        }
        "?" => c.stop(),
        "undo" | "remove" => {
            cancel(c, st);
            for _ in 0..if cmd == "remove" { 2 } else { 1 } {
                c.engine.undo();
            }
            resume(c, st);
        }
        "level" => {
            // The base is minutes, or minutes:seconds.
            let minutes =
                |t: &&str| if t.contains(':') { seconds(t) } else { seconds(t).map(|v| v.saturating_mul(60)) };
            match (num(0), args.get(1).and_then(minutes), args.get(2).and_then(|t| seconds(t))) {
                (Some(mps), Some(base), Some(inc)) => {
                    st.level = Some((mps.min(u32::MAX as u64) as u32, base, inc));
                    st.st = None;
                }
                _ => error(c, "bad level"),
            }
        }
        "st" => match args.first().and_then(|t| seconds(t)) {
            Some(ms) => st.st = Some(ms),
            None => error(c, "bad st"),
        },
        "sd" => match num(0) {
            Some(d) => st.sd = Some(d.clamp(1, 127) as u32),
            None => error(c, "bad sd"),
        },
        "nps" => st.nps = num(0).filter(|&n| n > 0),
        "time" | "otim" => match num(0) {
            Some(cs) => st.clocks[(cmd == "otim") as usize] = Some(cs.saturating_mul(10)),
            None => error(c, "bad clock"),
        },
        "ping" => {
            // Answered once the engine has moved, unless it analyses.
            if !st.analyzing {
                c.wait();
                collect(c, st);
            }
            c.say(&format!("pong {}", args.first().copied().unwrap_or("")));
        }
        "post" => st.post = true,
        "nopost" => st.post = false,
        "analyze" => {
            cancel(c, st);
            st.analyzing = true;
            st.engine_side = None;
            analyse(c, st);
        }
        "exit" => {
            cancel(c, st);
            st.analyzing = false;
        }
        "memory" => match num(0) {
            Some(mb) => {
                if let Err(e) = c.engine.set_hash((mb as usize).max(1)) {
                    error(c, &e.to_string());
                }
            }
            None => error(c, "bad memory"),
        },
        "cores" => match num(0) {
            Some(n) => c.engine.set_threads(n as usize),
            None => error(c, "bad cores"),
        },
        "option" => {
            let text = line.trim().strip_prefix("option").unwrap_or("").trim();
            let (name, value) = text.split_once('=').unwrap_or((text, ""));
            c.set_option(name.trim(), value.trim());
        }
        "quit" => {
            cancel(c, st);
            return false;
        }
        _ => error(c, "unknown command"),
    }
    true
}

/// `protover 2`'s answer.
fn features(c: &Core) {
    let variants: Vec<String> = c.engine.variants().iter().map(|n| xboard_name(n).to_string()).collect();
    c.say(&format!(
        "feature setboard=1 usermove=1 ping=1 san=0 sigint=0 reuse=1 analyze=1 colors=0 time=1 draw=0 \
         memory=1 smp=1 nps=1 exclude=0 myname=\"polyboard {}\" variants=\"{}\" \
         option=\"Skill Level -spin {SKILL_MAX} 0 {SKILL_MAX}\" option=\"UCI_LimitStrength -check 0\" option=\"UCI_Elo -spin {ELO_MIN} {ELO_MIN} {ELO_MAX}\" done=1",
        env!("CARGO_PKG_VERSION"),
        variants.join(",")
    ));
}

/// Plays the move the engine's search left, once it is done.
fn collect(c: &mut Core, st: &mut State) {
    let reply = st.reply.lock().map(|mut r| r.take()).unwrap_or(None);
    if let Some(mv) = reply {
        c.wait();
        let _ = c.engine.play(&mv);
    }
}

/// Stops the search in progress without its answer.
fn cancel(c: &mut Core, st: &mut State) {
    if c.searching() {
        st.cancel.store(true, Relaxed);
        c.stop();
    }
    if let Ok(mut r) = st.reply.lock() {
        r.take();
    }
}

/// After a change of position: analysis starts again, or the engine moves if it is
/// its turn.
fn resume(c: &mut Core, st: &mut State) {
    if st.analyzing {
        analyse(c, st);
    } else {
        think(c, st);
    }
}

/// The limits of the engine's move under the time control.
fn limits(c: &Core, st: &State) -> Limits {
    let side = c.engine.side_to_move();
    let mut l = Limits { depth: st.sd, ..Limits::default() };
    match (st.st, st.nps) {
        (Some(ms), Some(nps)) => l.nodes = Some((ms.saturating_mul(nps) / 1000).max(1)),
        (Some(ms), None) => l.movetime = Some(ms),
        (None, _) => {
            if let Some((mps, base, inc)) = st.level {
                l.time[side] = Some(st.clocks[0].unwrap_or(base));
                l.time[side ^ 1] = Some(st.clocks[1].unwrap_or(base));
                l.inc = [inc, inc];
                l.movestogo = (mps > 0).then_some(mps);
            } else if let Some(t) = st.clocks[0] {
                l.time[side] = Some(t);
            }
        }
    }
    if !l.timed() && l.depth.is_none() && l.nodes.is_none() {
        // No control given: five seconds a move.
        l.movetime = Some(5_000);
    }
    l
}

/// The engine moves now if it plays the side to move and the game goes on.
fn think(c: &mut Core, st: &mut State) {
    if st.engine_side != Some(c.engine.side_to_move()) {
        return;
    }
    if st.invalid {
        return c.say("Error (illegal position): go");
    }
    if let Some((result, why)) = c.engine.result() {
        c.say(&format!("{result} {{{why}}}"));
        st.engine_side = None;
        return;
    }
    st.cancel.store(false, Relaxed);
    let search = c.engine.prepare(limits(c, st));
    let (out, reply, cancel) = (c.out.clone(), st.reply.clone(), st.cancel.clone());
    c.start(
        search,
        st.post,
        Box::new(move |r| {
            if cancel.load(Relaxed) {
                return;
            }
            match r.best {
                Some(best) => {
                    if let Ok(mut slot) = reply.lock() {
                        *slot = Some(best.clone());
                    }
                    say(&out, &format!("move {best}"));
                }
                None => say(&out, "resign"),
            }
        }),
    );
}

/// Analysis of the current position until `exit` or a change of position.
fn analyse(c: &mut Core, st: &mut State) {
    if st.invalid {
        return c.say("Error (illegal position): analyze");
    }
    st.cancel.store(false, Relaxed);
    let search = c.engine.prepare(Limits { infinite: true, ..Limits::default() });
    c.start(search, true, Box::new(|_| {}));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_xboard_writes_them() {
        assert_eq!(seconds("5"), Some(5_000));
        assert_eq!(seconds("0.25"), Some(250));
        assert_eq!(seconds("1:30"), Some(90_000));
        assert_eq!(seconds("-1"), None);
        assert_eq!(seconds("x:1"), None);
        assert_eq!(polyboard_name(xboard_name("chess")), "chess");
        assert_eq!(xboard_name("crazyhouse"), "crazyhouse");
    }
}
