//! The size table of `polyboard bench`: mean bits per position of the survey's
//! Huffman formats and `compact` on two corpora, an opening book and endgames
//! (`tests/data/corpus/openings.fen` and `endgames.fen`, built by
//! `scripts/data/gen_book_corpora.py`), and what the multi-table approach saves in the
//! survey's nine tables, where it claims 38 bits.

use polyboard_chess::Position;
use polyboard_codec::huffman_multi::TableKey;
use polyboard_codec::{Format, huffman, huffman_multi, huffman_tuned};

/// The positions after plies 1 to 20 of 300 Stockfish games, each once.
const OPENINGS: &str = include_str!("../../../tests/data/corpus/openings.fen");
/// The positions with 10 pieces or fewer of the same games, each once.
const ENDGAMES: &str = include_str!("../../../tests/data/corpus/endgames.fen");

/// The formats of the table, in its column order.
const FORMATS: [Format; 4] = [Format::Huffman, Format::HuffmanTuned, Format::HuffmanMulti, Format::Compact];

/// Mean, least and greatest of a set of bit counts, and the share equal to the
/// survey's 38.
#[derive(Clone, Copy, Default)]
pub struct Spread {
    /// Mean.
    pub mean: f64,
    /// Least value.
    pub min: i64,
    /// Greatest value.
    pub max: i64,
    /// The share of values equal to 38, in percent.
    pub at_38: f64,
}

impl Spread {
    fn of(values: &[i64]) -> Spread {
        if values.is_empty() {
            return Spread::default();
        }
        Spread {
            mean: values.iter().sum::<i64>() as f64 / values.len() as f64,
            min: values.iter().copied().min().unwrap_or(0),
            max: values.iter().copied().max().unwrap_or(0),
            at_38: 100.0 * values.iter().filter(|&&v| v == 38).count() as f64 / values.len() as f64,
        }
    }
}

/// One corpus's row.
pub struct SizeRow {
    /// The corpus's name.
    pub corpus: &'static str,
    /// Its number of positions.
    pub positions: usize,
    /// Mean bits before padding, per format of [`FORMATS`].
    pub mean: [f64; 4],
    /// huffman-multi's mean without the table key: the cost of a record kept in its table.
    pub multi_in_table: f64,
    /// Positions in the survey's nine tables.
    pub nine: usize,
    /// In the nine tables: huffman-tuned's bits less huffman-multi's in its table.
    pub saving_vs_tuned: Spread,
    /// In the nine tables: huffman's bits less huffman-multi's in its table.
    pub saving_vs_huffman: Spread,
}

fn row(corpus: &'static str, text: &str) -> SizeRow {
    let positions: Vec<Position> = text.lines().filter_map(|l| Position::from_fen(l).ok()).collect();
    let mut buf = Vec::with_capacity(64);
    let n = positions.len().max(1) as f64;
    let mean = FORMATS.map(|f| positions.iter().map(|p| f.encode(p, &mut buf).unwrap_or(0)).sum::<usize>() as f64 / n);
    let (mut in_table, mut vs_tuned, mut vs_huffman) = (0usize, Vec::new(), Vec::new());
    for p in &positions {
        let key = TableKey::of(p);
        let multi = (huffman_multi::encode(p, &mut buf) - key.bits()) as i64;
        in_table += multi as usize;
        if key.category.is_both_home_with_rights() && !key.extended {
            vs_tuned.push(huffman_tuned::encode(p, &mut buf) as i64 - multi);
            vs_huffman.push(huffman::encode(p, &mut buf) as i64 - multi);
        }
    }
    SizeRow {
        corpus,
        positions: positions.len(),
        mean,
        multi_in_table: in_table as f64 / n,
        nine: vs_tuned.len(),
        saving_vs_tuned: Spread::of(&vs_tuned),
        saving_vs_huffman: Spread::of(&vs_huffman),
    }
}

/// Measures both corpora.
pub fn measure() -> Vec<SizeRow> {
    vec![row("openings", OPENINGS), row("endgames", ENDGAMES)]
}

fn spread(n: usize, s: Spread) -> String {
    if n == 0 {
        return "-".to_string();
    }
    format!("{:.1} ({} to {}; {:.0}% at 38)", s.mean, s.min, s.max, s.at_38)
}

/// The first table: mean bits per format, with huffman-multi's mean in its table.
const MEAN_HEAD: [&str; 7] =
    ["corpus", "positions", "huffman", "huffman-tuned", "huffman-multi", "in table", "compact"];

fn mean_cells(r: &SizeRow) -> Vec<String> {
    let [h, t, m, c] = r.mean.map(|x| format!("{x:.1}"));
    vec![r.corpus.into(), r.positions.to_string(), h, t, m, format!("{:.1}", r.multi_in_table), c]
}

/// The second table: the saving in the survey's nine tables.
const NINE_HEAD: [&str; 4] = ["corpus", "positions", "vs huffman-tuned", "vs huffman"];

fn nine_cells(r: &SizeRow) -> Vec<String> {
    vec![r.corpus.into(), r.nine.to_string(), spread(r.nine, r.saving_vs_tuned), spread(r.nine, r.saving_vs_huffman)]
}

/// The text tables.
pub fn text(rows: &[SizeRow]) -> String {
    let table = |head: &[&str], cells: &dyn Fn(&SizeRow) -> Vec<String>, width: usize| {
        let line = |v: Vec<String>| {
            let mut l = format!("{:<10}", v[0]);
            v[1..].iter().for_each(|c| l += &format!("{c:>width$}"));
            l + "\n"
        };
        line(head.iter().map(|h| h.to_string()).collect()) + &rows.iter().map(|r| line(cells(r))).collect::<String>()
    };
    format!(
        "\nmean bits per position (before padding); 'in table' is huffman-multi without its table key\n{}\n\
         the survey's nine tables (claimed saving: 38 bits): huffman-multi's saving in its table, \
         mean (min to max; share at 38)\n{}",
        table(&MEAN_HEAD, &mean_cells, 15),
        table(&NINE_HEAD, &nine_cells, 34)
    )
}

/// The report's section.
pub fn markdown(rows: &[SizeRow]) -> String {
    let table = |head: &[&str], cells: &dyn Fn(&SizeRow) -> Vec<String>| {
        let line = |v: Vec<String>| format!("| {} |\n", v.join(" | "));
        let rule = format!("| --- |{}\n", " ---: |".repeat(head.len() - 1));
        line(head.iter().map(|h| h.to_string()).collect())
            + &rule
            + &rows.iter().map(|r| line(cells(r))).collect::<String>()
    };
    format!(
        "\n## Huffman sizes on an opening book and on endgames\n\n\
         Mean bits per position before padding. Openings: the positions after plies 1 to 20 of 300 \
         Stockfish games; endgames: their positions with 10 pieces or fewer (`scripts/data/gen_book_corpora.py`). \
         *in table*: `huffman-multi` without its table key, as the survey stores it.\n\n{}\n\
         The survey's nine tables (both rooks of each side home, each side with a right), where it claims \
         a saving of 38 bits: `huffman-multi` in its table against the others, mean (min to max; the share \
         at exactly 38).\n\n{}",
        table(&MEAN_HEAD, &mean_cells),
        table(&NINE_HEAD, &nine_cells)
    )
}
