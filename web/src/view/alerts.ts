// Telling a person their turn has come when they are not looking: an optional
// sound, and a browser notification while the tab is hidden (where allowed).
// Both only when the decision becomes theirs, never again for the same one.

export interface AlertChoice {
  sound: boolean;
  notify: boolean; // the person turned notifications on (the browser's permission is asked then)
}

// What to do as `yours` goes from `before` to `now`.
export function alertsFor(
  before: boolean,
  now: boolean,
  hidden: boolean,
  choice: AlertChoice,
  permission: string,
): { sound: boolean; notification: boolean } {
  const started = now && !before;
  return {
    sound: started && choice.sound,
    notification: started && hidden && choice.notify && permission === 'granted',
  };
}

// Two short soft notes, made on the spot (no sound file to fetch).
export function playTurnSound(): void {
  const Context = window.AudioContext;
  if (!Context) return;
  const audio = new Context();
  [660, 880].forEach((frequency, i) => {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.08, audio.currentTime + i * 0.16);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + i * 0.16 + 0.15);
    tone.connect(gain).connect(audio.destination);
    tone.start(audio.currentTime + i * 0.16);
    tone.stop(audio.currentTime + i * 0.16 + 0.16);
  });
  setTimeout(() => void audio.close(), 600);
}

export function showTurnNotification(title: string, body: string): void {
  if (typeof Notification === 'undefined') return;
  const note = new Notification(title, { body, tag: 'bellwether-turn' });
  note.onclick = () => {
    window.focus();
    note.close();
  };
}
