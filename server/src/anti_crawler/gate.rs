//! The gate: who may ask the catalogue, search and audio now — a verified crawler within its
//! limit, a client within its address budget, a client holding a pass within the pass's
//! budget, or one presenting a fresh proof of work (which earns a pass) — and the challenge
//! every answer carries.
use std::{
    net::IpAddr,
    sync::{
        atomic::{AtomicU64, Ordering},
        Mutex, Weak,
    },
    time::Duration,
};

use axum::http::{HeaderMap, HeaderValue};
use governor::DefaultKeyedRateLimiter;
use moka::sync::Cache;

use super::{
    challenge::{ChallengeKeys, Proof, ProofError, WINDOW_SECS},
    crawlers::{Crawlers, Verdict},
    pressure::Pressure,
};
use crate::{budgets::keyed_limiter, config::AntiCrawlerConfig};

/// Header of a proof of work: `<challengeCode>:<nonce>:<digest hex>`.
pub const PROOF_HEADER: &str = "x-challenge-proof";
/// Header of a pass, sent by the server with an accepted proof and by the client after.
pub const PASS_HEADER: &str = "x-challenge-pass";
/// Header of the client's current challenge code, on every API answer.
pub const CODE_HEADER: &str = "x-challenge-code";
/// Header of the leading zero bits the client's proof must have, on every API answer.
pub const DIFFICULTY_HEADER: &str = "x-challenge-difficulty";
/// Proofs remembered (to refuse replays) at most; each costs its sender the work.
const PROOFS_MAX: u64 = 1_000_000;

/// What a guarded request asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Guarded {
    /// Book lists and details, chapters, categories, tags, recommendations, search.
    Catalogue,
    /// An audio file opened (its first request; later ranges of it are not counted).
    Audio,
}

/// Why a request was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Over budget (or a forged crawler): prove your work.
    ChallengeRequired,
    /// The proof was wrong, too weak, for another code, or already used.
    ChallengeFailed,
    /// A verified crawler over its own limit.
    CrawlerLimit,
}

/// What the gate decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Admission {
    Admitted,
    /// Admitted on a fresh proof: the pass to send back.
    Earned {
        pass: String,
    },
    Refused(Refusal),
}

fn keyed<K: std::hash::Hash + Eq + Clone>(per_minute: u32) -> DefaultKeyedRateLimiter<K> {
    keyed_limiter(Duration::from_secs(60), per_minute)
}

/// The gate's state.
pub struct Gate {
    keys: ChallengeKeys,
    pressure: Pressure,
    crawlers: Crawlers,
    catalogue: DefaultKeyedRateLimiter<IpAddr>,
    audio: DefaultKeyedRateLimiter<IpAddr>,
    passes: DefaultKeyedRateLimiter<[u8; 16]>,
    crawler_limits: DefaultKeyedRateLimiter<usize>,
    proofs_used: Cache<Proof, ()>,
    pass_secs: u64,
    outcomes: OutcomeCounters,
    codes: CodeMemo,
}

/// Slots of [`CodeMemo`]; a client's answers find its code in the slot of its address.
const CODE_SLOTS: usize = 64;

/// The challenge codes handed out last, one per slot: a client's code changes once a window and
/// goes out with every answer, so it is hashed once a window instead of once a request (the
/// keyed hash and its hex were 1.4 % of the server's CPU under the audio Range load).
struct CodeMemo {
    slots: [Mutex<Option<(u64, IpAddr, HeaderValue)>>; CODE_SLOTS],
}

impl Default for CodeMemo {
    fn default() -> Self {
        Self {
            slots: std::array::from_fn(|_| Mutex::new(None)),
        }
    }
}

impl CodeMemo {
    fn slot(&self, client: IpAddr) -> &Mutex<Option<(u64, IpAddr, HeaderValue)>> {
        let bits = match client {
            IpAddr::V4(v4) => u64::from(u32::from(v4)),
            IpAddr::V6(v6) => {
                let bits = u128::from(v6);
                (bits as u64) ^ ((bits >> 64) as u64)
            }
        };
        // Fibonacci hashing: the top bits of the product spread neighbouring addresses.
        let index = bits.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - CODE_SLOTS.trailing_zeros());
        &self.slots[index as usize]
    }

    /// The code of `client` in `window`, from its slot or made by `make` (and kept there). A
    /// slot another thread holds is not waited for.
    fn get(&self, window: u64, client: IpAddr, make: impl FnOnce() -> HeaderValue) -> HeaderValue {
        let Ok(mut slot) = self.slot(client).try_lock() else {
            return make();
        };
        match &*slot {
            Some((w, c, code)) if *w == window && *c == client => code.clone(),
            _ => {
                let code = make();
                *slot = Some((window, client, code.clone()));
                code
            }
        }
    }
}

#[derive(Default)]
struct OutcomeCounters {
    challenged: AtomicU64,
    solved: AtomicU64,
    failed: AtomicU64,
    crawler_limited: AtomicU64,
}

impl OutcomeCounters {
    fn count(&self, admission: &Admission) {
        let counter = match admission {
            Admission::Admitted => return,
            Admission::Refused(Refusal::ChallengeRequired) => &self.challenged,
            Admission::Earned { .. } => &self.solved,
            Admission::Refused(Refusal::ChallengeFailed) => &self.failed,
            Admission::Refused(Refusal::CrawlerLimit) => &self.crawler_limited,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }
}

/// How many guarded requests ended each way so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcomes {
    /// Refused with a challenge to solve.
    pub challenged: u64,
    /// Admitted on a fresh proof (a challenge solved; a pass issued).
    pub solved: u64,
    /// Refused for a wrong, weak, foreign or replayed proof.
    pub failed: u64,
    /// Verified crawlers refused over their own limit.
    pub crawler_limited: u64,
}

impl Gate {
    pub fn new(
        keys: ChallengeKeys,
        config: &AntiCrawlerConfig,
        crawlers: Crawlers,
        pressure: Pressure,
    ) -> Self {
        Self {
            keys,
            pressure,
            crawlers,
            catalogue: keyed(config.per_minute),
            audio: keyed(config.audio_per_minute),
            passes: keyed(config.pass_per_minute),
            crawler_limits: keyed(config.crawler_per_minute),
            proofs_used: Cache::builder()
                .max_capacity(PROOFS_MAX)
                // A code is good for its window and the next: a proof cannot outlive that.
                .time_to_live(Duration::from_secs(2 * WINDOW_SECS))
                .build(),
            pass_secs: config.pass_secs.max(1),
            outcomes: Default::default(),
            codes: CodeMemo::default(),
        }
    }

    /// The guarded requests' outcomes so far.
    pub fn outcomes(&self) -> Outcomes {
        let read = |counter: &AtomicU64| counter.load(Ordering::Relaxed);
        Outcomes {
            challenged: read(&self.outcomes.challenged),
            solved: read(&self.outcomes.solved),
            failed: read(&self.outcomes.failed),
            crawler_limited: read(&self.outcomes.crawler_limited),
        }
    }

    pub fn pressure(&self) -> &Pressure {
        &self.pressure
    }

    /// The challenge code of `client` now.
    pub fn code(&self, client: IpAddr, now_secs: u64) -> String {
        self.keys.code(now_secs / WINDOW_SECS, client)
    }

    /// [`Gate::code`] as a header's value, hashed once a window per client.
    pub fn code_header(&self, client: IpAddr, now_secs: u64) -> HeaderValue {
        let window = now_secs / WINDOW_SECS;
        self.codes.get(window, client, || {
            HeaderValue::from_str(&self.keys.code(window, client)).expect("a code is hex digits")
        })
    }

    /// Decides a guarded request of `class` from `address` (whose budget key is `client`).
    pub fn admit(
        &self,
        class: Guarded,
        address: IpAddr,
        client: IpAddr,
        headers: &HeaderMap,
        now_secs: u64,
    ) -> Admission {
        let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        let verdict = self
            .crawlers
            .judge(text(axum::http::header::USER_AGENT.as_str()), address);
        let admission = match verdict {
            Verdict::Verified(crawler) => match self.crawler_limits.check_key(&crawler) {
                Ok(()) => Admission::Admitted,
                Err(_) => Admission::Refused(Refusal::CrawlerLimit),
            },
            _ if text(PROOF_HEADER).is_some() => {
                self.prove(text(PROOF_HEADER).unwrap_or_default(), client, now_secs)
            }
            _ => match text(PASS_HEADER)
                .and_then(|pass| self.keys.check_pass(pass, client, now_secs, self.pass_secs))
            {
                Some(pass) => match self.passes.check_key(&pass) {
                    Ok(()) => Admission::Admitted,
                    Err(_) => Admission::Refused(Refusal::ChallengeRequired),
                },
                None if verdict == Verdict::Forged => {
                    Admission::Refused(Refusal::ChallengeRequired)
                }
                None => {
                    let budget = match class {
                        Guarded::Catalogue => &self.catalogue,
                        Guarded::Audio => &self.audio,
                    };
                    match budget.check_key(&client) {
                        Ok(()) => Admission::Admitted,
                        Err(_) => Admission::Refused(Refusal::ChallengeRequired),
                    }
                }
            },
        };
        if let Admission::Refused(Refusal::ChallengeRequired | Refusal::ChallengeFailed) = admission
        {
            self.pressure.refused(client, now_secs);
        }
        self.outcomes.count(&admission);
        admission
    }

    /// A proof at the client's difficulty, never seen before, earns a pass.
    fn prove(&self, header: &str, client: IpAddr, now_secs: u64) -> Admission {
        let difficulty = self.pressure.difficulty(client, now_secs);
        let proof = match self.keys.check_proof(header, client, now_secs, difficulty) {
            Ok(proof) => proof,
            Err(ProofError::Malformed | ProofError::WrongCode | ProofError::WrongWork) => {
                return Admission::Refused(Refusal::ChallengeFailed)
            }
        };
        let nonce = proof.nonce;
        if !self.proofs_used.entry(proof).or_insert(()).is_fresh() {
            return Admission::Refused(Refusal::ChallengeFailed);
        }
        Admission::Earned {
            pass: self.keys.pass(client, now_secs + self.pass_secs, nonce),
        }
    }

    /// Forgets budgets that have been quiet long enough to be full again.
    pub fn forget_idle(&self) {
        self.catalogue.retain_recent();
        self.audio.retain_recent();
        self.passes.retain_recent();
        self.crawler_limits.retain_recent();
        self.catalogue.shrink_to_fit();
        self.audio.shrink_to_fit();
        self.passes.shrink_to_fit();
    }
}

/// Forgets idle budgets every minute while the gate lives.
pub fn forget_idle_every_minute(gate: Weak<Gate>) {
    crate::db::batches::every(
        Duration::from_secs(60),
        Duration::from_secs(60),
        move || {
            if let Some(gate) = gate.upgrade() {
                gate.forget_idle();
            }
            std::future::ready(())
        },
    );
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use axum::http::HeaderValue;
    use tingshu_core::pow::{solve_pow, SolvePowInput};

    use super::*;

    const ALICE: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 1));

    fn gate(per_minute: u32) -> Gate {
        let config = AntiCrawlerConfig {
            per_minute,
            audio_per_minute: per_minute,
            pass_per_minute: 3,
            pass_secs: 600,
            crawler_per_minute: 2,
            reports_per_minute: 20,
            crawlers_file: None,
        };
        Gate::new(
            ChallengeKeys::new(Arc::from(&b"key"[..])),
            &config,
            Crawlers::built_in(),
            Pressure::default(),
        )
    }

    fn headers(pairs: &[(&'static str, String)]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for (name, value) in pairs {
            headers.insert(*name, HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    fn proof(gate: &Gate, now: u64) -> String {
        let code = gate.code(ALICE, now);
        let difficulty = gate.pressure().difficulty(ALICE, now);
        let solved = solve_pow(SolvePowInput {
            challenge: code.clone(),
            difficulty,
            max_iterations: 1 << 24,
            start_nonce: None,
        })
        .unwrap();
        format!("{code}:{}:{}", solved.nonce, solved.digest)
    }

    #[test]
    fn the_code_header_is_its_client_and_windows_code_whoever_shared_the_slot_before() {
        let gate = gate(100);
        let now = 1_000_000;
        let alices = gate.codes.slot(ALICE);
        let sharer = (1..=u32::MAX)
            .map(|n| IpAddr::V4(n.into()))
            .find(|client| *client != ALICE && std::ptr::eq(gate.codes.slot(*client), alices))
            .expect("64 slots: another address shares Alice's");
        for (client, at) in [
            (ALICE, now),
            (ALICE, now),
            (sharer, now),
            (ALICE, now),
            (ALICE, now + WINDOW_SECS),
            (sharer, now + WINDOW_SECS),
        ] {
            assert_eq!(gate.code_header(client, at), gate.code(client, at).as_str());
        }
        assert_ne!(gate.code(ALICE, now), gate.code(sharer, now));
        assert_ne!(gate.code(ALICE, now), gate.code(ALICE, now + WINDOW_SECS));
    }

    #[test]
    fn over_budget_a_proof_earns_a_pass_once_and_the_pass_its_own_budget() {
        let gate = gate(2);
        let now = 1_000_000;
        let plain = HeaderMap::new();
        let admit =
            |headers: &HeaderMap| gate.admit(Guarded::Catalogue, ALICE, ALICE, headers, now);
        assert_eq!(admit(&plain), Admission::Admitted);
        assert_eq!(admit(&plain), Admission::Admitted);
        assert_eq!(
            admit(&plain),
            Admission::Refused(Refusal::ChallengeRequired)
        );
        let proof = proof(&gate, now);
        let with_proof = headers(&[(PROOF_HEADER, proof)]);
        let Admission::Earned { pass } = admit(&with_proof) else {
            panic!("a fresh proof earns a pass");
        };
        assert_eq!(
            admit(&with_proof),
            Admission::Refused(Refusal::ChallengeFailed),
            "a replayed proof"
        );
        let with_pass = headers(&[(PASS_HEADER, pass)]);
        for _ in 0..3 {
            assert_eq!(admit(&with_pass), Admission::Admitted);
        }
        assert_eq!(
            admit(&with_pass),
            Admission::Refused(Refusal::ChallengeRequired),
            "the pass's budget is spent"
        );
        assert_eq!(
            gate.outcomes(),
            Outcomes {
                challenged: 2,
                solved: 1,
                failed: 1,
                crawler_limited: 0
            }
        );
    }

    #[test]
    fn crawlers_verified_by_range_pass_under_their_limit_and_forgeries_are_challenged() {
        let gate = gate(100);
        let google: IpAddr = "66.249.66.1".parse().unwrap();
        let agent = headers(&[(
            "user-agent",
            "Mozilla/5.0 (compatible; Googlebot/2.1)".to_owned(),
        )]);
        let admit = |address| gate.admit(Guarded::Catalogue, address, address, &agent, 0);
        assert_eq!(admit(google), Admission::Admitted);
        assert_eq!(admit(google), Admission::Admitted);
        assert_eq!(admit(google), Admission::Refused(Refusal::CrawlerLimit));
        assert_eq!(admit(ALICE), Admission::Refused(Refusal::ChallengeRequired));
    }
}
