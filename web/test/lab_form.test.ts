// The balance lab's form (src/view/lab_form.ts): defaults, what is refused
// before the server is asked, the request, and the form's address for a spec.
import { describe, expect, it } from 'vitest';
import type { GameInfo } from '../src/types';
import {
  changedParams,
  choicesFromQuery,
  defaultChoices,
  formProblems,
  formUrl,
  labRequest,
  levelLabel,
  withGame,
  withParam,
  withSeatCount,
} from '../src/view/lab_form';

const LEVELS = ['random', 'heuristic', 'easy', 'medium', 'hard'];
const LIMITS = { levels: LEVELS, max_games: 1000 };

// Two games as GET /api/games lists them (a few of their options).
const hustle: GameInfo = {
  id: 'hustle',
  name: 'Hustle',
  short_name: 'Hustle',
  blurb: '',
  min_players: 3,
  max_players: 8,
  params: [
    { name: 'lifesavers', type: 'int', default: '0', allowed: '0..12', help: 'lifesavers per player', min: 0, max: 12 },
    { name: 'allow_rotation', type: 'bool', default: 'false', allowed: 'true|false', help: 'turn a board' },
    { name: 'first_board_side', type: 'choice', default: 'a', allowed: 'a|b', help: 'side up', choices: ['a', 'b'] },
    { name: 'water', type: 'table', default: 'a: 6 7', allowed: 'table', help: 'water squares' },
  ],
};
const byeBye: GameInfo = { ...hustle, id: 'bye-bye', name: 'Bye-Bye Black Sheep', min_players: 2, max_players: 5 };
const param = (name: string) => hustle.params.find((p) => p.name === name)!;

describe('the lab form', () => {
  it('starts at three heuristic seats (or as many as the game needs), 200 games, seed 1', () => {
    expect(defaultChoices(hustle, LEVELS)).toEqual({
      game: 'hustle',
      params: {},
      seats: ['heuristic', 'heuristic', 'heuristic'],
      games: '200',
      seed: '1',
    });
    expect(defaultChoices({ ...byeBye, max_players: 2 }, LEVELS).seats).toHaveLength(2);
    expect(defaultChoices({ ...hustle, min_players: 4 }, LEVELS).seats).toHaveLength(4);
    expect(defaultChoices(hustle, ['random', 'hard']).seats[0]).toBe('random'); // no heuristic offered
  });

  it('keeps the levels chosen when the seats change, and what fits when the game does', () => {
    expect(withSeatCount(['easy', 'random', 'hard'], 4, LEVELS)).toEqual(['easy', 'random', 'hard', 'heuristic']);
    expect(withSeatCount(['easy', 'random', 'hard'], 2, LEVELS)).toEqual(['easy', 'random']);
    const chosen = { ...defaultChoices(hustle, LEVELS), seats: Array(6).fill('easy'), params: { lifesavers: '2' } };
    const moved = withGame(chosen, byeBye, LEVELS);
    expect(moved.game).toBe('bye-bye');
    expect(moved.seats).toEqual(Array(5).fill('easy')); // Bye-Bye seats at most 5
    expect(moved.params).toEqual({}); // another game's options
    expect(moved.games).toBe(chosen.games);
  });

  it('remembers only the options changed from their defaults', () => {
    let params = withParam({}, param('lifesavers'), '2');
    expect(params).toEqual({ lifesavers: '2' });
    params = withParam(params, param('allow_rotation'), 'true');
    params = withParam(params, param('lifesavers'), '0');
    expect(params).toEqual({ allow_rotation: 'true' });
  });

  it('refuses what the server would, field by field, before asking it', () => {
    const ok = defaultChoices(hustle, LEVELS);
    expect(formProblems(hustle, LIMITS, ok)).toEqual({});
    const bad = {
      ...ok,
      games: '0',
      seed: '-3',
      seats: ['easy', 'easy'],
      params: { lifesavers: '13', first_board_side: 'z', water: 'anything' },
    };
    expect(formProblems(hustle, LIMITS, bad)).toEqual({
      games: 'a whole number from 1 to 1000',
      seed: 'a whole number, 0 or more (up to 15 digits)',
      seats: 'Hustle is for 3 to 8 players',
      'param-lifesavers': 'a whole number from 0 to 12',
      'param-first_board_side': 'pick one of the list',
    });
    expect(formProblems(hustle, LIMITS, { ...ok, games: '1001' }).games).toBeDefined();
    expect(formProblems(hustle, LIMITS, { ...ok, games: '2.5' }).games).toBeDefined();
    expect(formProblems(hustle, LIMITS, { ...ok, games: '1000' })).toEqual({});
    expect(formProblems(hustle, LIMITS, { ...ok, seats: ['easy', 'easy', 'ismcts'] }).seats).toBe(
      'each seat needs one of the levels: random, heuristic, easy, medium, hard',
    );
    expect(formProblems(hustle, LIMITS, { ...ok, seed: '12345678901234567890' }).seed).toBeDefined();
  });

  it('sends numbers as numbers and only the changed options', () => {
    const choices = { ...defaultChoices(hustle, LEVELS), games: '60', seed: '7', params: { lifesavers: '1' } };
    expect(labRequest({ ...choices, seats: ['heuristic', 'easy', 'random'] })).toEqual({
      game: 'hustle',
      params: { lifesavers: '1' },
      seats: ['heuristic', 'easy', 'random'],
      games: 60,
      seed: 7,
    });
  });

  it("names a spec's options that differ from the defaults, all of them while the game is unknown", () => {
    const params = { lifesavers: '2', allow_rotation: 'false', first_board_side: 'a', water: 'a: 6 7', extra: 'x' };
    expect(changedParams(params, hustle)).toEqual([
      ['lifesavers', '2'],
      ['extra', 'x'],
    ]);
    expect(changedParams({ lifesavers: '2' }, undefined)).toEqual([['lifesavers', '2']]);
  });

  it('makes a link back to the form with the same spec, and reads it', () => {
    const spec = {
      game: 'hustle',
      params: { lifesavers: '2', allow_rotation: 'false', water: 'a: 1 2' },
      seats: ['heuristic', 'easy', 'random'],
      games: 60,
      seed: 4,
    };
    const url = formUrl(spec, hustle);
    expect(url).toBe(
      '/lab?game=hustle&seats=heuristic%2Ceasy%2Crandom&games=60&seed=4&param.lifesavers=2&param.water=a%3A+1+2',
    );
    const back = choicesFromQuery(url.slice(url.indexOf('?')), [byeBye, hustle], LEVELS);
    expect(back).toEqual({
      game: 'hustle',
      params: { lifesavers: '2', water: 'a: 1 2' },
      seats: ['heuristic', 'easy', 'random'],
      games: '60',
      seed: '4',
    });
    expect(choicesFromQuery('?game=chess', [hustle], LEVELS)).toBeNull();
    expect(choicesFromQuery('', [hustle], LEVELS)).toBeNull();
    // A level the lab does not offer becomes the default; a bad number stays, for the form to point out.
    expect(choicesFromQuery('?game=hustle&seats=hard,god,easy&games=x', [hustle], LEVELS)).toMatchObject({
      seats: ['hard', 'heuristic', 'easy'],
      games: 'x',
    });
  });

  it('says what each level is', () => {
    expect(levelLabel('heuristic')).toBe("heuristic (the game's rules of thumb)");
    expect(levelLabel('ismcts:iters=5')).toBe('ismcts:iters=5');
  });
});
