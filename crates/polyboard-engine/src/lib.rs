//! polyboard's engine: chess on every representation, shogi, and every variant of
//! polyboard-variants, searched by [`polyboard_search`]'s one search and played through
//! a typed API ([`Engine`]) and one protocol loop with three dialects: UCI, USI and
//! XBoard ([`protocol`]).
//!
//! # Example
//!
//! ```
//! use polyboard_engine::{Engine, Event, Limits};
//!
//! let mut engine = Engine::new("chess").unwrap();
//! // Scholar's mate is one move away.
//! let moves = ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"];
//! engine.set_position(None, &moves).unwrap();
//! let mut lines = 0;
//! let result = engine.search(Limits { depth: Some(4), ..Limits::default() }, |e| {
//!     if let Event::Info(_) = e {
//!         lines += 1;
//!     }
//! });
//! assert_eq!(result.best.as_deref(), Some("h5f7"));
//! assert_eq!(result.score, polyboard_engine::Score::Mate(1));
//! assert!(lines > 0 && result.nodes > 0);
//!
//! // A search that another thread stops.
//! let search = engine.prepare(Limits { infinite: true, ..Limits::default() });
//! let stopper = search.stopper();
//! std::thread::spawn(move || {
//!     std::thread::sleep(std::time::Duration::from_millis(50));
//!     stopper.stop();
//! });
//! assert!(search.run(|_| {}).best.is_some());
//! ```
//!
//! # Layout
//!
//! - [`Engine`] ([`api`]): a game or variant, its position, the options of a search,
//!   and searches that return a [`SearchResult`] (best move, ponder move, [`Score`],
//!   PV, depth, nodes, time) with a callback for every line ([`Event`]) and a
//!   [`api::Stopper`].
//! - [`chess`] (feature `chess`): chess as a [`polyboard_search::Searchable`] over any
//!   representation, its evaluation, and the fixed-depth `bench`.
//! - [`shogi`] (feature `shogi`): shogi over any representation, its evaluations (a
//!   network by default, and the hand-written one) and the df-pn mate solver.
//! - [`nnue`]: the network chess and shogi share (file, integer arithmetic, updates).
//! - [`variant`] (feature `variants`): any polyboard-variants variant, with an
//!   evaluation derived from its rules.
//! - [`protocol`]: the session loop and its dialects (`polyboard uci`, `usi`, `xboard`).
//!
//! # Identical trees
//!
//! For chess, a one-thread search to a fixed depth walks the same tree on every
//! representation: the evaluation reads only the piece sets, and the search breaks
//! every tie by the move's key (see [`polyboard_search`]).

#![deny(missing_docs)]

pub mod api;
#[cfg(feature = "chess")]
pub mod chess;
mod game;
#[cfg(any(feature = "chess", feature = "shogi"))]
pub mod nnue;
pub mod protocol;
#[cfg(feature = "shogi")]
pub mod shogi;
pub mod strength;
#[cfg(feature = "variants")]
pub mod variant;
mod wdl_model;

pub use api::{Engine, EngineError, Search, Stopper};
pub use game::{Event, MateAnswer, Notation, Score, SearchInfo, SearchResult};
pub use polyboard_search::time::Limits;
