//! pyffish's `validate_fen`: a syntax and plausibility check of a FEN for a variant that
//! answers with Fairy-Stockfish's code of the first fault found, checks in this order:
//!
//! | code | fault |
//! | --- | --- |
//! | 0 | the FEN is empty |
//! | -11 | more fields than the variant's FEN has (6, 7 with check counting) |
//! | -10 | a character that is no piece letter, digit or separator of the variant |
//! | -12 | `+` before a White piece that does not promote, with shogi-style promotions |
//! | -8 | a rank of the wrong width, or the wrong number of ranks |
//! | -7 | holdings that do not read |
//! | -3 | more kings than one, or not as many as the start position |
//! | -9 | the two kings touch |
//! | -6 | the side to move is not `w` or `b` |
//! | -5 | a castling right without its king and rook (or gate) in place |
//! | -4 | an en passant square that is not a letter and a digit |
//! | -14 | where there is no en passant (no double step), a counting field (`countingRule`) that is not a number |
//! | -13 | remaining checks that do not read |
//! | -2 | the halfmove clock is not a number |
//! | -1 | the move number is not a number |
//! | 1 | none of these ([`super::FEN_OK`]) |

use crate::rules::Rules;

/// A character board: the piece letter on each (rank, file), rank 0 at the bottom.
struct CharBoard {
    ranks: usize,
    files: usize,
    cells: Vec<char>,
}

impl CharBoard {
    fn new(ranks: usize, files: usize) -> CharBoard {
        CharBoard { ranks, files, cells: vec![' '; ranks * files] }
    }

    fn get(&self, rank: usize, file: usize) -> char {
        if rank < self.ranks && file < self.files { self.cells[rank * self.files + file] } else { ' ' }
    }

    fn set(&mut self, rank: usize, file: usize, c: char) {
        if rank < self.ranks && file < self.files {
            self.cells[rank * self.files + file] = c;
        }
    }

    /// The first square holding `c`, scanning from rank 0, file 0.
    fn find(&self, c: char) -> Option<(usize, usize)> {
        (0..self.ranks).flat_map(|r| (0..self.files).map(move |f| (r, f))).find(|&(r, f)| self.get(r, f) == c)
    }

    fn find_all(&self, c: char) -> Vec<(usize, usize)> {
        (0..self.ranks)
            .flat_map(|r| (0..self.files).map(move |f| (r, f)))
            .filter(|&(r, f)| self.get(r, f) == c)
            .collect()
    }

    /// Fills the board from a FEN's first field; false when a rank's width or the number
    /// of ranks is wrong.
    fn fill(&mut self, field: &str, special: &str, drops: bool) -> bool {
        let mut rank = 0usize;
        let mut file = 0usize;
        let mut prev = '?';
        for c in field.chars() {
            if c == ' ' || c == '[' {
                break;
            }
            if c == '*' {
                file += 1;
            } else if let Some(d) = c.to_digit(10) {
                file += d as usize;
                if let Some(p) = prev.to_digit(10) {
                    file += 9 * p as usize;
                }
            } else if c == '/' {
                rank += 1;
                if file != self.files {
                    return false;
                }
                if rank == self.ranks {
                    break;
                }
                file = 0;
            } else if !special.contains(c) {
                if file == self.files {
                    return false;
                }
                if rank < self.ranks {
                    self.set(self.ranks - 1 - rank, file, c);
                }
                file += 1;
            }
            prev = c;
        }
        if drops { rank + 1 == self.ranks || rank == self.ranks } else { rank + 1 == self.ranks }
    }
}

fn digits(field: &str) -> bool {
    field == "-" || field.chars().all(|c| c.is_ascii_digit())
}

/// The letters of the variant's pieces, both colours, and their move-text synonyms.
fn piece_chars(r: &Rules) -> String {
    let mut s = String::new();
    for p in &r.pieces {
        for l in [Some(p.letter), p.synonym].into_iter().flatten() {
            s.push(l.to_ascii_uppercase());
            s.push(l);
        }
    }
    s
}

/// pyffish's `validate_fen` code for `fen` in the variant of `r` (see the module's table).
pub fn validate(fen: &str, r: &Rules, chess960: bool) -> i32 {
    if fen.is_empty() {
        return 0;
    }
    let mut parts: Vec<&str> = fen.split(' ').collect();
    if parts.len() > 1 && parts.last() == Some(&"") {
        parts.pop();
    }
    let max_parts = 6 + usize::from(r.check_counting);
    if parts.len() > max_parts {
        return -11;
    }
    let mut special = String::from("/*");
    if r.pieces.iter().any(|p| p.base.is_some()) {
        special.push('+');
    }
    if !r.promotion_types[0].is_empty() || !r.promotion_types[1].is_empty() {
        special.push('~');
    }
    let pockets = r.drops || r.seirawan_gating;
    if pockets {
        special += "[-]";
    }
    let chars = piece_chars(r);
    let board_field = parts[0];
    if board_field.chars().any(|c| !c.is_ascii_digit() && !chars.contains(c) && !special.contains(c)) {
        return -10;
    }
    // With shogi-style promotions, `+` before a White piece (upper case: pyffish looks
    // the letter up among White's) that does not promote (`+K`, or `++K`).
    if r.pieces.iter().any(|p| p.base.is_some()) {
        let letters: Vec<char> = board_field.chars().collect();
        for pair in letters.windows(2) {
            if pair[0] == '+' && pair[1].is_ascii_uppercase() {
                let l = pair[1].to_ascii_lowercase();
                let ty = r.type_of_fen_letter(l);
                if ty.is_some_and(|t| r.pieces[t].promotes_to.is_none()) {
                    return -12;
                }
            }
        }
    }
    let mut board = CharBoard::new(r.ranks, r.files);
    if !board.fill(board_field, &special, r.drops) {
        return -8;
    }
    let mut pocket = String::new();
    if pockets {
        let (stop, offset) = if board_field.matches('/').count() == r.ranks {
            (Some('/'), 0)
        } else if board_field.matches('[').count() == 1 {
            if !board_field.ends_with(']') {
                return -7;
            }
            (Some('['), 1)
        } else {
            (None, 0)
        };
        if let Some(stop) = stop {
            let mut found = false;
            for c in board_field.chars().rev().skip(offset) {
                if c == stop {
                    found = true;
                    break;
                }
                if c != '-' {
                    if !chars.contains(c) {
                        return -7;
                    }
                    pocket.push(c);
                }
            }
            if !found {
                return -7;
            }
        }
    }
    let king = r.pieces.iter().find(|p| p.royal && p.name == "king").map(|p| p.letter);
    if let Some(k) = king {
        let (wk, bk) = (k.to_ascii_uppercase(), k);
        let start_board = r.start_fen.split(' ').next().unwrap_or("");
        let count = |s: &str, c: char| s.chars().filter(|&x| x == c).count();
        if count(board_field, wk) > 1
            || count(board_field, bk) > 1
            || count(board_field, wk) != count(start_board, wk)
            || count(board_field, bk) != count(start_board, bk)
        {
            return -3;
        }
        let king_moves_as_king = r.pieces.iter().any(|p| p.royal && p.betza == "K");
        if king_moves_as_king
            && count(board_field, wk) - count(&pocket, wk) == 1
            && count(board_field, bk) - count(&pocket, bk) == 1
            && let (Some(a), Some(b)) = (board.find(wk), board.find(bk))
        {
            let d = (a.0 as i64 - b.0 as i64).pow(2) + (a.1 as i64 - b.1 as i64).pow(2);
            if d <= 2 {
                return -9;
            }
        }
    }
    if parts.len() >= 2 && !matches!(parts[1].chars().next(), Some('w' | 'b')) {
        return -6;
    }
    let skip = (4..=5).contains(&parts.len()) && parts[2].chars().next().is_some_and(|c| c.is_ascii_digit());
    if parts.len() >= 3 && !skip && r.castling {
        let mut rights = [String::new(), String::new()];
        for c in parts[2].chars() {
            if c == '-' {
                continue;
            }
            if !c.is_ascii_alphabetic() {
                return -5;
            }
            rights[usize::from(c.is_ascii_lowercase())].push(c.to_ascii_lowercase());
        }
        if !rights[0].is_empty() || !rights[1].is_empty() {
            let letter = |ty: Option<usize>, c: usize| {
                ty.map(|t| {
                    let l = r.pieces[t].letter;
                    if c == 0 { l.to_ascii_uppercase() } else { l }
                })
            };
            let kings = [0, 1].map(|c| letter(r.castling_king, c).and_then(|l| board.find(l)));
            // The letters of the pieces a king castles with (`castlingRookPieces`: perfect
            // chess castles with its chancellor too).
            let rook_letters = |c: usize| -> Vec<char> {
                (0..r.pieces.len())
                    .filter(|&t| r.castling_rooks & (1 << t) != 0)
                    .filter_map(|t| letter(Some(t), c))
                    .collect()
            };
            for c in 0..2 {
                let rank = r.castling_rank_of(c);
                let rooks = rook_letters(c);
                for flag in rights[c].chars() {
                    if flag == 'k' || flag == 'q' {
                        let Some(k) = kings[c].filter(|k| k.0 == rank) else { return -5 };
                        let files: Vec<usize> =
                            if flag == 'k' { (k.1 + 1..r.files).rev().collect() } else { (0..k.1).collect() };
                        if !files.iter().any(|&f| rooks.contains(&board.get(rank, f))) {
                            return -5;
                        }
                    } else {
                        // pyffish reads the flat cell rank * files + file, past the rank's
                        // end too; a cell past the board is not empty to it.
                        let cell = rank * r.files + (flag as u8).wrapping_sub(b'a') as usize;
                        if cell < board.cells.len() && board.cells[cell] == ' ' {
                            return -5;
                        }
                    }
                }
            }
            // Where the castling pieces start is not known for pieces dropped first.
            if !r.chess960 && !r.castling_dropped_piece && !chess960 {
                let mut start = CharBoard::new(r.ranks, r.files);
                start.fill(&r.start_fen, &special, r.drops);
                for c in 0..2 {
                    if rights[c].is_empty() {
                        continue;
                    }
                    let start_king = letter(r.castling_king, c).and_then(|l| start.find(l));
                    if kings[c] != start_king {
                        return -5;
                    }
                    let letters = rook_letters(c);
                    let mut rooks: Vec<(usize, usize)> = letters.iter().flat_map(|&l| start.find_all(l)).collect();
                    rooks.sort_unstable();
                    for (flag, i) in [('q', 0usize), ('k', 1)] {
                        if rights[c].contains(flag) {
                            let ok = rooks.get(i).is_some_and(|&(rr, ff)| letters.contains(&board.get(rr, ff)));
                            if !ok {
                                return -5;
                            }
                        }
                    }
                }
            }
        }
    }
    if parts.len() >= 4 && !skip {
        let has_pawn = r.pieces.iter().any(|p| p.pawn);
        if r.double_step && has_pawn {
            let ep: Vec<char> = parts[3].chars().collect();
            if parts[3] != "-" && (ep.len() != 2 || !ep[0].is_ascii_alphabetic() || !ep[1].is_ascii_digit()) {
                return -4;
            }
        } else if r.counting_rule.is_some() && !digits(parts[3]) {
            return -14;
        }
    }
    let mut between = if skip { 0 } else { 2 };
    let mut trailing = 0;
    if parts.len() >= 3 + between && r.check_counting && parts.len() % 2 == 1 {
        let check = |s: &str| {
            let c: Vec<char> = s.chars().collect();
            c.len() == 3 && c[0].is_ascii_digit() && c[2].is_ascii_digit()
        };
        let lichess = |s: &str| {
            let c: Vec<char> = s.chars().collect();
            c.len() == 4 && c[1].to_digit(10).is_some_and(|d| d <= 3) && c[3].to_digit(10).is_some_and(|d| d <= 3)
        };
        if !check(parts[2 + between]) {
            if parts.len() < 5 + between || !lichess(parts[parts.len() - 1]) {
                return -13;
            }
            trailing += 1;
        } else {
            between += 1;
        }
    }
    if parts.len() >= 3 + between && !digits(parts[parts.len() - 2 - trailing]) {
        return -2;
    }
    if parts.len() >= 4 + between && !digits(parts[parts.len() - 1 - trailing]) {
        return -1;
    }
    1
}
