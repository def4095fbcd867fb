//! Loading a `variants.ini` file as Fairy-Stockfish does: a line whose key is unknown or
//! whose value does not read is left out with a warning naming its line and key, and
//! the rest of its section loads; a section that cannot load at all (a parent that is
//! not loaded, a start position that does not read) is left out with one
//! [`SectionError`] naming it, and every other section loads. [`VariantSet::load`] is
//! the strict reader: the first problem rejects the file.

use crate::Variant;
use crate::rules::{SectionError, VariantSet};

/// What [`VariantSet::load_lenient`] added and what it left out.
#[derive(Clone, Debug, Default)]
pub struct Loaded {
    /// The sections added, in file order.
    pub names: Vec<String>,
    /// The sections left out, each with its first problem, and the lines outside any
    /// section, in file order.
    pub skipped: Vec<SectionError>,
    /// The lines left out of sections that load (an unknown key, a value that does not
    /// read), in file order.
    pub ignored: Vec<SectionError>,
}

impl Loaded {
    /// Every problem, one warning each: the lines left out, then the sections.
    pub fn warnings(&self) -> impl Iterator<Item = &SectionError> {
        self.ignored.iter().chain(&self.skipped)
    }
}

impl VariantSet {
    /// Adds every section of a `variants.ini` text that builds into rules whose start
    /// position reads, leaving out the lines that do not read, and returns the names
    /// added and the problems; `source` names the text in them. A section whose parent
    /// was left out is left out too. Never panics.
    pub fn load_lenient(&mut self, text: &str, source: &str) -> Loaded {
        let check = |r| Variant::new(r).map(|_| ());
        let read = self.read_sections(text, source, true, &check);
        let names = read.added.iter().map(|s| s.0.clone()).collect();
        self.add_sections(read.added);
        Loaded { names, skipped: read.skipped, ignored: read.ignored }
    }
}
