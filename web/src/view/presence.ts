// Who is at the table: each person's seat, connected or away, the bots, and
// how many watch; read from GET /api/tables/{id} (the lobby's view of a table).
import type { LobbyTable } from '../types';

export interface Presence {
  seats: { name: string; state: 'here' | 'away' | 'bot' }[];
  watching: number;
}

export function presenceOf(table: LobbyTable): Presence {
  return {
    seats: table.seats.map((s) => ({
      name: s.name,
      state: s.agent !== 'human' ? 'bot' : s.connected ? 'here' : 'away',
    })),
    watching: table.spectators ?? 0,
  };
}
