/** The built-in plan tool's name (`createAgent({ todos: true })`). */
export const todoWriteToolName = 'todo_write';

/** How much a plan may hold: it is sent to the model every step, so it stays short. */
export const todoLimits = { maxItems: 50, maxTextLength: 500, maxIdLength: 100 } as const;
