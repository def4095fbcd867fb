//! The lookup tables of one variant on one bitboard width: rays, leaper targets,
//! reverse (attacker) tables, the squares near a king where a move may expose it, and
//! the Zobrist keys. Built once per variant; boards borrow them.

use crate::betza::Kind;
use crate::bits::Bits;
use crate::rules::Rules;

/// One ride (slide or hop) of a piece of one colour.
#[derive(Clone, Debug)]
pub(crate) struct Ride {
    /// Direction index.
    pub dir: usize,
    /// The first `limit` squares of each ray, for a limited rider or a ranged cannon.
    pub span: Option<Vec<u128>>,
    /// May end on an empty square.
    pub quiet: bool,
    /// May capture.
    pub capture: bool,
    /// 0 slide, 1 cannon hop, 2 grasshopper, 3 janggi cannon hop (no janggi cannon as
    /// screen or target), 4 the janggi cannon's `diagonalLines` hops (`dir` unused),
    /// 5 a ranged cannon hop (Betza `pB2`: landing only within `span`). A kind of its
    /// own, so that the unlimited cannons keep their path free of the range test.
    pub hop: u8,
}

/// A direction along which pieces of one colour capture, seen from the target.
#[derive(Clone, Debug)]
pub(crate) struct LineAttack {
    /// Direction index, pointing from the target toward the attacker.
    pub dir: usize,
    /// Types that slide (unlimited) along it with capture.
    pub sliders: u32,
    /// Types that capture along it as cannons.
    pub cannons: u32,
    /// Types that capture along it as grasshoppers.
    pub grass: u32,
    /// Types that capture along it as janggi cannons (over one screen that is not a
    /// janggi cannon).
    pub jcannons: u32,
    /// Limited riders: (type, most steps).
    pub limited: Vec<(usize, u8)>,
    /// Types that capture along it as ranged cannons, one bit each.
    pub rcannons: u32,
    /// The same ranged cannons: (type, most steps from the cannon to its target).
    pub ranged: Vec<(usize, u8)>,
}

/// Zobrist keys of a variant.
#[derive(Clone, Debug)]
pub(crate) struct Keys {
    /// `[(type * 2 + colour) * 128 + square]`, for up to 32 types.
    pub piece: Vec<u64>,
    /// `[(type * 2 + colour) * 64 + count]` (counts past 63 share the last key), for up
    /// to 32 types.
    pub hand: Vec<u64>,
    /// `[square]`: a castling right on the rook's square.
    pub castle: Vec<u64>,
    /// `[square]`: a gate (Seirawan) on the square.
    pub gate: Vec<u64>,
    /// `[square]`: the en passant target.
    pub ep: Vec<u64>,
    /// `[colour * 8 + remaining checks]`.
    pub checks: Vec<u64>,
    /// Black to move.
    pub side: u64,
    /// `[square]`: a wall on the square.
    pub wall: Vec<u64>,
}

/// Every table of a variant for the bitboard type `B`.
#[derive(Clone, Debug)]
pub struct Tables<B: Bits> {
    /// The rules the tables were built from.
    pub rules: Rules,
    /// Number of squares.
    pub nsq: usize,
    /// Number of piece types.
    pub ntypes: usize,
    pub(crate) rays: Vec<B>,
    pub(crate) step: Vec<u8>,
    pub(crate) increasing: Vec<bool>,
    pub(crate) leap_quiet: Vec<B>,
    pub(crate) leap_capture: Vec<B>,
    pub(crate) rides: Vec<Vec<Ride>>,
    pub(crate) lame: Vec<Vec<(u8, B, bool, bool)>>,
    /// Initial moves (Betza `i`), per type-colour and square: the target and the
    /// squares that must be empty (a lame leap's block square), played only from the
    /// double-step region and only onto an empty square.
    pub(crate) initial: Vec<Vec<(u8, B)>>,
    /// The types that have initial moves, one bit each.
    pub(crate) initial_types: u32,
    pub(crate) rev_leap: Vec<B>,
    pub(crate) rev_lame: Vec<Vec<(u8, B)>>,
    /// `[(type * 2 + colour) * nsq + target]`: the origins of `rev_lame`'s entries as one
    /// set, so that the attack test skips a target no such piece stands to attack.
    pub(crate) rev_lame_from: Vec<B>,
    pub(crate) lines: [Vec<LineAttack>; 2],
    /// Per colour and king square: the squares between a `diagonalLines` hop and that
    /// king, where a piece arriving or leaving may make or break its screen (lame
    /// blocks, slider pins and cannon lines are found per position).
    pub(crate) screens: Vec<B>,
    /// `[square]`: the (up to eight) squares next to it, for `blastOnCapture`.
    pub(crate) adjacent: Vec<B>,
    pub(crate) mobility: Vec<B>,
    pub(crate) mobile: Vec<B>,
    pub(crate) promo: [B; 2],
    pub(crate) double: [B; 2],
    /// Per colour, where pawns may step three squares (`tripleStepRegion...`).
    pub(crate) triple: [B; 2],
    pub(crate) drop_region: [B; 2],
    pub(crate) file_masks: Vec<B>,
    pub(crate) rank_masks: Vec<B>,
    pub(crate) all: B,
    /// Per colour: where a pawn may take a Sittuyin promotion when the side has more
    /// than one: the long diagonals from the corners of its first rank, in the
    /// opponent's half.
    pub(crate) sittuyin_zone: [B; 2],
    /// The variant has a rule the generator handles out of line: a bare-king rule,
    /// `mustDrop`, Sittuyin promotions or Cambodian first moves.
    pub(crate) special_rules: bool,
    /// The rules have a game end that leaves no legal move ([`Board::immediate_end`]):
    /// extinction, a flag, check counting.
    ///
    /// [`Board::immediate_end`]: crate::Board::immediate_end
    pub(crate) immediate_rules: bool,
    /// The rules drop moves from the generated list afterwards ([`Board::generate`]):
    /// `mustCapture`, `checking = false`, `makpongRule`.
    pub(crate) post_filter: bool,
    pub(crate) has_hoppers: bool,
    pub(crate) has_lame: bool,
    /// Types with leap captures, and with lame leaps.
    pub(crate) leap_types: Vec<usize>,
    pub(crate) lame_types: Vec<usize>,
    /// Per colour: the types that attack along a line (sliders, limited riders,
    /// cannons, grasshoppers), one bit each.
    pub(crate) line_types: [u32; 2],
    pub(crate) keys: Keys,
    /// The janggi cannons (`janggiCannon`), one bit each: no janggi cannon screens or
    /// is captured by one.
    pub(crate) jcannons: u32,
    /// `[(type * 2 + colour) * nsq + square]`: a janggi cannon's hops along the
    /// `diagonalLines` (target, squares between).
    pub(crate) jhops: Vec<Vec<(u8, B)>>,
    /// `[colour * nsq + target]`: the same hops seen from the target (origin, squares
    /// between), for the attack test.
    pub(crate) rev_jhop: Vec<Vec<(u8, B)>>,
    /// The variant has `diagonalLines` hops.
    pub(crate) has_jhops: bool,
    /// The variant passes or has the bikjang rule (`pass`, `passOnStalemate`,
    /// `bikjangRule`): the board keeps the last moves' passes and bikjang.
    pub(crate) janggi_rules: bool,
    /// The variant has `enclosingDrop`, `flipEnclosedPieces` or `freeDrops` (gale's
    /// free drops with neither enclosing rule).
    pub(crate) enclosing: bool,
    /// The variant has a connection rule (`connectN` and its relatives).
    pub(crate) connect: bool,
    /// Per colour, the types that may have a quiet move straight back, one bit each:
    /// their moves reset the n-move clock (`nMoveRuleTypes`) only when the piece cannot
    /// return (pawnsideways's sideways step does not).
    pub(crate) maybe_reversible: [u32; 2],
    /// `[type * 2 + colour]`: the type's leaps as set shifts, for counting the moves of
    /// many pieces at once ([`Board::count_moves`]); `None` for a type with any move
    /// that is not a plain leap (rides, hops, lame or initial moves, promotion or
    /// demotion of its own, `diagonalLines`).
    ///
    /// [`Board::count_moves`]: crate::Board::count_moves
    pub(crate) shifts: Vec<Option<Shifts<B>>>,
    /// The rules leave the legal moves of the pieces in [`Tables::shifts`] to the
    /// generator's own tests alone, so that they can be counted by set shifts: no
    /// filter after generation, no gating, no `immobilityIllegal` and no triple steps.
    pub(crate) fast_count: bool,
    /// The rules add moves of their own after the pieces' (the board's
    /// `special_moves`): Sittuyin promotions, Cambodian first moves, passing.
    pub(crate) adds_moves: bool,
}

/// One type-colour's plain leaps as shifts of a set of origins: for each square
/// difference `delta` (target minus origin), the origins whose leap by it is in the
/// leap table. The union over the list of `(origins & mask) << delta` (`>>` for a
/// negative one) is the union of the pieces' leap targets, each target of each piece
/// once, as the per-square table has it.
#[derive(Clone, Debug)]
pub(crate) struct Shifts<B> {
    /// Quiet leaps: (delta, origins).
    pub quiet: Vec<(i32, B)>,
    /// Capture leaps: (delta, origins).
    pub capture: Vec<(i32, B)>,
}

/// The most distinct leap differences a type may have to be counted by shifts (a
/// knight has 8).
const MAX_SHIFTS: usize = 16;

/// The shifts that reproduce a per-square leap table (see [`Shifts`]), or `None` with
/// more than [`MAX_SHIFTS`] differences.
fn leap_shifts(table: &[u128]) -> Option<Vec<(i32, u128)>> {
    let mut out: Vec<(i32, u128)> = Vec::new();
    for (sq, &targets) in table.iter().enumerate() {
        let mut m = targets;
        while m != 0 {
            let to = m.trailing_zeros() as usize;
            m &= m - 1;
            let delta = to as i32 - sq as i32;
            match out.iter_mut().find(|(d, _)| *d == delta) {
                Some((_, origins)) => *origins |= 1u128 << sq,
                None => out.push((delta, 1u128 << sq)),
            }
        }
    }
    (out.len() <= MAX_SHIFTS).then_some(out)
}

const NONE: u8 = 0xff;

fn keys(nsq: usize) -> Keys {
    // Continue SplitMix64 from polyboard's fixed seed, past the chess tables.
    let mut state = polyboard_core::zobrist::SEED ^ 0x7661_7269_616e_7473; // "variants"
    let mut next = |n: usize| (0..n).map(|_| polyboard_core::zobrist::splitmix64(&mut state)).collect::<Vec<u64>>();
    let _ = nsq;
    // The keys of types 16..32 come last, so that those of the first 16 (and every
    // other key) are the ones they were when a variant had at most 16 types.
    let mut k = Keys {
        piece: next(32 * 128),
        hand: next(32 * 64),
        castle: next(128),
        gate: next(128),
        ep: next(128),
        checks: next(16),
        side: next(1)[0],
        wall: next(128),
    };
    k.piece.extend(next(32 * 128));
    k.hand.extend(next(32 * 64));
    k
}

/// How a piece type moves along `diagonalLines`, as Fairy-Stockfish decides it by type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DiagonalKind {
    /// One diagonal step (the wazir, and a king that moves as one).
    Step,
    /// One diagonal step forward (the soldier).
    Soldier,
    /// A bishop's ride (the rook).
    Ride,
    /// A cannon's hop over one screen that is not a janggi cannon (the janggi cannon).
    Hop,
}

fn diagonal_kind(p: &crate::rules::PieceDef) -> Option<DiagonalKind> {
    match p.name.as_str() {
        "wazir" => Some(DiagonalKind::Step),
        "king" if p.betza == "W" => Some(DiagonalKind::Step),
        "soldier" => Some(DiagonalKind::Soldier),
        "rook" => Some(DiagonalKind::Ride),
        "janggiCannon" => Some(DiagonalKind::Hop),
        _ => None,
    }
}

/// The parts (quiet, capture, most steps with 0 for unlimited) in which the ride,
/// hop or grasshop `a` of the piece `p` is played, with the range Fairy-Stockfish gives
/// it: a piece's rides along one direction reach, for each modality, as far as the
/// longest of them (a grasshopper's reach is unlimited). Fairy-Stockfish masks every
/// ride of a piece with the squares its rides of that modality reach on an empty board
/// (PseudoMoves, PseudoAttacks), so that in pyffish 0.0.90 `mBpB3` hops as far as `pB`
/// (its quiet bishop's squares), `R2pR` slides as far as `R`, and `mRpR2` hops to move
/// as far as `mRpR` but captures within two steps only (`mpR2` + `cpR2`). A limited
/// ride whose quiet and capture parts reach differently is split in two; the janggi
/// cannon (its own rules) and an unlimited ride are played as they are.
fn effective_rides(p: &crate::rules::PieceDef, a: &crate::betza::Atom) -> Vec<(bool, bool, u8)> {
    let own = match a.kind {
        Kind::Ride(l) | Kind::Hop(l) => l,
        _ => 0,
    };
    if own == 0 || p.name == "janggiCannon" {
        return vec![(a.quiet, a.capture, own)];
    }
    // The longest reach along a's direction of the rides with the modality (0: unlimited).
    let longest = |quiet: bool| {
        let mut best = own;
        for b in &p.atoms {
            if b.initial || (b.dx, b.dy) != (a.dx, a.dy) || !(if quiet { b.quiet } else { b.capture }) {
                continue;
            }
            let r = match b.kind {
                Kind::Ride(l) | Kind::Hop(l) => l,
                Kind::Grasshop => 0,
                _ => continue,
            };
            if r == 0 {
                return 0;
            }
            best = best.max(r);
        }
        best
    };
    let q = if a.quiet { longest(true) } else { own };
    let c = if a.capture { longest(false) } else { own };
    match (a.quiet, a.capture) {
        (true, true) if q != c => vec![(true, false, q), (false, true, c)],
        (true, _) => vec![(a.quiet, a.capture, q)],
        _ => vec![(a.quiet, a.capture, c)],
    }
}

/// The squares a lame leap `(dx, dy)` passes, each of which must be empty, as
/// Fairy-Stockfish walks them: step by step toward the target, along the leg with more
/// left to go, diagonally while both legs are equal. So the midpoint of `A` and `D`, the
/// orthogonal step along the longer leg of `N`, and for `Z` (janggi's elephant) that step
/// and then one diagonal step. `None` for any other leap: Fairy-Stockfish plays a lame
/// leap only as one of those four (its lame dabbaba, horse, elephant and janggi
/// elephant), so a lame camel (elgam's `nC`) or wazir never moves.
fn lame_path(dx: i8, dy: i8) -> Option<Vec<(i8, i8)>> {
    let (short, long) = (dx.abs().min(dy.abs()), dx.abs().max(dy.abs()));
    if !matches!((short, long), (0, 2) | (1, 2) | (2, 2) | (2, 3)) {
        return None;
    }
    let (mut x, mut y) = (0i8, 0i8);
    let mut path = Vec::new();
    loop {
        let (left_x, left_y) = ((dx - x).abs(), (dy - y).abs());
        if left_x >= left_y {
            x += (dx - x).signum();
        }
        if left_y >= left_x {
            y += (dy - y).signum();
        }
        if (x, y) == (dx, dy) {
            return Some(path);
        }
        path.push((x, y));
    }
}

impl<B: Bits> Tables<B> {
    /// Builds the tables. The board must fit in `B` (the caller picks `u64` for up to
    /// 64 squares and `u128` beyond).
    #[allow(clippy::needless_range_loop)] // the colour indexes several tables at once
    pub fn new(rules: Rules) -> Tables<B> {
        let (files, ranks) = (rules.files, rules.ranks);
        let nsq = files * ranks;
        assert!(nsq <= B::SQUARES, "the board does not fit the bitboard type");
        let nt = rules.pieces.len();
        let coords = |sq: usize| ((sq % files) as i32, (sq / files) as i32);
        let at = |x: i32, y: i32| -> Option<usize> {
            (x >= 0 && y >= 0 && (x as usize) < files && (y as usize) < ranks).then(|| y as usize * files + x as usize)
        };
        let b128 = |s: usize| 1u128 << s;
        // The squares a lame leap by (dx, dy) from (x, y) passes; none when one is off the board.
        let lame_blocks = |x: i32, y: i32, dx: i8, dy: i8| {
            lame_path(dx, dy)?
                .iter()
                .try_fold(0u128, |m, &(bx, by)| at(x + bx as i32, y + by as i32).map(|b| m | b128(b)))
        };
        // Directions: every atom of every piece, both colours, plus opposites.
        let mut dirs: Vec<(i8, i8)> = vec![(0, 1), (0, -1)];
        let add_dir = |d: (i8, i8), dirs: &mut Vec<(i8, i8)>| -> usize {
            if let Some(i) = dirs.iter().position(|&x| x == d) {
                i
            } else {
                dirs.push(d);
                dirs.len() - 1
            }
        };
        for p in &rules.pieces {
            for a in &p.atoms {
                add_dir((a.dx, a.dy), &mut dirs);
                add_dir((-a.dx, -a.dy), &mut dirs);
            }
        }
        let nd = dirs.len();
        let mut rays = vec![0u128; nd * nsq];
        let mut step = vec![NONE; nd * nsq];
        for (d, &(dx, dy)) in dirs.iter().enumerate() {
            for sq in 0..nsq {
                let (mut x, mut y) = coords(sq);
                let mut first = true;
                while let Some(t) = at(x + dx as i32, y + dy as i32) {
                    rays[d * nsq + sq] |= b128(t);
                    if first {
                        step[d * nsq + sq] = t as u8;
                        first = false;
                    }
                    x += dx as i32;
                    y += dy as i32;
                }
            }
        }
        let increasing: Vec<bool> = dirs.iter().map(|&(dx, dy)| dy as i32 * files as i32 + dx as i32 > 0).collect();
        let dir_of = |d: (i8, i8)| dirs.iter().position(|&x| x == d).unwrap_or(0);
        let all = rules.all_squares();
        let mut leap_quiet = vec![0u128; nt * 2 * nsq];
        let mut leap_capture = vec![0u128; nt * 2 * nsq];
        let mut rides: Vec<Vec<Ride>> = vec![Vec::new(); nt * 2];
        let mut lame: Vec<Vec<(u8, u128, bool, bool)>> = vec![Vec::new(); nt * 2 * nsq];
        let mut initial: Vec<Vec<(u8, u128)>> = vec![Vec::new(); nt * 2 * nsq];
        let mut initial_types = 0u32;
        let mut rev_leap = vec![0u128; nt * 2 * nsq];
        let mut rev_lame: Vec<Vec<(u8, u128)>> = vec![Vec::new(); nt * 2 * nsq];
        let mut lines: [Vec<LineAttack>; 2] = [Vec::new(), Vec::new()];
        let mut screens = vec![0u128; 2 * nsq];
        let mut has_hoppers = false;
        let mut has_lame = false;
        let soldier_rank = rules.soldier_promotion_rank;
        for (t, p) in rules.pieces.iter().enumerate() {
            let soldier = p.name == "soldier" && soldier_rank > 0;
            for c in 0..2 {
                let tc = t * 2 + c;
                let mob = rules.mobility[t][c];
                for a in &p.atoms {
                    let (dx, dy) = if c == 0 { (a.dx, a.dy) } else { (-a.dx, -a.dy) };
                    if a.initial {
                        initial_types |= 1 << t;
                        for sq in 0..nsq {
                            let (x, y) = coords(sq);
                            let Some(to) = at(x + dx as i32, y + dy as i32) else { continue };
                            if mob & b128(to) == 0 {
                                continue;
                            }
                            let block = if a.kind == Kind::Lame {
                                let Some(block) = lame_blocks(x, y, dx, dy) else { continue };
                                block
                            } else {
                                0
                            };
                            initial[tc * nsq + sq].push((to as u8, block));
                        }
                        continue;
                    }
                    match a.kind {
                        Kind::Leap | Kind::Lame => {
                            if a.kind == Kind::Lame {
                                has_lame = true;
                            }
                            for sq in 0..nsq {
                                let (x, y) = coords(sq);
                                // A soldier steps sideways only from its promotion rank on.
                                if soldier && a.dy == 0 {
                                    let relrank = if c == 0 { y as usize } else { ranks - 1 - y as usize };
                                    if relrank < soldier_rank {
                                        continue;
                                    }
                                }
                                let Some(to) = at(x + dx as i32, y + dy as i32) else { continue };
                                if mob & b128(to) == 0 {
                                    continue;
                                }
                                if a.kind == Kind::Leap {
                                    if a.quiet {
                                        leap_quiet[tc * nsq + sq] |= b128(to);
                                    }
                                    if a.capture {
                                        leap_capture[tc * nsq + sq] |= b128(to);
                                        rev_leap[tc * nsq + to] |= b128(sq);
                                    }
                                } else {
                                    let Some(block) = lame_blocks(x, y, dx, dy) else { continue };
                                    lame[tc * nsq + sq].push((to as u8, block, a.quiet, a.capture));
                                    if a.capture {
                                        rev_lame[tc * nsq + to].push((sq as u8, block));
                                    }
                                }
                            }
                        }
                        Kind::Ride(_) | Kind::Hop(_) | Kind::Grasshop => {
                            let janggi = p.name == "janggiCannon";
                            for (quiet, capture, limit) in effective_rides(p, a) {
                                let hop = match a.kind {
                                    Kind::Hop(_) if janggi => 3,
                                    Kind::Hop(_) if limit == 0 => 1,
                                    Kind::Hop(_) => 5,
                                    Kind::Grasshop => 2,
                                    _ => 0,
                                };
                                if hop > 0 {
                                    has_hoppers = true;
                                }
                                let d = dir_of((dx, dy));
                                let span = (limit > 0).then(|| {
                                    (0..nsq)
                                        .map(|sq| {
                                            let (mut x, mut y) = coords(sq);
                                            let mut m = 0u128;
                                            for _ in 0..limit {
                                                match at(x + dx as i32, y + dy as i32) {
                                                    Some(t) => {
                                                        m |= b128(t);
                                                        x += dx as i32;
                                                        y += dy as i32;
                                                    }
                                                    None => break,
                                                }
                                            }
                                            m
                                        })
                                        .collect::<Vec<u128>>()
                                });
                                rides[tc].push(Ride { dir: d, span, quiet, capture, hop });
                                if capture {
                                    let back = dir_of((-dx, -dy));
                                    let line = match lines[c].iter().position(|l| l.dir == back) {
                                        Some(i) => &mut lines[c][i],
                                        None => {
                                            lines[c].push(LineAttack {
                                                dir: back,
                                                sliders: 0,
                                                cannons: 0,
                                                grass: 0,
                                                jcannons: 0,
                                                limited: Vec::new(),
                                                rcannons: 0,
                                                ranged: Vec::new(),
                                            });
                                            lines[c].last_mut().expect("just pushed")
                                        }
                                    };
                                    match (hop, limit) {
                                        (1, _) => line.cannons |= 1 << t,
                                        (5, l) => {
                                            line.rcannons |= 1 << t;
                                            line.ranged.push((t, l));
                                        }
                                        (3, _) => line.jcannons |= 1 << t,
                                        (2, _) => line.grass |= 1 << t,
                                        (_, 0) => line.sliders |= 1 << t,
                                        (_, l) => line.limited.push((t, l)),
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // `diagonalLines` (janggi's palace): each type's extra moves along the lines.
        let mut jhops: Vec<Vec<(u8, u128)>> = vec![Vec::new(); nt * 2 * nsq];
        let mut rev_jhop: Vec<Vec<(u8, u128)>> = vec![Vec::new(); 2 * nsq];
        let lines_bb = rules.diagonal_lines & rules.all_squares();
        if lines_bb != 0 {
            for (t, p) in rules.pieces.iter().enumerate() {
                let Some(kind) = diagonal_kind(p) else { continue };
                for c in 0..2 {
                    let tc = t * 2 + c;
                    let mob = rules.mobility[t][c];
                    let fwd: i32 = if c == 0 { 1 } else { -1 };
                    for from in (0..nsq).filter(|&s| lines_bb >> s & 1 != 0) {
                        let (x, y) = coords(from);
                        for (dx, dy) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
                            if kind == DiagonalKind::Soldier && dy != fwd {
                                continue;
                            }
                            let mut between = 0u128;
                            let mut k = 1;
                            while let Some(to) = at(x + k * dx, y + k * dy) {
                                let on = lines_bb & b128(to) != 0 && mob & b128(to) != 0;
                                match kind {
                                    DiagonalKind::Step | DiagonalKind::Soldier => {
                                        if on {
                                            leap_quiet[tc * nsq + from] |= b128(to);
                                            leap_capture[tc * nsq + from] |= b128(to);
                                            rev_leap[tc * nsq + to] |= b128(from);
                                        }
                                        break;
                                    }
                                    DiagonalKind::Ride if on => {
                                        has_lame = true;
                                        lame[tc * nsq + from].push((to as u8, between, true, true));
                                        rev_lame[tc * nsq + to].push((from as u8, between));
                                    }
                                    DiagonalKind::Hop if on && k >= 2 => {
                                        jhops[tc * nsq + from].push((to as u8, between));
                                        rev_jhop[c * nsq + to].push((from as u8, between));
                                        screens[(c ^ 1) * nsq + to] |= between;
                                    }
                                    _ => {}
                                }
                                between |= b128(to);
                                k += 1;
                            }
                        }
                    }
                }
            }
        }
        let has_jhops = jhops.iter().any(|v| !v.is_empty());
        // The diagonal hops run as one more ride of the janggi cannons (kind 4).
        for (t, p) in rules.pieces.iter().enumerate() {
            for c in 0..2 {
                if diagonal_kind(p) == Some(DiagonalKind::Hop)
                    && (0..nsq).any(|s| !jhops[(t * 2 + c) * nsq + s].is_empty())
                {
                    rides[t * 2 + c].push(Ride { dir: 0, span: None, quiet: true, capture: true, hop: 4 });
                }
            }
        }
        let mobility: Vec<u128> = (0..nt * 2).map(|tc| rules.mobility[tc / 2][tc % 2]).collect();
        // Squares from which a type has at least one move on an empty board.
        let mut mobile = vec![0u128; nt * 2];
        for tc in 0..nt * 2 {
            for sq in 0..nsq {
                let mut any =
                    leap_quiet[tc * nsq + sq] | leap_capture[tc * nsq + sq] != 0 || !lame[tc * nsq + sq].is_empty();
                for r in rides[tc].iter().filter(|r| r.hop != 4) {
                    if rays[r.dir * nsq + sq] & mobility[tc] != 0 {
                        any = true;
                    }
                }
                if any {
                    mobile[tc] |= b128(sq);
                }
            }
        }
        let conv = |v: Vec<u128>| v.into_iter().map(B::from_u128).collect::<Vec<B>>();
        let shifts = (0..nt * 2)
            .map(|tc| {
                let (ty, range) = (tc / 2, tc * nsq..(tc + 1) * nsq);
                let p = &rules.pieces[ty];
                let plain = rides[tc].is_empty()
                    && initial_types >> ty & 1 == 0
                    && p.promotes_to.is_none()
                    && p.demotes_to.is_none()
                    && lame[range.clone()].iter().all(|v| v.is_empty())
                    && jhops[range.clone()].iter().all(|v| v.is_empty());
                let conv = |v: Vec<(i32, u128)>| v.into_iter().map(|(d, m)| (d, B::from_u128(m))).collect();
                match (plain, leap_shifts(&leap_quiet[range.clone()]), leap_shifts(&leap_capture[range])) {
                    (true, Some(quiet), Some(capture)) => Some(Shifts { quiet: conv(quiet), capture: conv(capture) }),
                    _ => None,
                }
            })
            .collect();
        let file_masks = (0..files).map(|f| B::from_u128(rules.file_mask(f))).collect();
        let rank_masks = (0..ranks).map(|r| B::from_u128(rules.rank_mask(r))).collect();
        let keys = keys(nsq);
        // Sittuyin's promotion squares: the diagonals from the two corners of the side's
        // first rank (Fairy-Stockfish's bishop rays from them), beyond the middle rank
        // (0-based relative rank above (ranks - 2) / 2).
        let sittuyin_zone = [0usize, 1].map(|c| {
            let rel = |y: usize| if c == 0 { y } else { ranks - 1 - y };
            let first = rel(0) as i32;
            let up = if c == 0 { 1 } else { -1 };
            let mut m = 0u128;
            for (x0, dx) in [(0i32, 1i32), (files as i32 - 1, -1)] {
                let (mut x, mut y) = (x0 + dx, first + up);
                while let Some(sq) = at(x, y) {
                    if rel(y as usize) > (ranks.saturating_sub(2)) / 2 {
                        m |= b128(sq);
                    }
                    x += dx;
                    y += up;
                }
            }
            B::from_u128(m)
        });
        // Types that may have a move straight back (a quiet ride, a lame leap, or a quiet
        // leap answered by one from its target): for them the n-move clock resets only
        // on a move the piece cannot undo, as Fairy-Stockfish counts `nMoveRuleTypes`.
        let maybe_reversible = [0usize, 1].map(|c| {
            (0..nt).fold(0u32, |m, ty| {
                let tc = ty * 2 + c;
                let leaps_back = (0..nsq).any(|sq| {
                    let q = leap_quiet[tc * nsq + sq];
                    (0..nsq).any(|to| q >> to & 1 != 0 && leap_quiet[tc * nsq + to] >> sq & 1 != 0)
                });
                let other =
                    rides[tc].iter().any(|r| r.quiet) || (0..nsq).any(|sq| lame[tc * nsq + sq].iter().any(|l| l.2));
                if leaps_back || other { m | 1 << ty } else { m }
            })
        });
        let leap_types = (0..nt).filter(|&ty| (0..2 * nsq).any(|i| rev_leap[ty * 2 * nsq + i] != 0)).collect();
        let lame_types = (0..nt).filter(|&ty| (0..2 * nsq).any(|i| !rev_lame[ty * 2 * nsq + i].is_empty())).collect();
        let line_types = [0, 1].map(|c: usize| {
            lines[c].iter().fold(0u32, |m, l| {
                m | l.sliders
                    | l.cannons
                    | l.grass
                    | l.jcannons
                    | l.rcannons
                    | l.limited.iter().fold(0, |a, &(ty, _)| a | 1 << ty)
            })
        });
        let post_filter = rules.must_capture
            || !rules.checking
            || rules.makpong
            || rules.extinction_pseudo_royal
            || rules.mutually_immune != 0
            || rules.walling != crate::rules::Walling::None;
        let janggi_rules = rules.pass.iter().chain(&rules.pass_on_stalemate).any(|&p| p) || rules.bikjang;
        let enclosing = rules.enclosing_drop != crate::rules::Enclosing::None
            || rules.flip_enclosed != crate::rules::Enclosing::None
            || rules.free_drops;
        let immediate_rules = rules.extinction.is_some()
            || rules.check_counting
            || rules.flag_region.iter().any(|&m| m != 0)
            || janggi_rules
            || rules.adjudicate_full_board
            || rules.connect.any()
            || rules.castling_wins != 0;
        let jcannons = rules
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.name == "janggiCannon")
            .fold(0u32, |m, (t, _)| m | 1 << t);
        Tables {
            line_types,
            leap_types,
            lame_types,
            nsq,
            ntypes: nt,
            step,
            increasing,
            rays: conv(rays),
            leap_quiet: conv(leap_quiet),
            leap_capture: conv(leap_capture),
            rides,
            initial: initial.into_iter().map(|v| v.into_iter().map(|(s, b)| (s, B::from_u128(b))).collect()).collect(),
            initial_types,
            lame: lame
                .into_iter()
                .map(|v| v.into_iter().map(|(t, b, q, c)| (t, B::from_u128(b), q, c)).collect())
                .collect(),
            rev_leap: conv(rev_leap),
            rev_lame_from: rev_lame
                .iter()
                .map(|v| B::from_u128(v.iter().fold(0u128, |m, &(s, _)| m | 1u128 << s)))
                .collect(),
            rev_lame: rev_lame
                .into_iter()
                .map(|v| v.into_iter().map(|(s, b)| (s, B::from_u128(b))).collect())
                .collect(),
            lines,
            screens: conv(screens),
            adjacent: (0..nsq)
                .map(|sq| {
                    let (f, r) = ((sq % files) as isize, (sq / files) as isize);
                    let mut m = 0u128;
                    for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
                        let (x, y) = (f + dx, r + dy);
                        if x >= 0 && y >= 0 && (x as usize) < files && (y as usize) < ranks {
                            m |= 1u128 << (y as usize * files + x as usize);
                        }
                    }
                    B::from_u128(m)
                })
                .collect(),
            mobility: conv(mobility),
            mobile: conv(mobile),
            promo: [B::from_u128(rules.promotion_region[0]), B::from_u128(rules.promotion_region[1])],
            double: [B::from_u128(rules.double_step_region[0]), B::from_u128(rules.double_step_region[1])],
            triple: [B::from_u128(rules.triple_step_region[0]), B::from_u128(rules.triple_step_region[1])],
            drop_region: [B::from_u128(rules.drop_region[0]), B::from_u128(rules.drop_region[1])],
            file_masks,
            rank_masks,
            all: B::from_u128(all),
            sittuyin_zone,
            immediate_rules,
            post_filter,
            special_rules: immediate_rules
                || post_filter
                || rules.bare_king_value.is_some()
                || rules.must_drop
                || rules.must_capture
                || rules.sittuyin_promotion
                || rules.cambodian_moves
                || janggi_rules,
            has_hoppers,
            has_lame,
            keys,
            jcannons,
            jhops: jhops.into_iter().map(|v| v.into_iter().map(|(s, b)| (s, B::from_u128(b))).collect()).collect(),
            rev_jhop: rev_jhop
                .into_iter()
                .map(|v| v.into_iter().map(|(s, b)| (s, B::from_u128(b))).collect())
                .collect(),
            has_jhops,
            maybe_reversible,
            shifts,
            adds_moves: rules.sittuyin_promotion || rules.cambodian_moves || janggi_rules,
            fast_count: !post_filter
                && !rules.seirawan_gating
                && !rules.immobility_illegal
                && rules.triple_step_region.iter().all(|&m| m == 0),
            janggi_rules,
            enclosing,
            connect: rules.connect.any(),
            rules,
        }
    }

    /// The squares from `sq` along direction `d` up to and including the first
    /// occupied one.
    #[inline(always)]
    pub(crate) fn ray_to_blocker(&self, d: usize, sq: usize, occ: B) -> B {
        // The ray's squares up to the blocker, by arithmetic on the blockers rather
        // than a second table look-up: along increasing squares those at or below the
        // lowest blocker, along decreasing ones those at or above the highest.
        let r = self.rays[d * self.nsq + sq];
        let b = r & occ;
        if self.increasing[d] {
            r & b.at_or_below_lowest()
        } else if b.is_empty() {
            r
        } else {
            r & b.at_or_above_highest()
        }
    }

    /// The number of king steps between two squares (the larger of the file and rank
    /// distances): the steps of a one-square ride from `a` to `b` on a line.
    #[inline]
    pub(crate) fn steps(&self, a: usize, b: usize) -> usize {
        let f = self.rules.files;
        (a % f).abs_diff(b % f).max((a / f).abs_diff(b / f))
    }

    /// The first occupied square from `sq` along `d`.
    #[inline(always)]
    pub(crate) fn first_blocker(&self, d: usize, sq: usize, occ: B) -> Option<usize> {
        let b = self.rays[d * self.nsq + sq] & occ;
        if b.is_empty() { None } else { Some(if self.increasing[d] { b.lsb() } else { b.msb() }) }
    }
}

#[cfg(test)]
mod tests {
    use super::lame_path;

    /// The blocking squares of Fairy-Stockfish's lame leaps (bitboard.cpp,
    /// `lame_leaper_path`, at c19b5f6c), for one direction of each leaper.
    #[test]
    fn lame_paths_are_fairy_stockfish_s() {
        assert_eq!(lame_path(0, 2), Some(vec![(0, 1)]));
        assert_eq!(lame_path(2, 2), Some(vec![(1, 1)]));
        assert_eq!(lame_path(1, 2), Some(vec![(0, 1)]));
        assert_eq!(lame_path(-2, 1), Some(vec![(-1, 0)]));
        assert_eq!(lame_path(2, 3), Some(vec![(0, 1), (1, 2)]));
        assert_eq!(lame_path(-3, 2), Some(vec![(-1, 0), (-2, 1)]));
        assert_eq!(lame_path(3, -2), Some(vec![(1, 0), (2, -1)]));
        // Fairy-Stockfish has no lame wazir, ferz, camel, threeleaper or tripper.
        assert_eq!(lame_path(0, 1), None);
        assert_eq!(lame_path(1, 1), None);
        assert_eq!(lame_path(1, 3), None);
        assert_eq!(lame_path(0, 3), None);
        assert_eq!(lame_path(3, 3), None);
        assert_eq!(lame_path(4, 1), None);
    }
}
