//! Makes training positions for the chess network from polyboard's own games.
//!
//! ```sh
//! cargo run --release -p polyboard-engine --example datagen -- --out data.txt
//!     [--games 1000] [--nodes 5000] [--random-plies 8] [--threads 2] [--seed 1]
//!     [--eval-file nnue.bin]
//! ```
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
use polyboard_engine::chess::nnue::{Evaluation, Net};
use polyboard_search::MATE_BOUND;
use polyboard_search::search::{Context, Control, Settings, Silent, search};
use polyboard_search::time::Limits;
use polyboard_search::tt::Table;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// SplitMix64: the stream of a game's random opening moves.
struct Rng(u64);

impl Rng {
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
}

/// The engine's move and score (from the side to move) in the game so far.
fn think(game: &Game, setup: &Setup, tt: &Table) -> (Option<Move>, i32) {
    let pos = *game.position();
    let history = game.keys();
    let root = Chess(Magic::from_position(&pos));
    let eval = Evaluation::of(setup.net.as_ref());
    let limits = Limits { nodes: Some(setup.nodes), ..Limits::default() };
    let settings = Settings::default();
    let control = Control::new(false);
    let cx = Context { history: &history, limits: &limits, settings: &settings, tt, control: &control };
    let outcome = search(&root, &eval, cx, &mut Silent);
    (outcome.best.filter(|&m| pos.is_legal(m)), outcome.score)
}

/// A game's start: the start position and the random plies, or `None` when they end
/// the game.
fn opening(rng: &mut Rng, plies: usize) -> Option<Game> {
    let mut game = Game::new(Position::startpos());
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            return None;
        }
        let mv = moves[(rng.next() % moves.len() as u64) as usize];
        game.play(mv).ok()?;
    }
    (!game.status().is_over()).then_some(game)
}

/// Plays game number `number` and returns its lines.
fn play(number: u64, setup: &Setup, tt: &Table) -> Vec<String> {
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
    let net = get("--eval-file").map(|path| {
        Arc::new(Net::from_file(&path).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(2)
        }))
    });
    let setup = Setup {
        nodes: num("--nodes", 5000),
        random_plies: num("--random-plies", 8) as usize,
        seed: num("--seed", 1),
        net,
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
