// What the table page keeps of the people around the table: who is here
// (pushed by the server on every change), the clocks, the chat, who is
// played by a bot, and the rematch. Pure, so a run of frames can be replayed
// in a test.
import type { ChatLine, PeopleFrame, PresenceFrame } from '../types';

export const CHAT_LINES = 200; // the most lines the page keeps

export interface Clocks {
  running: number | null;
  remaining: number[]; // ms, as sent
  at: number; // when it was received (performance.now())
}

export interface PeopleState {
  presence: PresenceFrame | null;
  clocks: Clocks | null;
  chat: ChatLine[];
  rematch: { table: string; accepted: number[]; spectator: string } | null; // offered to everyone
  myRematch: string | null; // this page's link to the new table, once it asked
}

export const initialPeople: PeopleState = {
  presence: null,
  clocks: null,
  chat: [],
  rematch: null,
  myRematch: null,
};

function withLine(chat: ChatLine[], line: ChatLine): ChatLine[] {
  if (chat.some((l) => l.index === line.index)) return chat; // a reconnection's history repeats lines
  return [...chat, line].sort((a, b) => a.index - b.index).slice(-CHAT_LINES);
}

export function peopleReducer(state: PeopleState, action: { frame: PeopleFrame; now: number }): PeopleState {
  const { frame, now } = action;
  switch (frame.type) {
    case 'presence':
      return { ...state, presence: frame };
    case 'clock':
      return { ...state, clocks: { running: frame.running, remaining: frame.remaining, at: now } };
    case 'chat': {
      const line: ChatLine = { index: frame.index, seat: frame.seat, name: frame.name, text: frame.text, at: frame.at };
      return { ...state, chat: withLine(state.chat, line) };
    }
    case 'chat-history':
      return { ...state, chat: frame.lines.reduce(withLine, state.chat) };
    case 'stand-in':
      return state; // the presence frame that follows it says the same, and stays true until they are back
    case 'rematch':
      return { ...state, myRematch: frame.url };
    case 'rematch-offer':
      return { ...state, rematch: { table: frame.table, accepted: frame.accepted, spectator: frame.spectator } };
  }
}

// A seat's time left now: the running one counts down from when the clock was received.
export function timeLeft(clocks: Clocks, seat: number, now: number): number {
  const sent = clocks.remaining[seat] ?? 0;
  return Math.max(0, clocks.running === seat ? sent - (now - clocks.at) : sent);
}

// "4:05", "0:09.4" under ten seconds, "3 h 20 min", "2 d 4 h".
export function clockText(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return `0:0${s.toFixed(1)}`;
  if (s < 3600) return `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
}

// Each seat a bot plays for its person, in words for everyone at the table.
export function standInLines(presence: PresenceFrame | null): string[] {
  return (presence?.seats ?? [])
    .filter((s) => s.stand_in)
    .map(
      (s) =>
        `${s.name} ${s.stand_in === 'clock' ? 'ran out of time' : 'was away on their turn'}: a bot plays their seat until they come back.`,
    );
}

// Whether this page's seat is being played by a bot now.
export function stoodIn(presence: PresenceFrame | null, you: number[]): 'away' | 'clock' | null {
  for (const seat of presence?.seats ?? []) if (you.includes(seat.seat) && seat.stand_in) return seat.stand_in;
  return null;
}

// The names as the people named their seats (presence), else as the table was created.
export function currentNames(presence: PresenceFrame | null, created: string[]): string[] {
  if (!presence) return created;
  return created.map((name, seat) => presence.seats[seat]?.name ?? name);
}
