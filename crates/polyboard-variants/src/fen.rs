//! FEN in Fairy-Stockfish's syntax: ranks top first (multi-digit empty counts), `+`
//! before a promoted piece, `~` after a piece promoted from a pawn, holdings in `[...]`
//! after the board (or as one more `/` rank), castling as `KQkq` or file letters
//! (which also name Seirawan gates), the en passant square, `3+3` remaining checks for
//! check counting variants, then the optional clocks.

use crate::bits::{Bits, squares};
use crate::board::Board;
use crate::tables::Tables;

/// A FEN that cannot be read: the field and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// 1-based field number.
    pub field: usize,
    /// What is wrong.
    pub reason: String,
}

impl core::fmt::Display for FenError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let name = match self.field {
            1 => "placement",
            2 => "side to move",
            3 => "castling",
            4 => "en passant",
            5 => "checks or clocks",
            _ => "clocks",
        };
        write!(f, "FEN field {} ({name}): {}", self.field, self.reason)
    }
}

impl std::error::Error for FenError {}

/// The squares of an en passant field: one square or several run together (`a3a4`).
fn ep_squares(r: &crate::rules::Rules, text: &str) -> Result<Vec<usize>, FenError> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        // A file letter and the digits after it.
        let end = rest.char_indices().skip(1).find(|(_, c)| !c.is_ascii_digit()).map_or(rest.len(), |(i, _)| i);
        let (one, tail) = rest.split_at(end);
        let Some(sq) = r.parse_square(one) else {
            return err(4, format!("'{text}' is not a square of this board"));
        };
        out.push(sq);
        rest = tail;
    }
    Ok(out)
}

fn err<T>(field: usize, reason: impl Into<String>) -> Result<T, FenError> {
    Err(FenError { field, reason: reason.into() })
}

impl<'a, B: Bits> Board<'a, B> {
    /// Reads a FEN of the variant the tables were built for.
    pub fn from_fen(t: &'a Tables<B>, text: &str) -> Result<Board<'a, B>, FenError> {
        Board::read_fen(t, text, false)
    }

    /// Reads a FEN as Fairy-Stockfish (and pyffish) read it, which takes more than
    /// [`Board::from_fen`]: a castling right without its king or rook is dropped, empty
    /// squares counted past the end of a rank are ignored (`K1B6` on 8 files), and the
    /// side not to move may stand in check. The board must still hold its pieces: a
    /// piece past the end of a rank, a letter that is not a piece, a field that does not
    /// read are errors.
    pub fn from_fen_lenient(t: &'a Tables<B>, text: &str) -> Result<Board<'a, B>, FenError> {
        Board::read_fen(t, text, true)
    }

    fn read_fen(t: &'a Tables<B>, text: &str, lenient: bool) -> Result<Board<'a, B>, FenError> {
        let r = &t.rules;
        let mut b = Board::empty(t);
        let mut fields = text.split_whitespace();
        let Some(place) = fields.next() else { return err(1, "empty FEN") };
        let (board_part, hand_part) = match place.find('[') {
            Some(i) => {
                let Some(h) = place[i + 1..].strip_suffix(']') else {
                    return err(1, "holdings '[' without a closing ']' at the end");
                };
                (&place[..i], Some(h))
            }
            None => (place, None),
        };
        let mut rows: Vec<&str> = board_part.split('/').collect();
        let mut hand = hand_part;
        if rows.len() == r.ranks + 1 && hand.is_none() {
            hand = rows.pop();
        }
        if rows.len() != r.ranks {
            return err(1, format!("{} ranks, this variant has {}", rows.len(), r.ranks));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = r.ranks - 1 - i;
            let mut file = 0usize;
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() {
                    let mut n = c as usize - '0' as usize;
                    while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                        n = n.saturating_mul(10).saturating_add(*d as usize - '0' as usize);
                        chars.next();
                    }
                    if n == 0 {
                        return err(1, format!("rank {}: an empty count of 0", rank + 1));
                    }
                    file = file.saturating_add(n);
                    if file > r.files {
                        if !lenient {
                            return err(1, format!("rank {} has more than {} files", rank + 1, r.files));
                        }
                        file = r.files;
                    }
                    continue;
                }
                if c == '*' {
                    if file >= r.files {
                        return err(1, format!("rank {} has more than {} files", rank + 1, r.files));
                    }
                    b.walls |= B::bit(r.square(file, rank));
                    file += 1;
                    continue;
                }
                let plus = c == '+';
                let letter = if plus {
                    match chars.next() {
                        Some(l) => l,
                        None => return err(1, format!("rank {}: '+' without a piece", rank + 1)),
                    }
                } else {
                    c
                };
                if !letter.is_ascii_alphabetic() {
                    return err(1, format!("rank {}: '{letter}' is not a piece", rank + 1));
                }
                let color = usize::from(letter.is_ascii_lowercase());
                let Some(mut ty) = r.type_of_fen_letter(letter.to_ascii_lowercase()) else {
                    return err(1, format!("'{letter}' is not a piece of {}", r.name));
                };
                if plus {
                    match r.pieces[ty].promotes_to {
                        Some(p) => ty = p,
                        None => return err(1, format!("'+{letter}': {} does not promote", r.pieces[ty].name)),
                    }
                }
                if file >= r.files {
                    return err(1, format!("rank {} has more than {} files", rank + 1, r.files));
                }
                let sq = r.square(file, rank);
                b.put(sq, ty, color);
                if chars.peek() == Some(&'~') {
                    chars.next();
                    b.promoted |= B::bit(sq);
                }
                file += 1;
            }
            if file != r.files {
                return err(1, format!("rank {} has {file} files, this variant has {}", rank + 1, r.files));
            }
        }
        if let Some(h) = hand {
            if !r.drops && !r.gating && !h.is_empty() {
                return err(1, format!("{} has no holdings", r.name));
            }
            for c in h.chars() {
                if c == '-' {
                    continue;
                }
                let color = usize::from(c.is_ascii_lowercase());
                let Some(ty) = r.type_of_fen_letter(c.to_ascii_lowercase()) else {
                    return err(1, format!("holdings: '{c}' is not a piece of {}", r.name));
                };
                if b.hand[color][ty] == 255 {
                    return err(1, "holdings: more than 255 of a piece");
                }
                b.add_hand(color, ty, 1);
            }
        }
        b.side = match fields.next() {
            Some("w") => 0,
            Some("b") => 1,
            Some(s) => return err(2, format!("'{s}' is not w or b")),
            None => 0,
        };
        // Fairy-Stockfish's shogi-style FEN gives the clocks right after the side to move
        // ("[-] w 0 1"); a lone `0` in the castling or en passant field means none.
        let rest: Vec<&str> = fields.collect();
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
        let clocks_only = !rest.is_empty() && rest.len() <= 2 && rest.iter().all(|s| digits(s));
        // Fairy-Stockfish reads no castling or en passant field when the text after the
        // side to move starts with a digit (`w 3+3 0 1`), and reads the clocks as numbers
        // from a stream: rookmate's `w 7+7 0 1` is halfmove 7, move 7, the rest unread.
        let streamed =
            !clocks_only && rest.first().is_some_and(|s| s.starts_with(|c: char| c.is_ascii_digit()) && !digits(s));
        let mut fields = rest.into_iter();
        let (castling, en_passant) =
            if clocks_only || streamed { (None, None) } else { (fields.next(), fields.next()) };
        // Without castling or gating the field is not read (Fairy-Stockfish: antiatomic
        // keeps giveaway's start position and its KQkq).
        if let Some(c) = castling
            && c != "0"
            && (r.castling || r.gating)
        {
            b.read_castling(c, lenient)?;
        }
        // With a counting rule (makruk's), Fairy-Stockfish writes the counting limit in
        // place of the en passant square (`w - 128 8 58`); the counting draw is not
        // played here, so the limit is read and not kept.
        let en_passant = en_passant.filter(|e| !(r.counting_rule.is_some() && digits(e)));
        if let Some(e) = en_passant
            && e != "-"
            && e != "0"
        {
            // Fairy-Stockfish writes every square a move passed, after a custom pawn's
            // initial move its landing square too ("d3c4" after berolina's e2c4), after
            // a triple step both squares ("e3e4"). The pawn that moved is the listed
            // square it stands on, else the one a step or two beyond a listed square
            // (seen from the mover); without one the field is ignored.
            let listed = ep_squares(r, e)?;
            let pawnish = |v: usize| {
                b.piece_on(v).is_some_and(|(ty, c)| {
                    c != b.side as usize && (r.pieces[ty].pawn || t.initial_types >> ty & 1 != 0)
                })
            };
            let beyond = |sq: usize, k: usize| {
                if b.side == 0 { sq.checked_sub(k * r.files) } else { Some(sq + k * r.files).filter(|&v| v < t.nsq) }
            };
            let victim =
                listed.iter().copied().find(|&q| pawnish(q)).or_else(|| {
                    listed.iter().find_map(|&sq| (1..3).filter_map(|k| beyond(sq, k)).find(|&v| pawnish(v)))
                });
            if let Some(v) = victim {
                let keep: Vec<usize> = listed.into_iter().filter(|&q| q == v || b.piece_on(q).is_none()).collect();
                for sq in keep {
                    b.ep |= B::bit(sq);
                }
                b.ep_victim = v as u8;
            }
        }
        let mut next = fields.next();
        // Without a check counter the next check wins (Fairy-Stockfish).
        b.checks = [1, 1];
        if r.check_counting
            && let Some(cc) = next.filter(|s| s.contains('+'))
        {
            let parts: Vec<&str> = cc.trim_start_matches('+').split('+').collect();
            let nums: Option<Vec<u8>> = parts.iter().map(|p| p.parse::<u8>().ok().filter(|&n| n <= 7)).collect();
            match nums.as_deref() {
                Some([w, k]) => b.checks = [*w, *k],
                _ => return err(5, format!("'{cc}' is not remaining checks like 3+3")),
            }
            next = fields.next();
        }
        if let Some(h) = next.filter(|h| streamed && !digits(h)) {
            let d = h.find(|c: char| !c.is_ascii_digit()).unwrap_or(h.len());
            b.halfmove =
                h[..d].parse().map_err(|_| FenError { field: 5, reason: format!("'{h}' is not a halfmove clock") })?;
            if let Ok(f) = h[d..].strip_prefix('+').unwrap_or(&h[d..]).parse() {
                b.fullmove = f;
            }
            next = None;
            fields.by_ref().for_each(drop);
        }
        if let Some(h) = next {
            b.halfmove =
                h.parse().map_err(|_| FenError { field: 5, reason: format!("'{h}' is not a halfmove clock") })?;
            if let Some(f) = fields.next() {
                b.fullmove =
                    f.parse().map_err(|_| FenError { field: 6, reason: format!("'{f}' is not a move number") })?;
            }
        }
        // lichess writes the checks given after the clocks (`0 1 +0+2`): three less.
        if r.check_counting
            && let Some(cc) = fields.clone().next().and_then(|s| s.strip_prefix('+'))
        {
            fields.next();
            let given: Option<Vec<u8>> = cc.split('+').map(|p| p.parse::<u8>().ok().filter(|&n| n <= 3)).collect();
            match given.as_deref() {
                Some([w, k]) => b.checks = [3 - *w, 3 - *k],
                _ => return err(7, format!("'+{cc}' is not checks given like +0+2")),
            }
        }
        if fields.next().is_some() {
            return err(7, "text after the last field");
        }
        if !lenient && b.royals_attacked(b.side as usize ^ 1, b.occupied()) {
            return err(1, "the side not to move is in check");
        }
        b.key = b.compute_key();
        Ok(b)
    }

    /// Reads the castling field; `lenient`, a right without its king or rook is dropped
    /// (Fairy-Stockfish's reading) rather than an error.
    fn read_castling(&mut self, text: &str, lenient: bool) -> Result<(), FenError> {
        let t = self.t;
        let r = &t.rules;
        if text == "-" {
            return Ok(());
        }
        for c in text.chars() {
            match self.read_castling_right(c) {
                Err(_) if lenient => {}
                other => other?,
            }
        }
        for color in 0..2 {
            let rank = r.castling_rank_of(color);
            let own = self.by_color[color] & t.rank_masks[rank];
            let king_on_gate = r.castling_king.is_some_and(|k| !(self.by_type[k] & own & self.gates[color]).is_empty());
            if r.castling && self.letters_are_gates(color) && self.castle[color].is_empty() && king_on_gate {
                let rooks = self.of_types(r.castling_rooks) & own;
                self.castle[color] = rooks & self.gates[color];
            }
        }
        Ok(())
    }

    /// One letter of the castling field: a castling right, or under gating a gate.
    fn read_castling_right(&mut self, c: char) -> Result<(), FenError> {
        let t = self.t;
        let r = &t.rules;
        let color = usize::from(c.is_ascii_lowercase());
        let rank = r.castling_rank_of(color);
        let row = t.rank_masks[rank];
        let own = self.by_color[color];
        let king = r.castling_king.map(|k| self.by_type[k] & own & row).filter(|k| k.popcount() == 1).map(|k| k.lsb());
        let rooks = self.of_types(r.castling_rooks) & own & row;
        let upper = c.to_ascii_uppercase();
        let sq = match upper {
            'K' | 'Q' => {
                // As Fairy-Stockfish: the rook `castling_rook_of` finds, else the square
                // at the far end of the scan; under gating, a piece there is a gate, and
                // so is the king, whose castling needs both on the castling rank.
                let end = if upper == 'K' { 0 } else { r.files - 1 };
                let sq = self.castling_rook_of(color, upper == 'K').unwrap_or_else(|| r.square(end, rank));
                if r.gating {
                    if own.has(sq) {
                        self.gates[color] |= B::bit(sq);
                    }
                    match king {
                        Some(k) => self.gates[color] |= B::bit(k),
                        None if self.letters_are_gates(color) => return Ok(()),
                        None => {}
                    }
                }
                let Some(k) = king else { return err(3, format!("'{c}' without a king on the castling rank")) };
                if sq == k || !rooks.has(sq) {
                    return err(3, format!("'{c}' without a rook on that side"));
                }
                sq
            }
            'A'..='P' => {
                let f = (upper as u8 - b'A') as usize;
                if f >= r.files {
                    return err(3, format!("'{c}' is not a file of this board"));
                }
                let sq = r.square(f, rank);
                // With Seirawan gating and pieces to gate (in hand, or ever arriving
                // there), a file letter is a gate only; castling then follows from a
                // king on a gate (below), as in Fairy-Stockfish.
                if self.letters_are_gates(color) {
                    if !own.has(sq) {
                        return err(3, format!("'{c}': no piece to gate from there"));
                    }
                    self.gates[color] |= B::bit(sq);
                    return Ok(());
                }
                sq
            }
            _ => return err(3, format!("'{c}' is not a castling right")),
        };
        let is_rook = rooks.has(sq);
        if r.castling && is_rook && king.is_some() {
            self.castle[color] |= B::bit(sq);
            if r.gating {
                self.gates[color] |= B::bit(sq);
            }
        } else if r.gating && own.has(sq) {
            self.gates[color] |= B::bit(sq);
        } else {
            return err(3, format!("'{c}': no castling rook (or gate) there"));
        }
        Ok(())
    }

    /// The rook a FEN's `K` (`kingside`) or `Q` names for `color`, as Fairy-Stockfish
    /// finds it: the first of its castling rooks on the castling rank from the side's
    /// rook file (`castlingRookKingsideFile`, the board's edge by default) toward the
    /// other side.
    fn castling_rook_of(&self, color: usize, kingside: bool) -> Option<usize> {
        let t = self.t;
        let r = &t.rules;
        let rank = r.castling_rank_of(color);
        let rooks = self.of_types(r.castling_rooks) & self.by_color[color] & t.rank_masks[rank];
        let at = |f: usize| Some(r.square(f, rank)).filter(|&s| rooks.has(s));
        if kingside {
            let start = r.castling_rook_files[0].unwrap_or(r.files - 1).min(r.files - 1);
            (0..=start).rev().find_map(at)
        } else {
            (r.castling_rook_files[1].unwrap_or(0)..r.files).find_map(at)
        }
    }

    /// Fairy-Stockfish's reading of a file letter in the castling field under Seirawan
    /// gating: a gate, not a castling right, while `color` has pieces in hand or
    /// captures go to hand.
    fn letters_are_gates(&self, color: usize) -> bool {
        let r = &self.t.rules;
        r.gating && r.seirawan_gating && (r.captures_to_hand || self.hand[color].iter().any(|&n| n > 0))
    }

    /// The FEN, in Fairy-Stockfish's syntax.
    pub fn fen(&self) -> String {
        self.fen_with(|_| true, false, false)
    }

    /// The FEN as Fairy-Stockfish's `Position::fen` writes it: `~` after a promoted
    /// piece where `tilde(square)` says so, and with `shredder` (Chess960 mode) every
    /// castling right as its rook's file letter. With `hide_idle_gates`, as
    /// Fairy-Stockfish, a side's Seirawan gates are not written while its hand is empty.
    pub fn fen_with(&self, tilde: impl Fn(usize) -> bool, shredder: bool, hide_idle_gates: bool) -> String {
        let t = self.t;
        let r = &t.rules;
        let mut s = String::new();
        for rank in (0..r.ranks).rev() {
            let mut empty = 0;
            for file in 0..r.files {
                let sq = r.square(file, rank);
                if self.walls.has(sq) {
                    if empty > 0 {
                        s += &empty.to_string();
                        empty = 0;
                    }
                    s.push('*');
                    continue;
                }
                match self.piece_on(sq) {
                    None => empty += 1,
                    Some((ty, c)) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        s += &piece_text(r, ty, c);
                        if self.promoted.has(sq) && tilde(sq) {
                            s.push('~');
                        }
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if rank > 0 {
                s.push('/');
            }
        }
        if (r.drops && !r.free_drops) || r.seirawan_gating {
            s.push('[');
            for c in 0..2 {
                for ty in (0..t.ntypes).rev() {
                    for _ in 0..self.hand[c][ty] {
                        let l = r.pieces[ty].letter;
                        s.push(if c == 0 { l.to_ascii_uppercase() } else { l });
                    }
                }
            }
            s.push(']');
        }
        s += if self.side == 0 { " w " } else { " b " };
        let mut castling = String::new();
        for c in 0..2 {
            let case = |ch: char| if c == 0 { ch.to_ascii_uppercase() } else { ch };
            let own = self.by_color[c];
            let rank = r.castling_rank_of(c);
            let king = r
                .castling_king
                .map(|k| self.by_type[k] & own & t.rank_masks[rank])
                .filter(|k| k.popcount() == 1)
                .map(|k| k.lsb());
            let mut implied = B::EMPTY;
            let mut rights: Vec<usize> = squares(self.castle[c]).collect();
            rights.reverse();
            for sq in rights {
                // `K` and `Q` where they read back as this rook, else its file.
                let outer = king.is_some_and(|k| self.castling_rook_of(c, sq > k) == Some(sq));
                let ch = if outer && !shredder {
                    if king.is_some_and(|k| sq > k) { 'k' } else { 'q' }
                } else {
                    (b'a' + (sq % r.files) as u8) as char
                };
                castling.push(case(ch));
                implied |= B::bit(sq);
                // The king's gate goes without saying, but in Chess960 mode (as
                // Fairy-Stockfish writes it: `HABCDEFG`).
                if let Some(k) = king.filter(|_| !shredder) {
                    implied |= B::bit(k);
                }
            }
            let idle = hide_idle_gates
                && r.seirawan_gating
                && !r.captures_to_hand
                && (0..t.ntypes).all(|ty| self.hand[c][ty] == 0);
            if !idle {
                for sq in squares(self.gates[c] & !implied) {
                    castling.push(case((b'a' + (sq % r.files) as u8) as char));
                }
            }
        }
        s += if castling.is_empty() { "-" } else { &castling };
        s.push(' ');
        s += &if self.ep.is_empty() { "-".to_string() } else { squares(self.ep).map(|q| r.square_name(q)).collect() };
        if r.check_counting {
            s += &format!(" {}+{}", self.checks[0], self.checks[1]);
        }
        s += &format!(" {} {}", self.halfmove, self.fullmove);
        s
    }
}

/// The FEN text of a piece: its letter (uppercase for White), after `+` when promoted.
pub fn piece_text(r: &crate::rules::Rules, ty: usize, color: usize) -> String {
    let p = &r.pieces[ty];
    let l = if color == 0 { p.letter.to_ascii_uppercase() } else { p.letter };
    if p.base.is_some() { format!("+{l}") } else { l.to_string() }
}
