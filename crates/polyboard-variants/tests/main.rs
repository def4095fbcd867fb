//! Every integration test of polyboard-variants in one test binary (a module a file), so that the
//! release-mode test build links one binary here instead of 8.

mod chess_crosscheck;
mod custom_variant;
mod fsf_ini;
mod noisy;
mod perft;
mod pyffish_api;
mod shogi_crosscheck;
mod text;
mod usi_text;
mod variant3;
mod xiangqi_chasing;
