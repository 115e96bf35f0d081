import { describe, expect, it } from 'vitest';
import { bubbleOfInput } from './bubble';

const input = {
  category: 'UTILITY',
  type: 'IMAGE',
  language: 'en',
  name: 'x',
  text: 'Hi {{name}}, order {{2}} is ready',
  sample_text: '',
  message_action_type: 'CAT',
  call_to_action: [
    { type: 'URL', buttonTitle: 'Track', buttonValue: 'https://x.example/{{1}}' },
    { type: 'Phone Number', buttonTitle: 'Call', buttonValue: '9876543210', extension: '91' },
  ],
  quick_replies: ['left over'],
  headerText: 'not shown for an image',
  templateParams: ['Asha', ''],
  sampleMediaUrl: 'https://cdn.example/a.png',
};

describe('bubbleOfInput', () => {
  it('shows the samples typed so far, {{n}} for the rest, and the buttons of the chosen action type', () => {
    expect(bubbleOfInput(input)).toEqual({
      type: 'IMAGE',
      headerText: '',
      mediaUrl: 'https://cdn.example/a.png',
      body: 'Hi Asha, order {{2}} is ready',
      footer: '',
      buttons: [
        { kind: 'url', title: 'Track' },
        { kind: 'phone', title: 'Call' },
      ],
    });
  });
});
