// The narrow screen's header menu: a button that opens the main navigation and the language picker
// in a panel under the header (a disclosure) over a backdrop that dims the page. Escape, a tap on
// the backdrop (which keeps the tap from reaching the page), a click outside, choosing a page or
// moving to another page closes it; on wide screens the stylesheet hides it (the navigation is
// inline there).
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/language-switcher/language-switcher';
import { MainNav } from './main-nav';

export function SiteMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // Opened on this path: reaching another page (a link, the history buttons) closes it by itself.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      if (root.current?.contains(document.activeElement)) button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const label = t('app.nav.menu');
  return (
    <div className="site-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="site-menu__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d={open ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
      {open && (
        // A pointer's way out; the keyboard's is Escape (above), so the backdrop is not focusable.
        <div className="site-menu__backdrop" data-testid="site-menu-backdrop" onClick={() => setOpenOn(null)} />
      )}
      {/* Filled only while open: closed, it is hidden on every screen, and a second navigation and
          language picker would only lengthen every page's first render. */}
      <div id={panelId} className="site-menu__panel" hidden={!open}>
        {open && (
          <>
            <MainNav className="site-menu__nav" onNavigate={() => setOpenOn(null)} />
            <div className="site-menu__language">
              <LanguageSwitcher showLabel />
            </div>
          </>
        )}
      </div>
    </div>
  );
}
