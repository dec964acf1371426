//! The native proof-of-work solver (core's `solvePow`, what the browser's worker runs as wasm):
//! digests per second over a fixed count, the time to solve distinct challenges at a
//! difficulty, and one verification. `e2e/bench/pow-wasm.mjs` prints the same in V8's wasm;
//! `bench/anti-crawler.sh` runs both, and this once more with software SHA-256
//! (`RUSTFLAGS='--cfg sha2_backend="soft"'`), the code wasm runs, where the CPU has SHA
//! instructions. Usage: `cargo run --release -p tingshu-core --example pow_speed [digests]
//! [difficulty] [challenges]`.
use std::time::Instant;

use tingshu_core::pow::{solve_pow, verify_pow, SolvePowInput, VerifyPowInput};

fn arg(index: usize, default: u64) -> u64 {
    std::env::args()
        .nth(index)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let digests = arg(1, 200_000);
    let difficulty = arg(2, 13) as u32;
    let challenges = arg(3, 50);
    let started = Instant::now();
    // Difficulty 256 is never met: every nonce is tried.
    let none = solve_pow(SolvePowInput {
        challenge: "0123456789abcdef0123456789abcdef".into(),
        difficulty: 256,
        max_iterations: digests,
        start_nonce: None,
    });
    assert!(none.is_none(), "a 256-bit difficulty was met");
    let rate = digests as f64 / started.elapsed().as_secs_f64();
    println!("native digests: {rate:.0}/s ({digests} digests)");
    let mut nonces = 0;
    let started = Instant::now();
    for i in 0..challenges {
        let solved = solve_pow(SolvePowInput {
            challenge: format!("bench-{i}"),
            difficulty,
            max_iterations: u64::MAX,
            start_nonce: None,
        })
        .expect("every challenge is solvable");
        nonces += solved.nonce + 1;
    }
    println!(
        "native solves: {challenges} challenges at {difficulty} bits, {:.1} ms each on average \
         ({nonces} nonces)",
        started.elapsed().as_secs_f64() * 1000.0 / challenges as f64
    );
    let solved = solve_pow(SolvePowInput {
        challenge: "bench-verify".into(),
        difficulty,
        max_iterations: u64::MAX,
        start_nonce: None,
    })
    .expect("solvable");
    let rounds = 20_000;
    let started = Instant::now();
    for _ in 0..rounds {
        let ok = verify_pow(VerifyPowInput {
            challenge: "bench-verify".into(),
            nonce: solved.nonce,
            digest: solved.digest.clone(),
            difficulty,
        });
        assert!(ok, "a good proof was refused");
    }
    println!(
        "native verify: {:.2} µs per proof (core's verifyPow, {rounds} times; the server adds \
         two keyed hashes for the code)",
        started.elapsed().as_secs_f64() * 1e6 / f64::from(rounds)
    );
}
