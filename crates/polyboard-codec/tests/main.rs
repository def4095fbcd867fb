//! Every integration test of polyboard-codec in one test binary (a module a file), so that the
//! release-mode test build links one binary here instead of 6.

mod claims;
mod common;
mod compact;
mod corrupt;
mod multi;
mod roundtrip;
mod shakmaty;
