//! Makes training positions for the chess and shogi networks from polyboard's own games.
//!
//! ```sh
//! cargo run --release -p polyboard-engine --example datagen -- --out data.txt
//!     [--games 1000] [--nodes 5000] [--random-plies 8] [--threads 2] [--seed 1]
//!     [--eval-file nnue.bin] [--shogi]
//! ```
//!
//! With `--shogi` the games are shogi games (the `fast` representation, the 27-point
//! impasse rule) and the lines `SFEN [result] score`, result and score from Black's
//! side; a game also ends at fourfold repetition (a draw; perpetual check loses) and a
//! declared impasse win. Otherwise as for chess below.
//!
//! Each game starts from the start position and `--random-plies` uniformly random legal
//! moves (an opening whose first search scores beyond 1000 cp is drawn again), then
//! the engine plays both sides, `--nodes` a move, with one table a game. Every
//! position where the side to move is not in check, the chosen move is quiet (no
//! capture, no promotion) and the score is not a mate is written as `FEN [result]
//! score`, result (1, 0.5, 0) and score (centipawns) from White's side, as
//! `scripts/tune/nnue_data.py` writes them and `train_nnue` reads them. Games are
//! adjudicated: a win after 6 plies in a row beyond 2000 cp for the same side; a draw
//! by the rules (mate, stalemate, insufficient material, 50 moves, threefold), after 12
//! plies in a row within 10 cp past ply 80, or at ply 400.
//!
//! A game is a function of the seed and its number alone (one thread a game, fixed
//! nodes, a fresh table), so a run repeats exactly; with more than one thread the
//! games are written in the order they end.

use polyboard_chess::repr::Magic;
use polyboard_chess::{Board, Color, Game, Move, Position, Status};
use polyboard_engine::chess::Chess;
use polyboard_engine::chess::nnue::Evaluation;
use polyboard_engine::nnue::Net;
use polyboard_search::MATE_BOUND;
use polyboard_search::search::{Context, Control, Outcome, Settings, Silent, search};
use polyboard_search::time::Limits;
use polyboard_search::tt::Table;
use polyboard_search::{Evaluator, Searchable};
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// SplitMix64: the stream of a game's random opening moves.
struct Rng(u64);

impl Rng {
    /// A uniformly random element of `v` (`None` when it is empty).
    fn pick<T: Copy>(&mut self, v: &[T]) -> Option<T> {
        (!v.is_empty()).then(|| v[(self.next() % v.len() as u64) as usize])
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// What one game needs besides its number.
struct Setup {
    nodes: u64,
    random_plies: usize,
    seed: u64,
    net: Option<Arc<Net>>,
    /// Shogi games instead of chess.
    shogi: bool,
}

/// The engine's move and score (from the side to move) in the game so far.
fn think(game: &Game, setup: &Setup, tt: &Table) -> (Option<Move>, i32) {
    let pos = *game.position();
    let history = game.keys();
    let root = Chess(Magic::from_position(&pos));
    let outcome = fixed_nodes(&root, &Evaluation::of(setup.net.as_ref()), &history, setup.nodes, tt);
    (outcome.best.filter(|&m| pos.is_legal(m)), outcome.score)
}

/// A search of `root` (after the positions whose keys are `history`) to `nodes` nodes.
fn fixed_nodes<P: Searchable, E: Evaluator<P>>(
    root: &P,
    eval: &E,
    history: &[u64],
    nodes: u64,
    tt: &Table,
) -> Outcome<P::Move> {
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    let settings = Settings::default();
    let control = Control::new(false);
    let cx = Context { history, limits: &limits, settings: &settings, tt, control: &control };
    search(root, eval, cx, &mut Silent)
}

/// A game's start: the start position and the random plies, or `None` when they end
/// the game.
fn opening(rng: &mut Rng, plies: usize) -> Option<Game> {
    let mut game = Game::new(Position::startpos());
    for _ in 0..plies {
        let mv = rng.pick(&game.position().legal_moves())?;
        game.play(mv).ok()?;
    }
    (!game.status().is_over()).then_some(game)
}

/// Plays game number `number` and returns its lines.
fn play(number: u64, setup: &Setup, tt: &Table) -> Vec<String> {
    if setup.shogi {
        return shogi::play(number, setup, tt);
    }
    let mut rng = Rng(setup.seed ^ number.wrapping_mul(0xD134_2543_DE82_EF95));
    let mut game = loop {
        tt.clear();
        if let Some(g) = opening(&mut rng, setup.random_plies)
            && think(&g, setup, tt).1.abs() <= 1000
        {
            break g;
        }
    };
    // (FEN, score from White) of the positions kept.
    let mut kept: Vec<(String, i32)> = Vec::new();
    let (mut winning, mut quiet) = (0i32, 0u32);
    let white_result = loop {
        match game.status() {
            Status::Ongoing => {}
            Status::Checkmate { winner } => break if winner == Color::White { 1.0 } else { 0.0 },
            _ => break 0.5,
        }
        if game.moves().len() >= 400 {
            break 0.5;
        }
        let pos = *game.position();
        let (Some(mv), score) = think(&game, setup, tt) else { break 0.5 };
        let white = if pos.turn() == Color::White { score } else { -score };
        // Adjudication, from White's side.
        winning = match white {
            s if s >= 2000 => winning.max(0) + 1,
            s if s <= -2000 => winning.min(0) - 1,
            _ => 0,
        };
        if winning.abs() >= 6 {
            break if winning > 0 { 1.0 } else { 0.0 };
        }
        quiet = if white.abs() <= 10 && game.moves().len() >= 80 { quiet + 1 } else { 0 };
        if quiet >= 12 {
            break 0.5;
        }
        let noisy = pos.piece_at(mv.to()).is_some() || mv.is_en_passant() || mv.promotion_role().is_some();
        if !pos.is_check() && !noisy && score.abs() < MATE_BOUND {
            kept.push((pos.fen(), white));
        }
        if game.play(mv).is_err() {
            break 0.5;
        }
    };
    kept.into_iter().map(|(fen, score)| format!("{fen} [{white_result:.1}] {score}")).collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let num = |name: &str, default: u64| get(name).and_then(|v| v.parse::<u64>().ok()).unwrap_or(default);
    let Some(out) = get("--out") else {
        eprintln!(
            "usage: datagen --out FILE [--games N] [--nodes N] [--random-plies N] [--threads N] [--seed N] [--eval-file NET]"
        );
        std::process::exit(2);
    };
    let shogi = args.iter().any(|a| a == "--shogi");
    let net = get("--eval-file").map(|path| {
        let read = std::fs::read(&path).map_err(|e| polyboard_engine::nnue::NetError(e.to_string())).and_then(|b| {
            if shogi {
                polyboard_engine::shogi::nnue::from_bytes(&b)
            } else {
                Net::from_bytes(&b, polyboard_engine::chess::nnue::INPUTS)
            }
        });
        Arc::new(read.unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(2)
        }))
    });
    let setup = Setup {
        nodes: num("--nodes", 5000),
        random_plies: num("--random-plies", 8) as usize,
        seed: num("--seed", 1),
        net,
        shogi,
    };
    let games = num("--games", 1000);
    let threads = num("--threads", 2).max(1);
    let file = std::fs::File::create(&out).unwrap_or_else(|e| {
        eprintln!("{out}: {e}");
        std::process::exit(2)
    });
    let writer = Mutex::new(std::io::BufWriter::new(file));
    let (next, done, lines) = (AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0));
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let tt = Table::new(8);
                loop {
                    let number = next.fetch_add(1, Relaxed);
                    if number >= games {
                        break;
                    }
                    let text = play(number, &setup, &tt);
                    let mut w = writer.lock().unwrap_or_else(|e| e.into_inner());
                    for line in &text {
                        if let Err(e) = writeln!(w, "{line}") {
                            eprintln!("{out}: {e}");
                            std::process::exit(1);
                        }
                    }
                    let total = lines.fetch_add(text.len() as u64, Relaxed) + text.len() as u64;
                    let finished = done.fetch_add(1, Relaxed) + 1;
                    if finished % 100 == 0 || finished == games {
                        let secs = start.elapsed().as_secs_f64();
                        eprintln!("{finished} games, {total} positions, {:.0} positions/s", total as f64 / secs);
                    }
                }
            });
        }
    });
    let mut w = writer.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Err(e) = w.flush() {
        eprintln!("{out}: {e}");
        std::process::exit(1);
    }
}

/// The shogi games (`--shogi`).
mod shogi {
    use super::{Rng, Setup, fixed_nodes};
    use polyboard_engine::shogi::Shogi;
    use polyboard_engine::shogi::nnue::Evaluation;
    use polyboard_search::MATE_BOUND;
    use polyboard_search::tt::Table;
    use polyboard_shogi::repr::FastBoard;
    use polyboard_shogi::{Color, Declaration, Game, ImpasseRule, Move, Position, ShogiBoard, Status};

    /// The engine's move and score (from the side to move) after the positions `line`.
    fn think(line: &[Position], setup: &Setup, tt: &Table) -> (Option<Move>, i32) {
        let (pos, before) = line.split_last().expect("a game has a position");
        let history: Vec<u64> = before.iter().map(Position::key).collect();
        let checks: Vec<bool> = before.iter().map(Position::is_check).collect();
        let root = Shogi::new(FastBoard::from_position(pos), &checks).with_rule(Some(ImpasseRule::Points27));
        let outcome = fixed_nodes(&root, &Evaluation::of(setup.net.as_ref()), &history, setup.nodes, tt);
        (outcome.best.filter(|&m| pos.is_legal(m)), outcome.score)
    }

    /// A game's start: the start position and the random plies, or `None` when they
    /// end the game.
    fn opening(rng: &mut Rng, plies: usize) -> Option<Game> {
        let mut game = Game::new(Position::startpos());
        for _ in 0..plies {
            let mv = rng.pick(&game.position().legal_moves())?;
            game.play(mv).ok()?;
        }
        (!game.status().is_over()).then_some(game)
    }

    /// Plays shogi game number `number` and returns its lines.
    pub(super) fn play(number: u64, setup: &Setup, tt: &Table) -> Vec<String> {
        let mut rng = Rng(setup.seed ^ number.wrapping_mul(0xD134_2543_DE82_EF95));
        let game = loop {
            tt.clear();
            if let Some(g) = opening(&mut rng, setup.random_plies)
                && think(&[g.position().clone()], setup, tt).1.abs() <= 1000
            {
                break g;
            }
        };
        let mut line = vec![game.position().clone()];
        let mut game = game;
        // (SFEN, score from Black) of the positions kept.
        let mut kept: Vec<(String, i32)> = Vec::new();
        let mut winning = 0i32;
        let black_result = loop {
            match game.status() {
                Status::Ongoing => {}
                Status::Checkmate { winner } | Status::NoLegalMove { winner } | Status::PerpetualCheck { winner } => {
                    break if winner == Color::Black { 1.0 } else { 0.0 };
                }
                Status::Repetition => break 0.5,
            }
            let pos = game.position().clone();
            if game.declaration(ImpasseRule::Points27) == Some(Declaration::Win) {
                break if pos.turn == Color::Black { 1.0 } else { 0.0 };
            }
            if game.moves().len() >= 400 {
                break 0.5;
            }
            let (Some(mv), score) = think(&line, setup, tt) else { break 0.5 };
            let black = if pos.turn == Color::Black { score } else { -score };
            // Adjudication, from Black's side.
            winning = match black {
                s if s >= 2000 => winning.max(0) + 1,
                s if s <= -2000 => winning.min(0) - 1,
                _ => 0,
            };
            if winning.abs() >= 6 {
                break if winning > 0 { 1.0 } else { 0.0 };
            }
            let noisy = mv.is_promotion() || (!mv.is_drop() && pos.board[mv.to()].is_some());
            if !pos.is_check() && !noisy && score.abs() < MATE_BOUND {
                kept.push((pos.sfen(), black));
            }
            if game.play(mv).is_err() {
                break 0.5;
            }
            line.push(game.position().clone());
        };
        kept.into_iter().map(|(sfen, score)| format!("{sfen} [{black_result:.1}] {score}")).collect()
    }
}
