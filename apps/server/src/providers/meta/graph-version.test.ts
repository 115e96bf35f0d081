import { describe, expect, it } from 'vitest';
import { DEFAULT_GRAPH_VERSION, graphBaseUrl, graphVersionEnds, graphVersionRefusal } from './graph-version.js';

const DAY = 24 * 60 * 60 * 1000;

describe('the Graph API version', () => {
  // Dates from https://developers.facebook.com/docs/graph-api/changelog/versions/ (July 2026).
  it('defaults to a version Meta serves for at least 90 more days (move it on before this fails)', () => {
    const ends = graphVersionEnds(DEFAULT_GRAPH_VERSION);
    expect(ends, 'the default has a published end').not.toBeNull();
    expect(ends!.getTime() - Date.now()).toBeGreaterThan(90 * DAY);
  });

  it('refuses a version Meta no longer serves, and what is not a version', () => {
    const now = new Date('2027-02-01T00:00:00Z');
    expect(graphVersionRefusal('v21.0', now)).toBe('Meta stopped serving v21.0 on 2027-01-21');
    expect(graphVersionRefusal('v22.0', now)).toBeNull();
    expect(graphVersionRefusal('v27.0', now)).toBeNull();
    expect(graphVersionRefusal('21', now)).toMatch(/is not a Graph API version/);
  });

  it('is the last part of every server URL', () => {
    expect(graphBaseUrl('https://graph.facebook.com/', 'v25.0')).toBe('https://graph.facebook.com/v25.0');
  });
});
