// The balance lab's form (/lab): what the person chose, what is wrong with it
// before the server is asked, the request it makes, and the same choices as a
// link (/lab?game=…), so that a failed job's page can send them back to the
// form as they were.
import type { LabSpec } from '../lab';
import type { GameInfo, GameParam } from '../types';

export const DEFAULT_GAMES = 200;
export const DEFAULT_SEED = 1;
// The rules of thumb: quick, and steadier than the searches for comparing options.
export const DEFAULT_LEVEL = 'heuristic';

// Each level in a few words (docs/agents.md, "Levels"); easy to hard are the bots players meet.
const LEVEL_WORDS: Record<string, string> = {
  random: 'any legal move',
  heuristic: "the game's rules of thumb",
  easy: 'the easy bot',
  medium: 'the medium bot',
  hard: 'the hard bot, a full search: slow',
};
export const levelLabel = (level: string): string => (LEVEL_WORDS[level] ? `${level} (${LEVEL_WORDS[level]})` : level);

// Numbers are kept as typed, so that a half-typed one can be said to be wrong.
export interface LabChoices {
  game: string;
  params: Record<string, string>; // only the options changed from their defaults
  seats: string[]; // a level per seat
  games: string;
  seed: string;
}

const fallbackLevel = (levels: string[]) => (levels.includes(DEFAULT_LEVEL) ? DEFAULT_LEVEL : (levels[0] ?? ''));

// A game's choices at their defaults: as many seats as it needs at least, three where it can.
export function defaultChoices(game: GameInfo, levels: string[]): LabChoices {
  const count = Math.max(game.min_players, Math.min(3, game.max_players));
  return {
    game: game.id,
    params: {},
    seats: Array(count).fill(fallbackLevel(levels)),
    games: String(DEFAULT_GAMES),
    seed: String(DEFAULT_SEED),
  };
}

// Seats kept from before keep their level; new ones get the default.
export function withSeatCount(seats: string[], count: number, levels: string[]): string[] {
  return Array.from({ length: count }, (_, i) => seats[i] ?? fallbackLevel(levels));
}

// Another game: its own options and seat range; the levels and the counts stay where they fit.
export function withGame(choices: LabChoices, game: GameInfo, levels: string[]): LabChoices {
  const count = Math.max(game.min_players, Math.min(choices.seats.length, game.max_players));
  return { ...choices, game: game.id, params: {}, seats: withSeatCount(choices.seats, count, levels) };
}

// A param set back to its default is forgotten, so that only real changes are sent and shown.
export function withParam(params: Record<string, string>, param: GameParam, value: string): Record<string, string> {
  const rest = { ...params };
  delete rest[param.name];
  return value === param.default ? rest : { ...rest, [param.name]: value };
}

const isWhole = (text: string) => /^\s*\d+\s*$/.test(text);

// Why an option's value would be refused, '' when it would not. Free text
// (tables of cards and such) is the server's to judge.
export function paramProblem(param: GameParam, value: string): string {
  if (param.type === 'bool') return value === 'true' || value === 'false' ? '' : 'on or off';
  if (param.type === 'choice' && param.choices) return param.choices.includes(value) ? '' : 'pick one of the list';
  if (param.type === 'int') {
    const [min, max] = [param.min ?? 0, param.max ?? Number.MAX_SAFE_INTEGER];
    if (!isWhole(value) || Number(value) < min || Number(value) > max) return `a whole number from ${min} to ${max}`;
  }
  return '';
}

export interface LabLimits {
  levels: string[];
  max_games: number;
}

// What is wrong with the choices, by field: `games`, `seed`, `seats` and
// `param-<name>`; empty when the form may be sent.
export function formProblems(game: GameInfo, limits: LabLimits, choices: LabChoices): Record<string, string> {
  const problems: Record<string, string> = {};
  const games = choices.games;
  if (!isWhole(games) || Number(games) < 1 || Number(games) > limits.max_games)
    problems.games = `a whole number from 1 to ${limits.max_games}`;
  if (!isWhole(choices.seed) || !Number.isSafeInteger(Number(choices.seed)))
    problems.seed = 'a whole number, 0 or more (up to 15 digits)';
  const count = choices.seats.length;
  if (count < game.min_players || count > game.max_players)
    problems.seats = `${game.name} is for ${game.min_players} to ${game.max_players} players`;
  else if (choices.seats.some((level) => !limits.levels.includes(level)))
    problems.seats = `each seat needs one of the levels: ${limits.levels.join(', ')}`;
  for (const param of game.params) {
    const problem = paramProblem(param, choices.params[param.name] ?? param.default);
    if (problem) problems[`param-${param.name}`] = problem;
  }
  return problems;
}

// POST /api/lab's body: the options left out take their defaults.
export function labRequest(choices: LabChoices): LabSpec {
  return {
    game: choices.game,
    params: { ...choices.params },
    seats: [...choices.seats],
    games: Number(choices.games),
    seed: Number(choices.seed),
  };
}

// The options of a spec that differ from the game's defaults, in the game's order
// (a spec from the server lists every option); any the game does not list, after them:
// all of them while the game's list is not known.
export function changedParams(params: Record<string, string>, game: GameInfo | undefined): [string, string][] {
  const known = game?.params ?? [];
  const changed = known.filter((p) => p.name in params && params[p.name] !== p.default).map((p) => p.name);
  const unknown = Object.keys(params).filter((name) => !known.some((p) => p.name === name));
  return [...changed, ...unknown].map((name) => [name, params[name]]);
}

const PARAM_PREFIX = 'param.';

// The form's address with a spec filled in: /lab?game=…&seats=a,b&games=…&seed=…&param.<name>=….
export function formUrl(spec: LabSpec, game: GameInfo | undefined): string {
  const query = new URLSearchParams({
    game: spec.game,
    seats: spec.seats.join(','),
    games: String(spec.games),
    seed: String(spec.seed),
  });
  for (const [name, value] of changedParams(spec.params, game)) query.set(PARAM_PREFIX + name, value);
  return `/lab?${query}`;
}

// The choices such an address asks for, over the game's defaults; null when
// it names no game this server has. What does not fit is left as asked, for
// formProblems to point out, except levels the lab does not offer.
export function choicesFromQuery(search: string, games: GameInfo[], levels: string[]): LabChoices | null {
  const query = new URLSearchParams(search);
  const game = games.find((g) => g.id === query.get('game'));
  if (!game) return null;
  const choices = defaultChoices(game, levels);
  const seats = query.get('seats')?.split(',').filter(Boolean);
  if (seats?.length) choices.seats = seats.map((level) => (levels.includes(level) ? level : fallbackLevel(levels)));
  choices.games = query.get('games') ?? choices.games;
  choices.seed = query.get('seed') ?? choices.seed;
  for (const param of game.params) {
    const value = query.get(PARAM_PREFIX + param.name);
    if (value !== null) choices.params = withParam(choices.params, param, value);
  }
  return choices;
}
