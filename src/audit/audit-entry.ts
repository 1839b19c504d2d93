/** One gateway call as the audit log keeps it; a plain type, so cards can render it without the store. */
export interface AuditEntry {
  at: Date;
  workspaceId: string;
  userId?: string;
  channelId?: string;
  command: string;
  operation: string;
  /** Already masked (maskedParams). */
  params: string;
  points: number;
  resultCode: string;
  latencyMs: number;
  requestId: string;
}
