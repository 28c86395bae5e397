/**
 * useChat with streamdown, as AI Elements renders a reply (`MessageResponse` is a memoized
 * `Streamdown` that re-renders only when its text changes).
 */
import { memo } from 'react';
import { Streamdown } from 'streamdown';
import 'streamdown/styles.css';
import { startBench } from './harness';
import { chatVariant } from './use-chat-app';

const Response = memo(
  ({ text }: { text: string; streaming: boolean }) => <Streamdown>{text}</Streamdown>,
  (previous, next) => previous.text === next.text,
);

startBench(chatVariant(Response));
