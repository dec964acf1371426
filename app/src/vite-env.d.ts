/// <reference types="vite/client" />

/** The build this app is (`version@builtAt`, vite.config.ts); not defined outside production builds. */
declare const __APP_BUILD__: string | undefined;
