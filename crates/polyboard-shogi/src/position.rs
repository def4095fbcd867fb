//! [`Position`]: the canonical shogi state, SFEN in and out, and the rules written
//! plainly (a mailbox walk per piece), as the reference the representations are
//! converted from and to.

use crate::types::*;
use crate::zobrist;
use core::fmt;

/// The start position (hirate).
pub const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// The most pieces a position may hold, kings included (standard shogi has 40).
pub const MAX_PIECES: usize = 40;

/// A position: placement, hands, side to move and move number.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    /// The piece on each square (indexed by [`Square`]), `None` when empty.
    pub board: [Option<Piece>; SQUARES],
    /// The hands of Black and White.
    pub hands: [Hand; 2],
    /// The side to move.
    pub turn: Color,
    /// The SFEN move number (1 at the start; it counts plies, as in USI).
    pub ply: u32,
}

/// An SFEN the parser rejects: the field (1 board, 2 side to move, 3 hands, 4 move
/// number; 0 for the position as a whole) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SfenError {
    /// 1..=4, or 0 for the whole position.
    pub field: u8,
    /// Why.
    pub reason: String,
}

impl fmt::Display for SfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = ["position", "board", "side to move", "hands", "move number"][self.field as usize % 5];
        if self.field == 0 {
            write!(f, "SFEN ({name}): {}", self.reason)
        } else {
            write!(f, "SFEN field {} ({name}): {}", self.field, self.reason)
        }
    }
}

impl std::error::Error for SfenError {}

fn err(field: u8, reason: impl Into<String>) -> SfenError {
    SfenError { field, reason: reason.into() }
}

/// One step of a piece's move, for Black: file and rank deltas (rank -1 is forward)
/// and whether it slides.
type Step = (i32, i32, bool);

const GOLD_STEPS: &[Step] =
    &[(-1, -1, false), (0, -1, false), (1, -1, false), (-1, 0, false), (1, 0, false), (0, 1, false)];
const KING_STEPS: &[Step] = &[
    (-1, -1, false),
    (0, -1, false),
    (1, -1, false),
    (-1, 0, false),
    (1, 0, false),
    (-1, 1, false),
    (0, 1, false),
    (1, 1, false),
];

/// How a piece of `kind` moves, for Black (White mirrors the rank).
pub(crate) fn steps(kind: Kind) -> &'static [Step] {
    match kind {
        Kind::Pawn => &[(0, -1, false)],
        Kind::Lance => &[(0, -1, true)],
        Kind::Knight => &[(-1, -2, false), (1, -2, false)],
        Kind::Silver => &[(-1, -1, false), (0, -1, false), (1, -1, false), (-1, 1, false), (1, 1, false)],
        Kind::Gold | Kind::ProPawn | Kind::ProLance | Kind::ProKnight | Kind::ProSilver => GOLD_STEPS,
        Kind::King => KING_STEPS,
        Kind::Bishop => &[(-1, -1, true), (1, -1, true), (-1, 1, true), (1, 1, true)],
        Kind::Rook => &[(0, -1, true), (-1, 0, true), (1, 0, true), (0, 1, true)],
        Kind::Horse => &[
            (-1, -1, true),
            (1, -1, true),
            (-1, 1, true),
            (1, 1, true),
            (0, -1, false),
            (-1, 0, false),
            (1, 0, false),
            (0, 1, false),
        ],
        Kind::Dragon => &[
            (0, -1, true),
            (-1, 0, true),
            (1, 0, true),
            (0, 1, true),
            (-1, -1, false),
            (1, -1, false),
            (-1, 1, false),
            (1, 1, false),
        ],
    }
}

/// The square `df` files and `dr` ranks from `sq`, if on the board.
#[inline]
pub(crate) fn offset(sq: Square, df: i32, dr: i32) -> Option<Square> {
    let f = (sq / 9) as i32 + df;
    let r = (sq % 9) as i32 + dr;
    if (0..9).contains(&f) && (0..9).contains(&r) { Some((f * 9 + r) as usize) } else { None }
}

/// The squares a piece of `color` and `kind` on `sq` attacks, given the occupancy
/// `occupied(sq)`.
pub(crate) fn attacks_of(color: Color, kind: Kind, sq: Square, occupied: impl Fn(Square) -> bool) -> Vec<Square> {
    let flip = if color == Color::White { -1 } else { 1 };
    let mut out = Vec::new();
    for &(df, dr, slide) in steps(kind) {
        let mut s = sq;
        while let Some(t) = offset(s, df, dr * flip) {
            out.push(t);
            if !slide || occupied(t) {
                break;
            }
            s = t;
        }
    }
    out
}

impl Position {
    /// The start position.
    pub fn startpos() -> Position {
        Position::from_sfen(STARTPOS).expect("the start position parses")
    }

    /// Parses an SFEN (`board side hands [move-number]`; a leading `sfen ` is
    /// accepted, and `startpos` stands for [`STARTPOS`], as in USI), or a shogi FEN as
    /// Fairy-Stockfish and pyffish write it (`board[hands] w - - 0 1`, read by
    /// [`polyboard_core::sfen::from_fsf_fen`]). Rejects impossible positions: a side without exactly one king, a
    /// piece that could never move again, two unpromoted pawns of a side on a file,
    /// more than [`MAX_PIECES`] pieces, or the side not to move in check.
    pub fn from_sfen(text: &str) -> Result<Position, SfenError> {
        let text = text.trim();
        let text = text.strip_prefix("sfen ").unwrap_or(text);
        let text = if text == "startpos" { STARTPOS } else { text };
        let converted = polyboard_core::sfen::from_fsf_fen(text);
        let text = converted.as_deref().unwrap_or(text);
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < 3 {
            return Err(err(0, format!("expected 3 or 4 fields, found {}", fields.len())));
        }
        if fields.len() > 4 {
            return Err(err(0, format!("expected 3 or 4 fields, found {} ('{}' is extra)", fields.len(), fields[4])));
        }
        let mut board = [None; SQUARES];
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 9 {
            return Err(err(1, format!("expected 9 ranks separated by '/', found {}", ranks.len())));
        }
        for (r, text) in ranks.iter().enumerate() {
            let rank_name = (b'a' + r as u8) as char;
            let mut file = 9usize; // the next file to fill, from 9 down to 1
            let mut promoted = false;
            for c in text.chars() {
                if promoted && !c.is_ascii_alphabetic() {
                    return Err(err(
                        1,
                        format!("rank {rank_name}: '+' must be followed by a piece letter, found '{c}'"),
                    ));
                }
                if let Some(d) = c.to_digit(10) {
                    if d == 0 || d as usize > file {
                        return Err(err(1, format!("rank {rank_name}: '{d}' empty squares do not fit")));
                    }
                    file -= d as usize;
                } else if c == '+' {
                    promoted = true;
                } else if let Some(kind) = Kind::from_letter(c) {
                    if file == 0 {
                        return Err(err(1, format!("rank {rank_name} has more than 9 squares")));
                    }
                    let kind = if promoted {
                        if !kind.can_promote() {
                            return Err(err(1, format!("rank {rank_name}: '{c}' cannot be promoted")));
                        }
                        kind.promoted()
                    } else {
                        kind
                    };
                    let color = if c.is_ascii_uppercase() { Color::Black } else { Color::White };
                    board[square(file, r)] = Some(Piece::new(color, kind));
                    file -= 1;
                    promoted = false;
                } else {
                    return Err(err(1, format!("rank {rank_name}: '{c}' is not a piece letter, digit or '+'")));
                }
            }
            if promoted {
                return Err(err(1, format!("rank {rank_name} ends with '+'")));
            }
            if file != 0 {
                return Err(err(1, format!("rank {rank_name} has {} squares, expected 9", 9 - file)));
            }
        }
        let turn = match fields[1] {
            "b" => Color::Black,
            "w" => Color::White,
            s => return Err(err(2, format!("'{s}' is neither 'b' nor 'w'"))),
        };
        let mut hands = [[0u8; 7]; 2];
        if fields[2] != "-" {
            let mut count: Option<u32> = None;
            let mut seen = [[false; 7]; 2];
            for c in fields[2].chars() {
                if let Some(d) = c.to_digit(10) {
                    let n = count.unwrap_or(0) * 10 + d;
                    if n == 0 || n >= MAX_PIECES as u32 {
                        return Err(err(3, format!("count '{n}' is out of range 1..{MAX_PIECES}")));
                    }
                    count = Some(n);
                    continue;
                }
                let kind = match Kind::from_letter(c) {
                    Some(k) if k != Kind::King => k,
                    _ => return Err(err(3, format!("'{c}' is not a hand piece (P L N S G B R, either case)"))),
                };
                let color = if c.is_ascii_uppercase() { Color::Black } else { Color::White };
                let slot = kind.index() - 1;
                if seen[color.index()][slot] {
                    return Err(err(3, format!("'{c}' appears twice")));
                }
                seen[color.index()][slot] = true;
                hands[color.index()][slot] = count.take().unwrap_or(1) as u8;
            }
            if count.is_some() {
                return Err(err(3, "a count is not followed by a piece letter"));
            }
        }
        let ply = match fields.get(3) {
            None => 1,
            Some(s) => match s.parse::<u32>() {
                Ok(n) if n >= 1 => n,
                _ => return Err(err(4, format!("'{s}' is not a positive integer"))),
            },
        };
        let pos = Position { board, hands, turn, ply };
        pos.validate()?;
        Ok(pos)
    }

    /// The checks of [`Position::from_sfen`] that concern the position as a whole.
    pub fn validate(&self) -> Result<(), SfenError> {
        let mut kings = [0; 2];
        let mut pieces = 0usize;
        let mut pawn_files = [[false; 10]; 2];
        for sq in 0..SQUARES {
            let Some(p) = self.board[sq] else { continue };
            pieces += 1;
            let (c, k) = (p.color(), p.kind());
            if k == Kind::King {
                kings[c.index()] += 1;
            }
            if relative_rank(c, sq) < dead_ranks(k) {
                return Err(err(1, format!("the piece on {} could never move again", square_name(sq))));
            }
            if k == Kind::Pawn {
                if pawn_files[c.index()][file_of(sq)] {
                    return Err(err(1, format!("two unpromoted pawns of one side on file {} (nifu)", file_of(sq))));
                }
                pawn_files[c.index()][file_of(sq)] = true;
            }
        }
        for (c, name) in [(0, "Black"), (1, "White")] {
            if kings[c] != 1 {
                return Err(err(1, format!("{name} has {} kings, expected 1", kings[c])));
            }
        }
        pieces += self.hands.iter().flatten().map(|&n| n as usize).sum::<usize>();
        if pieces > MAX_PIECES {
            return Err(err(0, format!("{pieces} pieces, at most {MAX_PIECES} allowed")));
        }
        if self.in_check(self.turn.flip()) {
            return Err(err(2, "the side not to move is in check"));
        }
        Ok(())
    }

    /// The SFEN of the position (hands in the order `RBGSNLPrbgsnlp`).
    pub fn sfen(&self) -> String {
        let mut s = String::new();
        for r in 0..9 {
            let mut empty = 0;
            for file in (1..=9).rev() {
                match self.board[square(file, r)] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        if p.kind().is_promoted() {
                            s.push('+');
                        }
                        let l = p.kind().letter();
                        s.push(if p.color() == Color::Black { l } else { l.to_ascii_lowercase() });
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if r < 8 {
                s.push('/');
            }
        }
        s.push_str(if self.turn == Color::Black { " b " } else { " w " });
        let mut hand = String::new();
        for c in [Color::Black, Color::White] {
            for kind in [Kind::Rook, Kind::Bishop, Kind::Gold, Kind::Silver, Kind::Knight, Kind::Lance, Kind::Pawn] {
                let n = self.hands[c.index()][kind.index() - 1];
                if n > 1 {
                    hand.push_str(&n.to_string());
                }
                if n > 0 {
                    let l = kind.letter();
                    hand.push(if c == Color::Black { l } else { l.to_ascii_lowercase() });
                }
            }
        }
        s.push_str(if hand.is_empty() { "-" } else { &hand });
        s.push_str(&format!(" {}", self.ply));
        s
    }

    /// The Zobrist key (see [`crate::zobrist`]).
    pub fn key(&self) -> u64 {
        let mut k = if self.turn == Color::White { zobrist::SIDE } else { 0 };
        for sq in 0..SQUARES {
            if let Some(p) = self.board[sq] {
                k ^= zobrist::piece(p, sq);
            }
        }
        for c in [Color::Black, Color::White] {
            for slot in 0..7 {
                k ^= zobrist::hand(c, slot, self.hands[c.index()][slot]);
            }
        }
        k
    }

    /// The square of `color`'s king (0 if it has none, which a validated position excludes).
    pub fn king(&self, color: Color) -> Square {
        (0..SQUARES).find(|&s| self.board[s] == Some(Piece::new(color, Kind::King))).unwrap_or(0)
    }

    /// True when a piece of `by` attacks `sq`.
    pub fn attacked(&self, sq: Square, by: Color) -> bool {
        (0..SQUARES).any(|from| match self.board[from] {
            Some(p) if p.color() == by => attacks_of(by, p.kind(), from, |s| self.board[s].is_some()).contains(&sq),
            _ => false,
        })
    }

    /// True when `color`'s king is attacked.
    pub fn in_check(&self, color: Color) -> bool {
        self.attacked(self.king(color), color.flip())
    }

    /// True when the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.in_check(self.turn)
    }

    /// Plays `mv`, which must be at least pseudo-legal (no check of legality).
    pub fn play(&self, mv: Move) -> Position {
        let mut p = self.clone();
        let us = self.turn;
        if mv.is_drop() {
            let kind = mv.drop_kind();
            p.hands[us.index()][kind.index() - 1] -= 1;
            p.board[mv.to()] = Some(Piece::new(us, kind));
        } else {
            let piece = p.board[mv.from()].take().expect("a piece on the origin");
            if let Some(captured) = p.board[mv.to()] {
                let slot = captured.kind().unpromoted().index() - 1;
                p.hands[us.index()][slot] += 1;
            }
            let kind = if mv.is_promotion() { piece.kind().promoted() } else { piece.kind() };
            p.board[mv.to()] = Some(Piece::new(us, kind));
        }
        p.turn = us.flip();
        p.ply = p.ply.saturating_add(1);
        p
    }

    /// The moves of the side to move that obey every rule but king safety and
    /// uchifuzume.
    fn pseudo_moves(&self) -> Vec<Move> {
        let us = self.turn;
        let mut out = Vec::new();
        for from in 0..SQUARES {
            let Some(p) = self.board[from] else { continue };
            if p.color() != us {
                continue;
            }
            let kind = p.kind();
            for to in attacks_of(us, kind, from, |s| self.board[s].is_some()) {
                if self.board[to].is_some_and(|q| q.color() == us) {
                    continue;
                }
                if kind.can_promote() && (in_zone(us, from) || in_zone(us, to)) {
                    out.push(Move::normal(from, to, true));
                }
                if relative_rank(us, to) >= dead_ranks(kind) {
                    out.push(Move::normal(from, to, false));
                }
            }
        }
        for kind in Kind::HAND {
            if self.hands[us.index()][kind.index() - 1] == 0 {
                continue;
            }
            for to in 0..SQUARES {
                if self.board[to].is_some() || relative_rank(us, to) < dead_ranks(kind) {
                    continue;
                }
                if kind == Kind::Pawn {
                    let f = file_of(to);
                    let nifu = (1..=9).any(|r| self.board[square(f, r - 1)] == Some(Piece::new(us, Kind::Pawn)));
                    if nifu {
                        continue;
                    }
                }
                out.push(Move::drop(kind, to));
            }
        }
        out
    }

    /// True when `mv` (pseudo-legal) is legal.
    fn is_legal_pseudo(&self, mv: Move) -> bool {
        let next = self.play(mv);
        if next.in_check(self.turn) {
            return false;
        }
        // Uchifuzume: a pawn drop that checks must leave the opponent a legal move.
        if mv.is_drop() && mv.drop_kind() == Kind::Pawn && next.is_check() {
            return next.pseudo_moves().into_iter().any(|m| next.is_legal_pseudo(m));
        }
        true
    }

    /// Every legal move (LEGAL_ALL: non-promotions included wherever a piece could
    /// still move afterwards), in a fixed order.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.pseudo_moves().into_iter().filter(|&m| self.is_legal_pseudo(m)).collect()
    }

    /// True when `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.pseudo_moves().contains(&mv) && self.is_legal_pseudo(mv)
    }
}
