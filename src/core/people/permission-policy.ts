/** Who decides whether a tool call may run. */
export interface PermissionPolicy {
  /**
   * `auto` (default): ask only for tools whose `needsApproval` says so. `ask`: ask for every
   * call. `read-only`: ask for every tool that is not `readOnly`.
   */
  mode?: 'ask' | 'auto' | 'read-only';
  /** Tools that never ask (unless denied). */
  allow?: readonly string[];
  /** Tools that are refused without asking; the model is told so. */
  deny?: readonly string[];
  /** When set, an approval nobody decided within this time is denied (never approved). */
  approvalExpiryMs?: number;
}
