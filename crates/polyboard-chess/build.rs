//! Generates the attack tables of the bitboard representations into `OUT_DIR/tables.rs`:
//! knight, king and pawn attacks, `BETWEEN` and `LINE`, empty-board slider rays, fancy
//! magic numbers (found here by a fixed-seed search, so the build is reproducible)
//! with their shared attack table, and the PEXT-indexed attack table; and, into
//! `OUT_DIR/bb32_tables.rs`, the 32-bit magics of `bb32` found by the same search.

use std::fmt::Write as _;

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn slide(sq: usize, occ: u64, dirs: &[(i32, i32)]) -> u64 {
    let mut att = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        while on_board(f, r) {
            let b = 1u64 << (r * 8 + f);
            att |= b;
            if occ & b != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    att
}

/// Relevant occupancy: the rays without their last square.
fn relevant_mask(sq: usize, dirs: &[(i32, i32)]) -> u64 {
    let mut m = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        while on_board(f + df, r + dr) {
            m |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    m
}

fn leaper(sq: usize, deltas: &[(i32, i32)]) -> u64 {
    let mut b = 0;
    for &(df, dr) in deltas {
        let (f, r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        if on_board(f, r) {
            b |= 1u64 << (r * 8 + f);
        }
    }
    b
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn subsets(mask: u64) -> Vec<u64> {
    let mut out = Vec::with_capacity(1 << mask.count_ones());
    let mut s = 0u64;
    loop {
        out.push(s);
        s = s.wrapping_sub(mask) & mask;
        if s == 0 {
            break;
        }
    }
    out
}

fn pdep(mut index: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if index & 1 != 0 {
            out |= low;
        }
        index >>= 1;
        mask &= mask - 1;
    }
    out
}

/// One square's perfect hash: the relevant-occupancy mask, the magic `M` and the
/// offset of the square's slice in the shared attack table.
struct Magic<M> {
    mask: u64,
    magic: M,
    offset: usize,
}

/// The fixed-seed magic search, for any index form: for each square, candidates from
/// `candidate` (given the mask; `None` skips one) until `index` (occupancy, magic,
/// relevant bit count) maps every relevant occupancy without a destructive collision.
/// Appends each square's slice of attacks to `table`.
fn find_magics<M: Copy>(
    dirs: &[(i32, i32)],
    table: &mut Vec<u64>,
    mut candidate: impl FnMut(u64) -> Option<M>,
    index: impl Fn(u64, M, u32) -> usize,
) -> Vec<Magic<M>> {
    let mut out = Vec::new();
    for sq in 0..64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let occs = subsets(mask);
        let atts: Vec<u64> = occs.iter().map(|&o| slide(sq, o, dirs)).collect();
        let size = 1usize << bits;
        let mut used = vec![0u64; size];
        let mut epoch = vec![0u32; size];
        let mut try_no = 0u32;
        let magic = loop {
            let Some(m) = candidate(mask) else { continue };
            try_no += 1;
            let mut ok = true;
            for (o, a) in occs.iter().zip(&atts) {
                let i = index(*o, m, bits);
                if epoch[i] != try_no {
                    epoch[i] = try_no;
                    used[i] = *a;
                } else if used[i] != *a {
                    ok = false;
                    break;
                }
            }
            if ok {
                break m;
            }
        };
        let offset = table.len();
        table.resize(offset + size, 0);
        for (o, a) in occs.iter().zip(&atts) {
            table[offset + index(*o, magic, bits)] = *a;
        }
        out.push(Magic { mask, magic, offset });
    }
    out
}

fn pext_tables(dirs: &[(i32, i32)], table: &mut Vec<u64>) -> Vec<(u64, usize)> {
    let mut out = Vec::new();
    for sq in 0..64 {
        let mask = relevant_mask(sq, dirs);
        let offset = table.len();
        for i in 0..(1u64 << mask.count_ones()) {
            table.push(slide(sq, pdep(i, mask), dirs));
        }
        out.push((mask, offset));
    }
    out
}

fn write_u64s(s: &mut String, name: &str, v: &[u64]) {
    writeln!(s, "pub(crate) static {name}: [u64; {}] = [", v.len()).unwrap();
    for chunk in v.chunks(8) {
        for x in chunk {
            write!(s, "{x:#x},").unwrap();
        }
        s.push('\n');
    }
    s.push_str("];\n");
}

fn write_square_table(s: &mut String, name: &str, f: impl Fn(usize, usize) -> u64) {
    writeln!(s, "pub(crate) static {name}: [[u64; 64]; 64] = [").unwrap();
    for a in 0..64 {
        s.push('[');
        for b in 0..64 {
            write!(s, "{:#x},", f(a, b)).unwrap();
        }
        s.push_str("],\n");
    }
    s.push_str("];\n");
}

/// The PEXT statics carry the same cfg as their users, so a compilation that sees no
/// BMI2 (rustdoc, or other RUSTFLAGS) skips them even when this script saw it.
const PEXT_CFG: &str = "#[cfg(all(target_arch = \"x86_64\", target_feature = \"bmi2\"))]\n";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let mut s = String::new();
    s.push_str("// @generated by build.rs; do not edit.\n");

    let knight: Vec<u64> = (0..64)
        .map(|sq| leaper(sq, &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]))
        .collect();
    let king: Vec<u64> =
        (0..64).map(|sq| leaper(sq, &[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)])).collect();
    let white_pawn: Vec<u64> = (0..64).map(|sq| leaper(sq, &[(-1, 1), (1, 1)])).collect();
    let black_pawn: Vec<u64> = (0..64).map(|sq| leaper(sq, &[(-1, -1), (1, -1)])).collect();
    write_u64s(&mut s, "KNIGHT", &knight);
    write_u64s(&mut s, "KING", &king);
    writeln!(s, "pub(crate) static PAWN: [[u64; 64]; 2] = [WHITE_PAWN, BLACK_PAWN];").unwrap();
    write_u64s(&mut s, "WHITE_PAWN", &white_pawn);
    write_u64s(&mut s, "BLACK_PAWN", &black_pawn);
    let rook_rays: Vec<u64> = (0..64).map(|sq| slide(sq, 0, &ROOK_DIRS)).collect();
    let bishop_rays: Vec<u64> = (0..64).map(|sq| slide(sq, 0, &BISHOP_DIRS)).collect();
    write_u64s(&mut s, "ROOK_RAYS", &rook_rays);
    write_u64s(&mut s, "BISHOP_RAYS", &bishop_rays);

    let aligned_dirs = |a: usize, b: usize| -> Option<&'static [(i32, i32)]> {
        if a == b {
            None
        } else if rook_rays[a] & (1 << b) != 0 {
            Some(&ROOK_DIRS)
        } else if bishop_rays[a] & (1 << b) != 0 {
            Some(&BISHOP_DIRS)
        } else {
            None
        }
    };
    write_square_table(&mut s, "BETWEEN", |a, b| match aligned_dirs(a, b) {
        Some(d) => slide(a, 1 << b, d) & slide(b, 1 << a, d),
        None => 0,
    });
    write_square_table(&mut s, "LINE", |a, b| match aligned_dirs(a, b) {
        Some(d) => (slide(a, 0, d) & slide(b, 0, d)) | (1 << a) | (1 << b),
        None => 0,
    });

    // Fancy magics: `((occ & mask) * magic) >> (64 - bits)`, magics whose product with
    // the mask leaves fewer than six bits in the top byte skipped.
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut magic_table = Vec::new();
    let mut sparse = |mask: u64| Some(rng.sparse()).filter(|&m| (mask.wrapping_mul(m) >> 56).count_ones() >= 6);
    let index = |o: u64, m: u64, bits: u32| (o.wrapping_mul(m) >> (64 - bits)) as usize;
    let rook = find_magics(&ROOK_DIRS, &mut magic_table, &mut sparse, index);
    let bishop = find_magics(&BISHOP_DIRS, &mut magic_table, &mut sparse, index);
    for (name, ms) in [("ROOK_MAGICS", &rook), ("BISHOP_MAGICS", &bishop)] {
        writeln!(s, "pub(crate) static {name}: [Magic; 64] = [").unwrap();
        for m in ms.iter() {
            let shift = 64 - m.mask.count_ones();
            let (mask, magic, offset) = (m.mask, m.magic, m.offset);
            writeln!(s, "Magic {{ mask: {mask:#x}, magic: {magic:#x}, shift: {shift}, offset: {offset} }},").unwrap();
        }
        s.push_str("];\n");
    }
    write_u64s(&mut s, "MAGIC_ATTACKS", &magic_table);

    // `bb32`'s 32-bit magics, into their own file: two sparse 32-bit magics per square,
    // `((lo & mask_lo) * magic_lo ^ (hi & mask_hi) * magic_hi) >> (32 - bits)`.
    let mut b = String::from("// @generated by build.rs; do not edit.\n");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ 32);
    let mut table32 = Vec::new();
    let mut pair = |_| Some((rng.sparse() as u32, rng.sparse() as u32));
    let index32 = |o: u64, (lo, hi): (u32, u32), bits: u32| {
        (((o as u32).wrapping_mul(lo) ^ ((o >> 32) as u32).wrapping_mul(hi)) >> (32 - bits)) as usize
    };
    let rook32 = find_magics(&ROOK_DIRS, &mut table32, &mut pair, index32);
    let bishop32 = find_magics(&BISHOP_DIRS, &mut table32, &mut pair, index32);
    for (name, ms) in [("ROOK_MAGICS32", &rook32), ("BISHOP_MAGICS32", &bishop32)] {
        writeln!(b, "static {name}: [Entry; 64] = [").unwrap();
        for m in ms.iter() {
            let (mask_lo, mask_hi) = (m.mask as u32, (m.mask >> 32) as u32);
            let ((magic_lo, magic_hi), shift, offset) = (m.magic, 32 - m.mask.count_ones(), m.offset);
            writeln!(
                b,
                "Entry {{ mask_lo: {mask_lo:#x}, mask_hi: {mask_hi:#x}, magic_lo: {magic_lo:#x}, \
                 magic_hi: {magic_hi:#x}, shift: {shift}, offset: {offset} }},"
            )
            .unwrap();
        }
        b.push_str("];\n");
    }
    write_u64s(&mut b, "ATTACKS64", &table32);

    // PEXT tables only where the target has BMI2 (the `Pext` lookup exists only there).
    let bmi2 = std::env::var("CARGO_CFG_TARGET_FEATURE").is_ok_and(|f| f.split(',').any(|x| x == "bmi2"));
    if bmi2 {
        let mut pext_table = Vec::new();
        let rook_p = pext_tables(&ROOK_DIRS, &mut pext_table);
        let bishop_p = pext_tables(&BISHOP_DIRS, &mut pext_table);
        for (name, ps) in [("ROOK_PEXT", &rook_p), ("BISHOP_PEXT", &bishop_p)] {
            s.push_str(PEXT_CFG);
            writeln!(s, "pub(crate) static {name}: [PextEntry; 64] = [").unwrap();
            for (mask, offset) in ps.iter() {
                writeln!(s, "PextEntry {{ mask: {mask:#x}, offset: {offset} }},").unwrap();
            }
            s.push_str("];\n");
        }
        s.push_str(PEXT_CFG);
        write_u64s(&mut s, "PEXT_ATTACKS", &pext_table);
    }

    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap());
    std::fs::write(out.join("tables.rs"), s).unwrap();
    std::fs::write(out.join("bb32_tables.rs"), b).unwrap();
}
