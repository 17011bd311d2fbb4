// What a board shows, independent of how it is drawn: zones of pieces, each
// optionally the target of legal actions (matched by key). Pure data, so the
// per-game layouts are unit-tested without a browser.
import type { Observation } from '../generated/observations';
import type { LastMove, Legal } from '../types';
import type { ArtKind } from './art';

export interface Piece {
  key?: string; // e.g. "hand:cow": legal actions whose target is this key attach here
  label: string; // what is written on the piece (a name or number, never colour alone)
  count?: number; // shown as "×3" when > 1
  note?: string; // small second line
  back?: boolean; // face down
  tone?: string; // a CSS class for colour (always in addition to the label)
  art?: ArtKind; // its picture (view/art.ts)
  help?: string; // what the card does, shown on pointing or a long press
  plate?: boolean; // not one card but words about several (a flock, the cards a seat has left): no card shape
}

export interface GridCell {
  key: string;
  label: string; // short text, shown where the cell has no picture
  tone: string;
  title: string;
  art?: ArtKind; // its picture (components/Art.tsx)
}

export interface TrackSquare {
  n: number;
  water: boolean;
  sheep: { name: string; mark: string }[]; // each seat's sheep: its player, and the number drawn on it
}

export interface Zone {
  id: string;
  title: string;
  key?: string; // the whole zone as a target, e.g. "seat:2" or "field:1"
  note?: string;
  pieces: Piece[];
  grid?: GridCell[][]; // Boom Bah's field
  track?: TrackSquare[]; // Hustle's dyke
  mine?: boolean; // the viewer's own area
  dock?: boolean; // the cards the viewer decides with: on a phone, a strip kept on the screen
  active?: boolean; // whose turn
  tone?: string; // a CSS class for the zone's colour (a seat's colour, from the game)
  scored?: string; // the zone was just scored and is shown as it stood ("Won by Ann") before it clears
}

export interface Layout {
  zones: Zone[];
  status: string[]; // the turn line first (boards/common.ts, turnStatus), then what the turn in progress holds
}

// The status lines the page shows. Once the game has a result only the turn
// line stays, which then says the game is over; the others speak of a turn
// in progress ("You may put 3 more cards into your zoo") and would offer,
// under the end screen, what can no longer be done.
export function shownStatus(layout: Layout, over: boolean): string[] {
  return over ? layout.status.slice(0, 1) : layout.status;
}

// O is the game's observation; the layout reads what the server sent for one seat.
export interface GameView<O = Observation> {
  layout(obs: O, names: string[], viewer: number | null): Layout;
  // Observation fields (paths as in OBSERVATION_FIELDS) the board does not
  // draw on purpose, each with the reason (test/drawn.test.ts).
  notDrawn: Record<string, string>;
  // Each phase id the engine puts in an observation, in words for the turn line
  // (test/phase_words.test.ts compares it with the game's observation.cpp).
  phases: Record<string, string>;
  // Number cards drawn as plain numbers, without a picture (view/art.ts).
  plainNumbers?: boolean;
  // How the end-to-end run (web/e2e/scenarios/games.mjs) plays this game to its
  // end, where it differs from the default (E2E_PLAN in boards/index.ts).
  e2e?: Partial<E2EPlan>;
}

// The seats the end-to-end run creates (the lobby's seat choices, 'you' first),
// after how many of the person's moves it takes the middle-of-game picture, and
// what of the board a decision needs on a phone's screen beside the card or
// button that makes it (a CSS selector; the run measures the scrolling between them).
export interface E2EPlan {
  seats: string[];
  middleAfter: number;
  focus: string;
}

// The board key an action acts on ("hand:cow", "seat:2"), from the target the
// server sends with it; null for a button (a move with no piece of its own).
export function targetKey(action: Legal): string | null {
  const t = action.target;
  return t && t.zone !== 'button' && t.piece !== undefined ? `${t.zone}:${t.piece}` : null;
}

// The moves with no piece of their own (stop, pass, end turn), drawn as the
// buttons of the decision bar.
export function buttonMoves(legal: Legal[]): Legal[] {
  return legal.filter((a) => a.target?.zone === 'button');
}

// Where the board marks each seat's last move: the piece it acted on (for a
// two-click move, where it ended) when the board shows it, else the seat's
// own area ("zone:seat-2"), as when the server does not say where (a card
// from a hidden hand). Each mark lists who moved there.
export function lastMoveMarks(
  layout: Layout,
  moves: LastMove[],
  names: string[],
  viewer: number | null = null,
): Map<string, string[]> {
  const keys = boardKeys(layout);
  const out = new Map<string, string[]>();
  for (const move of moves) {
    const t = move.target;
    const candidates = t
      ? [t.then && `${t.then.zone}:${t.then.piece}`, t.piece !== undefined && `${t.zone}:${t.piece}`]
      : [];
    const key = candidates.find((k): k is string => !!k && keys.has(k)) ?? `zone:seat-${move.seat}`;
    out.set(key, [...(out.get(key) ?? []), move.seat === viewer ? 'you' : seatName(names, move.seat)]);
  }
  return out;
}

// What the badge on a marked piece or zone says: whose last move acted there
// ("your last move", "Bob's last move"). A bare name on another seat's zone
// read as "this is you", so the words always say it is a move.
export function lastMoveWords(who: string[]): string {
  const whose = who.map((w) => (w === 'you' ? 'your' : `${w}'s`));
  const list = whose.length > 1 ? `${whose.slice(0, -1).join(', ')} and ${whose[whose.length - 1]}` : whose[0];
  return `${list} last move${who.length > 1 ? 's' : ''}`;
}

// Where a move would lead, in words for its piece or button ("→ 34, water",
// "off the dyke!"), and the board key to highlight while it is pointed at.
// What pointing at a piece says: each of its moves as people read it (seats by
// name: the server's label, never the engine's "P2"), with its hint.
export function movesHint(actions: Legal[]): string {
  return actions.map((a) => (a.hint ? `${a.label}: ${a.hint}` : a.label)).join(' · ');
}

export function previewOf(layout: Layout, action: Legal): { key: string; text: string } | null {
  const p = action.target?.preview;
  if (!p) return null;
  if (p.zone === 'square' && p.piece === 'off') return { key: 'square:off', text: 'off the dyke: out!' };
  const square = layout.zones.flatMap((z) => z.track ?? []).find((sq) => `${sq.n}` === p.piece);
  if (p.zone === 'square' && square)
    return { key: `square:${square.n}`, text: `→ ${square.n % 100}${square.water ? ', water' : ''}` };
  return null;
}

// After a first click offers several moves, where each of them is finished
// with a second click (Boom Bah: a sheep, then the cell it moves to).
export function followUpTargets(actions: Legal[]): Map<string, Legal[]> {
  const out = new Map<string, Legal[]>();
  for (const action of actions) {
    const then = action.target?.then;
    if (!then) continue;
    const key = `${then.zone}:${then.piece}`;
    out.set(key, [...(out.get(key) ?? []), action]);
  }
  return out;
}

// Every key a piece, cell, square or zone of the board answers to.
function boardKeys(layout: Layout): Set<string> {
  const keys = new Set<string>();
  for (const zone of layout.zones) {
    if (zone.key) keys.add(zone.key);
    for (const piece of zone.pieces) if (piece.key) keys.add(piece.key);
    for (const row of zone.grid ?? []) for (const cell of row) keys.add(cell.key);
    for (const square of zone.track ?? []) keys.add(`square:${square.n}`);
  }
  return keys;
}

// Which legal actions each key offers; actions whose piece is not on the
// board stay only in the action list.
export function attach(layout: Layout, legal: Legal[]): Map<string, Legal[]> {
  const keys = boardKeys(layout);
  const out = new Map<string, Legal[]>();
  for (const action of legal) {
    const key = targetKey(action);
    if (key === null || !keys.has(key)) continue;
    const list = out.get(key) ?? [];
    list.push(action);
    out.set(key, list);
  }
  return out;
}

// Which key plays which move: the digit printed on a number card plays that
// card (Sheep Hustle's 0–9); otherwise 1–9 play the list's first nine moves;
// P passes (a Nice Try, Wolf or EIEI...No window).
export function numberKeys(legal: Legal[]): Map<string, Legal> {
  const out = new Map<string, Legal>();
  const printed = legal.filter((a) => a.target?.zone === 'hand' && /^\d$/.test(a.target.piece ?? ''));
  if (printed.length) for (const a of printed) out.set(a.target.piece!, a);
  else legal.slice(0, 9).forEach((a, i) => out.set(String(i + 1), a));
  // P answers a reaction window with a pass, whatever its place in the list.
  const pass = legal.find((a) => a.target?.kind === 'pass');
  if (pass) out.set('p', pass);
  return out;
}

// A count map {"cow": 2, "pig": 1} as pieces, in a stable order.
export function countPieces(
  counts: Record<string, number> | undefined,
  keyPrefix?: string,
  tone?: (name: string) => string | undefined,
  order?: (a: string, b: string) => number,
): Piece[] {
  const names = Object.keys(counts ?? {}).filter((name) => (counts as Record<string, number>)[name] > 0);
  names.sort(order ?? naturalOrder);
  return names.map((name) => ({
    key: keyPrefix === undefined ? undefined : `${keyPrefix}:${name}`,
    label: name,
    count: (counts as Record<string, number>)[name],
    tone: tone?.(name),
  }));
}

// Numbers first, in numeric order, then names alphabetically.
export function naturalOrder(a: string, b: string): number {
  const na = /^\d+$/.test(a),
    nb = /^\d+$/.test(b);
  if (na && nb) return Number(a) - Number(b);
  if (na !== nb) return na ? -1 : 1;
  return a.localeCompare(b);
}

export function seatName(names: string[], seat: number): string {
  return names[seat] ?? `P${seat + 1}`;
}
