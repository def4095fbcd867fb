//! The shogi representations, each behind [`crate::ShogiBoard`].
//!
//! | name | technique |
//! | --- | --- |
//! | `fast` | two `u64` words split 63+18, file-major squares, subtraction sliders ([`fast`]) |
//! | `bb3x32` | the slides: three `u32` words, the rank table, rotated bitboards kept incrementally ([`rotated`]) |
//! | `bb128` | the same technique on one `u128` ([`rotated`]) |
//! | `attacktable` | a mailbox with incrementally kept attack tables, the 2006 experiment's baseline ([`attacktable`]) |

pub mod attacktable;
pub mod bitboard;
pub mod fast;
pub mod rotated;

pub use attacktable::AttackTableBoard;
pub use fast::FastBoard;
pub use rotated::{Bb3x32Board, Bb128Board};

/// The representation names, fastest first (`polyboard reprs --variant shogi`).
pub fn names() -> Vec<&'static str> {
    vec!["fast", "bb128", "bb3x32", "attacktable"]
}

/// Runs `$body` with the type alias `$B` bound to the representation named `$name`
/// (a `&str`); does nothing for an unknown name.
#[macro_export]
macro_rules! with_shogi_repr {
    ($name:expr, $B:ident => $body:expr) => {
        match $name {
            "fast" => {
                type $B = $crate::repr::FastBoard;
                $body
            }
            "bb128" => {
                type $B = $crate::repr::Bb128Board;
                $body
            }
            "bb3x32" => {
                type $B = $crate::repr::Bb3x32Board;
                $body
            }
            "attacktable" => {
                type $B = $crate::repr::AttackTableBoard;
                $body
            }
            _ => {}
        }
    };
}
