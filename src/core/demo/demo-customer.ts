/**
 * The backend demos: tools that run on a server (in the playground, through the kit's tool
 * bridge): a customer lookup and a customer's orders by the email address the user named (or
 * Ada's), and a sum by an MCP server.
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
  const customer = typeof input.email === 'string' ? input.email : 'the customer';
  const what = toolName.includes('order') ? `the orders of ${customer}` : customer;
  return `I will look up ${what} with \`${toolName}\`. That tool runs on your server, not in the browser: the call goes through the kit's tool bridge.`;
}

/**
 * The sum's arguments: the first two numbers in the request, or 2 and 40.
 *
 * @example
 * ```ts
 * demoSumInput('What is the sum of 17 and 25?'); // { a: 17, b: 25 }
 * ```
 */
export function demoSumInput(userText: string): { a: number; b: number } {
  const [a = 2, b = 40] = (userText.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  return { a, b };
}
