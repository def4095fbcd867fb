//! Every integration test of polyboard-cli in one test binary (a module a file), so that the
//! release-mode test build links one binary here instead of 8.

mod cli;
mod codec;
mod docs;
mod fsf_perft_sh;
mod registry;
mod uci;
mod uci_engine;
mod uci_variants;
mod usi;
mod usi_variants;
mod variant_selfplay;
mod xboard;
