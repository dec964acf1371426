//! Four nonces at once: the proof's five HMAC-SHA256 rounds (FIPS 180-4's SHA-256, RFC 2104's HMAC)
//! computed on four lanes of 32-bit words, one nonce a lane, with the key's two HMAC blocks hashed
//! once per challenge. In the browser the lanes are wasm's 128-bit SIMD vectors (`simd128`: the
//! solver's worker module is built with it), which is what brings the browser's solver near a CPU's
//! SHA instructions; natively, where `sha2` uses those instructions, an array of four words computes
//! the same, so the tests check this path against the one-nonce digest.

use sha2::{block_api::compress256, Digest, Sha256};

/// SHA-256's initial state (FIPS 180-4 §5.3.3).
const IV: [u32; 8] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

/// SHA-256's round constants (FIPS 180-4 §4.2.2).
const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

/// Four 32-bit words, one a lane, and the operations SHA-256 needs on them.
pub trait Lanes: Copy {
    fn splat(word: u32) -> Self;
    fn from_words(words: [u32; 4]) -> Self;
    fn words(self) -> [u32; 4];
    fn add(self, other: Self) -> Self;
    fn xor(self, other: Self) -> Self;
    fn and(self, other: Self) -> Self;
    fn shr(self, bits: u32) -> Self;
    fn rotr(self, bits: u32) -> Self;
    /// The bits of `self` where `mask` has ones, of `other` where it has zeros.
    fn select(self, other: Self, mask: Self) -> Self;
}

/// The lanes as plain words: what the native tests run.
impl Lanes for [u32; 4] {
    fn splat(word: u32) -> Self {
        [word; 4]
    }
    fn from_words(words: [u32; 4]) -> Self {
        words
    }
    fn words(self) -> [u32; 4] {
        self
    }
    fn add(self, other: Self) -> Self {
        std::array::from_fn(|lane| self[lane].wrapping_add(other[lane]))
    }
    fn xor(self, other: Self) -> Self {
        std::array::from_fn(|lane| self[lane] ^ other[lane])
    }
    fn and(self, other: Self) -> Self {
        std::array::from_fn(|lane| self[lane] & other[lane])
    }
    fn shr(self, bits: u32) -> Self {
        self.map(|word| word >> bits)
    }
    fn rotr(self, bits: u32) -> Self {
        self.map(|word| word.rotate_right(bits))
    }
    fn select(self, other: Self, mask: Self) -> Self {
        std::array::from_fn(|lane| (self[lane] & mask[lane]) | (other[lane] & !mask[lane]))
    }
}

/// The lanes as one wasm SIMD vector.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
impl Lanes for core::arch::wasm32::v128 {
    fn splat(word: u32) -> Self {
        core::arch::wasm32::u32x4_splat(word)
    }
    fn from_words(words: [u32; 4]) -> Self {
        core::arch::wasm32::u32x4(words[0], words[1], words[2], words[3])
    }
    fn words(self) -> [u32; 4] {
        use core::arch::wasm32::u32x4_extract_lane;
        [
            u32x4_extract_lane::<0>(self),
            u32x4_extract_lane::<1>(self),
            u32x4_extract_lane::<2>(self),
            u32x4_extract_lane::<3>(self),
        ]
    }
    fn add(self, other: Self) -> Self {
        core::arch::wasm32::i32x4_add(self, other)
    }
    fn xor(self, other: Self) -> Self {
        core::arch::wasm32::v128_xor(self, other)
    }
    fn and(self, other: Self) -> Self {
        core::arch::wasm32::v128_and(self, other)
    }
    fn shr(self, bits: u32) -> Self {
        core::arch::wasm32::u32x4_shr(self, bits)
    }
    fn rotr(self, bits: u32) -> Self {
        use core::arch::wasm32::{i32x4_shl, u32x4_shr, v128_or};
        v128_or(u32x4_shr(self, bits), i32x4_shl(self, 32 - bits))
    }
    fn select(self, other: Self, mask: Self) -> Self {
        core::arch::wasm32::v128_bitselect(self, other, mask)
    }
}

/// SHA-256's compression of one 16-word block per lane into `state` (FIPS 180-4 §6.2.2).
#[inline(always)]
fn compress<L: Lanes>(state: &mut [L; 8], mut w: [L; 16]) {
    let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = *state;
    // b ⊕ c, which is the next round's a ⊕ b: the majority then costs three operations, not four.
    let mut b_xor_c = b.xor(c);
    for (t, k) in K.iter().enumerate() {
        let word = if t < 16 {
            w[t]
        } else {
            let (w15, w2) = (w[(t + 1) & 15], w[(t + 14) & 15]);
            let s0 = w15.rotr(7).xor(w15.rotr(18)).xor(w15.shr(3));
            let s1 = w2.rotr(17).xor(w2.rotr(19)).xor(w2.shr(10));
            let next = w[t & 15].add(s0).add(w[(t + 9) & 15]).add(s1);
            w[t & 15] = next;
            next
        };
        let big_s1 = e.rotr(6).xor(e.rotr(11)).xor(e.rotr(25));
        let choose = f.select(g, e);
        let t1 = h.add(big_s1).add(choose).add(L::splat(*k)).add(word);
        let big_s0 = a.rotr(2).xor(a.rotr(13)).xor(a.rotr(22));
        // The majority of a, b, c: b, unless b disagrees with both a and c.
        let a_xor_b = a.xor(b);
        let majority = b.xor(a_xor_b.and(b_xor_c));
        b_xor_c = a_xor_b;
        let t2 = big_s0.add(majority);
        h = g;
        g = f;
        f = e;
        e = d.add(t1);
        d = c;
        c = b;
        b = a;
        a = t1.add(t2);
    }
    for (word, added) in state.iter_mut().zip([a, b, c, d, e, f, g, h]) {
        *word = word.add(added);
    }
}

/// The challenge's HMAC key, hashed once: SHA-256's state after the inner (`key ⊕ ipad`) and the
/// outer (`key ⊕ opad`) block.
pub struct Keyed {
    inner: [u32; 8],
    outer: [u32; 8],
}

impl Keyed {
    pub fn new(key: &[u8]) -> Self {
        let mut block = [0u8; 64];
        if key.len() > block.len() {
            block[..32].copy_from_slice(&Sha256::digest(key));
        } else {
            block[..key.len()].copy_from_slice(key);
        }
        let state_after = |pad: u8| {
            let mut state = IV;
            compress256(&mut state, &[block.map(|byte| byte ^ pad)]);
            state
        };
        Self {
            inner: state_after(0x36),
            outer: state_after(0x5c),
        }
    }

    /// One HMAC of a message whose last block (the key's block before it) is `block`, per lane.
    #[inline(always)]
    fn mac<L: Lanes>(&self, block: [L; 16]) -> [L; 8] {
        let mut inner = self.inner.map(L::splat);
        compress(&mut inner, block);
        // The outer hash's one block: the inner digest, then padding for 64 + 32 bytes.
        let mut outer_block = [L::splat(0); 16];
        outer_block[..8].copy_from_slice(&inner);
        outer_block[8] = L::splat(0x8000_0000);
        outer_block[15] = L::splat((64 + 32) * 8);
        let mut outer = self.outer.map(L::splat);
        compress(&mut outer, outer_block);
        outer
    }

    /// The digests of four nonces (`m5` of [`super::digest`], as big-endian words), lane by lane.
    #[inline(always)]
    pub fn digests<L: Lanes>(&self, nonces: [u64; 4]) -> [[u32; 8]; 4] {
        // Round 0's message, the nonce in decimal and the byte 0, padded in one block per lane.
        let blocks = nonces.map(first_block);
        let first: [L; 16] =
            std::array::from_fn(|word| L::from_words(blocks.map(|block| block[word])));
        let mut message = self.mac(first);
        for round in 1..super::ROUNDS {
            // m ‖ [round]: 33 bytes after the key's block, padded.
            let mut block = [L::splat(0); 16];
            block[..8].copy_from_slice(&message);
            block[8] = L::splat(u32::from(round) << 24 | 0x80 << 16);
            block[15] = L::splat((64 + 33) * 8);
            message = self.mac(block);
        }
        let words = message.map(L::words);
        std::array::from_fn(|lane| words.map(|word| word[lane]))
    }
}

/// Round 0's block: `nonce` in decimal, the byte 0, then SHA-256's padding for a message that
/// follows the key's 64-byte block; as big-endian words.
fn first_block(nonce: u64) -> [u32; 16] {
    let mut bytes = [0u8; 64];
    let (digits, start) = super::decimal(nonce);
    let length = digits.len() - start;
    bytes[..length].copy_from_slice(&digits[start..]);
    // bytes[length] is the round's 0.
    bytes[length + 1] = 0x80;
    let bits = ((64 + length + 1) * 8) as u64;
    bytes[56..].copy_from_slice(&bits.to_be_bytes());
    std::array::from_fn(|word| {
        u32::from_be_bytes([
            bytes[word * 4],
            bytes[word * 4 + 1],
            bytes[word * 4 + 2],
            bytes[word * 4 + 3],
        ])
    })
}

/// A digest's bytes from its big-endian words.
pub fn bytes_of(words: &[u32; 8]) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    for (chunk, word) in bytes.chunks_exact_mut(4).zip(words) {
        chunk.copy_from_slice(&word.to_be_bytes());
    }
    bytes
}

/// The first nonce of `nonces` (four at a time; those past its end are computed and dropped)
/// whose digest has `difficulty` leading zero bits, with that digest.
pub fn solve<L: Lanes>(
    keyed: &Keyed,
    difficulty: u32,
    nonces: std::ops::Range<u64>,
) -> Option<(u64, [u8; 32])> {
    let mut next = nonces.start;
    while next < nonces.end {
        let batch = std::array::from_fn(|lane| next.saturating_add(lane as u64));
        let digests = keyed.digests::<L>(batch);
        for (nonce, digest) in batch.into_iter().zip(&digests) {
            if nonce >= nonces.end {
                return None;
            }
            let bytes = bytes_of(digest);
            if super::leading_zero_bits(&bytes) >= difficulty {
                return Some((nonce, bytes));
            }
        }
        next = next.saturating_add(4);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_key_blocks_are_hmacs_own() {
        // RFC 4231 test case 2 through the lanes: key "Jefe", message "what do ya want for nothing?".
        let keyed = Keyed::new(b"Jefe");
        let message = b"what do ya want for nothing?";
        let mut bytes = [0u8; 64];
        bytes[..message.len()].copy_from_slice(message);
        bytes[message.len()] = 0x80;
        bytes[56..].copy_from_slice(&(((64 + message.len()) * 8) as u64).to_be_bytes());
        let block: [[u32; 4]; 16] = std::array::from_fn(|word| {
            <[u32; 4]>::splat(u32::from_be_bytes(
                bytes[word * 4..word * 4 + 4].try_into().unwrap(),
            ))
        });
        let mac = keyed.mac(block).map(|lanes| lanes[0]);
        assert_eq!(
            hex::encode(bytes_of(&mac)),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn a_key_longer_than_a_block_is_hashed_first() {
        let key = "k".repeat(100);
        let digests = Keyed::new(key.as_bytes()).digests::<[u32; 4]>([0, 1, 2, 3]);
        for (nonce, digest) in (0..4).zip(&digests) {
            assert_eq!(bytes_of(digest), super::super::digest(&key, nonce));
        }
    }

    #[test]
    fn the_first_proof_is_the_smallest_nonce_and_the_range_end_holds() {
        let keyed = Keyed::new(b"tingshu");
        // The shared vectors: 4 bits first at 33, 8 bits at 46.
        assert_eq!(solve::<[u32; 4]>(&keyed, 4, 0..100_000).unwrap().0, 33);
        assert_eq!(solve::<[u32; 4]>(&keyed, 8, 0..100_000).unwrap().0, 46);
        assert_eq!(solve::<[u32; 4]>(&keyed, 8, 0..46), None);
        assert_eq!(solve::<[u32; 4]>(&keyed, 8, 0..47).unwrap().0, 46);
        assert_eq!(solve::<[u32; 4]>(&keyed, 8, 47..47), None);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn four_lanes_digest_as_one_nonce_does(challenge in ".{0,80}", nonce in any::<u64>()) {
            let keyed = Keyed::new(challenge.as_bytes());
            // Lanes of different decimal lengths in one batch, and the largest nonce.
            let nonces = [nonce, 9, 10, u64::MAX];
            let digests = keyed.digests::<[u32; 4]>(nonces);
            for (nonce, digest) in nonces.into_iter().zip(&digests) {
                prop_assert_eq!(bytes_of(digest), super::super::digest(&challenge, nonce));
            }
        }
    }
}
