//! Chess as the engine plays it: a [`polyboard_chess::Game`] searched on the
//! representation the `Repr` option names, with the `UCI_Chess960` option; and the
//! library functions of a fixed search: [`bench`], [`search_fixed`] and
//! [`BENCH_FENS`].

use super::eval::ChessEval;
use super::nnue::{self, Evaluation, Net};
use super::{Chess, names};
use crate::game::{Event, Game, Relay, SearchResult, check_value, clip, no_result, play_all, pv_texts};
use crate::nnue::{BUILT_IN, HAND_WRITTEN};
use polyboard_chess::{Board, Color, Move, Position, Role, SearchBoard, Square, Status, uci, with_repr};
use polyboard_search::meter::NoMeter;
use polyboard_search::search::{Context, Outcome, Silent, fixed_depth_metered, search};
use polyboard_search::{Evaluator, SearchMove, Searchable};
use std::sync::Arc;
use std::time::Instant;

/// The default depth of `bench`.
pub const BENCH_DEPTH: u32 = 10;

/// The positions of `bench`: the opening, CPW's perft positions and middlegames and
/// endgames of several kinds (promotions, en passant, castling both ways, mates).
pub const BENCH_FENS: [&str; 10] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1BBPPP/R2QK2R b KQ - 3 9",
    "6k1/5pp1/7p/1p1P4/1P2P3/3K2P1/7P/8 w - - 0 40",
    "8/8/4k3/3n4/8/2K5/8/4B3 w - - 0 60",
    "2r3k1/pp3ppp/4p3/3pP3/3P1P2/P1R5/1P4PP/6K1 b - - 0 25",
];

/// Searches the bench positions to `depth` with one thread and a fresh 16 MiB table,
/// writing one line a position to `line`; the total node count is the signature.
pub fn bench<B: SearchBoard>(depth: u32, line: &mut dyn FnMut(String)) -> u64 {
    let mut total = 0;
    for (i, fen) in BENCH_FENS.iter().enumerate() {
        let Ok(pos) = Position::from_fen(fen) else { continue };
        let o = search_fixed::<B>(&pos, depth);
        line(format!("Position: {}/{} {fen}: {} nodes", i + 1, BENCH_FENS.len(), o.nodes));
        total += o.nodes;
    }
    total
}

/// A one-thread search of `pos` on the representation `B` to `depth` with a fresh
/// table, as `bench` and the identical-tree tests run it.
pub fn search_fixed<B: SearchBoard>(pos: &Position, depth: u32) -> Outcome<Move> {
    search_fixed_metered(&Chess(B::from_position(pos)), &ChessEval::default(), depth, NoMeter).0
}

/// [`search_fixed`] on any searchable position and evaluation, observed by `meter`
/// (the same one-thread search, the same fresh 16 MiB table).
pub fn search_fixed_metered<P: Searchable, E: Evaluator<P>, M: polyboard_search::meter::Meter<P>>(
    root: &P,
    eval: &E,
    depth: u32,
    meter: M,
) -> (Outcome<P::Move>, M) {
    fixed_depth_metered(root, eval, depth, &mut Silent, meter)
}

/// A chess game with the engine's chess options.
#[derive(Clone, Debug)]
pub(crate) struct ChessGame {
    game: polyboard_chess::Game,
    /// `UCI_Chess960`: FEN castling rights read as Chess960's.
    chess960: bool,
    /// The representation searched (`Repr`).
    repr: String,
    /// The network of `EvalFile` (the built-in one by default), or `None` for the
    /// hand-written evaluation.
    net: Option<Arc<Net>>,
}

impl ChessGame {
    /// The start position, on the fastest representation, with the built-in network.
    pub(crate) fn new() -> ChessGame {
        ChessGame {
            game: polyboard_chess::Game::new(Position::startpos()),
            chess960: false,
            repr: names()[0].into(),
            net: Some(nnue::built_in()),
        }
    }

    fn position(&self) -> &Position {
        self.game.position()
    }

    fn run<B: SearchBoard>(&self, cx: Context<'_>, on: &mut (dyn FnMut(&Event) + Send)) -> SearchResult {
        let start = Instant::now();
        let root_pos = *self.position();
        let history = self.game.keys();
        let root = Chess(B::from_position(&root_pos));
        let pv = |pv: &[Move]| pv_texts(&root_pos, pv, Position::is_legal, uci::format, Position::play);
        let text = |m: Move| uci::format(&root_pos, m);
        let mut relay = Relay::new(on, &pv, &text);
        let eval = Evaluation::of(self.net.as_ref());
        let outcome = search(&root, &eval, Context { history: &history, ..cx }, &mut relay);
        let best = outcome.best.filter(|&b| root_pos.is_legal(b));
        let ponder = best.and_then(|b| {
            let after = root_pos.play(b);
            let ponder = outcome.ponder.or_else(|| {
                let key = cx.tt.probe(after.zobrist(), 0)?.mv;
                after.legal_moves().iter().copied().find(|m| m.key() == key)
            });
            ponder.filter(|&p| after.is_legal(p)).map(|p| uci::format(&after, p))
        });
        let best = best.map(|b| uci::format(&root_pos, b));
        relay.result(best, ponder, outcome.score, (outcome.depth, outcome.nodes), start)
    }
}

impl Game for ChessGame {
    fn boxed(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }

    fn position_forms(&self) -> (&'static [&'static str], &'static str) {
        (&["fen"], "fen <fen>")
    }

    fn set_position(&mut self, _kind: &str, text: Option<&str>, moves: &[&str]) -> Result<(), String> {
        let start = match text {
            None => {
                let mut p = Position::startpos();
                p.set_chess960(self.chess960);
                p
            }
            Some(fen) => {
                Position::from_fen_variant(fen, self.chess960).map_err(|e| format!("position ignored: {e}"))?
            }
        };
        self.game = polyboard_chess::Game::new(start);
        play_all(moves, |m| self.play(m))
    }

    fn side_to_move(&self) -> usize {
        self.position().turn().index()
    }

    fn move_key(&self, text: &str) -> Option<u32> {
        uci::parse(self.position(), text).ok().map(|m| m.key())
    }

    fn legal_moves(&self) -> Vec<String> {
        let pos = self.position();
        pos.legal_moves().iter().map(|&m| uci::format(pos, m)).collect()
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        self.game.play_uci(text).map(|_| ()).map_err(|e| e.to_string())
    }

    fn undo(&mut self) -> bool {
        self.game.undo().is_some()
    }

    fn fen(&self) -> String {
        self.position().fen()
    }

    fn result(&self) -> Option<(&'static str, String)> {
        let status = self.game.status();
        let text = match status {
            Status::Ongoing => return None,
            Status::Checkmate { winner } if winner.index() == 0 => return Some(("1-0", "White mates".into())),
            Status::Checkmate { .. } => return Some(("0-1", "Black mates".into())),
            Status::Stalemate => "Stalemate",
            Status::InsufficientMaterial => "Insufficient material",
            Status::FiftyMoves | Status::SeventyFiveMoves => "50-move rule",
            Status::ThreefoldRepetition | Status::FivefoldRepetition => "Draw by repetition",
        };
        Some(("1/2-1/2", text.into()))
    }

    fn search(&self, cx: Context<'_>, on: &mut (dyn FnMut(&Event) + Send)) -> SearchResult {
        with_repr!(self.repr.as_str(), B => self.run::<B>(cx, on)).unwrap_or_else(no_result)
    }

    fn perft(&self, depth: u32) -> Vec<(String, u64)> {
        let pos = *self.position();
        let rows = with_repr!(self.repr.as_str(), B => {
            polyboard_core::perft::divide(&B::from_position(&pos), depth.max(1), false)
        });
        rows.unwrap_or_default().into_iter().map(|(m, n)| (uci::format(&pos, m), n)).collect()
    }

    fn display(&self) -> String {
        let pos = self.position();
        let mut s = String::from(" +---+---+---+---+---+---+---+---+\n");
        for rank in (0..8).rev() {
            for file in 0..8 {
                let c = pos.piece_at(Square::from_coords(file, rank)).map_or(' ', |p| p.char());
                s.push_str(&format!(" | {c}"));
            }
            s.push_str(&format!(" | {}\n +---+---+---+---+---+---+---+---+\n", rank + 1));
        }
        s.push_str("   a   b   c   d   e   f   g   h\n");
        s.push_str(&format!("\nFen: {}\nKey: {:016X}\nCheckers:", pos.fen(), pos.zobrist()));
        let mut checkers = pos.checkers();
        while checkers != 0 {
            s.push_str(&format!(" {}", Square::from_index(checkers.trailing_zeros())));
            checkers &= checkers - 1;
        }
        s.push_str(&format!("\nRepr: {}", self.repr));
        s
    }

    fn set_option(&mut self, name: &str, value: &str) -> Option<Result<(), String>> {
        Some(match name {
            "uci_chess960" => match check_value("UCI_Chess960", value) {
                Ok(on) => {
                    self.chess960 = on;
                    // Keep the game, reading its castling rights as Chess960's too.
                    let mut start = *self.game.start();
                    start.set_chess960(self.chess960 || start.is_chess960());
                    let moves: Vec<Move> = self.game.moves().to_vec();
                    self.game = polyboard_chess::Game::new(start);
                    for m in moves {
                        let _ = self.game.play(m);
                    }
                    Ok(())
                }
                Err(e) => Err(e),
            },
            "repr" => {
                let v = value.to_ascii_lowercase();
                if names().contains(&v.as_str()) {
                    self.repr = v;
                    Ok(())
                } else {
                    Err(format!("option 'Repr': '{}' is not one of {}", clip(value), names().join(", ")))
                }
            }
            "evalfile" => {
                if value.is_empty() || value == BUILT_IN {
                    self.net = Some(nnue::built_in());
                    Ok(())
                } else if value == HAND_WRITTEN {
                    self.net = None;
                    Ok(())
                } else {
                    nnue::from_file(value)
                        .map(|n| self.net = Some(Arc::new(n)))
                        .map_err(|e| format!("option 'EvalFile': '{}': {e}; kept the current one", clip(value)))
                }
            }
            _ => return None,
        })
    }

    fn option_lines(&self) -> Vec<String> {
        let reprs = names().iter().map(|n| format!(" var {n}")).collect::<String>();
        vec![
            "option name UCI_Chess960 type check default false".into(),
            format!("option name Repr type combo default {}{reprs}", names()[0]),
            format!("option name EvalFile type string default {BUILT_IN}"),
        ]
    }

    fn material(&self) -> Option<u32> {
        let weights = [(Role::Pawn, 1), (Role::Knight, 3), (Role::Bishop, 3), (Role::Rook, 5), (Role::Queen, 9)];
        let p = self.position();
        let count = |role| Color::ALL.iter().map(|&c| p.pieces(c, role).count_ones()).sum::<u32>();
        Some(weights.iter().map(|&(role, w)| w * count(role)).sum())
    }

    fn bench(&self, depth: u32, line: &mut dyn FnMut(String)) -> Option<u64> {
        with_repr!(self.repr.as_str(), B => bench::<B>(depth, line))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::nnue::{HIDDEN, INPUTS};

    #[test]
    fn eval_file_loads_networks_and_refuses_other_files() {
        let mut g = ChessGame::new();
        assert!(g.net.is_some(), "the built-in network is the default");
        let dir = std::env::temp_dir().join(format!("polyboard-evalfile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("net.bin");
        let net = Net { w1: vec![[1; HIDDEN]; INPUTS], b1: [0; HIDDEN], w2: [[1; HIDDEN], [-1; HIDDEN]], b2: 0 };
        std::fs::write(&good, net.to_bytes()).unwrap();
        let bad = dir.join("weights.txt");
        std::fs::write(&bad, "not a network").unwrap();

        assert_eq!(g.set_option("evalfile", good.to_str().unwrap()), Some(Ok(())));
        assert!(g.net.is_some());
        let e = g.set_option("evalfile", bad.to_str().unwrap()).unwrap().unwrap_err();
        assert!(e.contains("magic") && e.contains("kept"), "{e}");
        assert!(g.net.is_some(), "a refused file keeps the current network");
        let e = g.set_option("evalfile", dir.join("missing").to_str().unwrap()).unwrap().unwrap_err();
        assert!(e.starts_with("option 'EvalFile'"), "{e}");
        assert_eq!(g.set_option("evalfile", HAND_WRITTEN), Some(Ok(())));
        assert!(g.net.is_none());
        assert_eq!(g.set_option("evalfile", BUILT_IN), Some(Ok(())));
        assert!(g.net.as_ref().is_some_and(|n| Arc::ptr_eq(n, &nnue::built_in())));
        assert!(g.option_lines().iter().any(|l| l == "option name EvalFile type string default <built-in>"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
