//! Every integration test of polyboard-shogi in one test binary (a module a file), so that the
//! release-mode test build links one binary here instead of 5.

mod common;
mod cross;
mod oracle;
mod perft;
mod rules;
mod tactics;
