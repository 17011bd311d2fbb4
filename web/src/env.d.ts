// Set by vite.config.ts: true only in the end-to-end run's build (--mode e2e).
declare const __BW_E2E__: boolean;
