// The anti-crawler's part in every API exchange (spec §3, §4, §7): sends the pass an accepted proof
// earned and keeps a new one, and hands a new challenge code and any 429 to the proofs module
// (`@/lib/anti-crawler/proofs`), which answers a challenge with a proof and one retry. In every
// first load, so only this: the proofs module is fetched when needed, not before the page is in.

/** Spec §3: set in local storage, switches the anti-crawler off in development builds only. */
export const disableKey = 'disable-ac';
/** The pass of this tab's last accepted proof (session storage). */
export const passKey = 'ac-challenge-pass';
/** A new code's proof is not computed ahead before this long after the page started. */
export const precomputeAfterMs = 4000;

const loadProofs = () => import('@/lib/anti-crawler/proofs');

/** `disable-ac` is honoured in development builds only (`'false'` and `'0'` do not disable). */
export function antiCrawlerDisabled(): boolean {
  if (!import.meta.env.DEV) return false;
  try {
    const flag = window.localStorage.getItem(disableKey);
    return flag !== null && flag !== 'false' && flag !== '0';
  } catch {
    return false;
  }
}

let pass: string | null | undefined;

export function challengePass(): string | null {
  try {
    pass ??= window.sessionStorage.getItem(passKey);
  } catch {
    pass = null;
  }
  return pass;
}

export function keepPass(next: string | null): void {
  pass = next;
  try {
    if (next) window.sessionStorage.setItem(passKey, next);
    else window.sessionStorage.removeItem(passKey);
  } catch {
    // Storage refused: the pass lasts as long as this page.
  }
}

let lastCode: string | null = null;
const challenges = new WeakSet<Response>();

/** Whether this answer is a challenge, or the answer to one: never retried again. */
export const isChallenge = (response: Response) => challenges.has(response);

/** Sends with the pass; keeps a granted pass; a new code goes to the proofs module once the page is in. */
export async function sendWithPass(url: string, init: RequestInit, extra: Record<string, string> = {}) {
  const sent = challengePass();
  const response = await fetch(url, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), ...(sent ? { 'X-Challenge-Pass': sent } : {}), ...extra },
  });
  const granted = response.headers.get('X-Challenge-Pass');
  if (granted) keepPass(granted);
  const code = response.headers.get('X-Challenge-Code');
  if (code && code !== lastCode) {
    lastCode = code;
    window.setTimeout(
      () => void loadProofs().then((proofs) => proofs.noteCode(response), console.debug),
      Math.max(0, precomputeAfterMs - performance.now()),
    );
  }
  return { response, sent };
}

/**
 * `fetch` for the API: with the pass, noting the challenge headers; a 429 challenge is answered
 * once (a proof, one retry), whatever the method. Its answer, or the 429 when none could be made.
 */
export async function challengeFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const { response, sent } = await sendWithPass(url, init);
  if (response.status !== 429 || antiCrawlerDisabled()) return response;
  const answer = await loadProofs().then(
    (proofs) => proofs.answerChallenge(response, sent, (headers) => sendWithPass(url, init, headers)),
    console.warn,
  );
  if (!answer) return response;
  challenges.add(response).add(answer);
  return answer;
}
