/**
 * Who decides whether a tool call may run. `allow` and `deny` name tools by name or by
 * `category`; the built-in tools' categories are `read` (`read_file`, `list_files`, `glob`,
 * `grep`), `write` (`write_file`, `edit_file`, `move_file`, `delete_file`), `shell` (`bash`) and
 * `people` (`ask_user_question`); sub-agent tools (`defineAgentTool`) are `agent`, backend tools
 * from the catalog `backend` unless the server says otherwise, MCP tools `mcp:<server>`.
 *
 * @example
 * ```ts
 * // Let it edit files without asking; the shell (and any other tool that asks) still asks.
 * createAgent({ model, sandbox, tools: [bashTool(sandbox)], permissions: { allow: ['read', 'write'] } });
 * // Never the shell, never one MCP server's tools.
 * createAgent({ model, tools, permissions: { deny: ['shell', 'mcp:github'] } });
 * ```
 */
export interface PermissionPolicy {
  /**
   * `auto` (default): ask only for tools whose `needsApproval` says so. `ask`: ask for every
   * call. `read-only`: ask for every tool that is not `readOnly`.
   */
  mode?: 'ask' | 'auto' | 'read-only';
  /**
   * Tools that never ask (unless denied), by name or category: `['read', 'write']` lets the
   * agent read and change files without asking, whatever the mode; `bash` (category `shell`)
   * still asks, as it says so itself (`needsApproval`). A question (`ask_user_question`) is
   * always asked: allowing it only skips an approval.
   */
  allow?: readonly string[];
  /** Tools that are refused without asking, by name or category; the model is told so. The deny list wins over `allow`, "always" grants and a `beforeToolCall` hook's allow or answer. */
  deny?: readonly string[];
  /** When set, an approval nobody decided within this time is denied (never approved). */
  approvalExpiryMs?: number;
}
