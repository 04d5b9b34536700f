/** The package version this build was made from, injected by vite.config.ts. */
declare const __APP_VERSION__: string;
