/**
 * The "look up a customer" demo: a tool that runs on a backend (in the playground, through the
 * kit's server bridge). The demo asks for the email address the user named, or Ada's.
 */

/**
 * The lookup's arguments: the first email address in the request, or `ada@example.com`.
 *
 * @example
 * ```ts
 * demoCustomerInput('Who is the customer grace@example.com?'); // { email: 'grace@example.com' }
 * ```
 */
export function demoCustomerInput(userText: string): { email: string } {
  return { email: /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(userText)?.[0] ?? 'ada@example.com' };
}

/** The sentence before the call: it says where the tool runs, which is the point of the demo. */
export function customerLead(toolName: string, input: Record<string, unknown>): string {
  return `I will look up ${typeof input.email === 'string' ? input.email : 'the customer'} with \`${toolName}\`. That tool runs on your server, not in the browser: the call goes through the kit's tool bridge.`;
}
