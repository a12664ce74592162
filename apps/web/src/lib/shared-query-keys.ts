/**
 * Query keys of data that more than one feature reads or changes. Every other key belongs to its
 * feature's api files; a feature never spells another feature's key, it meets it here, so a
 * change made in one refreshes what the other shows.
 */
export const sharedQueryKeys = {
  /**
   * Tasks: the tasks screens' and the bell's, and the budget plannings' (a planning is a task,
   * ADR 6). A planning accepted on its screen leaves the bell at once.
   */
  tasks: ['tasks'],
  /** The future flow's months, and the budget's offer to copy a month (ideal items change both). */
  futureFlow: ['future-flow'],
  /** The organization's category tree, read by the cash register and the budget: one cache. */
  categories: ['categories'],
  descriptions: ['descriptions'],
  /** The client's home page: reminders, bills and balances changed elsewhere show on it. */
  clientHome: ['client-home'],
  /** The bell's notifications: read again when the live stream says they changed. */
  notifications: ['notifications'],
  chat: ['chat'],
  /** The organization's plans: Financeiro changes them; prospects' invitations and the team's filter offer them. */
  plans: ['payment-plans'],
  plannerChat: ['planner-chat'],
} as const;
