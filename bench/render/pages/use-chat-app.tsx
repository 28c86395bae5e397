/**
 * The two useChat variants share this: AI SDK's `useChat` over a `Chat` whose `ChatTransport`
 * streams the shared token source as UI message chunks (what `DefaultChatTransport` reads from a
 * server), the earlier messages as the chat's initial messages, and a list of messages whose
 * text parts render with the given component, scrolled to the bottom after each render. Defaults
 * as an app gets them (no throttle).
 */
import { Chat, useChat } from '@ai-sdk/react';
import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';
import { useLayoutEffect, useRef, type ComponentType } from 'react';
import './page.css';
import type { SeedMessage } from './content';
import { renderInto, type Variant } from './harness';

/** How a variant renders a message's text. */
export type TextComponent = ComponentType<{ text: string; streaming: boolean }>;

let nextReply: (() => ReadableStream<string>) | undefined;

const transport: ChatTransport<UIMessage> = {
  sendMessages: async () => {
    const reply = nextReply?.();
    if (reply === undefined) throw new Error('No reply is set.');
    const id = 'text-0';
    return reply.pipeThrough(
      new TransformStream<string, UIMessageChunk>({
        start(controller) {
          controller.enqueue({ type: 'start' });
          controller.enqueue({ type: 'start-step' });
          controller.enqueue({ type: 'text-start', id });
        },
        transform(delta, controller) {
          controller.enqueue({ type: 'text-delta', id, delta });
        },
        flush(controller) {
          controller.enqueue({ type: 'text-end', id });
          controller.enqueue({ type: 'finish-step' });
          controller.enqueue({ type: 'finish' });
        },
      }),
    );
  },
  reconnectToStream: async () => null,
};

function ChatApp({ chat, Text }: { chat: Chat<UIMessage>; Text: TextComponent }) {
  const { messages, status } = useChat({ chat });
  const thread = useRef<HTMLDivElement>(null);
  // Follow the reply, as the simplest chat does: to the bottom after each render.
  useLayoutEffect(() => {
    if (thread.current) thread.current.scrollTop = thread.current.scrollHeight;
  }, [messages]);
  return (
    <main className="bench-chat">
      <div ref={thread} className="bench-thread" data-bench-thread="" role="log">
        {messages.map((message, index) => (
          <div key={message.id} className={`bench-message bench-${message.role}`}>
            {message.parts.map((part, partIndex) =>
              part.type === 'text' ? <Text key={partIndex} text={part.text} streaming={status === 'streaming' && index === messages.length - 1} /> : null,
            )}
          </div>
        ))}
      </div>
      <form className="bench-composer" onSubmit={(event) => event.preventDefault()}>
        <textarea aria-label="Message" />
        <button type="submit">Send</button>
      </form>
    </main>
  );
}

/** A variant: `useChat` with `Text` for each text part. */
export function chatVariant(Text: TextComponent): Variant {
  let chat: Chat<UIMessage> | undefined;
  return {
    threadSelector: '[data-bench-thread]',
    async mount(container, seed: readonly SeedMessage[]) {
      chat = new Chat<UIMessage>({ transport, messages: seed.map((message) => ({ id: message.id, role: message.role, parts: [{ type: 'text', text: message.text, state: 'done' }] })) });
      await renderInto(container, <ChatApp chat={chat} Text={Text} />);
    },
    async send(text, reply) {
      nextReply = reply;
      await chat!.sendMessage({ text });
      if (chat!.error) throw chat!.error;
    },
  };
}
