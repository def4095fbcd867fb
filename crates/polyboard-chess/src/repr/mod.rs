//! Chess board representations, one module each, all implementing [`crate::Board`].
//!
//! To add one: write the module, then add it to `representations!` below and to
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
pub use ccr::rotated::RotatedCcr;
pub use mailbox::{Array8x8, Geometry, Mailbox, Mailboxes, Technique, X88};
pub use piecelist::PieceList;

/// Writes `names()` and `with_repr!` from one list of the representations, each name
/// with its type in this module (`$d` is a `$` for the inner macro).
macro_rules! representations {
    ($d:tt $($(#[$cfg:meta])* $name:literal => $ty:ident,)*) => {
        /// The names of the representations available on this build, in the order of
        /// the comparison. The first is the default of `polyboard perft` (the fastest).
        pub fn names() -> Vec<&'static str> {
            [$($(#[$cfg])* $name,)*].to_vec()
        }

        /// Calls `$body` with the type alias `$B` bound to the representation named
        /// `$name`; evaluates to `None` for an unknown name.
        #[macro_export]
        macro_rules! with_repr {
            ($d name:expr, $d B:ident => $d body:expr) => {{
                match $d name {
                    $($(#[$cfg])* $name => {
                        type $d B = $d crate::repr::$ty;
                        Some($d body)
                    })*
                    _ => None,
                }
            }};
        }
    };
}

representations! {$
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    "pext" => PextBoard,
    "magic" => Magic,
    "array8x8" => Array8x8,
    "mailbox10x12" => Mailbox,
    "x88" => X88,
    "piecelist" => PieceList,
    "classical" => Classical,
    "rotated" => Rotated,
    "kindergarten" => Kindergarten,
    "ccr" => Ccr,
    "rotatedccr" => RotatedCcr,
    "quad" => Quad,
    "bb32" => Bb32Board,
}

#[cfg(test)]
mod tests {
    /// The sizes each representation's module documents with its layout.
    #[test]
    fn sizes_are_as_documented() {
        let sizes = [
            ("pext", 96),
            ("magic", 96),
            ("array8x8", 96),
            ("mailbox10x12", 232),
            ("x88", 200),
            ("piecelist", 96),
            ("classical", 96),
            ("rotated", 128),
            ("kindergarten", 96),
            ("ccr", 56),
            ("rotatedccr", 160),
            ("quad", 64),
            ("bb32", 96),
        ];
        for name in super::names() {
            let size = with_repr!(name, B => core::mem::size_of::<B>());
            assert_eq!(size, sizes.iter().find(|s| s.0 == name).map(|s| s.1), "{name}");
        }
    }
}
