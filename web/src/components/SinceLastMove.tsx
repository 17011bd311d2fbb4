// Above the board at the person's turn: what the others did since their last move.
export function SinceLastMove({ since }: { since: { lines: string[]; more: number } }) {
  if (since.lines.length === 0) return null;
  return (
    <div class="since" aria-label="since your last move">
      <h3>Since your last move</h3>
      <ul>
        {since.more > 0 && <li class="small">{since.more} earlier (in the log), then:</li>}
        {since.lines.map((line) => (
          <li>{line}</li>
        ))}
      </ul>
    </div>
  );
}
