// "My games" in localStorage (src/view/my_games.ts): kept newest first, merged, bounded, and
// anything malformed in storage is ignored rather than trusted.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetGame, myGames, rememberGame, tokenOf } from '../src/view/my_games';
import { memoryStorage } from './storage';

const memory = (initial: Record<string, string> = {}) => vi.stubGlobal('localStorage', memoryStorage(initial));
afterEach(() => {
  vi.unstubAllGlobals();
});

const link = (table: string) => ({ table, game: 'bye-bye', url: `/play/${table}#token=ab`, token: 'ab' });

describe('my games', () => {
  it('keeps tables newest first and merges what is learnt later', () => {
    memory();
    rememberGame({ ...link('t1'), seats: [0], invites: [{ seat: 1, url: '/play/t1#token=cd' }] }, 1);
    rememberGame(link('t2'), 2);
    const merged = rememberGame({ ...link('t1'), seats: [0] }, 3);
    expect(merged.map((g) => g.table)).toEqual(['t1', 't2']);
    expect(merged[0].invites).toEqual([{ seat: 1, url: '/play/t1#token=cd' }]); // not lost by the update
    expect(merged[0].added).toBe(1);
    expect(forgetGame('t1').map((g) => g.table)).toEqual(['t2']);
  });

  it('keeps the newest 50', () => {
    memory();
    for (let i = 0; i < 60; i++) rememberGame(link(`t${i}`), i);
    const all = myGames();
    expect(all).toHaveLength(50);
    expect(all[0].table).toBe('t59');
  });

  it('ignores what is not a well-formed list', () => {
    memory({ 'bw-my-games': '{not json' });
    expect(myGames()).toEqual([]);
    memory({ 'bw-my-games': '{"a": 1}' });
    expect(myGames()).toEqual([]);
    const hostile = [
      { ...link('t1'), seats: [], invites: [], added: 1, url: 'javascript:alert(1)' }, // not a /play link
      { ...link('../x'), seats: [], invites: [], added: 1 },
      { ...link('ok'), seats: [], invites: [], added: 1 },
    ];
    memory({ 'bw-my-games': JSON.stringify(hostile) });
    expect(myGames().map((g) => g.table)).toEqual(['ok']);
  });

  it("finds a table's token for the replay page, which has no link to read it from", () => {
    memory();
    rememberGame({ ...link('t1'), token: 'seat-token' }, 1);
    rememberGame(link('t2'), 2);
    expect(tokenOf('t1')).toBe('seat-token');
    expect(tokenOf('t3')).toBeNull();
    memory({ 'bw-my-games': '{not json' });
    expect(tokenOf('t1')).toBeNull();
  });
});
