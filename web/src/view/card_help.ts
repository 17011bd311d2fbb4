// What each card does, in one line, for tooltips and long presses: read from
// docs/rules/<game>.cards.md (the project's own words), bundled at build time.
import type { Layout } from './board';

const FILES = import.meta.glob('../../../docs/rules/*.cards.md', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

// "- **Steal**: take a random card..." lines, by lower-case card name.
export function parseCardHelp(markdown: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of markdown.split('\n')) {
    const m = /^- \*\*(.+?)\*\*: (.+)$/.exec(line.trim());
    if (m) out.set(m[1].toLowerCase(), m[2]);
  }
  return out;
}

export function cardHelp(game: string): Map<string, string> {
  const file = Object.entries(FILES).find(([path]) => path.endsWith(`/${game}.cards.md`));
  return file ? parseCardHelp(file[1]) : new Map();
}

// A piece's line: by its name, or its name without a colour ("red Wolf") or a
// verb ("play Steal"), as boards write them.
export function helpFor(help: Map<string, string>, label: string): string | undefined {
  const name = label.toLowerCase();
  return (
    help.get(name) ?? help.get(name.replace(/^(red|blue|yellow|green) /, '')) ?? help.get(name.replace(/^play /, ''))
  );
}

export function withHelp(layout: Layout, help: Map<string, string>): Layout {
  if (help.size === 0) return layout;
  for (const zone of layout.zones)
    for (const piece of zone.pieces)
      if (!piece.back && piece.help === undefined) piece.help = helpFor(help, piece.label);
  return layout;
}
