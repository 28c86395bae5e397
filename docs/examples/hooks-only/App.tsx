// A chat built from the hooks alone: no component of the kit, only its state and commands.
import { useState, type FormEvent } from 'react';
import { createAgent, defineTool, demoModel, type Message, type ToolCall } from 'react-agent-kit';
import { AgentProvider, useAgent, useApprovals, useQuestions, useToolCall } from 'react-agent-kit/react';

const sendEmail = defineTool({
  name: 'send_email',
  description: 'Sends an email.',
  inputSchema: { type: 'object', properties: { to: { type: 'string' }, subject: { type: 'string' } }, required: ['to', 'subject'] },
  needsApproval: true,
  execute: async ({ to, subject }) => `Sent "${subject}" to ${to}.`,
});

const agent = createAgent({ model: demoModel(), tools: [sendEmail] });

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

function Questions() {
  const questions = useQuestions();
  return questions.map((pending) => (
    <section key={pending.call.id} aria-label="Questions">
      {pending.questions.map((question) => (
        <fieldset key={question.question}>
          <legend>{question.question}</legend>
          {question.options.map((option) => (
            <button key={option.label} onClick={() => void pending.answer([{ values: [option.value ?? option.label] }])}>
              {option.label}
            </button>
          ))}
        </fieldset>
      ))}
    </section>
  ));
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
