import { spendCommand, spendPeriod } from '../spend/index.js';
import { workflowStep } from './step.js';

/** `points_spent`: the workspace's net points for `/spend`'s periods, and today's budget. */
export const pointsSpent = workflowStep({
  callbackId: 'points_spent',
  title: 'Points spent',
  description:
    "This workspace's gateway points, net of refunds, and what is left of today's budget.",
  inputs: {
    period: {
      type: 'string',
      title: 'Period',
      description: 'today, 7d or 30d (default today).',
    },
  },
  outputs: {
    points: {
      type: 'integer',
      title: 'Points',
      description: 'Points spent in the period, net of refunds.',
    },
    budget_points: {
      type: 'integer',
      title: 'Daily budget',
      description: "Today's budget in points; 0 when there is none.",
    },
    budget_left: {
      type: 'integer',
      title: 'Budget left',
      description:
        "Today's budget minus today's net points, never below 0; -1 when there is no budget.",
    },
  },
  schema: () => spendCommand.schema,
  async run(deps, args, { who }) {
    const now = deps.clock();
    const timeZone = deps.config.spendSummary.timeZone;
    const period = spendPeriod(args.period, now, timeZone);
    const workspaceId = who.teamId;
    const [report, spentToday, budget] = await Promise.all([
      deps.ledger.spend({ workspaceId, from: period.from, to: period.to, timeZone }),
      deps.ledger.spentOnDay({ workspaceId, day: now, timeZone }),
      deps.dailyBudget(workspaceId),
    ]);
    return {
      kind: 'done',
      outputs: {
        points: report.net,
        budget_points: budget ?? 0,
        budget_left: budget === undefined ? -1 : Math.max(0, budget - spentToday),
      },
    };
  },
});
