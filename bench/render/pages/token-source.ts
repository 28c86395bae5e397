/**
 * The "network": a stream of text tokens that every variant reads through its own library's
 * path (the kit through a language model, useChat through a ChatTransport, assistant-ui through
 * a ChatModelAdapter). Paced like a server that sends one token every `paceMs`: on each timer,
 * every token that is due is enqueued, so a busy main thread receives what queued meanwhile, as
 * it would from a socket. `paceMs` 0 is a burst: the whole reply is there at once.
 */
export function tokenSource(tokens: readonly string[], paceMs: number): ReadableStream<string> {
  return new ReadableStream<string>({
    start(controller) {
      if (paceMs <= 0) {
        for (const token of tokens) controller.enqueue(token);
        controller.close();
        return;
      }
      const startedAt = performance.now();
      let sent = 0;
      const tick = () => {
        const due = Math.min(tokens.length, Math.floor((performance.now() - startedAt) / paceMs) + 1);
        while (sent < due) controller.enqueue(tokens[sent++]!);
        if (sent < tokens.length) setTimeout(tick, paceMs);
        else controller.close();
      };
      setTimeout(tick, paceMs);
    },
  });
}
