/**
 * WhatsApp's text styling in a template body (doc 2 section 2.3): *bold*, _italic_, ~strikethrough~,
 * nestable, each within one line. Parsed into a tree that the bubble renders as React elements, so
 * nothing typed is ever read as HTML.
 */

export type TextStyle = 'bold' | 'italic' | 'strike';
export type StyledNode = string | { style: TextStyle; children: StyledNode[] };

const markers: Record<string, TextStyle> = { '*': 'bold', _: 'italic', '~': 'strike' };
const wordChar = /[\p{L}\p{N}]/u;
const space = /\s/;

/** Where the span opened at `open` closes, or -1: no space just inside the marks, none glued to a word outside. */
const closing = (text: string, open: number, marker: string): number => {
  const next = text[open + 1];
  const before = text[open - 1];
  if (next === undefined || space.test(next) || next === marker) return -1;
  if (before !== undefined && wordChar.test(before)) return -1;
  for (let j = open + 2; j < text.length; j++) {
    const c = text[j]!;
    if (c === '\n') return -1;
    if (c !== marker || space.test(text[j - 1]!)) continue;
    const after = text[j + 1];
    if (after === undefined || !wordChar.test(after)) return j;
  }
  return -1;
};

export const parseStyled = (text: string): StyledNode[] => {
  const nodes: StyledNode[] = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    const style = markers[ch];
    const close = style ? closing(text, i, ch) : -1;
    if (style && close > 0) {
      if (plain) nodes.push(plain);
      plain = '';
      nodes.push({ style, children: parseStyled(text.slice(i + 1, close)) });
      i = close + 1;
    } else {
      plain += ch;
      i += 1;
    }
  }
  if (plain) nodes.push(plain);
  return nodes;
};
