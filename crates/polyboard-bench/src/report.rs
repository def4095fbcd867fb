//! Output of `polyboard bench`: the text table, `report.md` and SVG bar charts.

use crate::common::{CodecRow, POSITIONS, Row, geomean};
use std::fmt::Write as _;
use std::path::Path;

fn reference(rows: &[Row]) -> f64 {
    rows.iter()
        .find(|r| r.name == "magic")
        .map_or_else(|| rows.iter().map(|r| geomean(&r.bulk)).fold(0.0, f64::max), |r| geomean(&r.bulk))
}

/// The text table printed on stdout (and quoted in the report).
pub fn table(rows: &[Row], codecs: &[CodecRow], quick: bool, secs: f64) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "polyboard bench{}: Mnps, best rate of repeated runs, geometric mean over the five CPW positions ({secs:.1} s)\n",
        if quick { " --quick" } else { "" }
    );
    let _ = writeln!(
        s,
        "{:<14}{:>10}{:>10}{:>12}{:>13}{:>11}{:>7}{:>9}",
        "repr", "bulk", "vs magic", "copy-make", "make/unmake", "copy/make", "bytes", "sets ns"
    );
    let base = reference(rows);
    for r in rows {
        let (b, c, m) = (geomean(&r.bulk), geomean(&r.copy), geomean(&r.make));
        let _ = writeln!(
            s,
            "{:<14}{b:>10.1}{:>9.2}x{c:>12.1}{m:>13.1}{:>10.2}x{:>7}{:>9.1}",
            r.name,
            b / base,
            c / m,
            r.size,
            r.sets_ns
        );
    }
    for (title, pick) in [("bulk", 0), ("copy-make", 1), ("make/unmake", 2)] {
        let _ = write!(s, "\n{title:<14}");
        for p in &POSITIONS {
            let _ = write!(s, "{:>10}", p.label);
        }
        s.push('\n');
        for r in rows {
            let v = [&r.bulk, &r.copy, &r.make][pick];
            let _ = write!(s, "{:<14}", r.name);
            for x in v.iter() {
                let _ = write!(s, "{x:>10.1}");
            }
            s.push('\n');
        }
    }
    let _ = writeln!(s, "\n{:<14}{:>10}{:>14}{:>14}", "codec", "bits", "encode Mpos/s", "decode Mpos/s");
    for c in codecs {
        let _ = writeln!(s, "{:<14}{:>10.1}{:>14.2}{:>14.2}", c.name, c.bits, c.encode, c.decode);
    }
    s
}

/// Writes `report.md` and the charts into `dir`; `search` is the section of the
/// representation experiment (empty when it did not run).
pub fn write(
    dir: &Path,
    rows: &[Row],
    codecs: &[CodecRow],
    sizes: &str,
    search: &str,
    text: &str,
) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let bulk: Vec<(&str, Vec<f64>)> = rows.iter().map(|r| (r.name, vec![geomean(&r.bulk)])).collect();
    std::fs::write(
        dir.join("bulk.svg"),
        bar_chart("Bulk perft (Mnps, geometric mean of the five CPW positions)", &bulk, &["bulk"]),
    )?;
    let full: Vec<(&str, Vec<f64>)> = rows.iter().map(|r| (r.name, vec![geomean(&r.copy), geomean(&r.make)])).collect();
    std::fs::write(
        dir.join("full.svg"),
        bar_chart("Full perft (Mnps): copy-make against make/unmake", &full, &["copy-make", "make/unmake"]),
    )?;
    let size: Vec<(&str, Vec<f64>)> = rows.iter().map(|r| (r.name, vec![r.size as f64])).collect();
    std::fs::write(dir.join("size.svg"), bar_chart("Size of the position struct (bytes)", &size, &["bytes"]))?;
    std::fs::write(dir.join("report.md"), markdown(rows, codecs, sizes, search, text))
}

/// The CPU as the machine names it, and whether the build uses BMI2.
pub fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let bmi2 = cfg!(all(target_arch = "x86_64", target_feature = "bmi2"));
    format!("{cpu}; built with BMI2: {}", if bmi2 { "yes" } else { "no" })
}

fn markdown(rows: &[Row], codecs: &[CodecRow], sizes: &str, search: &str, text: &str) -> String {
    let mut s = String::new();
    let base = reference(rows);
    let _ = writeln!(s, "# polyboard: the representation comparison\n");
    let _ = writeln!(s, "Machine: {}. One thread. Every count is checked against the published one.\n", machine());
    let _ = writeln!(
        s,
        "- **bulk**: perft counting the last ply without playing it (what engines and speed records use).\n\
         - **copy-make**: perft playing every leaf on a copy of its parent.\n\
         - **make/unmake**: perft playing every leaf in place and taking it back.\n\
         - **copy/make**: copy-make speed over make/unmake speed; above 1 the copy is the cheaper way.\n\
         - **sets ns**: nanoseconds to produce the twelve piece bitboards the evaluation reads (see below).\n"
    );
    let _ = writeln!(s, "![bulk perft](bulk.svg)\n\n![full perft](full.svg)\n\n![struct size](size.svg)\n");
    let _ = writeln!(
        s,
        "| repr | bulk Mnps | vs magic | copy-make Mnps | make/unmake Mnps | copy/make | bytes | sets ns |"
    );
    let _ = writeln!(s, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    let mut sorted: Vec<&Row> = rows.iter().collect();
    sorted.sort_by(|a, b| geomean(&b.bulk).total_cmp(&geomean(&a.bulk)));
    for r in &sorted {
        let (b, c, m) = (geomean(&r.bulk), geomean(&r.copy), geomean(&r.make));
        let _ = writeln!(
            s,
            "| {} | {b:.1} | {:.2}x | {c:.1} | {m:.1} | {:.2}x | {} | {:.1} |",
            r.name,
            b / base,
            c / m,
            r.size,
            r.sets_ns
        );
    }
    for (title, pick) in [("Bulk perft", 0), ("Copy-make perft", 1), ("Make/unmake perft", 2)] {
        let _ = writeln!(s, "\n## {title}, Mnps per position\n");
        let _ = write!(s, "| repr |");
        for p in &POSITIONS {
            let _ = write!(s, " {} |", p.label);
        }
        let _ = write!(s, "\n| --- |");
        for _ in &POSITIONS {
            s.push_str(" ---: |");
        }
        s.push('\n');
        for r in &sorted {
            let _ = write!(s, "| {} |", r.name);
            for x in [&r.bulk, &r.copy, &r.make][pick].iter() {
                let _ = write!(s, " {x:.1} |");
            }
            s.push('\n');
        }
    }
    s.push_str(&thirty_two_bits(rows));
    s.push_str(&rotated_ccr(rows));
    s.push_str(&piece_sets(rows));
    let _ = writeln!(
        s,
        "\n## Compact encodings\n\nEvery ply of 40 random games (fixed seed). Sizes on realistic positions are in \
         polyboard's docs/codecs.md (section \"Compact encodings\"), and `polyboard encode --format F --stats < \
         tests/data/corpus/selfplay.fen` measures them again; these rows give the speed.\n\n\
         | format | mean bits | encode Mpos/s | decode Mpos/s |\n| --- | ---: | ---: | ---: |"
    );
    for c in codecs {
        let _ = writeln!(s, "| {} | {:.1} | {:.2} | {:.2} |", c.name, c.bits, c.encode, c.decode);
    }
    s.push_str(sizes);
    s.push_str(search);
    let _ = writeln!(s, "\n## Raw output\n\n```text\n{text}```");
    s
}

/// The CCR paper's section 5.5 claim about its conversion to bitboards, with the numbers.
fn piece_sets(rows: &[Row]) -> String {
    let mut s = String::from(
        "\n## The piece-set view (the CCR paper, section 5.5)\n\n\
         The evaluation reads twelve piece bitboards whatever the representation keeps, which is the hybrid the \
         CCR paper recommends (search on the compact board, evaluate on bitboards). The bitboard family has them \
         already (twelve ANDs, or quad's boolean algebra on its four planes), the mailboxes and piece lists build \
         them by scanning, and `ccr` runs the paper's branch-free conversion: each square's nibble addresses its \
         bitboard, with no `if` or `case`. Nanoseconds per conversion, on every ply of 40 random games:\n\n\
         | repr | ns per position |\n| --- | ---: |\n",
    );
    let mut sorted: Vec<&Row> = rows.iter().collect();
    sorted.sort_by(|a, b| a.sets_ns.total_cmp(&b.sets_ns));
    for r in &sorted {
        let _ = writeln!(s, "| {} | {:.1} |", r.name, r.sets_ns);
    }
    if let Some(ccr) = rows.iter().find(|r| r.name == "ccr") {
        let nodes = geomean(&ccr.copy);
        let _ = writeln!(
            s,
            "\nThe paper calls the conversion \"extremely fast\". Measured: {:.1} ns a position, against {:.1} ns \
             for one node of `ccr`'s copy-make perft ({:.1} Mnps: a move generated and played), so converting once \
             per evaluated node costs {:.2} such nodes' worth of time.",
            ccr.sets_ns,
            1e3 / nodes.max(1e-9),
            nodes,
            ccr.sets_ns * nodes / 1e3
        );
    }
    s
}

/// The paper's 32-bit argument, tested with the numbers.
fn thirty_two_bits(rows: &[Row]) -> String {
    let get = |n: &str| rows.iter().find(|r| r.name == n);
    let (Some(magic), Some(bb32)) = (get("magic"), get("bb32")) else {
        return "\n## The 32-bit argument\n\nNeeds `magic` and `bb32` in the run.\n".into();
    };
    let mut s = String::from("\n## The 32-bit argument\n\n");
    let (mb, mc) = (geomean(&magic.bulk), geomean(&magic.copy));
    let (bb, bc) = (geomean(&bb32.bulk), geomean(&bb32.copy));
    let _ = writeln!(
        s,
        "The CCR paper argues that bitboards need 64-bit registers, and that on 32-bit hardware its \
         eight 32-bit ranks are the better fit. `bb32` runs magic's generator with every bitboard \
         operation on two `u32` limbs. It reaches **{:.0}%** of magic in bulk perft and **{:.0}%** \
         in copy-make perft.",
        100.0 * bb / mb,
        100.0 * bc / mc
    );
    let _ = writeln!(
        s,
        "\n- {}",
        if bb < 0.85 * mb {
            format!(
                "Splitting the bitboard in two costs {:.0}% of the speed: the claim that bitboards lean on 64-bit arithmetic is supported.",
                100.0 * (1.0 - bb / mb)
            )
        } else {
            "Splitting the bitboard in two costs little: the claim that bitboards need 64-bit arithmetic is not supported by these numbers.".into()
        }
    );
    if let Some(ccr) = get("ccr") {
        let (cb, cc) = (geomean(&ccr.bulk), geomean(&ccr.copy));
        let _ = writeln!(
            s,
            "- `ccr` reaches {:.2}x magic and {:.2}x bb32 in bulk perft ({:.2}x and {:.2}x in copy-make). {}",
            cb / mb,
            cb / bb,
            cc / mc,
            cc / bc,
            if cb > bb {
                "The CCR beats 32-bit bitboards, as the paper argues for 32-bit machines."
            } else {
                "Even on 32-bit limbs, bitboards beat the CCR: the paper's conclusion that the CCR is the better choice without 64-bit registers is not supported here."
            }
        );
    }
    s.push_str(
        "- What this does not show: bb32 runs on a 64-bit CPU with 16 general registers and 64-bit \
         addresses. A real 32-bit x86 has 8 registers, so register pressure would cost two-limb \
         bitboards more than measured here; the numbers isolate the arithmetic.\n",
    );
    s
}

/// The CCR paper's closing idea (section 7), applying the rotated method to the CCR
/// itself, tested with the numbers: `rotatedccr` against `ccr` and `rotated`.
fn rotated_ccr(rows: &[Row]) -> String {
    let get = |n: &str| rows.iter().find(|r| r.name == n);
    let (Some(rc), Some(ccr)) = (get("rotatedccr"), get("ccr")) else {
        return "\n## The rotated CCR (section 7)\n\nNeeds `rotatedccr` and `ccr` in the run.\n".into();
    };
    let mut s = String::from(
        "\n## The rotated CCR (the CCR paper, section 7)\n\n\
         The paper closes with \"a very interesting idea ... to apply rotated method to the C. C. R. itself, analogue \
         to bitboards\". `rotatedccr` keeps the 4-bit board four times, with ranks, files and both kinds of \
         diagonal as contiguous nibble lines, through make and unmake, and reads every slider line (moves, checks, \
         pins, king-step tests) from one `u32`; `ccr` walks the rays on its one board and rebuilds the attack table \
         at every node; `rotated` is the bitboard original. Mnps, geometric mean of the five positions:\n\n\
         | repr | bulk | copy-make | make/unmake | bytes |\n| --- | ---: | ---: | ---: | ---: |\n",
    );
    for r in ["rotated", "ccr", "rotatedccr"].iter().filter_map(|n| get(n)) {
        let _ = writeln!(
            s,
            "| {} | {:.1} | {:.1} | {:.1} | {} |",
            r.name,
            geomean(&r.bulk),
            geomean(&r.copy),
            geomean(&r.make),
            r.size
        );
    }
    let ratio = |a: &Vec<f64>, b: &Vec<f64>| geomean(a) / geomean(b).max(1e-9);
    let (bulk, copy, make) = (ratio(&rc.bulk, &ccr.bulk), ratio(&rc.copy, &ccr.copy), ratio(&rc.make, &ccr.make));
    let _ = writeln!(
        s,
        "\n- Generation (bulk perft, no leaf played): {bulk:.2}x `ccr`{}. {}",
        get("rotated").map_or(String::new(), |r| format!(", {:.2}x `rotated`", ratio(&rc.bulk, &r.bulk))),
        if bulk > 1.05 {
            "Reading lines as nibbles pays where the nodes are generated."
        } else {
            "Reading lines as nibbles does not pay even where no move is played."
        }
    );
    let _ = writeln!(
        s,
        "- Every leaf played: {copy:.2}x `ccr` by copy-make ({} bytes copied against {}), {make:.2}x by make/unmake \
         (four boards updated for every square a move changes). {}",
        rc.size,
        ccr.size,
        if copy.min(make) >= 1.0 {
            "The rotated boards pay even when every move is played."
        } else {
            "Keeping four boards costs more than reading them saves once every move is played."
        }
    );
    s
}

/// A horizontal bar chart: one group per row, one bar per series.
pub fn bar_chart(title: &str, rows: &[(&str, Vec<f64>)], series: &[&str]) -> String {
    const COLORS: [&str; 3] = ["#3b6ea5", "#e0a030", "#6aa84f"];
    let (label_w, bar_w, bar_h, gap) = (130.0, 520.0, 16.0, 10.0);
    let group_h = bar_h * series.len() as f64 + gap;
    let top = 60.0;
    let height = top + group_h * rows.len() as f64 + 20.0;
    let width = label_w + bar_w + 110.0;
    let max = rows.iter().flat_map(|r| r.1.iter().copied()).fold(0.0, f64::max).max(1e-9);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(s, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let _ = writeln!(s, "<text x=\"10\" y=\"22\" font-size=\"15\" font-weight=\"bold\">{}</text>", escape(title));
    for (i, name) in series.iter().enumerate() {
        if series.len() > 1 {
            let x = label_w + 150.0 * i as f64;
            let _ = writeln!(s, "<rect x=\"{x}\" y=\"34\" width=\"12\" height=\"12\" fill=\"{}\"/>", COLORS[i % 3]);
            let _ = writeln!(s, "<text x=\"{}\" y=\"45\">{}</text>", x + 16.0, escape(name));
        }
    }
    for (g, (name, values)) in rows.iter().enumerate() {
        let y0 = top + group_h * g as f64;
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
            label_w - 8.0,
            y0 + bar_h * series.len() as f64 / 2.0 + 4.0,
            escape(name)
        );
        for (i, v) in values.iter().enumerate() {
            let y = y0 + bar_h * i as f64;
            let w = (v / max * bar_w).max(1.0);
            let _ = writeln!(
                s,
                "<rect x=\"{label_w}\" y=\"{y}\" width=\"{w:.1}\" height=\"{}\" fill=\"{}\"/>",
                bar_h - 2.0,
                COLORS[i % 3]
            );
            let _ = writeln!(s, "<text x=\"{:.1}\" y=\"{}\">{v:.1}</text>", label_w + w + 5.0, y + bar_h - 5.0);
        }
    }
    s.push_str("</svg>\n");
    s
}

fn escape(t: &str) -> String {
    t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
