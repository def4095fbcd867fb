//! The pyffish compatibility layer (`polyboard_variants::compat`) against pyffish 0.0.90's
//! own answers on seeded random games (tests/data/pyffish-api.txt, made by
//! scripts/data/gen_pyffish_api.py; the format is in the script's docstring).
//!
//! pyffish leaves the result of `is_immediate_game_end` and `is_optional_game_end`
//! uninitialised when the flag is false (it returns whatever the stack held); only the
//! flag is compared then.
//!
//! No difference is allowed. (Losers once ended a bare king's game by Fairy-Stockfish
//! 11.1's bare-king rule, after the move; it now ends it at once by extinction, as
//! pyffish does.)

use std::collections::BTreeMap;

use polyboard_variants::compat::Pyffish;

const DATA: &str = include_str!("data/pyffish-api.txt");

/// Mismatches and checks, by (function, variant).
#[derive(Default)]
struct Tally {
    checked: BTreeMap<(String, String), usize>,
    failed: BTreeMap<(String, String), Vec<String>>,
}

impl Tally {
    fn check(&mut self, func: &str, variant: &str, ok: bool, what: impl FnOnce() -> String) {
        let key = (func.to_string(), variant.to_string());
        *self.checked.entry(key.clone()).or_default() += 1;
        if !ok {
            self.failed.entry(key).or_default().push(what());
        }
    }
}

fn flag_value(s: &str) -> (bool, i32) {
    let (f, v) = s.split_once(',').expect("flag,value");
    (f == "1", v.parse().expect("a value"))
}

#[test]
fn compat_reproduces_pyffish() {
    let sf = Pyffish::new();
    let mut tally = Tally::default();
    let mut game: Option<(String, bool, String, Vec<String>)> = None;
    for line in DATA.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        match f[0] {
            "game" => {
                let moves = f[4].split_whitespace().map(String::from).collect();
                game = Some((f[1].to_string(), f[2] == "1", f[3].to_string(), moves));
            }
            "gsan" => {
                let (variant, c960, start, moves) = game.as_ref().expect("a game first");
                let n: i64 = f[1].parse().unwrap();
                let mv: Vec<&str> = moves.iter().map(String::as_str).collect();
                let want: Vec<&str> = if f[2].is_empty() { Vec::new() } else { f[2].split('|').collect() };
                let got = sf.get_san_moves(variant, start, &mv, *c960, n);
                tally.check(&format!("get_san_moves{n}"), variant, got.as_ref().is_ok_and(|g| *g == want), || {
                    let got = got.as_ref().map(|g| g.join("|")).unwrap_or_else(|e| e.to_string());
                    let i = got.split('|').zip(want.iter()).position(|(a, b)| a != *b).unwrap_or(0);
                    format!("{start} at move {i}: got {:?} want {:?}", got.split('|').nth(i), want.get(i))
                });
            }
            "pos" => {
                let (variant, c960, start, moves) = game.as_ref().expect("a game first");
                let ply: usize = f[1].parse().unwrap();
                let mv: Vec<&str> = moves[..ply].iter().map(String::as_str).collect();
                let c960 = *c960;
                let here = sf.get_fen(variant, start, &mv, c960, false, false, 0).unwrap_or_default();
                let mut legal_sorted: Vec<String> = Vec::new();
                for kv in &f[2..] {
                    let (k, v) = kv.split_once('=').expect("key=value");
                    let ctx = || format!("{start} moves {}", mv.join(" "));
                    match k {
                        "fen" => {
                            let got = sf.get_fen(variant, start, &mv, c960, false, false, 0);
                            tally.check("get_fen", variant, got.as_deref() == Ok(v), || {
                                format!("{}: got {got:?} want {v}", ctx())
                            });
                        }
                        "sfen" => {
                            let got = sf.get_fen(variant, start, &mv, c960, true, false, 0);
                            tally.check("get_fen(sfen)", variant, got.as_deref() == Ok(v), || {
                                format!("{}: got {got:?} want {v}", ctx())
                            });
                        }
                        "legal" => {
                            let mut got = sf.legal_moves(variant, start, &mv, c960).unwrap_or_default();
                            got.sort();
                            let want: Vec<String> = v.split_whitespace().map(String::from).collect();
                            let ok = got == want;
                            tally.check("legal_moves", variant, ok, || {
                                let extra: Vec<&String> = got.iter().filter(|m| !want.contains(m)).collect();
                                let missing: Vec<&String> = want.iter().filter(|m| !got.contains(m)).collect();
                                format!("{}: extra {extra:?} missing {missing:?}", ctx())
                            });
                            legal_sorted = want;
                        }
                        "check" => {
                            let got = sf.gives_check(variant, start, &mv, c960);
                            tally.check("gives_check", variant, got == Ok(v == "1"), || {
                                format!("{}: got {got:?}", ctx())
                            });
                        }
                        "caps" => {
                            let want: Vec<&str> = v.split_whitespace().collect();
                            for m in &legal_sorted {
                                let got = sf.is_capture(variant, start, &mv, m, c960);
                                let w = want.contains(&m.as_str());
                                tally.check("is_capture", variant, got == Ok(w), || {
                                    format!("{}: {m} got {got:?}", ctx())
                                });
                            }
                        }
                        k if k.starts_with("san") => {
                            let n: i64 = k[3..].parse().unwrap();
                            let want: Vec<&str> = if v.is_empty() { Vec::new() } else { v.split('|').collect() };
                            for (m, w) in legal_sorted.iter().zip(want) {
                                let got = sf.get_san(variant, &here, m, c960, n);
                                tally.check(&format!("get_san{n}"), variant, got.as_deref() == Ok(w), || {
                                    format!("{here} {m}: got {got:?} want {w}")
                                });
                            }
                        }
                        "result" => {
                            let got = sf.game_result(variant, start, &mv, c960);
                            let w: i32 = v.parse().unwrap();
                            tally.check("game_result", variant, got == Ok(w), || {
                                format!("{}: got {got:?} want {w}", ctx())
                            });
                        }
                        "imm" | "opt" => {
                            let got = if k == "imm" {
                                sf.is_immediate_game_end(variant, start, &mv, c960)
                            } else {
                                sf.is_optional_game_end(variant, start, &mv, c960, 0)
                            };
                            let (wf, wv) = flag_value(v);
                            let ok = got.as_ref().is_ok_and(|&(gf, gv)| gf == wf && (!wf || gv == wv));
                            let name = if k == "imm" { "is_immediate_game_end" } else { "is_optional_game_end" };
                            tally.check(name, variant, ok, || format!("{}: got {got:?} want {v}", ctx()));
                        }
                        "insuf" => {
                            let got = sf.has_insufficient_material(variant, start, &mv, c960);
                            let (a, b) = v.split_once(',').unwrap();
                            tally.check("has_insufficient_material", variant, got == Ok((a == "1", b == "1")), || {
                                format!("{here}: got {got:?} want {v}")
                            });
                        }
                        "fog" => {
                            let got = sf.get_fog_fen(&here, variant, c960);
                            tally.check("get_fog_fen", variant, got.as_deref() == Ok(v), || {
                                format!("{here}: got {got:?} want {v}")
                            });
                        }
                        _ => panic!("unknown key {k}"),
                    }
                }
            }
            "opt" => {
                let (variant, c960, fen) = (f[1], f[2] == "1", f[3]);
                let mv: Vec<&str> = f[4].split_whitespace().collect();
                let got = sf.is_optional_game_end(variant, fen, &mv, c960, 0);
                let (wf, wv) = flag_value(f[5]);
                let ok = got.as_ref().is_ok_and(|&(gf, gv)| gf == wf && (!wf || gv == wv));
                tally.check("is_optional_game_end(clock)", variant, ok, || {
                    format!("{fen} {mv:?}: got {got:?} want {}", f[5])
                });
            }
            "valid" => {
                let (variant, c960, code, fen) = (f[1], f[2] == "1", f[3], f.get(4).copied().unwrap_or(""));
                let got = sf.validate_fen(fen, variant, c960);
                let want: i32 = code.parse().unwrap();
                tally.check("validate_fen", variant, got == Ok(want), || format!("{fen:?}: got {got:?} want {want}"));
            }
            other => panic!("unknown record {other}"),
        }
    }
    let total: usize = tally.checked.values().sum();
    let failed: usize = tally.failed.values().map(Vec::len).sum();
    let mut report = String::new();
    for ((func, variant), fails) in &tally.failed {
        let n = tally.checked[&(func.clone(), variant.clone())];
        report += &format!("{func} {variant}: {} of {n} differ; first: {}\n", fails.len(), fails[0]);
    }
    assert!(failed == 0, "{failed} of {total} checks differ from pyffish:\n{report}");
    assert!(total > 10_000, "only {total} checks: the data file is missing records");
}

/// Armageddon (`materialCounting = blackdrawodds`): every drawn end is Black's win, as
/// pyffish 0.0.90 answers (stalemate, the 50-move rule, a bare-kings position).
#[test]
fn armageddon_draws_are_blacks_wins() {
    let sf = Pyffish::new();
    assert_eq!(sf.game_result("armageddon", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[], false).unwrap(), 32000);
    assert_eq!(sf.game_result("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[], false).unwrap(), 0);
    let fifty = |fen: &str| sf.is_optional_game_end("armageddon", fen, &[], false, 0).unwrap();
    assert_eq!(fifty("7k/8/6K1/8/8/8/8/R7 b - - 100 80"), (true, 32000));
    assert_eq!(fifty("7k/8/6K1/8/8/8/8/R7 w - - 100 80"), (true, -32000));
    assert_eq!(sf.game_result("armageddon", "7k/8/6K1/8/8/8/8/8 w - - 10 80", &[], false).unwrap(), -32000);
}

/// Sho shogi's king with the prince beside it is no longer pseudo-royal (the prince moves
/// as a king, and Fairy-Stockfish counts the two as one type): a rook on its file gives
/// no check. pyffish 0.0.90: `gives_check` False and 8 legal moves with the prince on a1,
/// True and 4 without it.
#[test]
fn sho_shogi_king_with_a_prince_is_not_in_check() {
    let sf = Pyffish::new();
    let with_prince = "4k4/9/9/9/4r4/9/9/9/+E3K4 w 0 1";
    let alone = "4k4/9/9/9/4r4/9/9/9/4K4 w 0 1";
    assert!(!sf.gives_check("shoshogi", with_prince, &[], false).unwrap());
    assert!(sf.gives_check("shoshogi", alone, &[], false).unwrap());
    assert_eq!(sf.legal_moves("shoshogi", with_prince, &[], false).unwrap().len(), 8);
    assert_eq!(sf.legal_moves("shoshogi", alone, &[], false).unwrap().len(), 4);
}

/// A walling move's SAN carries its wall after a comma, as pyffish 0.0.90 writes it.
#[test]
fn walling_moves_have_their_wall_in_san() {
    let sf = Pyffish::new();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(sf.get_san("duck", start, "b1c3,c3e5", false, 0).unwrap(), "Nc3,e5");
}

/// pyffish's `start_fen` of every variant both know, as pyffish 0.0.90 writes it
/// (tests/data/pyffish-variants.txt): some without castling and en passant fields.
#[test]
fn compat_start_fen_is_pyffish_s() {
    let sf = Pyffish::new();
    let names = sf.variants();
    let mut checked = 0;
    for line in include_str!("data/pyffish-variants.txt").lines().filter(|l| !l.starts_with('#')) {
        let (name, fen) = line.split_once(" ; ").unwrap();
        if names.iter().any(|n| n == name) {
            assert_eq!(sf.start_fen(name).unwrap(), fen, "{name}");
            checked += 1;
        }
    }
    assert!(checked >= 113, "{checked}");
}
