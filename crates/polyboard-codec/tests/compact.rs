//! `compact` on realistic positions: the held-out half of the Stockfish self-play
//! corpus (tests/data/corpus/selfplay.fen; the model was trained on the other half).

use polyboard_chess::Position;
use polyboard_codec::{Format, compact};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn held_out() -> Vec<Position> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/corpus/selfplay.fen");
    let text = std::fs::read_to_string(path).unwrap();
    let mut games: Vec<Vec<&str>> = Vec::new();
    for line in text.lines() {
        if line == START {
            games.push(Vec::new());
        }
        games.last_mut().unwrap().push(line);
    }
    games.iter().skip(1).step_by(2).flatten().map(|f| Position::from_fen(f).unwrap()).collect()
}

#[test]
fn exact_and_below_120_bits_on_engine_games() {
    let positions = held_out();
    assert!(positions.len() > 10_000);
    let mut buf = Vec::new();
    let mut total = 0usize;
    for pos in &positions {
        total += compact::encode(pos, &mut buf);
        let back = compact::decode(&buf, false).unwrap();
        // compact stores placement, side, castling and en passant; clocks read as 0 and 1.
        assert_eq!(back.fen().split(' ').take(4).collect::<Vec<_>>(), pos.fen().split(' ').take(4).collect::<Vec<_>>());
        assert_eq!((back.halfmove_clock(), back.fullmove_number()), (0, 1));
    }
    let mean = total as f64 / positions.len() as f64;
    assert!(mean < 120.0, "mean {mean:.1} bits: the issue's goal is below 120");
}

#[test]
fn damaged_records_are_errors_not_other_positions() {
    let mut buf = Vec::new();
    let positions = held_out();
    for pos in positions.iter().step_by(97) {
        compact::encode(pos, &mut buf);
        for cut in 0..buf.len() {
            if let Ok(p) = compact::decode(&buf[..cut], false) {
                panic!("a record cut to {cut} bytes decoded to {}", p.fen());
            }
        }
        let mut longer = buf.clone();
        longer.push(0);
        assert!(compact::decode(&longer, false).is_err());
        assert!(Format::Compact.decode(&buf, false).is_ok());
        // A flipped bit either fails or gives a position whose own record it is.
        let mut again = Vec::new();
        for bit in 0..buf.len() * 8 {
            let mut flipped = buf.clone();
            flipped[bit / 8] ^= 0x80 >> (bit % 8);
            if let Ok(p) = compact::decode(&flipped, false) {
                compact::encode(&p, &mut again);
                assert_eq!(again, flipped, "bit {bit} of {}: decoded to {}", pos.fen(), p.fen());
            }
        }
    }
}

#[test]
fn unlikely_positions_take_the_bounded_fallback() {
    // Fifteen queens a side: the model finds this absurd; the fallback bounds it.
    for fen in [
        "qqqqqqqk/qqqqqqqq/8/8/8/8/QQQQQQQQ/QQQQQQQK w - - 0 1",
        "kqqqqqqq/qqqqqqqq/8/8/8/8/QQQQQQQQ/QQQQQQQK w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let mut buf = Vec::new();
        let bits = compact::encode(&pos, &mut buf);
        assert_eq!(buf[0] >> 7, 1, "{fen}: mode bit set");
        assert!(buf.len() <= compact::MAX_BYTES);
        assert!(bits <= 8 * compact::MAX_BYTES);
        assert_eq!(compact::decode(&buf, false).unwrap(), pos, "{fen}");
    }
}

/// A random board that obeys the rules every reachable position obeys (one king a
/// side, pawns on ranks 2-7, promotions paid for by missing pawns and by captures),
/// written as a FEN; the model finds most of them unlikely.
fn random_promoted_fen(x: &mut u64) -> String {
    let mut next = |n: u64| {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        *x % n
    };
    let mut board = [None::<char>; 64];
    let mut free: Vec<usize> = (0..64).collect();
    let mut counts = [[0u32; 6]; 2]; // pawns, knights, bishops, rooks, queens, promoted
    for (side, letters) in [(0, "PNBRQ"), (1, "pnbrq")] {
        let pawns = next(9) as u32;
        let promoted = next(u64::from(9 - pawns)) as u32;
        let mut army = [0u32, 2, 2, 2, 1];
        army[0] = pawns;
        for _ in 0..promoted {
            army[1 + next(4) as usize] += 1;
        }
        // Some original pieces were captured.
        for n in &mut army[1..] {
            *n -= next(u64::from((*n).min(2)) + 1) as u32;
        }
        let letters: Vec<char> = letters.chars().collect();
        for (role, &n) in army.iter().enumerate() {
            counts[side][role] = n;
            for _ in 0..n {
                let zone: Vec<usize> = free.iter().copied().filter(|&s| role != 0 || (8..56).contains(&s)).collect();
                let sq = zone[next(zone.len() as u64) as usize];
                free.retain(|&s| s != sq);
                board[sq] = Some(letters[role]);
            }
        }
        let extra = army[1].saturating_sub(2)
            + army[2].saturating_sub(2)
            + army[3].saturating_sub(2)
            + army[4].saturating_sub(1);
        counts[side][5] = extra;
    }
    for king in ['K', 'k'] {
        let sq = free.remove(next(free.len() as u64) as usize);
        board[sq] = Some(king);
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(c) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let men: u32 = 2 + counts.iter().map(|c| c[..5].iter().sum::<u32>()).sum::<u32>();
    let captures = 32 - men;
    let taken = |c: &[u32; 6]| 8 - c[0] - c[5];
    let rule = counts[0][5] <= captures + taken(&counts[1]) && counts[1][5] <= captures + taken(&counts[0]);
    if !rule {
        return String::new();
    }
    fen + if next(2) == 0 { " w - - 0 1" } else { " b - - 0 1" }
}

#[test]
fn legal_positions_take_at_most_158_bits() {
    // The most mobile position known (218 moves), nine queens, and random boards
    // full of promoted pieces: the model finds them unlikely, the numbering bounds them.
    let mut fens = vec![
        "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1".to_string(),
        "3Q4/1Q4Q1/4Q3/2Q4R/Q4Q2/3Q4/NR4Q1/kN1BB1K1 w - - 0 1".to_string(),
    ];
    let mut x = 0x2545_f491_4f6c_dd1du64;
    while fens.len() < 3000 {
        let fen = random_promoted_fen(&mut x);
        if !fen.is_empty() && Position::from_fen(&fen).is_ok() {
            fens.push(fen);
        }
    }
    let mut buf = Vec::new();
    let mut numbered = 0;
    for fen in &fens {
        let pos = Position::from_fen(fen).unwrap();
        let bits = compact::encode(&pos, &mut buf);
        assert!(bits <= compact::LEGAL_MAX_BITS, "{fen}: {bits} bits");
        numbered += usize::from(buf[0] >> 6 == 0b10);
        assert_eq!(compact::decode(&buf, false).unwrap(), pos, "{fen}");
    }
    assert!(numbered > 1000, "{numbered} took the enumerative record");
}

/// Visible promotions of `color`: pieces beyond the original complement.
fn promoted(pos: &Position, color: polyboard_chess::Color) -> u32 {
    use polyboard_chess::Role;
    let n = |role| pos.pieces(color, role).count_ones();
    n(Role::Queen).saturating_sub(1)
        + n(Role::Rook).saturating_sub(2)
        + n(Role::Bishop).saturating_sub(2)
        + n(Role::Knight).saturating_sub(2)
}

#[test]
fn games_full_of_promotions_stay_within_158_bits() {
    // Games from the start that promote, capture with pawns and push pawns whenever
    // they can, and spare pieces otherwise: legal positions with several promotions
    // (up to four visible at once here). None may leave the enumeration, so none may
    // exceed the bound.
    use polyboard_chess::{Color, Role};
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    let (mut buf, mut checked, mut most) = (Vec::new(), 0, 0);
    for _ in 0..1000 {
        let mut pos = Position::startpos();
        for _ in 0..400 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let ours = pos.pieces(pos.turn(), Role::Pawn);
            let theirs = pos.pieces(pos.turn().other(), Role::Pawn);
            let pick = |f: &dyn Fn(&polyboard_chess::Move) -> bool| -> Vec<polyboard_chess::Move> {
                moves.iter().copied().filter(|m| f(m)).collect()
            };
            let promotions = pick(&|m| m.promotion_role().is_some());
            let pawn_captures = pick(&|m| ours & m.from().bit() != 0 && m.from().file() != m.to().file());
            let pawn_pushes = pick(&|m| ours & m.from().bit() != 0);
            let take_pawns = pick(&|m| theirs & m.to().bit() != 0);
            // Keep the pieces (promoted ones included) on the board where possible.
            let spare_pieces = pick(&|m| pos.occupied() & !theirs & m.to().bit() == 0);
            let preferred = [promotions, pawn_captures, pawn_pushes, take_pawns, spare_pieces]
                .into_iter()
                .find(|v| !v.is_empty() && next(5) > 0)
                .unwrap_or_else(|| moves.to_vec());
            let mv = preferred[next(preferred.len())];
            pos = pos.play(mv);
            let total = promoted(&pos, Color::White) + promoted(&pos, Color::Black);
            if total >= 2 {
                let bits = compact::encode(&pos, &mut buf);
                assert!(bits <= compact::LEGAL_MAX_BITS, "{}: {bits} bits", pos.fen());
                assert_ne!(buf[0] >> 6, 0b11, "{} left the enumeration", pos.fen());
                checked += 1;
                most = most.max(total);
            }
        }
    }
    assert!(checked > 5000 && most >= 4, "{checked} positions, at most {most} promotions");
}
