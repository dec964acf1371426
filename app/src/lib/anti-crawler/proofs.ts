// The proof of work a challenge asks for (spec §3, §4, §9): a new code is noted in local storage
// and its proof computed ahead in the solver's worker, kept until used (the server accepts each
// proof once); a 429 challenge (its code at the top level or under `data`) is answered with a
// proof and one retry, one per code at a time: requests challenged meanwhile wait for it and go
// on with the pass it earned. Fetched by `@/lib/http/challenge` when first needed.
import { antiCrawlerDisabled, challengePass, keepPass } from '@/lib/http/challenge';
import { solveInWorker } from './solver';

/** Spec §3: the last challenge code seen (local storage). */
export const challengeCodeKey = 'ac-challenge-code';

/** A challenge code with the leading zero bits its proof's digest needs. */
export interface Challenge {
  code: string;
  difficulty: number;
}

/**
 * Nonces tried before giving up: a proof needs about 2^difficulty of them (8,192 at the default
 * 13), so this covers difficulties up to about 21 (a few seconds of solving) and stops there.
 */
export const maxIterations = 1 << 22;

interface Proof extends Challenge {
  /** The `X-Challenge-Proof` header: `code:nonce:digest`, or null when none was found. */
  header: Promise<string | null>;
}

let ahead: Proof | null = null;
const answering = new Map<string, Promise<Response>>();

/** Where a solve starts: somewhere new each time, so a second proof for one code is not the first again. */
function randomStart(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] * 1024;
}

function solve({ code, difficulty }: Challenge): Proof {
  const header = solveInWorker({ challenge: code, difficulty, maxIterations, startNonce: randomStart() }).then(
    (solution) => solution && `${code}:${solution.nonce}:${solution.digest}`,
    (error: unknown) => {
      console.warn('The proof of work could not be computed', error);
      return null;
    },
  );
  return { code, difficulty, header };
}

const fits = (proof: Proof | null, { code, difficulty }: Challenge): proof is Proof =>
  proof !== null && proof.code === code && proof.difficulty >= difficulty;

/** A new code: the proof kept for the old one is dropped and this one's computed now. */
export function precompute(challenge: Challenge): void {
  if (!fits(ahead, challenge)) ahead = solve(challenge);
}

/** The proof header for `challenge`, used up: the one computed ahead when it fits, else a new one. */
export function takeProof(challenge: Challenge): Promise<string | null> {
  const proof = fits(ahead, challenge) ? ahead : solve(challenge);
  ahead = null;
  return proof.header;
}

function storeCode(code: string): boolean {
  try {
    if (window.localStorage.getItem(challengeCodeKey) === code) return false;
    window.localStorage.setItem(challengeCodeKey, code);
  } catch {
    // Storage refused: every code counts as new.
  }
  return true;
}

/** An answer's `X-Challenge-Code`: when it is new, it is stored and its proof computed ahead. */
export function noteCode(response: Response): void {
  const code = response.headers.get('X-Challenge-Code');
  const difficulty = Number(response.headers.get('X-Challenge-Difficulty'));
  if (code && storeCode(code) && !antiCrawlerDisabled() && difficulty > 0) precompute({ code, difficulty });
}

/** The challenge of a 429 body: `challengeCode` (and `difficulty`) at the top level or under `data`. */
export function challengeOf(body: unknown, fallbackDifficulty: number): Challenge | null {
  const top = (body ?? {}) as { challengeCode?: unknown; difficulty?: unknown; data?: unknown };
  const inner = (top.data ?? {}) as typeof top;
  const source = typeof top.challengeCode === 'string' ? top : typeof inner.challengeCode === 'string' ? inner : null;
  if (!source) return null;
  return { code: String(source.challengeCode), difficulty: Number(source.difficulty ?? fallbackDifficulty) || 0 };
}

/**
 * Answers a 429 sent with the pass `sent`, through `retry` (which adds the pass kept by then): null
 * when it is no challenge (another 429, the client's usual retry applies); else the first request
 * challenged with a code retries with a proof, those challenged while it is out wait for its
 * answer and retry with the pass it earned, and the 429 itself stands when no proof was found.
 */
export async function answerChallenge(
  response: Response,
  sent: string | null,
  retry: (headers: Record<string, string>) => Promise<{ response: Response }>,
): Promise<Response | null> {
  const fallbackDifficulty = Number(response.headers.get('X-Challenge-Difficulty'));
  const challenge = challengeOf(
    await response
      .clone()
      .json()
      .catch(() => null),
    fallbackDifficulty,
  );
  if (!challenge) return null;
  // The pass sent is spent or expired (unless another request already earned a new one).
  if (sent && sent === challengePass()) keepPass(null);
  storeCode(challenge.code);
  const earlier = answering.get(challenge.code);
  if (earlier) {
    await earlier.catch(() => null);
    return (await retry({})).response;
  }
  const answer = takeProof(challenge).then(async (proof) =>
    proof ? (await retry({ 'X-Challenge-Proof': proof })).response : response,
  );
  answering.set(challenge.code, answer);
  try {
    return await answer;
  } finally {
    answering.delete(challenge.code);
  }
}
