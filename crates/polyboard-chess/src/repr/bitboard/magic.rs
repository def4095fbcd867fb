//! `magic`: bitboards with fancy-magic sliding attacks, and `pext`, the same tables
//! indexed by PEXT on CPUs with BMI2.
//!
//! # Technique
//!
//! A slider's attacks depend only on the occupancy of its relevant squares (its
//! rays without their last square). Fancy magic hashes that occupancy perfectly:
//! `index = ((occ & mask) * magic) >> shift`, plus a per-square offset into one shared
//! table of 107,648 entries (841 KiB); PEXT gathers the masked bits into the index
//! with one instruction, `index = pext(occ, mask)`, which needs no magic number. The
//! tables and magic numbers come from [`crate::attacks`] (built by `build.rs` with a
//! fixed-seed search, so builds are reproducible).
//!
//! # Layout (96 bytes)
//!
//! [`Sets`] of `u64` in the family's [`Bitboards`]; the module [`super`] gives both bit
//! by bit. Bit i of a bitboard is square i (a1 = 0, h8 = 63).

use super::{Bitboards, Sets};
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
use crate::attacks::Pext;
use crate::attacks::{Fancy, Sliders};

// The [`Sliders`] lookups of [`crate::attacks`] as techniques of the family, on
// [`Sets`] of `u64`.
technique!(Fancy, "magic", u64, Sets<u64>, <Fancy as Sliders>::rook, <Fancy as Sliders>::bishop);
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
technique!(Pext, "pext", u64, Sets<u64>, <Pext as Sliders>::rook, <Pext as Sliders>::bishop);

/// Fancy magic bitboards: the `magic` representation.
pub type Magic = Bitboards<Fancy>;

/// PEXT bitboards: the `pext` representation (BMI2 only).
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
pub type PextBoard = Bitboards<Pext>;
