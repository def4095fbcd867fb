//! Betza notation for piece moves, with Fairy-Stockfish's reading of it.
//!
//! A piece is a list of [`Atom`]s. Supported: every leaper atom (`W F D N A H L C J Z
//! G`, and `K` = `WF`), the riders `R B Q`, a leaper followed by itself (`NN`,
//! unlimited rider) or a digit (`N2`, `R3`: limited range), the modalities `m`
//! (move only) and `c` (capture only), the direction modifiers `f b l r v s h` and
//! their pairs (`ff`, `fr`, `fs`, ...), hoppers `p` (a cannon: over exactly one
//! piece) and `g` (a grasshopper: lands just beyond the screen), a range on a hopper
//! read as Fairy-Stockfish does (`pB2`: a cannon whose landing squares are at most two
//! steps from its start; a range of 1, `pB1`, is the grasshopper, and a range of 2 or
//! more makes `g` the same ranged cannon as `p`), and lame leapers `n` as Fairy-Stockfish
//! reads them: on `D`, `N`, `A` and `Z` blocked on the squares passed (xiangqi's horse and
//! elephant `nN` `nA`, janggi's elephant `nZ`: orthogonally, then diagonally, each
//! square empty), on any other leaper read but never moving (elgam's `nC`), and on a
//! rider ignored; `e` (en passant) is accepted and
//! left to the pawn rules, as Fairy-Stockfish does. A single modifier means the
//! doubled one (`fN` is `ffN`, the shogi knight), as in Fairy-Stockfish. `i` marks an
//! initial move, as Fairy-Stockfish reads it: a move (never a capture) of a leaper or
//! lame leaper that the piece has only on its side's double-step region (`ifmnD`, a
//! custom pawn's double step). Anything else (`a`, `j`, `o`, `z`, an initial rider, ...)
//! is an error naming the letter: a half-read piece would play a different game.

/// What an atom does on its target squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Jumps straight to the target.
    Leap,
    /// Jumps, but is blocked by a piece on the square one step along the way
    /// (xiangqi horse and elephant).
    Lame,
    /// Repeats the step until blocked; `0` means unlimited, else the most steps.
    Ride(u8),
    /// Slides to a screen, hops over it, then rides on (cannon, `p`); `0` means
    /// unlimited, else every square it lands on is at most that many steps from its
    /// start (`pB2`: Fairy-Stockfish's range on a hopper counts from the start, the
    /// screen included, not from the screen). Never 1: that range is the grasshopper.
    Hop(u8),
    /// Hops over the first piece on the line and lands just beyond it (`g`).
    Grasshop,
}

/// One move vector of a piece, for White (Black's are turned by 180 degrees).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Atom {
    /// File delta (toward the h-file is positive).
    pub dx: i8,
    /// Rank delta (toward Black is positive).
    pub dy: i8,
    /// Leap, ride or hop.
    pub kind: Kind,
    /// May go to an empty square.
    pub quiet: bool,
    /// May capture.
    pub capture: bool,
    /// An initial move (`i`): only from the double-step region, only to an empty square.
    pub initial: bool,
}

/// A Betza string that cannot be read: the offending position and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// Byte offset in the string.
    pub at: usize,
    /// What is wrong.
    pub reason: String,
}

impl core::fmt::Display for BetzaError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Betza notation, character {}: {}", self.at + 1, self.reason)
    }
}

const VERTICAL: &str = "fbvh";
const HORIZONTAL: &str = "rlsh";

/// The eight images of the atom `(a, b)` (a along the ranks, b along the files) and
/// the direction pairs that select each, in Fairy-Stockfish's order.
fn images(a: i8, b: i8) -> [((i8, i8), &'static [&'static str]); 8] {
    [
        ((a, b), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-a, -b), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((-b, a), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((b, -a), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((b, a), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-b, -a), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((-a, b), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((a, -b), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ]
}

fn leaper(c: char) -> Option<&'static [(i8, i8)]> {
    Some(match c {
        'W' => &[(1, 0)],
        'F' => &[(1, 1)],
        'D' => &[(2, 0)],
        'N' => &[(2, 1)],
        'A' => &[(2, 2)],
        'H' => &[(3, 0)],
        'L' | 'C' => &[(3, 1)],
        'J' | 'Z' => &[(3, 2)],
        'G' => &[(3, 3)],
        'K' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

fn rider(c: char) -> Option<&'static [(i8, i8)]> {
    Some(match c {
        'R' => &[(1, 0)],
        'B' => &[(1, 1)],
        'Q' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

/// Reads a Betza string into atoms (duplicates merged).
pub fn parse(text: &str) -> Result<Vec<Atom>, BetzaError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<Atom> = Vec::new();
    let (mut quiet, mut capture) = (false, false);
    let (mut hop, mut grass, mut lame, mut initial) = (false, false, false, false);
    let mut dirs: Vec<String> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let at = i;
        let err = |reason: String| BetzaError { at, reason };
        match c {
            'm' => quiet = true,
            'c' => capture = true,
            'p' => hop = true,
            'g' => grass = true,
            'n' => lame = true,
            'i' => initial = true,
            // En passant: the pawn rules (doubleStep, the pawn key) decide it, as in
            // Fairy-Stockfish; the letter itself adds nothing.
            'e' => {}
            _ if VERTICAL.contains(c) || HORIZONTAL.contains(c) => {
                let next = chars.get(i + 1).copied();
                match next {
                    Some(c2)
                        if c2 == c
                            || (VERTICAL.contains(c) && HORIZONTAL.contains(c2))
                            || (HORIZONTAL.contains(c) && VERTICAL.contains(c2)) =>
                    {
                        dirs.push([c, c2].iter().collect());
                        i += 1;
                    }
                    _ => dirs.push([c, c].iter().collect()),
                }
            }
            _ if leaper(c).is_some() || rider(c).is_some() => {
                let is_rider = rider(c).is_some();
                let atoms = rider(c).or(leaper(c)).unwrap_or(&[]);
                let mut range: Option<u8> = if is_rider { Some(0) } else { None };
                match chars.get(i + 1) {
                    Some(&d) if d.is_ascii_digit() => {
                        let n = d as u8 - b'0';
                        if n == 0 {
                            return Err(err(format!("'{c}0' has range 0")));
                        }
                        range = Some(n);
                        i += 1;
                    }
                    Some(&d) if d == c => {
                        range = Some(0);
                        i += 1;
                    }
                    _ => {}
                }
                if chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()) {
                    return Err(BetzaError { at: i + 1, reason: "ranges above 9 are not supported".into() });
                }
                let kind = match (hop, grass, lame, range) {
                    (false, false, false, None) => Kind::Leap,
                    (false, false, false, Some(n)) => Kind::Ride(n),
                    // Fairy-Stockfish's `g` is `p` with range 1, and a digit overrides it:
                    // `pB1` is `gB`, `gB2` is `pB2`.
                    (true, false, false, Some(0)) if atoms.iter().all(|a| a.0 == 1) => Kind::Hop(0),
                    (_, _, false, Some(n)) if (hop || grass) && atoms.iter().all(|a| a.0 == 1) => {
                        if n == 1 || (grass && n == 0) { Kind::Grasshop } else { Kind::Hop(n) }
                    }
                    // Fairy-Stockfish reads `n` on any leaper and ignores it on a rider.
                    (false, false, true, None) => Kind::Lame,
                    (false, false, true, Some(n)) => Kind::Ride(n),
                    (true, ..) | (_, true, ..) => {
                        return Err(err(format!("hoppers are supported on R, B and Q lines only, not on '{c}'")));
                    }
                };
                let (q, cap) = if quiet || capture { (quiet, capture) } else { (true, true) };
                if initial && !matches!(kind, Kind::Leap | Kind::Lame) {
                    return Err(err(format!("initial moves (i) are supported on leapers only, not on '{c}' riders")));
                }
                // Fairy-Stockfish plays an initial move as a move only, never a capture.
                let (q, cap) = if initial { (q, false) } else { (q, cap) };
                // A capture-only initial move (no quiet part left) adds no atom:
                // Fairy-Stockfish never plays it.
                let atoms = if initial && !q { &[][..] } else { atoms };
                for &(a, b) in atoms {
                    // Orthogonal atoms split mixed pairs (fsW = fW + sW), as Fairy-Stockfish does.
                    let mut sel: Vec<String> = Vec::new();
                    for d in &dirs {
                        let d: Vec<char> = d.chars().collect();
                        if atoms.len() == 1 && b == 0 && d[0] != d[1] {
                            sel.push([d[0], d[0]].iter().collect());
                            sel.push([d[1], d[1]].iter().collect());
                        } else {
                            sel.push(d.iter().collect());
                        }
                    }
                    for ((dy, dx), pick) in images(a, b) {
                        if !sel.is_empty() && !pick.iter().any(|p| sel.iter().any(|s| s == p)) {
                            continue;
                        }
                        let atom = Atom { dx, dy, kind, quiet: q, capture: cap, initial };
                        if let Some(old) =
                            out.iter_mut().find(|o| o.dx == dx && o.dy == dy && o.kind == kind && o.initial == initial)
                        {
                            old.quiet |= q;
                            old.capture |= cap;
                        } else {
                            out.push(atom);
                        }
                    }
                }
                quiet = false;
                capture = false;
                hop = false;
                grass = false;
                lame = false;
                initial = false;
                dirs.clear();
            }
            _ => return Err(err(format!("'{c}' is not a supported Betza letter"))),
        }
        i += 1;
    }
    if quiet || capture || hop || grass || lame || initial || !dirs.is_empty() {
        return Err(BetzaError { at: chars.len(), reason: "modifiers without an atom at the end".into() });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vectors(text: &str) -> Vec<(i8, i8)> {
        let mut v: Vec<(i8, i8)> = parse(text).unwrap().iter().map(|a| (a.dx, a.dy)).collect();
        v.sort();
        v
    }

    #[test]
    fn knights_and_kings() {
        assert_eq!(vectors("N").len(), 8);
        assert_eq!(vectors("K").len(), 8);
        assert_eq!(vectors("fN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(vectors("fsW"), vec![(-1, 0), (0, 1), (1, 0)]);
        assert_eq!(vectors("FfW"), vec![(-1, -1), (-1, 1), (0, 1), (1, -1), (1, 1)]);
    }

    #[test]
    fn pawn_modalities() {
        let p = parse("fmWfceF").unwrap();
        assert_eq!(p.len(), 3);
        assert!(p.iter().any(|a| (a.dx, a.dy) == (0, 1) && a.quiet && !a.capture));
        assert!(p.iter().filter(|a| a.dy == 1 && a.dx != 0).all(|a| a.capture && !a.quiet));
    }

    #[test]
    fn riders_hoppers_and_lame() {
        assert!(parse("R").unwrap().iter().all(|a| a.kind == Kind::Ride(0)));
        assert!(parse("N2").unwrap().iter().all(|a| a.kind == Kind::Ride(2)));
        assert!(parse("NN").unwrap().iter().all(|a| a.kind == Kind::Ride(0)));
        let cannon = parse("mRcpR").unwrap();
        assert!(cannon.iter().any(|a| a.kind == Kind::Hop(0) && a.capture && !a.quiet));
        assert!(parse("nN").unwrap().iter().all(|a| a.kind == Kind::Lame));
    }

    /// A range on a hopper, as pyffish 0.0.90 plays it (scripts/data/gen_fsf_ini_perft.py's
    /// cannonshogi counts test the moves): `pB1` and `gB` are the grasshopper, `gB2` and
    /// `pB2` the cannon ranged to two steps.
    #[test]
    fn hopper_ranges() {
        let kinds = |t: &str| parse(t).unwrap().iter().map(|a| a.kind).collect::<Vec<Kind>>();
        assert!(kinds("pB2").iter().all(|&k| k == Kind::Hop(2)) && kinds("pB2").len() == 4);
        assert!(kinds("mRpRmFpB2").contains(&Kind::Hop(2)) && kinds("mRpRmFpB2").contains(&Kind::Hop(0)));
        assert!(kinds("gR3").iter().all(|&k| k == Kind::Hop(3)));
        assert!(kinds("pB1").iter().all(|&k| k == Kind::Grasshop));
        assert!(kinds("gB").iter().all(|&k| k == Kind::Grasshop));
        assert!(kinds("pRR").iter().all(|&k| k == Kind::Hop(0)));
        assert!(kinds("pQ9").iter().all(|&k| k == Kind::Hop(9)) && kinds("pQ9").len() == 8);
        let c = parse("cpR2").unwrap();
        assert!(c.iter().all(|a| a.capture && !a.quiet && a.kind == Kind::Hop(2)));
        assert!(parse("pB0").is_err() && parse("pB12").is_err() && parse("pN2").is_err() && parse("pW").is_err());
    }

    #[test]
    fn initial_moves() {
        // Fairy-Stockfish's pawnsideways pawn: the double step is an initial lame D.
        let p = parse("fsmWfceFifmnD").unwrap();
        let d: Vec<&Atom> = p.iter().filter(|a| a.initial).collect();
        assert_eq!(d.len(), 1);
        assert!(d[0].kind == Kind::Lame && (d[0].dx, d[0].dy) == (0, 2) && d[0].quiet && !d[0].capture);
        assert!(p.iter().filter(|a| !a.initial).all(|a| a.dy >= 0));
        // Initial captures do not exist in Fairy-Stockfish.
        assert!(parse("icW").unwrap().is_empty());
    }

    #[test]
    fn unsupported_letters_are_errors() {
        assert!(parse("iR").is_err());
        assert!(parse("i").is_err());
        assert!(parse("mafW").is_err());
        assert!(parse("fm").is_err());
        assert!(parse("pN").is_err());
        assert!(parse("nZ").unwrap().iter().all(|a| a.kind == Kind::Lame));
        // Fairy-Stockfish reads `n` on every leaper (elgam's camel `nC`) and ignores
        // it on a rider.
        assert!(parse("nC").unwrap().iter().all(|a| a.kind == Kind::Lame));
        assert!(parse("nH").unwrap().iter().all(|a| a.kind == Kind::Lame));
        assert!(parse("nR").unwrap().iter().all(|a| a.kind == Kind::Ride(0)));
        assert!(parse("").unwrap().is_empty());
    }
}
