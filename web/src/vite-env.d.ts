/// <reference types="vite/client" />

/** Injected by vite.config.ts from ../VERSION or THRESHOLD_RELEASE. */
declare const __THRESHOLD_RELEASE__: string;
