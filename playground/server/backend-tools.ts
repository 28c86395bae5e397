/**
 * The playground server's own tools: they run in Node, next to data the browser never sees in
 * full (a customer table), which is what backend tools are for.
 */
import { defineTool } from '../../src/core/index';

interface Customer {
  id: string;
  name: string;
  email: string;
  plan: 'free' | 'pro' | 'enterprise';
  since: string;
  openTickets: number;
}

const customers: readonly Customer[] = [
  { id: 'cus_001', name: 'Ada Lovelace', email: 'ada@example.com', plan: 'enterprise', since: '2021-03-14', openTickets: 1 },
  { id: 'cus_002', name: 'Grace Hopper', email: 'grace@example.com', plan: 'pro', since: '2022-09-09', openTickets: 0 },
  { id: 'cus_003', name: 'Alan Turing', email: 'alan@example.com', plan: 'free', since: '2024-06-23', openTickets: 3 },
];

/** Looks a customer up by email in an in-memory table (a stand-in for your database). */
export const lookupCustomer = defineTool({
  name: 'lookup_customer',
  description: 'Finds a customer of the shop by email address: name, plan, customer since, open support tickets.',
  inputSchema: {
    type: 'object',
    properties: { email: { type: 'string', description: 'The customer email address, e.g. "ada@example.com"' } },
    required: ['email'],
    additionalProperties: false,
  },
  readOnly: true,
  idempotent: true,
  category: 'crm',
  timeoutMs: 5_000,
  execute: async ({ email }, { signal }) => {
    // A database takes a moment; the call stops waiting if the browser goes away.
    await new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, 300);
      signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
    });
    const customer = customers.find((candidate) => candidate.email === email.trim().toLowerCase());
    if (!customer) throw new Error(`No customer has the email ${email}. Known customers: ${customers.map((candidate) => candidate.email).join(', ')}.`);
    return customer;
  },
});

const orders: Readonly<Record<string, ReadonlyArray<{ id: string; item: string; cents: number; status: 'delivered' | 'shipped' | 'processing' }>>> = {
  cus_001: [
    { id: 'ord_1001', item: 'Analytical Engine, punched cards (box of 500)', cents: 4_900, status: 'delivered' },
    { id: 'ord_1007', item: 'Brass gear set', cents: 12_500, status: 'shipped' },
  ],
  cus_002: [{ id: 'ord_1002', item: 'COBOL reference, 2nd edition', cents: 3_900, status: 'delivered' }],
  cus_003: [],
};

/**
 * A customer's orders, gathered from two "systems" one after the other: it streams its progress
 * (each yielded value before the last), which the browser shows while the call runs.
 */
export const listOrders = defineTool({
  name: 'list_orders',
  description: "Lists a customer's orders (item, price, status) by the customer email address.",
  inputSchema: lookupCustomer.inputSchema,
  readOnly: true,
  idempotent: true,
  category: 'crm',
  timeoutMs: 10_000,
  async *execute({ email }, { signal }) {
    const wait = (ms: number) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(resolve, ms);
        signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
      });
    yield { status: 'Finding the customer…' };
    await wait(300);
    const customer = customers.find((candidate) => candidate.email === email.trim().toLowerCase());
    if (!customer) throw new Error(`No customer has the email ${email}.`);
    yield { status: `Reading the orders of ${customer.name}…` };
    await wait(400);
    yield { customer: customer.name, orders: orders[customer.id] ?? [] };
  },
});

/** The playground server's tools. */
export const backendTools = [lookupCustomer, listOrders];
