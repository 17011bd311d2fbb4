// The pure view logic: which board element each legal action lands on, what
// the layouts show, and the table page's decisions.
import { describe, expect, it } from 'vitest';
import { VIEWS } from '../src/boards';
import { attach, countPieces, followUpTargets, naturalOrder } from '../src/view/board';
import { backoffMs } from '../src/connection';
import { markdownBlocks } from '../src/view/markdown';
import { planSeats } from '../src/view/seats';
import { handOverDue, onlyPass, outOfTurnPrompt, shownSeat, turnLine, undoOffered } from '../src/view/turn';
import { revealedHands } from '../src/view/end';
import type { ByeByeObservation } from '../src/generated/observations';
import type { StateFrame } from '../src/types';
import { SAMPLE } from './observations';

const names = ['Ann', 'Bob', 'Cat'];
const legal = (...texts: string[]) => texts.map((text, id) => ({ id, text, hint: '' }));

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

describe('actions land on the board element they name', () => {
  it('bye-bye: drawing targets the other player, zoo placement the hand card, the magpie a zoo card', () => {
    const view = VIEWS['bye-bye'];
    const layout = view.layout(byeByeObs, names, 0);
    const targets = attach(
      layout,
      legal('draw from P2', 'draw from P3', 'stop', 'zoo: set 10', 'magpie: take set 9 from P2'),
      view.targetOf,
    );
    expect(targets.get('seat:1')?.map((a) => a.text)).toEqual(['draw from P2']);
    expect(targets.get('seat:2')?.map((a) => a.text)).toEqual(['draw from P3']);
    expect(targets.get('hand:10')?.map((a) => a.text)).toEqual(['zoo: set 10']);
    expect(targets.get('zoo:1:9')?.map((a) => a.text)).toEqual(['magpie: take set 9 from P2']);
    expect([...targets.values()].flat().some((a) => a.text === 'stop')).toBe(false);
  });

  it('an action whose target is not on the board stays in the list only', () => {
    const view = VIEWS['bye-bye'];
    const targets = attach(view.layout(byeByeObs, names, 0), legal('zoo: set 4'), view.targetOf);
    expect(targets.size).toBe(0);
  });

  it('black sheep: fields and hand cards', () => {
    const v = VIEWS['black-sheep'];
    expect(v.targetOf('play to field 3')).toBe('field:3');
    expect(v.targetOf('place black sheep')).toBe('hand:black sheep');
    expect(v.targetOf('discard cow')).toBe('hand:cow');
    expect(v.targetOf('place just this one card')).toBeNull();
    expect(v.targetOf('discard nothing')).toBeNull();
  });

  it('boom bah: cells and cards; several moves from one sheep share its cell', () => {
    const v = VIEWS['boom-bah'];
    expect(v.targetOf('place a sheep on c1')).toBe('cell:c1');
    expect(v.targetOf('move c4 north-east')).toBe(v.targetOf('move c4 south'));
    expect(v.targetOf('play blue Hero of the Herd')).toBe('hand:blue Hero of the Herd');
    expect(v.targetOf('end turn')).toBeNull();
  });

  it('disguise: hand, Field, discard and players', () => {
    const v = VIEWS.disguise;
    expect(v.targetOf('play Nice Try')).toBe('hand:Nice Try');
    expect(v.targetOf('play Restock: new Field')).toBe('hand:Restock');
    expect(v.targetOf('play Double Yank')).toBe('hand:Yank');
    expect(v.targetOf('take Sheep 7 from the Field')).toBe('field:Sheep 7');
    expect(v.targetOf('dig Viking')).toBe('discard:Viking');
    expect(v.targetOf("aim at P3's Wild Flock")).toBe('seat:2');
    expect(v.targetOf('draw a card and end the turn')).toBeNull();
  });

  it('boom bah: the moves of a sheep are finished on the cell each heads for', () => {
    const moves = legal('move c4 north', 'move c4 south-west', 'move c4 east', 'end turn');
    const second = followUpTargets(moves, VIEWS['boom-bah'].followUpOf);
    expect([...second.keys()].sort()).toEqual(['cell:b5', 'cell:c3', 'cell:d4']);
    expect(second.get('cell:c3')?.[0].text).toBe('move c4 north');
    expect(VIEWS['boom-bah'].followUpOf!('move a1 north-west')).toBeNull();
    expect(followUpTargets(moves, undefined).size).toBe(0);
  });

  it('hustle: number cards', () => {
    expect(VIEWS.hustle.targetOf('card 7')).toBe('hand:7');
    expect(VIEWS.hustle.targetOf('bid done')).toBeNull();
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
      seats: [],
      mine: 'b2',
    };
    const grid = VIEWS['boom-bah'].layout(obs, names, 0).zones[0].grid!;
    expect(grid[0][1]).toMatchObject({ key: 'cell:b1', label: 'S1' });
    expect(grid[0][1].title).toContain("Ann's sheep (on safe)");
    expect(grid[1][1].title).toBe('b2: mine');
    expect(grid[1][1].tone).toContain('pending-mine');
    expect(grid[2][0].title).toBe('a3: barn of Bob');
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
    expect(track[0].sheep).toEqual(['Ann']);
    expect(track[129].sheep).toEqual(['Bob']);
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
  });

  it('auto-passes only when pass is the only move', () => {
    expect(onlyPass(legal('pass'))?.text).toBe('pass');
    expect(onlyPass(legal('play Nice Try', 'pass'))).toBeNull();
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

  it('counts and ordering', () => {
    expect(['10', 'Eagle', '2', 'Black Sheep'].sort(naturalOrder)).toEqual(['2', '10', 'Black Sheep', 'Eagle']);
    expect(countPieces({ cow: 2, pig: 0 }, 'hand')).toEqual([
      { key: 'hand:cow', label: 'cow', count: 2, tone: undefined },
    ]);
  });
});
