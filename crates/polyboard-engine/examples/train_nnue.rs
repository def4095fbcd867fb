//! Trains the chess or shogi network evaluation (`polyboard_engine::chess::nnue`,
//! `polyboard_engine::shogi::nnue`) on CPU.
//!
//! ```sh
//! cargo run --release -p polyboard-engine --example train_nnue -- DATA... [--out nnue.bin]
//!     [--epochs 30] [--lambda 0.75] [--lr 0.001] [--batch 16384] [--threads 2] [--seed 1]
//!     [--wdl-scale 400] [--mirror] [--shogi [--king-zone]] [--init NET]
//! ```
//!
//! DATA: files of `FEN [result] score` lines (`scripts/tune/nnue_data.py`, or the
//! `datagen` example), result and score from White's side; with `--shogi`, `SFEN
//! [result] score` lines (`datagen --shogi`), result and score from Black's side. The last 5% of the lines
//! (whole games, as the data is written game by game) are held out. Each position's
//! target, from the side to move, is `lambda * sigmoid(score / K) + (1 - lambda) *
//! result`, K being `--wdl-scale` (with `--lambda 1.0` the network's centipawns are
//! the data's whatever K; fitted to the results, K is about 100 for Stockfish's depth-8
//! scores and 140 for `datagen`'s); the network's
//! output `o` (centipawns, `o = SCALE * raw`) is fitted by the mean of
//! `(sigmoid(o / K) - target)^2`, with Adam (the learning rate falling tenfold over
//! the run) on batches split over `--threads`. `--mirror` adds every position without
//! castling rights mirrored a-h too (the same target; in shogi every position,
//! mirrored file 1-9; `--king-zone` adds shogi's king-zone features,
//! `shogi::nnue::INPUTS_ZONE`). After every epoch the held-out loss is printed, and the
//! network of the best held-out loss is quantized and written (the file `Net::from_bytes`
//! reads). Weights are clipped so that the quantized accumulators cannot overflow. The
//! hand-written evaluation's held-out loss is printed first, for comparison (at K and
//! at the scale that fits it best).
//! `--init NET` starts from a network file (its integers divided back by `QA` and `QB`)
//! instead of random weights, to fine-tune it on new data; its inputs must be the ones
//! the flags choose, and its held-out loss is printed before the first epoch.
//! Deterministic for a given data, seed and thread count.

use polyboard_chess::{Color, PieceSets, Position};
use polyboard_engine::chess::eval::{Weights, evaluate};
use polyboard_engine::chess::nnue::{INPUTS, feature, pieces};
use polyboard_engine::nnue::{HIDDEN, Net, QA, QB, SCALE};
use polyboard_engine::shogi::Shogi;
use polyboard_engine::shogi::eval::{ShogiWeights, score_black};
use polyboard_engine::shogi::nnue::Snapshot;
use polyboard_shogi::ShogiBoard;
use polyboard_shogi::repr::FastBoard;

/// The most features a position sets (40 in shogi: one a piece, on the board or in hand).
const MAX_FEATURES: usize = 40;
/// First-layer weights are kept within this (so `QA` times 41 of them fit an `i16`).
const CLIP1: f32 = 1.98;
/// The same with shogi's king-zone features, up to 88 a position (a piece counts
/// again in each king's zone it stands in): `QA` times 89 of them fit an `i16`.
const CLIP1_ZONE: f32 = 1.44;
/// Output weights are kept within this.
const CLIP2: f32 = 16.0;

/// One training position: the features from the side to move's view and the other
/// side's, and the target.
struct Sample {
    us: Vec<u16>,
    them: Vec<u16>,
    target: f32,
    /// The hand-written evaluation's score, centipawns from the side to move (to
    /// compare the losses).
    hand: f32,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The samples of the files' lines; bad lines are counted and skipped.
fn read(paths: &[String], lambda: f32, k: f32, mirror: bool, shogi: bool, zone: bool) -> Vec<Sample> {
    let mut out = Vec::new();
    let mut bad = 0;
    let (chess_weights, shogi_weights) = (Weights::default(), ShogiWeights::default());
    for path in paths {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(2)
        });
        for line in text.lines() {
            let fields = line.rsplit_once('[').and_then(|(position, rest)| {
                let (result, score) = rest.split_once(']')?;
                Some((position.trim(), result.trim().parse::<f32>().ok()?, score.trim().parse::<f32>().ok()?))
            });
            let added = fields.and_then(|(position, result, score)| {
                // The target from the side to move's view, `first` when it is the side
                // the line's result and score are from.
                let target = |first: bool| {
                    let (result, score) = if first { (result, score) } else { (1.0 - result, -score) };
                    lambda * sigmoid(score / k) + (1.0 - lambda) * result
                };
                if shogi {
                    shogi_samples(position, target, mirror, zone, &shogi_weights, &mut out)
                } else {
                    chess_samples(position, target, mirror, &chess_weights, &mut out)
                }
            });
            if added.is_none() {
                bad += 1;
            }
        }
    }
    eprintln!("{} positions read, {bad} lines skipped", out.len());
    out
}

/// The samples of the chess position `fen` (result and score from White's side).
fn chess_samples(
    fen: &str,
    target: impl Fn(bool) -> f32,
    mirror: bool,
    weights: &Weights,
    out: &mut Vec<Sample>,
) -> Option<()> {
    let pos = Position::from_fen(fen).ok()?;
    let stm = pos.turn();
    let sets = PieceSets::of_position(&pos);
    let target = target(stm == Color::White);
    let hand = evaluate(&sets, stm, weights) as f32;
    // Without castling rights, the position mirrored a-h is worth the same.
    let flips: &[usize] = if mirror && fen.split_whitespace().nth(2) == Some("-") { &[0, 7] } else { &[0] };
    for &flip in flips {
        let (mut us, mut them) = (Vec::with_capacity(MAX_FEATURES), Vec::with_capacity(MAX_FEATURES));
        for (color, role, sq) in pieces(&sets) {
            us.push(feature(stm.index(), color, role, sq ^ flip) as u16);
            them.push(feature(stm.index() ^ 1, color, role, sq ^ flip) as u16);
        }
        out.push(Sample { us, them, target, hand });
    }
    Some(())
}

/// The samples of the shogi position `sfen` (result and score from Black's side).
fn shogi_samples(
    sfen: &str,
    target: impl Fn(bool) -> f32,
    mirror: bool,
    zone: bool,
    weights: &ShogiWeights,
    out: &mut Vec<Sample>,
) -> Option<()> {
    use polyboard_shogi::Color;
    let pos = polyboard_shogi::Position::from_sfen(sfen).ok()?;
    let stm = pos.turn;
    let target = target(stm == Color::Black);
    let black = score_black(&Shogi::new(FastBoard::from_position(&pos), &[]), &weights.values) as f32;
    let hand = if stm == Color::Black { black } else { -black };
    let plain = Snapshot { board: pos.board, hands: pos.hands };
    let mut views = vec![plain];
    if mirror {
        let mut m = plain;
        for (sq, p) in plain.board.iter().enumerate() {
            // File f to 10 - f, the rank kept.
            m.board[9 * (8 - sq / 9) + sq % 9] = *p;
        }
        views.push(m);
    }
    for s in views {
        let us = s.features(stm, zone).map(|f| f as u16).collect();
        let them = s.features(stm.flip(), zone).map(|f| f as u16).collect();
        out.push(Sample { us, them, target, hand });
    }
    Some(())
}

/// The network in floating point (the same shapes as [`Net`]).
#[derive(Clone)]
struct Params {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
}

impl Params {
    fn zeros(inputs: usize) -> Params {
        Params { w1: vec![0.0; inputs * HIDDEN], b1: vec![0.0; HIDDEN], w2: vec![0.0; 2 * HIDDEN], b2: 0.0 }
    }

    fn random(seed: u64, inputs: usize) -> Params {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut uniform = |a: f32| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            ((x >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * a
        };
        let mut p = Params::zeros(inputs);
        p.w1.iter_mut().for_each(|w| *w = uniform(0.1));
        p.w2.iter_mut().for_each(|w| *w = uniform(1.0 / (2.0 * HIDDEN as f32).sqrt()));
        p
    }

    fn add(&mut self, o: &Params) {
        for (a, b) in
            self.w1.iter_mut().zip(&o.w1).chain(self.b1.iter_mut().zip(&o.b1)).chain(self.w2.iter_mut().zip(&o.w2))
        {
            *a += b;
        }
        self.b2 += o.b2;
    }

    fn clear(&mut self) {
        for a in self.w1.iter_mut().chain(self.b1.iter_mut()).chain(self.w2.iter_mut()) {
            *a = 0.0;
        }
        self.b2 = 0.0;
    }

    /// The accumulator of the features `f`, before clipping.
    fn accumulate(&self, f: &[u16], acc: &mut [f32; HIDDEN]) {
        acc.copy_from_slice(&self.b1);
        for &i in f {
            let row = &self.w1[i as usize * HIDDEN..(i as usize + 1) * HIDDEN];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
    }

    /// The accumulators of the side to move and the other side (before clipping) and
    /// the raw output (centipawns are `SCALE` times it).
    fn forward(&self, s: &Sample) -> ([f32; HIDDEN], [f32; HIDDEN], f32) {
        let (mut au, mut at) = ([0f32; HIDDEN], [0f32; HIDDEN]);
        self.accumulate(&s.us, &mut au);
        self.accumulate(&s.them, &mut at);
        let (w2u, w2t) = self.w2.split_at(HIDDEN);
        let mut out = self.b2;
        for i in 0..HIDDEN {
            out += au[i].clamp(0.0, 1.0) * w2u[i] + at[i].clamp(0.0, 1.0) * w2t[i];
        }
        (au, at, out)
    }

    /// The squared error against the target and, with `grad`, adds its gradient there.
    fn step(&self, s: &Sample, wdl_scale: f32, grad: Option<&mut Params>) -> f32 {
        let (au, at, out) = self.forward(s);
        let (w2u, w2t) = self.w2.split_at(HIDDEN);
        let k = SCALE as f32 / wdl_scale;
        let p = sigmoid(out * k);
        let err = p - s.target;
        if let Some(g) = grad {
            let d = 2.0 * err * p * (1.0 - p) * k;
            g.b2 += d;
            let (mut du, mut dt) = ([0f32; HIDDEN], [0f32; HIDDEN]);
            {
                let (g2u, g2t) = g.w2.split_at_mut(HIDDEN);
                for i in 0..HIDDEN {
                    g2u[i] += d * au[i].clamp(0.0, 1.0);
                    g2t[i] += d * at[i].clamp(0.0, 1.0);
                    du[i] = if au[i] > 0.0 && au[i] < 1.0 { d * w2u[i] } else { 0.0 };
                    dt[i] = if at[i] > 0.0 && at[i] < 1.0 { d * w2t[i] } else { 0.0 };
                    g.b1[i] += du[i] + dt[i];
                }
            }
            for (f, dh) in [(&s.us, &du), (&s.them, &dt)] {
                for &i in f.iter() {
                    let row = &mut g.w1[i as usize * HIDDEN..(i as usize + 1) * HIDDEN];
                    for (r, x) in row.iter_mut().zip(dh.iter()) {
                        *r += x;
                    }
                }
            }
        }
        err * err
    }

    /// The floating-point weights of a quantized network (the inverse of
    /// [`Params::quantize`] up to its rounding).
    fn from_net(net: &Net) -> Params {
        let (qa, qb) = (QA as f32, QB as f32);
        Params {
            w1: net.w1.iter().flat_map(|r| r.iter().map(|&w| w as f32 / qa)).collect(),
            b1: net.b1.iter().map(|&b| b as f32 / qa).collect(),
            w2: net.w2.iter().flat_map(|r| r.iter().map(|&w| w as f32 / qb)).collect(),
            b2: net.b2 as f32 / (qa * qb),
        }
    }

    /// The network quantized to the engine's integers.
    fn quantize(&self) -> Net {
        let q = |x: f32, s: i32| (x * s as f32).round() as i16;
        let row = |v: &[f32], s: i32| {
            let mut r = [0i16; HIDDEN];
            for (a, &x) in r.iter_mut().zip(v) {
                *a = q(x, s);
            }
            r
        };
        Net {
            w1: self.w1.chunks_exact(HIDDEN).map(|c| row(c, QA)).collect(),
            b1: row(&self.b1, QA),
            w2: [row(&self.w2[..HIDDEN], QB), row(&self.w2[HIDDEN..], QB)],
            b2: (self.b2 * (QA * QB) as f32).round() as i32,
        }
    }
}

/// Adam's moment estimates.
struct Adam {
    m: Params,
    v: Params,
    t: i32,
    /// The first layer's clip ([`CLIP1`] or [`CLIP1_ZONE`]).
    clip1: f32,
}

impl Adam {
    fn update(&mut self, p: &mut Params, g: &Params, lr: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        let one = |p: &mut f32, g: f32, m: &mut f32, v: &mut f32, clip: f32| {
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            *p -= lr * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
            *p = p.clamp(-clip, clip);
        };
        for i in 0..p.w1.len() {
            one(&mut p.w1[i], g.w1[i], &mut self.m.w1[i], &mut self.v.w1[i], self.clip1);
        }
        for i in 0..HIDDEN {
            one(&mut p.b1[i], g.b1[i], &mut self.m.b1[i], &mut self.v.b1[i], self.clip1);
        }
        for i in 0..2 * HIDDEN {
            one(&mut p.w2[i], g.w2[i], &mut self.m.w2[i], &mut self.v.w2[i], CLIP2);
        }
        one(&mut p.b2, g.b2, &mut self.m.b2, &mut self.v.b2, CLIP2);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let num = |name: &str, default: f64| get(name).and_then(|v| v.parse::<f64>().ok()).unwrap_or(default);
    let flags = ["--out", "--epochs", "--lambda", "--lr", "--batch", "--threads", "--seed", "--wdl-scale", "--init"];
    let mirror = args.iter().any(|a| a == "--mirror");
    let shogi = args.iter().any(|a| a == "--shogi");
    // Shogi's king-zone features (`shogi::nnue::INPUTS_ZONE`).
    let zone = shogi && args.iter().any(|a| a == "--king-zone");
    let inputs = match (shogi, zone) {
        (true, true) => polyboard_engine::shogi::nnue::INPUTS_ZONE,
        (true, false) => polyboard_engine::shogi::nnue::INPUTS,
        _ => INPUTS,
    };
    let files: Vec<String> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| !a.starts_with("--") && (*i == 0 || !flags.contains(&args[i - 1].as_str())))
        .map(|(_, a)| a.clone())
        .collect();
    if files.is_empty() {
        eprintln!(
            "usage: train_nnue DATA... [--out nnue.bin] [--epochs N] [--lambda L] [--lr X] [--batch N] [--threads N] [--seed N] [--wdl-scale K] [--mirror] [--shogi [--king-zone]] [--init NET]"
        );
        std::process::exit(2);
    }
    let out = get("--out").unwrap_or_else(|| "nnue.bin".into());
    let epochs = num("--epochs", 30.0) as usize;
    let lambda = num("--lambda", 0.75) as f32;
    let lr0 = num("--lr", 0.001) as f32;
    let batch = (num("--batch", 16384.0) as usize).max(1);
    let threads = (num("--threads", 2.0) as usize).max(1);
    let seed = num("--seed", 1.0) as u64;

    let k = num("--wdl-scale", 400.0) as f32;
    let data = read(&files, lambda, k, mirror, shogi, zone);
    let held = data.len() / 20;
    let (train, test) = data.split_at(data.len() - held);
    if train.is_empty() || test.is_empty() {
        eprintln!("too little data");
        std::process::exit(2);
    }
    // `Net::from_file` checks the file against the input count the flags choose.
    let init = get("--init");
    let mut p = match &init {
        None => Params::random(seed, inputs),
        Some(path) => Params::from_net(&Net::from_file(path, inputs).unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(2)
        })),
    };
    let mut adam =
        Adam { m: Params::zeros(inputs), v: Params::zeros(inputs), t: 0, clip1: if zone { CLIP1_ZONE } else { CLIP1 } };
    let mut grads: Vec<Params> = (0..threads).map(|_| Params::zeros(inputs)).collect();
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut rng = seed.wrapping_mul(0xD134_2543_DE82_EF95) | 1;
    let mut best = f32::INFINITY;
    let loss = |p: &Params, set: &[Sample]| set.iter().map(|s| p.step(s, k, None)).sum::<f32>() / set.len() as f32;
    // The hand-written evaluation at its own scale: the best of sigmoid(hand / k).
    let hand_loss =
        |c: f32| test.iter().map(|s| (sigmoid(s.hand / c) - s.target).powi(2)).sum::<f32>() / test.len() as f32;
    let (best_k, hand) = (100..=800)
        .step_by(10)
        .map(|c| (c, hand_loss(c as f32)))
        .fold((400, f32::INFINITY), |a, b| if b.1 < a.1 { b } else { a });
    eprintln!(
        "the hand-written evaluation's held-out loss: {:.6} at {k}, {hand:.6} at its best scale {best_k}",
        hand_loss(k)
    );
    if init.is_some() {
        eprintln!("the initial network's held-out loss: {:.6}", loss(&p, test));
    }
    for epoch in 0..epochs {
        // Fisher-Yates with xorshift.
        for i in (1..order.len()).rev() {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            order.swap(i, (rng % (i as u64 + 1)) as usize);
        }
        let lr = lr0 * 0.1f32.powf(epoch as f32 / epochs.max(1) as f32);
        let mut sum = 0.0;
        for chunk in order.chunks(batch) {
            let per = chunk.len().div_ceil(threads);
            let params = &p;
            let errs: Vec<f32> = std::thread::scope(|sc| {
                let handles: Vec<_> = grads
                    .iter_mut()
                    .zip(chunk.chunks(per))
                    .map(|(g, part)| {
                        sc.spawn(move || {
                            g.clear();
                            part.iter().map(|&i| params.step(&train[i as usize], k, Some(g))).sum::<f32>()
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap_or(0.0)).collect()
            });
            sum += errs.iter().sum::<f32>();
            let used = chunk.len().div_ceil(per);
            let (first, rest) = grads.split_at_mut(1);
            for g in &rest[..used - 1] {
                first[0].add(g);
            }
            let scale = 1.0 / chunk.len() as f32;
            let g = &mut first[0];
            for a in g.w1.iter_mut().chain(g.b1.iter_mut()).chain(g.w2.iter_mut()) {
                *a *= scale;
            }
            g.b2 *= scale;
            adam.update(&mut p, g, lr);
        }
        let held_loss = loss(&p, test);
        let mark = if held_loss < best { "  (best, written)" } else { "" };
        eprintln!(
            "epoch {:>3}: train {:.6}  held-out {:.6}  lr {:.6}{mark}",
            epoch + 1,
            sum / train.len() as f32,
            held_loss,
            lr
        );
        if held_loss < best {
            best = held_loss;
            // How far the integers the engine computes are from the float network.
            let q = p.quantize();
            let acc = |f: &[u16]| q.accumulate(f.iter().map(|&i| i as usize));
            let gap = test
                .iter()
                .map(|s| (q.output(&acc(&s.us), &acc(&s.them)) as f32 - p.forward(s).2 * SCALE as f32).abs())
                .sum::<f32>()
                / test.len() as f32;
            eprintln!("           quantized against float: {gap:.2} cp apart on average");
            if let Err(e) = std::fs::write(&out, q.to_bytes()) {
                eprintln!("{out}: {e}");
                std::process::exit(2);
            }
        }
    }
}
