// The pure view logic: which board element each legal action lands on, what
// the layouts show, and the table page's decisions.
import { describe, expect, it } from 'vitest';
import { VIEWS } from '../src/boards';
import {
  attach,
  buttonMoves,
  countPieces,
  followUpTargets,
  lastMoveMarks,
  movesHint,
  naturalOrder,
  numberKeys,
  previewOf,
} from '../src/view/board';
import { backoffMs } from '../src/connection';
import { markdownBlocks } from '../src/view/markdown';
import { checkName } from '../src/view/names';
import { planSeats } from '../src/view/seats';
import { handOverDue, outOfTurnPrompt, shownSeat, sinceLastMove, turnLine, undoOffered } from '../src/view/turn';
import { revealedHands } from '../src/view/end';
import type { BlackSheepObservation, ByeByeObservation } from '../src/generated/observations';
import type { ActionTarget, Legal, StateFrame } from '../src/types';
import { SAMPLE } from './observations';

const names = ['Ann', 'Bob', 'Cat'];
// Moves as the server sends them: text for people, target for the board.
type Move = [string, string, string?, string?]; // text, "zone:piece" or "button", kind, "then" key
const move = ([text, at, kind = 'play', then]: Move, id: number): Legal => {
  const [zone, ...rest] = at.split(':');
  const target: ActionTarget = { zone, kind, ...(rest.length ? { piece: rest.join(':') } : {}) };
  if (then) target.then = { zone: then.split(':')[0], piece: then.split(':').slice(1).join(':') };
  return { id, text, label: text, hint: '', target };
};
const moves = (...list: Move[]) => list.map(move);
const legal = (...texts: string[]) =>
  texts.map((text, id) => move([text, 'button', text === 'pass' ? 'pass' : 'choose'], id));

const byeByeObs: ByeByeObservation = {
  ...SAMPLE['bye-bye'],
  active: 0,
  draw_pile: 31,
  hand: { '1': 1, '10': 2, 'Black Sheep': 1 },
  phase: 'draw',
  to_move: 0,
  viewer: 0,
  watering_hole: ['11'],
  seats: [
    { hand_size: 4, known_absent: [], known_in_hand: {}, specials_in_hand: 1, zoo: {} },
    { hand_size: 7, known_absent: ['3'], known_in_hand: { '5': 1 }, specials_in_hand: 0, zoo: { '9': 3 } },
    { hand_size: 6, known_absent: [], known_in_hand: {}, specials_in_hand: 1, zoo: {} },
  ],
};

describe('moves as people read them', () => {
  it("a piece's moves say the server's label, each seat by its name, never the engine's P2", () => {
    const [fromBob, stop] = moves(['draw from P2', 'seat:1', 'draw'], ['stop', 'button', 'stop']);
    fromBob.label = 'draw from Bob';
    fromBob.hint = 'Bob holds 5 cards';
    expect(movesHint([fromBob, stop])).toBe('draw from Bob: Bob holds 5 cards · stop');
  });
});

describe('actions land on the board element their target names', () => {
  it('bye-bye: drawing targets the other player, zoo placement the hand card, the magpie a zoo card', () => {
    const view = VIEWS['bye-bye'];
    const layout = view.layout(byeByeObs, names, 0);
    const targets = attach(
      layout,
      moves(
        ['draw from P2', 'seat:1', 'draw'],
        ['draw from P3', 'seat:2', 'draw'],
        ['stop', 'button', 'stop'],
        ['zoo: set 10', 'hand:10', 'place'],
        ['magpie: take set 9 from P2', 'zoo:1:9', 'take'],
      ),
    );
    expect(targets.get('seat:1')?.map((a) => a.text)).toEqual(['draw from P2']);
    expect(targets.get('seat:2')?.map((a) => a.text)).toEqual(['draw from P3']);
    expect(targets.get('hand:10')?.map((a) => a.text)).toEqual(['zoo: set 10']);
    expect(targets.get('zoo:1:9')?.map((a) => a.text)).toEqual(['magpie: take set 9 from P2']);
    expect([...targets.values()].flat().some((a) => a.text === 'stop')).toBe(false);
  });

  it('the text is never read: a reworded move stays on its piece', () => {
    const view = VIEWS['bye-bye'];
    const targets = attach(view.layout(byeByeObs, names, 0), moves(['take a card from Bob', 'seat:1', 'draw']));
    expect(targets.get('seat:1')?.map((a) => a.text)).toEqual(['take a card from Bob']);
  });

  it('an action whose piece is not on the board stays in the list only', () => {
    const view = VIEWS['bye-bye'];
    const targets = attach(view.layout(byeByeObs, names, 0), moves(['zoo: set 4', 'hand:4', 'place']));
    expect(targets.size).toBe(0);
  });

  it('buttons are the moves with no piece, in the order sent', () => {
    const list = moves(
      ['draw from P2', 'seat:1', 'draw'],
      ['stop', 'button', 'stop'],
      ['eagle: ask nobody', 'button', 'decline'],
    );
    expect(buttonMoves(list).map((a) => a.text)).toEqual(['stop', 'eagle: ask nobody']);
  });

  it('disguise: flocks are targets by owner and type', () => {
    const obs = {
      ...SAMPLE.disguise,
      viewer: 0,
      seats: [
        { hand_size: 3, flocks: [], known_in_hand: {} },
        { hand_size: 4, flocks: [{ type: 'Sheep 5', exposed: false }], known_in_hand: {} },
      ],
    };
    const targets = attach(
      VIEWS.disguise.layout(obs, names, 0),
      moves(["aim at P2's Sheep 5 flock", 'flock:1:Sheep 5', 'aim']),
    );
    expect(targets.get('flock:1:Sheep 5')?.length).toBe(1);
  });

  it("marks each seat's last move on its piece, its second click, or its own area", () => {
    const obs = {
      ...SAMPLE.disguise,
      viewer: 0,
      seats: [
        { hand_size: 3, flocks: [], known_in_hand: {} },
        { hand_size: 4, flocks: [{ type: 'Sheep 5', exposed: false }], known_in_hand: {} },
        { hand_size: 4, flocks: [], known_in_hand: {} },
      ],
    };
    const layout = VIEWS.disguise.layout(obs, names, 0);
    const marks = lastMoveMarks(
      layout,
      [
        { seat: 0, target: { zone: 'flock', piece: '1:Sheep 5', kind: 'aim' } }, // a public piece on the board
        { seat: 1 }, // a card from Bob's hidden hand: the server says only who
        { seat: 2, target: { zone: 'field', piece: 'Steal', kind: 'take' } },
      ],
      names,
    );
    expect(marks.get('flock:1:Sheep 5')).toEqual(['Ann']);
    expect(lastMoveMarks(layout, [{ seat: 0 }], names, 0).get('zone:seat-0')).toEqual(['you']);
    expect(marks.get('zone:seat-1')).toEqual(['Bob']);
    expect(marks.get('field:Steal')).toEqual(['Cat']);
    const boom = lastMoveMarks(
      layout,
      [
        {
          seat: 1,
          target: { zone: 'field', piece: 'Gone', kind: 'take', then: { zone: 'flock', piece: '1:Sheep 5' } },
        },
      ],
      names,
    );
    expect(boom.get('flock:1:Sheep 5')).toEqual(['Bob']); // where a two-click move ended
  });

  it('boom bah: the moves of a sheep are finished on the cell each heads for', () => {
    const list = moves(
      ['move c4 north', 'cell:c4', 'move', 'cell:c3'],
      ['move c4 south-west', 'cell:c4', 'move', 'cell:b5'],
      ['move c4 east', 'cell:c4', 'move', 'cell:d4'],
      ['end turn', 'button', 'done'],
    );
    const second = followUpTargets(list);
    expect([...second.keys()].sort()).toEqual(['cell:b5', 'cell:c3', 'cell:d4']);
    expect(second.get('cell:c3')?.[0].text).toBe('move c4 north');
    expect(followUpTargets(moves(['end turn', 'button', 'done'])).size).toBe(0);
  });

  it('hustle: a number key plays the card printed with it', () => {
    const list = moves(...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d): Move => [`card ${d}`, `hand:${d}`, 'lay']), [
      'bid done',
      'button',
      'done',
    ]);
    const keys = numberKeys(list);
    expect(keys.get('5')?.text).toBe('card 5');
    expect(keys.get('9')?.text).toBe('card 9');
    expect(keys.get('0')?.text).toBe('card 0');
  });

  it('P passes a reaction window', () => {
    const keys = numberKeys(moves(['play Nice Try', 'hand:Nice Try', 'play'], ['pass', 'button', 'pass']));
    expect(keys.get('p')?.text).toBe('pass');
    expect(keys.get('1')?.text).toBe('play Nice Try');
  });

  it('other games: keys 1–9 play the list in order', () => {
    const keys = numberKeys(legal('a', 'b', 'c'));
    expect(keys.get('1')?.text).toBe('a');
    expect(keys.get('3')?.text).toBe('c');
    expect(keys.get('4')).toBeUndefined();
  });
});

describe('layouts show what the observation says, and only that', () => {
  it('bye-bye: other hands are face-down counts with what is known about them', () => {
    const layout = VIEWS['bye-bye'].layout(byeByeObs, names, 0);
    const bob = layout.zones.find((z) => z.id === 'seat-1')!;
    expect(bob.pieces[0]).toMatchObject({ back: true, label: '7 cards' });
    expect(bob.note).toContain('known: 1× 5');
    expect(bob.note).toContain('has no set 3');
    const hand = layout.zones.find((z) => z.id === 'hand')!;
    expect(hand.title).toContain('Ann');
    expect(hand.pieces.map((p) => p.label)).toEqual(['1', '10', 'Black Sheep']);
  });

  it('a spectator has no hand zone', () => {
    const layout = VIEWS['bye-bye'].layout({ ...byeByeObs, hand: undefined, viewer: -1 }, names, null);
    expect(layout.zones.some((z) => z.id === 'hand')).toBe(false);
  });

  it('boom bah: the board codes become named cells', () => {
    const obs = {
      ...SAMPLE['boom-bah'],
      board: ['-- S1 ??', '.. ** xx', 'B2 -- --'],
      under_sheep: { b1: 'safe' },
      mine: 'b2',
    };
    const grid = VIEWS['boom-bah'].layout(obs, names, 0).zones[0].grid!;
    expect(grid[0][1]).toMatchObject({ key: 'cell:b1', label: 'S1' });
    expect(grid[0][1].title).toContain("Ann's red sheep (on safe)");
    expect(grid[1][1].title).toBe('b2: mine');
    expect(grid[1][1].tone).toContain('pending-mine');
    expect(grid[2][0].title).toBe('a3: blue barn of Bob');
    // Drawn, not written: a sheep and a barn in their seat's colour with its letter, a tile back,
    // grass, a mine, a crater; a start space is left plain.
    expect(grid[0][1].art).toEqual({ kind: 'seat-sheep', fill: '#d55e00', letter: 'R' });
    expect(grid[2][0].art).toEqual({ kind: 'barn', fill: '#56b4e9', letter: 'B' });
    expect([grid[0][2], grid[1][0], grid[1][1], grid[1][2]].map((c) => c.art?.kind)).toEqual([
      'tile',
      'safe',
      'land-mine',
      'crater',
    ]);
    expect(grid[0][0].art).toBeUndefined();
  });

  it("boom bah: seat colours are the game's, and your colour is shown", () => {
    const obs = { ...SAMPLE['boom-bah'], board: ['S3 -- --'], viewer: 0 };
    const layout = VIEWS['boom-bah'].layout(obs, names, 0);
    expect(layout.zones[0].grid![0][0].tone).toContain('colour-yellow');
    const you = layout.zones.find((z) => z.id === 'seat-0')!;
    expect(you.title).toContain('red');
    expect(you.note).toContain('your colour is red');
    expect(layout.zones.find((z) => z.id === 'seat-2')!.tone).toBe('colour-yellow');
  });

  it('black sheep: your own figures show their values', () => {
    const obs: BlackSheepObservation = {
      ...SAMPLE['black-sheep'],
      seats: [
        { corral: { cow: 2 }, corral_values: { cow: [3, 5] }, hand_size: 3 },
        { corral: { pig: 1 }, hand_size: 3 },
      ],
    };
    const mine = VIEWS['black-sheep'].layout(obs, names, 0).zones.find((z) => z.title === 'Your corral')!;
    expect(mine.pieces[0]).toMatchObject({ label: 'cow', note: 'worth 3 + 5' });
  });

  it('black sheep: a scored field is shown as it stood, with its winner, and the order its sides were completed', () => {
    const field = {
      completed_at: [7, 4],
      figures: ['horse', 'cow'],
      sides: [
        ['horse', 'horse', 'pig'],
        ['cow', 'pig', 'pig'],
      ],
    };
    const obs: BlackSheepObservation = { ...SAMPLE['black-sheep'], scored: { ...field, field: 1, winner: 1 } };
    const zones = VIEWS['black-sheep'].layout(obs, names, 0).zones;
    const scored = zones.find((z) => z.id === 'field-1')!;
    expect(scored.scored).toBe(`Won by ${names[1]}`);
    expect(scored.pieces.map((p) => p.label)).toEqual(['horse', 'cow', 'horse', 'horse', 'pig', 'cow', 'pig', 'pig']);
    expect(scored.note).toContain(`${names[1]} 1st, ${names[0]} 2nd`);
    expect(zones.find((z) => z.id === 'field-0')!.scored).toBeUndefined();
  });

  it('hustle: a sheep off the dyke is said so, never "field -1"', () => {
    const seat = SAMPLE.hustle.seats[0];
    const obs = { ...SAMPLE.hustle, viewer: 0, seats: [{ ...seat, square: -1 }, seat] };
    const zone = VIEWS.hustle.layout(obs, names, 0).zones.find((z) => z.id === 'seat-0')!;
    expect(zone.note).toContain('off the dyke');
    expect(zone.note).not.toContain('-1');
  });

  it('hustle: a move previews the field it leads to, its water, or the far end', () => {
    const obs = { ...SAMPLE.hustle, boards: ['side A', 'side C'], water: [[6], [2]] };
    const layout = VIEWS.hustle.layout(obs, names, 0);
    const lay = (piece: string, preview?: string): Legal => ({
      id: 1,
      text: `card ${piece}`,
      label: `card ${piece}`,
      hint: '',
      target: { zone: 'hand', piece, kind: 'lay', ...(preview ? { preview: { zone: 'square', piece: preview } } : {}) },
    });
    expect(previewOf(layout, lay('4', '4'))).toEqual({ key: 'square:4', text: '→ 4' });
    expect(previewOf(layout, lay('6', '6'))).toEqual({ key: 'square:6', text: '→ 6, water' });
    expect(previewOf(layout, lay('2', '102'))).toEqual({ key: 'square:102', text: '→ 2, water' });
    expect(previewOf(layout, lay('9', 'off'))).toEqual({ key: 'square:off', text: 'off the dyke: out!' });
    expect(previewOf(layout, lay('1'))).toBeNull();
  });

  it('hustle: water squares and sheep positions across the two boards', () => {
    const seat = SAMPLE.hustle.seats[0];
    const obs = {
      ...SAMPLE.hustle,
      boards: ['side A', 'side C'],
      water: [[6], [2]],
      seats: [
        { ...seat, square: 0 },
        { ...seat, square: 129 },
      ],
    };
    const track = VIEWS.hustle.layout(obs, names, 0).zones[0].track!;
    expect(track).toHaveLength(200);
    expect(track[6].water).toBe(true);
    expect(track[102].water).toBe(true);
    expect(track[0].sheep).toEqual([{ name: 'Ann', mark: '1' }]);
    expect(track[129].sheep).toEqual([{ name: 'Bob', mark: '2' }]);
  });

  it('disguise: a Nice Try chain is a stack on top of the play', () => {
    const obs = {
      ...SAMPLE.disguise,
      active: 1,
      in_play: { cards: 1, play: 'play Dig' },
      nice_try_depth: 2,
      field: [],
      seats: [],
    };
    const chain = VIEWS.disguise.layout(obs, names, 0).zones[0];
    expect(chain.pieces.map((p) => p.label)).toEqual(['play Dig', 'Nice Try', 'Nice Try']);
    expect(chain.note).toContain('stands');
  });

  it('disguise: a payment laid for a buy is on the table, face up, until the card is bought', () => {
    const obs = {
      ...SAMPLE.disguise,
      active: 1,
      to_move: 1,
      phase: 'buy-take',
      laid: { for: 'buy', cards: { 'Sheep 7': 2 } },
    };
    const laid = VIEWS.disguise.layout(obs, names, 0).zones.find((zone) => zone.id === 'laid');
    expect(laid?.title).toBe('Bob pays for a Field card');
    expect(laid?.pieces.map((p) => [p.label, p.count])).toEqual([['Sheep 7', 2]]);
    const after = { ...obs, phase: 'main', laid: undefined };
    expect(VIEWS.disguise.layout(after, names, 0).zones.some((zone) => zone.id === 'laid')).toBe(false);
  });

  it("disguise: during an Attack's hand-off the turn line names who is choosing", () => {
    const obs = {
      ...SAMPLE.disguise,
      active: 0,
      to_move: 1,
      phase: 'attack-pass',
      attack: 'Attack (pass right)',
      passing: 'Steal',
      seats: [
        { hand_size: 3, flocks: [], known_in_hand: {}, has_passed: true },
        {
          hand_size: 4,
          flocks: [{ type: 'Wild Flock', sheep: ['Viking'], exposed: false }],
          known_in_hand: {},
          has_passed: false,
        },
      ],
    };
    const layout = VIEWS.disguise.layout(obs, names, 0);
    expect(layout.status[0]).toContain("Ann's turn · Attack (pass right): every player passes one card to the right.");
    expect(layout.status).toContain('Bob is choosing a card to pass.');
    expect(layout.status).toContain('Chosen already: Ann.');
    expect(layout.status).toContain('You have set aside Steal to pass.');
    expect(layout.zones.find((z) => z.id === 'seat-1')?.pieces.map((p) => p.label)).toContain('Wild Flock');
    expect(VIEWS.disguise.layout({ ...obs, to_move: 0 }, names, 0).status).toContain('Choose the card you pass.');
  });
});

describe('the table page', () => {
  const frame = (over: Partial<StateFrame>): StateFrame => ({
    type: 'state',
    table: 't',
    seat: 0,
    version: 3,
    current: 0,
    observation: SAMPLE.disguise,
    events: [],
    legal: legal('pass'),
    result: null,
    ...over,
  });

  it('shows the deciding seat in hot-seat play, else keeps the last one', () => {
    expect(shownSeat([0, 2], 2, 0)).toBe(2);
    expect(shownSeat([0, 2], 1, 2)).toBe(2);
    expect(shownSeat([], 1, null)).toBeNull();
    expect(handOverDue(true, 0, 2)).toBe(true);
    expect(handOverDue(false, 0, 2)).toBe(false);
    expect(handOverDue(true, 2, 2)).toBe(false);
  });

  it('says whose turn it is, and when a decision is out of turn', () => {
    expect(turnLine(frame({}), names, [0])).toBe('Your turn.');
    expect(turnLine(frame({ current: 1 }), names, [0])).toBe('Waiting for Bob.');
    const niceTry = frame({
      observation: { ...SAMPLE.disguise, active: 1, in_play: { cards: 1, play: 'play Steal' } },
    });
    expect(turnLine(niceTry, names, [0])).toContain("during Bob's turn");
    expect(outOfTurnPrompt(niceTry, names)).toBe('Bob plays Steal. You may answer now — or pass.');
    expect(outOfTurnPrompt(frame({}), names)).toBeNull();
  });

  it('offers undo only where every other seat is a bot', () => {
    const seats = [
      { seat: 0, agent: 'human' },
      { seat: 1, agent: 'random' },
      { seat: 2, agent: 'human' },
    ];
    expect(undoOffered(seats, [0])).toBe(false);
    expect(undoOffered(seats, [0, 2])).toBe(true);
    expect(undoOffered(seats, [])).toBe(false);
    expect(undoOffered(seats, [0, 2], true)).toBe(false); // hot-seat: never
  });

  it('reconnects quickly at first, then every 5 s at most', () => {
    expect(backoffMs(0)).toBe(250);
    expect(backoffMs(1)).toBe(500);
    expect(backoffMs(20)).toBe(5000);
  });

  it('lists the hands the final observation reveals', () => {
    const [seat] = SAMPLE['boom-bah'].seats;
    expect(
      revealedHands(
        { ...SAMPLE['boom-bah'], viewer: 0, hand: { cow: 2 }, seats: [seat, { ...seat, hand: { pig: 1 } }] },
        names,
      ),
    ).toEqual(['Ann: 2× cow', 'Bob: pig']);
  });
});

describe('the lobby and the rules page', () => {
  it('seats: people here make a hot-seat table, friends get links, bots are agents', () => {
    const plan = planSeats(['you', 'friend', 'ismcts:iters=200', 'here']);
    expect(plan.seats.map((s) => s.agent)).toEqual(['human', 'human', 'ismcts:iters=200', 'human']);
    expect(plan).toMatchObject({ hotseat: true, friends: [1], mine: [0, 3] });
    expect(planSeats(['you', 'random']).hotseat).toBe(false);
  });

  it('seats: an open seat is a person with no link, taken from the lobby', () => {
    const plan = planSeats(['you', 'open', 'medium', 'friend']);
    expect(plan.seats).toEqual([
      { agent: 'human' },
      { agent: 'human', open: true },
      { agent: 'medium' },
      { agent: 'human' },
    ]);
    expect(plan).toMatchObject({ hotseat: false, friends: [3], mine: [0], open: [1] });
  });

  it('markdown: headings, paragraphs and lists as text', () => {
    const blocks = markdownBlocks('# Title\n\n## Goal\n\nWin **big**,\nsoon.\n\n- one\n  more\n- `two`\n\n<b>x</b>');
    expect(blocks).toEqual([
      { kind: 'h1', text: 'Title' },
      { kind: 'h2', text: 'Goal' },
      { kind: 'p', text: 'Win big, soon.' },
      { kind: 'list', text: '', items: ['one more', 'two'] },
      { kind: 'p', text: '<b>x</b>' },
    ]);
  });

  it("markdown: a page keeps its own words and drops a terminal's", () => {
    const md =
      'Play.\n\n<!-- terminal -->\nThe menu shows it.\n<!-- /terminal -->\n<!-- page -->\nClick it.\n<!-- /page -->\n\nEnd.';
    expect(markdownBlocks(md).map((b) => b.text)).toEqual(['Play.', 'Click it.', 'End.']);
  });

  it('counts and ordering', () => {
    expect(['10', 'Eagle', '2', 'Black Sheep'].sort(naturalOrder)).toEqual(['2', '10', 'Black Sheep', 'Eagle']);
    expect(countPieces({ cow: 2, pig: 0 }, 'hand')).toEqual([
      { key: 'hand:cow', label: 'cow', count: 2, tone: undefined },
    ]);
  });
});

describe('since your last move', () => {
  const log = ['You draw a 7 from Bob.', 'Bob draws from Cat.', 'Cat stops.', '— Your turn.'];
  it('lists what others did after the move, without the turn marker', () => {
    expect(sinceLastMove(log, 1)).toEqual({ lines: ['Bob draws from Cat.', 'Cat stops.'], more: 0 });
  });
  it('nothing before a first move, or when nothing happened', () => {
    expect(sinceLastMove(log, null).lines).toEqual([]);
    expect(sinceLastMove(log, 4).lines).toEqual([]);
  });
  it('keeps the newest lines and counts the rest', () => {
    const long = Array.from({ length: 10 }, (_, i) => `line ${i}`);
    expect(sinceLastMove(long, 0, 3)).toEqual({ lines: ['line 7', 'line 8', 'line 9'], more: 7 });
  });
});

describe('names typed in the lobby', () => {
  it('are trimmed; blank is no name; the server rules are checked first', () => {
    expect(checkName('  Ann  ')).toEqual({ name: 'Ann' });
    expect(checkName('   ')).toEqual({ name: null });
    expect(checkName('A'.repeat(32))).toEqual({ name: 'A'.repeat(32) });
    expect(checkName('A'.repeat(33)).problem).toContain('at most 32');
    expect(checkName('Bo\u0007b').problem).toContain('control');
    expect(checkName('\u200b\u200b').problem).toContain('visible');
    expect(checkName('<b>Ann</b>')).toEqual({ name: '<b>Ann</b>' }); // shown as text, never as HTML
    expect(checkName('🐑'.repeat(32)).name).toBe('🐑'.repeat(32)); // characters, not UTF-16 units
  });
});
