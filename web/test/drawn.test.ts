/// <reference types="vite/client" />
// Every field of a seat's observation is drawn on its board, or its board file
// says why not (notDrawn). A new field the server sends then fails here until
// a board shows it or a reason is written down.
//
// "Drawn" is measured, not declared: the field is changed in real
// observations (every `obs` line of tests/playthroughs/*.txt) and the board's
// layout must change with it.
import { describe, expect, it } from 'vitest';
import { VIEWS } from '../src/boards';
import { OBSERVATION_FIELDS, type GameId } from '../src/generated/observations';

const goldens: Record<string, string> = import.meta.glob('../../tests/playthroughs/*.txt', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const names = ['Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay'];

// Real observations per game, from the golden playthroughs.
function observations(): Map<string, Record<string, unknown>[]> {
  const out = new Map<string, Record<string, unknown>[]>();
  for (const text of Object.values(goldens)) {
    const lines = text.split('\n');
    const game = lines.find((l) => l.startsWith('game '))?.slice(5);
    if (!game) continue;
    const list = out.get(game) ?? [];
    for (const line of lines) if (line.startsWith('obs ')) list.push(JSON.parse(line.slice(line.indexOf('{'))));
    out.set(game, list);
  }
  return out;
}

type Json = unknown;

// Other values of the same shape: the board must show the difference.
function variants(value: Json): Json[] {
  if (typeof value === 'number') return [value + 7];
  if (typeof value === 'string') return [`${value}Zq`];
  if (typeof value === 'boolean') return [!value];
  if (Array.isArray(value)) {
    if (!value.length) return [['Zq'], [7]];
    return [[...value, value[0]], value.slice(1), [variants(value[0])[0], ...value.slice(1)]];
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const sample = entries.length ? entries[0][1] : 1;
    const added = { ...value, Zq: Array.isArray(sample) ? [7] : typeof sample === 'string' ? 'Zq' : 1 };
    const out: Json[] = [added];
    if (entries.length) out.push({ ...value, [entries[0][0]]: variants(entries[0][1])[0] });
    return out;
  }
  return [];
}

// Copies of `obs` with the field at `path` changed, one element of the first
// list on the way at a time (a seat's field may be drawn for others only).
function changed(obs: Json, path: string[]): Json[] {
  const [head, ...rest] = path;
  if (!obs || typeof obs !== 'object' || Array.isArray(obs)) return [];
  const record = obs as Record<string, Json>;
  const list = head.endsWith('[]');
  const key = list ? head.slice(0, -2) : head;
  if (!(key in record) || record[key] === null) return [];
  if (!list) {
    const inner = rest.length ? changed(record[key], rest) : variants(record[key]);
    return inner.map((v) => ({ ...record, [key]: v }));
  }
  const items = record[key];
  if (!Array.isArray(items)) return [];
  return items.flatMap((item, i) =>
    changed(item, rest).map((v) => ({ ...record, [key]: items.map((x, j) => (j === i ? v : x)) })),
  );
}

function layoutText(game: GameId, obs: Json): string {
  try {
    const viewer = (obs as { viewer?: number }).viewer ?? null;
    return JSON.stringify(VIEWS[game].layout(obs as never, names, viewer));
  } catch (e) {
    return `threw: ${String(e)}`; // the board reads the field
  }
}

const seen = observations();

describe('every observation field is drawn or says why not', () => {
  for (const game of Object.keys(OBSERVATION_FIELDS) as GameId[]) {
    it(game, () => {
      const all = seen.get(game) ?? [];
      expect(all.length, `no golden playthrough of ${game}`).toBeGreaterThan(0);
      const notDrawn = VIEWS[game].notDrawn;
      const problems: string[] = [];
      for (const field of OBSERVATION_FIELDS[game]) {
        if (field in notDrawn) {
          if (!notDrawn[field].trim()) problems.push(`${game} ${field}: listed as not drawn without a reason`);
          continue;
        }
        const path = field.split('.');
        let tried = 0,
          drawn = false;
        for (const obs of all) {
          const variantsHere = changed(obs, path);
          if (!variantsHere.length) continue;
          const before = layoutText(game, obs);
          tried++;
          if (variantsHere.some((v) => layoutText(game, v) !== before)) {
            drawn = true;
            break;
          }
        }
        if (!tried) problems.push(`${game} ${field}: in no golden observation, so it cannot be checked`);
        else if (!drawn) problems.push(`${game} ${field}: not drawn (changing it changes nothing on the board)`);
      }
      // Reasons must name fields that exist.
      for (const field of Object.keys(notDrawn))
        if (!OBSERVATION_FIELDS[game].includes(field)) problems.push(`${game} ${field}: in notDrawn but not a field`);
      expect(problems).toEqual([]);
    });
  }
});
