// The error screen of spec §2/§8: content from core's `errorScreen`, hidden from bots (logged only).
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorScreen, isBot } from '@/lib/core';
import { localizeTarget, useLang } from '@/lib/lang';
import { ErrorIcon } from './error-icon';
import './error-screen.css';

interface ErrorScreenProps {
  statusCode: number | null;
  statusMessage: string | null;
  /** Clears the error that produced this screen (error boundaries pass it). */
  onReset?: () => void;
}

export function ErrorScreen({ statusCode, statusMessage, onReset }: ErrorScreenProps) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const navigate = useNavigate();
  const screen = errorScreen({ statusCode, statusMessage, lang });
  const bot = isBot({ userAgent: navigator.userAgent });
  const title = t('app.meta.titlePattern', { page: screen.title, product: t('app.meta.product') });

  useEffect(() => {
    if (bot) console.error(`[${screen.statusCode}] ${statusMessage ?? screen.message}`);
    else document.title = title;
  }, [bot, screen.statusCode, screen.message, statusMessage, title]);

  if (bot) return null;

  // Every button clears the error, then goes where core says: retry and "back to home" both go to
  // the home page of the current language (spec §2), login and upgrade to their pages.
  const follow = (to: string) => {
    onReset?.();
    navigate(to);
  };
  const { action } = screen;

  return (
    <section
      className={`error-screen error-screen--${screen.color}`}
      role="alert"
      aria-labelledby="error-screen-heading"
    >
      <ErrorIcon name={screen.icon} />
      <p className="error-screen__code">{screen.statusCode}</p>
      <h1 id="error-screen-heading" className="error-screen__heading">
        {screen.heading}
      </h1>
      <p className="error-screen__message">{screen.message}</p>
      <div className="error-screen__actions">
        <button type="button" className="button button--primary" onClick={() => follow(action.to)}>
          {action.label}
        </button>
        <button type="button" className="button button--ghost" onClick={() => follow(localizeTarget('/', lang))}>
          {t('app.error.backHome')}
        </button>
      </div>
    </section>
  );
}
