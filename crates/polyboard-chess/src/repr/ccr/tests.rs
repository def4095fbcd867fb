//! Unit tests: the paper's worked examples and the CCR key.

use super::*;

fn ccr(fen: &str) -> Ccr {
    Ccr::from_position(&Position::from_fen(fen).unwrap())
}

/// Figure 1: black king e8; white knight g4, pawn e3, rook a2, bishop c2, king e2.
const FIGURE_1: &str = "4k3/8/8/8/6N1/4P3/R1B1K3/8 w - - 0 1";

/// Figure 3 (Table 4): black king b7, rook d7, bishop h7, pawn e6, knight c5; white
/// pawn d3, bishop b2, knight e2, king g2, rook h1.
const FIGURE_3: &str = "8/1k1r3b/4p3/2n5/8/3P4/1B2N1K1/7R w - - 0 1";

#[test]
fn table_1_codes() {
    let roles = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING];
    for (role, expected) in Role::ALL.into_iter().zip(roles) {
        assert_eq!(code(Color::White, role), expected);
        assert_eq!(code(Color::Black, role), expected | BLACK);
    }
    assert_eq!(code(Color::Black, Role::King), 0x0e);
}

#[test]
fn figure_1_is_the_papers_ccr() {
    let b = ccr(FIGURE_1);
    // "CCR = (57344,0,0,0,32,4096,1076912128,0)", rank 8 first.
    assert_eq!(b.ranks(), [57344, 0, 0, 0, 32, 4096, 1_076_912_128, 0]);
    assert_eq!(b.ranks(), [0x0000_e000, 0, 0, 0, 0x0000_0020, 0x0000_1000, 0x4030_6000, 0]);
    // The knight example of section 4.3: the knight on G4 is displacement +16
    // (element 4) with MASK = 000000F0h.
    let mask = 0x0000_00f0;
    assert_eq!(b.ranks()[4] & mask, KNIGHT << 4);
    // "For E3: if (CCR(+20) and (MASK shl 8)) = 0": E3 holds the pawn in Figure 1.
    assert_eq!(b.ranks()[5] & (mask << 8), PAWN << 12);
    // "For H6: if (CCR(+8) and (MASK shr 4)) = 0 then move_G4_H6 is legal".
    assert_eq!(b.ranks()[2] & (mask >> 4), 0);
    assert_eq!(b.code_at(Square::parse("c2").unwrap()), BISHOP);
    // Back to bitboards (section 5.5) and to the same CCR.
    let bb = b.to_bitboards();
    assert_eq!(bb[(KING | BLACK) as usize], Square::parse("e8").unwrap().bit());
    assert_eq!(bb[KNIGHT as usize], Square::parse("g4").unwrap().bit());
    assert_eq!(bb[ROOK as usize], Square::parse("a2").unwrap().bit());
    assert_eq!(bb[EMPTY as usize].count_ones(), 58);
    assert_eq!(bb[7] | bb[8] | bb[15], 0);
    assert_eq!(bitboards_to_ccr(&bb), b.ranks());
}

#[test]
fn figure_1_knight_moves() {
    // Figure 2: the G4 knight has E5, F6, H6, H2, F2 (E3 holds the pawn), and the
    // generator finds them among White's legal moves.
    let b = ccr(FIGURE_1);
    let g4 = Square::parse("g4").unwrap();
    let mut targets: Vec<String> =
        b.legal_moves().into_iter().filter(|m| m.from() == g4).map(|m| m.to().to_string()).collect();
    targets.sort();
    assert_eq!(targets, ["e5", "f2", "f6", "h2", "h6"]);
}

/// Tables 4, 5 and 6 of the paper, rank 8 first, nibble 7 - file.
const TABLE_4: [u32; 8] =
    [0x0000_0000, 0x0e0c_000b, 0x0000_9000, 0x00a0_0000, 0, 0x0001_0000, 0x0300_2060, 0x0000_0004];
const TABLE_5: [u32; 8] =
    [0x0000_0004, 0x0000_0042, 0x0000_0402, 0x0000_4002, 0x0084_8402, 0x4040_0153, 0x0000_0103, 0x6262_2371];
const TABLE_6: [u32; 8] =
    [0x1112_0040, 0x1634_2226, 0x5112_4040, 0x000a_0c00, 0x4002_4000, 0x0406_0000, 0x0000_0000, 0x0000_0000];

#[test]
fn figure_3_ccr_and_attack_tables_are_tables_4_to_6() {
    let b = ccr(FIGURE_3);
    assert_eq!(b.ranks(), TABLE_4);
    assert_eq!(b.attacks(Color::White), TABLE_5, "WHITE_ATTACKS");
    // Table 6 prints h7 (the black bishop's own square) as 0110b, but the only black
    // piece attacking h7 is the d7 rook along the rank (0010b): no knight or bishop
    // reaches it. Every other nibble of the table is reproduced as printed.
    let mut table_6 = TABLE_6;
    assert_eq!(table_6[1] & NIBBLE, 0b0110);
    table_6[1] = (table_6[1] & !NIBBLE) | ATTACK_ROOK;
    assert_eq!(b.attacks(Color::Black), table_6, "BLACK_ATTACKS");
    // "BLACK_ATTACK(+84) AND 000F0000h gives 00060000h": the D3 pawn is attacked by
    // a light piece and a rook.
    assert_eq!(b.attacks(Color::Black)[5] & 0x000f_0000, 0x0006_0000);
    assert_eq!(
        (b.attacks(Color::Black)[5] >> 16) & NIBBLE,
        ATTACK_MINOR | ATTACK_ROOK,
        "knight c5 and bishop h7 share 0100b; rook d7 is 0010b"
    );
}

#[test]
fn ccr_hash_differs_on_state() {
    let a = ccr("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let b = ccr("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    assert_ne!(a.ccr_hash(), b.ccr_hash());
    // The same position reached by two move orders hashes alike.
    let mut x = a;
    let mut y = a;
    for m in ["g1f3", "g8f6", "b1c3", "b8c6"] {
        x.apply(crate::uci::parse(&x.to_position(), m).unwrap());
    }
    for m in ["b1c3", "b8c6", "g1f3", "g8f6"] {
        y.apply(crate::uci::parse(&y.to_position(), m).unwrap());
    }
    assert_eq!(x.ccr_hash(), y.ccr_hash());
    assert_eq!(x.ranks(), y.ranks());
}

#[test]
fn rotations_keep_single_piece_moves_apart() {
    // Rank element d ends up rotated by the sum of the later rotations; no two
    // offsets differ by a nonzero multiple of 4 other than 32 (mod 64).
    let offsets: Vec<u32> = (0..8).map(|d| hash::ROTATIONS[d + 1..].iter().sum::<u32>() % 64).collect();
    assert_eq!(offsets, [53, 42, 40, 21, 10, 51, 8, 19]);
    for i in 0..8 {
        for j in i + 1..8 {
            let diff = (offsets[i] + 64 - offsets[j]) % 64;
            assert!(!diff.is_multiple_of(4) || diff == 32, "{i} {j}");
        }
    }
}

/// Every distinct position (board, side, castling, en passant) in the trees of
/// `roots` to `depth`, with its Zobrist key. Positions met again with no more depth
/// left below them are not walked twice.
fn distinct_positions(roots: &[Position], depth: u32) -> std::collections::HashMap<([u32; 8], u32), (u64, u32)> {
    fn walk(b: &Ccr, depth: u32, seen: &mut std::collections::HashMap<([u32; 8], u32), (u64, u32)>) {
        let entry = seen.entry((b.ranks, b.state_word())).or_insert((b.zobrist, 0));
        if entry.1 > depth || (entry.1 == depth && depth > 0) {
            return;
        }
        entry.1 = depth + 1;
        if depth == 0 {
            return;
        }
        for mv in b.legal_moves() {
            walk(&b.play(mv), depth - 1, seen);
        }
    }
    let mut seen = std::collections::HashMap::new();
    for pos in roots {
        walk(&Ccr::from_position(pos), depth, &mut seen);
    }
    seen
}

/// How many keys repeat an earlier one (`n` minus the number of distinct keys).
fn repeats(mut keys: Vec<u64>) -> usize {
    let n = keys.len();
    keys.sort_unstable();
    keys.dedup();
    n - keys.len()
}

/// The repeats expected of a uniformly random `bits`-bit key over `n` keys:
/// `n - B (1 - exp(-n / B))` with `B = 2^bits`, by its series when `n / B` is tiny.
fn expected_repeats(n: usize, bits: u32) -> f64 {
    let b = 2f64.powi(bits as i32);
    let x = n as f64 / b;
    if x < 1e-3 { b * (x * x / 2.0 - x * x * x / 6.0) } else { n as f64 - b * (1.0 - (-x).exp()) }
}

/// A bijective 64-bit mixer (the SplitMix64 finalizer), to show which collisions a
/// final mixing step would and would not remove.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[test]
#[ignore = "measurement: a few million positions; prints the CCR hash and Zobrist collision rates"]
fn ccr_hash_collision_rates() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/perft/plp-perftsuite.epd"))
            .unwrap();
    let roots: Vec<Position> = crate::epd::parse_suite(&text, false).unwrap().into_iter().map(|c| c.position).collect();
    let seen = distinct_positions(&roots, 4);
    let n = seen.len();
    let naive = [7u32; 9];
    let mut zobrist = Vec::with_capacity(n);
    let mut ccr = Vec::with_capacity(n);
    let mut ccr_naive = Vec::with_capacity(n);
    for (&(ranks, state), &(key, _)) in &seen {
        zobrist.push(key);
        ccr.push(hash::fold(&ranks, state, &hash::ROTATIONS));
        ccr_naive.push(hash::fold(&ranks, state, &naive));
    }
    let ccr_mixed: Vec<u64> = ccr.iter().map(|&k| mix(k)).collect();
    // Two positions with one 64-bit CCR key, to show what cancels.
    let items: Vec<&([u32; 8], u32)> = seen.keys().collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_unstable_by_key(|&i| ccr[i]);
    if let Some(w) = order.windows(2).find(|w| ccr[w[0]] == ccr[w[1]]) {
        for &i in w {
            let (ranks, state) = *items[i];
            let b = Ccr { ranks, ..Ccr::from_position(&Position::startpos()) };
            let fen = b.to_position().fen();
            let board = fen.split(' ').next().unwrap_or("");
            println!("ccr key {:016x}: board {board}, state word {state:#x}", ccr[i]);
        }
    }
    println!("{n} distinct positions (board, side, castling, en passant): the 126-position suite to depth 4");
    println!("keys that repeat an earlier key, by key width (low bits kept):");
    println!("{:>5} {:>10} {:>9} {:>9} {:>12} {:>11}", "bits", "random", "zobrist", "ccr", "ccr rot 7s", "ccr+mixer");
    for bits in [64u32, 48, 40, 32, 24] {
        let cut = |v: &Vec<u64>| v.iter().map(|k| if bits == 64 { *k } else { k & ((1u64 << bits) - 1) }).collect();
        println!(
            "{bits:>5} {:>10.1} {:>9} {:>9} {:>12} {:>11}",
            expected_repeats(n, bits),
            repeats(cut(&zobrist)),
            repeats(cut(&ccr)),
            repeats(cut(&ccr_naive)),
            repeats(cut(&ccr_mixed))
        );
    }
}
