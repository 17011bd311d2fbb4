import { useLayoutEffect, useRef } from 'preact/hooks';

// Above the board at the person's turn: what the others did since their last
// move. On a phone the box is short and scrolls (style.css): it opens on its last lines.
export function SinceLastMove({ since }: { since: { lines: string[]; more: number } }) {
  const box = useRef<HTMLUListElement | null>(null);
  useLayoutEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [since]);
  if (since.lines.length === 0) return null;
  return (
    <div class="since" aria-label="since your last move">
      <h3>Since your last move</h3>
      {/* Focusable: on a phone its lines scroll in the box (style.css), and a keyboard must reach them too. */}
      <ul ref={box} tabIndex={0}>
        {since.more > 0 && <li class="small">{since.more} earlier (in the log), then:</li>}
        {since.lines.map((line) => (
          <li>{line}</li>
        ))}
      </ul>
    </div>
  );
}
