//! The representation comparison of `polyboard bench`.
//!
//! Every representation runs three kinds of perft on the five CPW positions:
//! bulk (the last ply counted, not played), full by copy-make (every leaf played on a
//! copy of its parent) and full by make/unmake. Each count is checked against the
//! published one. Representations are interleaved per position, and each measurement
//! repeats until it has run for a minimum time and keeps its best rate, so machine
//! noise hits all alike. Then the compact encodings' rates.

use crate::common::{BenchError, BenchPosition, CodecRow, POSITIONS, Row};
use polyboard_chess::{Board, Position, SearchBoard, with_repr};
use polyboard_core::perft::{perft, perft_full, perft_make_unmake};
use std::time::Instant;

/// Positions for the codec rates: every ply of 40 random games from the start
/// position (fixed seed), so every run measures the same set.
fn codec_positions() -> Vec<Position> {
    polyboard_chess::sample::random_game_positions(40, 80, 0x2545_f491_4f6c_dd1d)
}

fn codec_rows(min: f64) -> Vec<CodecRow> {
    let positions = codec_positions();
    let mut rows = Vec::new();
    for format in polyboard_codec::Format::available() {
        let mut buf = Vec::with_capacity(64);
        let records: Vec<(Vec<u8>, usize)> = positions
            .iter()
            .map(|p| {
                let bits = format.encode(p, &mut buf).unwrap_or(0);
                (buf.clone(), bits)
            })
            .collect();
        let bits = records.iter().map(|r| r.1).sum::<usize>() as f64 / records.len() as f64;
        let n = positions.len() as u64;
        let encode = time(min, n, format.name(), || {
            positions.iter().for_each(|p| {
                let _ = std::hint::black_box(format.encode(p, &mut buf));
            });
            n
        })
        .unwrap_or(0.0);
        let decode = time(min, n, format.name(), || {
            records.iter().filter(|r| std::hint::black_box(format.decode(&r.0, false)).is_ok()).count() as u64
        })
        .unwrap_or(0.0);
        rows.push(CodecRow { name: format.name(), bits, encode, decode });
    }
    rows
}

/// Runs `f` until `min_secs` have passed (at least once) and returns the best Mnps.
fn time(min_secs: f64, expected: u64, what: &str, mut f: impl FnMut() -> u64) -> Result<f64, BenchError> {
    let mut best = f64::MAX;
    let mut spent = 0.0;
    while spent < min_secs || best == f64::MAX {
        let t = Instant::now();
        let n = f();
        let secs = t.elapsed().as_secs_f64();
        if n != expected {
            return Err(BenchError::Count { what: what.to_string(), got: n, published: expected });
        }
        best = best.min(secs);
        spent += secs;
    }
    Ok(expected as f64 / best.max(1e-9) / 1e6)
}

/// Nanoseconds per call of [`SearchBoard::piece_sets`], best of repeated passes over
/// `positions`.
fn sets_time<B: SearchBoard>(positions: &[Position], min_secs: f64) -> f64 {
    let boards: Vec<B> = positions.iter().map(B::from_position).collect();
    let mut best = f64::MAX;
    let mut spent = 0.0;
    while spent < min_secs || best == f64::MAX {
        let t = Instant::now();
        let mut x = 0u64;
        for b in &boards {
            let sets = std::hint::black_box(b).piece_sets();
            x ^= std::hint::black_box(sets).0[1];
        }
        std::hint::black_box(x);
        let secs = t.elapsed().as_secs_f64();
        best = best.min(secs);
        spent += secs;
    }
    best * 1e9 / boards.len().max(1) as f64
}

fn measure<B: Board>(p: &BenchPosition, quick: bool, row: &mut Row) -> Result<(), BenchError> {
    let (bulk_d, full_d) = p.depths[usize::from(!quick)];
    // Under `quick`, 60 ms of repeated runs a cell: with thirteen representations 80 ms
    // took `bench --quick` past 30 s on the 2-core machine.
    let min = if quick { 0.06 } else { 0.4 };
    let pos = Position::from_fen(p.fen)
        .map_err(|e| BenchError::Position { what: p.label.to_string(), reason: e.to_string() })?;
    let b = B::from_position(&pos);
    let what = |mode: &str| format!("{} {mode} {} depth", B::NAME, p.label);
    let (bulk_n, full_n) = (p.counts[bulk_d as usize - 1], p.counts[full_d as usize - 1]);
    row.bulk.push(time(min, bulk_n, &what("bulk"), || perft(&b, bulk_d))?);
    row.copy.push(time(min, full_n, &what("copy-make"), || perft_full(&b, full_d))?);
    let mut m = b.clone();
    row.make.push(time(min, full_n, &what("make/unmake"), || perft_make_unmake(&mut m, full_d))?);
    Ok(())
}

/// Measures the representations `names` (see the module doc), shallower and shorter
/// under `quick`; an error when a count disagrees with the published one.
pub fn rows(names: &[&'static str], quick: bool) -> Result<Vec<Row>, BenchError> {
    let mut rows: Vec<Row> = names
        .iter()
        .map(|&name| Row {
            name,
            size: with_repr!(name, B => std::mem::size_of::<B>()).unwrap_or(0),
            bulk: vec![],
            copy: vec![],
            make: vec![],
            sets_ns: 0.0,
        })
        .collect();
    for p in &POSITIONS {
        for row in rows.iter_mut() {
            if let Some(Err(e)) = with_repr!(row.name, B => measure::<B>(p, quick, row)) {
                return Err(e);
            }
        }
    }
    let sample = codec_positions();
    for row in rows.iter_mut() {
        row.sets_ns = with_repr!(row.name, B => sets_time::<B>(&sample, if quick { 0.05 } else { 0.3 })).unwrap_or(0.0);
    }
    Ok(rows)
}

/// Encode and decode rates of every available compact encoding, shorter under `quick`.
pub fn codecs(quick: bool) -> Vec<CodecRow> {
    codec_rows(if quick { 0.05 } else { 0.3 })
}
