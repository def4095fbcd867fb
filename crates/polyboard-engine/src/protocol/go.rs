//! `go`'s parameters as UCI and USI name them, read into the search's [`Limits`].

use crate::game::clip;
use polyboard_search::time::Limits;

/// What a `go` parameter sets. Sides are numbered as [`polyboard_search::Searchable::side`] does:
/// 0 moves first (white in chess, black, sente, in shogi).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Param {
    /// The clock of side 0 or 1.
    Time(usize),
    /// The increment of side 0 or 1.
    Inc(usize),
    /// `movestogo N`.
    MovesToGo,
    /// `movetime N`.
    MoveTime,
    /// `depth N`.
    Depth,
    /// `nodes N`.
    Nodes,
    /// UCI's `mate N`: a search for a mate in at most N moves.
    Mate,
    /// USI's `byoyomi N`: a period of N ms per move after the clock.
    Byoyomi,
    /// USI's `mate <ms>|infinite`: the tsume solver instead of a search.
    Solve,
    /// UCI's `searchmoves <move> ...`: the root moves to search.
    SearchMoves,
    /// `perft N`.
    Perft,
}

/// UCI's `go` parameters (besides `infinite` and `ponder`): white is side 0.
pub const UCI_GO: &[(&str, Param)] = &[
    ("wtime", Param::Time(0)),
    ("btime", Param::Time(1)),
    ("winc", Param::Inc(0)),
    ("binc", Param::Inc(1)),
    ("movestogo", Param::MovesToGo),
    ("movetime", Param::MoveTime),
    ("depth", Param::Depth),
    ("nodes", Param::Nodes),
    ("mate", Param::Mate),
    ("searchmoves", Param::SearchMoves),
    ("perft", Param::Perft),
];

/// USI's `go` parameters (besides `infinite` and `ponder`): black (sente) is side 0.
pub const USI_GO: &[(&str, Param)] = &[
    ("btime", Param::Time(0)),
    ("wtime", Param::Time(1)),
    ("binc", Param::Inc(0)),
    ("winc", Param::Inc(1)),
    ("byoyomi", Param::Byoyomi),
    ("movetime", Param::MoveTime),
    ("depth", Param::Depth),
    ("nodes", Param::Nodes),
    ("mate", Param::Solve),
    ("perft", Param::Perft),
];

/// What a `go` command asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Go {
    /// A search within these limits.
    Search(Limits),
    /// `perft N` (the depth at most 20).
    Perft(u32),
    /// USI's `go mate`: the solver for at most this many milliseconds (`None`:
    /// `infinite`), or the message for a value that is neither.
    Solve(Result<Option<u64>, String>),
    /// Nothing to do (a malformed `perft`; its message is among the messages).
    Nothing,
}

/// Reads the arguments of `go` as a protocol names them (`names`: [`UCI_GO`],
/// [`USI_GO`]) for a position whose side to move is `side`; `move_key` gives the key
/// of a `searchmoves` move text if it is legal. Returns what to do and the messages
/// for the malformed or unknown parameters (each ignored), in order.
///
/// A negative number counts as 0. `perft` and USI's `mate` end the command (the words
/// after them are not read). With `byoyomi` alone (no time on the mover's clock and no
/// `movetime`) a period is the move's time; with a clock, the time manager spends the
/// clock, then the period ([`polyboard_search::time::byoyomi_budget`]). A search without a time,
/// depth, node or mate limit is infinite.
pub fn parse_go(
    args: &[&str],
    names: &[(&str, Param)],
    side: usize,
    move_key: impl Fn(&str) -> Option<u32>,
) -> (Go, Vec<String>) {
    let mut limits = Limits::default();
    let mut byoyomi = 0;
    let mut messages = Vec::new();
    let num = |i: usize| -> Option<u64> { args.get(i).and_then(|t| t.parse::<i64>().ok()).map(|v| v.max(0) as u64) };
    let mut i = 0;
    while i < args.len() {
        let t = args[i];
        i += 1;
        let param = match t {
            "infinite" => {
                limits.infinite = true;
                continue;
            }
            "ponder" => {
                limits.ponder = true;
                continue;
            }
            _ => names.iter().find(|(name, _)| *name == t).map(|&(_, p)| p),
        };
        let Some(param) = param else {
            messages.push(format!("go: unknown parameter '{}' ignored", clip(t)));
            continue;
        };
        match param {
            Param::SearchMoves => {
                while let Some(k) = args.get(i).and_then(|m| move_key(m)) {
                    limits.searchmoves.push(k);
                    i += 1;
                }
                continue;
            }
            Param::Perft => {
                let go = match num(i) {
                    Some(d) => Go::Perft(d.min(20) as u32),
                    None => {
                        messages.push("go perft: expected a depth".to_string());
                        Go::Nothing
                    }
                };
                return (go, messages);
            }
            Param::Solve => {
                let ms = match args.get(i) {
                    Some(&"infinite") | None => Ok(None),
                    Some(t) => t
                        .parse::<u64>()
                        .map(Some)
                        .map_err(|_| format!("go mate: '{}' is not a time or infinite", clip(t))),
                };
                return (Go::Solve(ms), messages);
            }
            _ => {}
        }
        let Some(v) = num(i) else {
            messages.push(format!("go: '{t}' needs a number; ignored"));
            continue;
        };
        i += 1;
        let small = |max: u64| v.min(max) as u32;
        match param {
            Param::Time(s) => limits.time[s & 1] = Some(v),
            Param::Inc(s) => limits.inc[s & 1] = v,
            Param::MovesToGo => limits.movestogo = Some(small(u32::MAX as u64)),
            Param::MoveTime => limits.movetime = Some(v),
            Param::Depth => limits.depth = Some(small(u32::MAX as u64)),
            Param::Nodes => limits.nodes = Some(v),
            Param::Mate => limits.mate = Some(small(1000)),
            _ => byoyomi = v,
        }
    }
    if byoyomi > 0 && limits.time[side & 1].unwrap_or(0) == 0 && limits.movetime.is_none() {
        // On byoyomi alone, a period is the move's time (less the overhead).
        limits.movetime = Some(byoyomi);
    } else {
        limits.byoyomi = byoyomi;
    }
    if !limits.timed() && limits.depth.is_none() && limits.nodes.is_none() && limits.mate.is_none() {
        limits.infinite = true;
    }
    (Go::Search(limits), messages)
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyboard_search::time::budget;

    fn go(line: &str, names: &[(&str, Param)], side: usize) -> (Go, Vec<String>) {
        let args: Vec<&str> = line.split_whitespace().collect();
        parse_go(&args, names, side, |m| if m.len() == 4 { Some(m.len() as u32) } else { None })
    }

    fn search(line: &str, names: &[(&str, Param)], side: usize) -> Limits {
        match go(line, names, side) {
            (Go::Search(l), m) if m.is_empty() => l,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn the_clocks_follow_each_protocols_names() {
        // UCI: white (side 0) is wtime; USI: black (sente, side 0) is btime.
        let l = search("wtime 1000 btime 2000 winc 10 binc 20 movestogo 5", UCI_GO, 0);
        assert_eq!((l.time, l.inc, l.movestogo), ([Some(1000), Some(2000)], [10, 20], Some(5)));
        let l = search("wtime 1000 btime 2000 winc 10 binc 20", USI_GO, 0);
        assert_eq!((l.time, l.inc), ([Some(2000), Some(1000)], [20, 10]));
        let l = search("depth 6 nodes 900 mate 3000 ponder searchmoves e2e4 d2d4", UCI_GO, 0);
        assert_eq!((l.depth, l.nodes, l.mate, l.ponder), (Some(6), Some(900), Some(1000), true));
        assert_eq!(l.searchmoves, vec![4, 4]);
        assert!(!l.infinite);
        assert!(search("", UCI_GO, 0).infinite);
        assert!(search("ponder", USI_GO, 0).infinite);
        assert_eq!(search("movetime -5", UCI_GO, 0).movetime, Some(0));
    }

    #[test]
    fn byoyomi_is_the_move_time_alone_and_a_period_after_the_clock() {
        let l = search("btime 0 wtime 0 byoyomi 100", USI_GO, 1);
        assert_eq!((l.movetime, l.time), (Some(100), [Some(0), Some(0)]));
        let l = search("btime 1000 wtime 0 byoyomi 100", USI_GO, 0);
        assert_eq!((l.movetime, l.time, l.inc, l.byoyomi), (None, [Some(1000), Some(0)], [0, 0], 100));
    }

    #[test]
    fn malformed_parameters_are_reported_and_ignored() {
        let (g, m) = go("depth x wtime 5 frob movestogo 3 byoyomi 7", UCI_GO, 0);
        assert_eq!(g, Go::Search(Limits { time: [Some(5), None], movestogo: Some(3), ..Limits::default() }));
        assert_eq!(
            m,
            [
                "go: 'depth' needs a number; ignored",
                "go: unknown parameter 'x' ignored",
                "go: unknown parameter 'frob' ignored",
                "go: unknown parameter 'byoyomi' ignored",
                "go: unknown parameter '7' ignored",
            ]
        );
        // USI has no movestogo, mate or searchmoves limits.
        let (_, m) = go("movestogo 3 searchmoves", USI_GO, 0);
        assert_eq!(m.len(), 3);
        assert_eq!(go("nodes 5 perft 3 depth", UCI_GO, 0), (Go::Perft(3), vec![]));
        assert_eq!(go("perft 99", USI_GO, 0).0, Go::Perft(20));
        assert_eq!(go("perft abc", UCI_GO, 0), (Go::Nothing, vec!["go perft: expected a depth".to_string()]));
        assert_eq!(go("mate infinite", USI_GO, 0).0, Go::Solve(Ok(None)));
        assert_eq!(go("mate", USI_GO, 0).0, Go::Solve(Ok(None)));
        assert_eq!(go("mate 500 depth 3", USI_GO, 0).0, Go::Solve(Ok(Some(500))));
        let soon = Err("go mate: 'soon' is not a time or infinite".to_string());
        assert_eq!(go("mate soon", USI_GO, 0).0, Go::Solve(soon));
    }

    #[test]
    fn huge_clocks_are_read_without_overflow() {
        let l =
            search("btime 9223372036854775807 wtime 9 binc 9223372036854775807 byoyomi 9223372036854775807", USI_GO, 0);
        assert_eq!((l.time[0], l.inc[0], l.byoyomi), (Some(i64::MAX as u64), i64::MAX as u64, i64::MAX as u64));
        let b = budget(&l, 0, 5000).unwrap();
        assert!(b.soft <= b.hard);
    }
}
