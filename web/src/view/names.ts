export const GAME_NAMES: Record<string, string> = {
  'black-sheep': 'Black Sheep',
  'bye-bye': 'Bye-Bye Black Sheep',
  hustle: 'Hustle',
  'boom-bah': 'Boom Bah',
  disguise: 'Disguise',
};
