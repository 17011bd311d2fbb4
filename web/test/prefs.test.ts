// What the page keeps in the browser (src/prefs.ts): each value under the key earlier
// versions used, and storage that is missing, refused or full never throws into the page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as prefs from '../src/prefs';
import { fullStorage, memoryStorage, refusingStorage, type MemoryStorage } from './storage';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stub(local: MemoryStorage, session: MemoryStorage = memoryStorage()) {
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
}

// Every load and save, with a value that differs from the default.
function saveEverything() {
  prefs.saveName('Ann');
  prefs.saveFastBots(true);
  prefs.saveChatMuted(true);
  prefs.saveAlertChoice({ sound: true, notify: true });
  prefs.saveMyGames([{ table: 't1' }]);
  prefs.saveTableLogs('t1', new Map([[0, ['a line']]]));
}

function loadEverything() {
  return {
    name: prefs.loadName(),
    fast: prefs.loadFastBots(),
    muted: prefs.loadChatMuted(),
    alerts: prefs.loadAlertChoice(),
    myGames: prefs.loadMyGames(),
    logs: prefs.loadTableLogs('t1'),
  };
}

const DEFAULTS = {
  name: '',
  fast: false,
  muted: false,
  alerts: { sound: false, notify: false },
  myGames: null,
  logs: new Map(),
};

describe('prefs', () => {
  it('keeps each value under its key, in local or session storage', () => {
    const local = memoryStorage(),
      session = memoryStorage();
    stub(local, session);
    saveEverything();
    expect(local.data).toEqual({
      'bw-name': 'Ann',
      'bw-fast-bots': '1',
      'bw-chat-muted': '1',
      'bw-alert-sound': '1',
      'bw-alert-notify': '1',
      'bw-my-games': '[{"table":"t1"}]',
    });
    expect(session.data).toEqual({ 'bw-log-t1': '[[0,["a line"]]]' });
    expect(loadEverything()).toEqual({
      name: 'Ann',
      fast: true,
      muted: true,
      alerts: { sound: true, notify: true },
      myGames: [{ table: 't1' }],
      logs: new Map([[0, ['a line']]]),
    });
  });

  it('reads the defaults from empty storage, and switches turned off as off', () => {
    stub(memoryStorage());
    expect(loadEverything()).toEqual(DEFAULTS);
    prefs.saveFastBots(false);
    prefs.saveAlertChoice({ sound: true, notify: false });
    expect(prefs.loadFastBots()).toBe(false);
    expect(prefs.loadAlertChoice()).toEqual({ sound: true, notify: false });
  });

  it('forgets the name when it is saved blank', () => {
    const local = memoryStorage({ 'bw-name': 'Ann' });
    stub(local);
    prefs.saveName(null);
    expect(local.data).toEqual({});
    prefs.saveName('Bo');
    prefs.saveName('');
    expect(prefs.loadName()).toBe('');
  });

  it('reads what is not JSON, or a log that is not a list of pairs, as nothing', () => {
    stub(memoryStorage({ 'bw-my-games': '{not json' }), memoryStorage({ 'bw-log-t1': '5' }));
    expect(prefs.loadMyGames()).toBeNull();
    expect(prefs.loadTableLogs('t1')).toEqual(new Map());
  });

  it('never throws where storage refuses everything (storage turned off)', () => {
    stub(refusingStorage(), refusingStorage());
    expect(saveEverything).not.toThrow();
    expect(loadEverything()).toEqual(DEFAULTS);
  });

  it('never throws where even reaching the storage throws', () => {
    const forbidden = () => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    };
    Object.defineProperty(globalThis, 'localStorage', { get: forbidden, configurable: true });
    Object.defineProperty(globalThis, 'sessionStorage', { get: forbidden, configurable: true });
    try {
      expect(saveEverything).not.toThrow();
      expect(loadEverything()).toEqual(DEFAULTS);
    } finally {
      delete (globalThis as { localStorage?: Storage }).localStorage;
      delete (globalThis as { sessionStorage?: Storage }).sessionStorage;
    }
  });

  it('never throws where there is no storage at all', () => {
    vi.stubGlobal('localStorage', undefined);
    vi.stubGlobal('sessionStorage', undefined);
    expect(saveEverything).not.toThrow();
    expect(loadEverything()).toEqual(DEFAULTS);
  });

  it('drops new values, without throwing, when the storage is full', () => {
    stub(fullStorage({ 'bw-fast-bots': '1' }), fullStorage());
    expect(saveEverything).not.toThrow();
    expect(prefs.loadName()).toBe('');
    expect(prefs.loadFastBots()).toBe(true); // what was kept before stays
  });
});
