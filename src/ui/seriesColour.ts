/** Ten series tell apart (the robot-log chart draws its top 10); the dashboard's four come first. */
const SERIES_COLOURS = ['#22c55e', '#f59e0b', '#3b82f6', '#ef4444', '#8b5cf6', '#14b8a6', '#ec4899', '#64748b', '#a16207', '#0ea5e9'];

/** The colour of a chart's series, by its place in the legend. */
export const seriesColour = (index: number) => SERIES_COLOURS[index % SERIES_COLOURS.length]!;
