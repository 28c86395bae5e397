/** useChat with a plain list: each text part as it is, in a pre-wrapped block. */
import { startBench } from './harness';
import { chatVariant } from './use-chat-app';

startBench(chatVariant(({ text }) => <div className="bench-text">{text}</div>));
