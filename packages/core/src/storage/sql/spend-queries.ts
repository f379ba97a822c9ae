import { learnerKey } from '../learner-key';
import { assertCost } from '../memory/spend-ledger';
import type { SpendLedger } from '../storage-adapter';
import type { SqlQueryable } from './sql-executor';
import { toNumber } from './values';

/**
 * The daily spend totals in `recall_daily_spend`: one row per day for everyone
 * (`scope = 'global'`) and one per learner and day (`scope = 'learner'`), added to in one
 * statement so the two never disagree, and shared by every node on the database.
 */
export function createSqlSpendLedger(open: () => SqlQueryable): SpendLedger {
  return {
    async addSpend({ day, userId, costUsd }) {
      const key = learnerKey(userId);
      assertCost(costUsd);
      await open().query(
        `insert into recall_daily_spend (day, scope, learner_key, cost_usd)
         values ($1, 'learner', $2, $3), ($1, 'global', '', $3)
         on conflict (day, scope, learner_key)
         do update set cost_usd = recall_daily_spend.cost_usd + excluded.cost_usd`,
        [day, key, costUsd],
        'recall_add_spend',
      );
    },
    async getSpend({ day, userId }) {
      const key = learnerKey(userId);
      const rows = await open().query<{ scope: string; cost_usd: number | string }>(
        `select scope, cost_usd from recall_daily_spend
         where day = $1 and ((scope = 'learner' and learner_key = $2)
           or (scope = 'global' and learner_key = ''))`,
        [day, key],
        'recall_get_spend',
      );
      const total = (scope: string) => {
        const row = rows.find((candidate) => candidate.scope === scope);
        return row === undefined ? 0 : toNumber(row.cost_usd);
      };
      return { learnerUsd: total('learner'), globalUsd: total('global') };
    },
  };
}
