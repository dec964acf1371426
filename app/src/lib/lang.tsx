// The current language and URL, as the locale layer split them, and helpers that localise links.
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { localizePath, type Lang } from './core';

interface LangState {
  lang: Lang;
  /** The address as the browser shows it, prefix included (pathname + search). */
  fullPath: string;
}

const LangContext = createContext<LangState>({ lang: 'zh' as Lang, fullPath: '/' });

export function LangProvider({ value, children }: { value: LangState; children: ReactNode }) {
  return <LangContext.Provider value={value}>{children}</LangContext.Provider>;
}

export function useLang(): LangState {
  return useContext(LangContext);
}

/** `target` (query and hash kept; any prefix replaced) under `lang`'s prefix, by core's `localizePath`. */
export function localizeTarget(target: string, lang: Lang): string {
  return localizePath({ path: target, lang });
}

/** Returns a function mapping an unprefixed app path to the current language's path. */
export function useLocalize(): (target: string) => string {
  const { lang } = useLang();
  return useCallback((target: string) => localizeTarget(target, lang), [lang]);
}
