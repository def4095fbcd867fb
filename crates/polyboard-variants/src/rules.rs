//! Variant rules and their definition files, in Fairy-Stockfish's `variants.ini`
//! syntax: `[name]` or `[name:parent]` sections of `key = value` lines, `#` and `;`
//! comments. A key polyboard does not implement is an error naming the key and its
//! line, never silently ignored: a half-read variant would play a different game.
//!
//! Keys are applied in three passes, whatever their order in the file: the board size
//! (`maxRank`, `maxFile`), then the piece keys in file order (a child's after its
//! parent's), then every other key (the last value wins).

use crate::betza::{self, Atom};

/// The most piece types a variant may use, the promoted ones counted (a type fits in
/// 5 bits of a move, and a set of types in a `u32`).
pub const MAX_TYPES: usize = 32;
/// The most files and ranks.
pub const MAX_SIDE: usize = 16;

/// A built-in or loaded variant definition cannot be used: where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantError {
    /// The file (or `built-in`).
    pub source: String,
    /// The 1-based line, 0 when the error is about the section as a whole.
    pub line: usize,
    /// The key, or the section name.
    pub key: String,
    /// What is wrong.
    pub reason: String,
}

impl core::fmt::Display for VariantError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.line > 0 {
            write!(f, "{} line {}: key '{}': {}", self.source, self.line, self.key, self.reason)
        } else {
            write!(f, "{}: '{}': {}", self.source, self.key, self.reason)
        }
    }
}

impl std::error::Error for VariantError {}

/// A problem of a `variants.ini` file read section by section: the section left out,
/// or only one line of it (or a line outside any section), with the problem (the line,
/// the key or the section name, and the reason).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionError {
    /// The section's name; `None` for a line outside any section.
    pub section: Option<String>,
    /// Only the line was left out: the section loads without it.
    pub line_only: bool,
    /// The problem: its file, line, key and reason.
    pub error: VariantError,
}

/// One line: `FILE line N: section 'NAME' skipped: key 'KEY': REASON`, or for a line
/// left out `FILE line N: section 'NAME': key 'KEY' ignored: REASON`.
impl core::fmt::Display for SectionError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let e = &self.error;
        let at = if e.line > 0 { format!("{} line {}", e.source, e.line) } else { e.source.clone() };
        match (&self.section, self.line_only) {
            (Some(s), true) => write!(f, "{at}: section '{s}': key '{}' ignored: {}", e.key, e.reason),
            (Some(s), false) if e.line > 0 => write!(f, "{at}: section '{s}' skipped: key '{}': {}", e.key, e.reason),
            (Some(s), false) => write!(f, "{at}: section '{s}' skipped: '{}': {}", e.key, e.reason),
            (None, _) => write!(f, "{at}: line outside any section ignored: '{}': {}", e.key, e.reason),
        }
    }
}

impl std::error::Error for SectionError {}

/// The result of a finished game for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// Drawn.
    Draw,
}

impl Value {
    /// The same result seen from the other side.
    pub fn reversed(self) -> Value {
        match self {
            Value::Win => Value::Loss,
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
        }
    }
}

/// Fairy-Stockfish's `wallingRule`: after its move the mover puts up a wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walling {
    /// No walls are put up.
    None,
    /// On the square the piece left (`past`: joust, snailtrail).
    Past,
    /// On any empty square of the walling region (`static`: isolation).
    Static,
    /// On a square the moved piece could move to from where it landed (`arrow`:
    /// amazons).
    Arrow,
    /// On any empty square, the one wall moving there (`duck`: duck chess).
    Duck,
    /// On an empty square of the board's edge or orthogonally next to a wall (`edge`:
    /// atlantis).
    Edge,
}

/// Fairy-Stockfish's `countingRule`: how many moves a side with a bare king (or, by the
/// board's honour, a side without pawns) has before the game is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountingRule {
    /// `makruk`: 64 moves by the board's honour; by the pieces' honour 8 against two
    /// rooks, 16 against one, 22 against two khons, 32 against two knights, 44 against
    /// one khon, 64 otherwise.
    Makruk,
    /// `cambodian`: as makruk's, one move fewer each, and the board's honour counts
    /// from the game's ply when that is shorter.
    Cambodian,
    /// `asean`: only a bare king counts, from zero: 16 against a rook, 44 against a
    /// khon, 64 against a knight.
    Asean,
}

/// Fairy-Stockfish's `materialCounting` rules that score a game by its material: at the
/// n-move rule, a repetition, two passes in a row or a bikjang.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaterialCounting {
    /// `janggi`: chariot 13, cannon 7, horse 5, elephant 3, advisor 3, soldier 2, and
    /// 1.5 points to the second player (White wins with a lead of 2 or more).
    Janggi,
    /// `unweighted`: the side with more pieces wins, equal counts draw (ataxx).
    Unweighted,
}

/// Fairy-Stockfish's `chasingRule`: which pieces a repetition's moves may not keep
/// attacking (xiangqi's perpetual chase), in pyffish's optional game end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chasing {
    /// `none`: a repetition is scored by perpetual check and `nFoldValue` alone.
    None,
    /// `axf`: the Asian Xiangqi Federation's rules as Fairy-Stockfish plays them. In a
    /// repetition that ends the game, perpetual check is judged first; then a side whose
    /// every move since the repetition's first position chased the same piece (see
    /// [`crate::Board::chased`]) loses, and both sides chasing is a draw. The n-move rule
    /// leaves out of the clock two plies for each check past the tenth of the side that
    /// checked more.
    Axf,
}

/// Fairy-Stockfish's enclosing rules (`enclosingDrop`, `flipEnclosedPieces`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Enclosing {
    /// No rule.
    None,
    /// `reversi`: a drop must enclose enemy pieces in a line between it and an own piece
    /// (in any of the eight directions); the enclosed pieces flip.
    Reversi,
    /// `ataxx`: a drop must touch an own piece; the enemy pieces touching the moved or
    /// dropped piece flip.
    Ataxx,
    /// `top` (drops only: connect four): a drop goes on the first rank or on a piece.
    Top,
    /// `anyside` (drops only): a drop goes where a piece pushed in from an edge would
    /// stop, as Fairy-Stockfish computes it (from the west and south edges the first
    /// empty square before a piece or the far edge; from the east and north edges the
    /// lowest empty square past a piece or on the near edge, in a line whose far end is
    /// empty).
    AnySide,
    /// `snort` (drops only): a drop may not stand orthogonally next to an enemy piece.
    Snort,
    /// `quadwrangle` (flips only): the enemy pieces touching a moved piece flip, and
    /// those touching a dropped one when it touches an own piece too.
    Quadwrangle,
}

/// Fairy-Stockfish's connection rules (`connectN`, `connectNxN`, `collinearN`,
/// `connectRegion1/2White/Black`): after a move, the mover's pieces of
/// `connectPieceTypes` forming such a figure end the game with `connectValue` for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connect {
    /// `connectN`: that many in an unbroken line (0: no rule).
    pub n: u32,
    /// `connectNxN`: a filled square of that side (0: no rule).
    pub nxn: u32,
    /// `collinearN`: that many on one line, not necessarily adjacent (0: no rule).
    pub collinear: u32,
    /// `connectHorizontal`, `connectVertical`, `connectDiagonal`: the lines looked at.
    pub horizontal: bool,
    /// See `horizontal`.
    pub vertical: bool,
    /// See `horizontal`.
    pub diagonal: bool,
    /// `connectPieceTypes`, one bit a type (every type by default).
    pub types: u32,
    /// `connectValue`: the result for the side that connects (`win` by default).
    pub value: Value,
    /// `connectRegion1White/Black`: a chain from it ...
    pub region1: [u128; 2],
    /// `connectRegion2White/Black`: ... to this region wins. As Fairy-Stockfish, the
    /// chain grows from region 1 only east, north, north-east and south-east (the
    /// directions enabled).
    pub region2: [u128; 2],
}

impl Connect {
    /// True when a connection rule is in force.
    pub fn any(&self) -> bool {
        self.n > 0 || self.nxn > 0 || self.collinear > 0 || self.region1.iter().any(|&m| m != 0)
    }
}

impl Default for Connect {
    fn default() -> Connect {
        Connect {
            n: 0,
            nxn: 0,
            collinear: 0,
            horizontal: true,
            vertical: true,
            diagonal: true,
            types: u32::MAX,
            value: Value::Win,
            region1: [0; 2],
            region2: [0; 2],
        }
    }
}

/// One piece type.
#[derive(Clone, Debug)]
pub struct PieceDef {
    /// Fairy-Stockfish's name (`knight`, `customPiece1`, or `+` and the base's name).
    pub name: String,
    /// Lowercase FEN letter (a promoted type writes its base's letter after `+`).
    pub letter: char,
    /// The Betza text it was read from.
    pub betza: String,
    /// Its moves, for White.
    pub atoms: Vec<Atom>,
    /// Checkmating it wins (the `king` key).
    pub royal: bool,
    /// A promotion pawn (the `pawn` key): double steps, en passant, promotion to
    /// `promotionPieceTypes` in the promotion region.
    pub pawn: bool,
    /// The shogi pawn (`shogiPawn`), for the doubled-pawn and pawn-drop-mate rules.
    pub shogi_pawn: bool,
    /// The type it promotes to (`promotedPieceType`).
    pub promotes_to: Option<usize>,
    /// With `pieceDemotion`, for a promoted type: the type it demotes to (its base).
    pub demotes_to: Option<usize>,
    /// For a promoted type, the type it came from (and returns to in hand).
    pub base: Option<usize>,
    /// For a promoted type, the type whose moves it has (`promotedPieceType`'s target:
    /// shogi's tokin moves as the gold). Fairy-Stockfish gives a promoted piece that
    /// type, so its SAN letter is the target's.
    pub moves_as: Option<usize>,
    /// The letter move text uses when it is not the FEN letter (`sanLetters`, as
    /// Fairy-Stockfish's piece synonyms: xiangqi's horse `n` is `H` in SAN).
    pub synonym: Option<char>,
}

/// The rules of one variant.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The section name.
    pub name: String,
    /// Files (columns), at most 16.
    pub files: usize,
    /// Ranks (rows), at most 16; files x ranks <= 128.
    pub ranks: usize,
    /// The piece types; the index is the type number.
    pub pieces: Vec<PieceDef>,
    /// The start position.
    pub start_fen: String,
    /// Where pawns promote, per colour (bit = square).
    pub promotion_region: [u128; 2],
    /// What pawns promote to, per colour.
    pub promotion_types: [Vec<usize>; 2],
    /// Largest number of pieces of a type a promotion may reach (`promotionLimit`).
    pub promotion_limit: Vec<(usize, u32)>,
    /// A pawn reaching the promotion region must promote.
    pub mandatory_pawn_promotion: bool,
    /// A piece that can promote (`promotedPieceType`) must (and with `pieceDemotion`, a
    /// promoted piece must demote).
    pub mandatory_piece_promotion: bool,
    /// `pieceDemotion` (Kyoto shogi): a promoted piece may move back to its base type
    /// where a move of the base type could promote (with `mandatoryPiecePromotion`,
    /// must).
    pub piece_demotion: bool,
    /// `piecePromotionOnCapture` (Micro shogi): pieces promote (and demote) only by
    /// capturing.
    pub piece_promotion_on_capture: bool,
    /// `dropPromoted`: a piece in hand may also be dropped as its promoted type.
    pub drop_promoted: bool,
    /// Pawns may double-step.
    pub double_step: bool,
    /// Where pawns may double-step from, per colour.
    pub double_step_region: [u128; 2],
    /// Where an en passant square may be (`enPassantRegion`; horde leaves out the
    /// second rank, which its first-rank double steps cross).
    pub en_passant_region: u128,
    /// Castling exists.
    pub castling: bool,
    /// The king's file after castling on the kingside.
    pub castling_kingside_file: usize,
    /// The king's file after castling on the queenside.
    pub castling_queenside_file: usize,
    /// `castlingRookKingsideFile` and `castlingRookQueensideFile`: where a FEN's `K` and
    /// `Q` look for the castling rook first, then file by file toward the other side
    /// (shako's rooks start on the i and b files, inside its cannons); `None` for the
    /// board's edge.
    pub castling_rook_files: [Option<usize>; 2],
    /// The castling rank, 0-based, relative to the side.
    pub castling_rank: usize,
    /// The king type that castles.
    pub castling_king: Option<usize>,
    /// The rook type that castles.
    pub castling_rook: Option<usize>,
    /// Every type that castles as the rook (`castlingRookPieces` may list more than
    /// one: perfect chess's chancellor), one bit each; `castling_rook` is the first.
    pub castling_rooks: u32,
    /// Chess960 castling (the king and rooks anywhere on the castling rank).
    pub chess960: bool,
    /// Checks may be given (`checking`); when false, a move that gives check is illegal
    /// (racing kings). A royal piece may never be left attacked either way.
    pub checking: bool,
    /// `petrifyOnCaptureTypes`: a piece of these types that captures turns into a wall
    /// on the square it took (petrified, nuclear). One bit a type.
    pub petrify_on_capture: u32,
    /// Pieces in hand may be dropped.
    pub drops: bool,
    /// Captured pieces go to the capturer's hand.
    pub captures_to_hand: bool,
    /// Pawns may be dropped on the first rank.
    pub first_rank_pawn_drops: bool,
    /// A captured promoted piece goes to the hand as it is, not as the pawn it was
    /// (`dropLoop`: chessgi and loop chess).
    pub drop_loop: bool,
    /// Pawns may be dropped in the promotion region.
    pub promotion_zone_pawn_drops: bool,
    /// Where drops are allowed, per colour.
    pub drop_region: [u128; 2],
    /// A type that may not be dropped on a file holding an own one (shogi's nifu).
    pub drop_no_doubled: Option<usize>,
    /// How many of `drop_no_doubled` a file may already hold before the drop is refused
    /// (`dropNoDoubledCount`, 1 by default; tori shogi's swallows 2).
    pub drop_no_doubled_count: u32,
    /// A piece may not go (or be dropped) where it could never move again.
    pub immobility_illegal: bool,
    /// Checkmate by a shogi pawn drop loses for the side that dropped. As in
    /// Fairy-Stockfish (and so in its perft counts) the drop is generated and the rule
    /// is a game end, not a filter on the moves.
    pub pawn_drop_mate_illegal: bool,
    /// Unmoved pieces keep a gate on their square (`gating`): for Seirawan gating or
    /// Cambodian first moves.
    pub gating: bool,
    /// A piece leaving its gate may put a piece from the hand there (`seirawanGating`).
    pub seirawan_gating: bool,
    /// Cambodian first moves (`cambodianMoves`, current Fairy-Stockfish's rules): a king
    /// on its gate, not in check, may leap like a knight to an empty square of the rank
    /// one step ahead; a fers on its gate may leap two squares straight ahead to an
    /// empty square; a rook landing on the king's file or rank takes the king's leap
    /// away. (Fairy-Stockfish 11.1 let the fers capture and kept the king's leap.)
    pub cambodian_moves: bool,
    /// While the side to move holds pieces and one of its drops is legal, it must drop
    /// (`mustDrop`: Sittuyin's setup phase).
    pub must_drop: bool,
    /// A side that can capture must capture (`mustCapture`: losers, giveaway,
    /// antichess); en passant counts as a capture.
    pub must_capture: bool,
    /// At stalemate the side with fewer pieces wins, equal counts draw
    /// (`stalematePieceCount`: suicide chess).
    pub stalemate_piece_count: bool,
    /// Rooks are dropped on the side's first rank only (`sittuyinRookDrop`).
    pub sittuyin_rook_drop: bool,
    /// Sittuyin promotion (`sittuyinPromotion`): a pawn becomes one of the promotion
    /// types in place or by one of that type's moves to an empty square, when the limit
    /// allows; with more than one pawn, only a pawn on one of the long diagonals in the
    /// opponent's half. The new piece may not attack an enemy piece, and the move may not
    /// give check. Regular promotion stays off.
    pub sittuyin_promotion: bool,
    /// Shatar's mate rules (`shatarMateRule`): a mate given by knights alone loses for
    /// the mating side, and a mate whose unbroken series of checks holds no check by a
    /// knight, rook or bers (a shak) is a draw.
    pub shatar_mate_rule: bool,
    /// The result for the side to move when it has nothing but royal pieces
    /// (`bareKingValue`); with `bare_king_move`, the result when the opponent has.
    pub bare_king_value: Option<Value>,
    /// The bare side may still move once (`bareKingMove`): the rule looks at the opponent.
    pub bare_king_move: bool,
    /// Kings may not face each other on an open file (xiangqi).
    pub flying_general: bool,
    /// The soldier's sideways steps start at this rank (0-based, relative).
    pub soldier_promotion_rank: usize,
    /// Where each type may stand, per colour (`mobilityRegion...`).
    pub mobility: Vec<[u128; 2]>,
    /// Giving the third check wins.
    pub check_counting: bool,
    /// A piece type reaching the flag region wins, per colour.
    pub flag_piece: [Option<usize>; 2],
    /// The flag piece's types, one bit each: its own and the promoted types that move as
    /// it (Fairy-Stockfish gives a promoted piece its target's type: backrank's pieces
    /// promote to its flag piece, the commoner); 0 without a flag piece.
    pub flag_types: [u32; 2],
    /// The flag region, per colour.
    pub flag_region: [u128; 2],
    /// `flagMove`: a side whose flag piece reaches its region wins when its next turn
    /// comes (the opponent has one move to answer); for a royal flag piece, Black's
    /// answer into its own region draws (racing kings), and the game ends at once when
    /// Black cannot make it.
    pub flag_move: bool,
    /// Per colour, the types that promote as pawns do (to `promotionPieceTypes` in the
    /// promotion region): `promotionPawnTypes[White|Black]`, or `pawnTypes`; the `pawn`
    /// type by default. One bit a type.
    pub promotion_pawn_types: [u32; 2],
    /// Per colour, the types that may take en passant (`enPassantTypes[White|Black]`, or
    /// `pawnTypes`; the `pawn` type by default), onto the square a double step or
    /// initial move passed. One bit a type.
    pub en_passant_types: [u32; 2],
    /// Per colour, the types whose moves reset the n-move clock (`nMoveRuleTypes
    /// [White|Black]`, or `pawnTypes`; the `pawn` type by default). One bit a type.
    pub n_move_rule_types: [u32; 2],
    /// `flagPieceCount`: how many flag pieces must stand in the region (1 by default:
    /// kono's seven, knights-halma's nine).
    pub flag_piece_count: u32,
    /// `flagPieceBlockedWin`: with `flagPieceCount` above 1, one flag piece in the region
    /// wins too when every square of the region is occupied.
    pub flag_piece_blocked_win: bool,
    /// `flagPieceSafe`: a flag piece in its region ends the game only where the other
    /// side does not attack it, whichever side is to move (dobutsu's lion: one that
    /// can be taken must survive the reply first).
    pub flag_piece_safe: bool,
    /// `wallingRule`.
    pub walling: Walling,
    /// Where walls may go up, per colour (`wallingRegionWhite/Black`).
    pub walling_region: [u128; 2],
    /// `wallOrMove` (atlantis): a side either moves, putting up no wall, or puts up a
    /// wall without moving, written as a move of its first piece (the lowest square) to
    /// its own square with the wall (`a1a1,a1a3`); Fairy-Stockfish writes the other
    /// moves with the wall field of no wall, its first square (`e2e4,e4a1`).
    pub wall_or_move: bool,
    /// `materialCounting = blackdrawodds` or `whitedrawodds` (armageddon): every drawn
    /// end is a win for that colour (0 White, 1 Black).
    pub draw_odds: Option<usize>,
    /// `twoBoards` (bughouse): Fairy-Stockfish plays it on two boards with a partner;
    /// polyboard plays one board, and only reports the flag (pyffish's `two_boards`).
    pub two_boards: bool,
    /// `makpongRule`: a royal piece in check may not move, except to capture the one
    /// checking piece.
    pub makpong: bool,
    /// `blastOnCapture` (atomic): a capture clears its square (the capturer too) and
    /// the pieces next to it but pawns.
    pub blast_on_capture: bool,
    /// `blastImmuneTypes`: the types a blast leaves standing, one bit each.
    pub blast_immune: u32,
    /// `mutuallyImmuneTypes`: a piece of one of these types may not capture a piece
    /// of the same type, one bit each.
    pub mutually_immune: u32,
    /// `extinctionPseudoRoyal`: while a side has at most `extinctionPieceCount + 1`
    /// pieces of an extinction type, they may not be left attacked, nor blown up by
    /// their own side; a move that takes the opponent's is legal regardless, and
    /// pieces touching the opponent's (with `blastOnCapture`) are not attacked.
    pub extinction_pseudo_royal: bool,
    /// `dupleCheck` (spartan): with `extinctionPseudoRoyal`, a side whose pieces of the
    /// extinction types are all attacked is in check, however many it has (two kings
    /// that are not pseudo-royal may not both be left attacked).
    pub duple_check: bool,
    /// Where pawns may step three squares at once, per colour (`tripleStepRegion...`:
    /// wildebeest); both squares passed may be taken on en passant.
    pub triple_step_region: [u128; 2],
    /// `castlingWins`: the castling rights whose castling wins the game and whose loss
    /// otherwise loses it, one bit each: 1 White's kingside (`K`), 2 White's queenside,
    /// 4 and 8 Black's.
    pub castling_wins: u8,
    /// `oppositeCastling`: a side may not castle on the side where the opponent's
    /// castling rook stands on its castled square.
    pub opposite_castling: bool,
    /// The result of stalemate for the stalemated side.
    pub stalemate_value: Value,
    /// The result of checkmate for the mated side.
    pub checkmate_value: Value,
    /// Plies without capture or pawn move before a draw (0 = none), as moves.
    pub n_move_rule: u32,
    /// Repetitions that end the game.
    pub n_fold_rule: u32,
    /// The result of that repetition.
    pub n_fold_value: Value,
    /// `n_fold_value` is the first player's result, not the side to move's
    /// (`nFoldValueAbsolute`: minishogi's repetition loses for the first player).
    pub n_fold_value_absolute: bool,
    /// A repetition in which one side gave check with every move loses for that side
    /// (`perpetualCheckIllegal`: xiangqi, shogi). Game end only: no move is filtered.
    pub perpetual_check_illegal: bool,
    /// Having none of these types left ends the game with this result for the side to
    /// move (`extinctionValue`, `extinctionPieceTypes`).
    pub extinction: Option<(Value, Vec<usize>)>,
    /// Each extinction type with the promoted types that move as it, one bit each: as
    /// Fairy-Stockfish gives a promoted piece its target's type, they count as one
    /// (Sho shogi's king and the prince its drunk elephant becomes are two commoners).
    pub extinction_groups: Vec<u32>,
    /// The `variantTemplate` key (`shogi` makes shogi notation the default SAN of
    /// pyffish's API); `None` when the file does not set it.
    pub variant_template: Option<String>,
    /// `countingRule`: Fairy-Stockfish's counting draw of makruk and its family, which the
    /// pyffish API plays (`compat`; the engine does not). Its FEN then holds the counting
    /// limit where chess has en passant, and the counting ply where chess has the
    /// halfmove clock.
    pub counting_rule: Option<CountingRule>,
    /// `chasingRule` (xiangqi): a perpetual chase loses a repetition ([`Chasing`]).
    pub chasing: Chasing,
    /// Fairy-Stockfish's extinction counts (`extinctionPieceCount`,
    /// `extinctionOpponentPieceCount`, `extinctionClaim`, and `*` in
    /// `extinctionPieceTypes` meaning the count of all pieces), read for pyffish's game
    /// end ([`crate::compat`]) and [`crate::Board::outcome`] alike; without them the
    /// extinction rule is polyboard's earlier one (every listed type gone).
    pub extinction_counts: ExtinctionCounts,
    /// `diagonalLines` (janggi's palace): squares joined by diagonal lines, along which
    /// the wazir (and a wazir-moving king) steps like a fers, the soldier steps diagonally
    /// forward, the rook rides like a bishop and the janggi cannon hops, from a square of
    /// the lines to a square of the lines. Empty when the variant has none.
    pub diagonal_lines: u128,
    /// `pass` (`passWhite`, `passBlack`): the side may pass, written as its king's move
    /// to its own square (`e2e2`); not while in check (except in a bikjang).
    pub pass: [bool; 2],
    /// `passOnStalemate`: the side may pass only when it has no other legal move.
    pub pass_on_stalemate: [bool; 2],
    /// `bikjangRule`: kings facing each other on an open line (a bikjang) must be
    /// separated by the side to move, which may also pass; a bikjang that survives a move
    /// ends the game, scored by `materialCounting` or drawn.
    pub bikjang: bool,
    /// `materialCounting = janggi | unweighted`: the scoring of the game ends that count
    /// material (two passes in a row, a bikjang, the n-move rule, a repetition).
    pub material_counting: Option<MaterialCounting>,
    /// `moveRepetitionIllegal` (janggimodern): read; Kakao Janggi's repetition rule is a
    /// claim, not a move filter.
    pub move_repetition_illegal: bool,
    /// `enclosingDrop`: where a drop may go.
    pub enclosing_drop: Enclosing,
    /// `enclosingDropStart`: while a square of it is empty, drops go there, whatever
    /// `enclosingDrop` says (reversi's first four).
    pub enclosing_drop_start: u128,
    /// `flipEnclosedPieces`: the enemy pieces a move (not a pass) flips to the mover's
    /// colour.
    pub flip_enclosed: Enclosing,
    /// `adjudicateFullBoard`: a full board ends the game, scored by material counting.
    pub adjudicate_full_board: bool,
    /// `freeDrops` (ataxx): every piece type may be dropped without a hand, which the FEN
    /// leaves out.
    pub free_drops: bool,
    /// `dropChecks`: a drop may give check, that is attack a royal piece (true by
    /// default; supply, xiangqihouse and atomiczh say false).
    pub drop_checks: bool,
    /// `mustDropType` (koedem's king): with `mustDrop`, the type that must be dropped
    /// while it is in hand; `None` (`*`, the default) for any type.
    pub must_drop_type: Option<usize>,
    /// `dropOppositeColoredBishop` (placement): the dropped bishops stand half on each
    /// colour.
    pub drop_opposite_bishop: bool,
    /// `castlingDroppedPiece` (placement): a castling king dropped on `castlingKingFile`
    /// of the castling rank, and castling rooks dropped in its corners, may castle.
    pub castling_dropped_piece: bool,
    /// `castlingKingFile`: the castling king's file for `castlingDroppedPiece` (0-based,
    /// `e` by default).
    pub castling_king_file: usize,
    /// The connection rules (tic-tac-toe, connect four, gomoku-like games).
    pub connect: Connect,
}

/// Fairy-Stockfish's extinction rule in full: a side with at most `piece_count` of an
/// extinction type (of all its pieces when `all`) while the other has at least
/// `opponent_count` (one more for the side to move with `claim`) ends the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExtinctionCounts {
    /// `extinctionPieceCount`.
    pub piece_count: u32,
    /// `extinctionOpponentPieceCount`.
    pub opponent_count: u32,
    /// `extinctionClaim`.
    pub claim: bool,
    /// `extinctionPieceTypes = *`: the count of all pieces.
    pub all: bool,
}

impl Rules {
    /// The square `file, rank` (0-based).
    pub fn square(&self, file: usize, rank: usize) -> usize {
        rank * self.files + file
    }

    /// The square of the name `e4`, `j10`.
    pub fn parse_square(&self, s: &str) -> Option<usize> {
        let mut ch = s.chars();
        let f = ch.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let file = (f as u8 - b'a') as usize;
        let rest = ch.as_str();
        if rest.is_empty() || rest.len() > 2 || !rest.bytes().all(|b| b.is_ascii_digit()) || rest.starts_with('0') {
            return None;
        }
        let rank: usize = rest.parse().ok()?;
        (file < self.files && rank >= 1 && rank <= self.ranks).then(|| self.square(file, rank - 1))
    }

    /// The rank `color` castles on (0-based): `castlingRank` from its own side.
    pub fn castling_rank_of(&self, color: usize) -> usize {
        if color == 0 { self.castling_rank } else { self.ranks - 1 - self.castling_rank }
    }

    /// The name of a square (`a1`, `l10`).
    pub fn square_name(&self, sq: usize) -> String {
        format!("{}{}", (b'a' + (sq % self.files) as u8) as char, sq / self.files + 1)
    }

    /// The whole rank `r` (0-based).
    pub fn rank_mask(&self, r: usize) -> u128 {
        ((1u128 << self.files) - 1) << (r * self.files)
    }

    /// The whole file `f` (0-based).
    pub fn file_mask(&self, f: usize) -> u128 {
        (0..self.ranks).fold(0, |m, r| m | 1u128 << (r * self.files + f))
    }

    /// Every square.
    pub fn all_squares(&self) -> u128 {
        let n = self.files * self.ranks;
        if n == 128 { u128::MAX } else { (1u128 << n) - 1 }
    }

    /// True for the types whose check is a shak under Shatar's mate rule: Fairy-Stockfish's
    /// knight, rook and bers.
    pub fn is_shak_type(&self, ty: usize) -> bool {
        matches!(self.pieces[ty].name.as_str(), "knight" | "rook" | "bers")
    }

    /// The type a promoted piece goes back to when captured into a hand: the first
    /// promotion pawn type (`pawn` unless `pawnTypes` says otherwise).
    pub fn main_pawn(&self) -> Option<usize> {
        let m = self.promotion_pawn_types[0] | self.promotion_pawn_types[1];
        if m != 0 { Some(m.trailing_zeros() as usize) } else { self.pieces.iter().position(|p| p.pawn) }
    }

    /// True when `ty` promotes as a pawn for `color` (`promotionPawnTypes`).
    #[inline(always)]
    pub fn promotes_as_pawn(&self, color: usize, ty: usize) -> bool {
        self.promotion_pawn_types[color] >> ty & 1 != 0
    }

    /// The type with this lowercase letter (not the promoted ones).
    pub fn type_of_letter(&self, c: char) -> Option<usize> {
        self.pieces.iter().position(|p| p.letter == c && p.base.is_none())
    }

    /// The unpromoted type a FEN letter names: its letter, or Fairy-Stockfish's other
    /// letter for it (`sanLetters`: janggi's `h` for the horse `n`), lowercase.
    pub fn type_of_fen_letter(&self, c: char) -> Option<usize> {
        self.type_of_letter(c).or_else(|| self.pieces.iter().position(|p| p.synonym == Some(c) && p.base.is_none()))
    }

    /// Ranks at or beyond the relative rank `r` (0-based) for `color`.
    fn ranks_from(&self, r: usize, color: usize) -> u128 {
        (0..self.ranks).filter(|&k| k >= r).fold(0, |acc, k| acc | self.rank_mask(rel(self.ranks, k, color)))
    }
}

/// The absolute 0-based rank of the relative rank `r` for `color`.
fn rel(ranks: usize, r: usize, color: usize) -> usize {
    if color == 0 { r } else { ranks - 1 - r }
}

/// One `key = value` line of a section.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    key: String,
    value: String,
    line: usize,
    source: String,
    /// How deep in the inheritance chain the section of this line is (0 for a section
    /// without parent): its piece letters are the ones defined up to that section.
    depth: usize,
}

/// A set of variant definitions: the built-in file, then any the user adds.
#[derive(Clone, Debug, Default)]
pub struct VariantSet {
    sections: Vec<(String, Vec<Entry>)>,
}

/// What [`VariantSet::read_sections`] found: the sections that load (not yet added),
/// those left out and the lines left out of sections that load, in file order.
#[derive(Default)]
pub(crate) struct Read {
    pub(crate) added: Vec<(String, Vec<Entry>)>,
    pub(crate) skipped: Vec<SectionError>,
    pub(crate) ignored: Vec<SectionError>,
}

/// The section's rules, passed through `check`; an error of the check about the start
/// position points at the `startFen` line.
fn build_checked(
    name: &str,
    entries: &[Entry],
    check: &dyn Fn(Rules) -> Result<(), VariantError>,
) -> Result<(), VariantError> {
    let rules = build(name, entries)?;
    check(rules).map_err(|mut e| {
        let fen = entries.iter().rev().find(|e| e.key == "startFen");
        if let (0, Some(f)) = (e.line, fen) {
            (e.line, e.key, e.source) = (f.line, f.key.clone(), f.source.clone());
        }
        e
    })
}

/// The built-in variants, in `variants.ini` syntax.
pub const BUILTIN: &str = include_str!("../variants.ini");

impl VariantSet {
    /// The built-in variants only.
    pub fn builtin() -> VariantSet {
        let mut set = VariantSet::default();
        set.load(BUILTIN, "built-in variants.ini").expect("the built-in variants.ini is valid");
        set
    }

    /// Adds the sections of a `variants.ini` text; `source` names it in errors. Every
    /// new section is checked (built into rules) before any is added, and the first
    /// problem is the error: nothing of the file is added then (`--strict`). See
    /// [`VariantSet::load_lenient`](crate::VariantSet::load_lenient) for the
    /// reading Fairy-Stockfish does.
    pub fn load(&mut self, text: &str, source: &str) -> Result<Vec<String>, VariantError> {
        let read = self.read_sections(text, source, false, &|_| Ok(()));
        if let Some(first) = read.skipped.into_iter().next() {
            return Err(first.error);
        }
        let names: Vec<String> = read.added.iter().map(|s| s.0.clone()).collect();
        self.sections.extend(read.added);
        Ok(names)
    }

    /// Reads the sections of `text` one after another; a section that does not read,
    /// names a parent that is not loaded (or was skipped), or that does not build into
    /// rules or pass `check` is left out with its first problem. With `lenient`, as
    /// Fairy-Stockfish reads a file, a line whose key is unknown or whose value does not
    /// read is left out instead (and named in `ignored`), and the section loads without
    /// it; a section is still left out when it cannot load at all (an unknown parent, a
    /// start position that does not read). Returns the good sections (not yet added) and
    /// the problems, in file order.
    pub(crate) fn read_sections(
        &self,
        text: &str,
        source: &str,
        lenient: bool,
        check: &dyn Fn(Rules) -> Result<(), VariantError>,
    ) -> Read {
        let mut read = Read::default();
        // The section being read: its name, entries, and its first problem.
        let mut current: Option<(String, Vec<Entry>, Option<VariantError>)> = None;
        // The depth in the inheritance chain of the section being read.
        let mut depth = 0;
        let finish = |cur: Option<(String, Vec<Entry>, Option<VariantError>)>, read: &mut Read| {
            let Some((name, mut entries, problem)) = cur else { return };
            let problem = problem.or_else(|| {
                loop {
                    let Some(mut e) = build_checked(&name, &entries, check).err() else { break None };
                    if e.source.is_empty() {
                        e.source = source.into();
                    }
                    // A bad value is left out as Fairy-Stockfish leaves it (the rule keeps
                    // its inherited or default value); a start position that does not
                    // read leaves the section out.
                    let at = entries.iter().position(|x| x.line == e.line && x.source == e.source && x.key == e.key);
                    match at {
                        Some(i) if lenient && e.key != "startFen" => {
                            entries.remove(i);
                            read.ignored.push(SectionError { section: Some(name.clone()), line_only: true, error: e });
                        }
                        _ => break Some(e),
                    }
                }
            });
            match problem {
                Some(error) => read.skipped.push(SectionError { section: Some(name), line_only: false, error }),
                None => read.added.push((name, entries)),
            }
        };
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let t = raw.trim();
            if t.is_empty() || t.starts_with('#') || t.starts_with(';') {
                continue;
            }
            let err = |key: &str, reason: String| VariantError { source: source.into(), line, key: key.into(), reason };
            if let Some(inner) = t.strip_prefix('[') {
                finish(current.take(), &mut read);
                let Some(inner) = inner.strip_suffix(']') else {
                    let error = err(t, "a section header must end with ']'".into());
                    current = Some((t.to_string(), Vec::new(), Some(error)));
                    continue;
                };
                let (name, parent) = match inner.split_once(':') {
                    Some((n, p)) => (n.trim(), Some(p.trim())),
                    None => (inner.trim(), None),
                };
                let mut problem = None;
                if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
                    problem = Some(err(inner, "a variant name is letters, digits, '-' and '_'".into()));
                }
                let mut entries = Vec::new();
                if let Some(p) = parent {
                    let found = read.added.iter().rev().chain(self.sections.iter().rev()).find(|s| s.0 == p);
                    match found {
                        Some(s) => entries = s.1.clone(),
                        None if read.skipped.iter().any(|s| s.section.as_deref() == Some(p)) => {
                            problem = problem.or(Some(err(name, format!("parent variant '{p}' was skipped"))));
                        }
                        None => problem = problem.or(Some(err(name, format!("unknown parent variant '{p}'")))),
                    }
                }
                depth = entries.iter().map(|e| e.depth + 1).max().unwrap_or(0);
                current = Some((name.to_string(), entries, problem));
                continue;
            }
            let problem = match t.split_once('=') {
                None => Some(err(t, "expected 'key = value'".into())),
                Some((k, _)) if current.is_none() => Some(err(k.trim(), "a key before any [section]".into())),
                Some((k, _)) if !is_known_key(k.trim()) => Some(err(k.trim(), "unsupported key".into())),
                Some(_) => None,
            };
            match (&mut current, problem) {
                (None, Some(error)) => read.skipped.push(SectionError { section: None, line_only: true, error }),
                (None, None) => {}
                (Some((name, _, _)), Some(error)) if lenient => {
                    read.ignored.push(SectionError { section: Some(name.clone()), line_only: true, error });
                }
                (Some((_, _, first)), Some(error)) => {
                    if first.is_none() {
                        *first = Some(error);
                    }
                }
                (Some((_, entries, _)), None) => {
                    if let Some((k, v)) = t.split_once('=') {
                        entries.push(Entry {
                            key: k.trim().into(),
                            value: v.trim().into(),
                            line,
                            source: source.into(),
                            depth,
                        });
                    }
                }
            }
        }
        finish(current.take(), &mut read);
        read
    }

    /// Adds sections read by [`VariantSet::read_sections`].
    pub(crate) fn add_sections(&mut self, added: Vec<(String, Vec<Entry>)>) {
        self.sections.extend(added);
    }

    /// The variant names, in file order (a later definition of a name replaces an
    /// earlier one).
    pub fn names(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for (n, _) in &self.sections {
            if !out.contains(n) {
                out.push(n.clone());
            }
        }
        out
    }

    /// The rules of the variant `name`.
    pub fn rules(&self, name: &str) -> Result<Rules, VariantError> {
        let Some((n, entries)) = self.sections.iter().rev().find(|s| s.0 == name) else {
            return Err(VariantError {
                source: "variants".into(),
                line: 0,
                key: name.into(),
                reason: format!("unknown variant (known: {})", self.names().join(", ")),
            });
        };
        build(n, entries)
    }
}

/// Keys read besides the piece keys and `mobilityRegion<Color><Piece>`.
const KNOWN: &[&str] = &[
    "maxRank",
    "maxFile",
    "startFen",
    "promotionRank",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "promotionPieceTypes",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "promotionLimit",
    "promotedPieceType",
    "mandatoryPawnPromotion",
    "mandatoryPiecePromotion",
    "doubleStep",
    "doubleStepRank",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "enPassantRegion",
    "castling",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRank",
    "castlingKingPiece",
    "castlingRookPiece",
    "castlingRookPieces",
    "castlingRookKingsideFile",
    "castlingRookQueensideFile",
    "chess960",
    "checking",
    "pieceDrops",
    "capturesToHand",
    "firstRankPawnDrops",
    "dropLoop",
    "pieceDemotion",
    "piecePromotionOnCapture",
    "dropPromoted",
    "promotionZonePawnDrops",
    "whiteDropRegion",
    "blackDropRegion",
    "dropRegionWhite",
    "dropRegionBlack",
    "shogiDoubledPawn",
    "dropNoDoubled",
    "dropNoDoubledCount",
    "immobilityIllegal",
    "shogiPawnDropMateIllegal",
    "gating",
    "seirawanGating",
    "cambodianMoves",
    "mustDrop",
    "mustCapture",
    "stalematePieceCount",
    "sittuyinRookDrop",
    "sittuyinPromotion",
    "shatarMateRule",
    "bareKingValue",
    "bareKingMove",
    "flyingGeneral",
    "soldierPromotionRank",
    "checkCounting",
    "flagPiece",
    "flagPieceWhite",
    "flagPieceBlack",
    "flagRegion",
    "flagRegionWhite",
    "flagRegionBlack",
    "flagMove",
    "flagPieceSafe",
    "flagPieceCount",
    "flagPieceBlockedWin",
    "makpongRule",
    "wallingRule",
    "materialCounting",
    "twoBoards",
    "wallingRegion",
    "wallingRegionWhite",
    "wallingRegionBlack",
    "wallOrMove",
    "blastOnCapture",
    "blastImmuneTypes",
    "mutuallyImmuneTypes",
    "extinctionPseudoRoyal",
    "petrifyOnCaptureTypes",
    "dupleCheck",
    "tripleStepRegionWhite",
    "tripleStepRegionBlack",
    "castlingWins",
    "oppositeCastling",
    "whiteFlag",
    "blackFlag",
    "stalemateValue",
    "checkmateValue",
    "nMoveRule",
    "nFoldRule",
    "nFoldValue",
    "nFoldValueAbsolute",
    "perpetualCheckIllegal",
    "extinctionValue",
    "extinctionPieceTypes",
    "kingType",
    // Display only (WinBoard/XBoard): they change no rule.
    "variantTemplate",
    "sanLetters",
    "extinctionPieceCount",
    "extinctionOpponentPieceCount",
    "extinctionClaim",
    "pieceToCharTable",
    "pocketSize",
    // Read for pyffish's validate_fen only: the counting draw is not played.
    "countingRule",
    // Xiangqi's chasing rule, in pyffish's optional game end.
    "chasingRule",
    // Janggi (issue 20): the palace lines, passing, bikjang.
    "diagonalLines",
    "pass",
    "passWhite",
    "passBlack",
    "passOnStalemate",
    "passOnStalemateWhite",
    "passOnStalemateBlack",
    "bikjangRule",
    "moveRepetitionIllegal",
    // Enclosing games (ataxx, flipello).
    "enclosingDrop",
    "enclosingDropStart",
    "flipEnclosedPieces",
    "adjudicateFullBoard",
    "freeDrops",
    // Drop rules (koedem, supply).
    "dropChecks",
    "mustDropType",
    "dropOppositeColoredBishop",
    "castlingDroppedPiece",
    "castlingKingFile",
    // Connection games (tictactoe, cfour, teeko, three-musketeers, gale).
    "connectN",
    "connectNxN",
    "collinearN",
    "connectHorizontal",
    "connectVertical",
    "connectDiagonal",
    "connectPieceTypes",
    "connectValue",
    "connectRegion1White",
    "connectRegion2White",
    "connectRegion1Black",
    "connectRegion2Black",
];

/// Fairy-Stockfish's predefined piece names and their Betza moves.
const PREDEFINED: &[(&str, &str)] = &[
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("janggiElephant", "nZ"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("king", "K"),
];

/// A key the reader takes: the rule keys, the piece keys and `mobilityRegion...`.
fn is_known_key(key: &str) -> bool {
    KNOWN.contains(&key) || PAWN_TYPE_KEYS.contains(&key) || is_piece_key(key) || key.starts_with("mobilityRegion")
}

fn is_piece_key(key: &str) -> bool {
    PREDEFINED.iter().any(|p| p.0 == key)
        || key.strip_prefix("customPiece").is_some_and(|n| n.parse::<u32>().is_ok_and(|n| (1..=25).contains(&n)))
}

/// A piece under construction, kept by key so a later key can replace it.
struct Draft {
    key: String,
    letter: char,
    betza: String,
}

fn build(name: &str, entries: &[Entry]) -> Result<Rules, VariantError> {
    let fail =
        |e: &Entry, reason: String| VariantError { source: e.source.clone(), line: e.line, key: e.key.clone(), reason };
    // Pass 1: the board.
    let (mut files, mut ranks) = (8usize, 8usize);
    for e in entries {
        match e.key.as_str() {
            "maxRank" => {
                ranks = e
                    .value
                    .parse()
                    .ok()
                    .filter(|r| (1..=MAX_SIDE).contains(r))
                    .ok_or_else(|| fail(e, "a rank number 1..16".into()))?
            }
            "maxFile" => {
                files = parse_file(&e.value, MAX_SIDE)
                    .map(|f| f + 1)
                    .ok_or_else(|| fail(e, "a file letter a..p or a number 1..16".into()))?
            }
            _ => {}
        }
    }
    if files * ranks > 128 {
        let e = entries.iter().rev().find(|e| e.key == "maxRank" || e.key == "maxFile").cloned().unwrap_or(Entry {
            key: name.into(),
            value: String::new(),
            line: 0,
            source: String::new(),
            depth: 0,
        });
        return Err(fail(&e, format!("{files}x{ranks} is more than 128 squares")));
    }
    // Pass 2: the pieces.
    let mut drafts: Vec<Draft> = Vec::new();
    let mut king_type: Option<(String, usize)> = None;
    // The piece letters as each section of the chain left them (Fairy-Stockfish reads a
    // section's letters with its own pieces, and a parent's rule keeps the piece type
    // when a child gives that piece another letter: gemini's archbishop).
    let top = entries.iter().map(|e| e.depth).max().unwrap_or(0);
    let mut letters_of_depth: Vec<Vec<(char, String)>> = Vec::new();
    // A section is a map, as Fairy-Stockfish reads it: of a key given twice in one section
    // only the last counts (ajax-orthodox's second customPiece1).
    let shadowed = |i: usize| entries[i + 1..].iter().any(|x| x.key == entries[i].key && x.depth == entries[i].depth);
    let piece_entries = entries.iter().enumerate().filter(|&(i, _)| !shadowed(i)).map(|(_, e)| e);
    for e in piece_entries.filter(|e| is_piece_key(&e.key) || e.key == "kingType") {
        while letters_of_depth.len() < e.depth {
            letters_of_depth.push(drafts.iter().map(|d| (d.letter, d.key.clone())).collect());
        }
        if e.key == "kingType" {
            let betza = PREDEFINED
                .iter()
                .find(|p| p.0 == e.value)
                .ok_or_else(|| fail(e, format!("'{}' is not a predefined piece", e.value)))?;
            king_type = Some((betza.1.to_string(), e.line));
            continue;
        }
        drafts.retain(|d| d.key != e.key);
        if e.value == "-" {
            continue;
        }
        let (letter, betza) = match e.value.split_once(':') {
            Some((l, b)) => {
                if !(e.key == "king" || e.key.starts_with("customPiece")) {
                    return Err(fail(e, "only king and customPieceN take a Betza move after ':'".into()));
                }
                (l.trim(), b.trim().to_string())
            }
            None if e.key.starts_with("customPiece") => return Err(fail(e, "expected 'letter:Betza'".into())),
            None => (e.value.as_str(), PREDEFINED.iter().find(|p| p.0 == e.key).map(|p| p.1).unwrap_or("").to_string()),
        };
        let mut lc = letter.chars();
        let (Some(l), None) = (lc.next(), lc.next()) else {
            return Err(fail(e, format!("'{letter}' is not one letter")));
        };
        if !l.is_ascii_alphabetic() {
            return Err(fail(e, format!("'{l}' is not a letter")));
        }
        let l = l.to_ascii_lowercase();
        // A letter already used replaces that piece, as Fairy-Stockfish's add_piece does
        // (1d-chess's customPiece1 = n:D is its knight).
        drafts.retain(|d| d.letter != l);
        betza::parse(&betza).map_err(|b| fail(e, b.to_string()))?;
        drafts.push(Draft { key: e.key.clone(), letter: l, betza });
    }
    while letters_of_depth.len() <= top {
        letters_of_depth.push(drafts.iter().map(|d| (d.letter, d.key.clone())).collect());
    }
    let mut pieces: Vec<PieceDef> = Vec::new();
    for d in &drafts {
        let betza = match (&king_type, d.key.as_str()) {
            (Some((b, _)), "king") => b.clone(),
            _ => d.betza.clone(),
        };
        pieces.push(PieceDef {
            name: d.key.clone(),
            letter: d.letter,
            atoms: betza::parse(&betza).unwrap_or_default(),
            betza,
            royal: d.key == "king",
            pawn: d.key == "pawn",
            shogi_pawn: d.key == "shogiPawn",
            promotes_to: None,
            demotes_to: None,
            base: None,
            moves_as: None,
            synonym: None,
        });
    }
    let mut r = Rules {
        name: name.to_string(),
        files,
        ranks,
        pieces,
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        promotion_region: [0; 2],
        promotion_types: [Vec::new(), Vec::new()],
        promotion_limit: Vec::new(),
        mandatory_pawn_promotion: true,
        mandatory_piece_promotion: false,
        piece_demotion: false,
        piece_promotion_on_capture: false,
        drop_promoted: false,
        double_step: true,
        double_step_region: [0; 2],
        en_passant_region: 0,
        castling: true,
        castling_kingside_file: 6,
        castling_queenside_file: 2,
        castling_rook_files: [None, None],
        castling_rank: 0,
        castling_king: None,
        castling_rook: None,
        castling_rooks: 0,
        chess960: false,
        checking: true,
        petrify_on_capture: 0,
        drops: false,
        captures_to_hand: false,
        first_rank_pawn_drops: false,
        drop_loop: false,
        promotion_zone_pawn_drops: false,
        drop_region: [0; 2],
        drop_no_doubled: None,
        drop_no_doubled_count: 1,
        immobility_illegal: false,
        pawn_drop_mate_illegal: false,
        gating: false,
        seirawan_gating: false,
        cambodian_moves: false,
        must_drop: false,
        must_capture: false,
        stalemate_piece_count: false,
        sittuyin_rook_drop: false,
        sittuyin_promotion: false,
        shatar_mate_rule: false,
        bare_king_value: None,
        bare_king_move: false,
        flying_general: false,
        soldier_promotion_rank: 0,
        mobility: Vec::new(),
        check_counting: false,
        flag_piece: [None; 2],
        flag_types: [0; 2],
        flag_region: [0; 2],
        flag_move: false,
        flag_piece_safe: false,
        flag_piece_count: 1,
        promotion_pawn_types: [0; 2],
        en_passant_types: [0; 2],
        n_move_rule_types: [0; 2],
        flag_piece_blocked_win: false,
        makpong: false,
        walling: Walling::None,
        draw_odds: None,
        two_boards: false,
        walling_region: [0; 2],
        wall_or_move: false,
        blast_on_capture: false,
        blast_immune: 0,
        mutually_immune: 0,
        extinction_pseudo_royal: false,
        duple_check: false,
        triple_step_region: [0; 2],
        castling_wins: 0,
        opposite_castling: false,
        stalemate_value: Value::Draw,
        checkmate_value: Value::Loss,
        n_move_rule: 50,
        n_fold_rule: 3,
        n_fold_value: Value::Draw,
        n_fold_value_absolute: false,
        perpetual_check_illegal: false,
        extinction: None,
        extinction_groups: Vec::new(),
        variant_template: None,
        counting_rule: None,
        chasing: Chasing::None,
        extinction_counts: ExtinctionCounts::default(),
        diagonal_lines: 0,
        pass: [false; 2],
        pass_on_stalemate: [false; 2],
        bikjang: false,
        material_counting: None,
        move_repetition_illegal: false,
        enclosing_drop: Enclosing::None,
        enclosing_drop_start: 0,
        flip_enclosed: Enclosing::None,
        adjudicate_full_board: false,
        free_drops: false,
        drop_checks: true,
        must_drop_type: None,
        drop_opposite_bishop: false,
        castling_dropped_piece: false,
        castling_king_file: 4,
        connect: Connect::default(),
    };
    let all = r.all_squares();
    // Fairy-Stockfish's default promotion ranks are absolute, *8 and *1, whatever the
    // board's height, and so are its default double-step ranks, *2 and *7 (a variants.ini
    // section on 6 or 10 ranks keeps them, as pyffish plays minihouse; its built-in
    // 9- and 10-rank variants set Black's rank below the top, and polyboard's
    // variants.ini says so for them).
    let rank_or_none = |r: &Rules, k: usize| if k < ranks { r.rank_mask(k) } else { 0 };
    r.promotion_region = [rank_or_none(&r, 7), r.rank_mask(0)];
    r.double_step_region = [rank_or_none(&r, 1), rank_or_none(&r, 6)];
    r.drop_region = [all, all];
    r.en_passant_region = all;
    r.walling_region = [all, all];
    r.castling_king = r.pieces.iter().position(|p| p.royal);
    r.castling_rook = r.pieces.iter().position(|p| p.name == "rook");
    r.castling_rooks = r.castling_rook.map_or(0, |t| 1 << t);
    let default_promo: Vec<usize> = ["queen", "rook", "bishop", "knight"]
        .iter()
        .filter_map(|n| r.pieces.iter().position(|p| &p.name == n))
        .collect();
    r.promotion_types = [default_promo.clone(), default_promo];
    let mut promoted: Vec<(usize, usize, &Entry)> = Vec::new();
    let mut promotion_rank: Option<usize> = None;
    let mut promotion_regions: [Option<u128>; 2] = [None, None];
    let mut extinction_value: Option<Value> = None;
    // pawnTypes sets the three sets below; the specific keys override it whatever their
    // order in the file.
    let mut pawn_types: Option<u32> = None;
    let mut pawn_sets: [[Option<u32>; 2]; 3] = [[None; 2]; 3];
    let mut extinction_types: Vec<usize> = Vec::new();
    let mut mobility_entries: Vec<&Entry> = Vec::new();
    // Pass 3: everything else; only the last value of a key counts (a child's over
    // its parent's).
    let last = |i: usize| !entries[i + 1..].iter().any(|x| x.key == entries[i].key);
    // promotedPieceType pairs add up over the chain (a child's pair for a type replaces
    // its parent's): gorogoroplus's lance and knight promote beside gorogoro's pawn.
    for (_, e) in entries.iter().enumerate().filter(|(i, e)| {
        (last(*i) || e.key == "promotedPieceType")
            && !is_piece_key(&e.key)
            && !matches!(e.key.as_str(), "maxRank" | "maxFile" | "kingType")
    }) {
        // A parent's letters name the piece types of the parent.
        let translated;
        let v = if e.depth < top
            && (LETTER_KEYS.contains(&e.key.as_str()) || PAWN_TYPE_KEYS.contains(&e.key.as_str()))
            && !matches!(e.value.as_str(), "*" | "-")
        {
            let now = |c: char| {
                let (_, key) = letters_of_depth[e.depth].iter().find(|x| x.0 == c.to_ascii_lowercase())?;
                let p = r.pieces.iter().find(|p| &p.name == key && p.base.is_none())?;
                Some(if c.is_ascii_uppercase() { p.letter.to_ascii_uppercase() } else { p.letter })
            };
            translated = translate_letters(&e.value, now);
            if translated.is_empty() {
                // The parent's piece is gone: its rule has nothing left to name.
                continue;
            }
            translated.as_str()
        } else {
            e.value.as_str()
        };
        let boolean = || parse_bool(v).ok_or_else(|| fail(e, format!("'{v}' is not true or false")));
        let region = || parse_region(&r, v).map_err(|m| fail(e, m));
        let piece = || -> Result<usize, VariantError> {
            let mut c = v.chars();
            match (c.next(), c.next()) {
                (Some(l), None) => r
                    .type_of_letter(l.to_ascii_lowercase())
                    .ok_or_else(|| fail(e, format!("'{l}' is not a piece of this variant"))),
                _ => Err(fail(e, format!("'{v}' is not one piece letter"))),
            }
        };
        let piece_set = || -> Result<Vec<usize>, VariantError> {
            if v == "-" {
                return Ok(Vec::new());
            }
            v.chars()
                .filter(|c| !c.is_whitespace())
                .map(|l| {
                    r.type_of_letter(l.to_ascii_lowercase())
                        .ok_or_else(|| fail(e, format!("'{l}' is not a piece of this variant")))
                })
                .collect()
        };
        let rank = || -> Result<usize, VariantError> {
            v.parse::<usize>()
                .ok()
                .filter(|&x| x >= 1 && x <= ranks)
                .map(|x| x - 1)
                .ok_or_else(|| fail(e, format!("'{v}' is not a rank 1..{ranks}")))
        };
        let file = || parse_file(v, files).ok_or_else(|| fail(e, format!("'{v}' is not a file of this board")));
        let value = || parse_value(v).ok_or_else(|| fail(e, format!("'{v}' is not win, loss or draw")));
        let count = || v.parse::<u32>().map_err(|_| fail(e, format!("'{v}' is not a number")));
        match e.key.as_str() {
            "startFen" => r.start_fen = v.to_string(),
            "promotionRank" => promotion_rank = Some(rank()?),
            "promotionRegionWhite" => promotion_regions[0] = Some(region()?),
            "promotionRegionBlack" => promotion_regions[1] = Some(region()?),
            "promotionPieceTypes" => {
                let s = piece_set()?;
                r.promotion_types = [s.clone(), s];
            }
            "promotionPieceTypesWhite" => r.promotion_types[0] = piece_set()?,
            "promotionPieceTypesBlack" => r.promotion_types[1] = piece_set()?,
            "promotionLimit" => {
                r.promotion_limit.clear();
                for tok in v.split_whitespace() {
                    let (l, n) = tok.split_once(':').ok_or_else(|| fail(e, format!("'{tok}' is not letter:count")))?;
                    let mut lc = l.chars();
                    let t = match (lc.next(), lc.next()) {
                        (Some(c), None) => r.type_of_letter(c.to_ascii_lowercase()),
                        _ => None,
                    }
                    .ok_or_else(|| fail(e, format!("'{l}' is not a piece of this variant")))?;
                    let n = n.parse().map_err(|_| fail(e, format!("'{n}' is not a number")))?;
                    r.promotion_limit.push((t, n));
                }
            }
            "promotedPieceType" => {
                for tok in v.split_whitespace() {
                    let (a, b) = tok.split_once(':').ok_or_else(|| fail(e, format!("'{tok}' is not letter:letter")))?;
                    let one = |s: &str| {
                        let mut c = s.chars();
                        match (c.next(), c.next()) {
                            (Some(c), None) => r.type_of_letter(c.to_ascii_lowercase()),
                            _ => None,
                        }
                        .ok_or_else(|| fail(e, format!("'{s}' is not a piece of this variant")))
                    };
                    // `x:-` takes a parent's promotion of x away (Fairy-Stockfish's
                    // NO_PIECE_TYPE).
                    let from = one(a)?;
                    promoted.retain(|p: &(usize, usize, &Entry)| p.0 != from);
                    if b != "-" {
                        promoted.push((from, one(b)?, e));
                    }
                }
            }
            "mandatoryPawnPromotion" => r.mandatory_pawn_promotion = boolean()?,
            "mandatoryPiecePromotion" => r.mandatory_piece_promotion = boolean()?,
            "doubleStep" => r.double_step = boolean()?,
            "doubleStepRank" => {
                let k = rank()?;
                r.double_step_region = [r.rank_mask(k), r.rank_mask(ranks - 1 - k)];
            }
            "doubleStepRegionWhite" => r.double_step_region[0] = region()?,
            "doubleStepRegionBlack" => r.double_step_region[1] = region()?,
            "enPassantRegion" => r.en_passant_region = region()?,
            "castling" => r.castling = boolean()?,
            "castlingKingsideFile" => r.castling_kingside_file = file()?,
            "castlingQueensideFile" => r.castling_queenside_file = file()?,
            "castlingRookKingsideFile" => r.castling_rook_files[0] = Some(file()?),
            "castlingRookQueensideFile" => r.castling_rook_files[1] = Some(file()?),
            "castlingRank" => r.castling_rank = rank()?,
            "castlingKingPiece" => r.castling_king = Some(piece()?),
            "castlingRookPiece" | "castlingRookPieces" => {
                let set = piece_set()?;
                r.castling_rook = set.first().copied();
                r.castling_rooks = type_mask(&set);
            }
            "chess960" => r.chess960 = boolean()?,
            "checking" => r.checking = boolean()?,
            "petrifyOnCaptureTypes" => r.petrify_on_capture = type_mask(&piece_set()?),
            "flagMove" => r.flag_move = boolean()?,
            "flagPieceSafe" => r.flag_piece_safe = boolean()?,
            "flagPieceCount" => r.flag_piece_count = count()?,
            "pawnTypes" => pawn_types = Some(type_mask(&piece_set()?)),
            k if pawn_set_key(k).is_some() => {
                if let Some((set, colors)) = pawn_set_key(k) {
                    let m = type_mask(&piece_set()?);
                    for c in colors {
                        pawn_sets[set][*c] = Some(m);
                    }
                }
            }
            "flagPieceBlockedWin" => r.flag_piece_blocked_win = boolean()?,
            "makpongRule" => r.makpong = boolean()?,
            "wallingRule" => {
                r.walling = match v {
                    "none" => Walling::None,
                    "past" => Walling::Past,
                    "static" => Walling::Static,
                    "arrow" => Walling::Arrow,
                    "duck" => Walling::Duck,
                    "edge" => Walling::Edge,
                    _ => {
                        return Err(fail(
                            e,
                            format!(
                                "'{v}' is not a walling rule polyboard plays (none, past, static, arrow, duck, edge)"
                            ),
                        ));
                    }
                }
            }
            "twoBoards" => r.two_boards = boolean()?,
            "wallOrMove" => r.wall_or_move = boolean()?,
            "materialCounting" => {
                (r.draw_odds, r.material_counting) = match v {
                    "none" => (None, None),
                    "whitedrawodds" => (Some(0), None),
                    "blackdrawodds" => (Some(1), None),
                    "janggi" => (None, Some(MaterialCounting::Janggi)),
                    "unweighted" => (None, Some(MaterialCounting::Unweighted)),
                    _ => {
                        return Err(fail(
                            e,
                            format!(
                                "'{v}' is not a material counting polyboard plays (none, janggi, unweighted, whitedrawodds, blackdrawodds)"
                            ),
                        ));
                    }
                }
            }
            "diagonalLines" => r.diagonal_lines = region()?,
            "pass" => r.pass = [boolean()?; 2],
            "passWhite" => r.pass[0] = boolean()?,
            "passBlack" => r.pass[1] = boolean()?,
            "passOnStalemate" => r.pass_on_stalemate = [boolean()?; 2],
            "passOnStalemateWhite" => r.pass_on_stalemate[0] = boolean()?,
            "passOnStalemateBlack" => r.pass_on_stalemate[1] = boolean()?,
            "bikjangRule" => r.bikjang = boolean()?,
            "moveRepetitionIllegal" => r.move_repetition_illegal = boolean()?,
            "enclosingDrop" | "flipEnclosedPieces" => {
                let drop = e.key == "enclosingDrop";
                let rule = match (v, drop) {
                    ("none", _) => Enclosing::None,
                    ("reversi", _) => Enclosing::Reversi,
                    ("ataxx", _) => Enclosing::Ataxx,
                    ("top", true) => Enclosing::Top,
                    ("anyside", true) => Enclosing::AnySide,
                    ("snort", true) => Enclosing::Snort,
                    ("quadwrangle", false) => Enclosing::Quadwrangle,
                    _ => {
                        let known = if drop {
                            "none, reversi, ataxx, top, anyside, snort"
                        } else {
                            "none, reversi, ataxx, quadwrangle"
                        };
                        return Err(fail(e, format!("'{v}' is not an enclosing rule polyboard plays here ({known})")));
                    }
                };
                if drop {
                    r.enclosing_drop = rule;
                } else {
                    r.flip_enclosed = rule;
                }
            }
            "connectN" => r.connect.n = count()?,
            "connectNxN" => r.connect.nxn = count()?,
            "collinearN" => r.connect.collinear = count()?,
            "connectHorizontal" => r.connect.horizontal = boolean()?,
            "connectVertical" => r.connect.vertical = boolean()?,
            "connectDiagonal" => r.connect.diagonal = boolean()?,
            "connectPieceTypes" => r.connect.types = if v == "*" { u32::MAX } else { type_mask(&piece_set()?) },
            "connectValue" => r.connect.value = value()?,
            "connectRegion1White" => r.connect.region1[0] = region()?,
            "connectRegion1Black" => r.connect.region1[1] = region()?,
            "connectRegion2White" => r.connect.region2[0] = region()?,
            "connectRegion2Black" => r.connect.region2[1] = region()?,
            "enclosingDropStart" => r.enclosing_drop_start = region()?,
            "adjudicateFullBoard" => r.adjudicate_full_board = boolean()?,
            "freeDrops" => r.free_drops = boolean()?,
            "dropChecks" => r.drop_checks = boolean()?,
            "dropOppositeColoredBishop" => r.drop_opposite_bishop = boolean()?,
            "castlingDroppedPiece" => r.castling_dropped_piece = boolean()?,
            "castlingKingFile" => r.castling_king_file = file()?,
            "mustDropType" => r.must_drop_type = if v == "*" { None } else { Some(piece()?) },
            "wallingRegion" => {
                let m = region()?;
                r.walling_region = [m, m];
            }
            "wallingRegionWhite" => r.walling_region[0] = region()?,
            "wallingRegionBlack" => r.walling_region[1] = region()?,
            "blastOnCapture" => r.blast_on_capture = boolean()?,
            "blastImmuneTypes" => r.blast_immune = type_mask(&piece_set()?),
            "mutuallyImmuneTypes" => r.mutually_immune = type_mask(&piece_set()?),
            "extinctionPseudoRoyal" => r.extinction_pseudo_royal = boolean()?,
            "dupleCheck" => r.duple_check = boolean()?,
            "tripleStepRegionWhite" => r.triple_step_region[0] = region()?,
            "tripleStepRegionBlack" => r.triple_step_region[1] = region()?,
            "oppositeCastling" => r.opposite_castling = boolean()?,
            "castlingWins" => {
                let mut m = 0u8;
                for c in v.chars().filter(|&c| c != '-') {
                    m |= match c {
                        'K' => 1,
                        'Q' => 2,
                        'k' => 4,
                        'q' => 8,
                        _ => return Err(fail(e, format!("'{c}' is not a castling right (K, Q, k, q)"))),
                    };
                }
                r.castling_wins = m;
            }
            "pieceDrops" => r.drops = boolean()?,
            "capturesToHand" => r.captures_to_hand = boolean()?,
            "firstRankPawnDrops" => r.first_rank_pawn_drops = boolean()?,
            "dropLoop" => r.drop_loop = boolean()?,
            "pieceDemotion" => r.piece_demotion = boolean()?,
            "piecePromotionOnCapture" => r.piece_promotion_on_capture = boolean()?,
            "dropPromoted" => r.drop_promoted = boolean()?,
            "promotionZonePawnDrops" => r.promotion_zone_pawn_drops = boolean()?,
            // `dropRegionWhite` is Fairy-Stockfish's current name, `whiteDropRegion` its
            // deprecated one.
            "whiteDropRegion" | "dropRegionWhite" => r.drop_region[0] = region()?,
            "blackDropRegion" | "dropRegionBlack" => r.drop_region[1] = region()?,
            "shogiDoubledPawn" => {
                r.drop_no_doubled = if boolean()? { None } else { r.pieces.iter().position(|p| p.shogi_pawn) };
            }
            "dropNoDoubled" => r.drop_no_doubled = if v == "-" { None } else { Some(piece()?) },
            // 0: no file takes one (dragonfly's pawns are never dropped).
            "dropNoDoubledCount" => r.drop_no_doubled_count = count()?,
            "immobilityIllegal" => r.immobility_illegal = boolean()?,
            "shogiPawnDropMateIllegal" => r.pawn_drop_mate_illegal = boolean()?,
            "gating" => r.gating = boolean()?,
            "seirawanGating" => r.seirawan_gating = boolean()?,
            "cambodianMoves" => r.cambodian_moves = boolean()?,
            "mustDrop" => r.must_drop = boolean()?,
            "mustCapture" => r.must_capture = boolean()?,
            "stalematePieceCount" => r.stalemate_piece_count = boolean()?,
            "sittuyinRookDrop" => r.sittuyin_rook_drop = boolean()?,
            "sittuyinPromotion" => r.sittuyin_promotion = boolean()?,
            "shatarMateRule" => r.shatar_mate_rule = boolean()?,
            "bareKingValue" => r.bare_king_value = if v == "none" { None } else { Some(value()?) },
            "bareKingMove" => r.bare_king_move = boolean()?,
            "flyingGeneral" => r.flying_general = boolean()?,
            "soldierPromotionRank" => r.soldier_promotion_rank = rank()?,
            "checkCounting" => r.check_counting = boolean()?,
            "flagPiece" => {
                let t = if v == "*" { None } else { Some(piece()?) };
                r.flag_piece = [t, t];
            }
            "flagPieceWhite" => r.flag_piece[0] = if v == "*" { None } else { Some(piece()?) },
            "flagPieceBlack" => r.flag_piece[1] = if v == "*" { None } else { Some(piece()?) },
            "flagRegion" => {
                let m = region()?;
                r.flag_region = [m, m];
            }
            "flagRegionWhite" | "whiteFlag" => r.flag_region[0] = region()?,
            "flagRegionBlack" | "blackFlag" => r.flag_region[1] = region()?,
            "stalemateValue" => r.stalemate_value = value()?,
            "checkmateValue" => r.checkmate_value = value()?,
            "nMoveRule" => r.n_move_rule = count()?,
            "nFoldRule" => r.n_fold_rule = count()?,
            "nFoldValue" => r.n_fold_value = value()?,
            "nFoldValueAbsolute" => r.n_fold_value_absolute = boolean()?,
            "perpetualCheckIllegal" => r.perpetual_check_illegal = boolean()?,
            "extinctionValue" => extinction_value = if v == "none" { None } else { Some(value()?) },
            "extinctionPieceTypes" => {
                extinction_types = if v == "*" { (0..r.pieces.len()).collect() } else { piece_set()? };
                r.extinction_counts.all = v == "*";
            }
            "extinctionPieceCount" => r.extinction_counts.piece_count = count()?,
            "extinctionOpponentPieceCount" => r.extinction_counts.opponent_count = count()?,
            "extinctionClaim" => r.extinction_counts.claim = boolean()?,
            "variantTemplate" => r.variant_template = Some(v.to_string()),
            "countingRule" => {
                r.counting_rule = match v {
                    "makruk" => Some(CountingRule::Makruk),
                    "cambodian" => Some(CountingRule::Cambodian),
                    "asean" => Some(CountingRule::Asean),
                    "none" => None,
                    _ => return Err(fail(e, format!("countingRule '{v}': expected makruk, cambodian, asean or none"))),
                }
            }
            "chasingRule" => {
                r.chasing = match v {
                    "none" => Chasing::None,
                    "axf" => Chasing::Axf,
                    _ => return Err(fail(e, format!("chasingRule '{v}': expected axf or none"))),
                }
            }
            "sanLetters" => {
                for tok in v.split_whitespace() {
                    let pair = tok.split_once(':').and_then(|(a, b)| {
                        let (mut a, mut b) = (a.chars(), b.chars());
                        match (a.next(), a.next(), b.next(), b.next()) {
                            (Some(x), None, Some(y), None) if y.is_ascii_alphabetic() => Some((x, y)),
                            _ => None,
                        }
                    });
                    let Some((l, syn)) = pair else {
                        return Err(fail(e, format!("'{tok}' is not letter:letter")));
                    };
                    let t = r
                        .type_of_letter(l.to_ascii_lowercase())
                        .ok_or_else(|| fail(e, format!("'{l}' is not a piece of this variant")))?;
                    r.pieces[t].synonym = Some(syn.to_ascii_lowercase());
                }
            }
            "pieceToCharTable" | "pocketSize" => {}
            k if k.starts_with("mobilityRegion") => mobility_entries.push(e),
            _ => return Err(fail(e, "unsupported key".into())),
        }
    }
    // Fairy-Stockfish's deprecated `promotionRank`: the ranks from it on (a pawn dropped
    // beyond it, makhouse's, promotes there too).
    if let Some(k) = promotion_rank {
        r.promotion_region = [r.ranks_from(k, 0), r.ranks_from(k, 1)];
    }
    for (c, m) in promotion_regions.into_iter().enumerate() {
        if let Some(m) = m {
            r.promotion_region[c] = m;
        }
    }
    for (flag, key) in [(r.seirawan_gating, "seirawanGating"), (r.cambodian_moves, "cambodianMoves")] {
        if flag && !r.gating {
            let e = entries.iter().rev().find(|e| e.key == key).cloned();
            if let Some(e) = e {
                return Err(fail(&e, format!("{key} needs gating = true")));
            }
        }
    }
    if r.gating && !r.seirawan_gating && !r.cambodian_moves {
        let e = entries.iter().rev().find(|e| e.key == "gating").cloned();
        if let Some(e) = e {
            return Err(fail(&e, "gating is supported with seirawanGating or cambodianMoves = true only".into()));
        }
    }
    r.extinction = extinction_value.map(|v| (v, extinction_types));
    let pawn = type_mask(&r.pieces.iter().position(|p| p.pawn).into_iter().collect::<Vec<_>>());
    let base = pawn_types.unwrap_or(pawn);
    r.promotion_pawn_types = pawn_sets[0].map(|m| m.unwrap_or(base));
    r.en_passant_types = pawn_sets[1].map(|m| m.unwrap_or(base));
    r.n_move_rule_types = pawn_sets[2].map(|m| m.unwrap_or(base));
    if r.castling
        && r.castling_king.is_some()
        && r.castling_rook.is_some()
        && (r.castling_kingside_file == 0 || r.castling_queenside_file + 1 >= r.files)
    {
        let e = entries.iter().rev().find(|e| e.key.starts_with("castling") || e.key == "maxFile").cloned();
        let e = e.unwrap_or(Entry {
            key: "castling".into(),
            value: String::new(),
            line: 0,
            source: String::new(),
            depth: 0,
        });
        return Err(fail(&e, "castling needs room for the rook beside the king's target file".into()));
    }
    // Promoted types: a new type that moves like the target and shows as '+' base.
    for (from, to, e) in promoted {
        if r.pieces.len() >= MAX_TYPES {
            return Err(fail(e, format!("more than {MAX_TYPES} piece types with the promoted ones")));
        }
        let target = r.pieces[to].clone();
        let base = r.pieces[from].clone();
        r.pieces.push(PieceDef {
            name: format!("+{}", base.name),
            letter: base.letter,
            betza: target.betza,
            atoms: target.atoms,
            royal: false,
            pawn: false,
            shogi_pawn: false,
            promotes_to: None,
            demotes_to: r.piece_demotion.then_some(from),
            base: Some(from),
            moves_as: Some(to),
            synonym: None,
        });
        r.pieces[from].promotes_to = Some(r.pieces.len() - 1);
    }
    if let Some((_, types)) = &r.extinction {
        r.extinction_groups = types
            .iter()
            .map(|&t| {
                let like = r.pieces.iter().enumerate().filter(|(_, p)| p.moves_as == Some(t));
                like.fold(1u32 << t, |m, (u, _)| m | 1 << u)
            })
            .collect();
    }
    if r.pieces.len() > MAX_TYPES {
        return Err(VariantError {
            source: String::new(),
            line: 0,
            key: name.into(),
            reason: format!("more than {MAX_TYPES} piece types"),
        });
    }
    r.mobility = vec![[all, all]; r.pieces.len()];
    for e in mobility_entries {
        let rest = &e.key["mobilityRegion".len()..];
        let (color, pname) = if let Some(p) = rest.strip_prefix("White") {
            (0, p)
        } else if let Some(p) = rest.strip_prefix("Black") {
            (1, p)
        } else {
            return Err(fail(e, "unsupported key".into()));
        };
        let mut pc = pname.chars();
        let pname: String = pc.next().map(|c| c.to_ascii_lowercase()).into_iter().chain(pc).collect();
        let t = r
            .pieces
            .iter()
            .position(|p| p.name == pname && p.base.is_none())
            .ok_or_else(|| fail(e, format!("'{pname}' is not a piece of this variant")))?;
        r.mobility[t][color] = parse_region(&r, &e.value).map_err(|m| fail(e, m))?;
    }
    for c in 0..2 {
        if let Some(f) = r.flag_piece[c] {
            r.flag_types[c] =
                (0..r.pieces.len()).filter(|&t| t == f || r.pieces[t].moves_as == Some(f)).fold(0, |m, t| m | 1 << t);
        }
    }
    // A promoted type is, to Fairy-Stockfish, the type it moves as, and stays in that
    // type's region (chak's promoted pawn, a `w`, keeps to the far half).
    for i in 0..r.pieces.len() {
        if let Some(m) = r.pieces[i].moves_as {
            r.mobility[i] = r.mobility[m];
        }
    }
    if r.soldier_promotion_rank > 0 && !r.pieces.iter().any(|p| p.name == "soldier") {
        let e = entries.iter().rev().find(|e| e.key == "soldierPromotionRank").cloned();
        if let Some(e) = e {
            return Err(fail(&e, "no soldier in this variant".into()));
        }
    }
    Ok(r)
}

/// The keys whose values name pieces by their letters (sets, a type, or `a:b` pairs).
/// The keys that give piece types the pawn's rules (`pawnTypes` and its parts): known
/// keys whose values are piece letters.
const PAWN_TYPE_KEYS: &[&str] = &[
    "pawnTypes",
    "promotionPawnTypes",
    "promotionPawnTypesWhite",
    "promotionPawnTypesBlack",
    "enPassantTypes",
    "enPassantTypesWhite",
    "enPassantTypesBlack",
    "nMoveRuleTypes",
    "nMoveRuleTypesWhite",
    "nMoveRuleTypesBlack",
];

const LETTER_KEYS: &[&str] = &[
    "promotionPieceTypes",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "promotionLimit",
    "promotedPieceType",
    "castlingKingPiece",
    "castlingRookPiece",
    "castlingRookPieces",
    "blastImmuneTypes",
    "mutuallyImmuneTypes",
    "extinctionPieceTypes",
    "flagPiece",
    "flagPieceWhite",
    "flagPieceBlack",
    "dropNoDoubled",
    "petrifyOnCaptureTypes",
    "connectPieceTypes",
];

/// The set (0 promotion pawns, 1 en passant, 2 n-move rule) and colours a pawn-type key
/// names (`enPassantTypesBlack`: set 1, Black).
fn pawn_set_key(key: &str) -> Option<(usize, &'static [usize])> {
    let (set, rest) = if let Some(r) = key.strip_prefix("promotionPawnTypes") {
        (0, r)
    } else if let Some(r) = key.strip_prefix("enPassantTypes") {
        (1, r)
    } else {
        (2, key.strip_prefix("nMoveRuleTypes")?)
    };
    let colors: &'static [usize] = match rest {
        "" => &[0, 1],
        "White" => &[0],
        "Black" => &[1],
        _ => return None,
    };
    Some((set, colors))
}

/// `value` with each piece letter renamed by `now` (case kept); a letter `now` does not
/// know leaves a set, and takes its whole `a:b` token with it.
fn translate_letters(value: &str, now: impl Fn(char) -> Option<char>) -> String {
    let tokens = value.split_whitespace().filter_map(|tok| {
        if tok.contains(':') {
            tok.chars().map(|c| if c.is_ascii_alphabetic() { now(c) } else { Some(c) }).collect::<Option<String>>()
        } else {
            let set: String =
                tok.chars().filter_map(|c| if c.is_ascii_alphabetic() { now(c) } else { Some(c) }).collect();
            (!set.is_empty()).then_some(set)
        }
    });
    tokens.collect::<Vec<_>>().join(" ")
}

/// A set of types as a mask, one bit each.
fn type_mask(types: &[usize]) -> u32 {
    types.iter().fold(0, |m, &t| m | 1 << t)
}

fn parse_bool(v: &str) -> Option<bool> {
    match v {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

fn parse_value(v: &str) -> Option<Value> {
    match v {
        "win" => Some(Value::Win),
        "loss" => Some(Value::Loss),
        "draw" => Some(Value::Draw),
        _ => None,
    }
}

/// A file as a letter (`h`) or a 1-based number (`8`), 0-based, below `files`.
fn parse_file(v: &str, files: usize) -> Option<usize> {
    let f = if let Ok(n) = v.parse::<usize>() {
        n.checked_sub(1)?
    } else {
        let mut c = v.chars();
        match (c.next(), c.next()) {
            (Some(l), None) if l.is_ascii_lowercase() => (l as u8 - b'a') as usize,
            _ => return None,
        }
    };
    (f < files).then_some(f)
}

/// A Fairy-Stockfish bitboard value: squares (`d4`), whole ranks (`*1`), whole files
/// (`a*`), separated by spaces; `-` is empty.
fn parse_region(r: &Rules, v: &str) -> Result<u128, String> {
    // A rank, file or square past this board but within the largest one (16 x 16) names
    // no square here, as in Fairy-Stockfish (epicatomic's 8-rank board lists *9 *10).
    let off_board_square = |tok: &str| {
        let mut c = tok.chars();
        c.next().is_some_and(|f| ('a'..='p').contains(&f))
            && c.as_str().parse::<usize>().is_ok_and(|k| (1..=MAX_SIDE).contains(&k))
    };
    let mut m = 0u128;
    for tok in v.split_whitespace() {
        if tok == "-" {
            continue;
        }
        if let Some(rank) = tok.strip_prefix('*') {
            let k: usize =
                rank.parse().ok().filter(|&k| (1..=MAX_SIDE).contains(&k)).ok_or(format!("'{tok}' is not a rank"))?;
            if k <= r.ranks {
                m |= r.rank_mask(k - 1);
            }
        } else if let Some(file) = tok.strip_suffix('*') {
            let f = parse_file(file, MAX_SIDE).ok_or(format!("'{tok}' is not a file"))?;
            for k in (0..r.ranks).filter(|_| f < r.files) {
                m |= 1u128 << r.square(f, k);
            }
        } else if let Some(sq) = r.parse_square(tok) {
            m |= 1u128 << sq;
        } else if !off_board_square(tok) {
            return Err(format!("'{tok}' is not a square of this board"));
        }
    }
    Ok(m)
}
