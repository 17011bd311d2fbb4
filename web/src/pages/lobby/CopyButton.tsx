// Copies a link; where the browser refuses the clipboard (a page not on https), says to copy by hand.
import { useState } from 'preact/hooks';

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [done, setDone] = useState('');
  return (
    <button
      type="button"
      class="copy"
      onClick={() =>
        navigator.clipboard
          ?.writeText(text)
          .then(() => setDone('Copied'))
          .catch(() => setDone('Select the link and copy it'))
      }
    >
      {done || label}
    </button>
  );
}
