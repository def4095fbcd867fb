//! Every integration test of polyboard-chess in one test binary (a module a file), so that the
//! release-mode test build links one binary here instead of 7.

mod ccr;
mod common;
mod cross;
mod fen;
mod movetext;
mod perft;
mod queries;
mod status;
