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
  /**
   * `unconfirmed`: the call left but no answer came, so whether (and what) it was charged is
   * unknown; `settled`: a later answer fixed it at `points`. Absent for an answered call.
   */
  charge?: 'unconfirmed' | 'settled';
  /** Who approved the work that made the call (the asker is `userId`); absent: no approval. */
  approvedBy?: string;
}
