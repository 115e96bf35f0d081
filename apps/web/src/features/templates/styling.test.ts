import { describe, expect, it } from 'vitest';
import { parseStyled } from './styling';

describe('parseStyled', () => {
  it('reads bold, italic and strikethrough', () => {
    expect(parseStyled('Hi *there* _you_ ~old~')).toEqual([
      'Hi ',
      { style: 'bold', children: ['there'] },
      ' ',
      { style: 'italic', children: ['you'] },
      ' ',
      { style: 'strike', children: ['old'] },
    ]);
  });

  it('nests styles', () => {
    expect(parseStyled('*bold _and italic_*')).toEqual([
      { style: 'bold', children: ['bold ', { style: 'italic', children: ['and italic'] }] },
    ]);
  });

  it('leaves marks inside words, with inner spaces or across lines as they are', () => {
    expect(parseStyled('order_id_value')).toEqual(['order_id_value']);
    expect(parseStyled('2 * 3 * 4')).toEqual(['2 * 3 * 4']);
    expect(parseStyled('*start\nend*')).toEqual(['*start\nend*']);
    expect(parseStyled('**')).toEqual(['**']);
  });

  it('keeps markup-looking text as plain text', () => {
    expect(parseStyled('<b>hi</b> *{{1}}*')).toEqual(['<b>hi</b> ', { style: 'bold', children: ['{{1}}'] }]);
  });
});
