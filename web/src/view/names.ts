// "1 card", "3 cards": a count with its noun in the right number.
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export const MAX_NAME_CHARS = 32;

// A name as a person typed it, checked as the server checks it (core/outside_text):
// trimmed; blank means "no name given"; 1–32 characters, no control characters,
// at least one visible character. The server checks again and has the last word.
export function checkName(typed: string): { name: string | null; problem?: string } {
  const name = typed.trim();
  if (!name) return { name: null };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name))
    return { name: null, problem: 'a name cannot hold control characters' };
  if (!/[^\s\u200b-\u200f\u2060-\u2064\ufeff\u00ad]/.test(name))
    return { name: null, problem: 'a name needs a visible character' };
  const length = [...name].length;
  if (length > MAX_NAME_CHARS)
    return { name: null, problem: `a name is at most ${MAX_NAME_CHARS} characters (this one has ${length})` };
  return { name };
}
