import pg from 'pg'
import { isHeavy } from '../lib/statement-priority.ts'

/** Connections of one instance for everything but heavy reads: the ingest's lanes, requests, the workers. */
export const MAIN_CONNECTIONS = 10
/**
 * Connections of one instance for heavy reads (`runHeavy`: history, consumption, fleet, change log): however
 * many accounts read years at once, they share these two and leave the others to the ingest and light
 * requests (ADR 039 addendum 5).
 */
export const HEAVY_READ_CONNECTIONS = 2

type Query = pg.Pool['query']
type Connect = pg.Pool['connect']

/**
 * A PostgreSQL pool whose heavy reads run on a small pool of their own: statements inside `runHeavy` queue for
 * one of `HEAVY_READ_CONNECTIONS` connections instead of taking the ones the ingest writes with. Drizzle sees
 * one pool (a `pg.Pool`: transactions check out a client from it, by the same rule).
 */
export class PriorityPool extends pg.Pool {
  readonly heavy: pg.Pool

  constructor(config: pg.PoolConfig, heavyConnections = HEAVY_READ_CONNECTIONS) {
    super(config)
    this.heavy = new pg.Pool({ ...config, max: heavyConnections })
  }

  override query: Query = ((...args: Parameters<Query>) =>
    isHeavy()
      ? this.heavy.query(...args)
      : (pg.Pool.prototype.query as (...a: Parameters<Query>) => ReturnType<Query>).apply(
          this,
          args,
        )) as Query

  override connect: Connect = ((...args: Parameters<Connect>) =>
    isHeavy()
      ? this.heavy.connect(...args)
      : (pg.Pool.prototype.connect as (...a: Parameters<Connect>) => ReturnType<Connect>).apply(
          this,
          args,
        )) as Connect

  override async end(): Promise<void> {
    await Promise.all([(pg.Pool.prototype.end as () => Promise<void>).call(this), this.heavy.end()])
  }
}
