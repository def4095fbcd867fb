//! pyffish's API (Fairy-Stockfish's Python binding, version 0.0.90) over this crate: the
//! same functions, arguments and answers, for every variant polyboard knows. The
//! Python package's `polyboard.pyffish` is a thin layer over [`Pyffish`].
//!
//! What pyffish leaves undefined is an error here: an unknown variant (pyffish crashes),
//! a FEN that does not read and an illegal move (pyffish goes on with a half-built
//! position). Every error names the field and the reason ([`CompatError`]).
//!
//! Results are Fairy-Stockfish's values from the side to move's view: [`VALUE_MATE`]
//! (the side to move has won), `-VALUE_MATE` (lost), [`VALUE_DRAW`].
//!
//! ```
//! use polyboard_variants::compat::Pyffish;
//!
//! let sf = Pyffish::new();
//! let start = sf.start_fen("chess")?;
//! let moves = ["f2f3", "e7e5", "g2g4", "d8h4"];
//! assert_eq!(sf.game_result("chess", &start, &moves, false)?, -32000);
//! assert_eq!(sf.get_san("chess", &start, "g1f3", false, 0)?, "Nf3");
//! # Ok::<(), polyboard_variants::compat::CompatError>(())
//! ```

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};

use crate::bits::{Bits, squares};
use crate::board::{Board, Moves};
use crate::fen::FenError;
use crate::moves::Move;
use crate::rules::{Chasing, Value, VariantError, VariantSet};
use crate::san::Notation;
use crate::tables::Tables;
use crate::{Variant, with_tables};
use counting::Counting;

/// Fairy-Stockfish's mate score: a won game for the side to move.
pub const VALUE_MATE: i32 = 32000;
/// Fairy-Stockfish's draw score.
pub const VALUE_DRAW: i32 = 0;
/// `validate_fen`'s answer for a valid FEN.
pub const FEN_OK: i32 = 1;

/// Why a call was refused: the argument and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompatError {
    /// The variant name is not known.
    UnknownVariant {
        /// The name given.
        name: String,
    },
    /// The FEN does not read: its field and the reason.
    Fen(FenError),
    /// A move is not a legal move of the position it is played in.
    Move {
        /// Its place in the move list (0 for the first; the `move` argument of
        /// `get_san` and `is_capture` is counted after the list).
        index: usize,
        /// The text given.
        text: String,
    },
    /// `load_variant_config_strict`: a section does not read.
    Config(VariantError),
    /// `set_option`: the option does not exist.
    NoSuchOption {
        /// The name given.
        name: String,
    },
}

impl core::fmt::Display for CompatError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            CompatError::UnknownVariant { name } => write!(f, "variant '{name}': unknown variant"),
            CompatError::Fen(e) => e.fmt(f),
            CompatError::Move { index, text } => write!(f, "Invalid move '{text}' (move {index}): not legal here"),
            CompatError::Config(e) => e.fmt(f),
            CompatError::NoSuchOption { name } => write!(f, "No such option {name}'"),
        }
    }
}

impl std::error::Error for CompatError {}

/// The options pyffish's `set_option` accepts (Fairy-Stockfish's UCI options). Their
/// values do not change the API's answers.
const OPTIONS: &[&str] = &[
    "Debug Log File",
    "Threads",
    "Hash",
    "Clear Hash",
    "Ponder",
    "MultiPV",
    "Skill Level",
    "Move Overhead",
    "Slow Mover",
    "nodestime",
    "UCI_Chess960",
    "UCI_Variant",
    "UCI_AnalyseMode",
    "UCI_LimitStrength",
    "UCI_Elo",
    "UCI_ShowWDL",
    "SyzygyPath",
    "SyzygyProbeDepth",
    "Syzygy50MoveRule",
    "SyzygyProbeLimit",
    "Use NNUE",
    "EvalFile",
    "TsumeMode",
    "VariantPath",
    "usemillisec",
    "Protocol",
];

/// The variants and their tables; every function of pyffish's API as a method.
pub struct Pyffish {
    set: RwLock<VariantSet>,
    cache: Mutex<HashMap<(String, bool), Arc<Variant>>>,
}

impl Default for Pyffish {
    fn default() -> Self {
        Pyffish::new()
    }
}

/// A game replayed from a FEN: the board after each move, and the squares of pieces
/// that came from a promotion (Fairy-Stockfish tracks them in every variant).
struct Game<'a, B: Bits> {
    boards: Vec<Board<'a, B>>,
    moves: Vec<Move>,
    promoted: B,
    /// The counting state after each board (`countingRule` variants; else all zero).
    counting: Vec<Counting>,
}

impl<'a, B: Bits> Game<'a, B> {
    fn new(t: &'a Tables<B>, fen: &str, moves: &[&str]) -> Result<Game<'a, B>, CompatError> {
        let fen = if fen == "startpos" { t.rules.start_fen.as_str() } else { fen };
        let fen = normalize(fen);
        let b = Board::from_fen_lenient(t, &fen).map_err(CompatError::Fen)?;
        let counting = if t.rules.counting_rule.is_some() { Counting::from_fen(&fen) } else { Counting::default() };
        let mut g = Game {
            promoted: b.promoted,
            boards: vec![b],
            moves: Vec::with_capacity(moves.len()),
            counting: vec![counting],
        };
        for (index, text) in moves.iter().enumerate() {
            let b = g.last();
            let mv = b.parse_move(text).map_err(|_| CompatError::Move { index, text: text.to_string() })?;
            g.push(mv);
        }
        Ok(g)
    }

    fn last(&self) -> &Board<'a, B> {
        self.boards.last().expect("a game has a board")
    }

    fn push(&mut self, mv: Move) {
        let b = *self.last();
        let mut p = self.promoted;
        let mover_promoted = mv.from().is_some_and(|f| p.has(f));
        for i in 0..mv.pickups() {
            p &= !B::bit(mv.pickup(i));
        }
        let to = mv.to();
        let demotion = b.t.rules.piece_demotion && b.is_demotion(mv);
        if (mv.is_promotion() && !demotion && b.t.rules.pieces[mv.drop(0).1].base.is_none())
            || (mover_promoted && !mv.is_castling())
        {
            p |= B::bit(to);
        } else if mv.is_drop() {
            p &= !B::bit(to);
        }
        let mut after = b.play(mv);
        let counting = match b.t.rules.counting_rule {
            Some(rule) => self.counting.last().copied().unwrap_or_default().after(rule, &b, mv, &after),
            None => Counting::default(),
        };
        self.counting.push(counting);
        if !b.t.rules.captures_to_hand {
            after.promoted = p;
        }
        self.promoted = if b.t.rules.captures_to_hand { after.promoted } else { p };
        self.boards.push(after);
        self.moves.push(mv);
    }

    /// The FEN as Fairy-Stockfish writes it: promoted pieces marked (`~`) where a
    /// capture would demote them, or with `show_promoted`; Chess960 castling (the
    /// `chess960` argument or the variant's own) in file letters.
    /// `count_started` is pyffish's `countStarted`: the ply the board's honour counting
    /// started (0: as the game counts, below 0: not at all).
    fn fen(&self, show_promoted: bool, count_started: i64) -> String {
        let b = self.last();
        let r = &b.t.rules;
        let marked = marks_promoted(r) || show_promoted;
        let fen = with_sf_hand(b, b.fen_with(|_| marked, r.chess960, true));
        match r.counting_rule {
            Some(rule) => self.counting().write(fen, b, rule, count_started),
            None => fen,
        }
    }

    /// The counting state of the last board.
    fn counting(&self) -> Counting {
        self.counting.last().copied().unwrap_or_default()
    }
}

/// The piece the game's last move captured as Fairy-Stockfish's `piece_to_partner`
/// writes it: a promoted piece as what it was promoted from; `""` for no capture.
fn last_captured<B: Bits>(g: &Game<'_, B>) -> String {
    let (Some(&mv), [.., before, _]) = (g.moves.last(), &g.boards[..]) else { return String::new() };
    let us = before.side_to_move();
    let captured = (0..mv.pickups())
        .map(|i| mv.pickup(i))
        .find_map(|sq| before.piece_on(sq).filter(|&(_, c)| c != us).map(|(ty, c)| (sq, ty, c)));
    let Some((sq, ty, c)) = captured.filter(|_| mv.is_capture()) else { return String::new() };
    let r = &before.t.rules;
    let ty = match r.pieces[ty].base {
        Some(base) => base,
        None if before.promoted.has(sq) => r.main_pawn().unwrap_or(ty),
        None => ty,
    };
    crate::fen::piece_text(r, ty, c)
}

/// Whether Fairy-Stockfish's FEN marks promoted pieces (`~`): where a captured one goes
/// to a hand demoted, so with captures to hand (or to the partner's, `twoBoards`) and no
/// drop loop.
fn marks_promoted(r: &crate::rules::Rules) -> bool {
    (r.captures_to_hand || r.two_boards) && !r.drop_loop
}

/// A start FEN as pyffish's `start_fen` gives it: the section's `startFen` as written
/// (Fairy-Stockfish's source writes the shogi family's, breakthrough's, clobber's and
/// the enclosing games' without castling and en passant fields, `[-] w 0 1`, and so
/// does polyboard's variants.ini; `get_fen` always writes both), but Seirawan's hand
/// hawk first (`[HEhe]`; `[EHeh]` as both write it after a move).
fn sf_start_fen(r: &crate::rules::Rules) -> String {
    // As the section spells it (Fairy-Stockfish's variants write some without the
    // castling and en passant fields, `... w 0 1`), but the hand, which polyboard's
    // variants.ini writes in the order its FEN writer does.
    r.start_fen.replace("[EHeh]", "[HEhe]")
}

/// The FEN with the castling and en passant fields that Fairy-Stockfish lets a FEN
/// leave out (`... w 0 1`, as pyffish's shogi start positions are written).
fn normalize(fen: &str) -> std::borrow::Cow<'_, str> {
    let parts: Vec<&str> = fen.split_whitespace().collect();
    if parts.len() >= 3 && parts[2].starts_with(|c: char| c.is_ascii_digit()) {
        let mut v = parts[..2].to_vec();
        v.extend(["-", "-"]);
        v.extend(&parts[2..]);
        return v.join(" ").into();
    }
    fen.into()
}

fn value(v: Value) -> i32 {
    match v {
        Value::Win => VALUE_MATE,
        Value::Loss => -VALUE_MATE,
        Value::Draw => VALUE_DRAW,
    }
}

/// A drawn value as `materialCounting`'s draw odds turn it (armageddon: Black wins).
fn draw_odds<B: Bits>(b: &Board<'_, B>, v: i32) -> i32 {
    if v == VALUE_DRAW { value(b.draw_odds(Value::Draw)) } else { v }
}

/// The type index of the Fairy-Stockfish piece called `name`, if the variant has it.
fn type_named<B: Bits>(t: &Tables<B>, name: &str) -> Option<usize> {
    t.rules.pieces.iter().position(|p| p.name == name && p.base.is_none())
}

/// Fairy-Stockfish's immediate game end (`Position::is_immediate_game_end`) for the rules
/// polyboard has: extinction, the flag, check counting.
fn immediate_end<B: Bits>(b: &Board<'_, B>) -> Option<i32> {
    b.immediate_end().map(value)
}

/// Fairy-Stockfish's `checkmate_value`: a mate by a shogi pawn drop (a move of the list)
/// loses for the dropper, Shatar's rules, else the variant's checkmate value.
fn checkmate_value<B: Bits>(g: &Game<'_, B>) -> i32 {
    let b = g.last();
    let r = &b.t.rules;
    if r.pawn_drop_mate_illegal
        && let Some(&m) = g.moves.last()
        && m.is_drop()
        && r.pieces[m.drop(0).1].shogi_pawn
    {
        return VALUE_MATE;
    }
    if r.shatar_mate_rule {
        return b.outcome(false, g.moves.last().copied()).map_or(-VALUE_MATE, value);
    }
    value(r.checkmate_value)
}

fn has_moves<B: Bits>(b: &Board<'_, B>) -> bool {
    let mut l = Moves::new();
    legal(b, &mut l);
    !l.is_empty()
}

/// Fairy-Stockfish's legal moves: none once a variant rule has ended the game (the
/// flag reached, the last check given).
fn legal<B: Bits>(b: &Board<'_, B>, out: &mut Moves) {
    if immediate_end(b).is_none() {
        b.generate(out);
    }
}

/// The FSF piece-type order of a piece name (Fairy-Stockfish writes holdings from the
/// highest type down): the predefined pieces, then `customPiece1..`, then the king.
fn sf_rank(name: &str) -> usize {
    const ORDER: &[&str] = &[
        "pawn",
        "knight",
        "bishop",
        "rook",
        "queen",
        "fers",
        "alfil",
        "fersAlfil",
        "silver",
        "aiwok",
        "bers",
        "archbishop",
        "chancellor",
        "amazon",
        "knibis",
        "biskni",
        "kniroo",
        "rookni",
        "shogiPawn",
        "lance",
        "shogiKnight",
        "gold",
        "dragonHorse",
        "clobber",
        "breakthrough",
        "immobile",
        "cannon",
        "janggiCannon",
        "soldier",
        "horse",
        "elephant",
        "janggiElephant",
        "banner",
        "wazir",
        "commoner",
        "centaur",
        "king",
    ];
    // The custom pieces rank between the predefined ones and the king, in their order.
    let custom = name.strip_prefix("customPiece").and_then(|n| n.parse::<usize>().ok());
    match (ORDER.iter().position(|n| *n == name), custom) {
        (Some(i), _) if i + 1 == ORDER.len() => ORDER.len() + 100,
        (Some(i), _) => i + 1,
        (None, Some(n)) => ORDER.len() + n,
        (None, None) => ORDER.len(),
    }
}

/// The hand pieces' types in Fairy-Stockfish's order (highest type first).
fn hand_order(r: &crate::rules::Rules) -> Vec<usize> {
    let mut v: Vec<usize> = (0..r.pieces.len()).filter(|&t| r.pieces[t].base.is_none()).collect();
    v.sort_by_key(|&t| std::cmp::Reverse(sf_rank(&r.pieces[t].name)));
    v
}

/// The holdings as Fairy-Stockfish writes them: White's then Black's, each from the
/// highest type down; with `counts` (SFEN) a count before a letter held more than once
/// and `-` for none.
fn hand_text<B: Bits>(b: &Board<'_, B>, counts: bool) -> String {
    let r = &b.t.rules;
    let mut s = String::new();
    for c in 0..2 {
        for ty in hand_order(r) {
            let n = b.in_hand(c, ty);
            let l = r.pieces[ty].letter;
            let l = if c == 0 { l.to_ascii_uppercase() } else { l };
            if counts {
                if n > 1 {
                    s += &n.to_string();
                }
                if n > 0 {
                    s.push(l);
                }
            } else {
                s.extend(std::iter::repeat_n(l, n as usize));
            }
        }
    }
    if counts && s.is_empty() { "-".into() } else { s }
}

/// `fen` with its holdings (`[...]`) rewritten in Fairy-Stockfish's order.
fn with_sf_hand<B: Bits>(b: &Board<'_, B>, fen: String) -> String {
    match (fen.find('['), fen.find(']')) {
        (Some(i), Some(j)) if i < j => format!("{}[{}]{}", &fen[..i], hand_text(b, false), &fen[j + 1..]),
        _ => fen,
    }
}

/// The SFEN as Fairy-Stockfish writes it: the board, `b` for the side that moves first,
/// the hands in its type order, the ply number.
fn sf_sfen<B: Bits>(b: &Board<'_, B>) -> String {
    let sfen = b.sfen();
    let parts: Vec<&str> = sfen.split(' ').collect();
    if parts.len() == 4 { format!("{} {} {} {}", parts[0], parts[1], hand_text(b, true), parts[3]) } else { sfen }
}

/// The key repetitions compare: the position's key without its gates (Fairy-Stockfish's
/// key leaves Seirawan and Cambodian gates out).
fn rep_key<B: Bits>(b: &Board<'_, B>) -> u64 {
    let mut k = b.key();
    for c in 0..2 {
        for sq in squares(b.gates[c]) {
            k ^= b.t.keys.gate[sq];
        }
    }
    k
}

/// Fairy-Stockfish's optional game end with pyffish's arguments (`ply` 0): the n-move
/// rule, n-fold repetition (perpetual check loses where `perpetualCheckIllegal`, then a
/// perpetual chase where `chasingRule = axf`), the counting draw (`countingRule`, from
/// `count_started`), and Sittuyin's stalemate by an optional promotion.
fn optional_end<B: Bits>(g: &Game<'_, B>, count_started: i64) -> Option<i32> {
    let b = g.last();
    let r = &b.t.rules;
    let n = g.boards.len() - 1;
    if r.n_move_rule > 0 && b.halfmove_clock() > 2 * r.n_move_rule - 1 && (!b.checked() || has_moves(b)) {
        let allowance = if r.chasing == Chasing::Axf && n >= 20 { checks_allowance(g) } else { 0 };
        if b.halfmove_clock().saturating_sub(allowance) > 2 * r.n_move_rule - 1 {
            return Some(value(b.counted_draw()));
        }
    }
    if r.n_fold_rule > 0 {
        let end = if r.captures_to_hand { n } else { n.min(b.halfmove_clock() as usize) };
        if end >= 4 {
            let at = |back: usize| &g.boards[n - back];
            let checked = |back: usize| at(back).in_check();
            let mut perpetual_them = checked(0) && checked(2);
            let mut perpetual_us = checked(1) && checked(3);
            let mut count = 0;
            let mut i = 4;
            let mut repeated_move = if r.move_repetition_illegal { move_repetition(g) } else { 0 };
            while i <= end {
                if repeated_move > 0 {
                    repeated_move = move_repetition_step(g, repeated_move, i, end);
                    if repeated_move == WON {
                        return Some(VALUE_MATE);
                    }
                }
                perpetual_them &= checked(i);
                if rep_key(at(i)) == rep_key(b) {
                    count += 1;
                    if count + 1 == r.n_fold_rule {
                        let v = if r.perpetual_check_illegal && (perpetual_them || perpetual_us) {
                            if !perpetual_us {
                                VALUE_MATE
                            } else if !perpetual_them {
                                -VALUE_MATE
                            } else {
                                VALUE_DRAW
                            }
                        } else if let Some(v) = chase_value(g, i) {
                            v
                        } else if r.n_fold_value_absolute && b.side_to_move() == 1 {
                            -value(r.n_fold_value)
                        } else {
                            value(r.n_fold_value)
                        };
                        // A drawn repetition is counted where the variant counts material.
                        return Some(if v == VALUE_DRAW { value(b.counted_draw()) } else { v });
                    }
                }
                if i < end {
                    perpetual_us &= checked(i + 1);
                }
                i += 2;
            }
        }
    }
    if let Some(rule) = r.counting_rule
        && g.counting().expired(b, rule, count_started)
        && (!b.checked() || has_moves(b))
    {
        return Some(VALUE_DRAW);
    }
    if r.sittuyin_promotion {
        let us = b.side_to_move();
        let pawn = type_named(b.t, "pawn");
        if b.pieces_of(us).popcount() == 2 && pawn.is_some_and(|p| b.pieces(p, us).popcount() == 1) && !b.in_check() {
            let mut l = Moves::new();
            b.generate(&mut l);
            if l.iter().all(|m| m.is_promotion()) {
                return Some(VALUE_DRAW);
            }
        }
    }
    None
}

/// The plies the AXF n-move rule leaves out of the clock: two for each check past the
/// tenth by the side that checked more in the clock's plies (since the FEN).
fn checks_allowance<B: Bits>(g: &Game<'_, B>) -> u32 {
    let n = g.boards.len() - 1;
    let end = n.min(g.last().halfmove_clock() as usize);
    let checked = |back: usize| u32::from(g.boards[n - back].in_check());
    let (mut them, mut us) = (0, 0);
    for i in (0..end).step_by(2) {
        them += checked(i);
        us += checked(i + 1);
    }
    2 * them.max(us).saturating_sub(10)
}

/// A set of squares of the board before `mv`: a piece `mv` moved is back where it came
/// from (Fairy-Stockfish's `undo_move_board`).
fn before_move<B: Bits>(set: B, mv: Move) -> B {
    match mv.from() {
        Some(from) if set.has(mv.to()) => (set & !B::bit(mv.to())) | B::bit(from),
        _ => set,
    }
}

/// The value of a repetition found `i` plies back where one side chased
/// ([`Board::chased`]) the same pieces with each of its moves since: the chaser loses,
/// both chasing is a draw; `None` when neither side chased.
fn chase_value<B: Bits>(g: &Game<'_, B>, i: usize) -> Option<i32> {
    let r = &g.last().t.rules;
    let n = g.boards.len() - 1;
    if r.chasing == Chasing::None || i < 4 || i > n {
        return None;
    }
    // The pieces the move to the board `back` plies back chased (that board's side to move's).
    let chased = |back: usize| g.boards[n - back].chased(&g.boards[n - back - 1], g.moves[n - back - 1]);
    // The move that led to the board `back` plies back.
    let mv = |back: usize| g.moves[n - back - 1];
    let mut them = before_move(chased(0), mv(1)) & chased(2);
    let mut us = before_move(chased(1), mv(2)) & chased(3);
    let mut j = 4;
    while j <= i && (!them.is_empty() || !us.is_empty()) {
        // The FEN's board has no move to have chased with.
        if j != n {
            them = before_move(them, mv(j - 1)) & chased(j);
        }
        if j < i {
            us = before_move(us, mv(j)) & chased(j + 1);
        }
        j += 2;
    }
    match (them.is_empty(), us.is_empty()) {
        (true, true) => None,
        (false, true) => Some(VALUE_MATE),
        (true, false) => Some(-VALUE_MATE),
        (false, false) => Some(VALUE_DRAW),
    }
}

/// [`move_repetition_step`]'s answer when the side to move has won.
const WON: u8 = 5;

/// The move `back` plies before the game's last board was reached (`None` at the FEN).
fn move_back<B: Bits>(g: &Game<'_, B>, back: usize) -> Option<Move> {
    (back < g.moves.len()).then(|| g.moves[g.moves.len() - 1 - back])
}

/// A plain move (not a pass, drop, promotion, castling or en passant capture), the
/// moves Fairy-Stockfish's `reverse_move` compares.
fn plain(m: Move) -> bool {
    !m.is_pass() && !m.is_drop() && !m.is_promotion() && !m.is_castling() && !m.is_en_passant()
}

/// True when `a` is the plain move `b` played backward.
fn reverses(a: Option<Move>, b: Option<Move>) -> bool {
    matches!((a, b), (Some(a), Some(b)) if plain(a) && plain(b) && a.from() == Some(b.to()) && b.from() == Some(a.to()))
}

/// `moveRepetitionIllegal` (Kakao Janggi, as Fairy-Stockfish's `is_optional_game_end`):
/// where the last mover, not in check before either of its last two moves, moved a
/// piece that may enter the other side's palace (its king's region), back where it came
/// from (2) or after a pass (1); 0 when the rule does not start.
fn move_repetition<B: Bits>(g: &Game<'_, B>) -> u8 {
    let n = g.boards.len() - 1;
    let (Some(last), b) = (move_back(g, 0), g.last()) else { return 0 };
    let t = b.t;
    let us = b.side_to_move();
    if !plain(last) || n < 3 || g.boards[n - 1].in_check() || g.boards[n - 3].in_check() {
        return 0;
    }
    let Some((ty, _)) = b.piece_on(last.to()) else { return 0 };
    let Some(king) = t.rules.pieces.iter().position(|p| p.royal) else { return 0 };
    if (t.rules.mobility[ty][us ^ 1] & t.rules.mobility[king][us]) == 0 {
        return 0;
    }
    let before = move_back(g, 2);
    if reverses(before, Some(last)) {
        2
    } else if before.is_some_and(Move::is_pass) {
        1
    } else {
        0
    }
}

/// One step back of [`move_repetition`]'s count at ply distance `i`: the last mover's
/// moves, each the one before played backward, four times over, and the fifth move
/// back to the square the piece left without a capture, wins for the side to move
/// ([`WON`]); 0 when the pattern breaks (or the last mover was in check).
fn move_repetition_step<B: Bits>(g: &Game<'_, B>, state: u8, i: usize, end: usize) -> u8 {
    let n = g.boards.len() - 1;
    if i < end && g.boards[n - i - 1].in_check() {
        return 0;
    }
    if state < 4 {
        let other = if state == 1 { move_back(g, 0) } else { move_back(g, i - 2) };
        return if reverses(move_back(g, i), other) { state + 1 } else { 0 };
    }
    match (move_back(g, i - 2), move_back(g, i)) {
        (Some(a), Some(b)) if !b.is_capture() && a.from() == Some(b.to()) => WON,
        _ => 0,
    }
}

/// Fairy-Stockfish's `has_insufficient_material` for `c` (apiutil.h at c19b5f6c): whether
/// `c` can no longer win by its own material. Pieces are read by their Fairy-Stockfish
/// type (a promoted piece as the type it moves as); a type is restricted when it cannot
/// reach the enemy king's region (xiangqi's elephants and advisors) or is an atomic king.
fn insufficient<B: Bits>(b: &Board<'_, B>, c: usize) -> bool {
    let t = b.t;
    let r = &t.rules;
    // Other ways to win.
    if r.captures_to_hand
        || (0..t.ntypes).any(|ty| b.in_hand(c, ty) > 0)
        || (r.extinction.is_some() && !r.extinction_pseudo_royal)
        || (r.n_fold_rule > 0 && r.n_fold_value != Value::Draw)
        || !b.flag_pieces(c).is_empty()
    {
        return false;
    }
    // The pieces that mate: Fairy-Stockfish's major pieces, and every custom piece.
    const MAJOR: &[&str] =
        &["rook", "queen", "archbishop", "chancellor", "silver", "gold", "commoner", "centaur", "amazon", "bers"];
    const COLORBOUND: &[&str] = &["bishop", "fers", "fersAlfil", "alfil", "elephant"];
    let sf_type = |ty: usize| r.pieces[ty].moves_as.unwrap_or(ty);
    let of_type = |sf: usize, color: Option<usize>| {
        (0..t.ntypes).filter(|&ty| sf_type(ty) == sf).fold(B::EMPTY, |m, ty| match color {
            Some(col) => m | b.pieces(ty, col),
            None => m | b.pieces(ty, 0) | b.pieces(ty, 1),
        })
    };
    let promoting_pawn =
        (0..t.ntypes).any(|ty| r.promotion_pawn_types[c] >> ty & 1 != 0 && !b.pieces(ty, c).is_empty());
    let kings: Vec<usize> = (0..t.ntypes).filter(|&ty| r.pieces[ty].royal && r.pieces[ty].base.is_none()).collect();
    // Where the enemy king may stand (every square in a variant without a king).
    let king_region = |color: usize| {
        if kings.is_empty() { r.all_squares() } else { kings.iter().fold(0u128, |m, &k| m | r.mobility[k][color]) }
    };
    let extinction_types: &[usize] = r.extinction.as_ref().map_or(&[], |e| &e.1);
    let mut restricted = kings.iter().fold(B::EMPTY, |m, &k| m | of_type(k, None));
    let mut colorbound = B::EMPTY;
    for sf in (0..t.ntypes).filter(|&ty| sf_type(ty) == ty) {
        let p = &r.pieces[sf];
        let atomic_king = r.extinction_pseudo_royal && r.blast_on_capture && extinction_types.contains(&sf);
        if p.royal || r.mobility[sf][c] & king_region(c ^ 1) == 0 || atomic_king {
            restricted |= of_type(sf, Some(c));
        } else if MAJOR.contains(&p.name.as_str()) || p.name.starts_with("customPiece") {
            let promotes = (0..t.ntypes).any(|ty| sf_type(ty) == sf && r.promotion_types[c].contains(&ty));
            if !of_type(sf, Some(c)).is_empty() || (promoting_pawn && promotes) {
                return false;
            }
        } else if COLORBOUND.contains(&p.name.as_str()) {
            colorbound |= of_type(sf, None);
        }
    }
    let own = b.pieces_of(c);
    // The pieces, not the walls.
    let all = b.pieces_of(0) | b.pieces_of(1);
    let unbound = all & !restricted & !colorbound;
    let dark = squares(colorbound).any(|s| (s % r.files + s / r.files).is_multiple_of(2));
    let light = squares(colorbound).any(|s| (s % r.files + s / r.files) % 2 == 1);
    let nondraw = r.stalemate_value != Value::Draw || r.check_counting || r.makpong;
    if !(colorbound & own).is_empty() && ((dark && light) || !unbound.is_empty() || nondraw) {
        return false;
    }
    if !(own & unbound).is_empty() && ((all & !restricted).popcount() >= 2 || nondraw) {
        return false;
    }
    // A lone custom king (not chess's) where stalemate is not a draw.
    let custom_king = |k: usize| r.pieces[k].betza != "K";
    let lone_custom_king = kings
        .iter()
        .any(|&k| custom_king(k) && !b.pieces(k, c).is_empty() && r.mobility[k][c] & r.mobility[k][c ^ 1] != 0);
    !(r.stalemate_value != Value::Draw && lone_custom_king)
}

/// The squares the side to move sees in fog of war: its own pieces and where its moves
/// go.
fn fog_fen<B: Bits>(b: &Board<'_, B>, shredder: bool) -> String {
    let t = b.t;
    let r = &t.rules;
    let us = b.side_to_move();
    let mut seen = b.pieces_of(us);
    let mut l = Moves::new();
    legal(b, &mut l);
    for m in l.iter() {
        seen |= B::bit(m.to());
        if m.is_castling() {
            seen |= B::bit(m.pickup(1));
        }
    }
    let fen = with_sf_hand(b, b.fen_with(|_| marks_promoted(r), shredder, true));
    let (place, rest) = fen.split_once(' ').unwrap_or((&fen, ""));
    let (board, hand) = match place.find('[') {
        Some(i) => (&place[..i], &place[i..]),
        None => (place, ""),
    };
    // Rebuild the board field with '*' for the unseen squares.
    let mut out = String::new();
    for rank in (0..r.ranks).rev() {
        let mut empty = 0;
        for file in 0..r.files {
            let sq = r.square(file, rank);
            if !seen.has(sq) {
                if empty > 0 {
                    out += &empty.to_string();
                    empty = 0;
                }
                out.push('*');
                continue;
            }
            match b.piece_on(sq) {
                None => empty += 1,
                Some((ty, c)) => {
                    if empty > 0 {
                        out += &empty.to_string();
                        empty = 0;
                    }
                    out += &crate::fen::piece_text(r, ty, c);
                    if marks_promoted(r) && b.promoted.has(sq) {
                        out.push('~');
                    }
                }
            }
        }
        if empty > 0 {
            out += &empty.to_string();
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let _ = board;
    format!("{out}{hand} {rest}")
}

impl Pyffish {
    /// The built-in variants.
    pub fn new() -> Pyffish {
        Pyffish { set: RwLock::new(VariantSet::builtin()), cache: Mutex::new(HashMap::new()) }
    }

    fn variant(&self, name: &str, chess960: bool) -> Result<Arc<Variant>, CompatError> {
        let key = (name.to_string(), chess960);
        if let Some(v) = self.cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return Ok(v.clone());
        }
        let set = self.set.read().unwrap_or_else(|e| e.into_inner());
        let mut rules = set.rules(name).map_err(|_| CompatError::UnknownVariant { name: name.into() })?;
        if chess960 && rules.castling {
            rules.chess960 = true;
        }
        let v = Arc::new(Variant::new(rules).map_err(CompatError::Config)?);
        self.cache.lock().unwrap_or_else(|e| e.into_inner()).insert(key, v.clone());
        Ok(v)
    }

    /// pyffish's `version()`: the pyffish version whose API this is.
    pub fn version(&self) -> (u32, u32, u32) {
        (0, 0, 90)
    }

    /// pyffish's `info()`: the engine's name and version.
    pub fn info(&self) -> String {
        format!("polyboard {} (pyffish 0.0.90 API)", env!("CARGO_PKG_VERSION"))
    }

    /// pyffish's `variants()`: every variant name, in definition order.
    pub fn variants(&self) -> Vec<String> {
        self.set.read().unwrap_or_else(|e| e.into_inner()).names()
    }

    /// pyffish's `set_option(name, value)`: accepted for Fairy-Stockfish's option names
    /// (the answers of this API do not depend on them).
    pub fn set_option(&self, name: &str, _value: &str) -> Result<(), CompatError> {
        if OPTIONS.contains(&name) { Ok(()) } else { Err(CompatError::NoSuchOption { name: name.into() }) }
    }

    /// pyffish's `load_variant_config(text)`: adds (or replaces) the variants of a
    /// `variants.ini` text, read as Fairy-Stockfish reads it: a line with an unknown key
    /// or a value that does not read is left out, a section that cannot load (an
    /// unknown parent, a start position that does not read) is left out, and the rest
    /// loads. Returns what was added and what was left out (pyffish prints a warning on
    /// stderr for each; the Python layer does the same).
    pub fn load_variant_config(&self, text: &str) -> crate::Loaded {
        let mut set = self.set.write().unwrap_or_else(|e| e.into_inner());
        let loaded = set.load_lenient(text, "load_variant_config");
        self.forget(&loaded.names);
        loaded
    }

    /// [`Pyffish::load_variant_config`], strictly: the first problem anywhere in the
    /// text is the error, and nothing of it is added then.
    pub fn load_variant_config_strict(&self, text: &str) -> Result<Vec<String>, CompatError> {
        let mut set = self.set.write().unwrap_or_else(|e| e.into_inner());
        let names = set.load(text, "load_variant_config").map_err(CompatError::Config)?;
        self.forget(&names);
        Ok(names)
    }

    /// Drops the built tables of the variants `names` (redefined).
    fn forget(&self, names: &[String]) {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        cache.retain(|k, _| !names.contains(&k.0));
    }

    /// pyffish's `start_fen(variant)`: the variant's `startFen` as Fairy-Stockfish's
    /// source spells it (the shogi family's `[-] w 0 1`, Seirawan's hand `[HEhe]`).
    pub fn start_fen(&self, variant: &str) -> Result<String, CompatError> {
        Ok(sf_start_fen(self.variant(variant, false)?.rules()))
    }

    /// pyffish's `two_boards(variant)`: the variant's `twoBoards` flag (bughouse), though
    /// polyboard plays every variant on one board.
    pub fn two_boards(&self, variant: &str) -> Result<bool, CompatError> {
        Ok(self.variant(variant, false)?.rules().two_boards)
    }

    /// pyffish's `captures_to_hand(variant)`.
    pub fn captures_to_hand(&self, variant: &str) -> Result<bool, CompatError> {
        Ok(self.variant(variant, false)?.rules().captures_to_hand)
    }

    /// pyffish's `legal_moves(variant, fen, moves, chess960)`: the legal moves in UCI
    /// text (Chess960 castling as king takes rook when `chess960`).
    pub fn legal_moves(
        &self,
        variant: &str,
        fen: &str,
        moves: &[&str],
        chess960: bool,
    ) -> Result<Vec<String>, CompatError> {
        let v = self.variant(variant, chess960)?;
        with_tables!(&*v, t => {
            let g = Game::new(t, fen, moves)?;
            let b = g.last();
            let mut l = Moves::new();
            legal(b, &mut l);
            Ok(l.iter().map(|&m| b.move_text(m)).collect())
        })
    }

    /// pyffish's `get_fen(variant, fen, moves, chess960, sfen, showPromoted,
    /// countStarted)`: the FEN (or with `sfen`, the SFEN) after the moves.
    /// `count_started` is the ply the board's honour counting started (makruk's
    /// counting draw; 0 as the game counts, below 0 not at all).
    #[allow(clippy::too_many_arguments)]
    pub fn get_fen(
        &self,
        variant: &str,
        fen: &str,
        moves: &[&str],
        chess960: bool,
        sfen: bool,
        show_promoted: bool,
        count_started: i64,
    ) -> Result<String, CompatError> {
        let v = self.variant(variant, chess960)?;
        with_tables!(&*v, t => {
            let g = Game::new(t, fen, moves)?;
            Ok(if sfen { sf_sfen(g.last()) } else { g.fen(show_promoted, count_started) })
        })
    }

    /// pyffish's `get_san(variant, fen, move, chess960, notation)`: the move in
    /// `notation` (pyffish's number; 0 is the variant's default: shogi's Hodges
    /// notation with numbers for shogi variants, SAN otherwise).
    pub fn get_san(
        &self,
        variant: &str,
        fen: &str,
        mv: &str,
        chess960: bool,
        notation: i64,
    ) -> Result<String, CompatError> {
        Ok(self.get_san_moves(variant, fen, &[mv], chess960, notation)?.pop().unwrap_or_default())
    }

    /// pyffish's `get_san_moves(variant, fen, moves, chess960, notation)`: each move of
    /// the list in `notation`, played in turn.
    pub fn get_san_moves(
        &self,
        variant: &str,
        fen: &str,
        moves: &[&str],
        chess960: bool,
        notation: i64,
    ) -> Result<Vec<String>, CompatError> {
        let v = self.variant(variant, chess960)?;
        let n = Notation::from_pyffish(notation).unwrap_or_else(|| default_notation(v.rules()));
        with_tables!(&*v, t => {
            let mut g = Game::new(t, fen, &[])?;
            let mut out = Vec::with_capacity(moves.len());
            for (index, text) in moves.iter().enumerate() {
                let b = *g.last();
                let mut l = Moves::new();
                b.generate(&mut l);
                let mv = l
                    .iter()
                    .copied()
                    .find(|&m| b.move_text(m) == *text)
                    .or_else(|| b.parse_move(text).ok())
                    .ok_or_else(|| CompatError::Move { index, text: text.to_string() })?;
                out.push(b.san_in(mv, n, g.promoted, &l));
                g.push(mv);
            }
            Ok(out)
        })
    }

    /// pyffish's `gives_check(variant, fen, moves, chess960)`: whether the side to move
    /// is in check after the moves.
    pub fn gives_check(&self, variant: &str, fen: &str, moves: &[&str], chess960: bool) -> Result<bool, CompatError> {
        let v = self.variant(variant, chess960)?;
        with_tables!(&*v, t => Ok(Game::new(t, fen, moves)?.last().checked()))
    }

    /// pyffish's `is_capture(variant, fen, moves, move, chess960)`.
    pub fn is_capture(
        &self,
        variant: &str,
        fen: &str,
        moves: &[&str],
        mv: &str,
        chess960: bool,
    ) -> Result<bool, CompatError> {
        let v = self.variant(variant, chess960)?;
        with_tables!(&*v, t => {
            let g = Game::new(t, fen, moves)?;
            let m = g.last().parse_move(mv).map_err(|_| CompatError::Move { index: moves.len(), text: mv.into() })?;
            Ok(m.is_capture())
        })
    }

    /// pyffish's `piece_to_partner(variant, fen, moves, chess960)`: the piece the last
    /// move captured, as the letter a bughouse partner would receive (pyffish answers
    /// in every variant): a promoted piece as what it was promoted from, `''` when the
    /// last move captured nothing or the list is empty.
    pub fn piece_to_partner(
        &self,
        variant: &str,
        fen: &str,
        moves: &[&str],
        chess960: bool,
    ) -> Result<String, CompatError> {
        let v = self.variant(variant, chess960)?;
        with_tables!(&*v, t => Game::new(t, fen, moves).map(|g| last_captured(&g)))
    }

    /// pyffish's `game_result(variant, fen, moves, chess960)`: meant for a position
    /// without legal moves; the variant's end if it has one, else the checkmate or
    /// stalemate value (whether or not moves are left, as pyffish).
    pub fn game_result(&self, variant: &str, fen: &str, moves: &[&str], chess960: bool) -> Result<i32, CompatError> {
        let v = self.variant(variant, chess960)?;
        with_tables!(&*v, t => {
            let g = Game::new(t, fen, moves)?;
            let b = g.last();
            Ok(draw_odds(b, match immediate_end(b) {
                Some(v) => v,
                None if b.checked() => checkmate_value(&g),
                None => value(b.stalemate_result()),
            }))
        })
    }

    /// pyffish's `is_immediate_game_end(variant, fen, moves, chess960)`: whether a
    /// variant rule has ended the game, and the result (0 when not).
    pub fn is_immediate_game_end(
        &self,
        variant: &str,
        fen: &str,
        moves: &[&str],
        chess960: bool,
    ) -> Result<(bool, i32), CompatError> {
        let v = self.variant(variant, chess960)?;
        with_tables!(&*v, t => {
            let g = Game::new(t, fen, moves)?;
            Ok(immediate_end(g.last()).map_or((false, 0), |v| (true, v)))
        })
    }

    /// pyffish's `is_optional_game_end(variant, fen, moves, chess960, count_started)`:
    /// whether a player may claim the end (n-move rule, repetition), and the result
    /// (0 when not). Repetitions count the positions after the FEN only, as pyffish.
    pub fn is_optional_game_end(
        &self,
        variant: &str,
        fen: &str,
        moves: &[&str],
        chess960: bool,
        count_started: i64,
    ) -> Result<(bool, i32), CompatError> {
        let v = self.variant(variant, chess960)?;
        with_tables!(&*v, t => {
            let g = Game::new(t, fen, moves)?;
            Ok(optional_end(&g, count_started).map_or((false, 0), |v| (true, draw_odds(g.last(), v))))
        })
    }

    /// pyffish's `has_insufficient_material(variant, fen, moves, chess960)`: for White
    /// and Black, whether the side can no longer win.
    pub fn has_insufficient_material(
        &self,
        variant: &str,
        fen: &str,
        moves: &[&str],
        chess960: bool,
    ) -> Result<(bool, bool), CompatError> {
        let v = self.variant(variant, chess960)?;
        with_tables!(&*v, t => {
            let g = Game::new(t, fen, moves)?;
            Ok((insufficient(g.last(), 0), insufficient(g.last(), 1)))
        })
    }

    /// pyffish's `validate_fen(fen, variant, chess960)`: [`FEN_OK`] or pyffish's negative
    /// code of the first fault found (see [`crate::compat::validate`]).
    pub fn validate_fen(&self, fen: &str, variant: &str, chess960: bool) -> Result<i32, CompatError> {
        let v = self.variant(variant, chess960)?;
        Ok(validate::validate(fen, v.rules(), chess960))
    }

    /// pyffish's `get_fog_fen(fen, variant, chess960)`: the FEN with `*` on every square
    /// the side to move does not see.
    pub fn get_fog_fen(&self, fen: &str, variant: &str, chess960: bool) -> Result<String, CompatError> {
        let v = self.variant(variant, chess960)?;
        with_tables!(&*v, t => Ok(fog_fen(Game::new(t, fen, &[])?.last(), t.rules.chess960)))
    }
}

/// pyffish's default notation of a variant: shogi's Hodges notation with numbers for
/// the shogi family (`variantTemplate = shogi`), SAN otherwise.
pub fn default_notation(r: &crate::rules::Rules) -> Notation {
    if r.variant_template.as_deref() == Some("shogi") { Notation::ShogiHodgesNumber } else { Notation::San }
}

mod counting;
pub mod validate;
