//! Anti-crawler proof of work: five chained HMAC-SHA256 rounds keyed by the server's challenge (spec §4, §9).

use hmac::{Hmac, KeyInit, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use subtle::ConstantTimeEq;

type HmacSha256 = Hmac<Sha256>;

/// The solver's four-lane path, for wasm's SIMD (and the native tests that check it).
#[cfg(any(test, all(target_arch = "wasm32", target_feature = "simd128")))]
mod lanes;

/// Spec §9: the proof of work is five chained keyed hashes.
pub const ROUNDS: u8 = 5;
/// Bits in a digest; a higher difficulty can never be met.
const DIGEST_BITS: u32 = 256;

/// The 32-byte digest of `nonce` for `challenge`: with key = the challenge's UTF-8 bytes,
/// `m0` = the nonce in decimal, `m(i+1) = HMAC-SHA256(key, m(i) ‖ [i])` for i = 0..4;
/// the digest is `m5`.
pub fn digest(challenge: &str, nonce: u64) -> [u8; 32] {
    // HMAC accepts keys of any length, so this cannot fail.
    let keyed =
        HmacSha256::new_from_slice(challenge.as_bytes()).expect("HMAC takes any key length");
    digest_keyed(&keyed, nonce)
}

/// [`digest`] with the challenge's HMAC state made once: each round clones it instead of
/// hashing the key again (half the work of a round; the solver tries many nonces per key).
fn digest_keyed(keyed: &HmacSha256, nonce: u64) -> [u8; 32] {
    let (decimal, start) = decimal(nonce);
    let mut mac = keyed.clone();
    mac.update(&decimal[start..]);
    mac.update(&[0]);
    let mut message: [u8; 32] = mac.finalize().into_bytes().into();
    for round in 1..ROUNDS {
        let mut mac = keyed.clone();
        mac.update(&message);
        mac.update(&[round]);
        message = mac.finalize().into_bytes().into();
    }
    message
}

/// m0: `nonce` in decimal, written without allocating (u64 has at most 20 digits): the digits
/// are `digits[start..]`.
fn decimal(nonce: u64) -> ([u8; 20], usize) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    let mut rest = nonce;
    loop {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    (digits, start)
}

/// Leading zero bits of a digest.
pub fn leading_zero_bits(digest: &[u8]) -> u32 {
    let mut bits = 0;
    for byte in digest {
        bits += byte.leading_zeros();
        if *byte != 0 {
            break;
        }
    }
    bits
}

/// Input of `powDigest`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct PowDigestInput {
    pub challenge: String,
    pub nonce: u64,
}

/// `powDigest`: lowercase hex of [`digest`].
pub fn pow_digest(input: PowDigestInput) -> String {
    hex::encode(digest(&input.challenge, input.nonce))
}

/// Input of `solvePow`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct SolvePowInput {
    pub challenge: String,
    /// Required leading zero bits of the digest.
    pub difficulty: u32,
    /// Nonces tried are `startNonce..startNonce + maxIterations`.
    pub max_iterations: u64,
    /// The first nonce tried; 0 when absent. A client starts each solve somewhere new, so a
    /// second proof for the same challenge is not the first one again (servers accept a proof
    /// once).
    #[serde(default)]
    pub start_nonce: Option<u64>,
}

/// A nonce meeting the difficulty, with its hex digest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct PowSolution {
    pub nonce: u64,
    pub digest: String,
}

/// `solvePow`: the first nonce from `startNonce` (0 when absent), of `maxIterations` tried,
/// whose digest has at least `difficulty` leading zero bits, or null (also at once when
/// difficulty exceeds 256).
pub fn solve_pow(input: SolvePowInput) -> Option<PowSolution> {
    if input.difficulty > DIGEST_BITS {
        return None;
    }
    let start = input.start_nonce.unwrap_or(0);
    let nonces = start..start.saturating_add(input.max_iterations);
    solve_in(input.challenge.as_bytes(), input.difficulty, nonces).map(|(nonce, digest)| {
        PowSolution {
            nonce,
            digest: hex::encode(digest),
        }
    })
}

/// The first of `nonces` whose digest has `difficulty` leading zero bits, four at a time on wasm's
/// SIMD lanes (the browser's solver).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
fn solve_in(
    challenge: &[u8],
    difficulty: u32,
    nonces: std::ops::Range<u64>,
) -> Option<(u64, [u8; 32])> {
    let keyed = lanes::Keyed::new(challenge);
    lanes::solve::<core::arch::wasm32::v128>(&keyed, difficulty, nonces)
}

/// The first of `nonces` whose digest has `difficulty` leading zero bits, one at a time (natively
/// `sha2` uses the CPU's SHA instructions where it has them).
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
fn solve_in(
    challenge: &[u8],
    difficulty: u32,
    nonces: std::ops::Range<u64>,
) -> Option<(u64, [u8; 32])> {
    let keyed = HmacSha256::new_from_slice(challenge).expect("HMAC takes any key length");
    nonces
        .map(|nonce| (nonce, digest_keyed(&keyed, nonce)))
        .find(|(_, digest)| leading_zero_bits(digest) >= difficulty)
}

/// Input of `verifyPow`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct VerifyPowInput {
    pub challenge: String,
    pub nonce: u64,
    /// Hex digest claimed by the client (either case).
    pub digest: String,
    pub difficulty: u32,
}

/// `verifyPow`: true when `digest` is the digest of `nonce` (compared in constant time)
/// and has at least `difficulty` leading zero bits. Malformed hex is false.
pub fn verify_pow(input: VerifyPowInput) -> bool {
    let Ok(claimed) = hex::decode(input.digest.as_bytes()) else {
        return false;
    };
    let expected = digest(&input.challenge, input.nonce);
    let same: bool = expected.as_slice().ct_eq(claimed.as_slice()).into();
    same && leading_zero_bits(&expected) >= input.difficulty
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Reference computation written out round by round, independent of the loop above.
    fn reference(challenge: &str, nonce: u64) -> String {
        let round = |m: &[u8], i: u8| {
            let mut mac = HmacSha256::new_from_slice(challenge.as_bytes()).unwrap();
            mac.update(&[m, &[i]].concat());
            mac.finalize().into_bytes().to_vec()
        };
        let m1 = round(nonce.to_string().as_bytes(), 0);
        let m2 = round(&m1, 1);
        let m3 = round(&m2, 2);
        let m4 = round(&m3, 3);
        hex::encode(round(&m4, 4))
    }

    #[test]
    fn digest_is_five_chained_rounds() {
        let d = pow_digest(PowDigestInput {
            challenge: "abc".into(),
            nonce: 42,
        });
        assert_eq!(d, reference("abc", 42));
        assert_eq!(d.len(), 64);
        assert_ne!(
            d,
            pow_digest(PowDigestInput {
                challenge: "abd".into(),
                nonce: 42
            })
        );
        assert_ne!(
            d,
            pow_digest(PowDigestInput {
                challenge: "abc".into(),
                nonce: 43
            })
        );
    }

    #[test]
    fn hmac_matches_rfc_4231_case_2() {
        let mut mac = HmacSha256::new_from_slice(b"Jefe").unwrap();
        mac.update(b"what do ya want for nothing?");
        assert_eq!(
            hex::encode(mac.finalize().into_bytes()),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn counts_leading_zero_bits() {
        assert_eq!(leading_zero_bits(&[0xff]), 0);
        assert_eq!(leading_zero_bits(&[0x00, 0x10]), 11);
        assert_eq!(leading_zero_bits(&[0x00, 0x00]), 16);
        assert_eq!(leading_zero_bits(&[0x01, 0x00]), 7);
    }

    #[test]
    fn solve_finds_smallest_nonce() {
        let s = solve_pow(SolvePowInput {
            challenge: "tingshu".into(),
            difficulty: 8,
            max_iterations: 100_000,
            start_nonce: None,
        })
        .unwrap();
        assert!(s.digest.starts_with("00"));
        for nonce in 0..s.nonce {
            assert!(leading_zero_bits(&digest("tingshu", nonce)) < 8);
        }
        assert!(verify_pow(VerifyPowInput {
            challenge: "tingshu".into(),
            nonce: s.nonce,
            digest: s.digest,
            difficulty: 8
        }));
    }

    #[test]
    fn a_later_start_finds_another_proof_of_the_same_challenge() {
        let solve = |start_nonce| {
            solve_pow(SolvePowInput {
                challenge: "same code".into(),
                difficulty: 6,
                max_iterations: 100_000,
                start_nonce,
            })
            .unwrap()
        };
        let first = solve(None);
        let later = solve(Some(first.nonce + 1));
        assert!(later.nonce > first.nonce);
        assert_ne!(later.digest, first.digest);
        assert!(verify_pow(VerifyPowInput {
            challenge: "same code".into(),
            nonce: later.nonce,
            digest: later.digest,
            difficulty: 6,
        }));
        assert_eq!(solve(Some(0)), first);
    }

    #[test]
    fn unsolvable_is_none() {
        assert_eq!(
            solve_pow(SolvePowInput {
                challenge: "x".into(),
                difficulty: 257,
                max_iterations: 10,
                start_nonce: None
            }),
            None
        );
        assert_eq!(
            solve_pow(SolvePowInput {
                challenge: "x".into(),
                difficulty: 4,
                max_iterations: 0,
                start_nonce: None
            }),
            None
        );
        assert_eq!(
            solve_pow(SolvePowInput {
                challenge: "x".into(),
                difficulty: 200,
                max_iterations: 50,
                start_nonce: None
            }),
            None
        );
    }

    #[test]
    fn verify_rejects_bad_input() {
        let d = pow_digest(PowDigestInput {
            challenge: "c".into(),
            nonce: 1,
        });
        let verify = |digest: &str, difficulty| {
            verify_pow(VerifyPowInput {
                challenge: "c".into(),
                nonce: 1,
                digest: digest.into(),
                difficulty,
            })
        };
        assert!(verify(&d, 0));
        assert!(verify(&d.to_uppercase(), 0));
        assert!(!verify(&d[..62], 0));
        assert!(!verify("zz", 0));
        assert!(!verify("", 0));
        assert!(!verify(&d, 257));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        #[test]
        fn solve_then_verify_roundtrips(challenge in "[a-zA-Z0-9]{1,24}", difficulty in 0u32..6) {
            let s = solve_pow(SolvePowInput { challenge: challenge.clone(), difficulty, max_iterations: 100_000, start_nonce: None }).unwrap();
            let genuine = verify_pow(VerifyPowInput { challenge: challenge.clone(), nonce: s.nonce, digest: s.digest.clone(), difficulty });
            let other_nonce = verify_pow(VerifyPowInput { challenge: challenge.clone(), nonce: s.nonce + 1, digest: s.digest.clone(), difficulty: 0 });
            let other_challenge = verify_pow(VerifyPowInput { challenge: format!("{challenge}x"), nonce: s.nonce, digest: s.digest, difficulty: 0 });
            prop_assert!(genuine);
            prop_assert!(!other_nonce);
            prop_assert!(!other_challenge);
        }

        #[test]
        fn any_nonce_digests_as_the_reference_does(challenge in ".{0,40}", nonce in any::<u64>()) {
            for nonce in [nonce, 0, 9, 10, u64::MAX] {
                prop_assert_eq!(hex::encode(digest(&challenge, nonce)), reference(&challenge, nonce));
            }
        }

        #[test]
        fn tampered_digest_fails(nonce in any::<u64>(), position in 0usize..64, flip in 1u8..16) {
            let d = pow_digest(PowDigestInput { challenge: "k".into(), nonce });
            let mut chars: Vec<u8> = d.into_bytes();
            let v = u8::from_str_radix(std::str::from_utf8(&chars[position..=position]).unwrap(), 16).unwrap();
            chars[position] = format!("{:x}", v ^ flip).as_bytes()[0];
            let tampered = String::from_utf8(chars).unwrap();
            let accepted = verify_pow(VerifyPowInput { challenge: "k".into(), nonce, digest: tampered, difficulty: 0 });
            prop_assert!(!accepted);
        }
    }
}
