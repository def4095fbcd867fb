//! Loading a `variants.ini` file section by section, as Fairy-Stockfish does: a section
//! that does not read (an unknown key, a parent that is not loaded, a bad value or start
//! position) is left out with one [`SectionError`] naming it, and every other section
//! loads. [`VariantSet::load`] is the strict reader: the first problem rejects the file.

use crate::Variant;
use crate::rules::{SectionError, VariantSet};

/// What [`VariantSet::load_lenient`] added and what it left out.
#[derive(Clone, Debug, Default)]
pub struct Loaded {
    /// The sections added, in file order.
    pub names: Vec<String>,
    /// The sections left out, each with its first problem, in file order.
    pub skipped: Vec<SectionError>,
}

impl VariantSet {
    /// Adds every section of a `variants.ini` text that builds into rules whose start
    /// position reads, and returns the names added and the problems of the others;
    /// `source` names the text in them. A section whose parent was left out is left out
    /// too. Never panics.
    pub fn load_lenient(&mut self, text: &str, source: &str) -> Loaded {
        let check = |r| Variant::new(r).map(|_| ());
        let (added, skipped) = self.read_sections(text, source, &check);
        let names = added.iter().map(|s| s.0.clone()).collect();
        self.add_sections(added);
        Loaded { names, skipped }
    }
}
