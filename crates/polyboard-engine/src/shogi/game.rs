//! Shogi as the engine plays it: a game searched on the representation the `Repr`
//! option names, under the impasse rule of `EnteringKingRule` and the evaluation
//! weights of `EvalFile`, with the df-pn solver behind USI's `go mate`.

use super::Shogi;
use super::eval::{ShogiEval, ShogiWeights};
use super::mate::{ENTRY_BYTES, MateResult, solve};
use super::nnue::{self, Evaluation, NnueEval};
use crate::game::{Event, Game, MateAnswer, Relay, SearchResult, clip, no_result, play_all, pv_texts};
use crate::nnue::{BUILT_IN, HAND_WRITTEN};
use polyboard_search::SearchMove;
use polyboard_search::search::{Context, search};
use polyboard_shogi::{
    Color, Declaration, ImpasseRule, Move, Position, ShogiBoard, Status, repr, types, usi, with_shogi_repr,
};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// A shogi game with the engine's shogi options.
#[derive(Clone, Debug)]
pub(crate) struct ShogiGame {
    /// The positions from the start to the current one (never empty).
    line: Vec<Position>,
    /// The moves between them (one fewer than the positions).
    moves: Vec<Move>,
    /// The representation searched (`Repr`).
    repr: String,
    /// The impasse rule (`EnteringKingRule`); `None` without one.
    rule: Option<ImpasseRule>,
    /// The evaluation (`EvalFile`).
    eval: Evaluation,
}

/// The evaluation the engine plays with by default: the built-in network.
fn default_eval() -> Evaluation {
    Evaluation::Net(NnueEval::new(nnue::built_in()))
}

/// The evaluation in the file at `path`: a network (a `PBNN` file) or the weights of
/// the hand-written evaluation (`shogi_weights.txt`'s format).
fn eval_file(path: &str) -> Result<Evaluation, String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    if bytes.starts_with(crate::nnue::MAGIC) {
        let net = nnue::from_bytes(&bytes).map_err(|e| e.to_string())?;
        return Ok(Evaluation::Net(NnueEval::new(std::sync::Arc::new(net))));
    }
    let weights = std::str::from_utf8(&bytes).ok().and_then(ShogiWeights::from_text);
    weights
        .map(|w| Evaluation::Hand(ShogiEval { weights: w }))
        .ok_or_else(|| "neither a shogi network nor a file of shogi weights".to_string())
}

impl ShogiGame {
    /// The start position, on the fastest representation, under the 27-point rule.
    pub(crate) fn new() -> ShogiGame {
        ShogiGame {
            line: vec![Position::startpos()],
            moves: Vec::new(),
            repr: repr::names()[0].into(),
            rule: Some(ImpasseRule::Points27),
            eval: default_eval(),
        }
    }

    fn position(&self) -> &Position {
        &self.line[self.line.len() - 1]
    }

    /// The game so far as [`polyboard_shogi::Game`] sees it (repetitions, declarations).
    fn game(&self) -> polyboard_shogi::Game {
        let mut g = polyboard_shogi::Game::new(self.line[0].clone());
        for &m in &self.moves {
            let _ = g.play(m);
        }
        g
    }

    fn run<B: ShogiBoard>(&self, cx: Context<'_>, on: &mut (dyn FnMut(&Event) + Send)) -> SearchResult {
        let start = Instant::now();
        let root_pos = self.position().clone();
        // An impasse win is declared at once (the 24-point rule's draw is not claimed).
        if let Some(rule) = self.rule
            && polyboard_shogi::Game::new(root_pos.clone()).declaration(rule) == Some(Declaration::Win)
        {
            return SearchResult { declare_win: true, ..no_result() };
        }
        let (before, _) = self.line.split_at(self.line.len() - 1);
        let history: Vec<u64> = before.iter().map(Position::key).collect();
        let checks: Vec<bool> = before.iter().map(Position::is_check).collect();
        let root = Shogi::new(B::from_position(&root_pos), &checks).with_rule(self.rule);
        let pv = |pv: &[Move]| pv_texts(&root_pos, pv, Position::is_legal, |_, m| usi::format(m), Position::play);
        let text = |m: Move| usi::format(m);
        let mut relay = Relay::new(on, &pv, &text);
        let outcome = search(&root, &self.eval, Context { history: &history, ..cx }, &mut relay);
        let best = outcome.best.filter(|&b| root_pos.is_legal(b));
        let ponder = best.and_then(|b| {
            let after = root_pos.play(b);
            let ponder = outcome.ponder.or_else(|| {
                let key = cx.tt.probe(after.key(), 0)?.mv;
                after.legal_moves().iter().copied().find(|m| m.key() == key)
            });
            ponder.filter(|&p| after.is_legal(p)).map(usi::format)
        });
        relay.result(best.map(usi::format), ponder, outcome.score, (outcome.depth, outcome.nodes), start)
    }
}

impl Game for ShogiGame {
    fn boxed(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }

    fn position_forms(&self) -> (&'static [&'static str], &'static str) {
        (&["sfen"], "sfen <sfen>")
    }

    fn set_position(&mut self, _kind: &str, text: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let start = match text {
            None => Position::startpos(),
            Some(sfen) => Position::from_sfen(sfen).map_err(|e| format!("position ignored: {e}"))?,
        };
        self.line = vec![start];
        self.moves.clear();
        play_all(moves, |m| self.play(m))
    }

    fn side_to_move(&self) -> usize {
        self.position().turn.index()
    }

    fn move_key(&self, text: &str) -> Option<u32> {
        usi::parse(self.position(), text).ok().map(|m| m.key())
    }

    fn legal_moves(&self) -> Vec<String> {
        self.position().legal_moves().iter().map(|&m| usi::format(m)).collect()
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let mv = usi::parse(self.position(), text).map_err(|e| e.to_string())?;
        let next = self.position().play(mv);
        self.line.push(next);
        self.moves.push(mv);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        self.moves.pop().is_some() && self.line.pop().is_some()
    }

    fn fen(&self) -> String {
        self.position().sfen()
    }

    fn result(&self) -> Option<(&'static str, String)> {
        let winner = |c: Color| if c == Color::Black { "1-0" } else { "0-1" };
        match self.game().status() {
            Status::Ongoing => None,
            Status::Checkmate { winner: w } => Some((winner(w), "checkmate".into())),
            Status::NoLegalMove { winner: w } => Some((winner(w), "no legal move".into())),
            Status::Repetition => Some(("1/2-1/2", "sennichite".into())),
            Status::PerpetualCheck { winner: w } => Some((winner(w), "perpetual check".into())),
        }
    }

    fn search(&self, cx: Context<'_>, on: &mut (dyn FnMut(&Event) + Send)) -> SearchResult {
        let mut result = None;
        with_shogi_repr!(self.repr.as_str(), B => { result = Some(self.run::<B>(cx, on)); });
        result.unwrap_or_else(no_result)
    }

    fn perft(&self, depth: u32) -> Vec<(String, u64)> {
        let mut rows = Vec::new();
        with_shogi_repr!(self.repr.as_str(), B => {
            rows = polyboard_shogi::divide(&B::from_position(self.position()), depth.max(1), false);
        });
        rows.into_iter().map(|(m, n)| (usi::format(m), n)).collect()
    }

    fn display(&self) -> String {
        let pos = self.position();
        let mut s = String::new();
        for rank in 0..9 {
            for file in (1..=9).rev() {
                let cell = match pos.board[types::square(file, rank)] {
                    None => " . ".to_string(),
                    Some(p) => {
                        let l = p.kind().unpromoted().letter();
                        let l = if p.color() == Color::Black { l.to_ascii_uppercase() } else { l.to_ascii_lowercase() };
                        format!("{}{l} ", if p.kind().is_promoted() { '+' } else { ' ' })
                    }
                };
                s.push_str(&cell);
            }
            s.push_str(&format!(" {}\n", (b'a' + rank as u8) as char));
        }
        s.push_str(" 9  8  7  6  5  4  3  2  1\n");
        s.push_str(&format!("\nSfen: {}\nKey: {:016X}\nCheck: {}", pos.sfen(), pos.key(), pos.is_check()));
        s.push_str(&format!("\nRepr: {}", self.repr));
        s
    }

    fn set_option(&mut self, name: &str, value: &str) -> Option<Result<(), String>> {
        Some(match name {
            "repr" => {
                let v = value.to_ascii_lowercase();
                if repr::names().contains(&v.as_str()) {
                    self.repr = v;
                    Ok(())
                } else {
                    Err(format!("option 'Repr': '{}' is not one of {}", clip(value), repr::names().join(", ")))
                }
            }
            "enteringkingrule" => match value.to_ascii_lowercase().as_str() {
                "noenteringking" => {
                    self.rule = None;
                    Ok(())
                }
                "csarule24" => {
                    self.rule = Some(ImpasseRule::Points24);
                    Ok(())
                }
                "csarule27" => {
                    self.rule = Some(ImpasseRule::Points27);
                    Ok(())
                }
                _ => Err(format!(
                    "option 'EnteringKingRule': '{}' is not one of NoEnteringKing, CSARule24, CSARule27",
                    clip(value)
                )),
            },
            "evalfile" => {
                if value.is_empty() || value == BUILT_IN {
                    self.eval = default_eval();
                    Ok(())
                } else if value == HAND_WRITTEN {
                    self.eval = Evaluation::Hand(ShogiEval::default());
                    Ok(())
                } else {
                    eval_file(value)
                        .map(|e| self.eval = e)
                        .map_err(|e| format!("option 'EvalFile': '{}': {e}; kept the current one", clip(value)))
                }
            }
            _ => return None,
        })
    }

    fn option_lines(&self) -> Vec<String> {
        let names = repr::names();
        let reprs = names.iter().map(|n| format!(" var {n}")).collect::<String>();
        vec![
            format!("option name Repr type combo default {}{reprs}", names[0]),
            "option name EnteringKingRule type combo default CSARule27 var NoEnteringKing var CSARule24 var CSARule27"
                .into(),
            format!("option name EvalFile type string default {BUILT_IN}"),
        ]
    }

    fn solve(&self, hash_bytes: usize, deadline: Option<Instant>, stop: &AtomicBool) -> Option<MateAnswer> {
        let entries = hash_bytes / ENTRY_BYTES;
        let mut result = MateResult::Timeout;
        with_shogi_repr!(self.repr.as_str(), B => {
            result = solve(&B::from_position(self.position()), entries, deadline, stop);
        });
        Some(match result {
            MateResult::Mate(moves) => MateAnswer::Mate(moves.iter().map(|&m| usi::format(m)).collect()),
            MateResult::NoMate => MateAnswer::NoMate,
            MateResult::Timeout => MateAnswer::Timeout,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eval_file_loads_networks_and_weights_and_refuses_other_files() {
        let mut g = ShogiGame::new();
        assert!(matches!(g.eval, Evaluation::Net(_)), "the built-in network is the default");
        let dir = std::env::temp_dir().join(format!("polyboard-shogi-evalfile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let net = dir.join("shogi.pbnn");
        std::fs::write(&net, crate::nnue::random_net(nnue::INPUTS).to_bytes()).unwrap();
        let chess_net = dir.join("chess.pbnn");
        std::fs::write(&chess_net, crate::nnue::random_net(crate::chess::nnue::INPUTS).to_bytes()).unwrap();
        let weights = dir.join("weights.txt");
        std::fs::write(&weights, ShogiWeights::hand_set().to_text()).unwrap();
        let bad = dir.join("bad.txt");
        std::fs::write(&bad, "not an evaluation").unwrap();

        assert_eq!(g.set_option("evalfile", HAND_WRITTEN), Some(Ok(())));
        assert!(matches!(g.eval, Evaluation::Hand(_)));
        assert_eq!(g.set_option("evalfile", net.to_str().unwrap()), Some(Ok(())));
        assert!(matches!(g.eval, Evaluation::Net(_)));
        assert_eq!(g.set_option("evalfile", weights.to_str().unwrap()), Some(Ok(())));
        assert!(matches!(&g.eval, Evaluation::Hand(e) if e.weights == ShogiWeights::hand_set()));
        for refused in [&chess_net, &bad, &dir.join("missing")] {
            let e = g.set_option("evalfile", refused.to_str().unwrap()).unwrap().unwrap_err();
            assert!(e.starts_with("option 'EvalFile'") && e.ends_with("kept the current one"), "{e}");
            assert!(matches!(&g.eval, Evaluation::Hand(e) if e.weights == ShogiWeights::hand_set()));
        }
        let e = g.set_option("evalfile", chess_net.to_str().unwrap()).unwrap().unwrap_err();
        assert!(e.contains("2344 inputs"), "{e}");
        assert_eq!(g.set_option("evalfile", BUILT_IN), Some(Ok(())));
        assert!(matches!(g.eval, Evaluation::Net(_)));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
