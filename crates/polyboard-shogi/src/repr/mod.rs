//! The shogi representations, each behind [`crate::ShogiBoard`].
//!
//! | name | technique |
//! | --- | --- |
//! | `fast` | two `u64` words split 63+18, file-major squares, subtraction sliders ([`fast`]) |

pub mod bitboard;
pub mod fast;

pub use fast::FastBoard;

/// The representation names, fastest first (`polyboard reprs --variant shogi`).
pub fn names() -> Vec<&'static str> {
    vec!["fast"]
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
            _ => {}
        }
    };
}
