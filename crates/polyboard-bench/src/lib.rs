//! polyboard's measurements, as a library: what `polyboard bench` runs and prints.
//!
//! - [`comparison`]: the chess representations side by side (bulk, copy-make and
//!   make/unmake perft on the five CPW positions, the piece-set view, the compact
//!   encodings' rates); [`sizes`]: the encodings' sizes on two corpora;
//!   [`report`]: the text table, `report.md` and the SVG charts.
//! - [`experiment`]: the engine's search on every chess representation (time to
//!   depth, the quiescence share, the CCR key as transposition key, matches).
//! - [`shogi`]: Grimbergen's 2006 experiment run again, SEE and pins.
//! - [`variants`]: the variants' bulk perft beside Fairy-Stockfish and Sjaak II.
//!
//! Every count is checked (against the published one, or between representations),
//! and a disagreement is an error, not a number. The crate's binary,
//! `polyboard-bench`, compares polyboard against peer crates (cozy-chess, shakmaty,
//! chess, rsshogi); it needs the `peers` feature (on by default), and the library
//! needs none of the peers.
//!
//! ```
//! use polyboard_bench::common::{POSITIONS, geomean, select};
//!
//! // The start position's published perft count at depth 3 (chessprogramming.org).
//! assert_eq!(POSITIONS[0].counts[2], 8902);
//! assert!((geomean(&[2.0, 8.0]) - 4.0).abs() < 1e-12);
//! let names = select(vec!["magic", "ccr"], &["ccr".to_string()], "").unwrap();
//! assert_eq!(names, ["ccr"]);
//! assert!(select(vec!["magic"], &["nope".to_string()], "").is_err());
//! ```

#![deny(missing_docs)]

pub mod common;
pub mod comparison;
pub mod experiment;
pub mod report;
pub mod shogi;
pub mod sizes;
pub mod variants;
