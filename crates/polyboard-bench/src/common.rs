//! What the measurements and their report share: the five CPW positions, the rows of
//! the representation comparison, and small helpers. Imports nothing from the other
//! modules of this crate, so the report can read the rows without depending on the
//! code that measures them.

/// A CPW position with its published perft counts from depth 1
/// (chessprogramming.org, "Perft Results").
pub struct BenchPosition {
    /// Short label.
    pub label: &'static str,
    /// The FEN.
    pub fen: &'static str,
    /// The published perft counts, from depth 1.
    pub counts: &'static [u64],
    /// Depths: (bulk, full) in quick mode, then in normal mode.
    pub depths: [(u32, u32); 2],
}

/// The five CPW positions.
pub const POSITIONS: [BenchPosition; 5] = [
    BenchPosition {
        label: "start",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        counts: &[20, 400, 8902, 197_281, 4_865_609, 119_060_324, 3_195_901_860],
        depths: [(5, 4), (6, 5)],
    },
    BenchPosition {
        label: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        counts: &[48, 2039, 97_862, 4_085_603, 193_690_690],
        depths: [(4, 3), (5, 4)],
    },
    BenchPosition {
        label: "pos3",
        fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        counts: &[14, 191, 2812, 43_238, 674_624, 11_030_083, 178_633_661],
        depths: [(6, 5), (7, 6)],
    },
    BenchPosition {
        label: "pos4",
        fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        counts: &[6, 264, 9467, 422_333, 15_833_292],
        depths: [(5, 4), (5, 5)],
    },
    BenchPosition {
        label: "pos5",
        fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        counts: &[44, 1486, 62_379, 2_103_487, 89_941_194],
        depths: [(4, 3), (5, 4)],
    },
];

/// One representation's measurements, Mnps per position.
pub struct Row {
    /// The representation's name.
    pub name: &'static str,
    /// `size_of` its position struct, in bytes.
    pub size: usize,
    /// Bulk perft.
    pub bulk: Vec<f64>,
    /// Full perft by copy-make.
    pub copy: Vec<f64>,
    /// Full perft by make/unmake.
    pub make: Vec<f64>,
    /// Nanoseconds per `SearchBoard::piece_sets` call (the twelve bitboards the
    /// evaluation reads), on the codec positions.
    pub sets_ns: f64,
}

/// Encode and decode rates of one compact encoding.
pub struct CodecRow {
    /// The format's name.
    pub name: &'static str,
    /// Mean record size in bits (before padding).
    pub bits: f64,
    /// Positions encoded per second, in millions.
    pub encode: f64,
    /// Positions decoded per second, in millions.
    pub decode: f64,
}

/// The geometric mean.
pub fn geomean(v: &[f64]) -> f64 {
    (v.iter().map(|x| x.ln()).sum::<f64>() / v.len().max(1) as f64).exp()
}

/// Why a measurement stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BenchError {
    /// A count differs from the published one.
    Count {
        /// What was counted (representation, mode, position, depth).
        what: String,
        /// The count.
        got: u64,
        /// The published count.
        published: u64,
    },
    /// A peer program counts differently from polyboard.
    Disagree {
        /// What was counted, and by which peer.
        what: String,
        /// The peer's count.
        theirs: u64,
        /// polyboard's count.
        ours: u64,
    },
    /// A position or variant of the benchmark is rejected.
    Position {
        /// Which one.
        what: String,
        /// Why, as the rejecting crate says it.
        reason: String,
    },
    /// `--repr` names no representation of the game.
    UnknownRepr {
        /// The name asked for.
        name: String,
        /// The `--variant` text of `polyboard reprs` for the game (empty for chess).
        hint: String,
    },
}

impl std::fmt::Display for BenchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BenchError::Count { what, got, published } => {
                write!(f, "{what}: got {got} nodes, the published count is {published}")
            }
            BenchError::Disagree { what, theirs, ours } => write!(f, "{what} counts {theirs}, polyboard {ours}"),
            BenchError::Position { what, reason } => write!(f, "{what}: {reason}"),
            BenchError::UnknownRepr { name, hint } => {
                write!(f, "unknown representation '{name}' (polyboard reprs{hint} lists them)")
            }
        }
    }
}

impl std::error::Error for BenchError {}

/// The representations of `names` that `wanted` asks for (all when it names none), or
/// an error naming the unknown one (`variant` is the `--variant` text of the hint,
/// empty for chess).
pub fn select(mut names: Vec<&'static str>, wanted: &[String], variant: &str) -> Result<Vec<&'static str>, BenchError> {
    if !wanted.is_empty() {
        if let Some(bad) = wanted.iter().find(|r| !names.contains(&r.as_str())) {
            return Err(BenchError::UnknownRepr { name: bad.clone(), hint: variant.to_string() });
        }
        names.retain(|n| wanted.iter().any(|r| r == n));
    }
    Ok(names)
}
