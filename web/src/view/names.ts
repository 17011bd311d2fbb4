export const GAME_NAMES: Record<string, string> = {
  'black-sheep': 'Black Sheep',
  'bye-bye': 'Bye-Bye Black Sheep',
  hustle: 'Hustle',
  'boom-bah': 'Boom Bah',
  disguise: 'Disguise',
};

// "1 card", "3 cards": a count with its noun in the right number.
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
