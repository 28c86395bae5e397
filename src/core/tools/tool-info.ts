/** A tool as the UI may show it (no functions). */
export interface ToolInfo {
  name: string;
  description: string;
  /** The JSON Schema the model receives. */
  inputSchema: Record<string, unknown>;
  readOnly: boolean;
  category?: string;
  /** No `execute`: it runs in the host app or on a backend. */
  declaration: boolean;
  /** A sub-agent tool (`defineAgentTool`): the tools its child has (for showing the child's calls and approvals). */
  subAgent?: { tools: ToolInfo[] };
}
