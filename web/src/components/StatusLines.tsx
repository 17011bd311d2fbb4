// The board's status lines (whose turn, what phase, what is left), shown above it.
export function StatusLines({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <ul class="status-lines">
      {lines.map((s) => (
        <li>{s}</li>
      ))}
    </ul>
  );
}
