//! A df-pn tsume (checkmate) solver for USI's `go mate`: depth-first proof-number
//! search (Nagai 2002) over any [`ShogiBoard`], the attacker playing only checks.
//!
//! Proof and disproof numbers live in a hash map keyed by the Zobrist key. A
//! position repeated on the current path counts as not mated (sennichite by checks
//! loses for the checker). The solver is plain: no proof-number heuristics for the
//! first values, no special handling of the graph-history interaction beyond the path
//! check, and the mate line is read from the table (any defence the table proves).

use polyboard_shogi::{Move, Moves, ShogiBoard};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Instant;

/// Bytes a table entry takes, about (key, two numbers, the map's overhead).
pub const ENTRY_BYTES: usize = 48;
/// "Infinite" proof or disproof number.
const INF: u64 = 1 << 40;
/// The longest mate line read from the table.
const MAX_LINE: usize = 512;

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateResult {
    /// The side to move mates with this line (its moves and the replies, to the mate).
    Mate(Vec<Move>),
    /// No mate by checks exists.
    NoMate,
    /// Stopped before an answer (time, nodes or `stop`).
    Timeout,
}

struct Solver<'a, B> {
    table: HashMap<u64, (u64, u64)>,
    path: Vec<u64>,
    nodes: u64,
    max_entries: usize,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    aborted: bool,
    _board: core::marker::PhantomData<B>,
}

impl<B: ShogiBoard> Solver<'_, B> {
    /// The moves of an OR node (checks only) or an AND node (every legal move), with
    /// the positions they lead to.
    fn children(b: &B, or: bool) -> Vec<(Move, B)> {
        let mut list = Moves::new();
        b.generate_moves(&mut list);
        list.iter().map(|&m| (m, b.play(m))).filter(|(_, c)| !or || c.is_check()).collect()
    }

    fn lookup(&self, b: &B) -> (u64, u64) {
        let key = b.key();
        if self.path.contains(&key) {
            return (INF, 0);
        }
        self.table.get(&key).copied().unwrap_or((1, 1))
    }

    fn limits_hit(&mut self) -> bool {
        if !self.aborted && self.nodes.is_multiple_of(1024) {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            self.aborted = late || self.stop.load(Relaxed) || self.table.len() >= self.max_entries;
        }
        self.aborted
    }

    /// Multiple iterative deepening at `b` until its numbers reach the thresholds.
    fn mid(&mut self, b: &B, or: bool, thpn: u64, thdn: u64) {
        self.nodes += 1;
        if self.limits_hit() {
            return;
        }
        let key = b.key();
        let kids = Self::children(b, or);
        if kids.is_empty() {
            self.table.insert(key, if or { (INF, 0) } else { (0, INF) });
            return;
        }
        self.path.push(key);
        loop {
            let vals: Vec<(u64, u64)> = kids.iter().map(|(_, c)| self.lookup(c)).collect();
            // `first` is the number the node minimises (pn at OR, dn at AND).
            let (mut best, mut best_v, mut second, mut sum) = (0, INF + 1, INF + 1, 0u64);
            for (i, &(pn, dn)) in vals.iter().enumerate() {
                let (first, other) = if or { (pn, dn) } else { (dn, pn) };
                sum = (sum + other).min(INF);
                if first < best_v {
                    second = best_v;
                    best_v = first;
                    best = i;
                } else if first < second {
                    second = first;
                }
            }
            let (pn, dn) = if or { (best_v, sum) } else { (sum, best_v) };
            if pn >= thpn || dn >= thdn || self.aborted {
                self.table.insert(key, (pn, dn));
                break;
            }
            let (cpn, cdn) = vals[best];
            let (tpn, tdn) = if or {
                (thpn.min(second.saturating_add(1)), (thdn + cdn).saturating_sub(dn).min(INF))
            } else {
                ((thpn + cpn).saturating_sub(pn).min(INF), thdn.min(second.saturating_add(1)))
            };
            self.mid(&kids[best].1, !or, tpn, tdn);
        }
        self.path.pop();
    }

    /// A mate line read from the table: at the attacker's turns a proven check, at
    /// the defender's any (proven) reply, to a position without a move.
    fn line(&self, root: &B) -> Option<Vec<Move>> {
        let mut b = root.clone();
        let mut or = true;
        let mut seen = vec![b.key()];
        let mut line = Vec::new();
        while line.len() < MAX_LINE {
            let kids = Self::children(&b, or);
            if kids.is_empty() {
                return (!or).then_some(line);
            }
            let proven = |c: &B| self.table.get(&c.key()).is_some_and(|&(pn, _)| pn == 0);
            let (m, c) = kids.into_iter().find(|(_, c)| proven(c) && !seen.contains(&c.key()))?;
            seen.push(c.key());
            line.push(m);
            b = c;
            or = !or;
        }
        None
    }
}

/// Looks for a mate by checks for the side to move of `root`, with at most
/// `max_entries` positions in its table, before the `deadline` and until `stop` is set.
pub fn solve<B: ShogiBoard>(root: &B, max_entries: usize, deadline: Option<Instant>, stop: &AtomicBool) -> MateResult {
    let mut s = Solver::<B> {
        table: HashMap::new(),
        path: Vec::new(),
        nodes: 0,
        max_entries,
        deadline,
        stop,
        aborted: false,
        _board: core::marker::PhantomData,
    };
    s.mid(root, true, INF, INF);
    match s.table.get(&root.key()).copied() {
        Some((0, _)) => s.line(root).map_or(MateResult::Timeout, MateResult::Mate),
        Some((_, 0)) if !s.aborted => MateResult::NoMate,
        _ => MateResult::Timeout,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyboard_shogi::repr::FastBoard;
    use polyboard_shogi::{Position, usi};

    fn run(sfen: &str) -> MateResult {
        let b = FastBoard::from_position(&Position::from_sfen(sfen).unwrap());
        solve(&b, 2_000_000, None, &AtomicBool::new(false))
    }

    #[test]
    fn solves_short_tsume_and_sees_no_mate() {
        // Head gold, protected by the pawn.
        assert_eq!(run("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"), MateResult::Mate(vec![usi::parse_syntax("G*5b").unwrap()]));
        // A lone gold in hand cannot mate a king in the open.
        assert_eq!(run("9/9/9/9/4k4/9/9/9/4K4 b G 1"), MateResult::NoMate);
    }
}
