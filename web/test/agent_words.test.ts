import { describe, expect, it } from 'vitest';
import { describeAgent } from '../src/view/agent_words';

describe('describeAgent', () => {
  it('names the browser and the system of common agents', () => {
    expect(
      describeAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(describeAgent('Mozilla/5.0 (Android 14; Mobile; rv:130.0) Gecko/130.0 Firefox/130.0')).toBe(
      'Firefox on Android',
    );
    expect(
      describeAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(
      describeAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      ),
    ).toBe('Edge on Windows');
  });
  it('says something for programs and empty agents', () => {
    expect(describeAgent('curl/8.0')).toBe('curl');
    expect(describeAgent('')).toBe('a program');
    expect(describeAgent('my-bot 1.0')).toBe('my-bot 1.0');
  });
});
