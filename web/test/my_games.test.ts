// "My games" in localStorage (src/view/my_games.ts): kept newest first, merged, bounded, and
// anything malformed in storage is ignored rather than trusted.
import { describe, expect, it } from 'vitest';
import { forgetGame, myGames, rememberGame } from '../src/view/my_games';

function memory(initial: Record<string, string> = {}) {
  const data = { ...initial };
  return {
    getItem: (k: string) => data[k] ?? null,
    setItem: (k: string, v: string) => {
      data[k] = v;
    },
  };
}

const link = (table: string) => ({ table, game: 'bye-bye', url: `/play/${table}#token=ab`, token: 'ab' });

describe('my games', () => {
  it('keeps tables newest first and merges what is learnt later', () => {
    const store = memory();
    rememberGame({ ...link('t1'), seats: [0], invites: [{ seat: 1, url: '/play/t1#token=cd' }] }, store, 1);
    rememberGame(link('t2'), store, 2);
    const merged = rememberGame({ ...link('t1'), seats: [0] }, store, 3);
    expect(merged.map((g) => g.table)).toEqual(['t1', 't2']);
    expect(merged[0].invites).toEqual([{ seat: 1, url: '/play/t1#token=cd' }]); // not lost by the update
    expect(merged[0].added).toBe(1);
    expect(forgetGame('t1', store).map((g) => g.table)).toEqual(['t2']);
  });

  it('keeps the newest 50', () => {
    const store = memory();
    for (let i = 0; i < 60; i++) rememberGame(link(`t${i}`), store, i);
    const all = myGames(store);
    expect(all).toHaveLength(50);
    expect(all[0].table).toBe('t59');
  });

  it('ignores what is not a well-formed list', () => {
    expect(myGames(memory({ 'bw-my-games': '{not json' }))).toEqual([]);
    expect(myGames(memory({ 'bw-my-games': '{"a": 1}' }))).toEqual([]);
    const hostile = [
      { ...link('t1'), seats: [], invites: [], added: 1, url: 'javascript:alert(1)' }, // not a /play link
      { ...link('../x'), seats: [], invites: [], added: 1 },
      { ...link('ok'), seats: [], invites: [], added: 1 },
    ];
    expect(myGames(memory({ 'bw-my-games': JSON.stringify(hostile) })).map((g) => g.table)).toEqual(['ok']);
  });
});
