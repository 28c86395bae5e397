/** A tool as the UI may show it (no functions). */
export interface ToolInfo {
  name: string;
  description: string;
  /** The JSON Schema the model receives. */
  inputSchema: Record<string, unknown>;
  readOnly: boolean;
  /** Its group (`read`, `write`, `shell`, `people`, `backend`, `mcp:<server>`, or the app's own), as `permissions.allow` / `deny` match it. */
  category?: string;
  /** No `execute`: it runs in the host app or on a backend. */
  declaration: boolean;
}
