import { seatName } from './board';

export function clampStep(step: number, frames: number): number {
  return Math.max(0, Math.min(frames - 1, step));
}

// "Step 3 of 40: Bob: draw from P3" (step 0 is the setup).
export function stepCaption(
  step: number,
  data: { actions: string[]; actors: number[]; frames: unknown[] },
  names: string[],
): string {
  const total = data.frames.length - 1;
  if (step === 0) return `Set-up (0 of ${total})`;
  return `Step ${step} of ${total}: ${seatName(names, data.actors[step - 1])} — ${data.actions[step - 1]}`;
}
