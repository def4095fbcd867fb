//! What a search needs of a game's move: a key.

/// A move as a search sees it (polyboard-search's searches and tables store moves by
/// their keys). Each game's crate implements it for its move type.
pub trait SearchMove: Copy + Eq + Default + Send + Sync + 'static {
    /// A key that is unique among the legal moves of a position and never 0 for a
    /// legal move. Move ordering breaks ties by it (so the order is total), and the
    /// transposition table, killers and counter-moves store it.
    fn key(self) -> u32;
}
