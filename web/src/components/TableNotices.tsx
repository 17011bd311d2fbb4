// Between the table's header and its board: who is at the table, a name to
// give, seats a bot plays, whose turn it is, a decision out of turn, an error.
import type { TableConnectionState } from '../hooks/useTableConnection';
import type { StateFrame } from '../types';
import { outOfTurnPrompt, turnLine } from '../view/turn';
import { NameYourself } from './NameYourself';
import { PeopleBar } from './PeopleBar';
import { StandIns } from './StandIns';

export function TableNotices(props: {
  connection: TableConnectionState;
  frame: StateFrame;
  names: string[];
  you: number[];
  hotseat: boolean;
}) {
  const { connection, frame, names, you } = props;
  const { presence, clocks } = connection.people;
  const online = connection.status === 'open';
  // A person holding one seat still named "P2" may name it (the lobby's name, if given, was sent on joining).
  const nameless = you.length === 1 && /^P\d+$/.test(names[you[0]] ?? '') && !props.hotseat;
  const prompt = online ? outOfTurnPrompt(frame, names) : null;
  return (
    <>
      {presence && <PeopleBar presence={presence} clocks={clocks} />}
      {nameless && <NameYourself onName={connection.rename} />}
      <StandIns presence={presence} you={you} onBack={connection.back} />
      <p class="turn-line" id="turn-line" aria-live="polite">
        {turnLine(frame, names, you, online)}
      </p>
      {prompt && (
        <p class="prompt" role="alert">
          {prompt}
        </p>
      )}
      {connection.error && (
        <p class="error" role="alert">
          {connection.error}
        </p>
      )}
    </>
  );
}
