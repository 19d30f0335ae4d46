// The analytics area: an event's and a sponsor's figures. Other areas record their metrics through it.
export { analyticsRoutes } from './routes.ts';
export { announceEventAnalytics, announceSponsorAnalytics, recordEventMetric } from './record.ts';
