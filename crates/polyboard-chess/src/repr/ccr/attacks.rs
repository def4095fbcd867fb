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
//! mask shifts as the move handlers. Sliders stop at the first occupied nibble. The
//! paper's own speed-ups for this pass are used: "horizontal attacks ... only by one
//! OR" (a rank ray in one step on the rank's nibble markers), the "double mask" for
//! bishops and "triple mask" for queens (one loop per vertical direction carrying the
//! two diagonal rays and the file ray together), and pawns a whole rank at a time (a
//! rank's pawn markers shifted one nibble each way are the capture squares).

use super::{
    BISHOP, BLACK, KING, KNIGHT, LSB, NIBBLE, PAWN, QUEEN, ROOK, black_lsb, code_lsb, each_rank, king_ranks,
    knight_ranks, occupied_lsb, rank_ray, sweep, white_lsb,
};

/// Attacker bit of a pawn.
pub const ATTACK_PAWN: u32 = 0b1000;
/// Attacker bit of a knight or a bishop (the paper cannot tell them apart).
pub const ATTACK_MINOR: u32 = 0b0100;
/// Attacker bit of a rook.
pub const ATTACK_ROOK: u32 = 0b0010;
/// Attacker bit of a queen or a king.
pub const ATTACK_QUEEN_KING: u32 = 0b0001;

/// The attack table under construction and the occupancy sliders stop at.
pub(super) struct Attacks {
    /// The table: attacker bits per nibble.
    att: [u32; 8],
    /// `1111b` in every occupied nibble.
    blockers: [u32; 8],
}

/// An attack handler: ORs the attacks of the piece on rank element `d`, nibble `n`.
type AttackHandler = fn(a: &mut Attacks, d: usize, n: usize);

/// The attack jump table, indexed by the 4-bit code of Table 1. Pawns are done a
/// whole rank at a time before the jump loop, so their entries are no-ops.
const ATTACK_JUMP: [AttackHandler; 16] = [
    nothing, nothing, knight, bishop, rook, queen, king, nothing, //
    nothing, nothing, knight, bishop, rook, queen, king, nothing,
];

/// The attack table of the white (`white = true`) or black pieces of `occ`, with
/// the square (`d`, nibble mask `lift`) lifted off the board: sliders pass through
/// it. The move generator lifts the king of the side to move, so that squares behind
/// it on a checking line read as attacked; `lift = 0` lifts nothing.
#[inline]
pub(super) fn attack_table(occ: &[u32; 8], white: bool, lift_d: usize, lift: u32) -> [u32; 8] {
    let mut a = Attacks { att: [0; 8], blockers: occ.map(|r| occupied_lsb(r) * NIBBLE) };
    a.blockers[lift_d & 7] &= !lift;
    // Pawns, a rank at a time: the pawn markers of a rank shifted one nibble either
    // way land on the two capture squares of every pawn, on the next rank forward.
    // A shift past the rank's edge drops the bit.
    let pawn = if white { PAWN } else { PAWN | BLACK };
    for (d, &r) in occ.iter().enumerate() {
        let pawns = code_lsb(r, pawn);
        if pawns != 0 {
            let hits = ((pawns << 4) | (pawns >> 4)) * ATTACK_PAWN;
            a.att[(if white { d.wrapping_sub(1) } else { d + 1 }) & 7] |= hits;
        }
        let mut bits = (if white { white_lsb(r) } else { black_lsb(r) }) & !pawns;
        while bits != 0 {
            let shift = bits.trailing_zeros();
            bits &= bits - 1;
            let code = (r >> shift) & NIBBLE;
            ATTACK_JUMP[code as usize](&mut a, d, (shift / 4) as usize);
        }
    }
    a.att
}

fn nothing(_: &mut Attacks, _: usize, _: usize) {}

/// Knight: Table 3's squares ([`knight_ranks`]).
fn knight(a: &mut Attacks, d: usize, n: usize) {
    knight_ranks(d, 1 << (4 * n), |e, m| a.att[e] |= m * ATTACK_MINOR);
}

/// King: Table 3's eight displacement and rotation pairs ([`king_ranks`]).
fn king(a: &mut Attacks, d: usize, n: usize) {
    king_ranks(d, 1 << (4 * n), |e, m| a.att[e] |= m * ATTACK_QUEEN_KING);
}

/// Both vertical directions of the paper's double and triple mask ([`sweep`]),
/// ORing `code` into every square reached.
#[inline(always)]
fn sweeps(a: &mut Attacks, d: usize, m: [u32; 3], code: u32) {
    let mut or = |e: usize, lr: u32, v: u32| a.att[e] |= ((lr | v) & LSB) * code;
    sweep::<-1>(d, m, &a.blockers, &mut or);
    sweep::<1>(d, m, &a.blockers, &mut or);
}

/// Rank attacks in one step (the paper: "horizontal attacks could be generated only
/// by one OR"): the squares of rank `d` from the slider to the first blocker on each
/// side.
#[inline(always)]
fn horizontal(a: &mut Attacks, d: usize, n: usize, code: u32) {
    a.att[d & 7] |= rank_ray(a.blockers[d & 7] & LSB, 1 << (4 * n)) * code;
}

fn bishop(a: &mut Attacks, d: usize, n: usize) {
    let m = NIBBLE << (4 * n);
    sweeps(a, d, [m, 0, m], ATTACK_MINOR);
}

fn rook(a: &mut Attacks, d: usize, n: usize) {
    let m = NIBBLE << (4 * n);
    sweeps(a, d, [0, m, 0], ATTACK_ROOK);
    horizontal(a, d, n, ATTACK_ROOK);
}

fn queen(a: &mut Attacks, d: usize, n: usize) {
    let m = NIBBLE << (4 * n);
    sweeps(a, d, [m, m, m], ATTACK_QUEEN_KING);
    horizontal(a, d, n, ATTACK_QUEEN_KING);
}

/// Nibble markers of the nibbles of `r` whose piece has the role `role` (`PAWN` ..
/// `KING`), of either colour: the low three bits equal to it.
#[inline(always)]
pub(super) fn role_lsb(r: u32, role: u32) -> u32 {
    let x = r ^ role.wrapping_mul(LSB);
    !(x | (x >> 1) | (x >> 2)) & LSB
}

/// Spreads the eight bits of `byte` to the nibble markers of a rank: bit `k` to
/// bit `4k`.
#[inline(always)]
fn spread(byte: u32) -> u32 {
    let x = (byte | (byte << 12)) & 0x000f_000f;
    let x = (x | (x << 6)) & 0x0303_0303;
    (x | (x << 3)) & LSB
}

/// The inverse of [`spread`]: the nibble markers of a rank to eight bits.
#[inline(always)]
pub(super) fn gather(markers: u32) -> u32 {
    let x = markers & LSB;
    let x = (x | (x >> 3)) & 0x0303_0303;
    let x = (x | (x >> 6)) & 0x000f_000f;
    (x | (x >> 12)) & 0xff
}

/// The pieces of both colours that attack the square of internal index `i` when
/// only the pieces on `occ` (a bitboard in polyboard's numbering) stand on the
/// board, as a bitboard in polyboard's numbering.
///
/// The technique is the attack pass's, run from the target square outwards: the
/// CCR is first thinned to `occ` (each rank ANDed with `occ`'s byte spread to
/// `1111b` nibbles; bit-reversing `occ` puts internal index `i` at bit `i`). Then, in
/// rank elements and nibble masks: a white pawn attacks from one rank below and one
/// nibble aside, a black pawn from one rank above; knights from Table 3's
/// (displacement, shift) pairs; kings from the eight neighbours; and for the sliders
/// one loop per vertical direction carries the two diagonal masks and the file mask
/// together (the paper's triple mask), each stopping at the first piece it meets,
/// which attacks when it slides along that line. The rank is one step on the
/// thinned rank's nibble markers ([`rank_ray`]).
pub(super) fn attackers(ranks: &[u32; 8], i: usize, occ: u64) -> u64 {
    let rev = occ.reverse_bits();
    let board: [u32; 8] = core::array::from_fn(|d| ranks[d] & (spread((rev >> (8 * d)) as u32 & 0xff) * NIBBLE));
    let (d, b) = (i >> 3 & 7, 1u32 << (4 * (i & 7)));
    let side = (b << 4) | (b >> 4);
    let mut found = [0u32; 8];
    each_rank(d, [(1, side)], |e, m| found[e] |= m & code_lsb(board[e], PAWN));
    each_rank(d, [(-1, side)], |e, m| found[e] |= m & code_lsb(board[e], PAWN | BLACK));
    knight_ranks(d, b, |e, m| found[e] |= m & role_lsb(board[e], KNIGHT));
    king_ranks(d, b, |e, m| found[e] |= m & role_lsb(board[e], KING));
    let diagonal = |r: u32| role_lsb(r, BISHOP) | role_lsb(r, QUEEN);
    let straight = |r: u32| role_lsb(r, ROOK) | role_lsb(r, QUEEN);
    let blockers = board.map(occupied_lsb);
    let mut hit = |e: usize, lr: u32, v: u32| found[e] |= (lr & diagonal(board[e])) | (v & straight(board[e]));
    sweep::<-1>(d, [b, b, b], &blockers, &mut hit);
    sweep::<1>(d, [b, b, b], &blockers, &mut hit);
    found[d] |= rank_ray(occupied_lsb(board[d]), b) & straight(board[d]);
    let internal = found.iter().enumerate().fold(0u64, |acc, (e, &m)| acc | u64::from(gather(m)) << (8 * e));
    internal.reverse_bits()
}
