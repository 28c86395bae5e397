/**
 * assistant-ui: its primitives (thread, viewport, messages, composer) over `useLocalRuntime`,
 * whose `ChatModelAdapter` reads the shared token source and yields the text so far per token
 * (the adapter pattern of its docs); assistant text through `@assistant-ui/react-markdown`'s
 * `MarkdownTextPrimitive` with its defaults.
 */
import { AssistantRuntimeProvider, ComposerPrimitive, MessagePrimitive, ThreadPrimitive, useLocalRuntime, type AssistantRuntime, type ChatModelAdapter, type ThreadMessageLike } from '@assistant-ui/react';
import { MarkdownTextPrimitive } from '@assistant-ui/react-markdown';
import { useEffect } from 'react';
import './page.css';
import type { SeedMessage } from './content';
import { renderInto, startBench } from './harness';

let nextReply: (() => ReadableStream<string>) | undefined;

const adapter: ChatModelAdapter = {
  async *run() {
    const reply = nextReply?.();
    if (reply === undefined) throw new Error('No reply is set.');
    const reader = reply.getReader();
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += value;
      yield { content: [{ type: 'text', text }] };
    }
  },
};

const UserMessage = () => (
  <MessagePrimitive.Root className="bench-message bench-user">
    <MessagePrimitive.Parts />
  </MessagePrimitive.Root>
);

const MarkdownText = () => <MarkdownTextPrimitive />;

const AssistantMessage = () => (
  <MessagePrimitive.Root className="bench-message bench-assistant">
    <MessagePrimitive.Parts components={{ Text: MarkdownText }} />
  </MessagePrimitive.Root>
);

function App({ initialMessages, onRuntime }: { initialMessages: readonly ThreadMessageLike[]; onRuntime: (runtime: AssistantRuntime) => void }) {
  const runtime = useLocalRuntime(adapter, { initialMessages });
  useEffect(() => onRuntime(runtime), [runtime, onRuntime]);
  return (
    <AssistantRuntimeProvider runtime={runtime}>
      <ThreadPrimitive.Root className="bench-chat">
        <ThreadPrimitive.Viewport className="bench-thread" data-bench-thread="">
          <ThreadPrimitive.Messages components={{ UserMessage, AssistantMessage }} />
        </ThreadPrimitive.Viewport>
        <ComposerPrimitive.Root className="bench-composer">
          <ComposerPrimitive.Input aria-label="Message" />
          <ComposerPrimitive.Send>Send</ComposerPrimitive.Send>
        </ComposerPrimitive.Root>
      </ThreadPrimitive.Root>
    </AssistantRuntimeProvider>
  );
}

let runtime: AssistantRuntime | undefined;
const keepRuntime = (value: AssistantRuntime) => void (runtime = value);

function toThreadMessage(seed: SeedMessage, index: number): ThreadMessageLike {
  return { id: seed.id, role: seed.role, content: [{ type: 'text', text: seed.text }], createdAt: new Date(1_700_000_000_000 + index * 1000) };
}

/** Resolves once the thread has started running and stopped again. */
function runEnded(thread: AssistantRuntime['thread']): Promise<void> {
  return new Promise((resolve) => {
    let started = thread.getState().isRunning;
    const unsubscribe = thread.subscribe(() => {
      const running = thread.getState().isRunning;
      if (running) started = true;
      else if (started) {
        unsubscribe();
        resolve();
      }
    });
  });
}

startBench({
  threadSelector: '[data-bench-thread]',
  async mount(container, seed) {
    await renderInto(container, <App initialMessages={seed.map(toThreadMessage)} onRuntime={keepRuntime} />);
  },
  async send(text, reply) {
    nextReply = reply;
    const thread = runtime!.thread;
    const ended = runEnded(thread);
    thread.append({ role: 'user', content: [{ type: 'text', text }] });
    await ended;
  },
});
