import { afterEach, describe, expect, it } from 'vitest';
import { startFakeGraph } from '../meta/fake-graph.js';
import { createGatewaySms } from './gateway.js';

/** The HTTP SMS gateway client: one JSON POST with the bearer token; anything but 2xx throws. */
let close: () => Promise<void> = async () => {};
afterEach(() => close());

describe('the SMS gateway', () => {
  it('posts the number with its plus, the text and the sender', async () => {
    const fake = await startFakeGraph(() => ({ status: 202, json: { id: 'sms-1' } }));
    close = fake.close;
    const sms = createGatewaySms({ url: `${fake.graphUrl}/sms`, token: 'k', sender: 'ACME' });
    await sms.send({ to: '919876512345', text: '1234 is your code' });
    expect(fake.seen[0]).toMatchObject({ method: 'POST', authorization: 'Bearer k', contentType: 'application/json' });
    expect(JSON.parse(fake.seen[0]!.body)).toEqual({ to: '+919876512345', text: '1234 is your code', sender: 'ACME' });
  });

  it('throws when the gateway refuses: a 5xx is the relay down, a 4xx the relay refusing us', async () => {
    const fake = await startFakeGraph((req) => ({ status: req.authorization ? 403 : 500, json: {} }));
    close = fake.close;
    await expect(createGatewaySms({ url: fake.graphUrl }).send({ to: '1', text: 'x' })).rejects.toMatchObject({
      failure: 'unavailable',
      code: '500',
    });
    await expect(
      createGatewaySms({ url: fake.graphUrl, token: 'k' }).send({ to: '1', text: 'x' }),
    ).rejects.toMatchObject({
      failure: 'refused',
      code: '403',
    });
  });
});
