// The lobby's new-table form: what the person chose (their name, kept by the
// browser, names their first seat), and create(), which makes the table, keeps
// it in My games and, when nobody is to be sent a link, goes to it.
import { useState } from 'preact/hooks';
import { createTable, type CreateReply, type CreateRequest } from '../api';
import { loadName, saveName } from '../prefs';
import type { GameInfo } from '../types';
import { rememberGame } from '../view/my_games';
import { checkName } from '../view/names';
import { defaultSeats, planSeats, type SeatPlan } from '../view/seats';
import { timeRequest } from '../view/time_choices';

export interface TableChoices {
  typedName: string;
  count: number;
  seats: string[]; // a SEAT_CHOICES value per seat
  isPublic: boolean;
  rated: boolean; // docs/ratings.md: people signed in, a clock, not at one screen
  timeChoice: string; // a TIME_CHOICES value
  awaySeconds: number;
  standIn: string; // the bot that plays for someone gone
  params: Record<string, string>; // only the options changed from their defaults
}

function initialChoices(game: GameInfo): TableChoices {
  const count = Math.min(3, game.max_players);
  const base = { typedName: loadName(), count, seats: defaultSeats(count), isPublic: false, rated: false };
  return { ...base, timeChoice: 'none', awaySeconds: 120, standIn: 'medium', params: {} };
}

function createRequest(game: GameInfo, choices: TableChoices, plan: SeatPlan, name: string | null): CreateRequest {
  return {
    game: game.id,
    params: choices.params,
    seats: plan.seats.map((seat, i) => (name && i === plan.mine[0] ? { ...seat, name } : seat)),
    public: choices.isPublic || plan.open.length > 0, // an open seat is taken from the lobby's list
    hotseat: plan.hotseat,
    ...timeRequest(choices.timeChoice, choices.awaySeconds, choices.standIn),
    ...(choices.rated ? { rated: true } : {}),
  };
}

// My games keeps the link this browser plays with (the watch link when it plays no seat) and the friends' links.
function rememberCreated(game: GameInfo, reply: CreateReply, plan: SeatPlan): void {
  const own = reply.hotseat ?? reply.invites.find((i) => !plan.friends.includes(i.seat ?? -1));
  rememberGame({
    table: reply.table,
    game: game.id,
    url: own?.url ?? reply.spectator.url,
    token: own?.token ?? reply.spectator.token,
    seats: reply.hotseat?.seats ?? (own?.seat !== undefined ? [own.seat] : []),
    invites: reply.invites
      .filter((i) => plan.friends.includes(i.seat ?? -1))
      .map((i) => ({ seat: i.seat!, url: i.url })),
    spectator: reply.spectator.url,
  });
}

// onCreated: the lobby asks for its open tables again (a public table is one of them now).
export function useNewTableForm(game: GameInfo, onCreated?: () => void) {
  const [choices, setChoices] = useState(() => initialChoices(game));
  const [error, setError] = useState('');
  const [reply, setReply] = useState<CreateReply | null>(null);
  const named = checkName(choices.typedName);
  const plan = planSeats(choices.seats);

  const choose = <K extends keyof TableChoices>(key: K, value: TableChoices[K]) =>
    setChoices((before) => ({ ...before, [key]: value }));
  // Seats kept from before keep their choice; new ones get the medium bot.
  const changeCount = (count: number) =>
    setChoices((before) => ({
      ...before,
      count,
      seats: Array.from({ length: count }, (_, i) => before.seats[i] ?? 'medium'),
    }));

  const create = async () => {
    setError('');
    if (named.problem) {
      setError(`Your name: ${named.problem}.`);
      return;
    }
    saveName(named.name);
    try {
      const r = await createTable(createRequest(game, choices, plan, named.name));
      setReply(r);
      rememberCreated(game, r, plan);
      onCreated?.();
      if (plan.friends.length === 0 && plan.open.length === 0 && !choices.isPublic)
        location.href = r.hotseat?.url ?? r.invites[0].url;
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return { choices, choose, changeCount, named, plan, create, error, reply };
}

export type NewTableForm = ReturnType<typeof useNewTableForm>;
