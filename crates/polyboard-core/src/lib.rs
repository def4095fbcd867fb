//! Game-independent parts of polyboard, shared by the chess, shogi and variant crates.
//!
//! What ships:
//!
//! - [`perft`]: the one perft driver (bulk, full, make/unmake, divide) over any game
//!   that implements [`perft::PerftNode`]: every chess and shogi representation and the
//!   variant engine's board. A game names its move-list capacity (chess 256, shogi
//!   2048, the variants 4096).
//! - [`bitboard`]: 64-square bitboards over limbs (`u64`, two `u32` limbs) with the
//!   same operators ([`bitboard::Bits`]), for chess.
//! - [`wide`]: bitboards of up to 128 squares (`u64`, `u128`, `[u32; 3]`, two `u64`)
//!   with the same operators ([`wide::Wide`]), for shogi and the variant engine.
//! - [`MoveList`]: a fixed-capacity move buffer that never allocates.
//! - [`SearchMove`]: the key a search stores a move by, which each game's move
//!   type gives.
//! - [`zobrist`]: a deterministic key generator, so every representation and every run
//!   derives the same Zobrist keys from one fixed seed.
//! - [`timing`]: the thread's CPU time, for benchmarks on a shared machine.
//! - [`sfen`]: Fairy-Stockfish's FEN of a shogi-family position (`...[-] w 0 1`, as
//!   pyffish writes it) read as the SFEN it stands for.
//!
//! # Example
//!
//! A game becomes a [`perft::PerftNode`] with a move generator and a way to play a
//! move; the driver does the rest. Noughts and crosses, where a game ends when the
//! side that just moved has three in a row, has 127,872 games that last all nine
//! moves (81,792 won by the first player on the last move and 46,080 draws):
//!
//! ```
//! use polyboard_core::MoveList;
//! use polyboard_core::perft::{PerftNode, divide, perft};
//!
//! /// The squares (bits 0..9) of the side to move and of the side that just moved.
//! #[derive(Clone)]
//! struct Noughts {
//!     mover: u16,
//!     other: u16,
//! }
//!
//! const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];
//!
//! impl PerftNode for Noughts {
//!     type Move = u8;
//!
//!     fn generate_moves(&self, out: &mut MoveList<u8>) {
//!         if LINES.iter().any(|&line| self.other & line == line) {
//!             return; // the game is over
//!         }
//!         for sq in 0..9 {
//!             if (self.mover | self.other) >> sq & 1 == 0 {
//!                 out.push(sq);
//!             }
//!         }
//!     }
//!
//!     fn apply(&mut self, sq: u8) {
//!         let placed = self.mover | 1 << sq;
//!         self.mover = self.other;
//!         self.other = placed;
//!     }
//! }
//!
//! let start = Noughts { mover: 0, other: 0 };
//! assert_eq!(perft(&start, 2), 72);
//! assert_eq!(perft(&start, 9), 127_872);
//! assert_eq!(divide(&start, 9, false).iter().map(|&(_, n)| n).sum::<u64>(), 127_872);
//! ```

#![deny(missing_docs)]

pub mod bitboard;
pub mod movelist;
pub mod perft;
pub mod search_move;
pub mod sfen;
pub mod timing;
pub mod wide;
pub mod zobrist;

pub use movelist::MoveList;
pub use search_move::SearchMove;
