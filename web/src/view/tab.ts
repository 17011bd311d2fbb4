// The browser tab says when a decision is the person's: its title and its icon
// change, so a player in another tab sees it is their turn.
import type { StateFrame } from '../types';

const SHEEP = (dot: string) =>
  "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'>" +
  "<rect width='32' height='32' rx='6' fill='%232f6b3a'/>" +
  "<circle cx='10' cy='14' r='5' fill='%23fff'/><circle cx='16' cy='11' r='5' fill='%23fff'/>" +
  "<circle cx='21' cy='14' r='5' fill='%23fff'/><circle cx='15' cy='17' r='5' fill='%23fff'/>" +
  "<ellipse cx='25' cy='12' rx='3' ry='4' fill='%23222'/>" +
  dot +
  '</svg>';

export const ICON_IDLE = SHEEP('');
export const ICON_YOUR_TURN = SHEEP(
  "<circle cx='25' cy='25' r='6.5' fill='%23e8590c' stroke='%23fff' stroke-width='2'/>",
);

// The tab's title and icon for this frame: "● Your turn — Bye-Bye" while a
// decision of a seat this page holds waits (and the connection is up).
export function tabState(
  frame: StateFrame | null | undefined,
  you: number[],
  gameName: string,
  connected: boolean,
): { title: string; icon: string; yours: boolean } {
  const yours =
    connected &&
    !!frame &&
    !frame.result &&
    frame.current !== null &&
    you.includes(frame.current) &&
    frame.legal.length > 0;
  return yours
    ? { title: `● Your turn — ${gameName}`, icon: ICON_YOUR_TURN, yours }
    : { title: `${gameName} — Bellwether`, icon: ICON_IDLE, yours };
}

// Applies it to the document (one <link rel="icon">, made if missing).
export function showTab(state: { title: string; icon: string }): void {
  document.title = state.title;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  if (link.href !== state.icon) link.href = state.icon;
}
