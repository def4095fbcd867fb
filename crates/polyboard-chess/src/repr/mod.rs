//! Chess board representations, one module each, all implementing [`crate::Board`].
//!
//! To add one: write the module, then add it to `names()`, to `with_repr!` and to
//! `repr_tests!`/`TESTED` in `tests/perft.rs`. Each representation uses its own
//! technique end to end; the shared pieces are the plain types ([`crate::Move`],
//! [`crate::Square`], [`crate::Position`]), the Zobrist keys ([`crate::zobrist`]), the
//! move sinks (`sink.rs`) and the bookkeeping no technique differs in (`common.rs`:
//! the undo record, the clocks, the key's side and en passant terms, the null move and
//! the trait impls, written once by its `representation!` macro).

#[macro_use]
mod common;
pub mod bitboard;
pub mod ccr;
pub mod mailbox;
pub mod piecelist;
mod sink;

pub use common::Undo;

/// The technique a [`Bitboards`] position is generic over (its former name).
pub use bitboard::Technique as Lookup;
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
pub use bitboard::magic::PextBoard;
pub use bitboard::{Bitboards, bb32, classical, kindergarten, magic, quad, rotated};
pub use bitboard::{bb32::Bb32Board, classical::Classical, kindergarten::Kindergarten, magic::Magic};
pub use bitboard::{quad::Quad, rotated::Rotated};
pub use ccr::Ccr;
pub use mailbox::{Array8x8, Geometry, Mailbox, Mailboxes, Technique, X88};
pub use piecelist::PieceList;

/// The names of the representations available on this build, in the order of the
/// comparison. The first is the default of `polyboard perft` (the fastest).
pub fn names() -> Vec<&'static str> {
    [
        #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
        "pext",
        "magic",
        "array8x8",
        "mailbox10x12",
        "x88",
        "piecelist",
        "classical",
        "rotated",
        "kindergarten",
        "ccr",
        "quad",
        "bb32",
    ]
    .to_vec()
}

/// Calls `$body` with the type alias `$B` bound to the representation named `$name`;
/// evaluates to `None` for an unknown name.
#[macro_export]
macro_rules! with_repr {
    ($name:expr, $B:ident => $body:expr) => {{
        match $name {
            #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
            "pext" => {
                type $B = $crate::repr::PextBoard;
                Some($body)
            }
            "magic" => {
                type $B = $crate::repr::Magic;
                Some($body)
            }
            "array8x8" => {
                type $B = $crate::repr::Array8x8;
                Some($body)
            }
            "mailbox10x12" => {
                type $B = $crate::repr::Mailbox;
                Some($body)
            }
            "x88" => {
                type $B = $crate::repr::X88;
                Some($body)
            }
            "piecelist" => {
                type $B = $crate::repr::PieceList;
                Some($body)
            }
            "classical" => {
                type $B = $crate::repr::Classical;
                Some($body)
            }
            "rotated" => {
                type $B = $crate::repr::Rotated;
                Some($body)
            }
            "kindergarten" => {
                type $B = $crate::repr::Kindergarten;
                Some($body)
            }
            "ccr" => {
                type $B = $crate::repr::Ccr;
                Some($body)
            }
            "quad" => {
                type $B = $crate::repr::Quad;
                Some($body)
            }
            "bb32" => {
                type $B = $crate::repr::Bb32Board;
                Some($body)
            }
            _ => None,
        }
    }};
}
