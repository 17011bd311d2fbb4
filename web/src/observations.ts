// What a seat's observation holds, per game (the server's observation_json).
// Count maps such as a hand ({"cow": 2}) are records of card name to count.

type Counts = Record<string, number>;

export interface BlackSheepObservation {
  active: number;
  deck: number;
  discard: Counts;
  end_game: boolean;
  fields: { completed_at?: number[]; figures?: string[]; sides?: string[][]; flipped?: boolean }[];
  hand?: Counts;
  phase: string;
  seats: {
    corral: Counts;
    hand_size: number;
    corral_values?: Record<string, number[]>;
    score?: number;
    secret_tasks?: string[];
  }[];
  stock: Counts;
  to_move: number;
  turn: number;
  viewer: number;
  community_tasks?: string[];
  chosen_field?: number;
  placed?: number;
  side_start?: number;
  winners?: number[];
}

export interface ByeByeObservation {
  active: number;
  draw_pile: number;
  draws_this_turn: number;
  hand?: Counts;
  magpie_in_play: boolean;
  phase: string;
  picks?: string[];
  quiet_turns: number;
  seats: { hand_size: number; known_absent: string[]; known_in_hand: Counts; specials_in_hand: number; zoo: Counts }[];
  special_pool?: Counts;
  start_player: number;
  target_triplets: number;
  to_move: number;
  turn: number;
  viewer: number;
  watering_hole: string[];
  zoo_allowance: number;
  pending_seat?: number;
  wolf_stash?: { cards: Counts; seat: number };
  winners?: number[];
}

export interface HustleObservation {
  active: number;
  boards: string[];
  cherub: number;
  imp: number;
  pad_supply: string[];
  phase: string;
  round: number;
  seats: {
    cards_laid: number;
    discard: number[];
    hand: number[];
    has_bid: boolean;
    lifesavers: number;
    pads: string[];
    square: number;
    bid?: string;
    out_at?: number;
  }[];
  start_player: number;
  to_move: number;
  viewer: number;
  water: number[][];
  run_back?: number;
  pending_change?: number;
  winners?: number[];
}

export interface BoomBahObservation {
  actions_left: number;
  active: number;
  board: string[];
  discards: Counts;
  draw_pile: number;
  end_triggered: boolean;
  hand?: Counts;
  hidden_tiles: number;
  phase: string;
  seats: {
    barn: number[];
    barnyard: number;
    graveyard: number;
    hand_size: number;
    needs_refill: boolean;
    to_place: number;
    hand?: Counts;
  }[];
  to_move: number;
  turn: number;
  under_sheep: Record<string, string>;
  viewer: number;
  mine?: string;
  card_in_question?: { card: string; eieino_played: number; played_by: number };
  bump?: { direction: string; from: string };
  trigger_seat?: number;
  winners?: number[];
}

export interface DisguiseObservation {
  active: number;
  discard: Counts;
  draw_pile: number;
  field: string[];
  hand?: Counts;
  phase: string;
  seats: { flocks: { exposed: boolean; sheep?: string[]; type: string }[]; hand_size: number; known_in_hand: Counts }[];
  target_flocks: number;
  to_move: number;
  traded: boolean;
  turn: number;
  viewer: number;
  in_play?: { cards: number; play: string };
  nice_try_depth?: number;
  gimme?: string;
  attack?: string;
  passing?: string;
  flock?: { owner: number; slot: number };
  winners?: number[];
}

export interface ObservationByGame {
  'black-sheep': BlackSheepObservation;
  'bye-bye': ByeByeObservation;
  hustle: HustleObservation;
  'boom-bah': BoomBahObservation;
  disguise: DisguiseObservation;
}

export type GameId = keyof ObservationByGame;
export type Observation = ObservationByGame[GameId];
