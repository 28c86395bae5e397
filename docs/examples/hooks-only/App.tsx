// A chat built from the hooks alone: no component of the kit, only its state and commands.
import { useState, type FormEvent } from 'react';
import { createAgent, defineTool, demoModel, type Message, type ToolCall } from 'react-agent-kit';
import { AgentProvider, useAgent, useApprovals, useQuestions, useToolCall, type PendingQuestion } from 'react-agent-kit/react';

const sendEmail = defineTool({
  name: 'send_email',
  description: 'Sends an email.',
  inputSchema: { type: 'object', properties: { to: { type: 'string' }, subject: { type: 'string' } }, required: ['to', 'subject'] },
  needsApproval: true,
  execute: async ({ to, subject }) => `Sent "${subject}" to ${to}.`,
});

// askUser: the model may ask questions (the ask_user_question tool), which Questions below shows.
const agent = createAgent({ model: demoModel(), tools: [sendEmail], askUser: true });

function ToolLine({ id }: { id: string }) {
  const call: ToolCall | undefined = useToolCall(id);
  if (!call) return null;
  return <li>{call.name}: {call.state}</li>;
}

function MessageView({ message }: { message: Message }) {
  return (
    <article data-role={message.role}>
      {message.parts.map((part) => {
        if (part.type === 'text') return <p key={part.id}>{part.text}</p>;
        if (part.type === 'tool-call') return <ToolLine key={part.toolCallId} id={part.toolCallId} />;
        if (part.type === 'notice') return <p key={part.id} role="status">{part.text}</p>;
        return null;
      })}
    </article>
  );
}

function Approvals() {
  const approvals = useApprovals();
  return approvals.map(({ call, reason, approve, deny }) => (
    <section key={call.id} aria-label={`Approve ${call.name}`}>
      <p>{call.name} wants to run: {reason}</p>
      <pre dir="ltr">{JSON.stringify(call.input, null, 2)}</pre>
      <button onClick={() => void approve()}>Approve</button>
      <button onClick={() => void deny({ reason: 'Not now' })}>Deny</button>
    </section>
  ));
}

/** One question call: a choice per question (several where allowed), answered together. */
function QuestionForm({ pending }: { pending: PendingQuestion }) {
  const [chosen, setChosen] = useState<string[][]>(() => pending.questions.map(() => []));
  const choose = (index: number, value: string, several: boolean) =>
    setChosen((previous) =>
      previous.map((values, at) => {
        if (at !== index) return values;
        if (!several) return [value];
        return values.includes(value) ? values.filter((other) => other !== value) : [...values, value];
      }),
    );
  const complete = pending.questions.every((question, index) => !question.required || (chosen[index]?.length ?? 0) > 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void pending.answer(chosen.map((values) => ({ values }))); // one answer per question, in order
  };
  return (
    <form aria-label="Questions" onSubmit={submit}>
      {pending.questions.map((question, index) => (
        <fieldset key={question.question}>
          <legend>{question.question}</legend>
          {question.options.map((option) => {
            const value = option.value ?? option.label;
            return (
              <label key={option.label}>
                <input
                  type={question.multiSelect ? 'checkbox' : 'radio'}
                  name={`${pending.call.id}-${index}`}
                  checked={chosen[index]?.includes(value) ?? false}
                  onChange={() => choose(index, value, question.multiSelect)}
                />
                {option.label}
              </label>
            );
          })}
        </fieldset>
      ))}
      <button type="submit" disabled={!complete}>Answer</button>
      <button type="button" onClick={() => void pending.cancel()}>Skip</button>
    </form>
  );
}

function Questions() {
  return useQuestions().map((pending) => <QuestionForm key={pending.call.id} pending={pending} />);
}

function Chat() {
  const { messages, isRunning, error, send, stop } = useAgent();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || isRunning) return;
    void send(text);
    setText('');
  };
  return (
    <main>
      {messages.map((message) => <MessageView key={message.id} message={message} />)}
      <Approvals />
      <Questions />
      {error && <p role="alert">{error.message}</p>}
      <form onSubmit={submit}>
        <input aria-label="Message" value={text} onChange={(event) => setText(event.target.value)} />
        {isRunning ? <button type="button" onClick={() => void stop()}>Stop</button> : <button type="submit">Send</button>}
      </form>
    </main>
  );
}

export default function App() {
  return (
    <AgentProvider agent={agent}>
      <Chat />
    </AgentProvider>
  );
}
