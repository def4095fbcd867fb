//! Xiangqi's chasing rule (`chasingRule = axf`): the pieces a move chases, as
//! Fairy-Stockfish reads the Asian Xiangqi Federation's rules. pyffish's optional game end
//! ([`crate::compat`]) intersects these sets along a repetition: a side that chased the
//! same piece with every move of the cycle loses it.
//!
//! A move chases a piece of the side now to move (never its king nor a soldier that has
//! not crossed the river) that it newly attacks, directly or by uncovering a line:
//!
//! - a chariot attacked by a horse or a cannon, or a chariot, cannon or horse attacked by
//!   an elephant or an advisor, is chased however it is protected;
//! - otherwise only a piece without a real protector is chased: one that nothing of its
//!   side attacks with the attacker lifted, a pinned protector not counting, nor the king
//!   alone where taking back would face the other king;
//! - a piece of the attacker's own kind is not chased, as it attacks back, unless it is
//!   pinned; between horses, when a square diagonally next to the attacking one is
//!   taken, only the horse that can answer is spared, pinned or not;
//! - a piece the move pins stops protecting: what it protected is chased if a piece of
//!   the mover that is free to move attacks it;
//! - a piece that now blocks a line onto the king (a discovered check in waiting)
//!   chases what it attacks, unless the king could take it back safely.
//!
//! The pieces are told apart by Fairy-Stockfish's names (`rook`, `cannon`, `horse`,
//! `elephant`, `fers`, `soldier`, `king`); any other type attacks as its moves do and is
//! never a chariot, cannon or horse to be chased as a stronger piece.

use super::Board;
use crate::bits::{Bits, squares};
use crate::moves::Move;
use crate::rules::{MAX_TYPES, Rules};

/// A piece type's part in the chasing rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Rook,
    Cannon,
    Horse,
    Elephant,
    Advisor,
    Soldier,
    King,
    Other,
}

const ROLES: usize = 8;

/// The role of every type of a variant, and the types of each role (one bit each).
struct Roles {
    role: [Role; MAX_TYPES],
    types: [u32; ROLES],
}

impl Roles {
    fn new(r: &Rules) -> Roles {
        let mut roles = Roles { role: [Role::Other; MAX_TYPES], types: [0; ROLES] };
        for ty in 0..r.pieces.len().min(MAX_TYPES) {
            let moves_as = r.pieces[ty].moves_as.filter(|&m| m < r.pieces.len()).unwrap_or(ty);
            let role = match r.pieces[moves_as].name.as_str() {
                "rook" => Role::Rook,
                "cannon" => Role::Cannon,
                "horse" => Role::Horse,
                "elephant" => Role::Elephant,
                "fers" => Role::Advisor,
                "soldier" => Role::Soldier,
                "king" => Role::King,
                _ => Role::Other,
            };
            roles.role[ty] = role;
            roles.types[role as usize] |= 1 << ty;
        }
        roles
    }
}

/// The four orthogonal steps.
const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The four diagonal steps.
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// The horse's eight leaps.
const HORSE: [(i32, i32); 8] = [(1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)];

impl<'a, B: Bits> Board<'a, B> {
    /// The squares of the side to move's pieces that the last move, `mv` played on
    /// `before`, chased (see the module's documentation); empty unless the variant has
    /// `chasingRule = axf`. `before` must be the board `mv` was played on.
    pub fn chased(&self, before: &Board<'a, B>, mv: Move) -> B {
        if self.t.rules.chasing == crate::rules::Chasing::None {
            return B::EMPTY;
        }
        let roles = Roles::new(&self.t.rules);
        self.chased_with(before, mv, &roles)
    }

    fn chased_with(&self, before: &Board<'a, B>, mv: Move, roles: &Roles) -> B {
        let t = self.t;
        let r = &t.rules;
        let to = mv.to();
        let from = mv.from();
        if to >= t.nsq || from.is_some_and(|f| f >= t.nsq) {
            return B::EMPTY;
        }
        let us = self.side_to_move();
        let them = us ^ 1;
        let occ = self.occupied();
        let ours = self.by_color[us];
        let theirs = self.by_color[them];
        let of = |role: Role, c: usize| self.of_types(roles.types[role as usize]) & self.by_color[c];
        let our_king = of(Role::King, us);
        let their_king = (!of(Role::King, them).is_empty()).then(|| of(Role::King, them).lsb());
        // Never chased by an attack: the king, and soldiers that have not crossed.
        let exempt = our_king | (of(Role::Soldier, us) & !self.soldiers_across(us, of(Role::Soldier, us)));
        let our_blockers = self.king_blockers(us, roles);
        let mut pins = our_blockers;
        if r.flying_general
            && let Some(k) = their_king
        {
            let on_file = B::from_u128(r.file_mask(k % r.files)) & ours;
            let others = on_file & !our_king;
            if !(on_file & our_king).is_empty() && !others.more_than_one() {
                pins |= others;
            }
        }
        let mut chased = B::EMPTY;
        let mut add = |at: usize, ty: usize, mut attacks: B| {
            if (attacks & !chased).is_empty() {
                return;
            }
            attacks &= !exempt;
            let role = roles.role[ty];
            if matches!(role, Role::Horse | Role::Cannon) {
                chased |= attacks & of(Role::Rook, us);
            }
            if matches!(role, Role::Elephant | Role::Advisor) {
                chased |= attacks & (of(Role::Rook, us) | of(Role::Cannon, us) | of(Role::Horse, us));
            }
            // A piece that attacks back in kind is not chased, unless pinned; a horse
            // with a blocked diagonal may be attacked by one that cannot answer.
            if role == Role::Horse && !(self.around(at, &DIAGONAL) & occ).is_empty() {
                for h in squares(attacks & self.pieces(ty, us)) {
                    if self.geometric(roles, ty, us, h, occ).has(at) {
                        attacks &= !B::bit(h);
                    }
                }
            } else {
                attacks &= !self.pieces(ty, us) | pins;
            }
            let lifted = occ & !B::bit(at);
            for s in squares(attacks) {
                let roots = self.attackers(s, lifted, ours) & !pins;
                let king_alone = r.flying_general
                    && !roots.is_empty()
                    && roots == our_king
                    && their_king.is_some_and(|k| self.slides(k, lifted).has(s));
                if roots.is_empty() || king_alone {
                    chased |= B::bit(s);
                }
            }
        };

        // What the moved piece attacks anew (a chariot or cannon: off its line).
        if let Some((ty, c)) = self.piece_on(to)
            && c == them
            && !matches!(roles.role[ty], Role::King | Role::Soldier)
        {
            let mut direct = self.attacks_from(ty, them, to, occ) & ours;
            if matches!(roles.role[ty], Role::Rook | Role::Cannon)
                && let Some(from) = from
            {
                direct &= !self.line(from, to);
            }
            add(to, ty, direct);
        }

        // What the move uncovered: horses whose leg, elephants whose eye, chariots and
        // cannons whose line it left, and cannons it gave a screen.
        let mut uncovering = self.lines_of(to) & of(Role::Cannon, them);
        if let Some(from) = from {
            uncovering |= self.around(from, &ORTHOGONAL) & of(Role::Horse, them);
            uncovering |= self.around(from, &DIAGONAL) & of(Role::Elephant, them);
            uncovering |= self.lines_of(from) & (of(Role::Cannon, them) | of(Role::Rook, them));
        }
        let occ_before = before.occupied();
        for s in squares(uncovering) {
            let ty = self.type_on(s);
            let uncovered =
                ours & self.geometric(roles, ty, them, s, occ) & !self.geometric(roles, ty, them, s, occ_before);
            add(s, ty, uncovered);
        }

        // Pieces the move pinned (or lined up for a discovered check).
        let new_blockers = our_blockers & !before.king_blockers(us, roles);
        let mut lazy_blockers = None;
        for s in squares(new_blockers & ours) {
            let rooted = ours & !exempt & self.geometric(roles, self.type_on(s), us, s, occ);
            let their_blockers = *lazy_blockers.get_or_insert_with(|| self.king_blockers(them, roles));
            for s2 in squares(rooted) {
                if !(self.attackers(s2, occ, theirs) & !their_blockers).is_empty() {
                    chased |= B::bit(s2);
                }
            }
        }
        let king = (!our_king.is_empty()).then(|| our_king.lsb());
        for s in squares(new_blockers & theirs) {
            let threats = self.attacks_from(self.type_on(s), them, s, occ) & ours;
            let Some(k) = king else {
                chased |= threats;
                continue;
            };
            let king_takes = self.attacks_from(self.type_on(k), us, k, occ);
            chased |= threats & !king_takes;
            let vacated = occ & !B::bit(s) & !B::bit(k);
            for s2 in squares(threats & king_takes) {
                if !self.attackers(s2, vacated, theirs & !B::bit(s)).is_empty() {
                    chased |= B::bit(s2);
                }
            }
        }
        chased
    }

    /// The soldiers of `soldiers` (colour `c`) on or past `soldierPromotionRank`: those
    /// that also step sideways.
    fn soldiers_across(&self, c: usize, soldiers: B) -> B {
        let r = &self.t.rules;
        let mut across = B::EMPTY;
        for s in squares(soldiers) {
            let rank = s / r.files;
            let relative = if c == 0 { rank } else { r.ranks - 1 - rank };
            if relative >= r.soldier_promotion_rank {
                across |= B::bit(s);
            }
        }
        across
    }

    /// The pieces of both colours that stand in the way of an attack by `c`'s opponent on
    /// `c`'s king (Fairy-Stockfish's `blockersForKing`): with one of them lifted, a piece
    /// that does not attack the king now would. The flying general is not counted here.
    fn king_blockers(&self, c: usize, roles: &Roles) -> B {
        let kings = self.of_types(roles.types[Role::King as usize]) & self.by_color[c];
        if kings.is_empty() {
            return B::EMPTY;
        }
        let k = kings.lsb();
        let occ = self.occupied();
        let theirs = self.by_color[c ^ 1];
        let attacking = self.attackers(k, occ, theirs);
        let mut blockers = B::EMPTY;
        for x in squares(occ & !B::bit(k)) {
            let others = theirs & !attacking & !B::bit(x);
            if !others.is_empty() && !self.attackers(k, occ & !B::bit(x), others).is_empty() {
                blockers |= B::bit(x);
            }
        }
        blockers
    }

    /// The pieces of `among` (one colour) that attack `sq` under the occupancy `occ`, by
    /// their moves (a king by its steps: the flying general is not an attack here).
    fn attackers(&self, sq: usize, occ: B, among: B) -> B {
        let mut out = B::EMPTY;
        for p in squares(among) {
            let Some((ty, c)) = self.piece_on(p) else { continue };
            if self.attacks_from(ty, c, p, occ).has(sq) {
                out |= B::bit(p);
            }
        }
        out
    }

    /// Every square a piece of type `ty` and colour `c` on `sq` attacks under `occ`, by
    /// its moves (in its mobility region; a soldier sideways only once across).
    fn attacks_from(&self, ty: usize, c: usize, sq: usize, occ: B) -> B {
        self.reach(ty, c, sq, occ, self.t.all).1
    }

    /// The squares a piece attacks by its kind's geometry alone, as Fairy-Stockfish's
    /// `attacks_bb`: no mobility region, and a soldier sideways wherever it stands. A type
    /// of no xiangqi role attacks as its moves do.
    fn geometric(&self, roles: &Roles, ty: usize, c: usize, sq: usize, occ: B) -> B {
        let forward = if c == 0 { 1 } else { -1 };
        match roles.role[ty] {
            Role::Rook => self.slides(sq, occ),
            Role::Cannon => {
                let mut out = B::EMPTY;
                for &(dx, dy) in &ORTHOGONAL {
                    let mut screened = false;
                    let mut s = sq;
                    while let Some(n) = self.shift(s, dx, dy) {
                        s = n;
                        if occ.has(s) {
                            if screened {
                                out |= B::bit(s);
                                break;
                            }
                            screened = true;
                        }
                    }
                }
                out
            }
            Role::Horse => {
                let mut out = B::EMPTY;
                for &(dx, dy) in &HORSE {
                    let leg = if dx.abs() == 2 { (dx / 2, 0) } else { (0, dy / 2) };
                    if let (Some(l), Some(to)) = (self.shift(sq, leg.0, leg.1), self.shift(sq, dx, dy))
                        && !occ.has(l)
                    {
                        out |= B::bit(to);
                    }
                }
                out
            }
            Role::Elephant => {
                let mut out = B::EMPTY;
                for &(dx, dy) in &DIAGONAL {
                    if let (Some(eye), Some(to)) = (self.shift(sq, dx, dy), self.shift(sq, 2 * dx, 2 * dy))
                        && !occ.has(eye)
                    {
                        out |= B::bit(to);
                    }
                }
                out
            }
            Role::Advisor => self.around(sq, &DIAGONAL),
            Role::King => self.around(sq, &ORTHOGONAL),
            Role::Soldier => self.around(sq, &[(0, forward), (1, 0), (-1, 0)]),
            Role::Other => self.attacks_from(ty, c, sq, occ),
        }
    }

    /// A chariot's attacks from `sq` under `occ`: along the rank and the file up to
    /// and including the first piece.
    fn slides(&self, sq: usize, occ: B) -> B {
        let mut out = B::EMPTY;
        for &(dx, dy) in &ORTHOGONAL {
            let mut s = sq;
            while let Some(n) = self.shift(s, dx, dy) {
                s = n;
                out |= B::bit(s);
                if occ.has(s) {
                    break;
                }
            }
        }
        out
    }

    /// The squares one of `steps` away from `sq`.
    fn around(&self, sq: usize, steps: &[(i32, i32)]) -> B {
        steps.iter().filter_map(|&(dx, dy)| self.shift(sq, dx, dy)).fold(B::EMPTY, |m, s| m | B::bit(s))
    }

    /// The square `(dx, dy)` away from `sq`, if it is on the board.
    fn shift(&self, sq: usize, dx: i32, dy: i32) -> Option<usize> {
        let r = &self.t.rules;
        let (x, y) = ((sq % r.files) as i32 + dx, (sq / r.files) as i32 + dy);
        ((0..r.files as i32).contains(&x) && (0..r.ranks as i32).contains(&y))
            .then(|| y as usize * r.files + x as usize)
    }

    /// The rank and the file through `sq`, without it.
    fn lines_of(&self, sq: usize) -> B {
        let r = &self.t.rules;
        B::from_u128(r.file_mask(sq % r.files) | r.rank_mask(sq / r.files)) & !B::bit(sq)
    }

    /// The whole rank or file through `a` and `b`, empty when they share neither (or
    /// are the same square).
    fn line(&self, a: usize, b: usize) -> B {
        let r = &self.t.rules;
        if a == b {
            B::EMPTY
        } else if a % r.files == b % r.files {
            B::from_u128(r.file_mask(a % r.files))
        } else if a / r.files == b / r.files {
            B::from_u128(r.rank_mask(a / r.files))
        } else {
            B::EMPTY
        }
    }
}
