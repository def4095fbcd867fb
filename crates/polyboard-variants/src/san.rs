//! Move text in the notations of Fairy-Stockfish's API (pyffish's `get_san`): SAN and
//! LAN for chess-like games, three shogi notations (Hosking, Hodges, Hodges with
//! numbers), Janggi's numeric notation, the WXF notation of xiangqi, and Thai SAN and
//! LAN for makruk. Written from the notations' descriptions and checked against
//! pyffish 0.0.90 (tests/data/pyffish-api.txt).
//!
//! Fairy-Stockfish gives a promoted shogi piece the type it moves as (a tokin is a
//! gold), so outside the shogi notations it is written with that letter.

use crate::bits::Bits;
use crate::board::{Board, Moves};
use crate::moves::Move;

/// A notation of pyffish's `get_san` (the numbers are pyffish's `NOTATION_*` constants).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Standard algebraic notation: `Nf3`, `exd5`, `e8=Q+`, `P@e4`, `O-O`.
    San,
    /// Long algebraic notation: `Ng1-f3`, `e7xd8=Q`.
    Lan,
    /// Shogi, Hosking's: `P76`, `S'34`.
    ShogiHosking,
    /// Shogi, Hodges's: `P-7f`, `S*3d`.
    ShogiHodges,
    /// Shogi, Hodges's with numbered ranks: `P-76`, `S*34`.
    ShogiHodgesNumber,
    /// Janggi: the origin and destination as rank digit then file digit (`H02-83`).
    Janggi,
    /// Xiangqi, the WXF notation: `C2=5`, `H8+7`, `R-+1`.
    XiangqiWxf,
    /// Thai SAN (makruk) with Thai letters and digits.
    ThaiSan,
    /// Thai LAN.
    ThaiLan,
}

impl Notation {
    /// The notation of pyffish's number (`NOTATION_SAN` = 1 ... `NOTATION_THAI_LAN` = 9);
    /// 0 (`NOTATION_DEFAULT`) and unknown numbers give `None`.
    pub fn from_pyffish(n: i64) -> Option<Notation> {
        Some(match n {
            1 => Notation::San,
            2 => Notation::Lan,
            3 => Notation::ShogiHosking,
            4 => Notation::ShogiHodges,
            5 => Notation::ShogiHodgesNumber,
            6 => Notation::Janggi,
            7 => Notation::XiangqiWxf,
            8 => Notation::ThaiSan,
            9 => Notation::ThaiLan,
            _ => return None,
        })
    }

    fn shogi(self) -> bool {
        matches!(self, Notation::ShogiHosking | Notation::ShogiHodges | Notation::ShogiHodgesNumber)
    }

    fn thai(self) -> bool {
        matches!(self, Notation::ThaiSan | Notation::ThaiLan)
    }
}

const THAI_FILES: [&str; 12] = ["ก", "ข", "ค", "ง", "จ", "ฉ", "ช", "ญ", "ต", "ถ", "ธ", "น"];
const THAI_RANKS: [&str; 12] = ["๑", "๒", "๓", "๔", "๕", "๖", "๗", "๘", "๙", "๑๐", "๑๑", "๑๒"];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Disambiguation {
    None,
    File,
    Rank,
    Square,
}

impl<B: Bits> Board<'_, B> {
    /// The type Fairy-Stockfish gives the piece of type `ty`: a promoted type is the
    /// type it moves as.
    fn sf_type(&self, ty: usize) -> usize {
        self.t.rules.pieces[ty].moves_as.unwrap_or(ty)
    }

    /// The letter of a type in move text (uppercase): the SAN letter of
    /// `pieceToCharSynonyms` when the variant has one (xiangqi's `H` horse and `E`
    /// elephant), else its FEN letter.
    fn san_letter(&self, ty: usize) -> char {
        let p = &self.t.rules.pieces[ty];
        p.synonym.unwrap_or(p.letter).to_ascii_uppercase()
    }

    fn is_pawn_type(&self, ty: usize) -> bool {
        self.t.rules.pieces[ty].name == "pawn"
    }

    /// Own pieces whose Fairy-Stockfish type is `sf`.
    fn own_of_sf_type(&self, us: usize, sf: usize) -> B {
        let mut b = B::EMPTY;
        for ty in 0..self.t.ntypes {
            if self.sf_type(ty) == sf {
                b |= self.pieces(ty, us);
            }
        }
        b
    }

    fn file_text(&self, sq: usize, n: Notation) -> String {
        let r = &self.t.rules;
        let f = sq % r.files;
        match n {
            Notation::ShogiHosking | Notation::ShogiHodges | Notation::ShogiHodgesNumber => (r.files - f).to_string(),
            Notation::Janggi => (f + 1).to_string(),
            Notation::XiangqiWxf => (if self.side == 0 { r.files - f } else { f + 1 }).to_string(),
            Notation::ThaiSan | Notation::ThaiLan => THAI_FILES.get(f).copied().unwrap_or("?").to_string(),
            _ => ((b'a' + f as u8) as char).to_string(),
        }
    }

    fn rank_text(&self, sq: usize, n: Notation) -> String {
        let r = &self.t.rules;
        let k = sq / r.files;
        match n {
            Notation::ShogiHosking | Notation::ShogiHodgesNumber => (r.ranks - k).to_string(),
            Notation::ShogiHodges => ((b'a' + (r.ranks - 1 - k) as u8) as char).to_string(),
            Notation::Janggi => ((r.ranks - k) % 10).to_string(),
            Notation::XiangqiWxf => match self.piece_on(sq) {
                None => (self.relative_rank(sq) + 1).to_string(),
                Some((ty, _)) => {
                    let us = self.side as usize;
                    if (self.own_of_sf_type(us, self.sf_type(ty)) & self.ahead_on_file(sq)).is_empty() {
                        "+".into()
                    } else {
                        "-".into()
                    }
                }
            },
            Notation::ThaiSan | Notation::ThaiLan => THAI_RANKS.get(k).copied().unwrap_or("?").to_string(),
            _ => (k + 1).to_string(),
        }
    }

    fn square_text(&self, sq: usize, n: Notation) -> String {
        if n == Notation::Janggi {
            self.rank_text(sq, n) + &self.file_text(sq, n)
        } else {
            self.file_text(sq, n) + &self.rank_text(sq, n)
        }
    }

    /// The rank of `sq` counted from the side to move's first rank (0-based).
    fn relative_rank(&self, sq: usize) -> usize {
        let r = &self.t.rules;
        let k = sq / r.files;
        if self.side == 0 { k } else { r.ranks - 1 - k }
    }

    /// The squares of `sq`'s file strictly ahead of it, seen from the side to move.
    fn ahead_on_file(&self, sq: usize) -> B {
        let r = &self.t.rules;
        let (f, k) = (sq % r.files, sq / r.files);
        let mut b = B::EMPTY;
        for k2 in 0..r.ranks {
            if (self.side == 0 && k2 > k) || (self.side == 1 && k2 < k) {
                b |= B::bit(k2 * r.files + f);
            }
        }
        b
    }

    fn file_mask(&self, sq: usize) -> B {
        let r = &self.t.rules;
        B::from_u128(r.file_mask(sq % r.files))
    }

    /// More than one file holds two or more of `b`.
    fn multi_tandem(&self, b: B) -> bool {
        let r = &self.t.rules;
        (0..r.files).filter(|&f| (b & B::from_u128(r.file_mask(f))).popcount() >= 2).count() >= 2
    }

    fn piece_text(&self, mv: Move, n: Notation, promoted: B) -> String {
        let r = &self.t.rules;
        let us = self.side as usize;
        if mv.is_drop() {
            let ty = mv.drop(0).1;
            // A piece dropped as its promoted type (`dropPromoted`): `+S` in shogi
            // notations, the type it moves as elsewhere.
            if n.shogi()
                && let Some(base) = r.pieces[ty].base
            {
                return format!("+{}", r.pieces[base].letter.to_ascii_uppercase());
            }
            if n.thai() {
                return thai_piece(&r.pieces[self.sf_type(ty)].name, false).into();
            }
            return self.san_letter(self.sf_type(ty)).to_string();
        }
        let from = mv.pickup(0);
        let Some((ty, _)) = self.piece_on(from) else { return String::new() };
        let sf = self.sf_type(ty);
        if matches!(n, Notation::San | Notation::Lan | Notation::ThaiSan) && self.is_pawn_type(sf) {
            return String::new();
        }
        if n == Notation::XiangqiWxf {
            let own = self.own_of_sf_type(us, sf);
            let on_file = (own & self.file_mask(from)).popcount();
            if on_file as i32 >= 3 - i32::from(self.multi_tandem(own)) {
                return ((own & self.ahead_on_file(from)).popcount() + 1).to_string();
            }
        }
        if n.shogi()
            && let Some(base) = r.pieces[ty].base
        {
            return format!("+{}", r.pieces[base].letter.to_ascii_uppercase());
        }
        if n.thai() {
            return thai_piece(&r.pieces[sf].name, promoted.has(from)).into();
        }
        self.san_letter(sf).to_string()
    }

    fn disambiguation(&self, mv: Move, n: Notation, legal: &Moves) -> Disambiguation {
        if mv.is_drop() {
            return Disambiguation::None;
        }
        if matches!(n, Notation::Lan | Notation::ThaiLan | Notation::Janggi) {
            return Disambiguation::Square;
        }
        let r = &self.t.rules;
        let us = self.side as usize;
        let (from, to) = (mv.pickup(0), mv.to());
        let Some((ty, _)) = self.piece_on(from) else { return Disambiguation::None };
        let sf = self.sf_type(ty);
        if n == Notation::XiangqiWxf {
            let own = self.own_of_sf_type(us, sf);
            let on_file = own & self.file_mask(from);
            if on_file.popcount() == 2 && !self.multi_tandem(own) {
                let other = (on_file & !B::bit(from)).lsb();
                let rank = (other / r.files) as i64 + (to / r.files) as i64 - (from / r.files) as i64;
                if rank >= 0 && (rank as usize) < r.ranks {
                    let other_to = rank as usize * r.files + to % r.files;
                    if r.mobility[ty][us] >> other_to & 1 != 0 {
                        return Disambiguation::Rank;
                    }
                }
            }
            return Disambiguation::File;
        }
        if matches!(n, Notation::San | Notation::ThaiSan) && self.is_pawn_type(sf) {
            if mv.is_capture() {
                return Disambiguation::File;
            }
            if mv.is_promotion() && from != to && r.sittuyin_promotion {
                return Disambiguation::Square;
            }
        }
        let mut others = B::EMPTY;
        for &m in legal.iter() {
            if m.is_drop() || m.is_castling() || m.to() != to || m.pickup(0) == from {
                continue;
            }
            let s = m.pickup(0);
            let Some((ty2, _)) = self.piece_on(s) else { continue };
            if self.sf_type(ty2) != sf
                || m.is_promotion() != mv.is_promotion()
                || (mv.is_promotion() && self.sf_type(m.drop(0).1) != self.sf_type(mv.drop(0).1))
                || m.is_gating() != mv.is_gating()
                || (mv.is_gating() && m.drop(m.drops() - 1).1 != mv.drop(mv.drops() - 1).1)
                // The same move from another square, its wall included (as Fairy-Stockfish
                // tests it: cowboys' `Ne6,g5` when no other knight may shoot at g5).
                || m.wall() != mv.wall()
                || (n.shogi() && r.pieces[ty2].base != r.pieces[ty].base)
            {
                continue;
            }
            others |= B::bit(s);
        }
        if others.is_empty() {
            Disambiguation::None
        } else if n.shogi() {
            Disambiguation::Square
        } else if (others & self.file_mask(from)).is_empty() {
            Disambiguation::File
        } else if (others & B::from_u128(r.rank_mask(from / r.files))).is_empty() {
            Disambiguation::Rank
        } else {
            Disambiguation::Square
        }
    }

    /// The text of `mv`, a legal move of this position, in notation `n`, as pyffish's
    /// `get_san` writes it. `promoted` marks the pieces that came from a promotion
    /// (Thai notation writes a promoted met apart).
    pub fn san_text(&self, mv: Move, n: Notation, promoted: B) -> String {
        let mut legal = Moves::new();
        self.generate(&mut legal);
        self.san_in(mv, n, promoted, &legal)
    }

    /// [`Board::san_text`] with this position's legal moves given.
    pub fn san_in(&self, mv: Move, n: Notation, promoted: B, legal: &Moves) -> String {
        let r = &self.t.rules;
        let us = self.side as usize;
        let mut san = String::new();
        if mv.is_castling() {
            let (king, rook) = (mv.pickup(0), mv.pickup(1));
            san += if rook > king { "O-O" } else { "O-O-O" };
            if mv.is_gating() {
                let (gsq, gty) = mv.drop(mv.drops() - 1);
                san.push('/');
                san.push(r.pieces[gty].letter.to_ascii_uppercase());
                san += &self.square_text(gsq, n);
            }
        } else {
            let (to, to_ty) = mv.drop(0);
            san += &self.piece_text(mv, n, promoted);
            if n == Notation::ThaiLan {
                san.push(' ');
            }
            let d = self.disambiguation(mv, n, legal);
            if let Some(from) = mv.from() {
                san += &match d {
                    Disambiguation::None => String::new(),
                    Disambiguation::File => self.file_text(from, n),
                    Disambiguation::Rank => self.rank_text(from, n),
                    Disambiguation::Square => self.square_text(from, n),
                };
            }
            let from = mv.from().unwrap_or(to);
            let moved_pawn =
                mv.from().and_then(|f| self.piece_on(f)).is_some_and(|(ty, _)| self.is_pawn_type(self.sf_type(ty)));
            if mv.is_drop() {
                san.push(match n {
                    Notation::ShogiHosking => '\'',
                    _ if n.shogi() => '*',
                    _ => '@',
                });
            } else if n == Notation::XiangqiWxf {
                let (rf, rt) = (self.relative_rank(from), self.relative_rank(to));
                san.push(if from / r.files == to / r.files {
                    '='
                } else if rt > rf {
                    '+'
                } else {
                    '-'
                });
            } else if mv.is_capture() {
                san.push('x');
            } else if matches!(n, Notation::Lan | Notation::ThaiLan | Notation::Janggi)
                || (n.shogi() && (n != Notation::ShogiHosking || d == Disambiguation::Square))
                || (n == Notation::ThaiSan && !moved_pawn)
            {
                san.push('-');
            }
            if n == Notation::XiangqiWxf && !mv.is_drop() {
                if from % r.files == to % r.files {
                    san += &(from / r.files).abs_diff(to / r.files).to_string();
                } else {
                    san += &self.file_text(to, n);
                }
            } else {
                san += &self.square_text(to, n);
            }
            if mv.is_promotion() {
                if n.shogi() && r.piece_demotion && self.is_demotion(mv) {
                    san.push('-');
                } else if r.pieces[to_ty].base.is_some() {
                    if n.shogi() {
                        san.push('+');
                    } else {
                        san.push('=');
                        san.push(self.san_letter(self.sf_type(to_ty)));
                    }
                } else {
                    san.push('=');
                    san.push(r.pieces[to_ty].letter.to_ascii_uppercase());
                }
            } else if n.shogi()
                && !mv.is_drop()
                && self.piece_on(from).is_some_and(|(ty, _)| r.pieces[ty].base.is_none())
                && legal.iter().any(|m| m.is_promotion() && m.from() == Some(from) && m.to() == to)
            {
                san.push('=');
            }
            if mv.is_gating() {
                let gty = mv.drop(mv.drops() - 1).1;
                san.push('/');
                san.push(r.pieces[gty].letter.to_ascii_uppercase());
            }
            if let Some(w) = mv.wall() {
                san.push(',');
                san += &self.square_text(w, n);
            } else if r.wall_or_move {
                // As in the move text: a move without a wall names the first square.
                san.push(',');
                san += &self.square_text(0, n);
            }
        }
        if !n.shogi() && n != Notation::XiangqiWxf {
            let after = self.play(mv);
            if after.royals_attacked(us ^ 1, after.occupied()) {
                let over = after.count_moves() == 0 || (r.check_counting && after.checks_remaining(us) == 0);
                san.push(if over { '#' } else { '+' });
            }
        }
        san
    }
}

/// The Thai letter of a makruk piece (Fairy-Stockfish's type names); a met that was
/// promoted from a pawn has its own letter.
fn thai_piece(name: &str, promoted: bool) -> &'static str {
    match name {
        "king" => "ข",
        "silver" | "khon" => "ค",
        "fers" | "met" => {
            if promoted {
                "ง"
            } else {
                "ม็"
            }
        }
        "knight" => "ม",
        "rook" => "ร",
        "pawn" => "บ",
        "aiwok" => "ว",
        _ => "X",
    }
}
