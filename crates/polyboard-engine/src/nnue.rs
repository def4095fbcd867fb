//! The network shared by the chess and shogi evaluations: one hidden layer (the
//! accumulator, one a side, weights shared by both sides) over a game's binary
//! features, then one output over both halves. A game names its features and their
//! count (`chess::nnue`: 768, `shogi::nnue`: 2,344); the file, the integer arithmetic
//! and the updates are the same for both.
//!
//! The network is `inputs -> HIDDEN` then `2 * HIDDEN -> 1`: the side to move's
//! accumulator first, each clipped to `0..=QA`. Integers as Stockfish's first nets had
//! them (first layer x `QA`, output x `QB`, `i16` weights, `i32` sums), so an update
//! by adding and removing rows is exact: the same as a refresh.

use std::sync::Arc;

/// The accumulator's width.
pub const HIDDEN: usize = 128;
/// The quantization of the first layer: 1.0 is `QA`.
pub const QA: i32 = 255;
/// The quantization of the output weights: 1.0 is `QB`.
pub const QB: i32 = 64;
/// The output times `SCALE` is centipawns.
pub const SCALE: i32 = 400;
/// The file's magic, then `HIDDEN` as a little-endian `u32`.
pub const MAGIC: &[u8; 4] = b"PBNN";

/// `EvalFile`'s value (chess and shogi) for the network compiled into the binary, the
/// default.
pub(crate) const BUILT_IN: &str = "<built-in>";
/// `EvalFile`'s value for the hand-written evaluation.
pub(crate) const HAND_WRITTEN: &str = "<hand-written>";

/// A network, as its file holds it.
///
/// # File layout (little-endian)
///
/// ```text
/// bytes 0..4            "PBNN"
/// bytes 4..8            HIDDEN (u32), must be 128
/// then inputs x HIDDEN  i16: feature weights, row by row (a row per feature), x QA
/// then HIDDEN           i16: accumulator biases, x QA
/// then 2 x HIDDEN       i16: output weights (side to move's half first), x QB
/// then 1                i32: output bias, x QA x QB
/// ```
/// The number of inputs is the game's (the file's length tells them apart).
#[derive(Clone, Debug)]
pub struct Net {
    /// Feature weights, `[feature][hidden]`.
    pub w1: Vec<[i16; HIDDEN]>,
    /// Accumulator biases.
    pub b1: [i16; HIDDEN],
    /// Output weights: the side to move's half, then the other's.
    pub w2: [[i16; HIDDEN]; 2],
    /// Output bias.
    pub b2: i32,
}

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetError(pub String);

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "network file: {}", self.0)
    }
}

impl std::error::Error for NetError {}

/// The size in bytes of the file of a network of `inputs` features.
pub const fn file_size(inputs: usize) -> usize {
    8 + 2 * (inputs * HIDDEN + HIDDEN + 2 * HIDDEN) + 4
}

impl Net {
    /// Reads a network file of `inputs` features (see [`Net`] for the layout).
    pub fn from_bytes(b: &[u8], inputs: usize) -> Result<Net, NetError> {
        if b.len() < 8 || &b[..4] != MAGIC {
            return Err(NetError("magic: not a PBNN file".into()));
        }
        let hidden = u32::from_le_bytes([b[4], b[5], b[6], b[7]]) as usize;
        if hidden != HIDDEN {
            return Err(NetError(format!("hidden: {hidden}, this build reads {HIDDEN}")));
        }
        let size = file_size(inputs);
        if b.len() != size {
            return Err(NetError(format!("length: {} bytes, expected {size} (a network of {inputs} inputs)", b.len())));
        }
        let mut words = b[8..size - 4].chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut row = || {
            let mut r = [0i16; HIDDEN];
            for (x, w) in r.iter_mut().zip(&mut words) {
                *x = w;
            }
            r
        };
        let w1 = (0..inputs).map(|_| row()).collect();
        let b1 = row();
        let w2 = [row(), row()];
        let t = &b[size - 4..];
        let b2 = i32::from_le_bytes([t[0], t[1], t[2], t[3]]);
        Ok(Net { w1, b1, w2, b2 })
    }

    /// Reads the network file of `inputs` features at `path`.
    pub fn from_file(path: impl AsRef<std::path::Path>, inputs: usize) -> Result<Net, NetError> {
        Net::from_bytes(&std::fs::read(path).map_err(|e| NetError(e.to_string()))?, inputs)
    }

    /// The network in `bytes`, read once into `cell` (a built-in network).
    pub(crate) fn built_in(cell: &'static std::sync::OnceLock<Arc<Net>>, bytes: &[u8], inputs: usize) -> Arc<Net> {
        cell.get_or_init(|| {
            // The games' tests check their files (`the_built_in_network_reads`).
            Arc::new(Net::from_bytes(bytes, inputs).expect("a built-in network is a network file"))
        })
        .clone()
    }

    /// The number of inputs.
    pub fn inputs(&self) -> usize {
        self.w1.len()
    }

    /// The file of this network (the inverse of [`Net::from_bytes`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(file_size(self.inputs()));
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        for r in self.w1.iter().chain([&self.b1, &self.w2[0], &self.w2[1]]) {
            for w in r {
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
        out.extend_from_slice(&self.b2.to_le_bytes());
        out
    }

    /// The output for the accumulators of the side to move and the other side, in
    /// centipawns.
    #[inline]
    pub fn output(&self, us: &[i16; HIDDEN], them: &[i16; HIDDEN]) -> i32 {
        let half = |acc: &[i16; HIDDEN], w: &[i16; HIDDEN]| {
            acc.iter().zip(w).map(|(&a, &w)| (a as i32).clamp(0, QA) * w as i32).sum::<i32>()
        };
        let sum = half(us, &self.w2[0]) + half(them, &self.w2[1]) + self.b2;
        sum * SCALE / (QA * QB)
    }

    /// The accumulator of the input indices `features`, from scratch.
    pub fn accumulate(&self, features: impl IntoIterator<Item = usize>) -> [i16; HIDDEN] {
        let mut acc = self.b1;
        for f in features {
            add(&mut acc, &self.w1[f]);
        }
        acc
    }

    /// Adds feature `f`'s row to both views' accumulators, `f(view)` the feature's
    /// index from each view.
    #[inline(always)]
    pub(crate) fn add_feature(&self, acc: &mut [[i16; HIDDEN]; 2], f: impl Fn(usize) -> usize) {
        for (view, a) in acc.iter_mut().enumerate() {
            add(a, &self.w1[f(view)]);
        }
    }

    /// Removes feature `f`'s row from both views' accumulators.
    #[inline(always)]
    pub(crate) fn sub_feature(&self, acc: &mut [[i16; HIDDEN]; 2], f: impl Fn(usize) -> usize) {
        for (view, a) in acc.iter_mut().enumerate() {
            sub(a, &self.w1[f(view)]);
        }
    }
}

#[inline(always)]
fn add(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(w);
    }
}

#[inline(always)]
fn sub(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(w);
    }
}

/// A network of small pseudo-random weights (a fixed linear congruential sequence)
/// over `inputs` features, for tests.
#[doc(hidden)]
pub fn random_net(inputs: usize) -> Net {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((x >> 33) % 401) as i16 - 200
    };
    let mut row = || {
        let mut r = [0i16; HIDDEN];
        r.iter_mut().for_each(|w| *w = next());
        r
    };
    Net { w1: (0..inputs).map(|_| row()).collect(), b1: row(), w2: [row(), row()], b2: 1234 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_round_trip_and_refusals() {
        for inputs in [768, 2344] {
            let net = random_net(inputs);
            let bytes = net.to_bytes();
            assert_eq!(bytes.len(), file_size(inputs));
            let back = Net::from_bytes(&bytes, inputs).unwrap();
            assert_eq!(back.to_bytes(), bytes);
            assert!(Net::from_bytes(&bytes[..bytes.len() - 1], inputs).unwrap_err().0.starts_with("length"));
            assert!(Net::from_bytes(b"PBN", inputs).unwrap_err().0.starts_with("magic"));
            let mut wide = bytes.clone();
            wide[4] = 64;
            assert!(Net::from_bytes(&wide, inputs).unwrap_err().0.starts_with("hidden"));
        }
        // A chess network is no shogi network.
        let e = Net::from_bytes(&random_net(768).to_bytes(), 2344).unwrap_err();
        assert!(e.0.contains("2344 inputs"), "{e}");
    }
}
