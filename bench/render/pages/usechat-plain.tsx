/** useChat with a plain list: each text part as it is, in a pre-wrapped block. */
import { startBench } from './harness';
import { useChatVariant } from './use-chat-app';

startBench(useChatVariant(({ text }) => <div className="bench-text">{text}</div>));
