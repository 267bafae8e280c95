// The home's dashboard (the last 24 hours in figures), fetched by routes.tsx after the welcome card shows.
export { HomeSummary as default } from '@smsc/resource-report/home';
