// Threads: a reply (thread_ts other than its own ts) is drawn under its parent, in order.

const byTs = (a, b) => a.ts.localeCompare(b.ts, 'en', { numeric: true });

/**
 * The conversation's messages as top-level rows, each with its replies. A reply whose parent the
 * page does not have (an ephemeral sent to someone else, say) stays a row of its own.
 */
export function threadGroups(messages) {
  const sorted = [...messages].sort(byTs);
  const tops = new Map();
  for (const m of sorted) if (!m.threadTs) tops.set(m.ts, { message: m, replies: [] });
  const rows = [...tops.values()];
  for (const m of sorted) {
    if (!m.threadTs) continue;
    const parent = tops.get(m.threadTs);
    if (parent) parent.replies.push(m);
    else rows.push({ message: m, replies: [] });
  }
  return rows.sort((a, b) => byTs(a.message, b.message));
}
