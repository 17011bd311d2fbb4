// What the end-to-end run (web/e2e) reads from the page as window.__bw: the
// version shown, the connection's status and click-to-updated-board times.
// Only a build made with `vite build --mode e2e` has it (__BW_E2E__, vite.config.ts).
export interface E2EStats {
  latencies: number[];
  version: number;
  status: string;
  // Each version as it appeared; mine: after a click here; scored: a just-scored field was on the board.
  shown: { version: number; at: number; mine: boolean; scored: boolean }[];
  glides: number; // pieces animated to their new place or faded in (view/motion.ts)
  // Each game this page knows, how the run plays it (boards/index.ts, e2eGames).
  games?: Record<string, { seats: string[]; middleAfter: number; focus: string; cardHelp: boolean }>;
}

declare global {
  interface Window {
    __bw?: E2EStats;
  }
}

export const e2eStats: E2EStats | null = __BW_E2E__
  ? (window.__bw = { latencies: [], version: -1, status: 'connecting', shown: [], glides: 0 })
  : null;
