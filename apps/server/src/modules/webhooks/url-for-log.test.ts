import { describe, expect, it } from 'vitest';
import { urlForLog } from './url-for-log.js';

describe('urlForLog', () => {
  it("hides the query's values, keeping their names and the rest of the URL", () => {
    expect(urlForLog('https://hooks.example.com/in?token=s3cret&x=1&x=2')).toBe(
      'https://hooks.example.com/in?token=…&x=…',
    );
    expect(urlForLog('https://hooks.example.com:8443/a/b')).toBe('https://hooks.example.com:8443/a/b');
    expect(urlForLog('not a url')).toBe('not a url');
  });
});
