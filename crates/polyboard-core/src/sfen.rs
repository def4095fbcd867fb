//! Fairy-Stockfish's FEN of a shogi-family position, as pyffish writes it
//! (`sf.start_fen("shogi")`), read as the SFEN it stands for.
//!
//! Fairy-Stockfish writes a shogi position as a FEN: the board as SFEN writes it, the
//! hands in brackets after it (`[-]` or `[]` for none, each piece a letter, repeated
//! for more than one: `[PPb]`), `w` for the side that moves first (sente, upper case;
//! SFEN's `b`) and `b` for the other, then optionally the castling and en passant fields
//! (always `-` in shogi) and the two clocks. The move number counts full moves, where
//! SFEN's counts plies:
//!
//! ```
//! use polyboard_core::sfen::from_fsf_fen;
//!
//! let fen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1";
//! assert_eq!(from_fsf_fen(fen).as_deref(), Some("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"));
//! let fen = "4k4/9/9/9/9/9/9/9/4K4[PPSbp] b - - 3 12";
//! assert_eq!(from_fsf_fen(fen).as_deref(), Some("4k4/9/9/9/9/9/9/9/4K4 w S2Pbp 24"));
//! // An SFEN is not such a FEN.
//! assert_eq!(from_fsf_fen("4k4/9/9/9/9/9/9/9/4K4 b - 1"), None);
//! ```

/// The hand pieces in the order SFEN writes them (rook, bishop, gold, silver, knight,
/// lance, pawn); other letters (a variant's own pieces) follow in the order they came.
const HAND_ORDER: &str = "RBGSNLP";

/// The SFEN of `text` when it is a Fairy-Stockfish FEN with holdings (its first field
/// holds `[`); `None` otherwise (an SFEN, or text that is neither: the SFEN reader then
/// names what is wrong with it). Fields that do not read are passed on as they are, so
/// that the SFEN reader's error names them.
pub fn from_fsf_fen(text: &str) -> Option<String> {
    let mut fields = text.split_whitespace();
    let first = fields.next()?;
    let (board, rest) = first.split_once('[')?;
    let hand = rest.strip_suffix(']').unwrap_or(rest);
    let side = fields.next();
    let sfen_side = match side {
        None | Some("w") => "b",
        Some("b") => "w",
        Some(other) => other,
    };
    // Castling and en passant (`- -`) may stand before the clocks; the move number is
    // the last field.
    let rest: Vec<&str> = fields.collect();
    let fullmove = rest.last().map(|n| n.parse::<u32>().map_err(|_| *n));
    let ply = match fullmove {
        None => "1".to_string(),
        Some(Ok(n)) if n >= 1 => (2 * (n - 1) + if sfen_side == "w" { 2 } else { 1 }).to_string(),
        Some(Ok(n)) => n.to_string(),
        Some(Err(text)) => text.to_string(),
    };
    Some(format!("{board} {sfen_side} {} {ply}", sfen_hand(hand)))
}

/// The hands of Fairy-Stockfish's bracket (`PPSbp`) in SFEN (`S2Pbp`): counts before
/// the letters, Black's (upper case) first. A bracket that already holds counts is kept.
fn sfen_hand(hand: &str) -> String {
    if hand.is_empty() || hand == "-" {
        return "-".to_string();
    }
    if hand.chars().any(|c| c.is_ascii_digit()) {
        return hand.to_string();
    }
    // Each letter with its count, in the order SFEN writes them.
    let mut counts: Vec<(char, u32)> = Vec::new();
    for c in hand.chars() {
        match counts.iter_mut().find(|(l, _)| *l == c) {
            Some((_, n)) => *n += 1,
            None => counts.push((c, 1)),
        }
    }
    let rank = |c: char| {
        let upper = c.is_ascii_uppercase();
        let at = HAND_ORDER.find(c.to_ascii_uppercase()).unwrap_or(HAND_ORDER.len());
        (!upper, at)
    };
    counts.sort_by_key(|&(c, _)| rank(c));
    let mut out = String::new();
    for (c, n) in counts {
        if n > 1 {
            out += &n.to_string();
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::from_fsf_fen;

    #[test]
    fn every_form_pyffish_writes() {
        let board = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
        let want = format!("{board} b - 1");
        for fen in ["[-] w 0 1", "[-] w - - 0 1", "[] w - - 0 1", "[-] w", "[]"] {
            assert_eq!(from_fsf_fen(&format!("{board}{fen}")), Some(want.clone()), "{fen}");
        }
        assert_eq!(from_fsf_fen(&format!("{board}[Pp] b - - 0 1")), Some(format!("{board} w Pp 2")));
        // Bad fields are passed on for the SFEN reader to name.
        assert_eq!(from_fsf_fen(&format!("{board}[-] x 0 z")), Some(format!("{board} x - z")));
        assert_eq!(from_fsf_fen(&format!("{board}[-] w 0 0")), Some(format!("{board} b - 0")));
        assert_eq!(from_fsf_fen(board), None);
        assert_eq!(from_fsf_fen(""), None);
    }
}
