/** Thrown by `createAgent` for a tool list it cannot use: bad or duplicate names, missing fields. */
export class InvalidToolError extends TypeError {
  override readonly name = 'InvalidToolError';
}
