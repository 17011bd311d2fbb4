// A table opened with its link joins "My games" in the lobby (a friend's invite included).
import { useEffect } from 'preact/hooks';
import { rememberGame } from '../view/my_games';

export function useRememberTable(table: string, token: string | null, game: string | undefined, you: number[]): void {
  // A string, so that the same seats in a new array do not write the entry again.
  const heldSeats = you.join(',');
  useEffect(() => {
    if (!game || !token) return;
    rememberGame({
      table,
      game,
      url: location.pathname + location.hash,
      token,
      seats: heldSeats ? heldSeats.split(',').map(Number) : [],
    });
  }, [table, token, game, heldSeats]);
}
