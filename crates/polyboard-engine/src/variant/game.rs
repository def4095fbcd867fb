//! A variant as the engine plays it: a game of boards on the variant's bitboard width,
//! read and written in Fairy-Stockfish's FEN and UCI move text, or in SFEN and USI move
//! text for the shogi family over USI.

use super::{Built, Pos, VariantEval};
use crate::game::{Event, Game, Notation, Relay, SearchResult, play_all, pv_texts};
use polyboard_search::SearchMove;
use polyboard_search::search::{Context, search};
use polyboard_variants::bits::{Bits, squares};
use polyboard_variants::rules::Value;
use polyboard_variants::uci::MoveError;
use polyboard_variants::{Board, Move, Moves, Tables, Variant, perft};
use std::time::Instant;

/// A variant game: its boards from the start to the current one.
#[derive(Clone, Debug)]
pub(crate) struct VariantGame<B: Bits + 'static> {
    built: Built,
    tables: &'static Tables<B>,
    /// The boards from the start to the current one (never empty), and the move that
    /// led to each but the first.
    line: Vec<(Board<'static, B>, Option<Move>)>,
    notation: Notation,
}

/// The start position of the variant `built`, in `notation`.
pub(crate) fn open(built: Built, notation: Notation) -> Result<Box<dyn Game>, String> {
    Ok(match built.variant {
        Variant::Narrow(t) => Box::new(VariantGame::new(built, t, notation)?),
        Variant::Wide(t) => Box::new(VariantGame::new(built, t, notation)?),
    })
}

/// `mv` if it is a legal move of `b`.
fn legal<B: Bits>(b: &Board<'static, B>, mv: Move) -> Option<Move> {
    let mut list = Moves::new();
    b.generate(&mut list);
    list.iter().copied().find(|&m| m == mv)
}

impl<B: Bits + 'static> VariantGame<B> {
    fn new(built: Built, tables: &'static Tables<B>, notation: Notation) -> Result<Self, String> {
        let start = Board::from_fen(tables, &tables.rules.start_fen).map_err(|e| e.to_string())?;
        Ok(VariantGame { built, tables, line: vec![(start, None)], notation })
    }

    fn board(&self) -> &Board<'static, B> {
        &self.line[self.line.len() - 1].0
    }

    fn text(&self, b: &Board<'_, B>, mv: Move) -> String {
        match self.notation {
            Notation::Uci => b.move_text(mv),
            Notation::Usi => b.usi_move_text(mv),
        }
    }

    fn parse(&self, b: &Board<'_, B>, text: &str) -> Result<Move, MoveError> {
        match self.notation {
            Notation::Uci => b.parse_move(text),
            Notation::Usi => b.parse_usi_move(text),
        }
    }
}

impl<B: Bits + 'static> Game for VariantGame<B> {
    fn boxed(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }

    fn position_forms(&self) -> (&'static [&'static str], &'static str) {
        match self.notation {
            Notation::Uci => (&["fen"], "fen <fen>"),
            Notation::Usi => (&["sfen", "fen"], "sfen <sfen>' or 'fen <fen>"),
        }
    }

    fn set_position(&mut self, kind: &str, text: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let t = self.tables;
        let start = match (text, kind) {
            (None, _) => Board::from_fen(t, &t.rules.start_fen).map_err(|e| e.to_string()),
            (Some(text), "sfen") => Board::from_sfen(t, text).map_err(|e| e.to_string()),
            (Some(text), _) => Board::from_fen(t, text).map_err(|e| e.to_string()),
        };
        let start = start.map_err(|e| format!("position ignored: {e}"))?;
        self.line = vec![(start, None)];
        play_all(moves, |m| self.play(m))
    }

    fn side_to_move(&self) -> usize {
        self.board().side_to_move()
    }

    fn move_key(&self, text: &str) -> Option<u32> {
        self.parse(self.board(), text).ok().map(|m| m.key())
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut list = Moves::new();
        self.board().generate(&mut list);
        list.iter().map(|&m| self.text(self.board(), m)).collect()
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let mv = self.parse(self.board(), text).map_err(|e| e.to_string())?;
        let next = self.board().play(mv);
        self.line.push((next, Some(mv)));
        Ok(())
    }

    fn undo(&mut self) -> bool {
        self.line.len() > 1 && self.line.pop().is_some()
    }

    fn fen(&self) -> String {
        match self.notation {
            Notation::Uci => self.board().fen(),
            Notation::Usi => self.board().sfen(),
        }
    }

    fn result(&self) -> Option<(&'static str, String)> {
        let (b, last) = &self.line[self.line.len() - 1];
        let value = b.outcome(true, *last).or_else(|| {
            let mut list = Moves::new();
            b.generate(&mut list);
            if list.is_empty() { b.outcome(false, *last).or(Some(Value::Draw)) } else { None }
        })?;
        let white_to_move = b.side_to_move() == 0;
        Some(match (value, white_to_move) {
            (Value::Draw, _) => ("1/2-1/2", "draw by the rules".into()),
            (Value::Win, true) | (Value::Loss, false) => ("1-0", "white wins by the rules".into()),
            _ => ("0-1", "black wins by the rules".into()),
        })
    }

    fn search(&self, cx: Context<'_>, on: &mut (dyn FnMut(&Event) + Send)) -> SearchResult {
        let start = Instant::now();
        let root_board = *self.board();
        let (before, _) = self.line.split_at(self.line.len() - 1);
        let history: Vec<u64> = before.iter().map(|(b, _)| b.key()).collect();
        let checks: Vec<bool> = before.iter().map(|(b, _)| b.in_check()).collect();
        let root = Pos::new(self.built.derived, root_board, &checks);
        let pv = |pv: &[Move]| {
            let is_legal = |b: &Board<'static, B>, m| legal(b, m).is_some();
            pv_texts(&root_board, pv, is_legal, |b, m| self.text(b, m), Board::play)
        };
        let text = |m: Move| self.text(&root_board, m);
        let mut relay = Relay::new(on, &pv, &text);
        let outcome = search(&root, &VariantEval, Context { history: &history, ..cx }, &mut relay);
        let best = outcome.best.and_then(|b| legal(&root_board, b));
        let ponder = best.and_then(|b| {
            let after = root_board.play(b);
            outcome.ponder.and_then(|p| legal(&after, p)).map(|p| self.text(&after, p))
        });
        let best = best.map(|b| self.text(&root_board, b));
        relay.result(best, ponder, outcome.score, (outcome.depth, outcome.nodes), start)
    }

    fn perft(&self, depth: u32) -> Vec<(String, u64)> {
        let b = self.board();
        perft::divide(b, depth.max(1), false).into_iter().map(|(m, n)| (self.text(b, m), n)).collect()
    }

    fn display(&self) -> String {
        let b = self.board();
        let r = &self.tables.rules;
        // USI names files by number from the right and ranks by letter from the top
        // (`5d` on minishogi); UCI and XBoard by letter from the left and number from
        // the bottom (`e4`).
        let usi = self.notation == Notation::Usi;
        let file_label = |file: usize| {
            if usi { (r.files - file).to_string() } else { ((b'a' + file as u8) as char).to_string() }
        };
        let rank_label = |rank: usize| {
            if usi { ((b'a' + (r.ranks - 1 - rank) as u8) as char).to_string() } else { (rank + 1).to_string() }
        };
        let line = format!("+{}\n", "---+".repeat(r.files));
        let mut s = line.clone();
        for rank in (0..r.ranks).rev() {
            for file in 0..r.files {
                let text = b
                    .piece_on(r.square(file, rank))
                    .map_or(" ".to_string(), |(ty, c)| polyboard_variants::fen::piece_text(r, ty, c));
                s.push_str(&format!("|{text:^3}"));
            }
            s.push_str(&format!("| {}\n{line}", rank_label(rank)));
        }
        for file in 0..r.files {
            s.push_str(&format!(" {:^3}", file_label(file)));
        }
        s.push_str(&format!("\n\nFen: {}\nKey: {:016X}\nCheckers:", b.fen(), b.key()));
        for sq in squares(b.checkers()) {
            s.push_str(&format!(" {}", if usi { r.usi_square_name(sq) } else { r.square_name(sq) }));
        }
        if self.notation == Notation::Usi {
            s.push_str(&format!("\nSfen: {}", b.sfen()));
        }
        s + &format!("\nVariant: {}", r.name)
    }

    fn set_option(&mut self, _name: &str, _value: &str) -> Option<Result<(), String>> {
        None
    }

    fn option_lines(&self) -> Vec<String> {
        Vec::new()
    }
}
