//! The transposition table: shared by every search thread, lock-free.
//!
//! # Layout
//!
//! Buckets of two entries; an entry is two `AtomicU64`: `check = key ^ data` and
//! `data`. A torn write (two threads storing at once) leaves `check ^ data != key`,
//! so it reads as a miss, never as a wrong entry (Hyatt's lockless hashing).
//!
//! ```text
//! data bits  0..32  move key (SearchMove::key; 0 = none)
//!           32..48  score (i16; mate scores relative to this node)
//!           48..56  depth + 8 (u8; quiescence stores depth 0)
//!           56..58  bound: 1 upper, 2 lower, 3 exact
//!           58..64  generation (six bits, one more per search)
//! ```
//! The bucket of a key is `(key * buckets) >> 64`, which serves any table size.
//! Replacement: the slot with the same key, else the one whose `depth - 4 * age` is
//! smaller.

use crate::{MATE_BOUND, MAX_PLY};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The kind of bound a stored score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most the stored one (fail low).
    Upper = 1,
    /// The true score is at least the stored one (fail high).
    Lower = 2,
    /// The exact score.
    Exact = 3,
}

impl Bound {
    /// The kind of bound a search result `score` is in the window `(alpha, beta)`,
    /// `alpha` being the window's lower edge before the search.
    #[inline]
    pub fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// An entry read from the table.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The best move's key (0 when none).
    pub mv: u32,
    /// The score, already adjusted to the probing node's ply.
    pub score: i32,
    /// The draft.
    pub depth: i32,
    /// The bound.
    pub bound: Bound,
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// The table.
impl Hit {
    /// True when the stored score settles the window `(alpha, beta)`: it is exact, or
    /// a bound on the far side of the window.
    #[inline]
    pub fn settles(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

/// The table.
pub struct Table {
    entries: Vec<Entry>,
    buckets: u64,
    generation: AtomicU64,
}

/// A score stored relative to the node (mates counted from it), from one relative to
/// the root at `ply`.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl Table {
    /// A table of about `mb` MiB (at least one bucket). Panics only if the memory
    /// cannot be had; see [`Table::try_new`].
    pub fn new(mb: usize) -> Table {
        Table::try_new(mb).unwrap_or_else(|| Table::try_new(1).expect("a 1 MiB hash table"))
    }

    /// A table of about `mb` MiB, or `None` when the memory cannot be reserved.
    pub fn try_new(mb: usize) -> Option<Table> {
        let bytes = mb.max(1).checked_mul(1 << 20)?;
        let buckets = (bytes / 32).max(1);
        let mut entries = Vec::new();
        entries.try_reserve_exact(buckets * 2).ok()?;
        entries.resize_with(buckets * 2, Entry::default);
        Some(Table { entries, buckets: buckets as u64, generation: AtomicU64::new(0) })
    }

    /// Empties the table.
    pub fn clear(&self) {
        for e in &self.entries {
            e.check.store(0, Relaxed);
            e.data.store(0, Relaxed);
        }
        self.generation.store(0, Relaxed);
    }

    /// Starts a new search: entries of older searches become replaceable first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    fn generation(&self) -> u64 {
        self.generation.load(Relaxed) & 63
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> usize {
        (((key as u128) * (self.buckets as u128)) >> 64) as usize * 2
    }

    /// The entry of `key`, if stored, with its score adjusted to `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let b = self.bucket(key);
        for e in &self.entries[b..b + 2] {
            let data = e.data.load(Relaxed);
            if data != 0 && e.check.load(Relaxed) ^ data == key {
                let bound = match (data >> 56) & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    3 => Bound::Exact,
                    _ => continue,
                };
                return Some(Hit {
                    mv: data as u32,
                    score: from_tt((data >> 32) as u16 as i16 as i32, ply),
                    depth: ((data >> 48) & 0xff) as i32 - 8,
                    bound,
                });
            }
        }
        None
    }

    /// Stores a result. A store without a move keeps the move already stored for the key.
    #[inline]
    pub fn store(&self, key: u64, ply: usize, mut mv: u32, score: i32, depth: i32, bound: Bound) {
        let b = self.bucket(key);
        let gen_now = self.generation();
        let mut slot = b;
        let mut worst = i32::MAX;
        for i in b..b + 2 {
            let e = &self.entries[i];
            let data = e.data.load(Relaxed);
            if data == 0 || e.check.load(Relaxed) ^ data == key {
                if data != 0 && mv == 0 {
                    mv = data as u32;
                }
                slot = i;
                break;
            }
            let age = ((gen_now + 64 - (data >> 58)) & 63) as i32;
            let value = ((data >> 48) & 0xff) as i32 - 4 * age;
            if value < worst {
                worst = value;
                slot = i;
            }
        }
        let depth = (depth.clamp(-8, MAX_PLY as i32) + 8) as u64;
        let score = to_tt(score, ply) as i16 as u16 as u64;
        let data = mv as u64 | score << 32 | depth << 48 | (bound as u64) << 56 | gen_now << 58;
        let e = &self.entries[slot];
        e.check.store(key ^ data, Relaxed);
        e.data.store(data, Relaxed);
    }

    /// Permille of the first thousand entries used by the current search.
    pub fn hashfull(&self) -> u32 {
        let n = self.entries.len().min(1000);
        let g = self.generation();
        let used = self.entries[..n]
            .iter()
            .filter(|e| {
                let d = e.data.load(Relaxed);
                d != 0 && d >> 58 == g
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_probes_with_mate_adjustment() {
        let t = Table::new(1);
        t.store(0xdead_beef, 3, 77, crate::MATE - 10, 5, Bound::Exact);
        let h = t.probe(0xdead_beef, 5).unwrap();
        assert_eq!((h.mv, h.depth, h.bound), (77, 5, Bound::Exact));
        assert_eq!(h.score, crate::MATE - 12);
        assert!(t.probe(0xdead_bee0, 0).is_none());
        t.store(0xdead_beef, 0, 0, -40, -1, Bound::Upper);
        let h = t.probe(0xdead_beef, 0).unwrap();
        assert_eq!((h.mv, h.score, h.depth), (77, -40, -1));
        t.clear();
        assert!(t.probe(0xdead_beef, 0).is_none());
    }
}
