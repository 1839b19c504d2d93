import type { Redis } from 'ioredis';

/**
 * One atomic Lua script per request on a sorted set per (token, operation): the members are
 * sends, each scored with the instant it stops counting. Admitted sends are scored pessimistically
 * (`lease` past the window) until confirmed as answered, then one window after Redis's clock at the
 * confirmation. Redis's own TIME is the only clock, so replicas' clocks never need to agree. The
 * keys expire shortly after the last send and the script needs nothing else to exist, so an idle
 * minute (or a Redis restart) just starts from an empty window.
 */
/**
 * Sets a key's expiry to a second after its last member stops counting. A fixed expiry set on
 * each write would shorten the key's life below what other admitted sends need: a send confirmed
 * now (counting one window) would expire the key while a send admitted earlier and not yet
 * confirmed still counts for its lease, and the window would forget it.
 */
const KEEP_UNTIL_LAST = `
local function keepUntilLast(key, now)
  local last = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')
  if last[2] then
    redis.call('PEXPIRE', key, math.max(1, tonumber(last[2]) - now) + 1000)
  end
end
`;

const ADMIT = `
${KEEP_UNTIL_LAST}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit, window, lease, bgCap = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local member, background = ARGV[5], ARGV[6] == '1'
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local n = redis.call('ZCARD', KEYS[1])
if n >= limit then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, tonumber(first[2]) - now}
end
if background then
  if redis.call('ZCARD', KEYS[2]) >= bgCap then
    local first = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
    return {0, tonumber(first[2]) - now}
  end
  redis.call('ZADD', KEYS[2], now + window + lease, member)
  keepUntilLast(KEYS[2], now)
end
redis.call('ZADD', KEYS[1], now + window + lease, member)
keepUntilLast(KEYS[1], now)
return {1, 0}
`;

const CONFIRM = `
${KEEP_UNTIL_LAST}
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window, member = tonumber(ARGV[1]), ARGV[2]
for i = 1, #KEYS do
  if ARGV[3] == '1' or i == 1 then
    redis.call('ZADD', KEYS[i], now + window, member)
    keepUntilLast(KEYS[i], now)
  end
end
return now
`;

type Scripted = Redis & {
  qdAdmit(
    all: string,
    bg: string,
    limit: number,
    windowMs: number,
    leaseMs: number,
    bgCap: number,
    member: string,
    background: '0' | '1',
  ): Promise<[number, number]>;
  qdConfirm(
    all: string,
    bg: string,
    windowMs: number,
    member: string,
    b: '0' | '1',
  ): Promise<number>;
};

export interface SharedWindowOptions {
  redis: Redis;
  prefix: string;
  windowMs: number;
  /** How long an admitted send may take to leave before it stops counting anyway. */
  leaseMs: number;
}

export type SharedAdmission = { ok: true } | { ok: false; waitMs: number };

export class SharedWindow {
  private readonly redis: Scripted;

  constructor(private readonly o: SharedWindowOptions) {
    o.redis.defineCommand('qdAdmit', { numberOfKeys: 2, lua: ADMIT });
    o.redis.defineCommand('qdConfirm', { numberOfKeys: 2, lua: CONFIRM });
    this.redis = o.redis as Scripted;
  }

  private keys(key: string): [string, string] {
    // One hash tag, so both keys live on one slot of a Redis Cluster.
    const base = `${this.o.prefix}:rate:{${key}}`;
    return [`${base}:all`, `${base}:bg`];
  }

  async tryAdmit(
    key: string,
    member: string,
    limit: number,
    background: boolean,
    backgroundCap: number,
  ): Promise<SharedAdmission> {
    const [all, bg] = this.keys(key);
    const [ok, waitMs] = await this.redis.qdAdmit(
      all,
      bg,
      limit,
      this.o.windowMs,
      this.o.leaseMs,
      backgroundCap,
      member,
      background ? '1' : '0',
    );
    return ok === 1 ? { ok: true } : { ok: false, waitMs: Math.max(1, Number(waitMs)) };
  }

  async confirm(key: string, member: string, background: boolean): Promise<void> {
    const [all, bg] = this.keys(key);
    await this.redis.qdConfirm(all, bg, this.o.windowMs, member, background ? '1' : '0');
  }
}
