/**
 * A piece of the app's start (main.tsx): Emotion, the styling runtime MUI draws with (its style
 * sheet, serializer and the `styled` factory), set up in a task of its own.
 */
export { ThemeContext } from '@emotion/react';
export { default as emotionStyled } from '@emotion/styled';
