// Words on the table page that a new player read wrongly (issue 50, item 4):
// each test pins the plain reading.
import { describe, expect, it } from 'vitest';
import { VIEWS } from '../src/boards';
import { lastMoveMarks, lastMoveWords } from '../src/view/board';
import { SAMPLE } from './observations';

const names = ['Ann', 'Bob', 'P3'];

describe('the last-move badge', () => {
  it("a last-move badge says whose move it was, so it never reads as 'this is you'", () => {
    const obs = { ...SAMPLE['bye-bye'], seats: [...SAMPLE['bye-bye'].seats, SAMPLE['bye-bye'].seats[1]] };
    const layout = VIEWS['bye-bye'].layout(obs, names, 0);
    // You drew from Bob, and so did the third seat (named by the server "P3"): both marks sit on Bob's zone.
    const onBob = { zone: 'seat', piece: '1', kind: 'draw' };
    const marks = lastMoveMarks(
      layout,
      [
        { seat: 0, target: onBob },
        { seat: 2, target: onBob },
      ],
      names,
      0,
    );
    expect(lastMoveWords(marks.get('seat:1')!)).toBe("your and P3's last moves");
    expect(lastMoveWords(['you'])).toBe('your last move');
    expect(lastMoveWords(['Bob'])).toBe("Bob's last move");
    expect(lastMoveWords(['Ann', 'Bob', 'P3'])).toBe("Ann's, Bob's and P3's last moves");
  });
});
