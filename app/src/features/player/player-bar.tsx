// The mini player at the bottom of every layout with a page chrome, expandable into the full player.
// Fetched when something first plays (`PlayerSlot`), so the first load carries none of it.
import { useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Cover } from '@/components/catalog/book-card';
import { LocalizedLink } from '@/components/localized-link/localized-link';
import { Tooltip, TooltipProvider } from '@/components/tooltip/tooltip';
import { formatDuration, formatNumber } from '@/lib/core';
import { useLang } from '@/lib/lang';
import { pathTo } from '@/lib/paths';
import { AccessNotice } from './access-notice';
import { playerRegionAttribute, usePlayerController, usePlayerState } from './player-context';
import { playerShown, rates, skipSecs, sleepChoices } from './player-controller';
import {
  CloseIcon,
  CollapseIcon,
  ExpandIcon,
  NextIcon,
  PauseIcon,
  PlayIcon,
  PreviousIcon,
  SkipBackIcon,
  SkipForwardIcon,
} from './player-icons';
import { useBarHeight } from './use-bar-height';
import { useKeyboardHints } from './use-keyboard-hints';
import './player.css';

export function PlayerBar() {
  const { t } = useTranslation();
  const controller = usePlayerController();
  const state = usePlayerState();
  const { lang } = useLang();
  const keyboardHints = useKeyboardHints();
  const sleepId = useId();
  const rateId = useId();
  const barRef = useBarHeight();
  const { chapter, status, playing, currentTime, duration, buffered, rate, sleep, expanded } = state;
  if (!playerShown(state)) return null;

  const ready = status === 'ready';
  const total = duration || chapter?.durationSecs || 0;
  const seekStyle = {
    '--played': `${total ? (currentTime / total) * 100 : 0}%`,
    '--buffered': `${total ? (Math.min(buffered, total) / total) * 100 : 0}%`,
  } as CSSProperties;
  const sleepValue = sleep === null ? '' : sleep.mode === 'chapterEnd' ? 'chapterEnd' : String(sleep.minutes);
  const sleepText =
    sleep === null
      ? null
      : sleep.mode === 'chapterEnd'
        ? t('app.player.sleep.atChapterEnd', { time: formatDuration({ seconds: Math.max(0, total - currentTime) }) })
        : t('app.player.sleep.remaining', { time: formatDuration({ seconds: sleep.remainingSecs }) });
  // The skip buttons show the seconds, and their names say them in the same figures (label in name).
  const skipText = formatNumber({ value: skipSecs, lang });
  // The icon buttons' names, each also shown as the button's tooltip.
  const playLabel = playing ? t('app.player.pause') : t('app.player.play');
  const expandLabel = expanded ? t('app.player.collapse') : t('app.player.expand');
  const closeLabel = t('app.player.close');
  const previousLabel = t('app.player.previous');
  const skipBackLabel = t('app.player.skipBack', { seconds: skipText });
  const skipForwardLabel = t('app.player.skipForward', { seconds: skipText });
  const nextLabel = t('app.player.next');

  // One provider for the bar's controls: once one tooltip showed, the next shows at once.
  return (
    <TooltipProvider>
      <section
        ref={barRef}
        className={`player-bar${expanded ? ' player-bar--expanded' : ''}`}
        aria-label={t('app.player.label')}
        data-testid="player"
        data-status={status}
        {...{ [playerRegionAttribute]: '' }}
      >
        <div className="player-bar__main">
          {chapter && <Cover book={chapter.book} size="sm" />}
          <div className="player-bar__info">
            {chapter ? (
              <>
                <LocalizedLink
                  className="player-bar__title"
                  to={pathTo('chapter', { id: chapter.bookId, chapterId: chapter.id })}
                >
                  {chapter.title}
                </LocalizedLink>
                <span className="player-bar__book">{chapter.book.title}</span>
              </>
            ) : (
              <span className="player-bar__title">{t('app.player.loading')}</span>
            )}
          </div>
          <Tooltip label={playLabel}>
            <button
              type="button"
              className="player-button player-button--play"
              data-testid="player-play"
              onClick={() => controller.toggle()}
              disabled={!ready}
              aria-label={playLabel}
            >
              {playing ? <PauseIcon /> : <PlayIcon />}
            </button>
          </Tooltip>
          <span className="player-bar__time" data-testid="player-time" aria-live="off">
            {formatDuration({ seconds: currentTime })}
          </span>
          <span className="player-bar__duration">/ {formatDuration({ seconds: total })}</span>
          <Tooltip label={expandLabel}>
            <button
              type="button"
              className="player-button"
              aria-expanded={expanded}
              onClick={() => controller.setExpanded(!expanded)}
              aria-label={expandLabel}
            >
              {expanded ? <CollapseIcon /> : <ExpandIcon />}
            </button>
          </Tooltip>
          <Tooltip label={closeLabel}>
            <button
              type="button"
              className="player-button"
              data-testid="player-close"
              onClick={() => controller.close()}
              aria-label={closeLabel}
            >
              <CloseIcon />
            </button>
          </Tooltip>
        </div>

        {status === 'blocked' && chapter?.access && <AccessNotice kind={chapter.access.kind} bookId={chapter.bookId} />}
        {status === 'error' && (
          <p className="player-bar__error" role="alert">
            {t('app.player.error')}
          </p>
        )}

        {ready && (
          <input
            className="player-seek"
            type="range"
            min={0}
            max={total || 0}
            step={1}
            value={Math.min(currentTime, total || currentTime)}
            onChange={(event) => controller.seek(Number(event.target.value))}
            aria-label={t('app.player.seek')}
            aria-valuetext={`${formatDuration({ seconds: currentTime })} / ${formatDuration({ seconds: total })}`}
            style={seekStyle}
          />
        )}

        {expanded && (
          <div className="player-full">
            <div className="player-full__controls">
              <Tooltip label={previousLabel}>
                <button
                  type="button"
                  className="player-button"
                  onClick={() => controller.previous()}
                  disabled={!chapter?.prevId}
                  aria-label={previousLabel}
                >
                  <PreviousIcon />
                </button>
              </Tooltip>
              <Tooltip label={skipBackLabel}>
                <button
                  type="button"
                  className="player-button player-button--skip"
                  data-testid="player-skip-back"
                  onClick={() => controller.skip(-skipSecs)}
                  disabled={!ready}
                  aria-label={skipBackLabel}
                >
                  <SkipBackIcon />
                  <span className="player-button__seconds">{skipText}</span>
                </button>
              </Tooltip>
              <Tooltip label={skipForwardLabel}>
                <button
                  type="button"
                  className="player-button player-button--skip"
                  data-testid="player-skip-forward"
                  onClick={() => controller.skip(skipSecs)}
                  disabled={!ready}
                  aria-label={skipForwardLabel}
                >
                  <SkipForwardIcon />
                  <span className="player-button__seconds">{skipText}</span>
                </button>
              </Tooltip>
              <Tooltip label={nextLabel}>
                <button
                  type="button"
                  className="player-button"
                  onClick={() => controller.next()}
                  disabled={!chapter?.nextId}
                  aria-label={nextLabel}
                >
                  <NextIcon />
                </button>
              </Tooltip>
            </div>
            <div className="player-full__options">
              <label htmlFor={rateId}>{t('app.player.speed')}</label>
              <select
                id={rateId}
                value={String(rate)}
                onChange={(event) => controller.setRate(Number(event.target.value))}
              >
                {(rates.includes(rate) ? rates : [...rates, rate].sort((a, b) => a - b)).map((value) => (
                  <option key={value} value={String(value)}>
                    {value}×
                  </option>
                ))}
              </select>
              <label htmlFor={sleepId}>{t('app.player.sleep.label')}</label>
              <select
                id={sleepId}
                value={sleepValue}
                onChange={(event) => {
                  const value = event.target.value;
                  controller.setSleep(value === '' ? null : value === 'chapterEnd' ? 'chapterEnd' : Number(value));
                }}
              >
                <option value="">{t('app.player.sleep.off')}</option>
                {sleepChoices.map((minutes) => (
                  <option key={minutes} value={String(minutes)}>
                    {t('app.player.sleep.minutes', { count: minutes })}
                  </option>
                ))}
                <option value="chapterEnd">{t('app.player.sleep.chapterEnd')}</option>
              </select>
              {sleepText && (
                <span className="player-full__sleep" role="timer" data-testid="player-sleep">
                  {sleepText}
                </span>
              )}
            </div>
            {keyboardHints && (
              <p className="player-full__hint" data-testid="player-shortcuts">
                {t('app.player.shortcuts')}
              </p>
            )}
          </div>
        )}
      </section>
    </TooltipProvider>
  );
}
