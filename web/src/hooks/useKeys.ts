// The keyboard of the table and replay pages: keys typed into a form field
// (a name, the chat, the replay's slider or view) are the field's, not the page's.
import { useEffect } from 'preact/hooks';

const typingIn = (target: EventTarget | null): boolean =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

// onKey should be stable (useCallback): the listener is put back whenever it changes, so it never reads stale state.
export function useKeys(onKey: (e: KeyboardEvent) => void): void {
  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      if (!typingIn(e.target)) onKey(e);
    };
    addEventListener('keydown', listener);
    return () => removeEventListener('keydown', listener);
  }, [onKey]);
}
