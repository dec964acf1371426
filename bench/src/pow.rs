//! `pow`: the native proof-of-work solver (core's `solvePow`, what the browser runs as wasm):
//! digests per second over a fixed count, and the time to solve distinct challenges at a
//! difficulty. `e2e/bench/pow-wasm.mjs` runs the same in V8's wasm for the comparison.
use std::time::Instant;

use clap::Args;
use tingshu_core::pow::{solve_pow, verify_pow, SolvePowInput, VerifyPowInput};

#[derive(Debug, Args)]
pub struct PowArgs {
    /// Digests to time (nonces tried against a difficulty no digest meets).
    #[arg(long, default_value_t = 200_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub digests: u64,
    /// Leading zero bits of the challenges solved.
    #[arg(long, default_value_t = 13, value_parser = clap::value_parser!(u32).range(1..=24))]
    pub difficulty: u32,
    /// Distinct challenges solved (`bench-0`, `bench-1`, …).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub challenges: u32,
}

pub async fn run(args: PowArgs) -> anyhow::Result<()> {
    let started = Instant::now();
    let none = solve_pow(SolvePowInput {
        challenge: "0123456789abcdef0123456789abcdef".into(),
        difficulty: 256,
        max_iterations: args.digests,
        start_nonce: None,
    });
    // Difficulty 256 is never met: every nonce is tried.
    anyhow::ensure!(none.is_none(), "a 256-bit difficulty was met");
    let rate = args.digests as f64 / started.elapsed().as_secs_f64();
    println!("native digests: {rate:.0}/s ({} digests)", args.digests);
    let mut nonces = 0u64;
    let started = Instant::now();
    for i in 0..args.challenges {
        let solved = solve_pow(SolvePowInput {
            challenge: format!("bench-{i}"),
            difficulty: args.difficulty,
            max_iterations: u64::MAX,
            start_nonce: None,
        })
        .expect("every challenge is solvable");
        nonces += solved.nonce + 1;
    }
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "native solves: {} challenges at {} bits, {:.1} ms each on average ({} nonces)",
        args.challenges,
        args.difficulty,
        elapsed * 1000.0 / f64::from(args.challenges),
        nonces
    );
    let solved = solve_pow(SolvePowInput {
        challenge: "bench-verify".into(),
        difficulty: args.difficulty,
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
            difficulty: args.difficulty,
        });
        anyhow::ensure!(ok, "a good proof was refused");
    }
    println!(
        "native verify: {:.2} µs per proof (core's verifyPow, {rounds} times; the server adds \
         two keyed hashes for the code)",
        started.elapsed().as_secs_f64() * 1e6 / f64::from(rounds)
    );
    Ok(())
}
