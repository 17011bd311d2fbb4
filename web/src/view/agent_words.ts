// "Firefox on Android" from a User-Agent: enough to tell one's devices apart
// (the whole text is the tooltip). The first pattern that matches names it.
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/^curl\//, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];
const first = (agent: string, names: [RegExp, string][]) => names.find(([pattern]) => pattern.test(agent))?.[1];

export function describeAgent(agent: string): string {
  if (!agent) return 'a program';
  const browser = first(agent, BROWSERS);
  const system = first(agent, SYSTEMS);
  if (!browser && !system) return agent.slice(0, 40);
  return `${browser ?? 'a browser'}${system ? ` on ${system}` : ''}`;
}
