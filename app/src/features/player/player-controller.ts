// The one player: owns the app's single <audio> element, the chapter on it, speed, sleep timer,
// Media Session and progress sync (server every 10 s while playing, on pause, on chapter end and
// on page hide by sendBeacon; newest timestamp wins by core's `progressWins`; saves made offline
// wait in a queue). Downloaded chapters also play with no server (`playDownload`). The chapter on
// it is remembered per listener and comes back, paused, at the next start (`restore`). A chapter's
// first start of playing after it is put on the player (or replayed after its end) is noted as a
// play event (`lib/behavior-events`).
import type { ChapterDetail } from '@/lib/api/types';
import { noteEvent } from '@/lib/behavior-events';
import { catalogApi, libraryApi } from '@/lib/catalog-api';
import { authStore } from '@/features/auth/auth-store';
import { clampPlaybackRate, progressWins, sleepTimerRemaining } from '@/lib/core';
import { ApiError, apiUrl } from '@/lib/http';
import { forgetChapter, handOverChapter, lastChapter, rememberChapter, type ChapterSource } from './last-chapter';
import { downloadedChapter, isOfflineFailure } from './offline';
import { queueProgress, replayProgress } from './progress-queue';

export const skipSecs = 15;
export const saveEveryMs = 10_000;
export const rateKey = 'player.rate';
export const rates = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3];
export const sleepChoices = [15, 30, 60] as const;
const localKey = (chapterId: number) => `player.progress.${chapterId}`;

/**
 * What the player shows and plays of a chapter. The server's `ChapterDetail` is one; a download's
 * stored record makes another when the chapter plays with no server (no access, author or cover).
 */
export type PlayerChapter = Pick<
  ChapterDetail,
  'id' | 'bookId' | 'title' | 'durationSecs' | 'prevId' | 'nextId' | 'audio'
> &
  Partial<Pick<ChapterDetail, 'access' | 'progress'>> & {
    book: Pick<ChapterDetail['book'], 'title' | 'coverUrl'> & Partial<Pick<ChapterDetail['book'], 'author'>>;
  };

export type SleepState =
  null | { mode: 'timer'; minutes: number; endsAt: number; remainingSecs: number } | { mode: 'chapterEnd' };

export interface PlayerState {
  chapter: PlayerChapter | null;
  status: 'idle' | 'loading' | 'ready' | 'blocked' | 'error';
  playing: boolean;
  currentTime: number;
  duration: number;
  /** End (s) of the buffered range around the current time. */
  buffered: number;
  rate: number;
  sleep: SleepState;
  expanded: boolean;
}

/** Whether the mini player shows: something is loaded, loading or failed. */
export function playerShown({ chapter, status }: Pick<PlayerState, 'chapter' | 'status'>): boolean {
  return status !== 'idle' && (chapter !== null || status === 'error' || status === 'loading');
}

interface LocalProgress {
  positionSecs: number;
  durationSecs: number;
  completed: boolean;
  updatedAt: number;
}

export interface LoadOptions {
  autoplay?: boolean;
  /** Start here instead of the saved position. */
  startAt?: number;
}

function readRate(): number {
  let stored: number | null;
  try {
    const raw = window.localStorage.getItem(rateKey);
    stored = raw === null ? null : Number(raw);
  } catch {
    stored = null;
  }
  return clampPlaybackRate({ rate: stored });
}

function readLocal(chapterId: number): LocalProgress | null {
  try {
    const raw = window.localStorage.getItem(localKey(chapterId));
    return raw ? (JSON.parse(raw) as LocalProgress) : null;
  } catch {
    return null;
  }
}

function signedInToken(): string | null {
  return authStore.currentUser ? (authStore.getSnapshot().tokens?.accessToken ?? null) : null;
}

/** Whose player this is: the signed-in listener, or null for a guest. */
const listenerId = (): number | null => authStore.currentUser?.id ?? null;

function mediaSession(): MediaSession | undefined {
  return typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
}

/**
 * A chapter from the server; with no network, its download when one may play. Null otherwise, and
 * `gone` when the server says there is no such chapter (any more).
 */
async function fetchChapter(chapterId: number): Promise<PlayerChapter | null | 'gone'> {
  try {
    return await catalogApi.chapter(chapterId);
  } catch (error) {
    const download = isOfflineFailure(error) ? await downloadedChapter(chapterId) : null;
    if (download) return download;
    console.warn('Could not load the chapter', error);
    return error instanceof ApiError && error.statusCode === 404 ? 'gone' : null;
  }
}

/** Nothing on the player (the speed is the listener's and stays). */
const idle: Omit<PlayerState, 'rate'> = {
  chapter: null,
  status: 'idle',
  playing: false,
  currentTime: 0,
  duration: 0,
  buffered: 0,
  sleep: null,
  expanded: false,
};

export class PlayerController {
  private state: PlayerState = { ...idle, rate: 1 };
  private readonly listeners = new Set<() => void>();
  private audio: HTMLAudioElement | null = null;
  private detach: (() => void) | null = null;
  private loadToken = 0;
  private saveTimer: ReturnType<typeof setInterval> | null = null;
  private sleepTimer: ReturnType<typeof setInterval> | null = null;
  private lastBeaconAt = 0;
  /** Where the chapter on the player came from, for the next start to ask the same place. */
  private source: ChapterSource = 'server';
  /** The page's language changed while a chapter was loading: its words are asked again once shown. */
  private detailsStale = false;
  /** The chapter on the element has started playing since it was put there (its play event is noted). */
  private playNoted = false;

  /** `onProgressSaved`: the server took a position (`finished`: the chapter's end), for caches to catch up. */
  constructor(private readonly onProgressSaved: (finished: boolean) => void = () => {}) {
    this.state.rate = readRate();
  }

  getSnapshot = (): PlayerState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<PlayerState>): void {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((listener) => listener());
  }

  get element(): HTMLAudioElement | null {
    return this.audio;
  }

  // --- the element ------------------------------------------------------------------------

  attach(audio: HTMLAudioElement): void {
    if (this.audio === audio) return;
    this.detach?.();
    this.audio = audio;
    audio.playbackRate = this.state.rate;
    const on = <K extends keyof HTMLMediaElementEventMap>(type: K, handler: () => void) => {
      audio.addEventListener(type, handler);
      return () => audio.removeEventListener(type, handler);
    };
    const offs = [
      on('play', () => {
        this.set({ playing: true });
        this.notePlay(audio);
        this.startSaving();
        this.updatePositionState();
      }),
      on('pause', () => {
        this.set({ playing: false });
        this.stopSaving();
        // The end of a chapter also pauses; `ended` saves that one as completed.
        if (!audio.ended) this.save(false);
        this.updatePositionState();
      }),
      on('ended', () => this.onEnded()),
      on('timeupdate', () => {
        this.set({ currentTime: audio.currentTime, buffered: this.bufferedEnd() });
        this.updatePositionState();
      }),
      on('progress', () => this.set({ buffered: this.bufferedEnd() })),
      on('durationchange', () => {
        if (Number.isFinite(audio.duration) && audio.duration > 0) this.set({ duration: audio.duration });
        this.updatePositionState();
      }),
      on('loadedmetadata', () => {
        if (Number.isFinite(audio.duration) && audio.duration > 0) this.set({ duration: audio.duration });
        if (this.state.currentTime > 0 && Math.abs(audio.currentTime - this.state.currentTime) > 1) {
          audio.currentTime = this.state.currentTime;
        }
        this.updatePositionState();
      }),
      on('seeked', () => this.updatePositionState()),
      on('ratechange', () => {
        if (audio.playbackRate !== this.state.rate) audio.playbackRate = this.state.rate;
      }),
      on('error', () => {
        if (this.state.chapter && this.state.status === 'ready' && audio.getAttribute('src'))
          this.set({ status: 'error', playing: false });
      }),
    ];
    const onHide = () => {
      if (document.visibilityState === 'hidden') this.beacon();
    };
    const onPageHide = () => this.beacon();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    this.setupMediaSession();
    this.detach = () => {
      offs.forEach((off) => off());
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
    };
  }

  release(audio: HTMLAudioElement): void {
    if (this.audio !== audio) return;
    this.detach?.();
    this.detach = null;
    this.audio = null;
    this.stopSaving();
    this.stopSleepTicker();
  }

  private bufferedEnd(): number {
    const audio = this.audio;
    if (!audio?.buffered) return 0;
    const ranges = audio.buffered;
    for (let i = 0; i < ranges.length; i += 1) {
      if (ranges.start(i) <= audio.currentTime + 0.5 && audio.currentTime <= ranges.end(i)) return ranges.end(i);
    }
    return 0;
  }

  // --- loading ----------------------------------------------------------------------------

  /** Loads a chapter from the server; with no network, a downloaded chapter still plays. */
  async load(chapterId: number, options: LoadOptions = {}): Promise<void> {
    const token = this.beginLoad();
    const chapter = await fetchChapter(chapterId);
    if (!chapter || chapter === 'gone') {
      if (token === this.loadToken) this.set({ status: 'error', playing: false });
      return;
    }
    await this.present(token, chapter, options, 'server');
  }

  /**
   * Plays a downloaded chapter from its stored record, asking the server nothing: the service
   * worker answers its audio from the downloads. An error when it is not (or no longer) playable.
   */
  async playDownload(chapterId: number, options: LoadOptions = {}): Promise<void> {
    const token = this.beginLoad();
    const chapter = await downloadedChapter(chapterId);
    if (!chapter) {
      if (token === this.loadToken) this.set({ status: 'error', playing: false });
      return;
    }
    await this.present(token, chapter, options, 'download');
  }

  /**
   * Start-up: the listener's last chapter back on the mini player at once, then asked again (its
   * download first when it played from one, else the server, as `load`) and put on the element
   * paused at its saved position (newest wins, as for any load). Nothing autoplays. When it cannot
   * be had now, the player stays hidden, quietly, and the next start tries again; a chapter the
   * server no longer has is forgotten. Does nothing once something else is loading or playing.
   */
  async restore(userId: number | null): Promise<void> {
    const last = this.state.status === 'idle' ? lastChapter(userId) : null;
    if (!last) return;
    const token = ++this.loadToken;
    this.set({
      chapter: { ...last.chapter, audio: null },
      status: 'loading',
      currentTime: last.positionSecs,
      duration: last.chapter.durationSecs,
      buffered: 0,
    });
    const download = last.source === 'download' ? await downloadedChapter(last.chapter.id) : null;
    const chapter = download ?? (await fetchChapter(last.chapter.id));
    if (token !== this.loadToken) return;
    if (chapter === 'gone') forgetChapter(userId);
    if (!chapter || chapter === 'gone') return this.set({ chapter: null, status: 'idle', currentTime: 0, duration: 0 });
    await this.present(token, chapter, {}, download ? 'download' : 'server');
  }

  /**
   * Asks the server again for the chapter on the player and takes its words and cover (titles in
   * the page's language after a switch; the cover a download could not give, once back online),
   * leaving what plays and where untouched. Quietly nothing when the server cannot be reached.
   */
  async refreshDetails(): Promise<void> {
    const { chapter: shown, status } = this.state;
    if (!shown || status === 'idle' || status === 'error') return;
    if (status === 'loading') {
      this.detailsStale = true;
      return;
    }
    const token = this.loadToken;
    let fresh: ChapterDetail;
    try {
      fresh = await catalogApi.chapter(shown.id);
    } catch (error) {
      console.warn('Could not refresh the chapter on the player', error);
      return;
    }
    const current = this.state.chapter;
    if (token !== this.loadToken || !current || current.id !== shown.id) return;
    // The words and the cover only: the neighbours and audio stay those of what plays (a download's).
    const chapter: PlayerChapter = { ...current, title: fresh.title, book: { ...current.book, ...fresh.book } };
    this.set({ chapter });
    if (this.state.status === 'ready') rememberChapter(listenerId(), chapter, this.state.currentTime, this.source);
    this.updateMediaSession();
  }

  /** Back online: waiting saves go out, and a cover missing (from a download) is asked for again. */
  onOnline(): void {
    this.replayQueuedProgress();
    if (this.state.chapter && !this.state.chapter.book.coverUrl) void this.refreshDetails();
  }

  private beginLoad(): number {
    const token = ++this.loadToken;
    if (this.state.playing) this.audio?.pause();
    this.set({ status: 'loading' });
    return token;
  }

  /** Puts a loaded chapter on the element at its resume position (unless a newer load began). */
  private async present(
    token: number,
    chapter: PlayerChapter,
    options: LoadOptions,
    source: ChapterSource,
  ): Promise<void> {
    if (token !== this.loadToken) return;
    const audio = this.audio;
    if (!chapter.audio) {
      audio?.removeAttribute('src');
      this.set({
        chapter,
        status: 'blocked',
        playing: false,
        currentTime: 0,
        duration: chapter.durationSecs,
        buffered: 0,
      });
      this.updateMediaSession();
      return;
    }
    const position = options.startAt ?? (await this.resumePosition(chapter));
    if (token !== this.loadToken) return;
    this.source = source;
    this.playNoted = false;
    this.set({ chapter, status: 'ready', currentTime: position, duration: chapter.durationSecs, buffered: 0 });
    rememberChapter(listenerId(), chapter, position, source);
    if (audio) {
      audio.src = apiUrl(chapter.audio.url);
      audio.playbackRate = this.state.rate;
      try {
        audio.currentTime = position;
      } catch {
        // Applied on loadedmetadata instead.
      }
    }
    this.updateMediaSession();
    this.updatePositionState();
    if (this.detailsStale) {
      this.detailsStale = false;
      void this.refreshDetails();
    }
    if (options.autoplay) await this.play();
  }

  /** The saved position of a chapter: local and server rows merged, the newest winning (core). */
  private async resumePosition(chapter: PlayerChapter): Promise<number> {
    let best: LocalProgress | null = readLocal(chapter.id);
    // Offline, the local copy is all there is (the server's would only fail).
    if (signedInToken() && navigator.onLine !== false) {
      try {
        const rows = (await libraryApi.progress(chapter.bookId)).items;
        const server = rows.find((row) => row.chapterId === chapter.id);
        if (server && progressWins({ storedUpdatedAt: best?.updatedAt ?? null, incomingUpdatedAt: server.updatedAt }))
          best = server;
      } catch (error) {
        console.warn('Could not load the saved progress', error);
      }
    }
    if (!best && chapter.progress) best = { ...chapter.progress, durationSecs: chapter.durationSecs, updatedAt: 0 };
    if (!best || best.completed) return 0;
    const duration = chapter.durationSecs || best.durationSecs;
    return duration && best.positionSecs >= duration - 1 ? 0 : Math.max(0, best.positionSecs);
  }

  // --- controls ---------------------------------------------------------------------------

  async play(): Promise<void> {
    const audio = this.audio;
    if (!audio || this.state.status !== 'ready') return;
    try {
      await audio.play();
    } catch (error) {
      console.warn('Playback did not start', error);
      this.set({ playing: false });
    }
  }

  pause(): void {
    this.audio?.pause();
  }

  toggle(): void {
    if (this.state.playing) this.pause();
    else void this.play();
  }

  seek(seconds: number): void {
    const audio = this.audio;
    if (!audio || this.state.status !== 'ready') return;
    const duration = this.state.duration || audio.duration || 0;
    const target = Math.max(0, duration > 0 ? Math.min(duration, seconds) : seconds);
    audio.currentTime = target;
    this.set({ currentTime: target });
    this.updatePositionState();
  }

  skip(delta: number): void {
    this.seek((this.audio?.currentTime ?? this.state.currentTime) + delta);
  }

  setRate(rate: number): void {
    const clamped = clampPlaybackRate({ rate });
    try {
      window.localStorage.setItem(rateKey, String(clamped));
    } catch {
      // Not remembered, still applied.
    }
    this.set({ rate: clamped });
    if (this.audio) this.audio.playbackRate = clamped;
    this.updatePositionState();
  }

  previous(): void {
    const id = this.state.chapter?.prevId;
    if (id) void this.load(id, { autoplay: this.state.playing, startAt: 0 });
  }

  next(autoplay = this.state.playing): void {
    const id = this.state.chapter?.nextId;
    if (id) void this.load(id, { autoplay, startAt: 0 });
  }

  setExpanded(expanded: boolean): void {
    this.set({ expanded });
  }

  /**
   * Closes the player: the position saved first, the element emptied, the lock screen cleared, and
   * the chapter forgotten, so the next start shows no player.
   */
  close(): void {
    this.loadToken += 1; // a load under way lands nowhere
    this.save(false);
    forgetChapter(listenerId());
    this.stopSaving();
    this.stopSleepTicker();
    // Idle before the element pauses, so its `pause` event saves nothing a second time.
    this.set(idle);
    const audio = this.audio;
    if (audio) {
      if (!audio.paused) audio.pause();
      audio.removeAttribute('src');
      audio.load();
    }
    const session = mediaSession();
    if (session) {
      session.metadata = null;
      try {
        session.setPositionState?.();
      } catch {
        // Nothing to clear in this browser.
      }
    }
  }

  // --- sleep timer ------------------------------------------------------------------------

  setSleep(choice: number | 'chapterEnd' | null): void {
    this.stopSleepTicker();
    if (choice === null) return this.set({ sleep: null });
    if (choice === 'chapterEnd') return this.set({ sleep: { mode: 'chapterEnd' } });
    const endsAt = Date.now() + choice * 60_000;
    this.set({ sleep: { mode: 'timer', minutes: choice, endsAt, remainingSecs: choice * 60 } });
    this.sleepTimer = setInterval(() => this.tickSleep(), 1000);
  }

  private tickSleep(): void {
    const sleep = this.state.sleep;
    if (!sleep || sleep.mode !== 'timer') return this.stopSleepTicker();
    const timer = sleepTimerRemaining({ endsAt: sleep.endsAt, nowMs: Date.now() });
    if (timer.kind === 'running') this.set({ sleep: { ...sleep, remainingSecs: timer.remainingSecs } });
    else {
      this.stopSleepTicker();
      this.set({ sleep: null });
      if (timer.kind === 'elapsed') this.pause();
    }
  }

  private stopSleepTicker(): void {
    if (this.sleepTimer) clearInterval(this.sleepTimer);
    this.sleepTimer = null;
  }

  /** The play event, once per chapter put on the player: where it starts, and how long it is when known. */
  private notePlay(audio: HTMLAudioElement): void {
    const chapter = this.state.chapter;
    if (this.playNoted || !chapter || this.state.status !== 'ready') return;
    this.playNoted = true;
    const measured = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : null;
    noteEvent({
      kind: 'play',
      bookId: chapter.bookId,
      chapterId: chapter.id,
      position: audio.currentTime,
      duration: chapter.durationSecs > 0 ? chapter.durationSecs : measured,
    });
  }

  private onEnded(): void {
    this.set({ playing: false });
    // Played again from its end, the chapter starts anew.
    this.playNoted = false;
    this.stopSaving();
    this.save(true);
    if (this.state.sleep?.mode === 'chapterEnd') {
      this.set({ sleep: null });
      return;
    }
    if (this.state.chapter?.nextId) this.next(true);
  }

  // --- progress ---------------------------------------------------------------------------

  private startSaving(): void {
    this.stopSaving();
    this.saveTimer = setInterval(() => this.save(false), saveEveryMs);
  }

  private stopSaving(): void {
    if (this.saveTimer) clearInterval(this.saveTimer);
    this.saveTimer = null;
  }

  private currentRow(completed: boolean): LocalProgress | null {
    const { chapter, status } = this.state;
    if (!chapter || status !== 'ready') return null;
    const audio = this.audio;
    const duration =
      audio && Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : chapter.durationSecs;
    const positionSecs = completed ? duration : (audio?.currentTime ?? this.state.currentTime);
    const row = { positionSecs, durationSecs: duration, completed, updatedAt: Date.now() };
    try {
      window.localStorage.setItem(localKey(chapter.id), JSON.stringify(row));
    } catch {
      // Local copy is a convenience only.
    }
    rememberChapter(listenerId(), chapter, positionSecs, this.source);
    return row;
  }

  /**
   * Saves the position locally and, for a signed-in listener, on the server; offline, the save
   * waits in the queue (`replayQueuedProgress`).
   */
  save(completed: boolean): void {
    const chapterId = this.state.chapter?.id;
    const row = this.currentRow(completed);
    const userId = authStore.currentUser?.id;
    if (!row || chapterId === undefined || userId === undefined || !signedInToken()) return;
    const queue = () => queueProgress({ userId, chapterId, body: row });
    if (navigator.onLine === false) return queue();
    libraryApi.saveProgress(chapterId, row).then(
      () => this.onProgressSaved(completed),
      (error: unknown) => {
        if (isOfflineFailure(error)) queue();
        else console.warn('Could not save the progress', error);
      },
    );
  }

  /**
   * A guest signed up or in: the chapter they listened to and its position become the account's,
   * so a reload shows the mini player again and the position reaches the server (and the history)
   * as a waiting save, with the time it was taken.
   */
  takeOverGuest(userId: number): void {
    const taken = handOverChapter(userId);
    if (!taken) return;
    const { chapter, positionSecs } = taken;
    const body = readLocal(chapter.id) ?? {
      positionSecs,
      durationSecs: chapter.durationSecs,
      completed: false,
      updatedAt: Date.now(),
    };
    queueProgress({ userId, chapterId: chapter.id, body });
    this.replayQueuedProgress();
  }

  /** Sends the saves made offline, each with its own time (at start-up, sign-in and back online). */
  replayQueuedProgress(): void {
    const userId = authStore.currentUser?.id;
    if (userId === undefined || navigator.onLine === false) return;
    void replayProgress(userId, libraryApi.saveProgress).then((taken) => {
      if (taken > 0) this.onProgressSaved(false);
    });
  }

  /** Page hide: the position by `sendBeacon` (no headers possible, so the token rides in the query). */
  beacon(): void {
    const chapterId = this.state.chapter?.id;
    if (chapterId === undefined || Date.now() - this.lastBeaconAt < 500) return;
    const row = this.currentRow(false);
    const token = signedInToken();
    const userId = authStore.currentUser?.id;
    if (!row || !token || userId === undefined) return;
    this.lastBeaconAt = Date.now();
    // A beacon sent offline is lost: the position waits in the queue instead.
    if (navigator.onLine === false) return queueProgress({ userId, chapterId, body: row });
    if (typeof navigator.sendBeacon !== 'function') return;
    navigator.sendBeacon(
      `${apiUrl(`/api/me/progress/${chapterId}`)}?token=${encodeURIComponent(token)}`,
      JSON.stringify(row),
    );
  }

  // --- Media Session ----------------------------------------------------------------------

  private setupMediaSession(): void {
    const session = mediaSession();
    if (!session) return;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => void this.play()],
      ['pause', () => this.pause()],
      ['seekbackward', (details) => this.skip(-(details.seekOffset ?? skipSecs))],
      ['seekforward', (details) => this.skip(details.seekOffset ?? skipSecs)],
      ['previoustrack', () => this.previous()],
      ['nexttrack', () => this.next()],
      ['seekto', (details) => details.seekTime !== undefined && this.seek(details.seekTime)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    }
  }

  private updateMediaSession(): void {
    const session = mediaSession();
    const chapter = this.state.chapter;
    if (!session || !chapter || typeof MediaMetadata === 'undefined') return;
    session.metadata = new MediaMetadata({
      title: chapter.title,
      artist: chapter.book.author?.name ?? '',
      album: chapter.book.title,
      artwork: chapter.book.coverUrl ? [{ src: chapter.book.coverUrl }] : [],
    });
  }

  /**
   * The lock screen's position: duration, rate and position, on load, seek, rate change and as
   * playback advances. Only with a finite duration (the browser refuses anything else).
   */
  private updatePositionState(): void {
    const session = mediaSession();
    const audio = this.audio;
    if (!session || typeof session.setPositionState !== 'function' || this.state.status !== 'ready') return;
    const duration =
      audio && Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : this.state.duration;
    if (!Number.isFinite(duration) || duration <= 0) return;
    const position = Math.min(duration, Math.max(0, this.state.currentTime));
    try {
      session.setPositionState({ duration, playbackRate: this.state.rate, position });
    } catch (error) {
      console.warn('Could not show the position on the lock screen', error);
    }
  }
}
