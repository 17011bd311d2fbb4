// Just enough Markdown for the how-to-play pages: headings, paragraphs, lists.
// Text only (no HTML is produced), so nothing in a page can inject markup.
export interface Block {
  kind: 'h1' | 'h2' | 'p' | 'list';
  text: string;
  items?: string[];
}

const plain = (s: string) =>
  s
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

// A page's words only: <!-- terminal --> ... <!-- /terminal --> blocks speak of
// a terminal's menu and options, and are left out; <!-- page --> markers go.
export function forThePage(source: string): string {
  return source.replace(/<!-- terminal -->[\s\S]*?<!-- \/terminal -->\n?/g, '').replace(/^<!-- \/?page -->\n?/gm, '');
}

export function markdownBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of forThePage(source).split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    const heading = /^(#+)\s+(.*)$/.exec(lines[0]);
    if (heading && lines.length === 1) {
      blocks.push({ kind: heading[1].length === 1 ? 'h1' : 'h2', text: plain(heading[2]) });
      continue;
    }
    if (/^\s*([-*]|\d+\.)\s/.test(lines[0])) {
      const items: string[] = [];
      for (const line of lines) {
        if (/^\s*([-*]|\d+\.)\s/.test(line)) items.push(line.replace(/^\s*([-*]|\d+\.)\s+/, ''));
        else items[items.length - 1] += ' ' + line.trim();
      }
      blocks.push({ kind: 'list', text: '', items: items.map(plain) });
      continue;
    }
    blocks.push({ kind: 'p', text: plain(lines.join(' ')) });
  }
  return blocks;
}
