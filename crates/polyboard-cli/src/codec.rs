//! `polyboard encode` and `polyboard decode`: FEN lines to compact records and back.
//!
//! Text records are lowercase hex, one a line. Binary records (`--binary`) are
//! one length byte (0-255) followed by that many record bytes, back to back with
//! nothing between them.
//!
//! Input lines that are blank or start with `#` are skipped; in FEN input,
//! anything after a `;` is ignored, so perft-suite EPD lines can be piped in.
//! The first bad line or record stops the run: its error goes to stderr, naming
//! the record number and the line, and the exit status is 2.

use clap::Args;
use polyboard_chess::Position;
use polyboard_codec::Format;
use polyboard_codec::huffman_multi::TableKey;
use std::collections::BTreeMap;
use std::io::{self, BufRead, BufWriter, Read, Write};
use std::process::ExitCode;

/// Arguments of `polyboard encode`.
#[derive(Args)]
pub struct EncodeArgs {
    /// The format: ccr, stream, huffman, huffman-tuned, huffman-multi, binaryfen, compact.
    #[arg(long)]
    format: String,
    /// Print mean, p50, p99 and max bits per position on stderr (for huffman-multi,
    /// also each table's count and mean size, with and without its key).
    #[arg(long)]
    stats: bool,
    /// Write raw records, each after one length byte, instead of hex lines.
    #[arg(long)]
    binary: bool,
    /// Read the FENs as Chess960 (otherwise Chess960 is switched on only when the
    /// castling rights need it).
    #[arg(long)]
    chess960: bool,
}

/// Arguments of `polyboard decode`.
#[derive(Args)]
pub struct DecodeArgs {
    /// The format the records were written in.
    #[arg(long)]
    format: String,
    /// Read raw records, each after one length byte, instead of hex lines.
    #[arg(long)]
    binary: bool,
    /// Mark the positions as Chess960 (otherwise Chess960 is switched on only when
    /// the castling rights need it).
    #[arg(long)]
    chess960: bool,
}

fn bad_input(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {msg}");
    ExitCode::from(2)
}

fn format_of(name: &str) -> Result<Format, ExitCode> {
    match Format::from_name(name) {
        Some(f) if f.is_available() => Ok(f),
        Some(f) => Err(bad_input(format!("format '{f}' is not yet available"))),
        None => {
            let names: Vec<String> = Format::ALL
                .iter()
                .map(|f| if f.is_available() { f.name().to_string() } else { format!("{f} (not yet available)") })
                .collect();
            Err(bad_input(format!("unknown format '{name}' (expected one of: {})", names.join(", "))))
        }
    }
}

/// `polyboard encode`.
pub fn encode(args: EncodeArgs) -> ExitCode {
    let format = match format_of(&args.format) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let mut buf = Vec::with_capacity(format.max_bytes());
    let mut hex = String::with_capacity(2 * format.max_bytes() + 1);
    let (mut record_bits, mut payload_bits) = (Vec::new(), Vec::new());
    let mut tables = Tables::default();
    let mut record = 0;
    for (i, line) in io::stdin().lock().lines().enumerate() {
        let line = match line {
            Ok(l) => l,
            Err(e) => return bad_input(format!("line {}: {e}", i + 1)),
        };
        let text = line.split(';').next().unwrap_or("").trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        record += 1;
        let parsed = if args.chess960 { Position::from_fen_variant(text, true) } else { Position::from_fen(text) };
        let pos = match parsed {
            Ok(p) => p,
            Err(e) => {
                let _ = out.flush();
                return bad_input(format!("record {record} (line {}): {e}", i + 1));
            }
        };
        let bits = match format.encode(&pos, &mut buf) {
            Ok(b) => b,
            Err(e) => return bad_input(e),
        };
        record_bits.push(buf.len() * 8);
        payload_bits.push(bits);
        if args.stats && format == Format::HuffmanMulti {
            tables.add(TableKey::of(&pos), bits);
        }
        let written = if args.binary {
            out.write_all(&[buf.len() as u8]).and_then(|()| out.write_all(&buf))
        } else {
            hex.clear();
            for b in &buf {
                hex.push(char::from_digit(u32::from(b >> 4), 16).unwrap_or('0'));
                hex.push(char::from_digit(u32::from(b & 15), 16).unwrap_or('0'));
            }
            hex.push('\n');
            out.write_all(hex.as_bytes())
        };
        if written.is_err() {
            return ExitCode::from(1);
        }
    }
    if out.flush().is_err() {
        return ExitCode::from(1);
    }
    if args.stats {
        eprintln!("{format}: {} positions", record_bits.len());
        eprintln!("  record bits (whole bytes):     {}", summary(&mut record_bits));
        eprintln!("  payload bits (before padding): {}", summary(&mut payload_bits));
        if format == Format::HuffmanMulti {
            eprint!("{}", tables.report());
        }
    }
    ExitCode::SUCCESS
}

/// huffman-multi's records by table: count and payload bits, keyed by category
/// number and whether the record is extended.
#[derive(Default)]
struct Tables(BTreeMap<(usize, bool), (TableKey, usize, usize)>);

impl Tables {
    fn add(&mut self, key: TableKey, bits: usize) {
        let e = self.0.entry((key.category.index(), key.extended)).or_insert((key, 0, 0));
        e.1 += 1;
        e.2 += bits;
    }

    /// One line a table: positions, mean payload bits, and the mean without the
    /// table key (what a record costs kept in its table); then the survey's nine
    /// tables together and all tables together.
    fn report(&self) -> String {
        let mut s = String::from(
            "  per table (bits before padding; 'in table' leaves out the table key):
",
        );
        s += &format!(
            "    {:<16}{:>10}{:>10}{:>10}
",
            "table", "positions", "record", "in table"
        );
        let line = |name: &str, n: usize, bits: usize, key: usize| {
            let mean = |b: usize| b as f64 / n.max(1) as f64;
            format!(
                "    {name:<16}{n:>10}{:>10.1}{:>10.1}
",
                mean(bits),
                mean(bits - key)
            )
        };
        let (mut nine, mut all) = ((0, 0, 0), (0, 0, 0));
        for &(key, n, bits) in self.0.values() {
            let name = format!("{}{}", key.category, if key.extended { " extended" } else { "" });
            s += &line(&name, n, bits, n * key.bits());
            let add = |t: &mut (usize, usize, usize)| *t = (t.0 + n, t.1 + bits, t.2 + n * key.bits());
            if key.category.is_both_home_with_rights() && !key.extended {
                add(&mut nine);
            }
            add(&mut all);
        }
        s += &line("the nine tables", nine.0, nine.1, nine.2);
        s += &line("all", all.0, all.1, all.2);
        s
    }
}

/// `mean M, p50 A, p99 B, max C` (nearest-rank percentiles).
fn summary(values: &mut [usize]) -> String {
    if values.is_empty() {
        return "no positions".to_string();
    }
    values.sort_unstable();
    let n = values.len();
    let rank = |p: usize| values[(p * n).div_ceil(100).clamp(1, n) - 1];
    let mean = values.iter().sum::<usize>() as f64 / n as f64;
    format!("mean {mean:.1}, p50 {}, p99 {}, max {}", rank(50), rank(99), values[n - 1])
}

/// Why a hex record line was rejected.
#[derive(Debug, PartialEq, Eq)]
enum HexError {
    /// The line has an odd number of digits: how many.
    OddLength(usize),
    /// A character that is not a hex digit.
    NotHex(char),
}

impl std::fmt::Display for HexError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HexError::OddLength(n) => write!(f, "odd number of hex digits ({n})"),
            HexError::NotHex(c) => write!(f, "'{c}' is not a hex digit"),
        }
    }
}

impl std::error::Error for HexError {}

fn parse_hex(text: &str) -> Result<Vec<u8>, HexError> {
    if !text.len().is_multiple_of(2) {
        return Err(HexError::OddLength(text.len()));
    }
    text.as_bytes()
        .chunks(2)
        .map(|pair| {
            let digit = |c: u8| (c as char).to_digit(16).ok_or(HexError::NotHex(c as char));
            Ok((digit(pair[0])? << 4 | digit(pair[1])?) as u8)
        })
        .collect()
}

/// `polyboard decode`.
pub fn decode(args: DecodeArgs) -> ExitCode {
    let format = match format_of(&args.format) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let emit = |out: &mut BufWriter<io::StdoutLock>, record: usize, place: &str, bytes: &[u8]| match format
        .decode(bytes, args.chess960)
    {
        Ok(pos) => writeln!(out, "{}", pos.fen()).map_err(|_| ExitCode::from(1)),
        Err(e) => {
            let _ = out.flush();
            Err(bad_input(format!("record {record}{place}: {format}: {e}")))
        }
    };
    if args.binary {
        let mut data = Vec::new();
        if let Err(e) = io::stdin().lock().read_to_end(&mut data) {
            return bad_input(e);
        }
        let (mut at, mut record) = (0, 0);
        while at < data.len() {
            record += 1;
            let len = usize::from(data[at]);
            let Some(bytes) = data.get(at + 1..at + 1 + len) else {
                let _ = out.flush();
                return bad_input(format!(
                    "record {record} (byte {at}): truncated: length {len}, but only {} bytes follow",
                    data.len() - at - 1
                ));
            };
            if let Err(code) = emit(&mut out, record, &format!(" (byte {at})"), bytes) {
                return code;
            }
            at += 1 + len;
        }
    } else {
        let mut record = 0;
        for (i, line) in io::stdin().lock().lines().enumerate() {
            let line = match line {
                Ok(l) => l,
                Err(e) => return bad_input(format!("line {}: {e}", i + 1)),
            };
            let text = line.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            record += 1;
            let bytes = match parse_hex(text) {
                Ok(b) => b,
                Err(e) => {
                    let _ = out.flush();
                    return bad_input(format!("record {record} (line {}): {e}", i + 1));
                }
            };
            if let Err(code) = emit(&mut out, record, &format!(" (line {})", i + 1), &bytes) {
                return code;
            }
        }
    }
    if out.flush().is_err() {
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
