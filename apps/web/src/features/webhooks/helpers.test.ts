import { chatWebhookTopics, WEBHOOK_RETRY_SCHEDULE_MS, type Webhook } from '@pc/contract';
import { describe, expect, it } from 'vitest';
import { fromDateTimeLocal, lastDayRange, toDateTimeLocal } from './dateTimeLocal';
import { failingHours, formatDuration, retryScheduleText } from './schedule';
import { chatWebhookOf, topicsNotOffered, topicsSummary } from './topics';

const webhook = (id: string, topics: string[], created_at: string): Webhook => ({
  _id: id,
  project_id: 'p1',
  topics,
  webhook_url: `https://example.com/${id}`,
  shared_secret: null,
  previous_secret_expires_at: null,
  created_at,
  status: 'ENABLED',
  disabledReason: null,
  disabledAt: null,
});

describe('topics', () => {
  it('shows the first topic and counts the others', () => {
    expect(topicsSummary(['message.created', 'contact.created', 'contact.tag.added'])).toBe('message.created +2');
    expect(topicsSummary(['contact.created'])).toBe('contact.created');
    expect(topicsSummary([])).toBe('-');
  });

  it('keeps the topics a dialog does not offer', () => {
    expect(topicsNotOffered(['message.created', 'contact.created'], ['contact.created'])).toEqual(['message.created']);
    expect(topicsNotOffered(['contact.created'], ['contact.created'])).toEqual([]);
  });

  it("finds the chat webhook as the server's Generate does: the oldest with the spec's two topics and no other", () => {
    const hooks = [
      webhook('a', ['contact.created'], '2025-01-01T00:00:00.000Z'),
      webhook('b', ['message.status.updated', 'contact.tag.added'], '2025-06-01T00:00:00.000Z'),
      webhook('c', ['message.created', ...chatWebhookTopics], '2025-07-01T00:00:00.000Z'),
      webhook('d', ['message.status.updated', 'message.sender.user'], '2026-01-02T00:00:00.000Z'),
      webhook('e', [...chatWebhookTopics], '2026-01-01T00:00:00.000Z'),
    ];
    expect(chatWebhookOf(hooks)?._id).toBe('e');
    expect(chatWebhookOf(hooks.slice(0, 4))?._id).toBe('d');
    expect(chatWebhookOf(hooks.slice(0, 3))).toBeNull();
    expect(chatWebhookOf([])).toBeNull();
  });
});

describe('retry schedule', () => {
  it('writes each wait in its largest units', () => {
    expect(formatDuration(5_000)).toBe('5 s');
    expect(formatDuration(300_000)).toBe('5 min');
    expect(formatDuration(5_400_000)).toBe('1 h 30 min');
    expect(formatDuration(90_061_000)).toBe('1 d 1 h 1 min 1 s');
    expect(formatDuration(250)).toBe('250 ms');
  });

  it("reads the contract's schedule", () => {
    expect(retryScheduleText()).toBe('5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 1 d');
    expect(retryScheduleText([1_000, 60_000])).toBe('1 s, 1 min');
    expect(WEBHOOK_RETRY_SCHEDULE_MS.length).toBeGreaterThan(0);
  });

  it('says how long a disabled webhook had failed', () => {
    expect(failingHours()).toBe(75);
    expect(failingHours([3_600_000, 1_800_000])).toBe(1);
  });
});

describe('date-time fields', () => {
  it('round-trips a local date-time', () => {
    const at = new Date(2026, 10, 22, 9, 5, 42);
    expect(toDateTimeLocal(at)).toBe('2026-11-22T09:05');
    expect(fromDateTimeLocal('2026-11-22T09:05')).toBe(new Date(2026, 10, 22, 9, 5).toISOString());
  });

  it("takes a To field's whole minute", () => {
    expect(fromDateTimeLocal('2026-11-22T09:05', { end: true })).toBe(
      new Date(2026, 10, 22, 9, 5, 59, 999).toISOString(),
    );
  });

  it('refuses what is not a date-time', () => {
    expect(fromDateTimeLocal('')).toBeNull();
    expect(fromDateTimeLocal('2026-11-22')).toBeNull();
    expect(fromDateTimeLocal('2026-13-45T99:99')).toBeNull();
  });

  it('defaults to the last 24 hours', () => {
    const now = new Date(2026, 10, 22, 12, 0, 30);
    expect(lastDayRange(now)).toEqual({ from: '2026-11-21T12:00', to: '2026-11-22T12:00' });
  });
});
