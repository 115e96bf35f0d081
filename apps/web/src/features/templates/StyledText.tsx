import { Fragment } from 'react';
import { parseStyled, type StyledNode } from './styling';

const tags = { bold: 'strong', italic: 'em', strike: 's' } as const;

const render = (nodes: StyledNode[]) =>
  nodes.map((node, i) => {
    if (typeof node === 'string') return <Fragment key={i}>{node}</Fragment>;
    const Tag = tags[node.style];
    return <Tag key={i}>{render(node.children)}</Tag>;
  });

/** A body with WhatsApp's styling as elements (never as HTML). */
export const StyledText = ({ text }: { text: string }) => <>{render(parseStyled(text))}</>;
