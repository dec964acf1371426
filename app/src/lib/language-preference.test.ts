import { afterEach, describe, expect, it } from 'vitest';
import { localeRedirect } from '@/lib/core';
import { rememberSiteDefaultLanguage, siteDefaultLanguage } from './language-preference';

describe('the site default language', () => {
  afterEach(() => {
    delete document.documentElement.dataset.defaultLang;
  });

  // One sequence: the module keeps the language once told.
  it('comes from the bare root page, then from /api/site; core ignores a code not ours', () => {
    expect(siteDefaultLanguage()).toBeNull();
    document.documentElement.dataset.defaultLang = 'fr';
    expect(localeRedirect({ path: '/', browser: ['de'], fallback: siteDefaultLanguage() })).toBeNull();

    document.documentElement.dataset.defaultLang = 'ja';
    expect(siteDefaultLanguage()).toBe('ja');
    // A visitor stating nothing of ours goes where the site's default sends them.
    expect(localeRedirect({ path: '/', stored: null, browser: ['fr-FR'], fallback: siteDefaultLanguage() })).toBe(
      '/ja',
    );

    rememberSiteDefaultLanguage('en');
    expect(siteDefaultLanguage()).toBe('en');
  });
});
