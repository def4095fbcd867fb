//! Section 4.4 of the paper: the attack tables `WHITE_ATTACKS` and `BLACK_ATTACKS`.
//!
//! Each is eight `u32` in the CCR's own layout (rank 8 first, nibble `7 - file`), and
//! each nibble ORs the paper's attacker bits of every piece of that colour that
//! attacks the square: [`ATTACK_PAWN`] `1000b`, [`ATTACK_MINOR`] `0100b` (knight or
//! bishop), [`ATTACK_ROOK`] `0010b`, [`ATTACK_QUEEN_KING`] `0001b` (queen or king).
//! Occupied squares are attacked too (a defended piece reads non-zero).
//!
//! The table is built in one pass over the CCR, as the paper does: the same two loops
//! as the move generator (ranks by displacement, pieces by nibble) and a jump table on
//! the 4-bit code ([`ATTACK_JUMP`]) whose handlers walk the same displacements and
//! mask shifts as the move handlers. Sliders stop at the first occupied nibble.

use super::{NIBBLE, black_lsb, white_lsb};

/// Attacker bit of a pawn.
pub const ATTACK_PAWN: u32 = 0b1000;
/// Attacker bit of a knight or a bishop (the paper cannot tell them apart).
pub const ATTACK_MINOR: u32 = 0b0100;
/// Attacker bit of a rook.
pub const ATTACK_ROOK: u32 = 0b0010;
/// Attacker bit of a queen or a king.
pub const ATTACK_QUEEN_KING: u32 = 0b0001;

/// An attack handler: ORs the attacks of the piece on rank element `d`, nibble `n`
/// into `att`, with sliders stopped by the occupancy `occ`.
type AttackHandler = fn(att: &mut [u32; 8], occ: &[u32; 8], d: usize, n: usize);

/// The attack jump table, indexed by the 4-bit code of Table 1.
const ATTACK_JUMP: [AttackHandler; 16] = [
    nothing, white_pawn, knight, bishop, rook, queen, king, nothing, //
    nothing, black_pawn, knight, bishop, rook, queen, king, nothing,
];

/// The attack table of the white (`white = true`) or black pieces of `occ`.
///
/// `occ` is a CCR; the move generator passes one with the king of the side to move
/// lifted off, so that squares behind the king on a checking line read as attacked.
#[inline]
pub(super) fn attack_table(occ: &[u32; 8], white: bool) -> [u32; 8] {
    let mut att = [0u32; 8];
    for (d, &r) in occ.iter().enumerate() {
        let mut bits = if white { white_lsb(r) } else { black_lsb(r) };
        while bits != 0 {
            let shift = bits.trailing_zeros();
            bits &= bits - 1;
            let code = (r >> shift) & NIBBLE;
            ATTACK_JUMP[code as usize](&mut att, occ, d, (shift / 4) as usize);
        }
    }
    att
}

fn nothing(_: &mut [u32; 8], _: &[u32; 8], _: usize, _: usize) {}

/// A white pawn attacks the two nibbles beside it on the next rank up (displacement -4).
fn white_pawn(att: &mut [u32; 8], _: &[u32; 8], d: usize, n: usize) {
    let b = 1u32 << (4 * n);
    if d > 0 {
        att[d - 1] |= ((b << 4) | (b >> 4)) * ATTACK_PAWN;
    }
}

/// A black pawn attacks the two nibbles beside it on the next rank down (+4).
fn black_pawn(att: &mut [u32; 8], _: &[u32; 8], d: usize, n: usize) {
    let b = 1u32 << (4 * n);
    if d < 7 {
        att[d + 1] |= ((b << 4) | (b >> 4)) * ATTACK_PAWN;
    }
}

/// Knight: two ranks away one nibble aside, one rank away two nibbles aside. A
/// shift past the rank's edge leaves no bit, so only the displacement is checked.
fn knight(att: &mut [u32; 8], _: &[u32; 8], d: usize, n: usize) {
    let b = 1u32 << (4 * n);
    let one = ((b << 8) | (b >> 8)) * ATTACK_MINOR;
    let two = ((b << 4) | (b >> 4)) * ATTACK_MINOR;
    if d >= 1 {
        att[d - 1] |= one;
        if d >= 2 {
            att[d - 2] |= two;
        }
    }
    if d <= 6 {
        att[d + 1] |= one;
        if d <= 5 {
            att[d + 2] |= two;
        }
    }
}

/// King: Table 3's eight displacement and rotation pairs.
fn king(att: &mut [u32; 8], _: &[u32; 8], d: usize, n: usize) {
    let b = 1u32 << (4 * n);
    let side = (b << 4) | (b >> 4);
    att[d & 7] |= side * ATTACK_QUEEN_KING;
    let row = (side | b) * ATTACK_QUEEN_KING;
    if d >= 1 {
        att[d - 1] |= row;
    }
    if d <= 6 {
        att[d + 1] |= row;
    }
}

/// One slider ray: the displacement moves by `DD` ranks and the mask by `DN` nibbles
/// per step (`DN > 0` is `shl 4`, towards the a-file) until the edge or the first
/// occupied nibble, which is attacked too.
#[inline(always)]
fn ray<const DD: isize, const DN: i32>(att: &mut [u32; 8], occ: &[u32; 8], d: usize, n: usize, code: u32) {
    let mut d = d;
    let mut b = 1u32 << (4 * n);
    loop {
        if DD != 0 {
            d = d.wrapping_add_signed(DD);
            if d > 7 {
                break;
            }
        }
        if DN > 0 {
            b <<= 4;
        } else if DN < 0 {
            b >>= 4;
        }
        if b == 0 {
            break;
        }
        att[d] |= b * code;
        if occ[d] & (b * NIBBLE) != 0 {
            break;
        }
    }
}

/// The four diagonal rays.
#[inline(always)]
fn diagonals(att: &mut [u32; 8], occ: &[u32; 8], d: usize, n: usize, code: u32) {
    ray::<-1, -1>(att, occ, d, n, code);
    ray::<-1, 1>(att, occ, d, n, code);
    ray::<1, -1>(att, occ, d, n, code);
    ray::<1, 1>(att, occ, d, n, code);
}

/// The two file rays and the two rank rays.
#[inline(always)]
fn lines(att: &mut [u32; 8], occ: &[u32; 8], d: usize, n: usize, code: u32) {
    ray::<-1, 0>(att, occ, d, n, code);
    ray::<1, 0>(att, occ, d, n, code);
    ray::<0, 1>(att, occ, d, n, code);
    ray::<0, -1>(att, occ, d, n, code);
}

fn bishop(att: &mut [u32; 8], occ: &[u32; 8], d: usize, n: usize) {
    diagonals(att, occ, d, n, ATTACK_MINOR);
}

fn rook(att: &mut [u32; 8], occ: &[u32; 8], d: usize, n: usize) {
    lines(att, occ, d, n, ATTACK_ROOK);
}

fn queen(att: &mut [u32; 8], occ: &[u32; 8], d: usize, n: usize) {
    diagonals(att, occ, d, n, ATTACK_QUEEN_KING);
    lines(att, occ, d, n, ATTACK_QUEEN_KING);
}
