/**
 * Reading time (engagement): the report statement that stores it is lib/features/engagement/report.ts; a view's page
 * count is ./document.ts.
 *
 * Slack a report may claim beyond the wall-clock time since the previous one (and, in total, since the view
 * started): the reader's clock starts before the view row is written and its batches do not leave on the exact second.
 */
export const ENGAGEMENT_SLACK_MS = 5_000;
